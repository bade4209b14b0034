// RUN: rmean-opt %s --rmean-thread-chunks-to-openmp --split-input-file | FileCheck %s
// RUN: rmean-opt %s --rmean-thread-chunks-to-openmp="num-threads=4" --split-input-file | FileCheck %s --check-prefix=FOUR
// RUN: not rmean-opt %s --rmean-thread-chunks-to-openmp="num-threads=0" --split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// rmean's thread loop (bufferized: no results) becomes one OpenMP region
// whose worksharing loop has no barrier of its own (nowait): the region's
// end waits for every chunk. The body runs in an alloca scope per chunk.
// CHECK-LABEL: func.func @chunks
//  CHECK-SAME:     (%[[X:.+]]: memref<8x64xf32>, %[[Y:.+]]: memref<8xf32>)
//   CHECK-DAG:   %[[C0:.+]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C2:.+]] = arith.constant 2 : index
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : index
//   CHECK-DAG:   %[[T:.+]] = arith.constant 2 : i32
//       CHECK:   omp.parallel num_threads(%[[T]] : i32) {
//  CHECK-NEXT:     omp.wsloop nowait {
//  CHECK-NEXT:       omp.loop_nest (%[[I:.+]]) : index = (%[[C0]]) to (%[[C2]]) step (%[[C1]]) {
//  CHECK-NEXT:         memref.alloca_scope {
//  CHECK-NEXT:           %[[R:.+]] = affine.apply #{{.+}}(%[[I]])
//  CHECK-NEXT:           %[[XS:.+]] = memref.subview %[[X]][%[[R]], 0] [4, 64] [1, 1]
//  CHECK-NEXT:           %[[YS:.+]] = memref.subview %[[Y]][%[[R]]] [4] [1]
//  CHECK-NEXT:           func.call @chunk(%[[XS]], %[[YS]])
//  CHECK-NEXT:         }
//  CHECK-NEXT:         omp.yield
//  CHECK-NEXT:       }
//  CHECK-NEXT:     }
//  CHECK-NEXT:     omp.terminator
//  CHECK-NEXT:   }
//   CHECK-NOT:   scf.forall
//   CHECK-NOT:   rmean.thread_chunks
//       CHECK:   return
// FOUR-LABEL: func.func @chunks
//       FOUR:   %[[T:.+]] = arith.constant 4 : i32
//       FOUR:   omp.parallel num_threads(%[[T]] : i32)
//  BAD: rmean-thread-chunks-to-openmp: num-threads must be in [1, 4096], got 0
func.func private @chunk(memref<4x64xf32, strided<[64, 1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>)
func.func @chunks(%x: memref<8x64xf32>, %y: memref<8xf32>) {
  scf.forall (%i) in (2) {
    %r = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %xs = memref.subview %x[%r, 0] [4, 64] [1, 1] : memref<8x64xf32> to memref<4x64xf32, strided<[64, 1], offset: ?>>
    %ys = memref.subview %y[%r] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
    func.call @chunk(%xs, %ys) : (memref<4x64xf32, strided<[64, 1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>) -> ()
  } {rmean.thread_chunks}
  return
}

// -----

// Two dimensions of chunks and bounds known only at run time: one loop
// nest over both.
// CHECK-LABEL: func.func @chunks_2d
//  CHECK-SAME:     (%[[N:.+]]: index, %[[M:.+]]: memref<?x3xf32>)
//       CHECK:   omp.parallel
//       CHECK:     omp.wsloop nowait {
//       CHECK:       omp.loop_nest (%[[I:.+]], %[[J:.+]]) : index = (%{{.+}}, %{{.+}}) to (%[[N]], %{{.+}}) step (%{{.+}}, %{{.+}}) {
//       CHECK:         memref.alloca_scope {
//       CHECK:           memref.store %{{.+}}, %[[M]][%[[I]], %[[J]]]
func.func @chunks_2d(%n: index, %m: memref<?x3xf32>) {
  %c = arith.constant 1.0 : f32
  scf.forall (%i, %j) in (%n, 3) {
    memref.store %c, %m[%i, %j] : memref<?x3xf32>
  } {rmean.thread_chunks}
  return
}

// -----

// A forall that rmean did not mark is not rmean's to lower (the pipeline
// leaves it to scf-forall-to-parallel and convert-scf-to-openmp).
// CHECK-LABEL: func.func @negative_not_marked
//       CHECK:   scf.forall (%{{.+}}) in (8) {
//   CHECK-NOT:   omp.
//       CHECK:   return
func.func @negative_not_marked(%m: memref<8xf32>) {
  %c = arith.constant 1.0 : f32
  scf.forall (%i) in (8) {
    memref.store %c, %m[%i] : memref<8xf32>
  }
  return
}

// -----

// Before bufferization (results, parallel inserts) a marked loop stays as
// it is: only its buffer form has chunks that write their own slices.
// CHECK-LABEL: func.func @negative_tensor_form
//       CHECK:   scf.forall (%{{.+}}) in (2) shared_outs
//       CHECK:   } {rmean.thread_chunks}
//   CHECK-NOT:   omp.
func.func @negative_tensor_form(%t: tensor<8xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %s = tensor.extract_slice %o[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
    }
  } {rmean.thread_chunks}
  return %r : tensor<8xf32>
}
