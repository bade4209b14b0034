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

// -----

// A copy between strided views cannot be one gpu.memcpy (it moves one
// contiguous range from the aligned pointer): it becomes a copy kernel over
// the elements, reading and writing through the views.
// CHECK-LABEL: func.func @strided_copy
//   CHECK-NOT:   gpu.memcpy
//       CHECK:   gpu.launch
//       CHECK:     scf.for
//       CHECK:       %[[V:.*]] = memref.load %arg0[{{.*}}] : memref<4xf32>
//       CHECK:       memref.store %[[V]], %{{.*}}[{{.*}}] : memref<4xf32, strided<[2], offset: 1>>
func.func @strided_copy(%src: memref<4xf32>, %big: memref<8xf32>) {
  %view = memref.subview %big[1] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2], offset: 1>>
  memref.copy %src, %view : memref<4xf32> to memref<4xf32, strided<[2], offset: 1>>
  return
}

// -----

// A constant lives in host memory: kernels get a device copy, freed before
// each return unless it is returned.
// CHECK-LABEL: func.func @constant
//       CHECK:   %[[G:.*]] = memref.get_global @c : memref<4xf32>
//       CHECK:   %[[D:.*]] = gpu.alloc () : memref<4xf32>
//       CHECK:   gpu.memcpy %[[D]], %[[G]]
//       CHECK:   gpu.launch
//       CHECK:     memref.load %[[D]]
//       CHECK:   gpu.dealloc %[[D]]
//       CHECK:   return
// CHECK-LABEL: func.func @returned_constant
//       CHECK:   %[[D2:.*]] = gpu.alloc () : memref<4xf32>
//   CHECK-NOT:   gpu.dealloc
//       CHECK:   return %[[D2]]
memref.global "private" constant @c : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @constant(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @c : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = memref.load %g[%tx] : memref<4xf32>
    memref.store %v, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}
func.func @returned_constant() -> memref<4xf32> {
  %g = memref.get_global @c : memref<4xf32>
  return %g : memref<4xf32>
}

// -----

// Host code that reads an argument (a device buffer) reads a host copy made
// at the start of the function, through the same views, and freed at each
// return; kernels keep the argument. Loads inside a launch are untouched.
// CHECK-LABEL: func.func @host_read
//  CHECK-SAME:     (%[[AXES:.+]]: memref<?xi64>, %[[OUT:.+]]: memref<4xi64>)
//       CHECK:   %[[N:.+]] = memref.dim %[[AXES]], %{{.+}} : memref<?xi64>
//       CHECK:   %[[HOST:.+]] = memref.alloc(%[[N]]) : memref<?xi64>
//       CHECK:   gpu.memcpy %[[HOST]], %[[AXES]] : memref<?xi64>, memref<?xi64>
//       CHECK:   %[[VIEW:.+]] = memref.subview %[[HOST]][1] [2] [1]
//       CHECK:   memref.load %[[VIEW]]
//       CHECK:   gpu.launch
//       CHECK:     memref.load %[[AXES]]
//       CHECK:   memref.dealloc %[[HOST]] : memref<?xi64>
//  CHECK-NEXT:   return
func.func @host_read(%axes: memref<?xi64>, %out: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %view = memref.subview %axes[1] [2] [1] : memref<?xi64> to memref<2xi64, strided<[1], offset: 1>>
  %first = memref.load %view[%c0] : memref<2xi64, strided<[1], offset: 1>>
  %i = arith.index_cast %first : i64 to index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %axes[%i] : memref<?xi64>
    memref.store %v, %out[%c0] : memref<4xi64>
    gpu.terminator
  }
  return
}
