//===- GpuRuntime.cpp - CUDA host runtime over a dlopened driver ----------===//
//
// Implements include/rmean/Runtime/GpuRuntime.h on the CUDA driver API. The
// driver is dlopened rather than linked, and its types are declared here
// rather than taken from cuda.h, so that the library builds and links on
// machines without the CUDA toolkit, a driver or a GPU, and a program using
// it can start there and say why it cannot run.
//
// Generated code calls mgpuModuleLoad from a global constructor and
// mgpuModuleUnload from a global destructor, possibly in another translation
// unit of the same executable: all global state here is constant-initialised
// and trivially destructible, so that it is valid before this file's dynamic
// initialisers and after its destructors would have run.
//
//===----------------------------------------------------------------------===//

#include "rmean/Runtime/GpuRuntime.h"

#include <atomic>
#include <climits>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>

#include <dlfcn.h>

namespace {

//===----------------------------------------------------------------------===//
// The slice of the driver API that is used, declared to match cuda.h.
//===----------------------------------------------------------------------===//

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;

constexpr CUresult kCudaSuccess = 0;
constexpr CUresult kCudaErrorDeinitialized = 4;

constexpr int kJitErrorLogBuffer = 5;
constexpr int kJitErrorLogBufferSizeBytes = 6;
constexpr int kJitOptimizationLevel = 7;
constexpr int kFuncAttributeMaxDynamicSharedSizeBytes = 8;
constexpr int kDeviceAttributeMemoryClockRate = 36;      // kHz
constexpr int kDeviceAttributeGlobalMemoryBusWidth = 37; // bits
constexpr int kDeviceAttributeMaxSharedMemoryPerBlockOptin = 97;
constexpr unsigned kStreamNonBlocking = 1;
constexpr unsigned kEventDefault = 0;
constexpr unsigned kEventDisableTiming = 2;
constexpr unsigned kMemAttachGlobal = 1;

// Kernels get this much dynamic shared memory without opting in.
constexpr int32_t kDefaultMaxDynamicSharedBytes = 48 * 1024;

constexpr int kExitStatus = 70; // EX_SOFTWARE

struct DriverApi {
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxGetCurrent)(CUcontext *);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*cuMemHostRegister)(void *, size_t, unsigned);
  CUresult (*cuMemHostUnregister)(void *);
};

//===----------------------------------------------------------------------===//
// Global state. See the file comment for why it is all POD.
//===----------------------------------------------------------------------===//

// Beyond any machine rmean targets; bounds the per-device tables.
constexpr int kMaxDevices = 64;

struct ProbeState {
  DriverApi api;
  bool usable; // Driver loaded, cuInit succeeded, at least one device.
  int deviceCount;
  char reason[640];       // For rmeanGpuUnavailableReason.
  char fatalMessage[704]; // What a call that needs the GPU reports.
};

ProbeState gProbe;
std::once_flag gProbeOnce;

struct DeviceState {
  CUdevice device;
  CUcontext context;
};
DeviceState gDevices[kMaxDevices];
std::once_flag gDeviceOnce[kMaxDevices];

std::atomic<int> gDefaultDevice{0};

std::mutex gFatalMutex;

//===----------------------------------------------------------------------===//
// Errors.
//===----------------------------------------------------------------------===//

[[noreturn]] __attribute__((format(printf, 1, 2))) void
fatal(const char *format, ...) {
  char message[12288];
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, sizeof(message), format, args);
  va_end(args);
  // Never unlocked: a second thread that fails meanwhile waits here until the
  // process is gone, so that exactly one message is printed.
  gFatalMutex.lock();
  // _Exit discards stdio buffers; keep what the program printed so far.
  std::fflush(nullptr);
  std::fprintf(stderr, "rmean GPU runtime: %s\n", message);
  std::fflush(stderr);
  // Not exit(): static destructors (ours or the program's) could call back
  // into a driver that has just failed.
  std::_Exit(kExitStatus);
}

