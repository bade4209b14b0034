// RUN: rmean-opt %s --rmean-gpu-pipeline="format=isa" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: rmean-opt %s --rmean-gpu-pipeline="format=isa" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=CLEAN
// The PTX version follows the chip unless features says otherwise.
// RUN: rmean-opt %s --rmean-gpu-pipeline="format=isa chip=sm_80" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=SM80
// RUN: rmean-opt %s --rmean-gpu-pipeline="format=isa chip=sm_90a" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=SM90A
// RUN: rmean-opt %s --rmean-gpu-pipeline="format=isa chip=sm_80 features=+ptx75" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=FEAT
// The pipeline also runs inside --pass-pipeline, after other passes, and
// its strategy options reach the selection.
// RUN: rmean-opt %s --pass-pipeline="builtin.module(canonicalize, rmean-gpu-pipeline{format=isa block-size=128 blocks-per-output=2})" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=OPTS
// Invalid option values are one error naming the option and what it
// accepts, once, before anything runs (also inside --pass-pipeline). (Not
// split, and not "no other error": without -verify-diagnostics the driver
// still reports the runtime-axes chunk's expected-error as not produced.)
// RUN: not rmean-opt %s --rmean-gpu-pipeline="chip=foo" 2>&1 | FileCheck %s --check-prefix=CHIP --implicit-check-not="error: rmean-gpu-pipeline" --implicit-check-not=llvm.func
// RUN: not rmean-opt %s --rmean-gpu-pipeline="format=elf" 2>&1 | FileCheck %s --check-prefix=FORMAT --implicit-check-not="error: rmean-gpu-pipeline" --implicit-check-not=llvm.func
// RUN: not rmean-opt %s --rmean-gpu-pipeline="block-size=48" 2>&1 | FileCheck %s --check-prefix=BLOCK --implicit-check-not="error: rmean-gpu-pipeline" --implicit-check-not=llvm.func
// RUN: not rmean-opt %s --rmean-gpu-pipeline="items-per-thread=3" 2>&1 | FileCheck %s --check-prefix=ITEMS --implicit-check-not="error: rmean-gpu-pipeline" --implicit-check-not=llvm.func
// RUN: not rmean-opt %s --rmean-gpu-pipeline="blocks-per-output=-1" 2>&1 | FileCheck %s --check-prefix=SPLIT --implicit-check-not="error: rmean-gpu-pipeline" --implicit-check-not=llvm.func
// RUN: not rmean-opt %s --pass-pipeline="builtin.module(rmean-gpu-pipeline{blocks-per-output=65537})" 2>&1 | FileCheck %s --check-prefix=SPLIT2 --implicit-check-not="error: rmean-gpu-pipeline" --implicit-check-not=llvm.func
// RUN: not rmean-opt %s --rmean-gpu-pipeline="chip=sm_90f" 2>&1 | FileCheck %s --check-prefix=CHIP2 --implicit-check-not="error: rmean-gpu-pipeline" --implicit-check-not=llvm.func
// RUN: not rmean-opt %s --rmean-gpu-pipeline="chip=sm_86 features=+ptx70" 2>&1 | FileCheck %s --check-prefix=PTXLOW --implicit-check-not="error: rmean-gpu-pipeline" --implicit-check-not=llvm.func
// RUN: not rmean-opt %s --rmean-gpu-pipeline="toolkit=/nonexistent" 2>&1 | FileCheck %s --check-prefix=TOOLKIT --implicit-check-not="error: rmean-gpu-pipeline" --implicit-check-not=llvm.func
// CHIP2: error: rmean-gpu-pipeline: option 'chip' must be a chip LLVM's NVPTX back end knows {{.*}}, got sm_90f
// PTXLOW: error: rmean-gpu-pipeline: option 'features' must be +ptx71 or later for sm_86, got +ptx70
// TOOLKIT: error: rmean-gpu-pipeline: option 'toolkit' must be a CUDA prefix with bin/ptxas and nvvm/libdevice/libdevice.10.bc, got /nonexistent
// A directory that is not a toolkit (no libdevice) is refused the same way.
// RUN: not rmean-opt %s --rmean-gpu-pipeline="toolkit=%S" 2>&1 | FileCheck %s --check-prefix=NOTKIT --implicit-check-not="error: rmean-gpu-pipeline" --implicit-check-not=llvm.func
// NOTKIT: error: rmean-gpu-pipeline: option 'toolkit' must be a CUDA prefix with bin/ptxas and nvvm/libdevice/libdevice.10.bc, got {{.*}}Pipelines
// CHIP: error: rmean-gpu-pipeline: option 'chip' must be a chip LLVM's NVPTX back end knows (sm_50 ... sm_90, sm_90a, sm_100[a|f], sm_101[a|f], sm_103[a|f], sm_120[a|f], sm_121[a|f]), got foo
// FORMAT: error: rmean-gpu-pipeline: option 'format' must be one of isa, bin, fatbin, got elf
// BLOCK: error: rmean-gpu-pipeline: option 'block-size' must be a multiple of 32 in [32, 1024], got 48
// ITEMS: error: rmean-gpu-pipeline: option 'items-per-thread' must be 0 (chosen) or one of 1, 2, 4, 8, 16, got 3
// SPLIT: error: rmean-gpu-pipeline: option 'blocks-per-output' must be 0 (chosen) or in [1, 65536], got -1
// SPLIT2: error: rmean-gpu-pipeline: option 'blocks-per-output' must be 0 (chosen) or in [1, 65536], got 65537
// Nested under a function (or any non-module anchor), the pipeline is a
// diagnostic, not a fatal error of the pass manager.
// RUN: not rmean-opt %s --pass-pipeline="builtin.module(func.func(rmean-gpu-pipeline))" 2>&1 | FileCheck %s --check-prefix=NESTED --implicit-check-not=llvm.func
// RUN: not rmean-opt %s --pass-pipeline="builtin.module(any(rmean-gpu-pipeline))" 2>&1 | FileCheck %s --check-prefix=ANY --implicit-check-not=llvm.func
// NESTED: error: rmean-gpu-pipeline runs on 'builtin.module' (it bufferizes, outlines kernels and converts whole modules); it cannot nest under 'func.func'
// ANY: error: rmean-gpu-pipeline runs on 'builtin.module' (it bufferizes, outlines kernels and converts whole modules); it cannot nest under 'any'

