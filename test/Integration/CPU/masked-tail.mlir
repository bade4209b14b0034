// Masked tails (`masked_tail`, docs/ReduceMean.md §6.2): rows of a run-time
// length read their last, partial step of 32 lanes as one masked vector
// padded with the additive identity (-0.0, 0 for integers), where the
// target has masked loads of the element type. Every result must be the
// one the element-by-element tail gives (the same lanes, a strategy written
// by hand without masked_tail) to the bit: element j of the tail is added
// to lane j either way, and the padded lanes add the identity. For every
// row length 1 to 100 (tails of 1 to 31 elements and none) and four rows
// (row 0 all -0.0, whose mean must stay -0.0; row 1 (131 r + 7919 c) mod
// 1000 / 7, whose sums round; row 2 ones with a NaN last; row 3 ones with
// +Inf last), f32, bf16, i8 ((131 r + 7919 c) mod 256 - 128) and i32
// means are compared: the counts of differing rows are printed (0), then
// the f32 and bf16 means of length 17 (a 17-element tail).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// The reference's lanes are those of 512-bit targets (32), so the pipeline
// runs for 512 bits on any host (a host without AVX-512 splits the masked
// loads; the results are the same).
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 | %{run} | FileCheck %s
// The selection takes masked_tail for every dynamic kernel below:
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy | FileCheck %s --check-prefix=STRATEGY
// STRATEGY-COUNT-4: rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>

// CHECK: differing f32 rows 0
// CHECK-NEXT: differing bf16 rows 0
// CHECK-NEXT: differing i8 rows 0
// CHECK-NEXT: differing i32 rows 0
// CHECK-NEXT: ( -0, 77.4034, nan, inf )
// CHECK-NEXT: ( -0, 77.5, nan, inf )

func.func @tail_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @scalar_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @tail_bf16(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xbf16> -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}
func.func @scalar_bf16(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>} : tensor<?x?xbf16> -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}
func.func @tail_i8(%x: tensor<?x?xi8>) -> tensor<?xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi8> -> tensor<?xi8>
  return %0 : tensor<?xi8>
}
func.func @scalar_i8(%x: tensor<?x?xi8>) -> tensor<?xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>} : tensor<?x?xi8> -> tensor<?xi8>
  return %0 : tensor<?xi8>
}
func.func @tail_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @scalar_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>} : tensor<?x?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// Row r, column c of a 4 x length input: the rows described above.
func.func @input_f32(%length: index) -> tensor<?x?xf32> {
  %c4 = arith.constant 4 : index
  %x = tensor.generate %c4, %length {
  ^bb0(%r: index, %c: index):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c131 = arith.constant 131 : index
    %c7919 = arith.constant 7919 : index
    %c1000 = arith.constant 1000 : index
    %seven = arith.constant 7.0 : f32
    %one = arith.constant 1.0 : f32
    %negzero = arith.constant -0.0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %inf = arith.constant 0x7F800000 : f32
    %a = arith.muli %r, %c131 : index
    %b = arith.muli %c, %c7919 : index
    %s = arith.addi %a, %b : index
    %m = arith.remui %s, %c1000 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %v = arith.divf %mf, %seven : f32
    %lastc = arith.subi %length, %c1 : index
    %last = arith.cmpi eq, %c, %lastc : index
    %special = arith.select %last, %nan, %one : f32
    %special3 = arith.select %last, %inf, %one : f32
    %is0 = arith.cmpi eq, %r, %c0 : index
    %is1 = arith.cmpi eq, %r, %c1 : index
    %is2 = arith.cmpi eq, %r, %c2 : index
    %e23 = arith.select %is2, %special, %special3 : f32
    %e123 = arith.select %is1, %v, %e23 : f32
    %e = arith.select %is0, %negzero, %e123 : f32
    tensor.yield %e : f32
  } : tensor<?x?xf32>
  return %x : tensor<?x?xf32>
}

func.func @input_i32(%length: index) -> tensor<?x?xi32> {
  %c4 = arith.constant 4 : index
  %x = tensor.generate %c4, %length {
  ^bb0(%r: index, %c: index):
    %c131 = arith.constant 131 : index
    %c7919 = arith.constant 7919 : index
    %c256 = arith.constant 256 : index
    %c128 = arith.constant 128 : i32
    %a = arith.muli %r, %c131 : index
    %b = arith.muli %c, %c7919 : index
    %s = arith.addi %a, %b : index
    %m = arith.remui %s, %c256 : index
    %mi = arith.index_cast %m : index to i32
    %e = arith.subi %mi, %c128 : i32
    tensor.yield %e : i32
  } : tensor<?x?xi32>
  return %x : tensor<?x?xi32>
}