// For when cuGetErrorName is missing or fails, as in the toolkit's stub
// libcuda, whose every entry point fails with CUDA_ERROR_STUB_LIBRARY.
const char *fallbackErrorName(CUresult result) {
  switch (result) {
  case 1:
    return "CUDA_ERROR_INVALID_VALUE";
  case 2:
    return "CUDA_ERROR_OUT_OF_MEMORY";
  case 3:
    return "CUDA_ERROR_NOT_INITIALIZED";
  case 4:
    return "CUDA_ERROR_DEINITIALIZED";
  case 34:
    return "CUDA_ERROR_STUB_LIBRARY";
  case 35:
    return "CUDA_ERROR_INSUFFICIENT_DRIVER";
  case 46:
    return "CUDA_ERROR_DEVICE_UNAVAILABLE";
  case 100:
    return "CUDA_ERROR_NO_DEVICE";
  case 101:
    return "CUDA_ERROR_INVALID_DEVICE";
  case 209:
    return "CUDA_ERROR_NO_BINARY_FOR_GPU";
  case 218:
    return "CUDA_ERROR_INVALID_PTX";
  case 222:
    return "CUDA_ERROR_UNSUPPORTED_PTX_VERSION";
  case 400:
    return "CUDA_ERROR_INVALID_HANDLE";
  case 500:
    return "CUDA_ERROR_NOT_FOUND";
  case 700:
    return "CUDA_ERROR_ILLEGAL_ADDRESS";
  case 701:
    return "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES";
  case 719:
    return "CUDA_ERROR_LAUNCH_FAILED";
  case 803:
    return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
  case 804:
    return "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE";
  case 999:
    return "CUDA_ERROR_UNKNOWN";
  default:
    return nullptr;
  }
}

// "NAME (description)", as far as the driver can tell.
void describeError(CUresult result, char *buffer, size_t size) {
  const DriverApi &api = gProbe.api;
  const char *name = nullptr;
  const char *text = nullptr;
  if (api.cuGetErrorName && api.cuGetErrorName(result, &name) != kCudaSuccess)
    name = nullptr;
  if (api.cuGetErrorString &&
      api.cuGetErrorString(result, &text) != kCudaSuccess)
    text = nullptr;
  if (!name)
    name = fallbackErrorName(result);
  // The stub's own cuGetErrorString fails too, and its name alone does not
  // say that no real driver is installed.
  if (!text && result == 34)
    text = "libcuda is the CUDA toolkit's link-time stub, not an installed "
           "driver";
  if (name && text)
    std::snprintf(buffer, size, "%s (%s)", name, text);
  else if (name)
    std::snprintf(buffer, size, "%s", name);
  else
    std::snprintf(buffer, size, "CUDA error %d", result);
}

// `call` is the driver API's name (without _v2); `args`, when not empty,
// says what it was called on; `trailer` adds to the end of the message.
[[noreturn]] void failCall(CUresult result, const char *call,
                           const char *args = "", const char *trailer = "") {
  char error[512];
  describeError(result, error, sizeof(error));
  fatal("%s%s failed: %s%s", call, args, error, trailer);
}

void check(CUresult result, const char *call, const char *args = "") {
  if (result != kCudaSuccess)
    failCall(result, call, args);
}

// At exit the driver may already have shut down, while generated code's
// global destructors still unload modules: not worth failing a finished
// program for.
bool checkTeardown(CUresult result, const char *call) {
  if (result == kCudaErrorDeinitialized)
    return false;
  check(result, call);
  return true;
}

//===----------------------------------------------------------------------===//
// Loading the driver.
//===----------------------------------------------------------------------===//

template <typename Fn>
bool bind(void *library, Fn &fn, const char *name, const char *fallback) {
  void *symbol = dlsym(library, name);
  if (!symbol && fallback)
    symbol = dlsym(library, fallback);
  // memcpy rather than a cast between object and function pointers, which
  // ISO C++ leaves conditionally supported (and -pedantic flags).
  static_assert(sizeof(fn) == sizeof(symbol), "dlsym cannot return an Fn");
  std::memcpy(&fn, &symbol, sizeof(fn));
  return symbol != nullptr;
}

