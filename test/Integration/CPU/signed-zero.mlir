// Proves that a mean keeps the sign of zero the way IEEE addition does:
// the mean of only -0.0 values is -0.0 (-0 + -0 = -0), and a mix of -0.0
// and +0.0 gives +0.0, for f16, bf16, f32, f64 and both parts of
// complex<f32> / complex<f64>; the compiled code (@rows_*, run-time shapes)
// and the host folder (the same constants reduced in @main) agree.
// Row 0 of every input is all -0.0, row 1 mixes -0.0 and +0.0.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s

// Compiled, then folded; each line holds f16, bf16, f32, f64 (via f64).
// CHECK: sizes = [2, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[\[}}-0, -0, -0, -0],
// CHECK-NEXT: [0, 0, 0, 0]]
// CHECK: sizes = [2, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[\[}}-0, -0, -0, -0],
// CHECK-NEXT: [0, 0, 0, 0]]
// complex<f32> then complex<f64>, compiled then folded.
// CHECK: sizes = [2] strides = [1] data =
// CHECK-NEXT: [(-0,-0), (0,0)]
// CHECK: sizes = [2] strides = [1] data =
// CHECK-NEXT: [(-0,-0), (0,0)]
// CHECK: sizes = [2] strides = [1] data =
// CHECK-NEXT: [(-0,-0), (0,0)]
// CHECK: sizes = [2] strides = [1] data =
// CHECK-NEXT: [(-0,-0), (0,0)]

func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefC32(tensor<*xcomplex<f32>>)
func.func private @printMemrefC64(tensor<*xcomplex<f64>>)

func.func @rows_f16(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf16> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}
func.func @rows_bf16(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xbf16> -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}
func.func @rows_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @rows_f64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}
func.func @rows_c32(%x: tensor<?x?xcomplex<f32>>) -> tensor<?xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>
  return %0 : tensor<?xcomplex<f32>>
}
func.func @rows_c64(%x: tensor<?x?xcomplex<f64>>) -> tensor<?xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  return %0 : tensor<?xcomplex<f64>>
}

// Prints the four 2-element means as a 2x4 table of f64 (column = type).
func.func @print_table(%h: tensor<2xf16>, %b: tensor<2xbf16>, %f: tensor<2xf32>, %d: tensor<2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h0 = tensor.extract %h[%c0] : tensor<2xf16>
  %h1 = tensor.extract %h[%c1] : tensor<2xf16>
  %b0 = tensor.extract %b[%c0] : tensor<2xbf16>
  %b1 = tensor.extract %b[%c1] : tensor<2xbf16>
  %f0 = tensor.extract %f[%c0] : tensor<2xf32>
  %f1 = tensor.extract %f[%c1] : tensor<2xf32>
  %d0 = tensor.extract %d[%c0] : tensor<2xf64>
  %d1 = tensor.extract %d[%c1] : tensor<2xf64>
  %h0w = arith.extf %h0 : f16 to f64
  %h1w = arith.extf %h1 : f16 to f64
  %b0w = arith.extf %b0 : bf16 to f64
  %b1w = arith.extf %b1 : bf16 to f64
  %f0w = arith.extf %f0 : f32 to f64
  %f1w = arith.extf %f1 : f32 to f64
  %t = tensor.from_elements %h0w, %b0w, %f0w, %d0, %h1w, %b1w, %f1w, %d1 : tensor<2x4xf64>
  %u = tensor.cast %t : tensor<2x4xf64> to tensor<*xf64>
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}

func.func @main() {
  %h = arith.constant dense<[[-0.0, -0.0, -0.0], [-0.0, 0.0, -0.0]]> : tensor<2x3xf16>
  %b = arith.constant dense<[[-0.0, -0.0, -0.0], [-0.0, 0.0, -0.0]]> : tensor<2x3xbf16>
  %f = arith.constant dense<[[-0.0, -0.0, -0.0], [-0.0, 0.0, -0.0]]> : tensor<2x3xf32>
  %d = arith.constant dense<[[-0.0, -0.0, -0.0], [-0.0, 0.0, -0.0]]> : tensor<2x3xf64>
  %c = arith.constant dense<[[(-0.0, -0.0), (-0.0, -0.0)], [(0.0, -0.0), (-0.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
  %z = arith.constant dense<[[(-0.0, -0.0), (-0.0, -0.0)], [(0.0, -0.0), (-0.0, 0.0)]]> : tensor<2x2xcomplex<f64>>

  %hd = tensor.cast %h : tensor<2x3xf16> to tensor<?x?xf16>
  %bd = tensor.cast %b : tensor<2x3xbf16> to tensor<?x?xbf16>
  %fd = tensor.cast %f : tensor<2x3xf32> to tensor<?x?xf32>
  %dd = tensor.cast %d : tensor<2x3xf64> to tensor<?x?xf64>
  %hm = call @rows_f16(%hd) : (tensor<?x?xf16>) -> tensor<?xf16>
  %bm = call @rows_bf16(%bd) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %fm = call @rows_f32(%fd) : (tensor<?x?xf32>) -> tensor<?xf32>
  %dm = call @rows_f64(%dd) : (tensor<?x?xf64>) -> tensor<?xf64>
  %hms = tensor.cast %hm : tensor<?xf16> to tensor<2xf16>
  %bms = tensor.cast %bm : tensor<?xbf16> to tensor<2xbf16>
  %fms = tensor.cast %fm : tensor<?xf32> to tensor<2xf32>
  %dms = tensor.cast %dm : tensor<?xf64> to tensor<2xf64>
  call @print_table(%hms, %bms, %fms, %dms) : (tensor<2xf16>, tensor<2xbf16>, tensor<2xf32>, tensor<2xf64>) -> ()

  %hf = rmean.reduce_mean %h {axes = array<i64: 1>} : tensor<2x3xf16> -> tensor<2xf16>
  %bf = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<2x3xbf16> -> tensor<2xbf16>
  %ff = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<2x3xf32> -> tensor<2xf32>
  %df = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<2x3xf64> -> tensor<2xf64>
  call @print_table(%hf, %bf, %ff, %df) : (tensor<2xf16>, tensor<2xbf16>, tensor<2xf32>, tensor<2xf64>) -> ()

  %cd = tensor.cast %c : tensor<2x2xcomplex<f32>> to tensor<?x?xcomplex<f32>>
  %cm = call @rows_c32(%cd) : (tensor<?x?xcomplex<f32>>) -> tensor<?xcomplex<f32>>
  %cmu = tensor.cast %cm : tensor<?xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%cmu) : (tensor<*xcomplex<f32>>) -> ()
  %cf = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<2x2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %cfu = tensor.cast %cf : tensor<2xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%cfu) : (tensor<*xcomplex<f32>>) -> ()
  %zd = tensor.cast %z : tensor<2x2xcomplex<f64>> to tensor<?x?xcomplex<f64>>
  %zm = call @rows_c64(%zd) : (tensor<?x?xcomplex<f64>>) -> tensor<?xcomplex<f64>>
  %zmu = tensor.cast %zm : tensor<?xcomplex<f64>> to tensor<*xcomplex<f64>>
  call @printMemrefC64(%zmu) : (tensor<*xcomplex<f64>>) -> ()
  %zf = rmean.reduce_mean %z {axes = array<i64: 1>} : tensor<2x2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %zfu = tensor.cast %zf : tensor<2xcomplex<f64>> to tensor<*xcomplex<f64>>
  call @printMemrefC64(%zfu) : (tensor<*xcomplex<f64>>) -> ()
  return
}
