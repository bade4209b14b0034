// Means of integer rows whose count is only known at run time divide their
// i64 sums through the f64 reciprocal of the count, truncate, and correct
// the quotient by one remainder step (MeanNumerics, docs/ReduceMean.md
// §4.2) instead of an integer division. The quotient must be exact: for
// each 8-, 16- and 32-bit type, signed and unsigned, and row lengths 1 to
// 4099 (rows up to 64 long take rmean.cpu_short_rows, longer ones masked
// tails; the 8-bit rows also as fully dynamic 3 x 7 x 1 x length pooling),
// 21 rows hold a base value b (the type's extremes, values near 0)
// in all but the last element, which is b - 1, b or b + 1 (b + d turned
// to b - d where it would leave the type): sums that are multiples of the
// count or one off, the cases where a truncated f64 quotient could be
// wrong. Each mean is compared with the integer division of the exact sum
// (arith.divsi / arith.divui in this test's own code); the count of wrong
// means is printed per type (0).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=256 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// No integer division is left in the means (the test's own reference
// divisions are scalar divisions of i64 values):
// RUN: rmean-opt %s --convert-rmean-to-linalg | FileCheck %s --check-prefix=LINALG

// LINALG-LABEL: func.func @mean_i8
// LINALG:         rmean.finalize
// LINALG-NOT:     arith.div{{[su]}}i
// LINALG:         linalg.yield
// LINALG-LABEL: func.func @mean_ui8
// LINALG:         rmean.finalize
// LINALG-NOT:     arith.div{{[su]}}i
// LINALG:         linalg.yield
// LINALG-LABEL: func.func @mean_i16
// LINALG:         rmean.finalize
// LINALG-NOT:     arith.div{{[su]}}i
// LINALG:         linalg.yield
// LINALG-LABEL: func.func @mean_ui16
// LINALG:         rmean.finalize
// LINALG-NOT:     arith.div{{[su]}}i
// LINALG:         linalg.yield
// LINALG-LABEL: func.func @mean_i32
// LINALG:         rmean.finalize
// LINALG-NOT:     arith.div{{[su]}}i
// LINALG:         linalg.yield
// LINALG-LABEL: func.func @mean_ui32
// LINALG:         rmean.finalize
// LINALG-NOT:     arith.div{{[su]}}i
// LINALG:         linalg.yield
// CHECK: wrong i8 means 0
// CHECK: wrong ui8 means 0
// CHECK: wrong i16 means 0
// CHECK: wrong ui16 means 0
// CHECK: wrong i32 means 0
// CHECK: wrong ui32 means 0
// CHECK: wrong pooled i8 means 0
// CHECK: wrong pooled ui8 means 0

func.func @mean_i8(%x: tensor<?x?xi8>) -> tensor<?xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi8> -> tensor<?xi8>
  return %0 : tensor<?xi8>
}

// Row r: base table[r mod 7]; the last element base + d, d = r / 7 - 1
// (base - d where base + d leaves i8).
func.func @element_i8(%r: index, %c: index, %length: index) -> i64 {
  %table = arith.constant dense<[-128, -127, -2, -1, 0, 1, 127]> : tensor<7xi64>
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %lo = arith.constant -128 : i64
  %hi = arith.constant 127 : i64
  %one = arith.constant 1 : i64
  %k = arith.remui %r, %c7 : index
  %base = tensor.extract %table[%k] : tensor<7xi64>
  %q = arith.divui %r, %c7 : index
  %qi = arith.index_cast %q : index to i64
  %d = arith.subi %qi, %one : i64
  %up = arith.addi %base, %d : i64
  %down = arith.subi %base, %d : i64
  %under = arith.cmpi slt, %up, %lo : i64
  %over = arith.cmpi sgt, %up, %hi : i64
  %out = arith.ori %under, %over : i1
  %last = arith.select %out, %down, %up : i64
  %lastc = arith.subi %length, %c1 : index
  %isLast = arith.cmpi eq, %c, %lastc : index
  %v = arith.select %isLast, %last, %base : i64
  return %v : i64
}