// Returns the first required symbol the driver lacks, or null.
const char *bindAll(void *library, DriverApi &api) {
  const char *missing = nullptr;
  auto need = [&](auto &fn, const char *name, const char *fallback = nullptr) {
    if (!bind(library, fn, name, fallback) && !missing)
      missing = name;
  };
  // Only for messages: the result codes still say what failed without them.
  bind(library, api.cuGetErrorName, "cuGetErrorName", nullptr);
  bind(library, api.cuGetErrorString, "cuGetErrorString", nullptr);
  need(api.cuInit, "cuInit");
  need(api.cuDeviceGetCount, "cuDeviceGetCount");
  need(api.cuDeviceGet, "cuDeviceGet");
  need(api.cuDeviceGetName, "cuDeviceGetName");
  need(api.cuDeviceGetAttribute, "cuDeviceGetAttribute");
  need(api.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  need(api.cuCtxGetCurrent, "cuCtxGetCurrent");
  need(api.cuCtxSetCurrent, "cuCtxSetCurrent");
  need(api.cuCtxSynchronize, "cuCtxSynchronize");
  need(api.cuModuleLoadData, "cuModuleLoadData");
  need(api.cuModuleLoadDataEx, "cuModuleLoadDataEx");
  need(api.cuModuleUnload, "cuModuleUnload");
  need(api.cuModuleGetFunction, "cuModuleGetFunction");
  need(api.cuFuncSetAttribute, "cuFuncSetAttribute");
  need(api.cuLaunchKernel, "cuLaunchKernel");
  need(api.cuStreamCreate, "cuStreamCreate");
  need(api.cuStreamDestroy, "cuStreamDestroy_v2", "cuStreamDestroy");
  need(api.cuStreamSynchronize, "cuStreamSynchronize");
  need(api.cuStreamWaitEvent, "cuStreamWaitEvent");
  need(api.cuEventCreate, "cuEventCreate");
  need(api.cuEventDestroy, "cuEventDestroy_v2", "cuEventDestroy");
  need(api.cuEventRecord, "cuEventRecord");
  need(api.cuEventSynchronize, "cuEventSynchronize");
  // Current cuda.h maps the name to _v2; older drivers have only the
  // original, which has the same signature.
  need(api.cuEventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime");
  // No fallback for these: the unversioned symbols take 32-bit CUdeviceptrs.
  need(api.cuMemAlloc, "cuMemAlloc_v2");
  need(api.cuMemFree, "cuMemFree_v2");
  need(api.cuMemcpyHtoD, "cuMemcpyHtoD_v2");
  need(api.cuMemcpyDtoH, "cuMemcpyDtoH_v2");
  need(api.cuMemAllocManaged, "cuMemAllocManaged");
  need(api.cuMemcpyAsync, "cuMemcpyAsync");
  need(api.cuMemsetD32Async, "cuMemsetD32Async");
  need(api.cuMemsetD16Async, "cuMemsetD16Async");
  need(api.cuMemHostRegister, "cuMemHostRegister_v2", "cuMemHostRegister");
  need(api.cuMemHostUnregister, "cuMemHostUnregister");
  return missing;
}

__attribute__((format(printf, 2, 3))) void
setUnavailable(const char *fatalPrefix, const char *format, ...) {
  va_list args;
  va_start(args, format);
  std::vsnprintf(gProbe.reason, sizeof(gProbe.reason), format, args);
  va_end(args);
  std::snprintf(gProbe.fatalMessage, sizeof(gProbe.fatalMessage), "%s%s",
                fatalPrefix, gProbe.reason);
}

void setCallUnavailable(CUresult result, const char *call) {
  char error[512];
  describeError(result, error, sizeof(error));
  std::snprintf(gProbe.reason, sizeof(gProbe.reason), "%s: %s", call, error);
  std::snprintf(gProbe.fatalMessage, sizeof(gProbe.fatalMessage),
                "%s failed: %s", call, error);
}

void probe() {
  // Only the versioned name: a real driver installation always provides it,
  // while a bare libcuda.so is usually the toolkit's link-time stub, which
  // loads and then fails every call.
  const char *libraryName = "libcuda.so.1";
  dlerror();
  void *library = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *error = dlerror();
    if (!error)
      error = "unknown error";
    setUnavailable("no CUDA driver: ", "%s %s (dlopen: %s)", libraryName,
                   std::strstr(error, "No such file") ? "not found"
                                                      : "cannot be loaded",
                   error);
    return;
  }
  // The library is never closed: handles into it live as long as the
  // process, and code may still call in from exit-time destructors.
  if (const char *missing = bindAll(library, gProbe.api)) {
    setUnavailable("unusable CUDA driver: ", "%s has no %s (driver too old?)",
                   libraryName, missing);
    return;
  }
  if (CUresult result = gProbe.api.cuInit(0)) {
    setCallUnavailable(result, "cuInit");
    return;
  }
  int count = 0;
  if (CUresult result = gProbe.api.cuDeviceGetCount(&count)) {
    setCallUnavailable(result, "cuDeviceGetCount");
    return;
  }
  if (count <= 0) {
    setUnavailable("", "no CUDA device (cuDeviceGetCount found none)");
    return;
  }
  gProbe.deviceCount = count;
  gProbe.usable = true;
}

const ProbeState &probed() {
  std::call_once(gProbeOnce, probe);
  return gProbe;
}

const DriverApi &usableApi() {
  const ProbeState &state = probed();
  if (!state.usable)
    fatal("%s", state.fatalMessage);
  return state.api;
}

// Validated only when used, since mgpuSetDefaultDevice cannot fail.
int defaultDeviceOrdinal(const ProbeState &state) {
  int ordinal = gDefaultDevice.load(std::memory_order_relaxed);
  if (ordinal < 0 || ordinal >= state.deviceCount || ordinal >= kMaxDevices)
    fatal("mgpuSetDefaultDevice(%d): no such device (%d CUDA device%s)",
          ordinal, state.deviceCount, state.deviceCount == 1 ? "" : "s");
  return ordinal;
}

// The primary context, not one of our own: it is the one the CUDA runtime
// and other libraries in the process share, so pointers and modules can
// cross between them.
const DeviceState &deviceState(const DriverApi &api, int ordinal) {
  DeviceState &device = gDevices[ordinal];
  std::call_once(gDeviceOnce[ordinal], [&] {
    check(api.cuDeviceGet(&device.device, ordinal), "cuDeviceGet");
    check(api.cuDevicePrimaryCtxRetain(&device.context, device.device),
          "cuDevicePrimaryCtxRetain");
  });
  return device;
}

struct Current {
  const DriverApi &api;
  CUdevice device;
};

// Every entry point that reaches the driver calls this first: the driver's
// current context is per thread, and the caller may be a thread that has not
// used the GPU yet, or one where other code made another context current.
Current ensureContext() {
  const DriverApi &api = usableApi();
  const DeviceState &device = deviceState(api, defaultDeviceOrdinal(gProbe));
  CUcontext current = nullptr;
  check(api.cuCtxGetCurrent(&current), "cuCtxGetCurrent");
  if (current != device.context)
    check(api.cuCtxSetCurrent(device.context), "cuCtxSetCurrent");
  return {api, device.device};
}

// As ensureContext, for releasing resources: false when the driver has
// already shut down, and there is nothing left to release.
bool ensureContextForTeardown() {
  const DriverApi &api = usableApi();
  const DeviceState &device = deviceState(api, defaultDeviceOrdinal(gProbe));
  CUcontext current = nullptr;
  if (!checkTeardown(api.cuCtxGetCurrent(&current), "cuCtxGetCurrent"))
    return false;
  if (current != device.context)
    return checkTeardown(api.cuCtxSetCurrent(device.context),
                         "cuCtxSetCurrent");
  return true;
}

CUdeviceptr devicePtr(const void *ptr) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(ptr));
}

