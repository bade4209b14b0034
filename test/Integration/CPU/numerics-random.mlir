// Proves the f32 accuracy bound of docs/ReduceMean.md §4 on the compiled code: the mean of
// 2^27 pseudo-random values in [0, 1) is within a relative error of 2^-20 of
// the exact mean (a sequential f32 sum gives 0.125 here, a relative error of
// 0.75). The values are generated in-IR from their index, so nothing can be
// folded, and the exact mean is computed in the same run with integers.
// (The other bounds of docs/ReduceMean.md §4 are in numerics.mlir.)

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s

func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @mean_all_f32(%x: tensor<?xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// x_i = h(i) * 2^-24 with h(i) the top 24 bits of the splitmix64 finaliser
// of i: every x_i is exact in f32, and sum_i h(i) < 2^51 is exact in i64
// and in f64, so (sum_i h(i)) * 2^-24 / n is the exact mean up to one f64
// rounding (n is a power of two, so not even that).
func.func @random_f32(%n: index) -> tensor<?xf32> {
  %scale = arith.constant 5.9604644775390625E-8 : f32   // 2^-24
  %golden = arith.constant -7046029254386353131 : i64   // 0x9E3779B97F4A7C15
  %m1 = arith.constant -4658895280553007687 : i64       // 0xBF58476D1CE4E5B9
  %m2 = arith.constant -7723592293110705685 : i64       // 0x94D049BB133111EB
  %c30 = arith.constant 30 : i64
  %c27 = arith.constant 27 : i64
  %c31 = arith.constant 31 : i64
  %c40 = arith.constant 40 : i64
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %k = arith.index_cast %i : index to i64
    %z0 = arith.addi %k, %golden : i64
    %s1 = arith.shrui %z0, %c30 : i64
    %x1 = arith.xori %z0, %s1 : i64
    %z1 = arith.muli %x1, %m1 : i64
    %s2 = arith.shrui %z1, %c27 : i64
    %x2 = arith.xori %z1, %s2 : i64
    %z2 = arith.muli %x2, %m2 : i64
    %s3 = arith.shrui %z2, %c31 : i64
    %z3 = arith.xori %z2, %s3 : i64
    %h = arith.shrui %z3, %c40 : i64
    %f = arith.uitofp %h : i64 to f32
    %x = arith.mulf %f, %scale : f32
    tensor.yield %x : f32
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}
// The exact integer sum of h(i) over the same tensor, read back from the
// f32 values (x * 2^24 is an exact integer).
func.func @exact_sum_f32(%x: tensor<?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %zero = arith.constant 0 : i64
  %scale = arith.constant 16777216.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = tensor.extract %x[%i] : tensor<?xf32>
    %w = arith.mulf %v, %scale : f32
    %h = arith.fptoui %w : f32 to i64
    %a = arith.addi %acc, %h : i64
    scf.yield %a : i64
  }
  return %s : i64
}

func.func @main() {
  // Print the exact mean (a property of the generator alone, so a broken
  // generator is caught as well), then 1 if the computed mean lies within a
  // relative error of 2^-20 of it.
  // CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
  // CHECK-NEXT: [0.499982]
  // CHECK-NEXT: rank = 1 offset = 0 sizes = [1] strides = [1] data =
  // CHECK-NEXT: [1]
  %n27 = arith.constant 134217728 : index
  %r = call @random_f32(%n27) : (index) -> tensor<?xf32>
  %rm = call @mean_all_f32(%r) : (tensor<?xf32>) -> tensor<f32>
  %sum = call @exact_sum_f32(%r) : (tensor<?xf32>) -> i64
  %sumf = arith.uitofp %sum : i64 to f64
  %denom = arith.constant 2.251799813685248E+15 : f64   // 2^24 * 2^27 = 2^51
  %exact = arith.divf %sumf, %denom : f64
  %got32 = tensor.extract %rm[] : tensor<f32>
  %got = arith.extf %got32 : f32 to f64
  %diff = arith.subf %got, %exact : f64
  %adiff = math.absf %diff : f64
  %rel = arith.divf %adiff, %exact : f64
  %bound = arith.constant 9.5367431640625E-7 : f64      // 2^-20
  %ok = arith.cmpf ole, %rel, %bound : f64
  %ok64 = arith.extui %ok : i1 to i64
  %exactt = tensor.from_elements %exact : tensor<1xf64>
  %exactu = tensor.cast %exactt : tensor<1xf64> to tensor<*xf64>
  call @printMemrefF64(%exactu) : (tensor<*xf64>) -> ()
  %okt = tensor.from_elements %ok64 : tensor<1xi64>
  %oku = tensor.cast %okt : tensor<1xi64> to tensor<*xi64>
  call @printMemrefI64(%oku) : (tensor<*xi64>) -> ()
  return
}