// Only the host's LLVM dialect and the kernels' binaries remain (the
// checks' messages, "rmean.reduce_mean: ...", are strings).
// CLEAN-NOT: {{rmean\.[a-z_]+[^a-z_:]}}
// CLEAN-NOT: linalg.
// CLEAN-NOT: tensor.
// CLEAN-NOT: memref.
// CLEAN-NOT: scf.
// CLEAN-NOT: func.func
// CLEAN-NOT: gpu.module
// CLEAN-NOT: gpu.launch {{.*}}blocks(
// CLEAN-NOT: unrealized_conversion_cast

// A long static f32 row per output: the result is allocated on the device
// (64 x f32) on the function's stream, one block of 256 threads per row
// (64 blocks) runs the kernel on that stream, and the host waits for the
// stream before it returns the device buffer.
// CHECK-LABEL: llvm.func @row_mean(
//  CHECK-SAME:     %[[ALLOC:[^:]+]]: !llvm.ptr, %[[ALIGNED:[^:]+]]: !llvm.ptr,
//   CHECK-DAG:   %[[C64:.+]] = llvm.mlir.constant(64 : index) : i64
//   CHECK-DAG:   %[[C256:.+]] = llvm.mlir.constant(256 : index) : i64
//   CHECK-DAG:   %[[C1:.+]] = llvm.mlir.constant(1 : index) : i64
//   CHECK-DAG:   %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
//       CHECK:   %[[STREAM:.+]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
//       CHECK:   %[[END:.+]] = llvm.getelementptr %[[NULL]][64] : (!llvm.ptr) -> !llvm.ptr, f32
//       CHECK:   %[[BYTES:.+]] = llvm.ptrtoint %[[END]] : !llvm.ptr to i64
//       CHECK:   %[[OUT:.+]] = llvm.call @mgpuMemAlloc(%[[BYTES]], %[[STREAM]], %{{.+}}) : (i64, !llvm.ptr, i8) -> !llvm.ptr
//       CHECK:   %[[D0:.+]] = llvm.insertvalue %[[OUT]], %{{.+}}[0]
//       CHECK:   %[[D1:.+]] = llvm.insertvalue %[[OUT]], %[[D0]][1]
//       CHECK:   gpu.launch_func <%[[STREAM]] : !llvm.ptr> @row_mean_kernel::@row_mean_kernel blocks in (%[[C64]], %[[C1]], %[[C1]]) threads in (%[[C256]], %[[C1]], %[[C1]]) : i64 args(%[[ALLOC]] : !llvm.ptr, %[[ALIGNED]] : !llvm.ptr, {{.+}}, %[[OUT]] : !llvm.ptr, %[[OUT]] : !llvm.ptr,
//   CHECK-NOT:   mgpuMemFree
//       CHECK:   llvm.call @mgpuStreamSynchronize(%[[STREAM]]) : (!llvm.ptr) -> ()
//  CHECK-NEXT:   llvm.call @mgpuStreamDestroy(%[[STREAM]]) : (!llvm.ptr) -> ()
//  CHECK-NEXT:   llvm.return
//       CHECK: gpu.binary @row_mean_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, {{.*}}assembly = "//\0A// Generated by LLVM NVPTX Back-End\0A//\0A\0A.version 8.0\0A.target sm_90\0A
// SM80-LABEL: llvm.func @row_mean(
//       SM80: gpu.binary @row_mean_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">, {{.*}}.version 7.0\0A.target sm_80\0A
// SM90A-LABEL: llvm.func @row_mean(
//       SM90A: gpu.binary @row_mean_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">, {{.*}}.version 8.0\0A.target sm_90a\0A
// FEAT-LABEL: llvm.func @row_mean(
//       FEAT: gpu.binary @row_mean_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx75">, {{.*}}.version 7.5\0A.target sm_80\0A
// 128-thread blocks and each row split in two: a partial-sum kernel on
// 64 x 2 = 128 blocks of 128 threads, then the kernel that adds the partials and divides.
// OPTS-LABEL: llvm.func @row_mean(
//       OPTS:   %[[C128:.+]] = llvm.mlir.constant(128 : index) : i64
//       OPTS:   gpu.launch_func <%{{.+}} : !llvm.ptr> @row_mean_kernel::@row_mean_kernel blocks in (%[[C128]], %{{.+}}, %{{.+}}) threads in (%[[C128]],
//       OPTS:   gpu.launch_func <%{{.+}} : !llvm.ptr> @row_mean_kernel_0::@row_mean_kernel
//       OPTS:   llvm.call @mgpuMemFree(%[[PART:.+]], %{{.+}})
//       OPTS:   llvm.call @mgpuStreamSynchronize
func.func @row_mean(%x: tensor<64x4096xf32>) -> tensor<64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x4096xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// Dynamic column mean: the result's size is the input's second dimension,
// the grid covers it with 256-thread blocks, ceil(n / 256) (0 for n = 0),
// capped at 2^31 - 1 blocks.
// CHECK-LABEL: llvm.func @col_mean(
//   CHECK-DAG:   %[[CAP:.+]] = llvm.mlir.constant(2147483647 : index) : i64
//   CHECK-DAG:   %[[C256:.+]] = llvm.mlir.constant(256 : index) : i64
//       CHECK:   %[[STREAM:.+]] = llvm.call @mgpuStreamCreate()
//       CHECK:   %[[END:.+]] = llvm.getelementptr %{{.+}}[%[[N:.+]]] : (!llvm.ptr, i64) -> !llvm.ptr, f16
//       CHECK:   %[[BYTES:.+]] = llvm.ptrtoint %[[END]]
//       CHECK:   %[[OUT:.+]] = llvm.call @mgpuMemAlloc(%[[BYTES]], %[[STREAM]], %{{.+}})
//       CHECK:   %[[EMPTY:.+]] = llvm.icmp "eq" %[[N]], %{{.+}} : i64
//       CHECK:   %[[NM1:.+]] = llvm.sub %[[N]], %{{.+}} : i64
//       CHECK:   %[[Q:.+]] = llvm.udiv %[[NM1]], %[[C256]] : i64
//       CHECK:   %[[CEIL:.+]] = llvm.add %[[Q]], %{{.+}} : i64
//       CHECK:   %[[BLOCKS:.+]] = llvm.select %[[EMPTY]], %{{.+}}, %[[CEIL]] : i1, i64
//       CHECK:   %[[GRID:.+]] = llvm.intr.umin(%[[BLOCKS]], %[[CAP]]) : (i64, i64) -> i64
//       CHECK:   gpu.launch_func <%[[STREAM]] : !llvm.ptr> @col_mean_kernel::@col_mean_kernel blocks in (%[[GRID]], %{{.+}}, %{{.+}}) threads in (%[[C256]], {{.*}}, %[[OUT]] : !llvm.ptr, %[[OUT]] : !llvm.ptr,
//       CHECK:   llvm.call @mgpuStreamSynchronize(%[[STREAM]])
//  CHECK-NEXT:   llvm.call @mgpuStreamDestroy(%[[STREAM]])
//       CHECK: gpu.binary @col_mean_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">,
func.func @col_mean(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xf16> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}

