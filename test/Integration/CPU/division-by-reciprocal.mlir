// The vectorised finalize divides by the count as a product with its
// reciprocal and one fma remainder step (rmean-cpu-vectorize,
// QuotientByReciprocal); the scalar code divides. Their means must have the
// same bits. Sums are exact in every order (f64 lanes for f32 inputs with
// narrow-f32=false; f16/bf16 sums far below 2^24), so only the division
// can differ. Even rows are ties: a mean of L elements whose exact value is
// halfway between two neighbours of the element type ((L - 2) times 2j,
// once 4j, once L, times 2^e: the mean (2j + 1) 2^e with 2j + 1 one bit
// longer than the type holds), where a quotient off by an ulp of f64 rounds
// the wrong way (the product alone gets about a quarter of the ties by 300
// wrong; by 49 its error happens to vanish). Odd rows hold k 2^e, k a hash
// of 1 to 21 bits with a sign, exponents down to the least normal one
// (subnormal means). Each kernel (f32 rows of 49 read whole; f32, bf16 and
// f16 rows of 300 in lanes) is compared bit for bit with the same mean in
// scalar code (the strategy `none`); the test prints the number of
// differing means.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=narrow-f32=false | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="narrow-f32=false target-vector-bits=256" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="narrow-f32=false num-threads=2" | %{run} | FileCheck %s

// CHECK: f32 rows of 49 differing: 0 of 2048
// CHECK: f32 rows of 300 differing: 0 of 2048
// CHECK: bf16 rows of 300 differing: 0 of 2048
// CHECK: f16 rows of 300 differing: 0 of 2048

#none = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 1024>

func.func @v49(%x: tensor<2048x49xf32>) -> tensor<2048xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2048x49xf32> -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}
func.func @s49(%x: tensor<2048x49xf32>) -> tensor<2048xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #none} : tensor<2048x49xf32> -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}
func.func @v300(%x: tensor<2048x300xf32>) -> tensor<2048xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2048x300xf32> -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}
func.func @s300(%x: tensor<2048x300xf32>) -> tensor<2048xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #none} : tensor<2048x300xf32> -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}
func.func @vbf16(%x: tensor<2048x300xbf16>) -> tensor<2048xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2048x300xbf16> -> tensor<2048xbf16>
  return %0 : tensor<2048xbf16>
}
func.func @sbf16(%x: tensor<2048x300xbf16>) -> tensor<2048xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #none} : tensor<2048x300xbf16> -> tensor<2048xbf16>
  return %0 : tensor<2048xbf16>
}
func.func @vf16(%x: tensor<2048x300xf16>) -> tensor<2048xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2048x300xf16> -> tensor<2048xf16>
  return %0 : tensor<2048xf16>
}
func.func @sf16(%x: tensor<2048x300xf16>) -> tensor<2048xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #none} : tensor<2048x300xf16> -> tensor<2048xf16>
  return %0 : tensor<2048xf16>
}

// k 2^e for row r, column c: k a hash of (r, c) of (r mod kbits) + 1
// bits with a sign, e = (r mod espan) + emin.
func.func @value(%r: index, %c: index, %kbits: i32, %espan: i32, %emin: i32) -> f32 {
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
  %one = arith.constant 1 : i32
  %bits = arith.remui %ri, %kbits : i32
  %bits1 = arith.addi %bits, %one : i32
  %lim = arith.shli %one, %bits1 : i32
  %mask = arith.subi %lim, %one : i32
  %k = arith.andi %h, %mask : i32
  %sbit = arith.constant 4096 : i32
  %s = arith.andi %h, %sbit : i32
  %zero = arith.constant 0 : i32
  %neg = arith.cmpi ne, %s, %zero : i32
  %nk = arith.subi %zero, %k : i32
  %sk = arith.select %neg, %nk, %k : i32
  %kf = arith.sitofp %sk : i32 to f32
  %er = arith.remui %ri, %espan : i32
  %e = arith.addi %er, %emin : i32
  %bias = arith.constant 127 : i32
  %eb = arith.addi %e, %bias : i32
  %c23 = arith.constant 23 : i32
  %pbits = arith.shli %eb, %c23 : i32
  %p = arith.bitcast %pbits : i32 to f32
  %v = arith.mulf %kf, %p : f32
  return %v : f32
}

