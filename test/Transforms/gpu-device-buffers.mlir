// RUN: rmean-opt %s --rmean-gpu-device-buffers --split-input-file | FileCheck %s

// Host buffers move to device memory one for one: every size operand is
// kept, the alignment is dropped (cuMemAlloc aligns to 256 bytes), copies
// keep their direction (gpu.memcpy takes the target first), and the result
// returned to the caller is the device buffer. No async token yet:
// gpu-async-region adds them.
// CHECK-LABEL: func.func @host
//  CHECK-SAME:   (%[[N:.+]]: index, %[[M:.+]]: index, %[[SRC:.+]]: memref<?xf32>)
//       CHECK:   %[[A:.+]] = gpu.alloc  (%[[N]]) : memref<?xf32>
//       CHECK:   %[[B:.+]] = gpu.alloc  () : memref<4x8xf64>
//       CHECK:   %[[C:.+]] = gpu.alloc  (%[[N]], %[[M]]) : memref<?x2x?xi8>
//       CHECK:   gpu.memcpy  %[[A]], %[[SRC]] : memref<?xf32>, memref<?xf32>
//       CHECK:   gpu.dealloc  %[[B]] : memref<4x8xf64>
//       CHECK:   gpu.dealloc  %[[C]] : memref<?x2x?xi8>
//       CHECK:   return %[[A]] : memref<?xf32>
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.copy
//   CHECK-NOT:   memref.dealloc
func.func @host(%n: index, %m: index, %src: memref<?xf32>) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<4x8xf64>
  %c = memref.alloc(%n, %m) : memref<?x2x?xi8>
  memref.copy %src, %a : memref<?xf32> to memref<?xf32>
  memref.dealloc %b : memref<4x8xf64>
  memref.dealloc %c : memref<?x2x?xi8>
  return %a : memref<?xf32>
}

// -----

// Host code nested in regions (loops, conditionals) is host code too.
// CHECK-LABEL: func.func @nested
//       CHECK:   scf.if
//       CHECK:     %[[A:.+]] = gpu.alloc  () : memref<16xi8>
//       CHECK:     gpu.memcpy  %[[A]], %{{.+}} : memref<16xi8>, memref<16xi8>
//       CHECK:     gpu.dealloc  %[[A]] : memref<16xi8>
//       CHECK:   scf.for
//       CHECK:     %[[B:.+]] = gpu.alloc  () : memref<f32>
//       CHECK:     gpu.dealloc  %[[B]] : memref<f32>
//   CHECK-NOT:   memref.
func.func @nested(%c: i1, %src: memref<16xi8>, %n: index) {
  scf.if %c {
    %a = memref.alloc() : memref<16xi8>
    memref.copy %src, %a : memref<16xi8> to memref<16xi8>
    memref.dealloc %a : memref<16xi8>
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : memref<f32>
    memref.dealloc %b : memref<f32>
  }
  return
}

// -----

// Inside a kernel (a gpu.launch body, also nested in a loop there, or a
// gpu.func of a gpu.module) allocations are the kernel's own and stay as
// they are: gpu.alloc is a host operation.
// CHECK-LABEL: func.func @launch
//       CHECK:   gpu.launch
//       CHECK:     %[[A:.+]] = memref.alloc() : memref<16xi8>
//       CHECK:     memref.copy %{{.+}}, %[[A]] : memref<16xi8> to memref<16xi8>
//       CHECK:     scf.for
//       CHECK:       memref.alloca() : memref<4xf32>
//       CHECK:       %[[B:.+]] = memref.alloc() : memref<4xf32>
//       CHECK:       memref.dealloc %[[B]] : memref<4xf32>
//       CHECK:     memref.dealloc %[[A]] : memref<16xi8>
//       CHECK:     gpu.terminator
//       CHECK:   %[[H:.+]] = gpu.alloc  () : memref<16xi8>
//       CHECK:   gpu.dealloc  %[[H]] : memref<16xi8>
//       CHECK:   return
//       CHECK: gpu.module @kernels
//       CHECK:   gpu.func @k
//       CHECK:     %[[K:.+]] = memref.alloc() : memref<16xi8>
//       CHECK:     memref.copy %{{.+}}, %[[K]] : memref<16xi8> to memref<16xi8>
//       CHECK:     memref.dealloc %[[K]] : memref<16xi8>
//   CHECK-NOT:   gpu.alloc
//   CHECK-NOT:   gpu.memcpy
//   CHECK-NOT:   gpu.dealloc
func.func @launch(%src: memref<16xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.alloc() : memref<16xi8>
    memref.copy %src, %a : memref<16xi8> to memref<16xi8>
    scf.for %i = %c0 to %c4 step %c1 {
      %s = memref.alloca() : memref<4xf32>
      %b = memref.alloc() : memref<4xf32>
      memref.dealloc %b : memref<4xf32>
    }
    memref.dealloc %a : memref<16xi8>
    gpu.terminator
  }
  %h = memref.alloc() : memref<16xi8>
  memref.dealloc %h : memref<16xi8>
  return
}
gpu.module @kernels {
  gpu.func @k(%src: memref<16xi8>) kernel {
    %a = memref.alloc() : memref<16xi8>
    memref.copy %src, %a : memref<16xi8> to memref<16xi8>
    memref.dealloc %a : memref<16xi8>
    gpu.return
  }
}
