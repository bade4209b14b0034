//===- RmeanOps.cpp - rmean op verifiers and interfaces -------------------===//
//
// Holds the verifier of rmean.reduce_mean (docs/ReduceMean.md §3),
// result-type inference, the static-axes query shared by the folders and the
// lowering, shape reification, and rmean.check's message syntax. Folds and
// canonicalisation patterns live in RmeanCanonicalize.cpp.
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/IR/RmeanOps.h"
#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::rmean;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool ReduceMeanOp::isSupportedElementType(Type type) {
  return succeeded(MeanNumerics::get(type));
}

/// Checks attribute-style axes against `rank` (rules 2 and 3), reporting
/// through `emitError` when given. Returns the normalised axes in the given
/// order.
static FailureOr<SmallVector<int64_t>>
checkAxes(ArrayRef<int64_t> axes, int64_t rank,
          function_ref<InFlightDiagnostic()> emitError) {
  SmallVector<int64_t> normalised;
  SmallVector<int64_t> spelling(rank, 0);
  llvm::SmallBitVector seen(rank);
  for (int64_t axis : axes) {
    if (axis < -rank || axis >= rank) {
      if (emitError) {
        if (rank == 0)
          emitError() << "axis " << axis
                      << " is out of range: a rank-0 input only accepts "
                         "empty axes";
        else
          emitError() << "axis " << axis << " is out of range [" << -rank
                      << ", " << rank - 1 << "] for an input of rank " << rank;
      }
      return failure();
    }
    int64_t dim = axis < 0 ? axis + rank : axis;
    if (seen.test(dim)) {
      if (emitError)
        emitError() << "axes " << spelling[dim] << " and " << axis
                    << " both name dimension " << dim
                    << "; axes must be unique after normalisation";
      return failure();
    }
    seen.set(dim);
    spelling[dim] = axis;
    normalised.push_back(dim);
  }
  return normalised;
}

/// Resolves normalised axes to the set of reduced dimensions: empty axes
/// mean the identity or "reduce all" depending on `noopWithEmptyAxes`.
static SmallVector<int64_t> resolveReducedDims(ArrayRef<int64_t> normalised,
                                               int64_t rank,
                                               bool noopWithEmptyAxes) {
  if (normalised.empty())
    return noopWithEmptyAxes ? SmallVector<int64_t>()
                             : llvm::to_vector(llvm::seq<int64_t>(0, rank));
  SmallVector<int64_t> dims(normalised);
  llvm::sort(dims);
  return dims;
}

static RankedTensorType buildResultType(RankedTensorType inputType,
                                        ArrayRef<int64_t> reducedDims,
                                        bool keepDims) {
  SmallVector<int64_t> shape;
  for (auto [i, size] : llvm::enumerate(inputType.getShape())) {
    if (!llvm::is_contained(reducedDims, static_cast<int64_t>(i)))
      shape.push_back(size);
    else if (keepDims)
      shape.push_back(1);
  }
  return RankedTensorType::get(shape, inputType.getElementType());
}

RankedTensorType ReduceMeanOp::inferResultType(RankedTensorType inputType,
                                               ArrayRef<int64_t> axes,
                                               bool keepDims,
                                               bool noopWithEmptyAxes) {
  FailureOr<SmallVector<int64_t>> normalised =
      checkAxes(axes, inputType.getRank(), nullptr);
  if (failed(normalised))
    return nullptr;
  return buildResultType(
      inputType,
      resolveReducedDims(*normalised, inputType.getRank(), noopWithEmptyAxes),
      keepDims);
}

/// Returns the values of a constant `axes` operand, if it is one.
static std::optional<SmallVector<int64_t>> getConstantAxes(Value axesTensor) {
  DenseIntElementsAttr attr;
  if (!axesTensor || !matchPattern(axesTensor, m_Constant(&attr)))
    return std::nullopt;
  return llvm::to_vector(
      llvm::map_range(attr.getValues<APInt>(),
                      [](const APInt &v) { return v.getSExtValue(); }));
}

