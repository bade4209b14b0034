// Whole static rows of an odd length that LLVM would load byte by byte
// (signless bytes in rows of fewer than 32) are read as the one contiguous
// run the step's rows are, then reshaped (rmean-cpu-vectorize,
// FlattenWholeRowRead). The means must be those of scalar code (a strategy
// of kind none): i8 rows of 9 (3x3 pooling) and 25 (5x5). f32 rows of 9,
// read row by row (flat reads measured slower in AVX2 code), whose values
// sum exactly in f32 (so the f32 tree and the scalar f64 sum agree), with
// a NaN row, a +Inf row and a row of -0.0 (whose mean must stay -0.0),
// check the same tree. 150 rows: steps of 64 rows of 9 and 32 of 25
// (signed bytes, rmean-select-cpu-strategy) and leftover rows. The counts of differing means are printed (0), and
// the IR shows the flat byte reads.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=256 | %{run} | FileCheck %s
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-narrow-integer-sums --rmean-select-cpu-strategy=target-vector-bits=512 --canonicalize --rmean-cpu-tile --canonicalize --rmean-cpu-vectorize | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @rows9_i8
//       IR:   tensor.collapse_shape %{{.+}} {{\[}}[0, 1]] : tensor<64x9xi8> into tensor<576xi8>
//       IR:   vector.transfer_read %{{.+}} : tensor<576xi8>, vector<576xi8>
//       IR:   vector.shape_cast %{{.+}} : vector<576xi8> to vector<64x9xi8>
// IR-LABEL: func.func @rows25_i8
//       IR:   vector.shape_cast %{{.+}} : vector<800xi8> to vector<32x25xi8>
// IR-LABEL: func.func @rows9_f32
//   IR-NOT:   vector.shape_cast
//       IR:   vector.transfer_read %{{.+}} : tensor<8x9xf32>, vector<8x9xf32>

// CHECK: differing i8 rows of 9: 0
// CHECK-NEXT: differing i8 rows of 25: 0
// CHECK-NEXT: differing f32 rows of 9: 0
// CHECK-NEXT: ( 31.5556, nan, inf, -0 )

func.func @rows9_i8(%x: tensor<150x9xi8>) -> tensor<150xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<150x9xi8> -> tensor<150xi8>
  return %0 : tensor<150xi8>
}
func.func @rows9_i8_scalar(%x: tensor<150x9xi8>) -> tensor<150xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 1024>} : tensor<150x9xi8> -> tensor<150xi8>
  return %0 : tensor<150xi8>
}
func.func @rows25_i8(%x: tensor<150x25xi8>) -> tensor<150xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<150x25xi8> -> tensor<150xi8>
  return %0 : tensor<150xi8>
}
func.func @rows25_i8_scalar(%x: tensor<150x25xi8>) -> tensor<150xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 1024>} : tensor<150x25xi8> -> tensor<150xi8>
  return %0 : tensor<150xi8>
}
func.func @rows9_f32(%x: tensor<150x9xf32>) -> tensor<150xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<150x9xf32> -> tensor<150xf32>
  return %0 : tensor<150xf32>
}
func.func @rows9_f32_scalar(%x: tensor<150x9xf32>) -> tensor<150xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 1024>} : tensor<150x9xf32> -> tensor<150xf32>
  return %0 : tensor<150xf32>
}

// (131 r + 7919 c) mod 256 - 128: every byte value, rows whose sums do
// not divide evenly.
func.func @value(%r: index, %c: index) -> i32 {
  %c131 = arith.constant 131 : index
  %c7919 = arith.constant 7919 : index
  %c256 = arith.constant 256 : index
  %c128 = arith.constant 128 : i32
  %a = arith.muli %r, %c131 : index
  %b = arith.muli %c, %c7919 : index
  %s = arith.addi %a, %b : index
  %m = arith.remui %s, %c256 : index
  %mi = arith.index_cast %m : index to i32
  %v = arith.subi %mi, %c128 : i32
  return %v : i32
}

func.func @bytes(%rows: index, %length: index) -> tensor<?x?xi8> {
  %x = tensor.generate %rows, %length {
  ^bb0(%r: index, %c: index):
    %v = func.call @value(%r, %c) : (index, index) -> i32
    %b = arith.trunci %v : i32 to i8
    tensor.yield %b : i8
  } : tensor<?x?xi8>
  return %x : tensor<?x?xi8>
}