func.func @input_i8(%rows: index, %length: index) -> tensor<?x?xi8> {
  %x = tensor.generate %rows, %length {
  ^bb0(%r: index, %c: index):
    %v = func.call @element_i8(%r, %c, %length) : (index, index, index) -> i64
    %e = arith.trunci %v : i64 to i8
    tensor.yield %e : i8
  } : tensor<?x?xi8>
  return %x : tensor<?x?xi8>
}

// Means that differ from the integer division of the row's exact sum.
func.func @wrong_i8(%means: tensor<?xi8>, %length: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %means, %c0 : tensor<?xi8>
  %lm1 = arith.subi %length, %c1 : index
  %lastc = arith.index_cast %lm1 : index to i64
  %count = arith.index_cast %length : index to i64
  %wrong = scf.for %r = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %base = func.call @element_i8(%r, %c0, %c0) : (index, index, index) -> i64
    %last = func.call @element_i8(%r, %lm1, %length) : (index, index, index) -> i64
    %head = arith.muli %base, %lastc : i64
    %sum = arith.addi %head, %last : i64
    %expected = arith.divsi %sum, %count : i64
    %m = tensor.extract %means[%r] : tensor<?xi8>
    %w = arith.extsi %m : i8 to i64
    %ne = arith.cmpi ne, %w, %expected : i64
    %bad = arith.extui %ne : i1 to i32
    %next = arith.addi %acc, %bad : i32
    scf.yield %next : i32
  }
  return %wrong : i32
}

func.func @mean_ui8(%x: tensor<?x?xui8>) -> tensor<?xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui8> -> tensor<?xui8>
  return %0 : tensor<?xui8>
}

// Row r: base table[r mod 7]; the last element base + d, d = r / 7 - 1
// (base - d where base + d leaves ui8).
func.func @element_ui8(%r: index, %c: index, %length: index) -> i64 {
  %table = arith.constant dense<[0, 1, 2, 127, 254, 255, 100]> : tensor<7xi64>
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %lo = arith.constant 0 : i64
  %hi = arith.constant 255 : i64
  %one = arith.constant 1 : i64
  %k = arith.remui %r, %c7 : index
  %base = tensor.extract %table[%k] : tensor<7xi64>
  %q = arith.divui %r, %c7 : index
  %qi = arith.index_cast %q : index to i64
  %d = arith.subi %qi, %one : i64
  %up = arith.addi %base, %d : i64
  %down = arith.subi %base, %d : i64
  %under = arith.cmpi slt, %up, %lo : i64
  %over = arith.cmpi sgt, %up, %hi : i64
  %out = arith.ori %under, %over : i1
  %last = arith.select %out, %down, %up : i64
  %lastc = arith.subi %length, %c1 : index
  %isLast = arith.cmpi eq, %c, %lastc : index
  %v = arith.select %isLast, %last, %base : i64
  return %v : i64
}

func.func @input_ui8(%rows: index, %length: index) -> tensor<?x?xui8> {
  %x = tensor.generate %rows, %length {
  ^bb0(%r: index, %c: index):
    %v = func.call @element_ui8(%r, %c, %length) : (index, index, index) -> i64
    %e = arith.trunci %v : i64 to i8
    %u = builtin.unrealized_conversion_cast %e : i8 to ui8
    tensor.yield %u : ui8
  } : tensor<?x?xui8>
  return %x : tensor<?x?xui8>
}

// Means that differ from the integer division of the row's exact sum.
func.func @wrong_ui8(%means: tensor<?xui8>, %length: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %means, %c0 : tensor<?xui8>
  %lm1 = arith.subi %length, %c1 : index
  %lastc = arith.index_cast %lm1 : index to i64
  %count = arith.index_cast %length : index to i64
  %wrong = scf.for %r = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %base = func.call @element_ui8(%r, %c0, %c0) : (index, index, index) -> i64
    %last = func.call @element_ui8(%r, %lm1, %length) : (index, index, index) -> i64
    %head = arith.muli %base, %lastc : i64
    %sum = arith.addi %head, %last : i64
    %expected = arith.divui %sum, %count : i64
    %m = tensor.extract %means[%r] : tensor<?xui8>
    %ms = builtin.unrealized_conversion_cast %m : ui8 to i8
    %w = arith.extui %ms : i8 to i64
    %ne = arith.cmpi ne, %w, %expected : i64
    %bad = arith.extui %ne : i1 to i32
    %next = arith.addi %acc, %bad : i32
    scf.yield %next : i32
  }
  return %wrong : i32
}

