// Column means of 8- and 16-bit elements take cache tiles of twice
// cache-tile columns when there are more (rmean-select-cpu-strategy),
// four times with the i32 sums of rmean-narrow-integer-sums (i8): bf16 a
// full tile of 2048 columns and a remainder of 452, i8 one tile of 3000;
// with cache-tile=300 tiles of 600 (1200) and a remainder; compensated f64
// columns four times as many (4096 and a remainder of 404, or 1200). Every
// mean must have the bits of the scalar code's (the strategy `none`): i8
// means are exact, the bf16 columns hold small integers (exact sums in any
// order), f64 columns are summed in row order with their compensation (the
// ±2^60 in the first and last rows cancel; a plain sum would lose the
// rows between). The test prints the number of differing means.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=cache-tile=300 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="num-threads=2 target-vector-bits=256" | %{run} | FileCheck %s

// CHECK: i8 columns differing: 0 of 3000
// CHECK: bf16 columns differing: 0 of 2500
// CHECK: f64 columns differing: 0 of 4500
// CHECK: f64 column 4400: 61.3407

#none = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 1024>

func.func @vi8(%x: tensor<37x3000xi8>) -> tensor<3000xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<37x3000xi8> -> tensor<3000xi8>
  return %0 : tensor<3000xi8>
}
func.func @si8(%x: tensor<37x3000xi8>) -> tensor<3000xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.cpu_strategy = #none} : tensor<37x3000xi8> -> tensor<3000xi8>
  return %0 : tensor<3000xi8>
}
func.func @vbf16(%x: tensor<21x2500xbf16>) -> tensor<2500xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<21x2500xbf16> -> tensor<2500xbf16>
  return %0 : tensor<2500xbf16>
}
func.func @sbf16(%x: tensor<21x2500xbf16>) -> tensor<2500xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.cpu_strategy = #none} : tensor<21x2500xbf16> -> tensor<2500xbf16>
  return %0 : tensor<2500xbf16>
}

func.func @vf64(%x: tensor<13x4500xf64>) -> tensor<4500xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<13x4500xf64> -> tensor<4500xf64>
  return %0 : tensor<4500xf64>
}
func.func @sf64(%x: tensor<13x4500xf64>) -> tensor<4500xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.cpu_strategy = #none} : tensor<13x4500xf64> -> tensor<4500xf64>
  return %0 : tensor<4500xf64>
}