// Row r of the ties for rows of `len`: column c is 2j (c < len - 2), 4j
// (c = len - 2) or len (the last), times 2^e; j = 2^(p-1) + a hash of r
// below 2^(p-1), p the significand bits of the element type, e = (r mod
// espan) + emin.
func.func @tie(%r: index, %c: index, %len: index, %p: i32, %espan: i32, %emin: i32) -> f32 {
  %ri = arith.index_cast %r : index to i32
  %m1 = arith.constant 40503 : i32
  %h = arith.muli %ri, %m1 : i32
  %one = arith.constant 1 : i32
  %p1 = arith.subi %p, %one : i32
  %base = arith.shli %one, %p1 : i32
  %mask = arith.subi %base, %one : i32
  %low = arith.andi %h, %mask : i32
  %j = arith.addi %base, %low : i32
  %two = arith.constant 2 : i32
  %four = arith.constant 4 : i32
  %j2 = arith.muli %j, %two : i32
  %j4 = arith.muli %j, %four : i32
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %last = arith.subi %len, %c1 : index
  %second = arith.subi %len, %c2 : index
  %is_last = arith.cmpi eq, %c, %last : index
  %is_second = arith.cmpi eq, %c, %second : index
  %leni = arith.index_cast %len : index to i32
  %k0 = arith.select %is_second, %j4, %j2 : i32
  %k = arith.select %is_last, %leni, %k0 : i32
  %kf = arith.sitofp %k : i32 to f32
  %er = arith.remui %ri, %espan : i32
  %e = arith.addi %er, %emin : i32
  %bias = arith.constant 127 : i32
  %eb = arith.addi %e, %bias : i32
  %c23 = arith.constant 23 : i32
  %pbits = arith.shli %eb, %c23 : i32
  %pw = arith.bitcast %pbits : i32 to f32
  %v = arith.mulf %kf, %pw : f32
  return %v : f32
}

// Even rows ties, odd rows k 2^e.
func.func @element(%r: index, %c: index, %len: index, %p: i32, %kbits: i32,
                   %espan: i32, %emin: i32, %tspan: i32, %tmin: i32) -> f32 {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %odd = arith.andi %r, %c1 : index
  %is_odd = arith.cmpi ne, %odd, %c0 : index
  %v = scf.if %is_odd -> f32 {
    %x = func.call @value(%r, %c, %kbits, %espan, %emin) : (index, index, i32, i32, i32) -> f32
    scf.yield %x : f32
  } else {
    %x = func.call @tie(%r, %c, %len, %p, %tspan, %tmin) : (index, index, index, i32, i32, i32) -> f32
    scf.yield %x : f32
  }
  return %v : f32
}

func.func @count_f32(%a: tensor<2048xf32>, %b: tensor<2048xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2048 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
    %x = tensor.extract %a[%i] : tensor<2048xf32>
    %y = tensor.extract %b[%i] : tensor<2048xf32>
    %xi = arith.bitcast %x : f32 to i32
    %yi = arith.bitcast %y : f32 to i32
    %ne = arith.cmpi ne, %xi, %yi : i32
    %inc = arith.select %ne, %c1, %c0 : index
    %next = arith.addi %acc, %inc : index
    scf.yield %next : index
  }
  return %r : index
}