std::optional<SmallVector<int64_t>> ReduceMeanOp::getStaticReducedDims() {
  RankedTensorType inputType = getInputType();
  if (!inputType)
    return std::nullopt;
  int64_t rank = inputType.getRank();
  std::optional<SmallVector<int64_t>> axes;
  if (std::optional<ArrayRef<int64_t>> attr = getAxes()) {
    axes = llvm::to_vector(*attr);
  } else if (Value axesTensor = getAxesTensor()) {
    axes = getConstantAxes(axesTensor);
    // A statically empty operand is as good as a constant one.
    auto axesType = dyn_cast<RankedTensorType>(axesTensor.getType());
    if (!axes && axesType && axesType.getRank() == 1 &&
        axesType.getDimSize(0) == 0)
      axes = SmallVector<int64_t>();
  }
  if (!axes)
    return std::nullopt;
  FailureOr<SmallVector<int64_t>> normalised = checkAxes(*axes, rank, nullptr);
  if (failed(normalised))
    return std::nullopt;
  return resolveReducedDims(*normalised, rank, getNoopWithEmptyAxes());
}

void ReduceMeanOp::build(OpBuilder &builder, OperationState &state, Value input,
                         ArrayRef<int64_t> axes, bool keepDims,
                         bool noopWithEmptyAxes) {
  auto inputType = cast<RankedTensorType>(input.getType());
  RankedTensorType resultType =
      inferResultType(inputType, axes, keepDims, noopWithEmptyAxes);
  assert(resultType && "invalid axes passed to the inferring builder");
  build(builder, state, resultType, input, /*axes_tensor=*/Value(),
        builder.getDenseI64ArrayAttr(axes), keepDims, noopWithEmptyAxes);
}

SmallVector<ReassociationIndices>
mlir::rmean::getReducedDimsReassociation(int64_t rank,
                                         ArrayRef<int64_t> reduced) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t i = 0; i < rank; ++i) {
    pending.push_back(i);
    if (!llvm::is_contained(reduced, i)) {
      groups.push_back(pending);
      pending.clear();
    }
  }
  if (!groups.empty())
    groups.back().append(pending.begin(), pending.end());
  return groups;
}

//===----------------------------------------------------------------------===//
// Verifier
//===----------------------------------------------------------------------===//

static bool isValidAxesElementType(Type type) {
  auto intTy = dyn_cast<IntegerType>(type);
  return intTy && !intTy.isUnsigned() &&
         (intTy.getWidth() == 32 || intTy.getWidth() == 64);
}

/// Compares the declared result shape with the inferred one (rule 6).
static LogicalResult verifyResultShape(ReduceMeanOp op,
                                       RankedTensorType expected,
                                       RankedTensorType actual) {
  if (expected.getRank() != actual.getRank())
    return op.emitOpError("result rank ")
           << actual.getRank() << " does not match the inferred rank "
           << expected.getRank() << " (inferred result type " << expected
           << ")";
  for (int64_t i = 0, e = expected.getRank(); i < e; ++i) {
    int64_t want = expected.getDimSize(i), got = actual.getDimSize(i);
    if (ShapedType::isStatic(want) && ShapedType::isStatic(got) && want != got)
      return op.emitOpError("result dimension ")
             << i << " has size " << got << " but the inferred size is " << want
             << " (inferred result type " << expected << ")";
  }
  return success();
}