//===----------------------------------------------------------------------===//
// Modules.
//===----------------------------------------------------------------------===//

// What mgpuModuleLoad* hand out. Loading waits for the first
// mgpuModuleGetFunction, because generated code loads modules from a global
// constructor: an eager load there would end a program without a GPU before
// main could report UNSUPPORTED, and would ignore a mgpuSetDefaultDevice
// made in main.
struct Module {
  const void *image;
  bool isPtx;
  int optLevel;
  std::once_flag loaded;
  CUmodule module;
};

void *newModule(const void *image, bool isPtx, int optLevel,
                const char *caller) {
  if (!image)
    fatal("%s: the image is NULL", caller);
  auto *module = new (std::nothrow) Module();
  if (!module)
    fatal("%s: out of host memory", caller);
  module->image = image;
  module->isPtx = isPtx;
  module->optLevel = optLevel;
  return module;
}

void loadModule(const DriverApi &api, Module &module) {
  if (!module.isPtx) {
    check(api.cuModuleLoadData(&module.module, module.image),
          "cuModuleLoadData");
    return;
  }
  // Without the log, a PTX error says only CUDA_ERROR_INVALID_PTX.
  static constexpr size_t kLogSize = 8192;
  char log[kLogSize] = {};
  int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes,
                   kJitOptimizationLevel};
  int optLevel = module.optLevel < 0   ? 0
                 : module.optLevel > 4 ? 4
                                       : module.optLevel;
  void *values[] = {log, reinterpret_cast<void *>(uintptr_t{kLogSize}),
                    reinterpret_cast<void *>(static_cast<uintptr_t>(optLevel))};
  CUresult result = api.cuModuleLoadDataEx(&module.module, module.image,
                                           sizeof(options) / sizeof(options[0]),
                                           options, values);
  if (result == kCudaSuccess)
    return;
  log[kLogSize - 1] = '\0';
  // Its trailing newline would leave a blank line after the message.
  for (size_t n = std::strlen(log);
       n > 0 && (log[n - 1] == '\n' || log[n - 1] == ' ');)
    log[--n] = '\0';
  char trailer[kLogSize + 32] = {};
  if (log[0])
    std::snprintf(trailer, sizeof(trailer), "; JIT log: %s", log);
  failCall(result, "cuModuleLoadDataEx", "", trailer);
}

