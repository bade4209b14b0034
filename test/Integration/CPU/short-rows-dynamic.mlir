// Short rows of a run-time length (`rmean.cpu_short_rows`, docs/ReduceMean.md
// §3.9): float rows of at most 64 elements (on 512-bit targets) are read
// whole, eight per step, each as one masked vector of 64 lanes padded with
// -0.0, and summed by one shared tree, as static rows that short are. The
// padded lanes add -0.0, so every mean must be the static kernel's to the
// bit. For row lengths 1, 9, 17, 49 and 64 and 19 rows (two steps of
// eight, then three rows one at a time: row 0 all -0.0, whose mean must
// stay -0.0; row 1 ones with a NaN last; row 2 ones with +Inf last; row 17
// all -0.0; row 18 1e38 and 3e38 alternating (f32 block sums that
// overflow); other rows (131 r + 7919 c) mod 1000 / 7, whose sums round),
// the f32 and bf16 means of a tensor<?x?x...> kernel are compared with
// those of a static one: the counts of differing rows are printed (0),
// f32 then bf16 per length, then that of 85603 f32 rows of 49 by the same
// rule (16.8 MB: the copy of the dynamic kernel that prefetches, which
// rmean-prefetch chooses at run time for buffers of 16 MiB or more), then
// the f32 means of length 17's first rows.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 num-threads=2 min-threaded-bytes=0" | %{run} | FileCheck %s
// The selection gives both dynamic kernels the run-time choice:
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy | FileCheck %s --check-prefix=STRATEGY
// STRATEGY-LABEL: func.func @dynamic_f32
// STRATEGY: rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>>
// STRATEGY-LABEL: func.func @dynamic_bf16
// STRATEGY: rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>>

// CHECK: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: ( -0, nan, inf, 64.4118 )

func.func @dynamic_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @static_f32_1(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %s = tensor.cast %x : tensor<?x?xf32> to tensor<19x1xf32>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<19x1xf32> -> tensor<19xf32>
  %d = tensor.cast %0 : tensor<19xf32> to tensor<?xf32>
  return %d : tensor<?xf32>
}
func.func @static_f32_9(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %s = tensor.cast %x : tensor<?x?xf32> to tensor<19x9xf32>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<19x9xf32> -> tensor<19xf32>
  %d = tensor.cast %0 : tensor<19xf32> to tensor<?xf32>
  return %d : tensor<?xf32>
}
func.func @static_f32_17(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %s = tensor.cast %x : tensor<?x?xf32> to tensor<19x17xf32>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<19x17xf32> -> tensor<19xf32>
  %d = tensor.cast %0 : tensor<19xf32> to tensor<?xf32>
  return %d : tensor<?xf32>
}
func.func @static_f32_49(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %s = tensor.cast %x : tensor<?x?xf32> to tensor<19x49xf32>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<19x49xf32> -> tensor<19xf32>
  %d = tensor.cast %0 : tensor<19xf32> to tensor<?xf32>
  return %d : tensor<?xf32>
}
func.func @static_f32_64(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %s = tensor.cast %x : tensor<?x?xf32> to tensor<19x64xf32>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<19x64xf32> -> tensor<19xf32>
  %d = tensor.cast %0 : tensor<19xf32> to tensor<?xf32>
  return %d : tensor<?xf32>
}
func.func @dynamic_bf16(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xbf16> -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}
func.func @static_bf16_1(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %s = tensor.cast %x : tensor<?x?xbf16> to tensor<19x1xbf16>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<19x1xbf16> -> tensor<19xbf16>
  %d = tensor.cast %0 : tensor<19xbf16> to tensor<?xbf16>
  return %d : tensor<?xbf16>
}
func.func @static_bf16_9(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %s = tensor.cast %x : tensor<?x?xbf16> to tensor<19x9xbf16>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<19x9xbf16> -> tensor<19xbf16>
  %d = tensor.cast %0 : tensor<19xbf16> to tensor<?xbf16>
  return %d : tensor<?xbf16>
}
func.func @static_bf16_17(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %s = tensor.cast %x : tensor<?x?xbf16> to tensor<19x17xbf16>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<19x17xbf16> -> tensor<19xbf16>
  %d = tensor.cast %0 : tensor<19xbf16> to tensor<?xbf16>
  return %d : tensor<?xbf16>
}
func.func @static_bf16_49(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %s = tensor.cast %x : tensor<?x?xbf16> to tensor<19x49xbf16>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<19x49xbf16> -> tensor<19xbf16>
  %d = tensor.cast %0 : tensor<19xbf16> to tensor<?xbf16>
  return %d : tensor<?xbf16>
}
func.func @static_bf16_64(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %s = tensor.cast %x : tensor<?x?xbf16> to tensor<19x64xbf16>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<19x64xbf16> -> tensor<19xbf16>
  %d = tensor.cast %0 : tensor<19xbf16> to tensor<?xbf16>
  return %d : tensor<?xbf16>
}