func.func @mean_i16(%x: tensor<?x?xi16>) -> tensor<?xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi16> -> tensor<?xi16>
  return %0 : tensor<?xi16>
}

// Row r: base table[r mod 7]; the last element base + d, d = r / 7 - 1
// (base - d where base + d leaves i16).
func.func @element_i16(%r: index, %c: index, %length: index) -> i64 {
  %table = arith.constant dense<[-32768, -32767, -2, -1, 0, 1, 32767]> : tensor<7xi64>
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %lo = arith.constant -32768 : i64
  %hi = arith.constant 32767 : i64
  %one = arith.constant 1 : i64
  %k = arith.remui %r, %c7 : index
  %base = tensor.extract %table[%k] : tensor<7xi64>
  %q = arith.divui %r, %c7 : index
  %qi = arith.index_cast %q : index to i64
  %d = arith.subi %qi, %one : i64
  %up = arith.addi %base, %d : i64
  %down = arith.subi %base, %d : i64
  %under = arith.cmpi slt, %up, %lo : i64
  %over = arith.cmpi sgt, %up, %hi : i64
  %out = arith.ori %under, %over : i1
  %last = arith.select %out, %down, %up : i64
  %lastc = arith.subi %length, %c1 : index
  %isLast = arith.cmpi eq, %c, %lastc : index
  %v = arith.select %isLast, %last, %base : i64
  return %v : i64
}

func.func @input_i16(%rows: index, %length: index) -> tensor<?x?xi16> {
  %x = tensor.generate %rows, %length {
  ^bb0(%r: index, %c: index):
    %v = func.call @element_i16(%r, %c, %length) : (index, index, index) -> i64
    %e = arith.trunci %v : i64 to i16
    tensor.yield %e : i16
  } : tensor<?x?xi16>
  return %x : tensor<?x?xi16>
}

// Means that differ from the integer division of the row's exact sum.
func.func @wrong_i16(%means: tensor<?xi16>, %length: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %means, %c0 : tensor<?xi16>
  %lm1 = arith.subi %length, %c1 : index
  %lastc = arith.index_cast %lm1 : index to i64
  %count = arith.index_cast %length : index to i64
  %wrong = scf.for %r = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %base = func.call @element_i16(%r, %c0, %c0) : (index, index, index) -> i64
    %last = func.call @element_i16(%r, %lm1, %length) : (index, index, index) -> i64
    %head = arith.muli %base, %lastc : i64
    %sum = arith.addi %head, %last : i64
    %expected = arith.divsi %sum, %count : i64
    %m = tensor.extract %means[%r] : tensor<?xi16>
    %w = arith.extsi %m : i16 to i64
    %ne = arith.cmpi ne, %w, %expected : i64
    %bad = arith.extui %ne : i1 to i32
    %next = arith.addi %acc, %bad : i32
    scf.yield %next : i32
  }
  return %wrong : i32
}

func.func @mean_ui16(%x: tensor<?x?xui16>) -> tensor<?xui16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui16> -> tensor<?xui16>
  return %0 : tensor<?xui16>
}