//===----------------------------------------------------------------------===//
// Memrefs.
//===----------------------------------------------------------------------===//

// The head of MLIR's ranked memref descriptor; sizes[rank] and
// strides[rank] follow it.
struct MemRefHead {
  char *allocated;
  char *aligned;
  int64_t offset;
};

struct HostSpan {
  char *begin;
  uint64_t bytes;
};

// The bytes a memref's elements occupy, from its lowest to its highest
// address (strides may be negative or leave gaps). False for an empty memref.
bool memrefSpan(int64_t rank, void *descriptor, int64_t elementSizeBytes,
                const char *caller, HostSpan &span) {
  if (!descriptor)
    fatal("%s: the memref descriptor is NULL", caller);
  if (rank < 0 || elementSizeBytes <= 0)
    fatal("%s: invalid rank %lld or element size %lld", caller,
          static_cast<long long>(rank),
          static_cast<long long>(elementSizeBytes));
  const auto *head = static_cast<const MemRefHead *>(descriptor);
  const auto *sizes = reinterpret_cast<const int64_t *>(head + 1);
  const int64_t *strides = sizes + rank;
  int64_t low = 0, high = 0;
  bool overflow = false;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] < 0)
      fatal("%s: negative size %lld in dimension %lld", caller,
            static_cast<long long>(sizes[i]), static_cast<long long>(i));
    if (sizes[i] == 0)
      return false;
    int64_t reach = 0;
    overflow |= __builtin_mul_overflow(sizes[i] - 1, strides[i], &reach);
    overflow |= __builtin_add_overflow(reach < 0 ? low : high, reach,
                                       reach < 0 ? &low : &high);
  }
  int64_t elements = 0, bytes = 0, first = 0, firstByte = 0;
  overflow |= __builtin_sub_overflow(high, low, &elements);
  overflow |= __builtin_add_overflow(elements, 1, &elements);
  overflow |= __builtin_mul_overflow(elements, elementSizeBytes, &bytes);
  overflow |= __builtin_add_overflow(head->offset, low, &first);
  overflow |= __builtin_mul_overflow(first, elementSizeBytes, &firstByte);
  if (overflow)
    fatal("%s: the memref's extent overflows 64 bits", caller);
  span.begin = head->aligned + firstByte;
  span.bytes = static_cast<uint64_t>(bytes);
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// MLIR's ABI.
//===----------------------------------------------------------------------===//

