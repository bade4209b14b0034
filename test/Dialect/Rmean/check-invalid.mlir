// RUN: rmean-opt %s -split-input-file -verify-diagnostics

// One chunk per verifier rule of rmean.check, plus its ODS operand types.

// A '{' that starts neither a placeholder nor '{{'.
func.func @unterminated_placeholder(%c: i1, %v: i64) {
  // expected-error@+1 {{'rmean.check' op message has a '{' that starts neither a placeholder {N} nor '{{': "{0"}}
  rmean.check %c, "axis {0" (%v)
  return
}

// -----

func.func @non_numeric_placeholder(%c: i1, %v: i64) {
  // expected-error@+1 {{'rmean.check' op message has a '{' that starts neither a placeholder {N} nor '{{': "{x} {0}"}}
  rmean.check %c, "axis {x} {0}" (%v)
  return
}

// -----

// An index too large for any value list.
func.func @huge_placeholder(%c: i1) {
  // expected-error@+1 {{'rmean.check' op message has a '{' that starts neither a placeholder {N} nor '{{'}}
  rmean.check %c, "axis {99999999999999999999}"
  return
}

// -----

func.func @placeholder_out_of_range(%c: i1, %v: i64) {
  // expected-error@+1 {{'rmean.check' op placeholder {1} names a value the check does not have (it has 1)}}
  rmean.check %c, "axes {0} and {1}" (%v)
  return
}

// -----

func.func @unnamed_value(%c: i1, %v: i64, %w: i64) {
  // expected-error@+1 {{'rmean.check' op value 1 is not named by any placeholder of the message}}
  rmean.check %c, "axis {0}" (%v, %w)
  return
}

// -----

// Values are i64 (they print as %lld).
func.func @index_value(%c: i1, %v: index) {
  // expected-error@+1 {{'rmean.check' op operand #1 must be variadic of 64-bit signless integer, but got 'index'}}
  "rmean.check"(%c, %v) {message = "axis {0}"} : (i1, index) -> ()
  return
}

// -----

func.func @condition_not_i1(%c: i32) {
  // expected-error@+1 {{'rmean.check' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "rmean.check"(%c) {message = "x"} : (i32) -> ()
  return
}

// -----

func.func @missing_message(%c: i1) {
  // expected-error@+1 {{'rmean.check' op requires attribute 'message'}}
  "rmean.check"(%c) : (i1) -> ()
  return
}