func.func @static_f32_big(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %s = tensor.cast %x : tensor<?x?xf32> to tensor<85603x49xf32>
  %0 = rmean.reduce_mean %s {axes = array<i64: 1>} : tensor<85603x49xf32> -> tensor<85603xf32>
  %d = tensor.cast %0 : tensor<85603xf32> to tensor<?xf32>
  return %d : tensor<?xf32>
}

func.func @input(%length: index) -> tensor<?x?xf32> {
  %c19 = arith.constant 19 : index
  %x = func.call @input_rows(%c19, %length) : (index, index) -> tensor<?x?xf32>
  return %x : tensor<?x?xf32>
}

func.func @input_rows(%rows: index, %length: index) -> tensor<?x?xf32> {
  %x = tensor.generate %rows, %length {
  ^bb0(%r: index, %c: index):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c17 = arith.constant 17 : index
    %c18 = arith.constant 18 : index
    %c131 = arith.constant 131 : index
    %c7919 = arith.constant 7919 : index
    %c1000 = arith.constant 1000 : index
    %seven = arith.constant 7.0 : f32
    %one = arith.constant 1.0 : f32
    %negzero = arith.constant -0.0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %inf = arith.constant 0x7F800000 : f32
    %big1 = arith.constant 1.0e38 : f32
    %big3 = arith.constant 3.0e38 : f32
    %a = arith.muli %r, %c131 : index
    %b = arith.muli %c, %c7919 : index
    %s = arith.addi %a, %b : index
    %m = arith.remui %s, %c1000 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %v = arith.divf %mf, %seven : f32
    %lastc = arith.subi %length, %c1 : index
    %last = arith.cmpi eq, %c, %lastc : index
    %withnan = arith.select %last, %nan, %one : f32
    %withinf = arith.select %last, %inf, %one : f32
    %parity = arith.remui %c, %c2 : index
    %odd = arith.cmpi eq, %parity, %c1 : index
    %bigs = arith.select %odd, %big3, %big1 : f32
    %is0 = arith.cmpi eq, %r, %c0 : index
    %is1 = arith.cmpi eq, %r, %c1 : index
    %is2 = arith.cmpi eq, %r, %c2 : index
    %is17 = arith.cmpi eq, %r, %c17 : index
    %is18 = arith.cmpi eq, %r, %c18 : index
    %zero = arith.ori %is0, %is17 : i1
    %e18 = arith.select %is18, %bigs, %v : f32
    %e2 = arith.select %is2, %withinf, %e18 : f32
    %e1 = arith.select %is1, %withnan, %e2 : f32
    %e = arith.select %zero, %negzero, %e1 : f32
    tensor.yield %e : f32
  } : tensor<?x?xf32>
  return %x : tensor<?x?xf32>
}