// Row r: base table[r mod 7]; the last element base + d, d = r / 7 - 1
// (base - d where base + d leaves ui16).
func.func @element_ui16(%r: index, %c: index, %length: index) -> i64 {
  %table = arith.constant dense<[0, 1, 2, 32767, 65534, 65535, 100]> : tensor<7xi64>
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %lo = arith.constant 0 : i64
  %hi = arith.constant 65535 : i64
  %one = arith.constant 1 : i64
  %k = arith.remui %r, %c7 : index
  %base = tensor.extract %table[%k] : tensor<7xi64>
  %q = arith.divui %r, %c7 : index
  %qi = arith.index_cast %q : index to i64
  %d = arith.subi %qi, %one : i64
  %up = arith.addi %base, %d : i64
  %down = arith.subi %base, %d : i64
  %under = arith.cmpi slt, %up, %lo : i64
  %over = arith.cmpi sgt, %up, %hi : i64
  %out = arith.ori %under, %over : i1
  %last = arith.select %out, %down, %up : i64
  %lastc = arith.subi %length, %c1 : index
  %isLast = arith.cmpi eq, %c, %lastc : index
  %v = arith.select %isLast, %last, %base : i64
  return %v : i64
}

func.func @input_ui16(%rows: index, %length: index) -> tensor<?x?xui16> {
  %x = tensor.generate %rows, %length {
  ^bb0(%r: index, %c: index):
    %v = func.call @element_ui16(%r, %c, %length) : (index, index, index) -> i64
    %e = arith.trunci %v : i64 to i16
    %u = builtin.unrealized_conversion_cast %e : i16 to ui16
    tensor.yield %u : ui16
  } : tensor<?x?xui16>
  return %x : tensor<?x?xui16>
}

// Means that differ from the integer division of the row's exact sum.
func.func @wrong_ui16(%means: tensor<?xui16>, %length: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %means, %c0 : tensor<?xui16>
  %lm1 = arith.subi %length, %c1 : index
  %lastc = arith.index_cast %lm1 : index to i64
  %count = arith.index_cast %length : index to i64
  %wrong = scf.for %r = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %base = func.call @element_ui16(%r, %c0, %c0) : (index, index, index) -> i64
    %last = func.call @element_ui16(%r, %lm1, %length) : (index, index, index) -> i64
    %head = arith.muli %base, %lastc : i64
    %sum = arith.addi %head, %last : i64
    %expected = arith.divui %sum, %count : i64
    %m = tensor.extract %means[%r] : tensor<?xui16>
    %ms = builtin.unrealized_conversion_cast %m : ui16 to i16
    %w = arith.extui %ms : i16 to i64
    %ne = arith.cmpi ne, %w, %expected : i64
    %bad = arith.extui %ne : i1 to i32
    %next = arith.addi %acc, %bad : i32
    scf.yield %next : i32
  }
  return %wrong : i32
}

func.func @mean_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// Row r: base table[r mod 7]; the last element base + d, d = r / 7 - 1
// (base - d where base + d leaves i32).
func.func @element_i32(%r: index, %c: index, %length: index) -> i64 {
  %table = arith.constant dense<[-2147483648, -2147483647, -2, -1, 0, 1, 2147483647]> : tensor<7xi64>
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %lo = arith.constant -2147483648 : i64
  %hi = arith.constant 2147483647 : i64
  %one = arith.constant 1 : i64
  %k = arith.remui %r, %c7 : index
  %base = tensor.extract %table[%k] : tensor<7xi64>
  %q = arith.divui %r, %c7 : index
  %qi = arith.index_cast %q : index to i64
  %d = arith.subi %qi, %one : i64
  %up = arith.addi %base, %d : i64
  %down = arith.subi %base, %d : i64
  %under = arith.cmpi slt, %up, %lo : i64
  %over = arith.cmpi sgt, %up, %hi : i64
  %out = arith.ori %under, %over : i1
  %last = arith.select %out, %down, %up : i64
  %lastc = arith.subi %length, %c1 : index
  %isLast = arith.cmpi eq, %c, %lastc : index
  %v = arith.select %isLast, %last, %base : i64
  return %v : i64
}

func.func @input_i32(%rows: index, %length: index) -> tensor<?x?xi32> {
  %x = tensor.generate %rows, %length {
  ^bb0(%r: index, %c: index):
    %v = func.call @element_i32(%r, %c, %length) : (index, index, index) -> i64
    %e = arith.trunci %v : i64 to i32
    tensor.yield %e : i32
  } : tensor<?x?xi32>
  return %x : tensor<?x?xi32>
}