extern "C" {

void *mgpuModuleLoad(void *data, size_t /*gpuBlobSize*/) {
  return newModule(data, /*isPtx=*/false, 0, "mgpuModuleLoad");
}

void *mgpuModuleLoadJIT(void *ptx, int optLevel) {
  return newModule(ptx, /*isPtx=*/true, optLevel, "mgpuModuleLoadJIT");
}

void mgpuModuleUnload(void *handle) {
  auto *module = static_cast<Module *>(handle);
  if (!module)
    return;
  // Only a module that was loaded needs the driver: a program that never
  // launched must not fail here for lack of a GPU.
  if (module->module && ensureContextForTeardown())
    checkTeardown(gProbe.api.cuModuleUnload(module->module), "cuModuleUnload");
  delete module;
}

void *mgpuModuleGetFunction(void *handle, const char *name) {
  auto *module = static_cast<Module *>(handle);
  if (!module || !name)
    fatal("mgpuModuleGetFunction: the %s is NULL", module ? "name" : "module");
  const DriverApi &api = ensureContext().api;
  std::call_once(module->loaded, [&] { loadModule(api, *module); });
  CUfunction function = nullptr;
  CUresult result = api.cuModuleGetFunction(&function, module->module, name);
  if (result != kCudaSuccess) {
    char args[256];
    std::snprintf(args, sizeof(args), "(\"%s\")", name);
    failCall(result, "cuModuleGetFunction", args);
  }
  return function;
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t /*paramsCount*/) {
  // The driver takes unsigned ints; a negative or huge index would wrap into
  // a different, valid-looking launch.
  const intptr_t dims[] = {gridX, gridY, gridZ, blockX, blockY, blockZ};
  for (intptr_t dim : dims)
    if (dim < 0 || static_cast<uintmax_t>(dim) > UINT_MAX)
      fatal("mgpuLaunchKernel: grid (%lld, %lld, %lld), block (%lld, %lld, "
            "%lld): a dimension is out of range",
            static_cast<long long>(gridX), static_cast<long long>(gridY),
            static_cast<long long>(gridZ), static_cast<long long>(blockX),
            static_cast<long long>(blockY), static_cast<long long>(blockZ));
  if (smem < 0)
    fatal("mgpuLaunchKernel: negative dynamic shared memory size %d", smem);
  if (!function)
    fatal("mgpuLaunchKernel: the function is NULL");
  // The driver rejects an empty grid, but it is simply a zero-sized problem.
  if (gridX == 0 || gridY == 0 || gridZ == 0)
    return;
  Current current = ensureContext();
  const DriverApi &api = current.api;
  auto *fn = static_cast<CUfunction>(function);
  if (smem > kDefaultMaxDynamicSharedBytes) {
    int maxBytes = 0;
    check(api.cuDeviceGetAttribute(&maxBytes,
                                   kDeviceAttributeMaxSharedMemoryPerBlockOptin,
                                   current.device),
          "cuDeviceGetAttribute");
    if (smem > maxBytes)
      fatal("mgpuLaunchKernel: %d bytes of dynamic shared memory requested, "
            "the device allows at most %d per block",
            smem, maxBytes);
    check(api.cuFuncSetAttribute(fn, kFuncAttributeMaxDynamicSharedSizeBytes,
                                 smem),
          "cuFuncSetAttribute");
  }
  check(api.cuLaunchKernel(
            fn, static_cast<unsigned>(gridX), static_cast<unsigned>(gridY),
            static_cast<unsigned>(gridZ), static_cast<unsigned>(blockX),
            static_cast<unsigned>(blockY), static_cast<unsigned>(blockZ),
            static_cast<unsigned>(smem), static_cast<CUstream>(stream), params,
            extra),
        "cuLaunchKernel");
}

void *mgpuStreamCreate(void) {
  const DriverApi &api = ensureContext().api;
  CUstream stream = nullptr;
  check(api.cuStreamCreate(&stream, kStreamNonBlocking), "cuStreamCreate");
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  if (stream && ensureContextForTeardown())
    checkTeardown(gProbe.api.cuStreamDestroy(static_cast<CUstream>(stream)),
                  "cuStreamDestroy");
}

void mgpuStreamSynchronize(void *stream) {
  const DriverApi &api = ensureContext().api;
  check(api.cuStreamSynchronize(static_cast<CUstream>(stream)),
        "cuStreamSynchronize");
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  const DriverApi &api = ensureContext().api;
  check(api.cuStreamWaitEvent(static_cast<CUstream>(stream),
                              static_cast<CUevent>(event), /*flags=*/0),
        "cuStreamWaitEvent");
}

void *mgpuEventCreate(void) {
  const DriverApi &api = ensureContext().api;
  CUevent event = nullptr;
  check(api.cuEventCreate(&event, kEventDisableTiming), "cuEventCreate");
  return event;
}

void mgpuEventDestroy(void *event) {
  if (event && ensureContextForTeardown())
    checkTeardown(gProbe.api.cuEventDestroy(static_cast<CUevent>(event)),
                  "cuEventDestroy");
}

void mgpuEventSynchronize(void *event) {
  const DriverApi &api = ensureContext().api;
  check(api.cuEventSynchronize(static_cast<CUevent>(event)),
        "cuEventSynchronize");
}

void mgpuEventRecord(void *event, void *stream) {
  const DriverApi &api = ensureContext().api;
  check(api.cuEventRecord(static_cast<CUevent>(event),
                          static_cast<CUstream>(stream)),
        "cuEventRecord");
}

void *mgpuMemAlloc(uint64_t sizeBytes, void * /*stream*/, bool isHostShared) {
  // The driver rejects 0 bytes; an empty buffer needs no storage.
  if (sizeBytes == 0)
    return nullptr;
  const DriverApi &api = ensureContext().api;
  CUdeviceptr ptr = 0;
  char args[48];
  std::snprintf(args, sizeof(args), "(%llu bytes)",
                static_cast<unsigned long long>(sizeBytes));
  if (isHostShared)
    check(api.cuMemAllocManaged(&ptr, sizeBytes, kMemAttachGlobal),
          "cuMemAllocManaged", args);
  else
    check(api.cuMemAlloc(&ptr, sizeBytes), "cuMemAlloc", args);
  return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
}

void mgpuMemFree(void *ptr, void *stream) {
  if (!ptr || !ensureContextForTeardown())
    return;
  // The driver promises no ordering between cuMemFree and work queued on
  // `stream`; without this wait a kernel still queued there could use the
  // memory after it is freed.
  if (stream && !checkTeardown(gProbe.api.cuStreamSynchronize(
                                   static_cast<CUstream>(stream)),
                               "cuStreamSynchronize"))
    return;
  checkTeardown(gProbe.api.cuMemFree(devicePtr(ptr)), "cuMemFree");
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (sizeBytes == 0)
    return;
  const DriverApi &api = ensureContext().api;
  char args[48];
  std::snprintf(args, sizeof(args), "(%zu bytes)", sizeBytes);
  check(api.cuMemcpyAsync(devicePtr(dst), devicePtr(src), sizeBytes,
                          static_cast<CUstream>(stream)),
        "cuMemcpyAsync", args);
}

void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream) {
  if (count == 0)
    return;
  const DriverApi &api = ensureContext().api;
  check(api.cuMemsetD32Async(devicePtr(dst), value, count,
                             static_cast<CUstream>(stream)),
        "cuMemsetD32Async");
}