// Rows whose bits differ (NaNs count as equal, whatever their payload).
func.func @differing(%a: tensor<?xf32>, %b: tensor<?xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
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

func.func @main() {
  %l1 = arith.constant 1 : index
  %x1 = func.call @input(%l1) : (index) -> tensor<?x?xf32>
  %d1 = func.call @dynamic_f32(%x1) : (tensor<?x?xf32>) -> tensor<?xf32>
  %s1 = func.call @static_f32_1(%x1) : (tensor<?x?xf32>) -> tensor<?xf32>
  %n1 = func.call @differing(%d1, %s1) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %n1 : i32
  %h1 = arith.truncf %x1 : tensor<?x?xf32> to tensor<?x?xbf16>
  %dh1 = func.call @dynamic_bf16(%h1) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %sh1 = func.call @static_bf16_1(%h1) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %dhf1 = arith.extf %dh1 : tensor<?xbf16> to tensor<?xf32>
  %shf1 = arith.extf %sh1 : tensor<?xbf16> to tensor<?xf32>
  %nh1 = func.call @differing(%dhf1, %shf1) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %nh1 : i32
  %l9 = arith.constant 9 : index
  %x9 = func.call @input(%l9) : (index) -> tensor<?x?xf32>
  %d9 = func.call @dynamic_f32(%x9) : (tensor<?x?xf32>) -> tensor<?xf32>
  %s9 = func.call @static_f32_9(%x9) : (tensor<?x?xf32>) -> tensor<?xf32>
  %n9 = func.call @differing(%d9, %s9) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %n9 : i32
  %h9 = arith.truncf %x9 : tensor<?x?xf32> to tensor<?x?xbf16>
  %dh9 = func.call @dynamic_bf16(%h9) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %sh9 = func.call @static_bf16_9(%h9) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %dhf9 = arith.extf %dh9 : tensor<?xbf16> to tensor<?xf32>
  %shf9 = arith.extf %sh9 : tensor<?xbf16> to tensor<?xf32>
  %nh9 = func.call @differing(%dhf9, %shf9) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %nh9 : i32
  %l17 = arith.constant 17 : index
  %x17 = func.call @input(%l17) : (index) -> tensor<?x?xf32>
  %d17 = func.call @dynamic_f32(%x17) : (tensor<?x?xf32>) -> tensor<?xf32>
  %s17 = func.call @static_f32_17(%x17) : (tensor<?x?xf32>) -> tensor<?xf32>
  %n17 = func.call @differing(%d17, %s17) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %n17 : i32
  %h17 = arith.truncf %x17 : tensor<?x?xf32> to tensor<?x?xbf16>
  %dh17 = func.call @dynamic_bf16(%h17) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %sh17 = func.call @static_bf16_17(%h17) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %dhf17 = arith.extf %dh17 : tensor<?xbf16> to tensor<?xf32>
  %shf17 = arith.extf %sh17 : tensor<?xbf16> to tensor<?xf32>
  %nh17 = func.call @differing(%dhf17, %shf17) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %nh17 : i32
  %l49 = arith.constant 49 : index
  %x49 = func.call @input(%l49) : (index) -> tensor<?x?xf32>
  %d49 = func.call @dynamic_f32(%x49) : (tensor<?x?xf32>) -> tensor<?xf32>
  %s49 = func.call @static_f32_49(%x49) : (tensor<?x?xf32>) -> tensor<?xf32>
  %n49 = func.call @differing(%d49, %s49) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %n49 : i32
  %h49 = arith.truncf %x49 : tensor<?x?xf32> to tensor<?x?xbf16>
  %dh49 = func.call @dynamic_bf16(%h49) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %sh49 = func.call @static_bf16_49(%h49) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %dhf49 = arith.extf %dh49 : tensor<?xbf16> to tensor<?xf32>
  %shf49 = arith.extf %sh49 : tensor<?xbf16> to tensor<?xf32>
  %nh49 = func.call @differing(%dhf49, %shf49) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %nh49 : i32
  %l64 = arith.constant 64 : index
  %x64 = func.call @input(%l64) : (index) -> tensor<?x?xf32>
  %d64 = func.call @dynamic_f32(%x64) : (tensor<?x?xf32>) -> tensor<?xf32>
  %s64 = func.call @static_f32_64(%x64) : (tensor<?x?xf32>) -> tensor<?xf32>
  %n64 = func.call @differing(%d64, %s64) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %n64 : i32
  %h64 = arith.truncf %x64 : tensor<?x?xf32> to tensor<?x?xbf16>
  %dh64 = func.call @dynamic_bf16(%h64) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %sh64 = func.call @static_bf16_64(%h64) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %dhf64 = arith.extf %dh64 : tensor<?xbf16> to tensor<?xf32>
  %shf64 = arith.extf %sh64 : tensor<?xbf16> to tensor<?xf32>
  %nh64 = func.call @differing(%dhf64, %shf64) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %nh64 : i32
  %rowsbig = arith.constant 85603 : index
  %xbig = func.call @input_rows(%rowsbig, %l49) : (index, index) -> tensor<?x?xf32>
  %dbig = func.call @dynamic_f32(%xbig) : (tensor<?x?xf32>) -> tensor<?xf32>
  %sbig = func.call @static_f32_big(%xbig) : (tensor<?x?xf32>) -> tensor<?xf32>
  %nbig = func.call @differing(%dbig, %sbig) : (tensor<?xf32>, tensor<?xf32>) -> i32
  vector.print %nbig : i32
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %first = vector.transfer_read %d17[%c0], %pad : tensor<?xf32>, vector<4xf32>
  vector.print %first : vector<4xf32>
  return
}