// Row 1 has a NaN, row 2 a +Inf, row 3 only -0.0; the others small
// integers (exact sums in f32).
func.func @floats() -> tensor<150x9xf32> {
  %x = tensor.generate {
  ^bb0(%r: index, %c: index):
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %v = func.call @value(%r, %c) : (index, index) -> i32
    %f = arith.sitofp %v : i32 to f32
    %nan = arith.constant 0x7FC00000 : f32
    %inf = arith.constant 0x7F800000 : f32
    %nz = arith.constant -0.0 : f32
    %last = arith.cmpi eq, %c, %c8 : index
    %is1 = arith.cmpi eq, %r, %c1 : index
    %is2 = arith.cmpi eq, %r, %c2 : index
    %is3 = arith.cmpi eq, %r, %c3 : index
    %nanhere = arith.andi %is1, %last : i1
    %infhere = arith.andi %is2, %last : i1
    %e1 = arith.select %nanhere, %nan, %f : f32
    %e2 = arith.select %infhere, %inf, %e1 : f32
    %e3 = arith.select %is3, %nz, %e2 : f32
    tensor.yield %e3 : f32
  } : tensor<150x9xf32>
  return %x : tensor<150x9xf32>
}

func.func @differing_i8(%a: tensor<150xi8>, %b: tensor<150xi8>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c150 = arith.constant 150 : index
  %zero = arith.constant 0 : i32
  %n = scf.for %i = %c0 to %c150 step %c1 iter_args(%acc = %zero) -> i32 {
    %x = tensor.extract %a[%i] : tensor<150xi8>
    %y = tensor.extract %b[%i] : tensor<150xi8>
    %ne = arith.cmpi ne, %x, %y : i8
    %d = arith.extui %ne : i1 to i32
    %next = arith.addi %acc, %d : i32
    scf.yield %next : i32
  }
  return %n : i32
}

// Bits that differ; NaNs count as equal whatever their payload.
func.func @differing_f32(%a: tensor<150xf32>, %b: tensor<150xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c150 = arith.constant 150 : index
  %zero = arith.constant 0 : i32
  %true = arith.constant true
  %n = scf.for %i = %c0 to %c150 step %c1 iter_args(%acc = %zero) -> i32 {
    %x = tensor.extract %a[%i] : tensor<150xf32>
    %y = tensor.extract %b[%i] : tensor<150xf32>
    %xb = arith.bitcast %x : f32 to i32
    %yb = arith.bitcast %y : f32 to i32
    %ne = arith.cmpi ne, %xb, %yb : i32
    %xn = arith.cmpf uno, %x, %x : f32
    %yn = arith.cmpf uno, %y, %y : f32
    %nans = arith.andi %xn, %yn : i1
    %notnans = arith.xori %nans, %true : i1
    %differs = arith.andi %ne, %notnans : i1
    %d = arith.extui %differs : i1 to i32
    %next = arith.addi %acc, %d : i32
    scf.yield %next : i32
  }
  return %n : i32
}

func.func @main() {
  %c150 = arith.constant 150 : index
  %c9 = arith.constant 9 : index
  %c25 = arith.constant 25 : index
  %b9d = func.call @bytes(%c150, %c9) : (index, index) -> tensor<?x?xi8>
  %b9 = tensor.cast %b9d : tensor<?x?xi8> to tensor<150x9xi8>
  %m9 = func.call @rows9_i8(%b9) : (tensor<150x9xi8>) -> tensor<150xi8>
  %s9 = func.call @rows9_i8_scalar(%b9) : (tensor<150x9xi8>) -> tensor<150xi8>
  %d9 = func.call @differing_i8(%m9, %s9) : (tensor<150xi8>, tensor<150xi8>) -> i32
  %b25d = func.call @bytes(%c150, %c25) : (index, index) -> tensor<?x?xi8>
  %b25 = tensor.cast %b25d : tensor<?x?xi8> to tensor<150x25xi8>
  %m25 = func.call @rows25_i8(%b25) : (tensor<150x25xi8>) -> tensor<150xi8>
  %s25 = func.call @rows25_i8_scalar(%b25) : (tensor<150x25xi8>) -> tensor<150xi8>
  %d25 = func.call @differing_i8(%m25, %s25) : (tensor<150xi8>, tensor<150xi8>) -> i32
  %f = func.call @floats() : () -> tensor<150x9xf32>
  %mf = func.call @rows9_f32(%f) : (tensor<150x9xf32>) -> tensor<150xf32>
  %sf = func.call @rows9_f32_scalar(%f) : (tensor<150x9xf32>) -> tensor<150xf32>
  %df = func.call @differing_f32(%mf, %sf) : (tensor<150xf32>, tensor<150xf32>) -> i32
  vector.print str "differing i8 rows of 9: "
  vector.print %d9 : i32
  vector.print str "differing i8 rows of 25: "
  vector.print %d25 : i32
  vector.print str "differing f32 rows of 9: "
  vector.print %df : i32
  %head = tensor.extract_slice %mf[0] [4] [1] : tensor<150xf32> to tensor<4xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %head[%c0], %pad : tensor<4xf32>, vector<4xf32>
  vector.print %v : vector<4xf32>
  return
}
