// Proves that --rmean-cpu-pipeline="num-threads=N" (OpenMP) computes the
// same means as the single-threaded code for rows, columns, middle axes and
// reduce-all (whose reduction is split into per-thread partial sums), with
// sizes that do not divide evenly among the threads or the vector lanes.
// REQUIRES: libomp

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="num-threads=3 vector-size=8 cache-tile=16" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="num-threads=2" | FileCheck %s --check-prefix=OMP

// OMP: omp.parallel

func.func private @printMemrefF32(tensor<*xf32>)

func.func @rows(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @cols(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @middle(%x: tensor<3x?x5xf32>) -> tensor<3x5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x?x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
func.func @all(%x: tensor<?x?xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @main() {
  // x[i, j] = i + j on 5 x 37.
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %k = arith.index_cast %s : index to i32
    %f = arith.sitofp %k : i32 to f32
    tensor.yield %f : f32
  } : tensor<5x37xf32>
  %d = tensor.cast %x : tensor<5x37xf32> to tensor<?x?xf32>

  // Row i: i + 18.
  // CHECK: [18,  19,  20,  21,  22]
  %r = call @rows(%d) : (tensor<?x?xf32>) -> tensor<?xf32>
  %ru = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()

  // Column j: j + 2.
  // CHECK: [2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  32,  33,  34,  35,  36,  37,  38]
  %c = call @cols(%d) : (tensor<?x?xf32>) -> tensor<?xf32>
  %cu = tensor.cast %c : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()

  // Everything: 2 + 18 = 20.
  // CHECK: [20]
  %a = call @all(%d) : (tensor<?x?xf32>) -> tensor<f32>
  %au = tensor.cast %a : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%au) : (tensor<*xf32>) -> ()

  // y[i, j, k] = 100 i + j + 10 k on 3 x 7 x 5, middle axis: 100 i + 3 + 10 k.
  %y = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %a0 = arith.muli %i, %c100 : index
    %a1 = arith.muli %k, %c10 : index
    %s0 = arith.addi %a0, %j : index
    %s1 = arith.addi %s0, %a1 : index
    %n = arith.index_cast %s1 : index to i32
    %f = arith.sitofp %n : i32 to f32
    tensor.yield %f : f32
  } : tensor<3x7x5xf32>
  %yd = tensor.cast %y : tensor<3x7x5xf32> to tensor<3x?x5xf32>
  // CHECK: [3,   13,   23,   33,   43],
  // CHECK: [103,   113,   123,   133,   143],
  // CHECK: [203,   213,   223,   233,   243]
  %m = call @middle(%yd) : (tensor<3x?x5xf32>) -> tensor<3x5xf32>
  %mu = tensor.cast %m : tensor<3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%mu) : (tensor<*xf32>) -> ()
  return
}
