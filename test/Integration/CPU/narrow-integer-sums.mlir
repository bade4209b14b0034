// 8- and 16-bit integer means whose sums fit i32 (rmean-narrow-integer-sums)
// at the extremes of their ranges, where an i32 lane would overflow if the
// bound were wrong: 4096 rows of -128 (one column with a 127: the mean
// -127.94 truncates toward zero to -127), rows of 255 (ui8), 32767 rows of
// -32768 and of 32767 (i16, the largest count that sums in i32), and
// 8-bit pooling with hashed values checked against the same means on
// run-time shapes (whose count is unknown, so they keep i64 sums), and a
// 4 MiB reduce-all of -128s and one 127 (threads sum partial i32 sums:
// -127.99997 truncates to -127). Every RUN line prints the same.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=256" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=0" | %{run} | FileCheck %s

// CHECK: i8 columns: -128 -127 -128
// CHECK: ui8 rows: 255 255 255
// CHECK: i16 columns: -32768 32767 -32768 32767
// CHECK: i8 pooling differing: 0 of 256
// CHECK: ui8 short rows differing: 0 of 512
// CHECK: i8 all: -127

func.func @columns_i8(%x: tensor<4096x64xi8>) -> tensor<64xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4096x64xi8> -> tensor<64xi8>
  return %0 : tensor<64xi8>
}
func.func @rows_ui8(%x: tensor<3x1000xui8>) -> tensor<3xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x1000xui8> -> tensor<3xui8>
  return %0 : tensor<3xui8>
}
func.func @columns_i16(%x: tensor<32767x4xi16>) -> tensor<4xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<32767x4xi16> -> tensor<4xi16>
  return %0 : tensor<4xi16>
}
func.func @pool(%x: tensor<4x7x7x64xi8>) -> tensor<4x64xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<4x7x7x64xi8> -> tensor<4x64xi8>
  return %0 : tensor<4x64xi8>
}
func.func @pool_dynamic(%x: tensor<?x?x?x?xi8>) -> tensor<?x?xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<?x?x?x?xi8> -> tensor<?x?xi8>
  return %0 : tensor<?x?xi8>
}
func.func @short_rows(%x: tensor<512x49xui8>) -> tensor<512xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<512x49xui8> -> tensor<512xui8>
  return %0 : tensor<512xui8>
}
func.func @short_rows_dynamic(%x: tensor<?x?xui8>) -> tensor<?xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui8> -> tensor<?xui8>
  return %0 : tensor<?xui8>
}

func.func @all_i8(%x: tensor<4194304xi8>) -> tensor<i8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4194304xi8> -> tensor<i8>
  return %0 : tensor<i8>
}