// Rows whose bits differ (NaNs count as equal, whatever their payload).
func.func @differing_f32(%a: tensor<?xf32>, %b: tensor<?xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %x = tensor.extract %a[%i] : tensor<?xf32>
    %y = tensor.extract %b[%i] : tensor<?xf32>
    %xb = arith.bitcast %x : f32 to i32
    %yb = arith.bitcast %y : f32 to i32
    %ne = arith.cmpi ne, %xb, %yb : i32
    %xn = arith.cmpf uno, %x, %x : f32
    %yn = arith.cmpf uno, %y, %y : f32
    %nans = arith.andi %xn, %yn : i1
    %true = arith.constant true
    %notnans = arith.xori %nans, %true : i1
    %differs = arith.andi %ne, %notnans : i1
    %d = arith.extui %differs : i1 to i32
    %next = arith.addi %acc, %d : i32
    scf.yield %next : i32
  }
  return %count : i32
}

func.func @differing_i32(%a: tensor<?xi32>, %b: tensor<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %a, %c0 : tensor<?xi32>
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %x = tensor.extract %a[%i] : tensor<?xi32>
    %y = tensor.extract %b[%i] : tensor<?xi32>
    %ne = arith.cmpi ne, %x, %y : i32
    %d = arith.extui %ne : i1 to i32
    %next = arith.addi %acc, %d : i32
    scf.yield %next : i32
  }
  return %count : i32
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c101 = arith.constant 101 : index
  %c17 = arith.constant 17 : index
  %zero = arith.constant 0 : i32
  %counts:4 = scf.for %length = %c1 to %c101 step %c1
      iter_args(%f = %zero, %h = %zero, %b = %zero, %w = %zero) -> (i32, i32, i32, i32) {
    %x = func.call @input_f32(%length) : (index) -> tensor<?x?xf32>
    %t = func.call @tail_f32(%x) : (tensor<?x?xf32>) -> tensor<?xf32>
    %s = func.call @scalar_f32(%x) : (tensor<?x?xf32>) -> tensor<?xf32>
    %df = func.call @differing_f32(%t, %s) : (tensor<?xf32>, tensor<?xf32>) -> i32
    %xh = arith.truncf %x : tensor<?x?xf32> to tensor<?x?xbf16>
    %th = func.call @tail_bf16(%xh) : (tensor<?x?xbf16>) -> tensor<?xbf16>
    %sh = func.call @scalar_bf16(%xh) : (tensor<?x?xbf16>) -> tensor<?xbf16>
    %thf = arith.extf %th : tensor<?xbf16> to tensor<?xf32>
    %shf = arith.extf %sh : tensor<?xbf16> to tensor<?xf32>
    %dh = func.call @differing_f32(%thf, %shf) : (tensor<?xf32>, tensor<?xf32>) -> i32
    %xw = func.call @input_i32(%length) : (index) -> tensor<?x?xi32>
    %xb = arith.trunci %xw : tensor<?x?xi32> to tensor<?x?xi8>
    %tb = func.call @tail_i8(%xb) : (tensor<?x?xi8>) -> tensor<?xi8>
    %sb = func.call @scalar_i8(%xb) : (tensor<?x?xi8>) -> tensor<?xi8>
    %tbw = arith.extsi %tb : tensor<?xi8> to tensor<?xi32>
    %sbw = arith.extsi %sb : tensor<?xi8> to tensor<?xi32>
    %db = func.call @differing_i32(%tbw, %sbw) : (tensor<?xi32>, tensor<?xi32>) -> i32
    %tw = func.call @tail_i32(%xw) : (tensor<?x?xi32>) -> tensor<?xi32>
    %sw = func.call @scalar_i32(%xw) : (tensor<?x?xi32>) -> tensor<?xi32>
    %dw = func.call @differing_i32(%tw, %sw) : (tensor<?xi32>, tensor<?xi32>) -> i32
    %f2 = arith.addi %f, %df : i32
    %h2 = arith.addi %h, %dh : i32
    %b2 = arith.addi %b, %db : i32
    %w2 = arith.addi %w, %dw : i32
    scf.yield %f2, %h2, %b2, %w2 : i32, i32, i32, i32
  }
  vector.print str "differing f32 rows "
  vector.print %counts#0 : i32
  vector.print str "differing bf16 rows "
  vector.print %counts#1 : i32
  vector.print str "differing i8 rows "
  vector.print %counts#2 : i32
  vector.print str "differing i32 rows "
  vector.print %counts#3 : i32
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x17 = func.call @input_f32(%c17) : (index) -> tensor<?x?xf32>
  %m17 = func.call @tail_f32(%x17) : (tensor<?x?xf32>) -> tensor<?xf32>
  %v17 = vector.transfer_read %m17[%c0], %pad : tensor<?xf32>, vector<4xf32>
  vector.print %v17 : vector<4xf32>
  %h17 = arith.truncf %x17 : tensor<?x?xf32> to tensor<?x?xbf16>
  %mh17 = func.call @tail_bf16(%h17) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %mh17f = arith.extf %mh17 : tensor<?xbf16> to tensor<?xf32>
  %vh17 = vector.transfer_read %mh17f[%c0], %pad : tensor<?xf32>, vector<4xf32>
  vector.print %vh17 : vector<4xf32>
  return
}
