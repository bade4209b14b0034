// Reductions on one thread fill, sum and divide their accumulator chunk by
// chunk (rmean-cpu-tile fuses the reduction into its division's chunks:
// 1024 rows of an inner reduction, or one step of its rows where they are
// read whole, as these rows of 7 are; `cache-tile` columns of an outer one).
// Chunks that do not divide the output (2500 rows; 70 columns in chunks of
// 32 or 1024), static and dynamic shapes, must print what the scalar code
// and the unfused (two-thread) code print: row r of the inner input holds
// r, so its mean is r; column c of batch b of the outer input holds
// 1000 b + c in each of its 49 rows.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=cache-tile=32 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=num-threads=2 | %{run} | FileCheck %s

// CHECK: data =
// CHECK-NEXT: [0,  1023,  1024,  2047,  2048,  2499]
// CHECK: data =
// CHECK-NEXT: [0,  1023,  1024,  2047,  2048,  2499]
// CHECK: data =
// CHECK-NEXT: [0,  31,  32,  69,  1033,  2069]
// CHECK: data =
// CHECK-NEXT: [0,  31,  32,  69,  1033,  2069]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @rows(%x: tensor<2500x7xf32>) -> tensor<2500xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2500x7xf32> -> tensor<2500xf32>
  return %0 : tensor<2500xf32>
}

func.func @rows_dynamic(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @pool(%x: tensor<3x49x70xf32>) -> tensor<3x70xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x49x70xf32> -> tensor<3x70xf32>
  return %0 : tensor<3x70xf32>
}

func.func @pool_dynamic(%x: tensor<?x?x?xf32>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @print6(%a: f32, %b: f32, %c: f32, %d: f32, %e: f32, %f: f32) {
  %t = tensor.from_elements %a, %b, %c, %d, %e, %f : tensor<6xf32>
  %u = tensor.cast %t : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %c33 = arith.constant 33 : index
  %c69 = arith.constant 69 : index
  %c1023 = arith.constant 1023 : index
  %c1024 = arith.constant 1024 : index
  %c2047 = arith.constant 2047 : index
  %c2048 = arith.constant 2048 : index
  %c2499 = arith.constant 2499 : index
  %thousand = arith.constant 1000 : index
  %x = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    tensor.yield %rf : f32
  } : tensor<2500x7xf32>
  %m = call @rows(%x) : (tensor<2500x7xf32>) -> tensor<2500xf32>
  %m0 = tensor.extract %m[%c0] : tensor<2500xf32>
  %m1 = tensor.extract %m[%c1023] : tensor<2500xf32>
  %m2 = tensor.extract %m[%c1024] : tensor<2500xf32>
  %m3 = tensor.extract %m[%c2047] : tensor<2500xf32>
  %m4 = tensor.extract %m[%c2048] : tensor<2500xf32>
  %m5 = tensor.extract %m[%c2499] : tensor<2500xf32>
  call @print6(%m0, %m1, %m2, %m3, %m4, %m5) : (f32, f32, f32, f32, f32, f32) -> ()
  %xd = tensor.cast %x : tensor<2500x7xf32> to tensor<?x?xf32>
  %d = call @rows_dynamic(%xd) : (tensor<?x?xf32>) -> tensor<?xf32>
  %d0 = tensor.extract %d[%c0] : tensor<?xf32>
  %d1 = tensor.extract %d[%c1023] : tensor<?xf32>
  %d2 = tensor.extract %d[%c1024] : tensor<?xf32>
  %d3 = tensor.extract %d[%c2047] : tensor<?xf32>
  %d4 = tensor.extract %d[%c2048] : tensor<?xf32>
  %d5 = tensor.extract %d[%c2499] : tensor<?xf32>
  call @print6(%d0, %d1, %d2, %d3, %d4, %d5) : (f32, f32, f32, f32, f32, f32) -> ()

  %y = tensor.generate {
  ^bb0(%b: index, %r: index, %c: index):
    %bk = arith.muli %b, %thousand : index
    %v = arith.addi %bk, %c : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    tensor.yield %vf : f32
  } : tensor<3x49x70xf32>
  %p = call @pool(%y) : (tensor<3x49x70xf32>) -> tensor<3x70xf32>
  %p0 = tensor.extract %p[%c0, %c0] : tensor<3x70xf32>
  %p1 = tensor.extract %p[%c0, %c31] : tensor<3x70xf32>
  %p2 = tensor.extract %p[%c0, %c32] : tensor<3x70xf32>
  %p3 = tensor.extract %p[%c0, %c69] : tensor<3x70xf32>
  %p4 = tensor.extract %p[%c1, %c33] : tensor<3x70xf32>
  %p5 = tensor.extract %p[%c2, %c69] : tensor<3x70xf32>
  call @print6(%p0, %p1, %p2, %p3, %p4, %p5) : (f32, f32, f32, f32, f32, f32) -> ()
  %yd = tensor.cast %y : tensor<3x49x70xf32> to tensor<?x?x?xf32>
  %q = call @pool_dynamic(%yd) : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
  %q0 = tensor.extract %q[%c0, %c0] : tensor<?x?xf32>
  %q1 = tensor.extract %q[%c0, %c31] : tensor<?x?xf32>
  %q2 = tensor.extract %q[%c0, %c32] : tensor<?x?xf32>
  %q3 = tensor.extract %q[%c0, %c69] : tensor<?x?xf32>
  %q4 = tensor.extract %q[%c1, %c33] : tensor<?x?xf32>
  %q5 = tensor.extract %q[%c2, %c69] : tensor<?x?xf32>
  call @print6(%q0, %q1, %q2, %q3, %q4, %q5) : (f32, f32, f32, f32, f32, f32) -> ()
  return
}