// Means that differ from the integer division of the row's exact sum.
func.func @wrong_i32(%means: tensor<?xi32>, %length: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %means, %c0 : tensor<?xi32>
  %lm1 = arith.subi %length, %c1 : index
  %lastc = arith.index_cast %lm1 : index to i64
  %count = arith.index_cast %length : index to i64
  %wrong = scf.for %r = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %base = func.call @element_i32(%r, %c0, %c0) : (index, index, index) -> i64
    %last = func.call @element_i32(%r, %lm1, %length) : (index, index, index) -> i64
    %head = arith.muli %base, %lastc : i64
    %sum = arith.addi %head, %last : i64
    %expected = arith.divsi %sum, %count : i64
    %m = tensor.extract %means[%r] : tensor<?xi32>
    %w = arith.extsi %m : i32 to i64
    %ne = arith.cmpi ne, %w, %expected : i64
    %bad = arith.extui %ne : i1 to i32
    %next = arith.addi %acc, %bad : i32
    scf.yield %next : i32
  }
  return %wrong : i32
}

func.func @mean_ui32(%x: tensor<?x?xui32>) -> tensor<?xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui32> -> tensor<?xui32>
  return %0 : tensor<?xui32>
}

// Row r: base table[r mod 7]; the last element base + d, d = r / 7 - 1
// (base - d where base + d leaves ui32).
func.func @element_ui32(%r: index, %c: index, %length: index) -> i64 {
  %table = arith.constant dense<[0, 1, 2, 2147483647, 4294967294, 4294967295, 100]> : tensor<7xi64>
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %lo = arith.constant 0 : i64
  %hi = arith.constant 4294967295 : i64
  %one = arith.constant 1 : i64
  %k = arith.remui %r, %c7 : index
  %base = tensor.extract %table[%k] : tensor<7xi64>
  %q = arith.divui %r, %c7 : index
  %qi = arith.index_cast %q : index to i64
  %d = arith.subi %qi, %one : i64
  %up = arith.addi %base, %d : i64
  %down = arith.subi %base, %d : i64
  %under = arith.cmpi slt, %up, %lo : i64
  %over = arith.cmpi sgt, %up, %hi : i64
  %out = arith.ori %under, %over : i1
  %last = arith.select %out, %down, %up : i64
  %lastc = arith.subi %length, %c1 : index
  %isLast = arith.cmpi eq, %c, %lastc : index
  %v = arith.select %isLast, %last, %base : i64
  return %v : i64
}

func.func @input_ui32(%rows: index, %length: index) -> tensor<?x?xui32> {
  %x = tensor.generate %rows, %length {
  ^bb0(%r: index, %c: index):
    %v = func.call @element_ui32(%r, %c, %length) : (index, index, index) -> i64
    %e = arith.trunci %v : i64 to i32
    %u = builtin.unrealized_conversion_cast %e : i32 to ui32
    tensor.yield %u : ui32
  } : tensor<?x?xui32>
  return %x : tensor<?x?xui32>
}

// Means that differ from the integer division of the row's exact sum.
func.func @wrong_ui32(%means: tensor<?xui32>, %length: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %means, %c0 : tensor<?xui32>
  %lm1 = arith.subi %length, %c1 : index
  %lastc = arith.index_cast %lm1 : index to i64
  %count = arith.index_cast %length : index to i64
  %wrong = scf.for %r = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %base = func.call @element_ui32(%r, %c0, %c0) : (index, index, index) -> i64
    %last = func.call @element_ui32(%r, %lm1, %length) : (index, index, index) -> i64
    %head = arith.muli %base, %lastc : i64
    %sum = arith.addi %head, %last : i64
    %expected = arith.divui %sum, %count : i64
    %m = tensor.extract %means[%r] : tensor<?xui32>
    %ms = builtin.unrealized_conversion_cast %m : ui32 to i32
    %w = arith.extui %ms : i32 to i64
    %ne = arith.cmpi ne, %w, %expected : i64
    %bad = arith.extui %ne : i1 to i32
    %next = arith.addi %acc, %bad : i32
    scf.yield %next : i32
  }
  return %wrong : i32
}