// A hash of (r, c) as i32.
func.func @hash(%r: index, %c: index) -> i32 {
  %ri = arith.index_cast %r : index to i32
  %ci = arith.index_cast %c : index to i32
  %m1 = arith.constant 7919 : i32
  %m2 = arith.constant 104729 : i32
  %m3 = arith.constant 31 : i32
  %a = arith.muli %ri, %m1 : i32
  %b = arith.muli %ci, %m2 : i32
  %rc = arith.muli %ri, %ci : i32
  %d = arith.muli %rc, %m3 : i32
  %ab = arith.addi %a, %b : i32
  %h = arith.addi %ab, %d : i32
  return %h : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2500 = arith.constant 2500 : index
  %c3000 = arith.constant 3000 : index
  %xi = tensor.generate {
  ^bb0(%r: index, %c: index):
    %h = func.call @hash(%r, %c) : (index, index) -> i32
    %v = arith.trunci %h : i32 to i8
    tensor.yield %v : i8
  } : tensor<37x3000xi8>
  %a = call @vi8(%xi) : (tensor<37x3000xi8>) -> tensor<3000xi8>
  %b = call @si8(%xi) : (tensor<37x3000xi8>) -> tensor<3000xi8>
  %di = scf.for %i = %c0 to %c3000 step %c1 iter_args(%acc = %c0) -> index {
    %x = tensor.extract %a[%i] : tensor<3000xi8>
    %y = tensor.extract %b[%i] : tensor<3000xi8>
    %ne = arith.cmpi ne, %x, %y : i8
    %inc = arith.select %ne, %c1, %c0 : index
    %next = arith.addi %acc, %inc : index
    scf.yield %next : index
  }
  vector.print str "i8 columns differing: "
  vector.print %di : index punctuation <no_punctuation>
  vector.print str " of 3000\n"

  // Integers in [-64, 63]: exact in bf16, sums exact in f32.
  %xb = tensor.generate {
  ^bb0(%r: index, %c: index):
    %h = func.call @hash(%r, %c) : (index, index) -> i32
    %m = arith.constant 127 : i32
    %k = arith.andi %h, %m : i32
    %o = arith.constant 64 : i32
    %s = arith.subi %k, %o : i32
    %f = arith.sitofp %s : i32 to f32
    %v = arith.truncf %f : f32 to bf16
    tensor.yield %v : bf16
  } : tensor<21x2500xbf16>
  %ab = call @vbf16(%xb) : (tensor<21x2500xbf16>) -> tensor<2500xbf16>
  %bb = call @sbf16(%xb) : (tensor<21x2500xbf16>) -> tensor<2500xbf16>
  %db = scf.for %i = %c0 to %c2500 step %c1 iter_args(%acc = %c0) -> index {
    %x = tensor.extract %ab[%i] : tensor<2500xbf16>
    %y = tensor.extract %bb[%i] : tensor<2500xbf16>
    %xi16 = arith.bitcast %x : bf16 to i16
    %yi16 = arith.bitcast %y : bf16 to i16
    %ne = arith.cmpi ne, %xi16, %yi16 : i16
    %inc = arith.select %ne, %c1, %c0 : index
    %next = arith.addi %acc, %inc : index
    scf.yield %next : index
  }
  vector.print str "bf16 columns differing: "
  vector.print %db : index punctuation <no_punctuation>
  vector.print str " of 2500\n"

  // f64: 2^60 in row 0, -2^60 in row 12, hash / 7 in [0, 147) between.
  %c4400 = arith.constant 4400 : index
  %c4500 = arith.constant 4500 : index
  %xf = tensor.generate {
  ^bb0(%r: index, %c: index):
    %h = func.call @hash(%r, %c) : (index, index) -> i32
    %m = arith.constant 1023 : i32
    %k = arith.andi %h, %m : i32
    %f = arith.sitofp %k : i32 to f64
    %seven = arith.constant 7.0 : f64
    %small = arith.divf %f, %seven : f64
    %big = arith.constant 1.152921504606846976e18 : f64
    %negbig = arith.constant -1.152921504606846976e18 : f64
    %c12 = arith.constant 12 : index
    %first = arith.cmpi eq, %r, %c0 : index
    %last = arith.cmpi eq, %r, %c12 : index
    %v0 = arith.select %last, %negbig, %small : f64
    %v = arith.select %first, %big, %v0 : f64
    tensor.yield %v : f64
  } : tensor<13x4500xf64>
  %af = call @vf64(%xf) : (tensor<13x4500xf64>) -> tensor<4500xf64>
  %bf = call @sf64(%xf) : (tensor<13x4500xf64>) -> tensor<4500xf64>
  %df = scf.for %i = %c0 to %c4500 step %c1 iter_args(%acc = %c0) -> index {
    %x = tensor.extract %af[%i] : tensor<4500xf64>
    %y = tensor.extract %bf[%i] : tensor<4500xf64>
    %xi64 = arith.bitcast %x : f64 to i64
    %yi64 = arith.bitcast %y : f64 to i64
    %ne = arith.cmpi ne, %xi64, %yi64 : i64
    %inc = arith.select %ne, %c1, %c0 : index
    %next = arith.addi %acc, %inc : index
    scf.yield %next : index
  }
  vector.print str "f64 columns differing: "
  vector.print %df : index punctuation <no_punctuation>
  vector.print str " of 4500\n"
  %m4400 = tensor.extract %af[%c4400] : tensor<4500xf64>
  vector.print str "f64 column 4400: "
  vector.print %m4400 : f64
  return
}
