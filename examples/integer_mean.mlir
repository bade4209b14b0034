// Exact integer means: truncation toward zero, no overflow even for values
// at the edge of i64, and unsigned arithmetic for ui8.

func.func private @printMemrefI64(tensor<*xi64>)

func.func @mean_i64(%x: tensor<?xi64>) -> tensor<i64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xi64> -> tensor<i64>
  return %0 : tensor<i64>
}

func.func @mean_ui8(%x: tensor<?xui8>) -> tensor<ui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xui8> -> tensor<ui8>
  return %0 : tensor<ui8>
}

func.func @main() {
  %a = arith.constant dense<[9223372036854775807, 9223372036854775807, -7]> : tensor<3xi64>
  %ad = tensor.cast %a : tensor<3xi64> to tensor<?xi64>
  %m = call @mean_i64(%ad) : (tensor<?xi64>) -> tensor<i64>
  %mu = tensor.cast %m : tensor<i64> to tensor<*xi64>
  call @printMemrefI64(%mu) : (tensor<*xi64>) -> ()

  %b = arith.constant dense<[250, 251, 100]> : tensor<3xui8>
  %bd = tensor.cast %b : tensor<3xui8> to tensor<?xui8>
  %n = call @mean_ui8(%bd) : (tensor<?xui8>) -> tensor<ui8>
  // Widen for printing; arith only takes signless integers.
  %e = tensor.empty() : tensor<i64>
  %w = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>],
                       iterator_types = []}
      ins(%n : tensor<ui8>) outs(%e : tensor<i64>) {
  ^bb0(%v: ui8, %o: i64):
    %s = builtin.unrealized_conversion_cast %v : ui8 to i8
    %z = arith.extui %s : i8 to i64
    linalg.yield %z : i64
  } -> tensor<i64>
  %wu = tensor.cast %w : tensor<i64> to tensor<*xi64>
  call @printMemrefI64(%wu) : (tensor<*xi64>) -> ()
  return
}
