//===- Passes.td - rmean conversion passes -----------------*- tablegen -*-===//
//
// Conversions out of the rmean dialect.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_CONVERSION_PASSES_TD
#define RMEAN_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertRmeanToLinalgPass : Pass<"convert-rmean-to-linalg"> {
  let summary = "Lower rmean.reduce_mean to linalg reductions on tensors";
  let description = [{
    Rewrites every `rmean.reduce_mean` into ops on tensors that upstream
    tiling, fusion and vectorisation understand:

    - static axes: a reduction `linalg.generic` into a `linalg.fill`-ed
      accumulator of the docs/ReduceMean.md §4 accumulator type, then an elementwise
      `linalg.generic` that divides by the (runtime) element count and
      rounds to the element type, then `tensor.expand_shape` for
      `keep_dims`. The reduction is marked `rmean.reduction` and the
      division `rmean.finalize`; an `rmean.cpu_strategy` written on the
      `rmean.reduce_mean` moves onto the reduction;
    - axes known only at run time: the axes are checked with `cf.assert`
      (range, duplicates, count), then a loop accumulates every element into
      the slot its runtime-kept indices select; the result is reshaped to the
      declared rank.

    ```mlir
    %m = rmean.reduce_mean %x {axes = array<i64: 1>}
        : tensor<4x8xf32> -> tensor<4xf32>
    // becomes
    %init = linalg.fill ins(%negzero : f64) outs(%empty : tensor<4xf64>)
    %sum = linalg.generic {iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf64>) { ... }
    %m = linalg.generic {iterator_types = ["parallel"]}
        ins(%sum : tensor<4xf64>) outs(%out : tensor<4xf32>) { ... divf ... }
    ```

    Test: `test/Conversion/RmeanToLinalg/rmean-to-linalg.mlir`.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

#endif // RMEAN_CONVERSION_PASSES_TD
