// RUN: rmean-opt %s --rmean-contiguous-arguments --split-input-file | FileCheck %s

// A fully dynamic argument is tested once at entry: a dense row-major
// descriptor (each stride the product of the sizes after it, a size of 1
// matching any stride, or an empty array) is reread with row-major strides
// and its own offset; any other is copied into a row-major buffer, freed at
// each return when it was made. Uses take the result through a cast back
// to the argument's type (canonicalization folds it into them).
// CHECK-LABEL: func.func @read
//  CHECK-SAME:     (%[[X:.+]]: memref<4x?xf32, strided<[?, ?], offset: ?>>, %[[OUT:.+]]: memref<f32>)
//       CHECK:   %{{.+}}, %[[OFF:.+]], %[[SIZES:.+]]:2, %[[STRIDES:.+]]:2 = memref.extract_strided_metadata %[[X]]
//       CHECK:   arith.cmpi eq, %[[STRIDES]]#1, %[[ONE:.+]] : index
//       CHECK:   %[[INNER:.+]] = arith.muli %[[ONE]], %[[SIZES]]#1 : index
//       CHECK:   arith.cmpi eq, %[[STRIDES]]#0, %[[INNER]] : index
//       CHECK:   %[[C:.+]] = scf.if %[[DENSE:[^ ]+]] -> (memref<4x?xf32, strided<[?, 1], offset: ?>>) {
//       CHECK:     memref.reinterpret_cast %[[X]] to offset: [%[[OFF]]], sizes: [4, %[[SIZES]]#1], strides: [%[[INNER]], 1]
//       CHECK:   } else {
//       CHECK:     %[[COPY:.+]] = memref.alloc(%[[SIZES]]#1) : memref<4x?xf32>
//       CHECK:     linalg.copy ins(%[[X]] : {{.+}}) outs(%[[COPY]] : memref<4x?xf32>)
//       CHECK:     memref.cast %[[COPY]]
//       CHECK:   }
//       CHECK:   %[[AS:.+]] = memref.cast %[[C]] : memref<4x?xf32, strided<[?, 1], offset: ?>> to memref<4x?xf32, strided<[?, ?], offset: ?>>
//       CHECK:   memref.load %[[AS]]
//       CHECK:   %[[COPIED:.+]] = arith.xori %[[DENSE]]
//       CHECK:   scf.if %[[COPIED]] {
//  CHECK-NEXT:     memref.dealloc %[[C]]
//       CHECK:   return
func.func @read(%x: memref<4x?xf32, strided<[?, ?], offset: ?>>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0, %c0] : memref<4x?xf32, strided<[?, ?], offset: ?>>
  memref.store %v, %out[] : memref<f32>
  return
}

// -----

// A returned argument: the copy, if made, goes to the caller (who frees
// every returned buffer), so nothing is freed here.
// CHECK-LABEL: func.func @returned
//       CHECK:   scf.if
//       CHECK:     memref.reinterpret_cast {{.+}} sizes: [8], strides: [1]
//       CHECK:     memref.alloc() : memref<8xf32>
//   CHECK-NOT:   memref.dealloc
//       CHECK:   return
func.func @returned(%x: memref<8xf32, strided<[?], offset: ?>>) -> memref<8xf32, strided<[?], offset: ?>> {
  return %x : memref<8xf32, strided<[?], offset: ?>>
}

// -----

// Identity layouts (already row-major) and non-memref arguments are left
// alone.
// CHECK-LABEL: func.func @negative_identity_layout
//   CHECK-NOT:   extract_strided_metadata
//   CHECK-NOT:   scf.if
//       CHECK:   memref.load %arg0
func.func @negative_identity_layout(%x: memref<8xf32>, %i: index) -> f32 {
  %v = memref.load %x[%i] : memref<8xf32>
  return %v : f32
}