/// Rule 6 when the axes are only known at run time.
static LogicalResult verifyRuntimeAxesResult(ReduceMeanOp op,
                                             RankedTensorType inputType,
                                             RankedTensorType resultType,
                                             int64_t axesLength) {
  int64_t rank = inputType.getRank();
  ArrayRef<int64_t> in = inputType.getShape();
  ArrayRef<int64_t> out = resultType.getShape();
  // A statically empty operand is handled like empty attribute axes.
  if (axesLength == 0)
    return verifyResultShape(
        op,
        buildResultType(inputType,
                        resolveReducedDims({}, rank, op.getNoopWithEmptyAxes()),
                        op.getKeepDims()),
        resultType);
  if (op.getKeepDims()) {
    if (resultType.getRank() != rank)
      return op.emitOpError("result rank ")
             << resultType.getRank() << " must equal the input rank " << rank
             << " with keep_dims";
    for (int64_t i = 0; i < rank; ++i) {
      if (ShapedType::isDynamic(out[i]) || ShapedType::isDynamic(in[i]) ||
          out[i] == 1 || out[i] == in[i])
        continue;
      return op.emitOpError("result dimension ")
             << i << " has size " << out[i] << " but can only be 1 or " << in[i]
             << " (it is reduced or kept depending on runtime axes)";
    }
    return success();
  }
  if (ShapedType::isStatic(axesLength)) {
    if (resultType.getRank() != rank - axesLength)
      return op.emitOpError("result rank ")
             << resultType.getRank() << " does not match the inferred rank "
             << rank - axesLength << " (input rank " << rank << " minus "
             << axesLength << " runtime axes)";
  } else if (resultType.getRank() > rank) {
    return op.emitOpError("result rank ")
           << resultType.getRank() << " exceeds the input rank " << rank;
  }
  // Result dimension j is input dimension i for some i in [j, j + removed].
  int64_t removed = rank - resultType.getRank();
  for (int64_t j = 0, e = resultType.getRank(); j < e; ++j) {
    if (ShapedType::isDynamic(out[j]))
      continue;
    bool possible = false;
    for (int64_t i = j; i <= j + removed && i < rank; ++i)
      possible |= ShapedType::isDynamic(in[i]) || in[i] == out[j];
    if (!possible)
      return op.emitOpError("result dimension ")
             << j << " has size " << out[j]
             << " but no input dimension it can come from has that size";
  }
  return success();
}

/// Checks that input and result are ranked tensors of one supported element
/// type.
static LogicalResult verifyTypes(ReduceMeanOp op) {
  auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!inputType)
    return op.emitOpError("input must be a ranked tensor, got ")
           << op.getInput().getType();
  Type elementType = inputType.getElementType();
  if (!ReduceMeanOp::isSupportedElementType(elementType))
    return op.emitOpError("input element type ")
           << elementType
           << " is not supported; expected f16, bf16, f32, f64, "
              "i8/i16/i32/i64 (signless, signed or unsigned), complex<f32> "
              "or complex<f64>";
  auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!resultType)
    return op.emitOpError("result must be a ranked tensor, got ")
           << op.getResult().getType();
  if (resultType.getElementType() != elementType)
    return op.emitOpError("result element type ")
           << resultType.getElementType()
           << " must equal the input element type " << elementType;
  return success();
}

/// Checks axes known at compile time (the attribute, or the values of a
/// constant operand) and the result shape they imply.
static LogicalResult verifyStaticAxes(ReduceMeanOp op, ArrayRef<int64_t> axes) {
  RankedTensorType inputType = op.getInputType();
  if (failed(checkAxes(axes, inputType.getRank(),
                       [&]() { return op.emitOpError(); })))
    return failure();
  return verifyResultShape(
      op,
      ReduceMeanOp::inferResultType(inputType, axes, op.getKeepDims(),
                                    op.getNoopWithEmptyAxes()),
      op.getResultType());
}

/// Checks the `axes` operand: its type, and its values when constant.
static LogicalResult verifyAxesOperand(ReduceMeanOp op, Value axesTensor) {
  auto axesType = dyn_cast<RankedTensorType>(axesTensor.getType());
  if (!axesType || axesType.getRank() != 1 ||
      !isValidAxesElementType(axesType.getElementType()))
    return op.emitOpError("'axes' operand must be a 1-D tensor of i32 or i64 "
                          "(signless or signed), got ")
           << axesTensor.getType();
  int64_t rank = op.getInputType().getRank();
  int64_t axesLength = axesType.getDimSize(0);
  if (ShapedType::isStatic(axesLength) && axesLength > rank)
    return op.emitOpError("'axes' operand has ")
           << axesLength << " elements but the input has rank " << rank
           << "; at most " << rank << " axes can be given";
  // Rule 7: constant axes get the attribute's diagnostics.
  if (std::optional<SmallVector<int64_t>> constAxes =
          getConstantAxes(axesTensor))
    return verifyStaticAxes(op, *constAxes);
  return verifyRuntimeAxesResult(op, op.getInputType(), op.getResultType(),
                                 axesLength);
}