// A hash of (a, b) as i32.
func.func @hash(%a: index, %b: index) -> i32 {
  %ai = arith.index_cast %a : index to i32
  %bi = arith.index_cast %b : index to i32
  %m1 = arith.constant 7919 : i32
  %m2 = arith.constant 104729 : i32
  %x = arith.muli %ai, %m1 : i32
  %y = arith.muli %bi, %m2 : i32
  %xy = arith.muli %x, %bi : i32
  %s = arith.addi %x, %y : i32
  %h = arith.addi %s, %xy : i32
  %sh = arith.constant 5 : i32
  %hs = arith.shrui %h, %sh : i32
  return %hs : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index

  %lo8 = arith.constant -128 : i8
  %hi8 = arith.constant 127 : i8
  %e8 = tensor.empty() : tensor<4096x64xi8>
  %f8 = linalg.fill ins(%lo8 : i8) outs(%e8 : tensor<4096x64xi8>) -> tensor<4096x64xi8>
  %g8 = tensor.insert %hi8 into %f8[%c100, %c1] : tensor<4096x64xi8>
  %m8 = call @columns_i8(%g8) : (tensor<4096x64xi8>) -> tensor<64xi8>
  %a0 = tensor.extract %m8[%c0] : tensor<64xi8>
  %a1 = tensor.extract %m8[%c1] : tensor<64xi8>
  %a2 = tensor.extract %m8[%c2] : tensor<64xi8>
  vector.print str "i8 columns: "
  vector.print %a0 : i8 punctuation <no_punctuation>
  vector.print str " "
  vector.print %a1 : i8 punctuation <no_punctuation>
  vector.print str " "
  vector.print %a2 : i8

  %max8 = arith.constant 255 : i8
  %max8u = builtin.unrealized_conversion_cast %max8 : i8 to ui8
  %eu = tensor.empty() : tensor<3x1000xui8>
  %fu = linalg.fill ins(%max8u : ui8) outs(%eu : tensor<3x1000xui8>) -> tensor<3x1000xui8>
  %mu = call @rows_ui8(%fu) : (tensor<3x1000xui8>) -> tensor<3xui8>
  vector.print str "ui8 rows:"
  scf.for %i = %c0 to %c3 step %c1 {
    %v = tensor.extract %mu[%i] : tensor<3xui8>
    %vi = builtin.unrealized_conversion_cast %v : ui8 to i8
    %w = arith.extui %vi : i8 to i32
    vector.print str " "
    vector.print %w : i32 punctuation <no_punctuation>
  }
  vector.print str "\n"

  // Columns 0 and 2: -32768; 1 and 3: 32767.
  %e16 = tensor.empty() : tensor<32767x4xi16>
  %x16 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e16 : tensor<32767x4xi16>) {
  ^bb0(%out: i16):
    %j = linalg.index 1 : index
    %j16 = arith.index_cast %j : index to i16
    %one = arith.constant 1 : i16
    %odd = arith.andi %j16, %one : i16
    %isOdd = arith.cmpi eq, %odd, %one : i16
    %min = arith.constant -32768 : i16
    %max = arith.constant 32767 : i16
    %v = arith.select %isOdd, %max, %min : i16
    linalg.yield %v : i16
  } -> tensor<32767x4xi16>
  %m16 = call @columns_i16(%x16) : (tensor<32767x4xi16>) -> tensor<4xi16>
  vector.print str "i16 columns:"
  scf.for %i = %c0 to %c3 step %c1 {
    %v = tensor.extract %m16[%i] : tensor<4xi16>
    vector.print str " "
    vector.print %v : i16 punctuation <no_punctuation>
  }
  %v3 = tensor.extract %m16[%c3] : tensor<4xi16>
  vector.print str " "
  vector.print %v3 : i16

  // Pooling: hashed values over the whole i8 range.
  %xp = tensor.generate {
  ^bb0(%n: index, %h: index, %w: index, %c: index):
    %hw = arith.muli %h, %c256 : index
    %nw = arith.addi %hw, %w : index
    %k = arith.muli %n, %c512 : index
    %r = arith.addi %nw, %k : index
    %x = func.call @hash(%r, %c) : (index, index) -> i32
    %v = arith.trunci %x : i32 to i8
    tensor.yield %v : i8
  } : tensor<4x7x7x64xi8>
  %ps = call @pool(%xp) : (tensor<4x7x7x64xi8>) -> tensor<4x64xi8>
  %xpd = tensor.cast %xp : tensor<4x7x7x64xi8> to tensor<?x?x?x?xi8>
  %pd = call @pool_dynamic(%xpd) : (tensor<?x?x?x?xi8>) -> tensor<?x?xi8>
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %dp = scf.for %n = %c0 to %c4 step %c1 iter_args(%acc = %c0) -> index {
    %inner = scf.for %c = %c0 to %c64 step %c1 iter_args(%a = %acc) -> index {
      %x = tensor.extract %ps[%n, %c] : tensor<4x64xi8>
      %y = tensor.extract %pd[%n, %c] : tensor<?x?xi8>
      %ne = arith.cmpi ne, %x, %y : i8
      %inc = arith.select %ne, %c1, %c0 : index
      %next = arith.addi %a, %inc : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  vector.print str "i8 pooling differing: "
  vector.print %dp : index punctuation <no_punctuation>
  vector.print str " of 256\n"

  // Short unsigned rows: hashed values over the whole ui8 range.
  %xs = tensor.generate {
  ^bb0(%r: index, %c: index):
    %x = func.call @hash(%r, %c) : (index, index) -> i32
    %v = arith.trunci %x : i32 to i8
    %u = builtin.unrealized_conversion_cast %v : i8 to ui8
    tensor.yield %u : ui8
  } : tensor<512x49xui8>
  %ss = call @short_rows(%xs) : (tensor<512x49xui8>) -> tensor<512xui8>
  %xsd = tensor.cast %xs : tensor<512x49xui8> to tensor<?x?xui8>
  %sd = call @short_rows_dynamic(%xsd) : (tensor<?x?xui8>) -> tensor<?xui8>
  %ds = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %c0) -> index {
    %x = tensor.extract %ss[%i] : tensor<512xui8>
    %y = tensor.extract %sd[%i] : tensor<?xui8>
    %xi = builtin.unrealized_conversion_cast %x : ui8 to i8
    %yi = builtin.unrealized_conversion_cast %y : ui8 to i8
    %ne = arith.cmpi ne, %xi, %yi : i8
    %inc = arith.select %ne, %c1, %c0 : index
    %next = arith.addi %acc, %inc : index
    scf.yield %next : index
  }
  vector.print str "ui8 short rows differing: "
  vector.print %ds : index punctuation <no_punctuation>
  vector.print str " of 512\n"

  %ea = tensor.empty() : tensor<4194304xi8>
  %fa = linalg.fill ins(%lo8 : i8) outs(%ea : tensor<4194304xi8>) -> tensor<4194304xi8>
  %c3000000 = arith.constant 3000000 : index
  %ga = tensor.insert %hi8 into %fa[%c3000000] : tensor<4194304xi8>
  %ma = call @all_i8(%ga) : (tensor<4194304xi8>) -> tensor<i8>
  %va = tensor.extract %ma[] : tensor<i8>
  vector.print str "i8 all: "
  vector.print %va : i8
  return
}
