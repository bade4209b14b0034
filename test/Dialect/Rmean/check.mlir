// RUN: rmean-opt %s --split-input-file | rmean-opt --split-input-file | FileCheck %s
// RUN: rmean-opt %s --split-input-file --mlir-print-op-generic | rmean-opt --split-input-file | FileCheck %s
// RUN: rmean-opt %s --split-input-file --canonicalize | FileCheck %s --check-prefix=CANON

// rmean.check: round trip (custom and generic form), and the canonicaliser
// drops a check whose condition is constant true and keeps every other one.

// A message with values, one of them named twice, and a literal brace.
// CHECK-LABEL: func.func @values
//  CHECK-SAME:   (%[[C:.+]]: i1, %[[A:.+]]: i64, %[[B:.+]]: i64)
//       CHECK:   rmean.check %[[C]], "axes {0} and {1} name {0} {{[{][{]}}here}"(%[[A]], %[[B]])
// CANON-LABEL: func.func @values
//       CANON:   rmean.check
func.func @values(%c: i1, %a: i64, %b: i64) {
  rmean.check %c, "axes {0} and {1} name {0} {{here}" (%a, %b)
  return
}

// -----

// No values: the parentheses are omitted.
// CHECK-LABEL: func.func @no_values
//       CHECK:   rmean.check %{{.+}}, "never"{{$}}
func.func @no_values(%c: i1) {
  rmean.check %c, "never"
  return
}

// -----

// A check that always holds goes away; one that always fails stays (it
// must still stop the program).
// CANON-LABEL: func.func @constant_conditions
//   CANON-NOT:   "holds"
//       CANON:   rmean.check %{{.+}}, "fails {0}"
func.func @constant_conditions(%v: i64) {
  %true = arith.constant true
  %false = arith.constant false
  rmean.check %true, "holds {0}" (%v)
  rmean.check %false, "fails {0}" (%v)
  return
}