// -----

// A reduce-all of 4 Mi i32 is split over 256 blocks: their i64 partial
// sums go to a temporary device buffer that the second kernel reads in
// chunk order (deterministic, no atomics) on the same stream; it is freed
// on that stream before the host waits.
// CHECK-LABEL: llvm.func @all_split(
//   CHECK-DAG:   %[[C256:.+]] = llvm.mlir.constant(256 : index) : i64
//   CHECK-DAG:   %[[C1:.+]] = llvm.mlir.constant(1 : index) : i64
//       CHECK:   %[[STREAM:.+]] = llvm.call @mgpuStreamCreate()
//       CHECK:   %[[OUTEND:.+]] = llvm.getelementptr %{{.+}}[1] : (!llvm.ptr) -> !llvm.ptr, i32
//       CHECK:   %[[OUTBYTES:.+]] = llvm.ptrtoint %[[OUTEND]]
//       CHECK:   %[[OUT:.+]] = llvm.call @mgpuMemAlloc(%[[OUTBYTES]], %[[STREAM]], %{{.+}})
//       CHECK:   %[[PEND:.+]] = llvm.getelementptr %{{.+}}[256] : (!llvm.ptr) -> !llvm.ptr, i64
//       CHECK:   %[[PBYTES:.+]] = llvm.ptrtoint %[[PEND]]
//       CHECK:   %[[PART:.+]] = llvm.call @mgpuMemAlloc(%[[PBYTES]], %[[STREAM]], %{{.+}})
//       CHECK:   gpu.launch_func <%[[STREAM]] : !llvm.ptr> @all_split_kernel::@all_split_kernel blocks in (%[[C256]], %[[C1]], %[[C1]]) threads in (%[[C256]], %[[C1]], %[[C1]]) : i64 args({{.*}}, %[[PART]] : !llvm.ptr, %[[PART]] : !llvm.ptr,
//       CHECK:   gpu.launch_func <%[[STREAM]] : !llvm.ptr> @all_split_kernel_0::@all_split_kernel blocks in (%[[C1]], %[[C1]], %[[C1]]) threads in (%[[C256]], %[[C1]], %[[C1]]) : i64 args(%[[PART]] : !llvm.ptr, %[[PART]] : !llvm.ptr, {{.*}}, %[[OUT]] : !llvm.ptr, %[[OUT]] : !llvm.ptr,
//       CHECK:   llvm.call @mgpuMemFree(%[[PART]], %[[STREAM]])
//  CHECK-NEXT:   llvm.call @mgpuStreamSynchronize(%[[STREAM]])
//  CHECK-NEXT:   llvm.call @mgpuStreamDestroy(%[[STREAM]])
//       CHECK: gpu.binary @all_split_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">,
//       CHECK: gpu.binary @all_split_kernel_0 [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">,
// The option replaces the chosen split.
// OPTS-LABEL: llvm.func @all_split(
//       OPTS:   llvm.getelementptr %{{.+}}[2] : (!llvm.ptr) -> !llvm.ptr, i64
//       OPTS:   gpu.launch_func {{.*}}@all_split_kernel::@all_split_kernel
//       OPTS:   gpu.launch_func {{.*}}@all_split_kernel_0::@all_split_kernel
func.func @all_split(%x: tensor<4x1048576xi32>) -> tensor<i32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<4x1048576xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// Upstream elementwise ops around the mean become kernels of their own,
// launched on the same stream after the reduction.
// CHECK-LABEL: llvm.func @mixed(
//       CHECK:   %[[STREAM:.+]] = llvm.call @mgpuStreamCreate()
//       CHECK:   gpu.launch_func <%[[STREAM]] : !llvm.ptr> @mixed_kernel::@mixed_kernel
//       CHECK:   gpu.launch_func <%[[STREAM]] : !llvm.ptr> @mixed_kernel_0::@mixed_kernel
//       CHECK:   llvm.call @mgpuStreamSynchronize(%[[STREAM]])
//       CHECK: gpu.binary @mixed_kernel [
//       CHECK: gpu.binary @mixed_kernel_0 [{{.*}}ex2.approx
func.func @mixed(%x: tensor<16x32xf32>) -> tensor<16xf32> {
  %m = rmean.reduce_mean %x {axes = array<i64: -1>} : tensor<16x32xf32> -> tensor<16xf32>
  %e = math.exp %m : tensor<16xf32>
  return %e : tensor<16xf32>
}