LogicalResult ReduceMeanOp::verify() {
  if (failed(verifyTypes(*this)))
    return failure();
  std::optional<ArrayRef<int64_t>> attrAxes = getAxes();
  Value axesTensor = getAxesTensor();
  if (attrAxes && axesTensor)
    return emitOpError("has both the 'axes' attribute and the 'axes' "
                       "operand; exactly one of them must be given");
  if (!attrAxes && !axesTensor)
    return emitOpError("has neither the 'axes' attribute nor the 'axes' "
                       "operand; exactly one of them must be given (use "
                       "axes = array<i64> for empty axes)");
  if (attrAxes)
    return verifyStaticAxes(*this, *attrAxes);
  return verifyAxesOperand(*this, axesTensor);
}

//===----------------------------------------------------------------------===//
// ReifyRankedShapedTypeOpInterface
//===----------------------------------------------------------------------===//

/// Extracts each of the `numAxes` runtime axes of `axesTensor` (signless
/// `axisType` integers) and normalises it into [0, rank).
static SmallVector<Value> buildNormalisedAxes(OpBuilder &builder, Location loc,
                                              Value axesTensor, int64_t numAxes,
                                              Type axisType, int64_t rank) {
  SmallVector<Value> dims;
  for (int64_t k = 0; k < numAxes; ++k) {
    Value idx = arith::ConstantIndexOp::create(builder, loc, k);
    Value axis = tensor::ExtractOp::create(builder, loc, axesTensor, idx);
    Value zero = arith::ConstantOp::create(builder, loc, axisType,
                                           builder.getIntegerAttr(axisType, 0));
    Value rankV = arith::ConstantOp::create(
        builder, loc, axisType, builder.getIntegerAttr(axisType, rank));
    Value isNeg = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                        axis, zero);
    Value plusRank = arith::AddIOp::create(builder, loc, axis, rankV);
    dims.push_back(
        arith::SelectOp::create(builder, loc, isNeg, plusRank, axis));
  }
  return dims;
}

/// The result sizes for runtime axes with keep_dims and a static number of
/// axes: dimension i is 1 if any axis names it, else the input size.
static FailureOr<SmallVector<OpFoldResult>>
reifyRuntimeKeepDimsSizes(ReduceMeanOp op, OpBuilder &builder) {
  auto axesType = cast<RankedTensorType>(op.getAxesTensor().getType());
  if (!op.getKeepDims() || axesType.isDynamicDim(0))
    return failure();
  Location loc = op.getLoc();
  RankedTensorType resultType = op.getResultType();
  int64_t rank = op.getInputType().getRank();
  Type axisType =
      builder.getIntegerType(axesType.getElementType().getIntOrFloatBitWidth());
  if (!axesType.getElementType().isSignlessInteger())
    return failure();
  SmallVector<Value> dims = buildNormalisedAxes(
      builder, loc, op.getAxesTensor(), axesType.getDimSize(0), axisType, rank);
  SmallVector<OpFoldResult> sizes;
  for (int64_t i = 0; i < rank; ++i) {
    if (!resultType.isDynamicDim(i)) {
      sizes.push_back(builder.getIndexAttr(resultType.getDimSize(i)));
      continue;
    }
    Value iV = arith::ConstantOp::create(builder, loc, axisType,
                                         builder.getIntegerAttr(axisType, i));
    Value hit = arith::ConstantOp::create(builder, loc, builder.getI1Type(),
                                          builder.getBoolAttr(false));
    for (Value d : dims)
      hit = arith::OrIOp::create(
          builder, loc, hit,
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, d, iV));
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    Value size = getValueOrCreateConstantIndexOp(
        builder, loc, tensor::getMixedSize(builder, loc, op.getInput(), i));
    sizes.push_back(
        arith::SelectOp::create(builder, loc, hit, one, size).getResult());
  }
  return sizes;
}

LogicalResult ReduceMeanOp::reifyResultShapes(
    OpBuilder &builder, ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  std::optional<SmallVector<int64_t>> reduced = getStaticReducedDims();
  if (!reduced) {
    FailureOr<SmallVector<OpFoldResult>> sizes =
        reifyRuntimeKeepDimsSizes(*this, builder);
    if (failed(sizes))
      return failure();
    reifiedReturnShapes.push_back(*sizes);
    return success();
  }
  SmallVector<OpFoldResult> sizes;
  for (int64_t i = 0, e = getInputType().getRank(); i < e; ++i) {
    if (!llvm::is_contained(*reduced, i))
      sizes.push_back(tensor::getMixedSize(builder, getLoc(), getInput(), i));
    else if (getKeepDims())
      sizes.push_back(builder.getIndexAttr(1));
  }
  reifiedReturnShapes.push_back(sizes);
  return success();
}

