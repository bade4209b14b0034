// RUN: rmean-opt %s --rmean-strided-copies-to-loops --split-input-file | FileCheck %s
// RUN: rmean-opt %s --rmean-strided-copies-to-loops --split-input-file --convert-linalg-to-loops --finalize-memref-to-llvm | FileCheck %s --check-prefix=LLVM

// A copy into a strided view of a run-time size (what bufferization leaves
// for the peeled rows of a run-time row count) would lower to a call of
// MLIR's runtime memrefCopy; it becomes a linalg.copy, then loops.
// CHECK-LABEL: func.func @into_view
//  CHECK-NEXT:   linalg.copy ins(%{{.+}} : memref<?xf32>) outs(%{{.+}} : memref<?xf32, strided<[1], offset: ?>>)
//   CHECK-NOT:   memref.copy
// LLVM-LABEL: @into_view
//   LLVM-NOT:   call @memrefCopy
func.func @into_view(%a: memref<?xf32>, %b: memref<?xf32, strided<[1], offset: ?>>) {
  memref.copy %a, %b : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return
}

// -----

// Fully dynamic strides on either side (strided-inputs=true arguments).
// CHECK-LABEL: func.func @from_strided
//  CHECK-NEXT:   linalg.copy ins(%{{.+}} : memref<?x?xf64, strided<[?, ?], offset: ?>>) outs(%{{.+}} : memref<?x?xf64>)
// CHECK-LABEL: func.func @static_gap
//  CHECK-NEXT:   linalg.copy ins(%{{.+}} : memref<4x4xbf16, strided<[8, 1]>>) outs(%{{.+}} : memref<4x4xbf16>)
// LLVM-LABEL: @from_strided
//   LLVM-NOT:   call @memrefCopy
// LLVM-LABEL: @static_gap
//   LLVM-NOT:   call @memrefCopy
func.func @from_strided(%a: memref<?x?xf64, strided<[?, ?], offset: ?>>, %b: memref<?x?xf64>) {
  memref.copy %a, %b : memref<?x?xf64, strided<[?, ?], offset: ?>> to memref<?x?xf64>
  return
}
func.func @static_gap(%a: memref<4x4xbf16, strided<[8, 1]>>, %b: memref<4x4xbf16>) {
  memref.copy %a, %b : memref<4x4xbf16, strided<[8, 1]>> to memref<4x4xbf16>
  return
}

// -----

// Copies the conversion turns into memcpy stay: identity layouts of any
// shape, static contiguous views (any offset), and unranked memrefs, which
// have no loop form.
// CHECK-LABEL: func.func @negative_kept
//  CHECK-NEXT:   memref.copy %{{.+}}, %{{.+}} : memref<?x3xi8> to memref<?x3xi8>
//  CHECK-NEXT:   memref.copy %{{.+}}, %{{.+}} : memref<2x3xi8, strided<[3, 1], offset: 6>> to memref<2x3xi8>
//  CHECK-NEXT:   memref.copy %{{.+}}, %{{.+}} : memref<*xi8> to memref<*xi8>
//   CHECK-NOT:   linalg.copy
// LLVM-LABEL: @negative_kept
//   LLVM-NOT:   call @memrefCopy
//       LLVM:   llvm.call @memrefCopy
//   LLVM-NOT:   call @memrefCopy
func.func @negative_kept(%a: memref<?x3xi8>, %b: memref<?x3xi8>,
                %c: memref<2x3xi8, strided<[3, 1], offset: 6>>, %d: memref<2x3xi8>,
                %e: memref<*xi8>, %f: memref<*xi8>) {
  memref.copy %a, %b : memref<?x3xi8> to memref<?x3xi8>
  memref.copy %c, %d : memref<2x3xi8, strided<[3, 1], offset: 6>> to memref<2x3xi8>
  memref.copy %e, %f : memref<*xi8> to memref<*xi8>
  return
}