// -----

// Runtime axes: the host copies the axes out of device memory (the caller
// passes device buffers), decodes and checks them, and switches to the
// kernel of the axis set they name (axis 1, then axis 0, one kernel each).
// Other masks cannot pass the checks here; the switch's default is a
// failed check, not the host loop of the CPU path.
// CHECK-LABEL: llvm.func @runtime_axes(
//       CHECK:   %[[HOST:.+]] = llvm.call @malloc(
//       CHECK:   llvm.call @mgpuMemcpy(%[[HOST]], %arg8, %{{.+}}, %[[S:.+]]) :
//       CHECK:   llvm.call @mgpuStreamSynchronize(%[[S]])
//       CHECK:   llvm.load
//       CHECK:   llvm.switch
//       CHECK:   gpu.launch_func {{.+}} @runtime_axes_kernel::@runtime_axes_kernel
//       CHECK:   gpu.launch_func {{.+}} @runtime_axes_kernel_0::@runtime_axes_kernel
//       CHECK:   llvm.call @free(%[[HOST]])
//       CHECK: gpu.binary @runtime_axes_kernel
//       CHECK: gpu.binary @runtime_axes_kernel_0
func.func @runtime_axes(%x: tensor<4x8xf32>, %a: tensor<1xi64>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<4x8xf32>, tensor<1xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Axes computed in the function would live in device memory, where the
// host cannot decode them: a diagnostic.
func.func @computed_axes(%x: tensor<4x8xf32>, %a: tensor<1xi64>) -> tensor<?xf32> {
  %one = arith.constant dense<1> : tensor<1xi64>
  %b = arith.subi %a, %one : tensor<1xi64>
  // expected-error@+1 {{'rmean.reduce_mean' op has runtime axes that are not an argument of the function, which this pipeline does not lower (its host code reads only arguments); pass the axes as a function argument, an attribute or a constant}}
  %0 = rmean.reduce_mean %x, %b : tensor<4x8xf32>, tensor<1xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