void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  if (count == 0)
    return;
  const DriverApi &api = ensureContext().api;
  check(api.cuMemsetD16Async(devicePtr(dst), value, count,
                             static_cast<CUstream>(stream)),
        "cuMemsetD16Async");
}

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  if (!ptr || sizeBytes == 0)
    return;
  const DriverApi &api = ensureContext().api;
  char args[48];
  std::snprintf(args, sizeof(args), "(%llu bytes)",
                static_cast<unsigned long long>(sizeBytes));
  check(api.cuMemHostRegister(ptr, sizeBytes, /*flags=*/0), "cuMemHostRegister",
        args);
}

void mgpuMemHostUnregister(void *ptr) {
  if (ptr && ensureContextForTeardown())
    checkTeardown(gProbe.api.cuMemHostUnregister(ptr), "cuMemHostUnregister");
}

void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes) {
  HostSpan span;
  if (memrefSpan(rank, descriptor, elementSizeBytes,
                 "mgpuMemHostRegisterMemRef", span))
    mgpuMemHostRegister(span.begin, span.bytes);
}

void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes) {
  HostSpan span;
  if (memrefSpan(rank, descriptor, elementSizeBytes,
                 "mgpuMemHostUnregisterMemRef", span))
    mgpuMemHostUnregister(span.begin);
}

void mgpuSetDefaultDevice(int32_t device) {
  gDefaultDevice.store(device, std::memory_order_relaxed);
}

//===----------------------------------------------------------------------===//
// rmean's helpers.
//===----------------------------------------------------------------------===//

