// RUN: rmean-opt %s --split-input-file --pass-pipeline='builtin.module(convert-rmean-to-linalg,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(rmean-gpu-distribute),canonicalize)' 2>&1 | FileCheck %s
// RUN: not rmean-opt %s --split-input-file --pass-pipeline='builtin.module(convert-rmean-to-linalg,func.func(rmean-gpu-distribute))' 2>&1 | FileCheck %s --check-prefix=TENSOR
// RUN: rmean-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-rmean-to-linalg,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(rmean-gpu-distribute))' > /dev/null

// A block per row: 16-byte loads, an xor-shuffle tree over each 32-bit
// word of the f64 accumulator, the 8 warps' sums in workgroup memory, a
// barrier, and the first thread adds them in warp order and divides.
// CHECK-LABEL: func.func @block_rows
//   CHECK-NOT:   linalg.
//       CHECK:   %[[OUT:.*]] = memref.alloc() {{.*}} : memref<64xf32>
//       CHECK:   gpu.launch blocks({{.*}}) in ({{.*}} = %c64, {{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in ({{.*}} = %c256, {{.*}}) workgroup(%[[WG:.*]] : memref<8x2xi32, #gpu.address_space<workgroup>>)
//       CHECK:     scf.for
//       CHECK:       scf.if
//       CHECK:         scf.for {{.*}} step %c1024 iter_args({{.*}}) -> (f64)
//       CHECK:           vector.load {{.*}} {alignment = 16 : i64} : memref<64x4096xf32>, vector<4xf32>
//       CHECK:           arith.extf {{.*}} : f32 to f64
//       CHECK:       gpu.shuffle  xor {{.*}}, %c16_i32, %c32_i32 : i32
//       CHECK:       gpu.shuffle  xor {{.*}}, %c16_i32, %c32_i32 : i32
//       CHECK:       gpu.shuffle  xor {{.*}}, %c8_i32, %c32_i32 : i32
//       CHECK:       gpu.shuffle  xor {{.*}}, %c4_i32, %c32_i32 : i32
//       CHECK:       gpu.shuffle  xor {{.*}}, %c2_i32, %c32_i32 : i32
//       CHECK:       gpu.shuffle  xor {{.*}}, %c1_i32, %c32_i32 : i32
//       CHECK:       memref.store {{.*}}, %[[WG]]
//       CHECK:       gpu.barrier
//       CHECK:       scf.if
//  CHECK-COUNT-16:     memref.load %[[WG]]
//       CHECK:         arith.divf
//       CHECK:         arith.truncf {{.*}} : f64 to f32
//       CHECK:         memref.store {{.*}}, %[[OUT]]
//       CHECK:       gpu.barrier
//       CHECK:   return %[[OUT]]
func.func @block_rows(%x: tensor<64x4096xf32>) -> tensor<64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, items_per_thread = 4>} : tensor<64x4096xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// A warp per row: no workgroup memory, no barrier; lane 0 finishes. The
// i64 input's i128 sum crosses lanes as four 32-bit words.
// CHECK-LABEL: func.func @warp_rows
//   CHECK-NOT:   workgroup
//       CHECK:   gpu.launch
//       CHECK:     arith.extsi {{.*}} : i64 to i128
//       CHECK:     arith.addi {{.*}} : i128
//  CHECK-COUNT-4:  gpu.shuffle  xor {{.*}}, %c16_i32
//   CHECK-NOT:     gpu.barrier
//       CHECK:     arith.divsi {{.*}} : i128
//   CHECK-NOT:   gpu.barrier
//       CHECK:   return
func.func @warp_rows(%x: tensor<?x100xi64>) -> tensor<?xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 128, threads_per_output = 32>} : tensor<?x100xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// Columns: a thread per output, a loop over the reduced rows; split over 4
// chunks into partial-sum buffers (one per accumulator part of the
// compensated f64 sum), then a second kernel with a warp per output: lane
// l adds chunks l, l + 32, ..., then the xor tree.
// CHECK-LABEL: func.func @split_columns
//   CHECK-DAG:   %[[P0:.*]] = memref.alloc() : memref<2048xf64>
//   CHECK-DAG:   %[[P1:.*]] = memref.alloc() : memref<2048xf64>
//       CHECK:   gpu.launch
//   CHECK-NOT:     gpu.shuffle
//       CHECK:     scf.for
//       CHECK:       scf.for {{.*}} iter_args({{.*}}) -> (f64, f64)
//       CHECK:         memref.load {{.*}} : memref<1000x512xf64>
//       CHECK:         arith.subf
//       CHECK:       memref.store {{.*}}, %[[P0]]
//       CHECK:       memref.store {{.*}}, %[[P1]]
//       CHECK:   gpu.launch
//       CHECK:     scf.for {{.*}} to %c4 step %c32 iter_args({{.*}}) -> (f64, f64)
//       CHECK:       memref.load %[[P0]]
//       CHECK:       memref.load %[[P1]]
//       CHECK:     gpu.shuffle  xor {{.*}}, %c16_i32
//       CHECK:     arith.divf
//   CHECK-DAG:   memref.dealloc %[[P0]]
//   CHECK-DAG:   memref.dealloc %[[P1]]
func.func @split_columns(%x: tensor<1000x512xf64>) -> tensor<512xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = outer, block_size = 256, blocks_per_output = 4>} : tensor<1000x512xf64> -> tensor<512xf64>
  return %0 : tensor<512xf64>
}

// -----

// Separate reduced runs: one thread per output, nested loops over both
// reduced dimensions (complex<f32>: two f64 parts).
// CHECK-LABEL: func.func @serial
//       CHECK:   gpu.launch
//       CHECK:     scf.for {{.*}} -> (f64, f64)
//       CHECK:       scf.for {{.*}} -> (f64, f64)
//       CHECK:         complex.re
//       CHECK:     complex.create
func.func @serial(%x: tensor<5x6x7xcomplex<f32>>) -> tensor<6xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = serial, block_size = 64>} : tensor<5x6x7xcomplex<f32>> -> tensor<6xcomplex<f32>>
  return %0 : tensor<6xcomplex<f32>>
}

// -----

// A hand-written kind that does not fit the layout is a warning, and the
// reduction runs serially; so are items that would split a row unevenly.
// CHECK-LABEL: func.func @misfit
// CHECK-COUNT-2: gpu.launch
func.func @misfit(%x: tensor<10x30xf32>) -> (tensor<30xf32>, tensor<10xf32>) {
  // expected-warning @+1 {{rmean-gpu-distribute: #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 32> does not fit this reduction's layout (it fits outer); using serial}}
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 32>} : tensor<10x30xf32> -> tensor<30xf32>
  // expected-warning @+1 {{rmean-gpu-distribute: items_per_thread = 4 needs a static row length that it divides and loads of at most 16 bytes; using 1}}
  %1 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 32, items_per_thread = 4>} : tensor<10x30xf32> -> tensor<10xf32>
  return %0, %1 : tensor<30xf32>, tensor<10xf32>
}

// -----

// On tensors (not bufferized) the pass refuses with a diagnostic.
// TENSOR: error: rmean-gpu-distribute: cannot map this reduction: it is not bufferized (run one-shot-bufferize first)
func.func @tensors(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 32>} : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Reductions without a GPU strategy, and user ops, are left alone.
// CHECK-LABEL: func.func @untouched
//   CHECK-NOT:   gpu.launch
//       CHECK:   linalg.generic
//       CHECK:   rmean.reduction
func.func @untouched(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