func.func @report(%label: index, %differing: index) {
  // 0: f32 49, 1: f32 300, 2: bf16 300, 3: f16 300.
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %is0 = arith.cmpi eq, %label, %c0 : index
  %is1 = arith.cmpi eq, %label, %c1 : index
  %is2 = arith.cmpi eq, %label, %c2 : index
  scf.if %is0 {
    vector.print str "f32 rows of 49 differing: "
  } else {
    scf.if %is1 {
      vector.print str "f32 rows of 300 differing: "
    } else {
      scf.if %is2 {
        vector.print str "bf16 rows of 300 differing: "
      } else {
        vector.print str "f16 rows of 300 differing: "
      }
    }
  }
  vector.print %differing : index punctuation <no_punctuation>
  vector.print str " of 2048\n"
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c49 = arith.constant 49 : index
  %c300 = arith.constant 300 : index
  %p24 = arith.constant 24 : i32
  %p8 = arith.constant 8 : i32
  %p11 = arith.constant 11 : i32
  %k21 = arith.constant 21 : i32
  %k8 = arith.constant 8 : i32
  %k11 = arith.constant 11 : i32
  // k 2^e: f32 and bf16 e in [-126, 106], f16 e in [-14, 4] (k of at most
  // 8 bits in bf16 and 11 in f16, so exact).
  %span32 = arith.constant 233 : i32
  %min32 = arith.constant -126 : i32
  %span16 = arith.constant 19 : i32
  %min16 = arith.constant -14 : i32
  // Ties: e in [-100, 99] (f32, bf16), [-12, 2] (f16).
  %tspan32 = arith.constant 200 : i32
  %tmin32 = arith.constant -100 : i32
  %tspan16 = arith.constant 15 : i32
  %tmin16 = arith.constant -12 : i32

  %x49 = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @element(%r, %c, %c49, %p24, %k21, %span32, %min32, %tspan32, %tmin32) : (index, index, index, i32, i32, i32, i32, i32, i32) -> f32
    tensor.yield %v : f32
  } : tensor<2048x49xf32>
  %a = call @v49(%x49) : (tensor<2048x49xf32>) -> tensor<2048xf32>
  %b = call @s49(%x49) : (tensor<2048x49xf32>) -> tensor<2048xf32>
  %d0 = call @count_f32(%a, %b) : (tensor<2048xf32>, tensor<2048xf32>) -> index
  call @report(%c0, %d0) : (index, index) -> ()

  %x300 = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @element(%r, %c, %c300, %p24, %k21, %span32, %min32, %tspan32, %tmin32) : (index, index, index, i32, i32, i32, i32, i32, i32) -> f32
    tensor.yield %v : f32
  } : tensor<2048x300xf32>
  %a1 = call @v300(%x300) : (tensor<2048x300xf32>) -> tensor<2048xf32>
  %b1 = call @s300(%x300) : (tensor<2048x300xf32>) -> tensor<2048xf32>
  %d1 = call @count_f32(%a1, %b1) : (tensor<2048xf32>, tensor<2048xf32>) -> index
  call @report(%c1, %d1) : (index, index) -> ()

  %xb = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @element(%r, %c, %c300, %p8, %k8, %span32, %min32, %tspan32, %tmin32) : (index, index, index, i32, i32, i32, i32, i32, i32) -> f32
    %vb = arith.truncf %v : f32 to bf16
    tensor.yield %vb : bf16
  } : tensor<2048x300xbf16>
  %ab = call @vbf16(%xb) : (tensor<2048x300xbf16>) -> tensor<2048xbf16>
  %bb = call @sbf16(%xb) : (tensor<2048x300xbf16>) -> tensor<2048xbf16>
  %abf = arith.extf %ab : tensor<2048xbf16> to tensor<2048xf32>
  %bbf = arith.extf %bb : tensor<2048xbf16> to tensor<2048xf32>
  %d2 = call @count_f32(%abf, %bbf) : (tensor<2048xf32>, tensor<2048xf32>) -> index
  call @report(%c2, %d2) : (index, index) -> ()

  %xh = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @element(%r, %c, %c300, %p11, %k11, %span16, %min16, %tspan16, %tmin16) : (index, index, index, i32, i32, i32, i32, i32, i32) -> f32
    %vh = arith.truncf %v : f32 to f16
    tensor.yield %vh : f16
  } : tensor<2048x300xf16>
  %ah = call @vf16(%xh) : (tensor<2048x300xf16>) -> tensor<2048xf16>
  %bh = call @sf16(%xh) : (tensor<2048x300xf16>) -> tensor<2048xf16>
  %ahf = arith.extf %ah : tensor<2048xf16> to tensor<2048xf32>
  %bhf = arith.extf %bh : tensor<2048xf16> to tensor<2048xf32>
  %d3 = call @count_f32(%ahf, %bhf) : (tensor<2048xf32>, tensor<2048xf32>) -> index
  call @report(%c3, %d3) : (index, index) -> ()
  return
}
