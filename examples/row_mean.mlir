// Row and column means of a small matrix, with and without keep_dims.
// The function boundaries keep the canonicaliser from folding the means of
// the constant input, so the compiled loops do the work.

func.func private @printMemrefF32(tensor<*xf32>)

func.func @row_mean(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @col_mean_keep(%x: tensor<?x?xf32>) -> tensor<1x?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -2>, keep_dims = true}
      : tensor<?x?xf32> -> tensor<1x?xf32>
  return %0 : tensor<1x?xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0],
                             [5.0, 6.0, 7.0, 8.5]]> : tensor<2x4xf32>
  %d = tensor.cast %x : tensor<2x4xf32> to tensor<?x?xf32>
  %r = call @row_mean(%d) : (tensor<?x?xf32>) -> tensor<?xf32>
  %ru = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  %c = call @col_mean_keep(%d) : (tensor<?x?xf32>) -> tensor<1x?xf32>
  %cu = tensor.cast %c : tensor<1x?xf32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  return
}