// The same rows as 3 x 7 images of 1 x length, all sizes dynamic (fully
// dynamic pooling over (2, 3)).
func.func @pool_i8(%x: tensor<?x?x?x?xi8>) -> tensor<?x?xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<?x?x?x?xi8> -> tensor<?x?xi8>
  return %0 : tensor<?x?xi8>
}

func.func @pooled_i8(%x: tensor<?x?xi8>, %length: index) -> tensor<?xi8> {
  %static = tensor.cast %x : tensor<?x?xi8> to tensor<21x?xi8>
  %shaped = tensor.expand_shape %static [[0, 1], [2, 3]] output_shape [3, 7, 1, %length] : tensor<21x?xi8> into tensor<3x7x1x?xi8>
  %images = tensor.cast %shaped : tensor<3x7x1x?xi8> to tensor<?x?x?x?xi8>
  %m = func.call @pool_i8(%images) : (tensor<?x?x?x?xi8>) -> tensor<?x?xi8>
  %flat = tensor.collapse_shape %m [[0, 1]] : tensor<?x?xi8> into tensor<?xi8>
  return %flat : tensor<?xi8>
}

// The same rows as 3 x 7 images of 1 x length, all sizes dynamic (fully
// dynamic pooling over (2, 3)).
func.func @pool_ui8(%x: tensor<?x?x?x?xui8>) -> tensor<?x?xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<?x?x?x?xui8> -> tensor<?x?xui8>
  return %0 : tensor<?x?xui8>
}

func.func @pooled_ui8(%x: tensor<?x?xui8>, %length: index) -> tensor<?xui8> {
  %static = tensor.cast %x : tensor<?x?xui8> to tensor<21x?xui8>
  %shaped = tensor.expand_shape %static [[0, 1], [2, 3]] output_shape [3, 7, 1, %length] : tensor<21x?xui8> into tensor<3x7x1x?xui8>
  %images = tensor.cast %shaped : tensor<3x7x1x?xui8> to tensor<?x?x?x?xui8>
  %m = func.call @pool_ui8(%images) : (tensor<?x?x?x?xui8>) -> tensor<?x?xui8>
  %flat = tensor.collapse_shape %m [[0, 1]] : tensor<?x?xui8> into tensor<?xui8>
  return %flat : tensor<?xui8>
}