//===----------------------------------------------------------------------===//
// CheckOp
//===----------------------------------------------------------------------===//

LogicalResult
CheckOp::parseMessage(StringRef message, function_ref<void(StringRef)> onText,
                      function_ref<void(unsigned)> onValue,
                      function_ref<InFlightDiagnostic()> emitError) {
  while (!message.empty()) {
    size_t brace = message.find('{');
    if (brace == StringRef::npos) {
      onText(message);
      return success();
    }
    onText(message.take_front(brace));
    message = message.drop_front(brace);
    if (message.starts_with("{{")) {
      onText("{");
      message = message.drop_front(2);
      continue;
    }
    size_t close = message.find('}');
    StringRef digits =
        close == StringRef::npos ? StringRef() : message.slice(1, close);
    unsigned index;
    if (digits.empty() || !llvm::all_of(digits, llvm::isDigit) ||
        digits.getAsInteger(10, index))
      return emitError() << "message has a '{' that starts neither a "
                            "placeholder {N} nor '{{': \""
                         << message.take_front(16) << "\"";
    onValue(index);
    message = message.drop_front(close + 1);
  }
  return success();
}

LogicalResult CheckOp::verify() {
  size_t numValues = getValues().size();
  llvm::SmallBitVector named(numValues);
  std::optional<unsigned> outOfRange;
  if (failed(parseMessage(
          getMessage(), [](StringRef) {},
          [&](unsigned index) {
            if (index < numValues)
              named.set(index);
            else if (!outOfRange)
              outOfRange = index;
          },
          [&] { return emitOpError(); })))
    return failure();
  if (outOfRange)
    return emitOpError() << "placeholder {" << *outOfRange
                         << "} names a value the check does not have (it has "
                         << numValues << ")";
  if (!named.all())
    return emitOpError() << "value " << named.find_first_unset()
                         << " is not named by any placeholder of the message";
  return success();
}

/// A check that always holds is dropped, as `cf.assert` folds.
LogicalResult CheckOp::canonicalize(CheckOp op, PatternRewriter &rewriter) {
  if (!matchPattern(op.getCondition(), m_One()))
    return failure();
  rewriter.eraseOp(op);
  return success();
}

#define GET_OP_CLASSES
#include "rmean/Dialect/Rmean/IR/RmeanOps.cpp.inc"

//===----------------------------------------------------------------------===//
// ViewAsRealOp
//===----------------------------------------------------------------------===//

ShapedType ViewAsRealOp::getResultType(ShapedType input) {
  Type part = cast<ComplexType>(input.getElementType()).getElementType();
  SmallVector<int64_t> shape(input.getShape());
  shape.push_back(2);
  if (auto tensor = dyn_cast<RankedTensorType>(input))
    return RankedTensorType::get(shape, part);
  auto memref = cast<MemRefType>(input);
  if (memref.getLayout().isIdentity())
    return MemRefType::get(shape, part, MemRefLayoutAttrInterface(),
                           memref.getMemorySpace());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(memref.getStridesAndOffset(strides, offset)))
    return {};
  // In parts, each complex stride and the offset count twice; a dynamic
  // one stays dynamic.
  auto twice = [](int64_t v) {
    return ShapedType::isDynamic(v) ? ShapedType::kDynamic : 2 * v;
  };
  SmallVector<int64_t> partStrides = llvm::map_to_vector(strides, twice);
  partStrides.push_back(1);
  auto layout =
      StridedLayoutAttr::get(input.getContext(), twice(offset), partStrides);
  return MemRefType::get(shape, part, layout, memref.getMemorySpace());
}

LogicalResult ViewAsRealOp::verify() {
  auto inputType = cast<ShapedType>(getInput().getType());
  ShapedType expected = getResultType(inputType);
  if (!expected)
    return emitOpError("input layout ")
           << cast<MemRefType>(inputType).getLayout()
           << " is not strided: its parts have no strided view";
  if (getResult().getType() != expected)
    return emitOpError("result type ")
           << getResult().getType() << " is not the parts view of the input; "
           << "expected " << expected;
  return success();
}

Value ViewAsRealOp::getViewSource() { return getInput(); }
