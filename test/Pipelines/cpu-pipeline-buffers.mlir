// Scratch buffers of the CPU pipeline: upstream's buffer-loop-hoisting runs
// between one-shot bufferization and deallocation, so a buffer allocated per
// step of a loop (the i32 row sums of eight short 8-bit rows, divided after
// each step) is allocated once before the loop and freed after it, rather
// than malloc'ed and freed per step (64x512x7x7 ui8 pooling, same process,
// AMD Zen 5: 1.45-1.78x). The pass hoists out of scf.for only, never out of
// thread chunks (scf.forall), so each thread keeps its own buffers.
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 --mlir-print-ir-after=buffer-loop-hoisting -o /dev/null 2>&1 | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 --mlir-print-ir-before=convert-linalg-to-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=FREED

// CHECK-LABEL: func.func @short_rows_u8
//       CHECK:   %[[SUMS:.+]] = memref.alloc() {{.*}} : memref<8xi32>
//  CHECK-NEXT:   scf.for
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.fill {{.*}} outs(%[[SUMS]] : memref<8xi32>)
//       CHECK:   return
// FREED-LABEL: func.func @short_rows_u8
//       FREED:   %[[SUMS:.+]] = memref.alloc() {{.*}} : memref<8xi32>
//  FREED-NEXT:   scf.for
//       FREED:   memref.dealloc %[[SUMS]] : memref<8xi32>
//  FREED-NEXT:   return
func.func @short_rows_u8(%x: tensor<2048x49xui8>) -> tensor<2048xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2048x49xui8> -> tensor<2048xui8>
  return %0 : tensor<2048xui8>
}