func.func @main() {
  %rows = arith.constant 21 : index
  %zero = arith.constant 0 : i32
  %lengths = arith.constant dense<[1, 2, 3, 7, 49, 63, 64, 65, 1000, 4099]> : tensor<10xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant 10 : index
  %wrong_i8 = scf.for %i = %c0 to %cn step %c1 iter_args(%acc = %zero) -> i32 {
    %length = tensor.extract %lengths[%i] : tensor<10xindex>
    %x = func.call @input_i8(%rows, %length) : (index, index) -> tensor<?x?xi8>
    %m = func.call @mean_i8(%x) : (tensor<?x?xi8>) -> tensor<?xi8>
    %w = func.call @wrong_i8(%m, %length) : (tensor<?xi8>, index) -> i32
    %next = arith.addi %acc, %w : i32
    scf.yield %next : i32
  }
  vector.print str "wrong i8 means "
  vector.print %wrong_i8 : i32
  %wrong_ui8 = scf.for %i = %c0 to %cn step %c1 iter_args(%acc = %zero) -> i32 {
    %length = tensor.extract %lengths[%i] : tensor<10xindex>
    %x = func.call @input_ui8(%rows, %length) : (index, index) -> tensor<?x?xui8>
    %m = func.call @mean_ui8(%x) : (tensor<?x?xui8>) -> tensor<?xui8>
    %w = func.call @wrong_ui8(%m, %length) : (tensor<?xui8>, index) -> i32
    %next = arith.addi %acc, %w : i32
    scf.yield %next : i32
  }
  vector.print str "wrong ui8 means "
  vector.print %wrong_ui8 : i32
  %wrong_i16 = scf.for %i = %c0 to %cn step %c1 iter_args(%acc = %zero) -> i32 {
    %length = tensor.extract %lengths[%i] : tensor<10xindex>
    %x = func.call @input_i16(%rows, %length) : (index, index) -> tensor<?x?xi16>
    %m = func.call @mean_i16(%x) : (tensor<?x?xi16>) -> tensor<?xi16>
    %w = func.call @wrong_i16(%m, %length) : (tensor<?xi16>, index) -> i32
    %next = arith.addi %acc, %w : i32
    scf.yield %next : i32
  }
  vector.print str "wrong i16 means "
  vector.print %wrong_i16 : i32
  %wrong_ui16 = scf.for %i = %c0 to %cn step %c1 iter_args(%acc = %zero) -> i32 {
    %length = tensor.extract %lengths[%i] : tensor<10xindex>
    %x = func.call @input_ui16(%rows, %length) : (index, index) -> tensor<?x?xui16>
    %m = func.call @mean_ui16(%x) : (tensor<?x?xui16>) -> tensor<?xui16>
    %w = func.call @wrong_ui16(%m, %length) : (tensor<?xui16>, index) -> i32
    %next = arith.addi %acc, %w : i32
    scf.yield %next : i32
  }
  vector.print str "wrong ui16 means "
  vector.print %wrong_ui16 : i32
  %wrong_i32 = scf.for %i = %c0 to %cn step %c1 iter_args(%acc = %zero) -> i32 {
    %length = tensor.extract %lengths[%i] : tensor<10xindex>
    %x = func.call @input_i32(%rows, %length) : (index, index) -> tensor<?x?xi32>
    %m = func.call @mean_i32(%x) : (tensor<?x?xi32>) -> tensor<?xi32>
    %w = func.call @wrong_i32(%m, %length) : (tensor<?xi32>, index) -> i32
    %next = arith.addi %acc, %w : i32
    scf.yield %next : i32
  }
  vector.print str "wrong i32 means "
  vector.print %wrong_i32 : i32
  %wrong_ui32 = scf.for %i = %c0 to %cn step %c1 iter_args(%acc = %zero) -> i32 {
    %length = tensor.extract %lengths[%i] : tensor<10xindex>
    %x = func.call @input_ui32(%rows, %length) : (index, index) -> tensor<?x?xui32>
    %m = func.call @mean_ui32(%x) : (tensor<?x?xui32>) -> tensor<?xui32>
    %w = func.call @wrong_ui32(%m, %length) : (tensor<?xui32>, index) -> i32
    %next = arith.addi %acc, %w : i32
    scf.yield %next : i32
  }
  vector.print str "wrong ui32 means "
  vector.print %wrong_ui32 : i32
  %wrong_pool_i8 = scf.for %i = %c0 to %cn step %c1 iter_args(%acc = %zero) -> i32 {
    %length = tensor.extract %lengths[%i] : tensor<10xindex>
    %x = func.call @input_i8(%rows, %length) : (index, index) -> tensor<?x?xi8>
    %m = func.call @pooled_i8(%x, %length) : (tensor<?x?xi8>, index) -> tensor<?xi8>
    %w = func.call @wrong_i8(%m, %length) : (tensor<?xi8>, index) -> i32
    %next = arith.addi %acc, %w : i32
    scf.yield %next : i32
  }
  vector.print str "wrong pooled i8 means "
  vector.print %wrong_pool_i8 : i32
  %wrong_pool_ui8 = scf.for %i = %c0 to %cn step %c1 iter_args(%acc = %zero) -> i32 {
    %length = tensor.extract %lengths[%i] : tensor<10xindex>
    %x = func.call @input_ui8(%rows, %length) : (index, index) -> tensor<?x?xui8>
    %m = func.call @pooled_ui8(%x, %length) : (tensor<?x?xui8>, index) -> tensor<?xui8>
    %w = func.call @wrong_ui8(%m, %length) : (tensor<?xui8>, index) -> i32
    %next = arith.addi %acc, %w : i32
    scf.yield %next : i32
  }
  vector.print str "wrong pooled ui8 means "
  vector.print %wrong_pool_ui8 : i32
  return
}
