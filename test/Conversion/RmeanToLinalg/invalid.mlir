// RUN: rmean-opt %s --convert-rmean-to-linalg --split-input-file -verify-diagnostics

// What the lowering refuses with a diagnostic (no verifier rule catches it).

// A static reduced count beyond 64 bits has no index value.
func.func @count_overflow(%x: tensor<4294967296x4294967296xf32>) -> tensor<f32> {
  // expected-error@+1 {{reduces more elements per output than a 64-bit count holds}}
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1>} : tensor<4294967296x4294967296xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A static 0 among huge sizes is an empty reduction (count 0), not an
// overflow: it lowers.
func.func @huge_but_empty(%x: tensor<4294967296x0x4294967296xf32>) -> tensor<4294967296xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1>} : tensor<4294967296x0x4294967296xf32> -> tensor<4294967296xf32>
  return %0 : tensor<4294967296xf32>
}
