// f64 means in vector lanes (docs/ReduceMean.md §4.2): each lane keeps a
// Neumaier sum and compensation, the lanes are merged with the same
// compensated step, and the elements past the last full step of lanes are
// added by the scalar body. The cases put their critical values in
// different lanes, in later steps and in that tail, and must give what the
// scalar code gives: a cancellation that a plain f64 sum loses (2^60 in
// lane 0, -2^60 in the tail, 38 ones between: 0.95, not 0.15), +Inf and
// -Inf in two lanes (NaN), only -0.0 (-0), a NaN in the tail, and a sum
// that overflows (Inf). Rows and columns, static and run-time shapes,
// scalar code, the default 16 lanes, 3 lanes on 2 threads.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=3 num-threads=2" | %{run} | FileCheck %s

// Rows, static then run-time shapes.
// CHECK: data =
// CHECK-NEXT: [0.95,  {{-?}}nan,  -0,  {{-?}}nan,  inf]
// CHECK: data =
// CHECK-NEXT: [0.95,  {{-?}}nan,  -0,  {{-?}}nan,  inf]
// Columns 3, 5 and 19 (the last, past the full lanes) of 20.
// CHECK: data =
// CHECK-NEXT: [0.95,  inf,  {{-?}}nan]
// CHECK: data =
// CHECK-NEXT: [0.95,  inf,  {{-?}}nan]

func.func private @printMemrefF64(tensor<*xf64>)

func.func @rows(%x: tensor<5x40xf64>) -> tensor<5xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<5x40xf64> -> tensor<5xf64>
  return %0 : tensor<5xf64>
}
func.func @rows_dynamic(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}
func.func @columns(%x: tensor<40x20xf64>) -> tensor<20xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<40x20xf64> -> tensor<20xf64>
  return %0 : tensor<20xf64>
}
func.func @columns_dynamic(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

func.func @print(%m: tensor<?xf64>) {
  %u = tensor.cast %m : tensor<?xf64> to tensor<*xf64>
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}

// Columns 3, 5 and 19 of a column mean.
func.func @print_columns(%m: tensor<?xf64>) {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c19 = arith.constant 19 : index
  %a = tensor.extract %m[%c3] : tensor<?xf64>
  %b = tensor.extract %m[%c5] : tensor<?xf64>
  %c = tensor.extract %m[%c19] : tensor<?xf64>
  %v = tensor.from_elements %a, %b, %c : tensor<3xf64>
  %d = tensor.cast %v : tensor<3xf64> to tensor<?xf64>
  call @print(%d) : (tensor<?xf64>) -> ()
  return
}

func.func @main() {
  %one = arith.constant 1.0 : f64
  %negzero = arith.constant -0.0 : f64
  %big = arith.constant 1.152921504606846976e18 : f64
  %negbig = arith.constant -1.152921504606846976e18 : f64
  %inf = arith.constant 0x7FF0000000000000 : f64
  %neginf = arith.constant 0xFFF0000000000000 : f64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %huge = arith.constant 1.0e308 : f64
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %i5 = arith.constant 5 : index
  %i9 = arith.constant 9 : index
  %i19 = arith.constant 19 : index
  %i20 = arith.constant 20 : index
  %i22 = arith.constant 22 : index
  %i30 = arith.constant 30 : index
  %i33 = arith.constant 33 : index
  %i39 = arith.constant 39 : index

  // Rows: 40 = two steps of 16 lanes and a tail of 8.
  %e = tensor.empty() : tensor<5x40xf64>
  %ones = linalg.fill ins(%one : f64) outs(%e : tensor<5x40xf64>) -> tensor<5x40xf64>
  %r0 = tensor.insert %big into %ones[%i0, %i0] : tensor<5x40xf64>
  %r1 = tensor.insert %negbig into %r0[%i0, %i33] : tensor<5x40xf64>
  %r2 = tensor.insert %inf into %r1[%i1, %i5] : tensor<5x40xf64>
  %r3 = tensor.insert %neginf into %r2[%i1, %i22] : tensor<5x40xf64>
  %zrow = tensor.empty() : tensor<40xf64>
  %zeros = linalg.fill ins(%negzero : f64) outs(%zrow : tensor<40xf64>) -> tensor<40xf64>
  %r4 = tensor.insert_slice %zeros into %r3[2, 0] [1, 40] [1, 1] : tensor<40xf64> into tensor<5x40xf64>
  %r5 = tensor.insert %nan into %r4[%i3, %i39] : tensor<5x40xf64>
  %r6 = tensor.insert %huge into %r5[%i4, %i3] : tensor<5x40xf64>
  %rows = tensor.insert %huge into %r6[%i4, %i20] : tensor<5x40xf64>

  %m0 = call @rows(%rows) : (tensor<5x40xf64>) -> tensor<5xf64>
  %m0d = tensor.cast %m0 : tensor<5xf64> to tensor<?xf64>
  call @print(%m0d) : (tensor<?xf64>) -> ()
  %rowsd = tensor.cast %rows : tensor<5x40xf64> to tensor<?x?xf64>
  %m1 = call @rows_dynamic(%rowsd) : (tensor<?x?xf64>) -> tensor<?xf64>
  call @print(%m1) : (tensor<?xf64>) -> ()

  // Columns: 20 = 16 lanes and 4 more; 40 rows.
  %ce = tensor.empty() : tensor<40x20xf64>
  %cones = linalg.fill ins(%one : f64) outs(%ce : tensor<40x20xf64>) -> tensor<40x20xf64>
  %c0 = tensor.insert %big into %cones[%i0, %i3] : tensor<40x20xf64>
  %c1 = tensor.insert %negbig into %c0[%i30, %i3] : tensor<40x20xf64>
  %c2 = tensor.insert %huge into %c1[%i2, %i5] : tensor<40x20xf64>
  %c3 = tensor.insert %huge into %c2[%i33, %i5] : tensor<40x20xf64>
  %cols = tensor.insert %nan into %c3[%i9, %i19] : tensor<40x20xf64>

  %m2 = call @columns(%cols) : (tensor<40x20xf64>) -> tensor<20xf64>
  %m2d = tensor.cast %m2 : tensor<20xf64> to tensor<?xf64>
  call @print_columns(%m2d) : (tensor<?xf64>) -> ()
  %colsd = tensor.cast %cols : tensor<40x20xf64> to tensor<?x?xf64>
  %m3 = call @columns_dynamic(%colsd) : (tensor<?x?xf64>) -> tensor<?xf64>
  call @print_columns(%m3) : (tensor<?xf64>) -> ()
  return
}
