//===- RmeanOps.td - rmean operations ----------------------*- tablegen -*-===//
//
// Declares `rmean.reduce_mean`, `rmean.check`, the run-time check its
// lowering emits, and `rmean.view_as_real`, the view the CPU pipeline sums
// complex inputs through. Operand and attribute names are a public interface
// (docs/ReduceMean.md §1-§2): front ends and external suites spell them.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_IR_RMEANOPS_TD
#define RMEAN_DIALECT_RMEAN_IR_RMEANOPS_TD

include "rmean/Dialect/Rmean/IR/RmeanDialect.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

class Rmean_Op<string mnemonic, list<Trait> traits = []>
    : Op<Rmean_Dialect, mnemonic, traits>;

def Rmean_ReduceMeanOp : Rmean_Op<"reduce_mean", [
    Pure,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
        ["reifyResultShapes"]>]> {
  let summary = "arithmetic mean of a tensor along a set of axes";
  let description = [{
    Computes the arithmetic mean of `input` over the dimensions named by the
    axes. The axes come either from the `axes` attribute or from the optional
    `axes` operand (a 1-D `i32`/`i64` tensor read at run time); exactly one of
    the two must be present. Negative axes count from the back (`a + rank`).

    - `keep_dims` (default `false`): keep reduced dimensions with size 1
      instead of removing them.
    - `noop_with_empty_axes` (default `true`): with no axes the op is the
      identity; when `false`, no axes means "reduce every dimension".

    Floats accumulate in a wider type and round once (nearest-even),
    integers give the exact mean truncated toward zero, complex numbers
    divide both parts by the count; an empty reduction yields NaN for
    floating-point types and 0 for integers.

    Example:

    ```mlir
    // Row means of a 4x8 matrix.
    %0 = rmean.reduce_mean %x {axes = array<i64: 1>}
        : tensor<4x8xf32> -> tensor<4xf32>
    // The same, keeping the reduced dimension, axes read at run time.
    %1 = rmean.reduce_mean %x, %axes {keep_dims = true}
        : tensor<4x8xf32>, tensor<1xi64> -> tensor<4x?xf32>
    ```
  }];

  // Operand and result types are checked by the C++ verifier rather than by
  // ODS type constraints so that every rule of docs/ReduceMean.md §3 gets its own message.
  let arguments = (ins
    AnyType:$input,
    Optional<AnyType>:$axes_tensor,
    OptionalAttr<DenseI64ArrayAttr>:$axes,
    DefaultValuedAttr<BoolAttr, "false">:$keep_dims,
    DefaultValuedAttr<BoolAttr, "true">:$noop_with_empty_axes
  );
  let results = (outs AnyType:$result);

  let assemblyFormat = [{
    $input (`,` $axes_tensor^)? attr-dict `:` type($input)
    (`,` type($axes_tensor)^)? `->` type($result)
  }];

  let builders = [
    // Infers the result type from static axes.
    OpBuilder<(ins "Value":$input, "ArrayRef<int64_t>":$axes,
                   CArg<"bool", "false">:$keepDims,
                   CArg<"bool", "true">:$noopWithEmptyAxes)>
  ];

  let extraClassDeclaration = [{
    /// Returns the element types accepted by the op (docs/ReduceMean.md §2).
    static bool isSupportedElementType(Type type);

    /// Infers the result type for `inputType` reduced over `axes`
    /// (unnormalised, attribute form). Returns null if the axes are invalid.
    static RankedTensorType inferResultType(RankedTensorType inputType,
                                            ArrayRef<int64_t> axes,
                                            bool keepDims,
                                            bool noopWithEmptyAxes);

    /// Returns the static axes, normalised and sorted, when they are known
    /// at compile time (attribute, or constant operand with valid values),
    /// with empty axes already resolved by `noop_with_empty_axes` (the
    /// identity yields an empty list, "reduce all" every dimension).
    std::optional<SmallVector<int64_t>> getStaticReducedDims();

    RankedTensorType getInputType() {
      return ::llvm::dyn_cast<RankedTensorType>(getInput().getType());
    }
    RankedTensorType getResultType() {
      return ::llvm::dyn_cast<RankedTensorType>(getResult().getType());
    }
  }];

  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Rmean_CheckOp : Rmean_Op<"check", [MemoryEffects<[MemWrite]>]> {
  let summary = "run-time check whose message names run-time values";
  let description = [{
    When `condition` is false, prints `message` to stdout with each
    placeholder `{N}` replaced by the decimal value of operand `values[N]`
    (signed), then ends the process as a failed `cf.assert` does (`abort()`;
    `rmean-exit-on-failed-check` makes rmean's own checks exit with status
    70). `{{` prints one `{`. It is `cf.assert` with values: the lowering of
    `rmean.reduce_mean` uses it so that a bad runtime axis is reported with
    its value (docs/ReduceMean.md §3.8). `convert-rmean-to-llvm`, or
    `convert-to-llvm` once `registerConvertRmeanToLLVMInterface` is
    registered, lowers it to `printf` and `abort`.

    Example:

    ```mlir
    rmean.check %in_range, "runtime axis {0} is out of range [-3, 2]" (%axis)
    ```
  }];

  // i64 only: the values print as `%lld`, and no conversion of index or
  // narrower integers has to be undone in the LLVM lowering.
  let arguments = (ins I1:$condition, Variadic<I64>:$values,
                       StrAttr:$message);

  let assemblyFormat = [{
    $condition `,` $message (`(` $values^ `)`)? attr-dict
  }];

  let extraClassDeclaration = [{
    /// Splits `message` into literal text and placeholders, in order:
    /// `onText` gets each literal run (`{{` already unescaped), `onValue`
    /// each placeholder's value index. A `{` that starts neither `{{` nor
    /// `{N}` is reported through `emitError`.
    static LogicalResult
    parseMessage(StringRef message,
                 ::llvm::function_ref<void(StringRef)> onText,
                 ::llvm::function_ref<void(unsigned)> onValue,
                 ::llvm::function_ref<InFlightDiagnostic()> emitError);
  }];

  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

def Rmean_ViewAsRealOp : Rmean_Op<"view_as_real", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "view of complex elements as their real and imaginary parts";
  let description = [{
    The same data as `input`, with a trailing dimension of 2 that holds each
    element's real part (index 0) and imaginary part (index 1), in the part
    type: `complex<f32>` elements are read as pairs of `f32`. Nothing is
    copied: on memrefs the result aliases the input (its strides doubled, a
    trailing stride of 1, its offset doubled); on tensors it is the value a
    bufferisation turns into that view (the bufferisation model is
    registered by `registerBufferizableOpInterfaceExternalModels`).
    `convert-rmean-to-llvm` lowers the memref form to a new descriptor over
    the same pointers.

    Upstream vector code has no complex lanes (`vector<...xcomplex<f32>>`
    is not a type), and no upstream op reinterprets a complex buffer as
    floats; `rmean-view-complex-as-real` uses this view to sum complex
    inputs as real reductions, which the CPU strategies vectorise.

    The result type is determined by the input's: a tensor gives a tensor; a
    memref with the identity layout gives one with the identity layout, any
    other strided layout the strided layout above. Memory spaces are kept.

    Example:

    ```mlir
    %p = rmean.view_as_real %x : tensor<4x?xcomplex<f32>> to tensor<4x?x2xf32>
    %v = rmean.view_as_real %m : memref<8xcomplex<f64>, strided<[2], offset: ?>>
                                 to memref<8x2xf64, strided<[4, 1], offset: ?>>
    ```
  }];

  let arguments = (ins AnyTypeOf<[RankedTensorOf<[AnyComplex]>,
                                  MemRefOf<[AnyComplex]>]>:$input);
  let results = (outs AnyTypeOf<[AnyRankedTensor, AnyMemRef]>:$result);

  let assemblyFormat = [{
    $input attr-dict `:` type($input) `to` type($result)
  }];

  let builders = [
    OpBuilder<(ins "::mlir::Value":$input), [{
      build($_builder, $_state, getResultType(
          ::llvm::cast<::mlir::ShapedType>(input.getType())), input);
    }]>
  ];

  let extraClassDeclaration = [{
    /// The type of the view of `input` (a ranked tensor or memref of
    /// complex elements); null when `input` is a memref whose layout is
    /// not strided.
    static ::mlir::ShapedType getResultType(::mlir::ShapedType input);
  }];

  let hasVerifier = 1;
}

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANOPS_TD
