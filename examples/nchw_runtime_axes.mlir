// Global average pooling of an NCHW activation (axes 2 and 3), once with
// the axes as an attribute and once read at run time from a tensor.

func.func private @printMemrefF32(tensor<*xf32>)

func.func @pool(%x: tensor<2x3x4x5xf32>) -> tensor<2x3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>}
      : tensor<2x3x4x5xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @pool_runtime(%x: tensor<2x3x4x5xf32>, %axes: tensor<?xi64>)
    -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x, %axes
      : tensor<2x3x4x5xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%n: index, %c: index, %h: index, %w: index):
    %i = arith.index_cast %c : index to i32
    %j = arith.index_cast %w : index to i32
    %k = arith.index_cast %n : index to i32
    %s = arith.addi %i, %j : i32
    %t = arith.muli %k, %s : i32
    %f = arith.sitofp %t : i32 to f32
    tensor.yield %f : f32
  } : tensor<2x3x4x5xf32>
  %p = call @pool(%x) : (tensor<2x3x4x5xf32>) -> tensor<2x3xf32>
  %pu = tensor.cast %p : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%pu) : (tensor<*xf32>) -> ()
  %axes = arith.constant dense<[-1, 2]> : tensor<2xi64>
  %ad = tensor.cast %axes : tensor<2xi64> to tensor<?xi64>
  %q = call @pool_runtime(%x, %ad) : (tensor<2x3x4x5xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %qu = tensor.cast %q : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%qu) : (tensor<*xf32>) -> ()
  return
}
