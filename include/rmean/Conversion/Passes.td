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
      rounds to the element type (an integer sum by a count known only at
      run time through its f64 reciprocal and one remainder step, exactly,
      docs/ReduceMean.md §4.2), then `tensor.expand_shape` for
      `keep_dims`. The reduction is marked `rmean.reduction` and the
      division `rmean.finalize`; an `rmean.cpu_strategy` or `rmean.gpu_strategy` written on the
      `rmean.reduce_mean` moves onto the reduction;
    - axes known only at run time: the axes are checked with `rmean.check`
      (range, duplicates, count; the message names the offending values)
      into a mask, and an `scf.index_switch` on
      it runs, for up to 16 axis sets (runs of adjacent dimensions, single
      ones first, then every other set of ranks up to 4, then the empty
      set), the static
      lowering of that set; any other mask runs a loop that accumulates
      every element into the slot its runtime-kept indices select, then
      reshapes the result to the declared rank.

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

    With `allow-runtime-axes=false` a reduce_mean with runtime axes is an
    error instead. With `runtime-axes-loop=false` (the GPU pipeline, which
    has kernels for the listed sets only) a mask outside the listed sets
    fails a run-time check instead of running the general loop, and the
    axes must be an argument of the function (the host decodes them from a
    copy of the caller's buffer; computed axes would be device memory).

    Test: `test/Conversion/RmeanToLinalg/rmean-to-linalg.mlir`.
  }];
  let options = [
    Option<"allowRuntimeAxes", "allow-runtime-axes", "bool",
           /*default=*/"true",
           "Lower runtime axes (checked on the host; false: reject them)">,
    Option<"runtimeAxesLoop", "runtime-axes-loop", "bool",
           /*default=*/"true",
           "Give runtime axis sets outside the switch the general loop "
           "(false: a failed run-time check)">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def ConvertRmeanToLLVMPass
    : Pass<"convert-rmean-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower rmean.check and rmean.view_as_real to the LLVM dialect";
  let description = [{
    `rmean.check` is the run-time check `convert-rmean-to-linalg` emits for
    runtime axes and declared sizes (docs/ReduceMean.md §3.8): `cf.assert`
    with values. Like `cf.assert`, it becomes a conditional branch to a
    block that prints the message and calls `abort()`; the message is a
    `printf` format in which each placeholder `{N}` is `%lld` of value `N`,
    so that the failure names the offending value. Run it after
    `convert-scf-to-cf` (the check splits its block). `convert-to-llvm`
    does the same once `registerConvertRmeanToLLVMInterface` is in the
    context's registry; the rmean pipelines run this pass explicitly, so a
    host that forgot the registration still gets lowered checks.

    The memref form of `rmean.view_as_real` (what bufferisation makes of
    the view `rmean-view-complex-as-real` creates) becomes a memref
    descriptor over the same pointers, with the offset and strides doubled
    and a trailing size 2 of stride 1. Its tensor form is left for
    bufferisation.

    ```mlir
    rmean.check %ok, "rmean.reduce_mean: runtime axis {0} is out of range [-3, 2]" (%axis)
    // becomes
    llvm.cond_br %ok, ^continue, ^failed
    ^failed:
    %fmt = llvm.mlir.addressof @rmean_check_msg : !llvm.ptr   // "... axis %lld is ..."
    llvm.call @printf(%fmt, %axis) vararg(!llvm.func<i32 (ptr, ...)>)
    llvm.call @abort() : () -> ()
    llvm.unreachable
    ```

    Tests: `test/Conversion/RmeanToLLVM/rmean-to-llvm.mlir`,
    `test/Conversion/RmeanToLLVM/view-as-real.mlir`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ConvertRmeanToTosaPass : Pass<"convert-rmean-to-tosa"> {
  let summary = "Express rmean.reduce_mean in TOSA for TOSA pipelines";
  let description = [{
    TOSA has no mean. For an `rmean.reduce_mean` of a statically shaped
    `f16`, `bf16` or `f32` tensor with static axes (canonicalise first:
    constant axes operands become attributes), this pass emits one
    `tosa.reduce_sum` per reduced axis (each keeps its axis with size 1), a
    `tosa.mul` by the reciprocal of the element count and, without
    `keep_dims`, a `tosa.reshape` to the result
    type. Identities become their input. TOSA sums in the element type, so
    the result has TOSA's precision, not rmean's (docs/ReduceMean.md §6.5).
    Everything TOSA cannot express (f64, integer and complex means, dynamic
    shapes, empty tensors, runtime axes) stays an rmean op for
    `convert-rmean-to-linalg`.

    ```mlir
    %m = rmean.reduce_mean %x {axes = array<i64: 1>}
        : tensor<4x8xf32> -> tensor<4xf32>
    // becomes
    %s = tosa.reduce_sum %x {axis = 1 : i32}
        : (tensor<4x8xf32>) -> tensor<4x1xf32>
    %r = tosa.const {values = dense<1.250000e-01> : tensor<1x1xf32>}
    %p = tosa.mul %s, %r, %shift : (...) -> tensor<4x1xf32>
    %m = tosa.reshape %p, %shape : (...) -> tensor<4xf32>
    ```

    Test: `test/Conversion/RmeanToTosa/rmean-to-tosa.mlir`.
  }];
  let dependentDialects = ["::mlir::tosa::TosaDialect"];
}

#endif // RMEAN_CONVERSION_PASSES_TD
