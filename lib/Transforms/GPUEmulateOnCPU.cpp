//===- GPUEmulateOnCPU.cpp - run gpu.launch kernels on host threads -------===//
//
// The development machines have no GPU, yet the GPU kernels' logic (the
// per-thread strides, the shuffle tree, the workgroup merge, the chunked
// partial sums) must be executed somewhere before a device is lent. No
// upstream pass runs gpu.launch on a CPU, so this one maps a block to an
// OpenMP team of block-size threads (see the pass description).
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANGPUEMULATEONCPUPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// Declares `name` : () -> i32 (an OpenMP runtime query) in `module`.
static func::FuncOp declareQuery(OpBuilder &b, ModuleOp module,
                                 StringRef name) {
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto f = func::FuncOp::create(b, module.getLoc(), name,
                                b.getFunctionType({}, {b.getI32Type()}));
  f.setPrivate();
  return f;
}

static Value callIndex(OpBuilder &b, Location loc, func::FuncOp f) {
  Value v = func::CallOp::create(b, loc, f, ValueRange()).getResult(0);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

static LogicalResult emulate(gpu::LaunchOp launch, func::FuncOp threadNum,
                             func::FuncOp numThreads) {
  OpBuilder b(launch);
  Location loc = launch.getLoc();
  if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty() ||
      launch.hasClusterSize() || launch.getDynamicSharedMemorySize())
    return launch.emitError("rmean-gpu-emulate-on-cpu: async, clustered or "
                            "dynamic-shared-memory launches are not "
                            "emulated");
  Region &body = launch.getBody();
  if (!body.hasOneBlock())
    return launch.emitError("rmean-gpu-emulate-on-cpu: kernels with several "
                            "blocks (unstructured control flow) are not "
                            "emulated");
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  Value threads = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, block.x, block.y), block.z);

  // Blocks run one after another: z, y, x loops.
  IRMapping map;
  Block &kernel = body.front();
  auto loopZ = scf::ForOp::create(b, loc, c0, grid.z, c1);
  b.setInsertionPoint(loopZ.getBody()->getTerminator());
  auto loopY = scf::ForOp::create(b, loc, c0, grid.y, c1);
  b.setInsertionPoint(loopY.getBody()->getTerminator());
  auto loopX = scf::ForOp::create(b, loc, c0, grid.x, c1);
  b.setInsertionPoint(loopX.getBody()->getTerminator());
  gpu::KernelDim3 blockIds = launch.getBlockIds();
  map.map(blockIds.x, loopX.getInductionVar());
  map.map(blockIds.y, loopY.getInductionVar());
  map.map(blockIds.z, loopZ.getInductionVar());
  gpu::KernelDim3 gridArgs = launch.getGridSize();
  gpu::KernelDim3 blockArgs = launch.getBlockSize();
  map.map(gridArgs.x, grid.x);
  map.map(gridArgs.y, grid.y);
  map.map(gridArgs.z, grid.z);
  map.map(blockArgs.x, block.x);
  map.map(blockArgs.y, block.y);
  map.map(blockArgs.z, block.z);
  // Shared by the block's threads: its workgroup buffers and the scratch
  // array through which shuffles pass values.
  for (BlockArgument wg : launch.getWorkgroupAttributions()) {
    auto type = cast<MemRefType>(wg.getType());
    map.map(wg, memref::AllocaOp::create(
                    b, loc,
                    MemRefType::get(type.getShape(), type.getElementType())));
  }
  bool hasShuffle = false;
  kernel.walk([&](gpu::ShuffleOp) { hasShuffle = true; });
  Value scratch;
  if (hasShuffle)
    scratch = memref::AllocaOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI32Type()),
        threads);

  omp::ParallelOperands clauses;
  clauses.numThreads =
      arith::IndexCastOp::create(b, loc, b.getI32Type(), threads);
  auto parallel = omp::ParallelOp::create(b, loc, clauses);
  Block *team = b.createBlock(&parallel.getRegion());
  b.setInsertionPointToStart(team);
  // Fewer threads than asked (OMP_THREAD_LIMIT, OMP_DYNAMIC) would run a
  // different kernel: stop rather than give a wrong result.
  Value got = callIndex(b, loc, numThreads);
  cf::AssertOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, got, threads),
      "rmean-gpu-emulate-on-cpu: OpenMP gave fewer threads than the block "
      "size");
  Value t = callIndex(b, loc, threadNum);
  Value tx = arith::RemUIOp::create(b, loc, t, block.x);
  Value rest = arith::DivUIOp::create(b, loc, t, block.x);
  map.map(launch.getThreadIds().x, tx);
  map.map(launch.getThreadIds().y,
          arith::RemUIOp::create(b, loc, rest, block.y));
  map.map(launch.getThreadIds().z,
          arith::DivUIOp::create(b, loc, rest, block.y));
  for (BlockArgument priv : launch.getPrivateAttributions()) {
    auto type = cast<MemRefType>(priv.getType());
    map.map(priv, memref::AllocaOp::create(
                      b, loc,
                      MemRefType::get(type.getShape(), type.getElementType())));
  }
  for (Operation &op : kernel.without_terminator())
    b.clone(op, map);
  omp::TerminatorOp::create(b, loc);

  // GPU-only ops of the cloned body.
  SmallVector<Operation *> gpuOps;
  parallel.walk([&](Operation *op) {
    if (isa<gpu::BarrierOp, gpu::ShuffleOp>(op))
      gpuOps.push_back(op);
  });
  for (Operation *op : gpuOps) {
    b.setInsertionPoint(op);
    if (isa<gpu::BarrierOp>(op)) {
      omp::BarrierOp::create(b, op->getLoc());
      op->erase();
      continue;
    }
    auto shuffle = cast<gpu::ShuffleOp>(op);
    Location sloc = shuffle.getLoc();
    if (shuffle.getMode() != gpu::ShuffleMode::XOR ||
        !shuffle.getValue().getType().isInteger(32))
      return shuffle.emitError("rmean-gpu-emulate-on-cpu: only 32-bit xor "
                               "shuffles are emulated");
    // Lanes of a warp exchange through the block's scratch array; the
    // partner stays in the same warp because the offset is below the width.
    memref::StoreOp::create(b, sloc, shuffle.getValue(), scratch, t);
    omp::BarrierOp::create(b, sloc);
    Value offset = arith::IndexCastOp::create(b, sloc, b.getIndexType(),
                                              shuffle.getOffset());
    Value partner = arith::XOrIOp::create(b, sloc, t, offset);
    Value value = memref::LoadOp::create(b, sloc, scratch, partner);
    omp::BarrierOp::create(b, sloc);
    Value valid = arith::ConstantIntOp::create(b, sloc, 1, 1);
    shuffle.getShuffleResult().replaceAllUsesWith(value);
    shuffle.getValid().replaceAllUsesWith(valid);
    shuffle.erase();
  }
  launch.erase();
  return success();
}

namespace {
struct RmeanGPUEmulateOnCPUPass
    : rmean::impl::RmeanGPUEmulateOnCPUPassBase<RmeanGPUEmulateOnCPUPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::LaunchOp> launches;
    module.walk([&](gpu::LaunchOp op) { launches.push_back(op); });
    if (launches.empty())
      return;
    OpBuilder b(module.getContext());
    func::FuncOp threadNum = declareQuery(b, module, "omp_get_thread_num");
    func::FuncOp numThreads = declareQuery(b, module, "omp_get_num_threads");
    for (gpu::LaunchOp launch : launches)
      if (failed(emulate(launch, threadNum, numThreads)))
        return signalPassFailure();
  }
};
} // namespace