int rmeanGpuAvailable(void) { return probed().usable ? 1 : 0; }

const char *rmeanGpuUnavailableReason(void) { return probed().reason; }

void *rmeanGpuMalloc(size_t bytes) {
  return mgpuMemAlloc(bytes, /*stream=*/nullptr, /*isHostShared=*/false);
}

void rmeanGpuFree(void *p) { mgpuMemFree(p, /*stream=*/nullptr); }

void rmeanGpuCopyToDevice(void *dst, const void *src, size_t bytes) {
  if (bytes == 0)
    return;
  const DriverApi &api = ensureContext().api;
  // Our streams do not synchronise with the legacy stream that the copy
  // runs on; without this it could overtake kernels still using `dst`.
  check(api.cuCtxSynchronize(), "cuCtxSynchronize");
  char args[48];
  std::snprintf(args, sizeof(args), "(%zu bytes)", bytes);
  check(api.cuMemcpyHtoD(devicePtr(dst), src, bytes), "cuMemcpyHtoD", args);
}

void rmeanGpuCopyToHost(void *dst, const void *src, size_t bytes) {
  if (bytes == 0)
    return;
  const DriverApi &api = ensureContext().api;
  // As in rmeanGpuCopyToDevice: the results may still be being written on
  // a non-blocking stream.
  check(api.cuCtxSynchronize(), "cuCtxSynchronize");
  char args[48];
  std::snprintf(args, sizeof(args), "(%zu bytes)", bytes);
  check(api.cuMemcpyDtoH(dst, devicePtr(src), bytes), "cuMemcpyDtoH", args);
}

void rmeanGpuSynchronize(void) {
  const DriverApi &api = ensureContext().api;
  check(api.cuCtxSynchronize(), "cuCtxSynchronize");
}

// The two queries below only describe the device for a report, so they
// need no context and never end the program.

int rmeanGpuDeviceName(char *buf, int len) {
  if (!buf || len <= 0)
    return 0;
  buf[0] = '\0';
  const ProbeState &state = probed();
  int ordinal = gDefaultDevice.load(std::memory_order_relaxed);
  if (!state.usable || ordinal < 0 || ordinal >= state.deviceCount)
    return 0;
  CUdevice device = 0;
  if (state.api.cuDeviceGet(&device, ordinal) != kCudaSuccess ||
      state.api.cuDeviceGetName(buf, len, device) != kCudaSuccess) {
    buf[0] = '\0';
    return 0;
  }
  buf[len - 1] = '\0';
  return 1;
}

double rmeanGpuPeakBandwidthGBs(void) {
  const ProbeState &state = probed();
  int ordinal = gDefaultDevice.load(std::memory_order_relaxed);
  if (!state.usable || ordinal < 0 || ordinal >= state.deviceCount)
    return 0.0;
  CUdevice device = 0;
  int clockKHz = 0, busBits = 0;
  if (state.api.cuDeviceGet(&device, ordinal) != kCudaSuccess ||
      state.api.cuDeviceGetAttribute(&clockKHz, kDeviceAttributeMemoryClockRate,
                                     device) != kCudaSuccess ||
      state.api.cuDeviceGetAttribute(&busBits,
                                     kDeviceAttributeGlobalMemoryBusWidth,
                                     device) != kCudaSuccess ||
      clockKHz <= 0 || busBits <= 0)
    return 0.0;
  return 2.0 * clockKHz * 1e3 * (busBits / 8.0) / 1e9;
}

void *rmeanGpuEventCreateTimed(void) {
  const DriverApi &api = ensureContext().api;
  CUevent event = nullptr;
  check(api.cuEventCreate(&event, kEventDefault), "cuEventCreate");
  return event;
}

float rmeanGpuEventElapsedMs(void *start, void *end) {
  const DriverApi &api = ensureContext().api;
  // The elapsed time is only defined once `end` has completed.
  check(api.cuEventSynchronize(static_cast<CUevent>(end)),
        "cuEventSynchronize");
  float ms = 0.0f;
  check(api.cuEventElapsedTime(&ms, static_cast<CUevent>(start),
                               static_cast<CUevent>(end)),
        "cuEventElapsedTime");
  return ms;
}

} // extern "C"
