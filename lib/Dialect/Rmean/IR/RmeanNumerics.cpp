//===- RmeanNumerics.cpp - the numerics of reduce_mean --------------------===//
//
// Implements docs/ReduceMean.md §4 once, both as IR builders (for the
// lowerings) and as an exact host evaluation (for the constant folder).
//
// Why f64 accumulation for every real float type: a plain f32 running sum
// stalls at 2^24 and drifts by O(n) ulps, which breaks both the bounds of
// docs/ReduceMean.md §4 and a one-ulp comparison against the exact mean.
// Summing in f64 keeps the error below 2^-26 relative for up to 2^27 terms, so
// the rounded mean is within one ulp; f64 inputs use a Neumaier compensation
// term for the same reason. The cost is a widening conversion per element,
// which the vectoriser turns into packed conversions on x86.
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"
#include "rmean/Dialect/Rmean/IR/RmeanExactArithmetic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <complex>

using namespace mlir;
using namespace mlir::rmean;

FailureOr<MeanNumerics> MeanNumerics::get(Type elementType) {
  MLIRContext *ctx = elementType.getContext();
  MeanNumerics n;
  n.elementType = elementType;
  n.storageType = elementType;
  Type f64 = Float64Type::get(ctx);
  if (isa<Float16Type, BFloat16Type, Float32Type>(elementType)) {
    n.kind = Kind::Float;
    n.accumulatorTypes = {f64};
    return n;
  }
  if (isa<Float64Type>(elementType)) {
    n.kind = Kind::Float;
    n.accumulatorTypes = {f64, f64};
    return n;
  }
  if (auto complexTy = dyn_cast<ComplexType>(elementType)) {
    if (!isa<Float32Type, Float64Type>(complexTy.getElementType()))
      return failure();
    n.kind = Kind::Complex;
    // complex<f64> parts carry a compensation term each, like f64:
    // (re, re compensation, im, im compensation).
    if (isa<Float64Type>(complexTy.getElementType()))
      n.accumulatorTypes = {f64, f64, f64, f64};
    else
      n.accumulatorTypes = {f64, f64};
    return n;
  }
  auto intTy = dyn_cast<IntegerType>(elementType);
  if (!intTy || !llvm::is_contained({8u, 16u, 32u, 64u}, intTy.getWidth()))
    return failure();
  n.kind = intTy.isUnsigned() ? Kind::UnsignedInt : Kind::SignedInt;
  n.storageType = IntegerType::get(ctx, intTy.getWidth());
  n.accumulatorTypes = {
      IntegerType::get(ctx, intTy.getWidth() == 64 ? 128 : 64)};
  return n;
}

FailureOr<MeanNumerics> MeanNumerics::getNarrowIntegerSums(Type elementType,
                                                           int64_t maxCount) {
  FailureOr<MeanNumerics> n = get(elementType);
  if (failed(n) || n->kind == Kind::Float || n->kind == Kind::Complex)
    return failure();
  unsigned bits = n->storageType.getIntOrFloatBitWidth();
  // |x| <= 2^(bits - 1) signed, x < 2^bits unsigned: the sum of maxCount
  // of them stays below 2^31 either way.
  if (bits > 16 || maxCount < 1 || maxCount >= (int64_t(1) << (31 - bits)))
    return failure();
  n->accumulatorTypes = {IntegerType::get(elementType.getContext(), 32)};
  return n;
}

Value MeanNumerics::toStorage(OpBuilder &b, Location loc, Value element) const {
  if (storageType == elementType)
    return element;
  // arith only takes signless integers; the cast is a no-op reinterpretation
  // that reconcile-unrealized-casts removes once both sides are LLVM's iN.
  return UnrealizedConversionCastOp::create(b, loc, storageType, element)
      .getResult(0);
}

Value MeanNumerics::fromStorage(OpBuilder &b, Location loc,
                                Value storage) const {
  if (storageType == elementType)
    return storage;
  return UnrealizedConversionCastOp::create(b, loc, elementType, storage)
      .getResult(0);
}

TypedAttr mlir::rmean::getAdditiveIdentity(Builder &b, Type type) {
  auto floatTy = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  if (!floatTy)
    return b.getZeroAttr(type);
  FloatAttr negZero =
      b.getFloatAttr(floatTy, APFloat::getZero(floatTy.getFloatSemantics(),
                                               /*Negative=*/true));
  if (auto shaped = dyn_cast<ShapedType>(type))
    return DenseElementsAttr::get(shaped, negZero);
  return negZero;
}

SmallVector<Value> MeanNumerics::buildZero(OpBuilder &b, Location loc) const {
  SmallVector<Value> zeros;
  for (Type t : accumulatorTypes)
    zeros.push_back(
        arith::ConstantOp::create(b, loc, t, getAdditiveIdentity(b, t)));
  return zeros;
}

/// Neumaier's compensated step: returns (s + x, c + error of that sum).
/// The error is computed by Knuth's branch-free TwoSum, which gives exactly
/// the error that Neumaier's magnitude comparison selects (both are exact
/// while the sum is finite), in six additions and no compare or select:
/// the vector lanes of rmean-cpu-tile spend most of their time here.
static std::pair<Value, Value> neumaierAdd(OpBuilder &b, Location loc, Value s,
                                           Value c, Value x) {
  Value t = arith::AddFOp::create(b, loc, s, x);
  Value xPart = arith::SubFOp::create(b, loc, t, s);
  Value sPart = arith::SubFOp::create(b, loc, t, xPart);
  Value sErr = arith::SubFOp::create(b, loc, s, sPart);
  Value xErr = arith::SubFOp::create(b, loc, x, xPart);
  Value err = arith::AddFOp::create(b, loc, sErr, xErr);
  return {t, arith::AddFOp::create(b, loc, c, err)};
}

SmallVector<Value> MeanNumerics::buildAccumulate(OpBuilder &b, Location loc,
                                                 Value x,
                                                 ValueRange acc) const {
  switch (kind) {
  case Kind::Float: {
    if (acc.size() == 2) {
      auto [s, c] = neumaierAdd(b, loc, acc[0], acc[1], x);
      return {s, c};
    }
    Value wide = arith::ExtFOp::create(b, loc, accumulatorTypes[0], x);
    return {arith::AddFOp::create(b, loc, acc[0], wide)};
  }
  case Kind::SignedInt:
  case Kind::UnsignedInt: {
    Value wide =
        kind == Kind::SignedInt
            ? arith::ExtSIOp::create(b, loc, accumulatorTypes[0], x).getResult()
            : arith::ExtUIOp::create(b, loc, accumulatorTypes[0], x)
                  .getResult();
    return {arith::AddIOp::create(b, loc, acc[0], wide)};
  }
  case Kind::Complex: {
    Value re = complex::ReOp::create(b, loc, x);
    Value im = complex::ImOp::create(b, loc, x);
    if (acc.size() == 4) {
      auto [reS, reC] = neumaierAdd(b, loc, acc[0], acc[1], re);
      auto [imS, imC] = neumaierAdd(b, loc, acc[2], acc[3], im);
      return {reS, reC, imS, imC};
    }
    re = arith::ExtFOp::create(b, loc, accumulatorTypes[0], re);
    im = arith::ExtFOp::create(b, loc, accumulatorTypes[1], im);
    return {arith::AddFOp::create(b, loc, acc[0], re),
            arith::AddFOp::create(b, loc, acc[1], im)};
  }
  }
  llvm_unreachable("covered switch");
}

/// Rounds an f64 to f32 with round-to-odd: truncate toward zero, then set
/// the last mantissa bit if anything was lost. An f32 rounded to odd keeps
/// enough information (24 > 11 + 2 bits) for a second, nearest-even rounding
/// to f16 or bf16 to equal a single rounding of the f64 value; a plain
/// nearest-even f32 step would round twice. (A direct f64 -> f16 truncation
/// would be a libcall, __truncdfhf2, that JIT runtimes do not provide.)
static Value roundToOddF32(OpBuilder &b, Location loc, Value x) {
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  Value nearest = arith::TruncFOp::create(b, loc, f32, x);
  Value back = arith::ExtFOp::create(b, loc, x.getType(), nearest);
  // une is also true for NaN; setting the last bit keeps a NaN a NaN.
  Value inexact =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, back, x);
  Value away = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                     math::AbsFOp::create(b, loc, back),
                                     math::AbsFOp::create(b, loc, x));
  Value bits = arith::BitcastOp::create(b, loc, i32, nearest);
  Value one = arith::ConstantIntOp::create(b, loc, i32, 1);
  // Sign-magnitude: one step down in the bits is one step toward zero.
  Value truncated = arith::SelectOp::create(
      b, loc, away, arith::SubIOp::create(b, loc, bits, one), bits);
  Value odd = arith::SelectOp::create(
      b, loc, inexact, arith::OrIOp::create(b, loc, truncated, one), bits);
  return arith::BitcastOp::create(b, loc, f32, odd);
}

/// Folds a Neumaier compensation into its sum, unless the sum already
/// overflowed or met a NaN (then the compensation is NaN and must not win)
/// or the compensation is zero (adding +0.0 would turn a sum of -0.0 values
/// into +0.0).
static Value compensatedSum(OpBuilder &b, Location loc, Value sum,
                            Value compensation) {
  Value inf = arith::ConstantOp::create(
      b, loc, b.getF64FloatAttr(std::numeric_limits<double>::infinity()));
  Value finite = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                       math::AbsFOp::create(b, loc, sum), inf);
  Value zero = arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0.0));
  Value nonZero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE,
                                        compensation, zero);
  Value use = arith::AndIOp::create(b, loc, finite, nonZero);
  Value compensated = arith::AddFOp::create(b, loc, sum, compensation);
  return arith::SelectOp::create(b, loc, use, compensated, sum);
}

/// Divides an f64 sum by the count and rounds once to `target`.
static Value divideAndRound(OpBuilder &b, Location loc, Value sum, Value countF,
                            Type target) {
  Value mean = arith::DivFOp::create(b, loc, sum, countF);
  if (target == mean.getType())
    return mean;
  if (isa<Float32Type>(target))
    return arith::TruncFOp::create(b, loc, target, mean);
  return arith::TruncFOp::create(b, loc, target, roundToOddF32(b, loc, mean));
}

/// `sum / divisor` truncated toward zero, for an i64 `sum` of elements of
/// at most 32 bits and a `divisor` (the count, at least 1 and below 2^62)
/// known only at run time, without an integer division: x86 has no vector
/// one, so LLVM turns a vector divsi into one scalar idiv per mean, tens of
/// cycles each, which dominated fully dynamic pooling kernels (one mean per
/// 49 elements). Instead q = trunc(sum * (1 / divisor)) in f64, then one
/// remainder step. The mean lies within the elements' range, |sum /
/// divisor| < 2^32, and the two conversions, the reciprocal and the product
/// are each within 2^-53 relative, so q is within 2^-19 of the quotient and
/// its truncation off by at most one; the remainder r = sum - q * divisor,
/// exact in i64 (|r| < 2 * divisor), says which way. A constant divisor
/// keeps the division, which LLVM turns into a multiplication.
static Value divideByRunTimeCount(OpBuilder &b, Location loc, Value sum,
                                  Value divisor, bool isSigned) {
  Type f64 = b.getF64Type(), i64 = sum.getType();
  auto toFloat = [&](Value v) -> Value {
    return isSigned ? arith::SIToFPOp::create(b, loc, f64, v).getResult()
                    : arith::UIToFPOp::create(b, loc, f64, v).getResult();
  };
  Value reciprocal = arith::DivFOp::create(
      b, loc, arith::ConstantOp::create(b, loc, b.getF64FloatAttr(1.0)),
      toFloat(divisor));
  Value product = arith::MulFOp::create(b, loc, toFloat(sum), reciprocal);
  Value q = isSigned
                ? arith::FPToSIOp::create(b, loc, i64, product).getResult()
                : arith::FPToUIOp::create(b, loc, i64, product).getResult();
  Value r = arith::SubIOp::create(b, loc, sum,
                                  arith::MulIOp::create(b, loc, q, divisor));
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  };
  Value zero = arith::ConstantOp::create(b, loc, i64, b.getIntegerAttr(i64, 0));
  Value one = arith::ConstantOp::create(b, loc, i64, b.getIntegerAttr(i64, 1));
  using P = arith::CmpIPredicate;
  // The exact remainder lies in [0, divisor) for a sum >= 0 (every unsigned
  // one; r is read as signed, |r| < 2^63) and in (-divisor, 0] below 0.
  Value up = cmp(P::sge, r, divisor), down = cmp(P::slt, r, zero);
  if (isSigned) {
    Value negative = cmp(P::slt, sum, zero);
    up = arith::SelectOp::create(b, loc, negative, cmp(P::sgt, r, zero), up);
    down = arith::SelectOp::create(
        b, loc, negative,
        cmp(P::sle, r, arith::SubIOp::create(b, loc, zero, divisor)), down);
  }
  q = arith::SelectOp::create(b, loc, up, arith::AddIOp::create(b, loc, q, one),
                              q);
  return arith::SelectOp::create(b, loc, down,
                                 arith::SubIOp::create(b, loc, q, one), q);
}

Value MeanNumerics::buildMean(OpBuilder &b, Location loc, ValueRange acc,
                              Value count) const {
  Type i64 = b.getI64Type();
  Value count64 = arith::IndexCastUIOp::create(b, loc, i64, count);
  if (kind == Kind::Float || kind == Kind::Complex) {
    Value countF = arith::UIToFPOp::create(b, loc, b.getF64Type(), count64);
    if (kind == Kind::Float) {
      Value sum =
          acc.size() == 2 ? compensatedSum(b, loc, acc[0], acc[1]) : acc[0];
      return divideAndRound(b, loc, sum, countF, elementType);
    }
    Type partType = cast<ComplexType>(elementType).getElementType();
    Value reSum = acc[0], imSum = acc[1];
    if (acc.size() == 4) {
      reSum = compensatedSum(b, loc, acc[0], acc[1]);
      imSum = compensatedSum(b, loc, acc[2], acc[3]);
    }
    Value re = divideAndRound(b, loc, reSum, countF, partType);
    Value im = divideAndRound(b, loc, imSum, countF, partType);
    return complex::CreateOp::create(b, loc, elementType, re, im);
  }
  // Integers: exact sum / count, truncated toward zero; 0 for no elements.
  Type accType = accumulatorTypes[0];
  Value countI = count64;
  // An i32 accumulator (getNarrowIntegerSums) sums fewer than 2^31
  // elements, so the count fits it.
  if (accType.getIntOrFloatBitWidth() > 64)
    countI = arith::ExtUIOp::create(b, loc, accType, count64);
  else if (accType != i64)
    countI = arith::TruncIOp::create(b, loc, accType, count64);
  Value zero =
      arith::ConstantOp::create(b, loc, accType, b.getIntegerAttr(accType, 0));
  Value one =
      arith::ConstantOp::create(b, loc, accType, b.getIntegerAttr(accType, 1));
  Value isEmpty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, countI, zero);
  Value divisor = arith::SelectOp::create(b, loc, isEmpty, one, countI);
  bool isSigned = kind == Kind::SignedInt;
  Value quotient;
  if (accType == i64 && elementType.getIntOrFloatBitWidth() <= 32 &&
      !matchPattern(count, m_Constant()))
    quotient = divideByRunTimeCount(b, loc, acc[0], divisor, isSigned);
  else if (isSigned)
    quotient = arith::DivSIOp::create(b, loc, acc[0], divisor);
  else
    quotient = arith::DivUIOp::create(b, loc, acc[0], divisor);
  Value mean = arith::SelectOp::create(b, loc, isEmpty, zero, quotient);
  return arith::TruncIOp::create(b, loc, storageType, mean);
}

//===----------------------------------------------------------------------===//
// Host evaluation
//===----------------------------------------------------------------------===//

std::optional<int64_t>
mlir::rmean::getCheckedElementCount(ArrayRef<int64_t> shape) {
  if (llvm::any_of(shape, ShapedType::isDynamic))
    return std::nullopt;
  // A zero size makes the product 0 whatever the other sizes; checking it
  // first keeps the result independent of where the 0 is.
  if (llvm::is_contained(shape, 0))
    return 0;
  int64_t count = 1;
  for (int64_t size : shape) {
    std::optional<int64_t> product = llvm::checkedMul(count, size);
    if (!product)
      return std::nullopt;
    count = *product;
  }
  return count;
}

/// Returns, for each position of the row-major space `sizes` (with `count`
/// positions, none of the sizes 0), the flat input offset it maps to through
/// `inputStrides`.
static SmallVector<int64_t> getFlatOffsets(ArrayRef<int64_t> sizes,
                                           ArrayRef<int64_t> inputStrides,
                                           int64_t count) {
  SmallVector<int64_t> basis = computeSuffixProduct(sizes);
  SmallVector<int64_t> offsets;
  offsets.reserve(count);
  for (int64_t position = 0; position < count; ++position)
    offsets.push_back(linearize(delinearize(position, basis), inputStrides));
  return offsets;
}

LogicalResult mlir::rmean::forEachReduction(
    ArrayRef<int64_t> shape, ArrayRef<int64_t> reducedDims,
    function_ref<void(ArrayRef<int64_t> inputIndices)> callback) {
  SmallVector<int64_t> keptSizes, reducedSizes;
  for (auto [dim, size] : llvm::enumerate(shape))
    (llvm::is_contained(reducedDims, static_cast<int64_t>(dim)) ? reducedSizes
                                                                : keptSizes)
        .push_back(size);
  std::optional<int64_t> numResults = getCheckedElementCount(keptSizes);
  std::optional<int64_t> numReduced = getCheckedElementCount(reducedSizes);
  if (!numResults || !numReduced)
    return failure();
  if (*numResults == 0)
    return success();
  if (*numReduced == 0) {
    for (int64_t result = 0; result < *numResults; ++result)
      callback({});
    return success();
  }
  // With no size 0, every stride divides the element count: once that fits
  // in int64_t, so do the strides and offsets computed below.
  if (!llvm::checkedMul(*numResults, *numReduced))
    return failure();
  SmallVector<int64_t> strides = computeSuffixProduct(shape);
  SmallVector<int64_t> keptStrides, reducedStrides;
  for (auto [dim, stride] : llvm::enumerate(strides))
    (llvm::is_contained(reducedDims, static_cast<int64_t>(dim)) ? reducedStrides
                                                                : keptStrides)
        .push_back(stride);
  // The reduced positions sit at the same offsets from every result's base.
  SmallVector<int64_t> reducedOffsets =
      getFlatOffsets(reducedSizes, reducedStrides, *numReduced);
  SmallVector<int64_t> keptBasis = computeSuffixProduct(keptSizes);
  SmallVector<int64_t> indices(*numReduced);
  for (int64_t result = 0; result < *numResults; ++result) {
    int64_t base = linearize(delinearize(result, keptBasis), keptStrides);
    for (auto [index, offset] : llvm::zip_equal(indices, reducedOffsets))
      index = base + offset;
    callback(indices);
  }
  return success();
}

/// Returns finite, non-zero `value` in units of 2^-1074 as a `width`-bit
/// two's-complement integer; exact, as every double is such a multiple.
static APInt toFixedPoint(const APFloat &value, unsigned width) {
  APFloat asDouble = value;
  bool losesInfo = false;
  [[maybe_unused]] APFloat::opStatus status = asDouble.convert(
      APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  assert(status == APFloat::opOK && !losesInfo &&
         "ExactFloatSum terms must be exact doubles");
  constexpr unsigned kMantissaBits = 52, kExponentBits = 11;
  APInt bits = asDouble.bitcastToAPInt();
  uint64_t biasedExp =
      bits.extractBitsAsZExtValue(kExponentBits, kMantissaBits);
  APInt term = bits.trunc(kMantissaBits).zext(width);
  // A normal double is (2^52 + m) * 2^(e - 1075), i.e. (2^52 + m) << (e - 1)
  // units; a subnormal is m units.
  if (biasedExp != 0) {
    term.setBit(kMantissaBits);
    term <<= biasedExp - 1;
  }
  if (asDouble.isNegative())
    term.negate();
  return term;
}

void ExactFloatSum::add(const APFloat &value) {
  if (value.isNaN()) {
    sawNaN = true;
    return;
  }
  if (value.isInfinity()) {
    (value.isNegative() ? sawNegInf : sawPosInf) = true;
    return;
  }
  if (!value.isNegZero())
    onlyNegativeZeros = false;
  if (!value.isZero())
    sum += toFixedPoint(value, kWidth);
}

APFloat ExactFloatSum::mean(uint64_t count,
                            const llvm::fltSemantics &sem) const {
  if (sawNaN || (sawPosInf && sawNegInf) || count == 0)
    return APFloat::getNaN(sem);
  if (sawPosInf || sawNegInf)
    return APFloat::getInf(sem, sawNegInf);
  if (&sem == &APFloat::IEEEdouble()) {
    APFloat rawSum = divideAndRound(1, sem);
    if (rawSum.isInfinity())
      return rawSum;
  }
  return divideAndRound(count, sem);
}

/// Rounds `magnitude` * 2^-fractionBits to nearest-even in `sem`, where
/// `inexact` says that the true value is a little larger (a non-zero
/// remainder below the last bit), then gives it the sign `negative`.
static APFloat roundFixedPoint(const APInt &magnitude, bool inexact,
                               int fractionBits, bool negative,
                               const llvm::fltSemantics &sem) {
  int precision = APFloat::semanticsPrecision(sem);
  int minExp = APFloat::semanticsMinExponent(sem);
  int leadingExp =
      static_cast<int>(magnitude.getActiveBits()) - 1 - fractionBits;
  // Below the normal range the last place stays at the subnormal one.
  int lsbExp = std::max(leadingExp, minExp) - (precision - 1);
  int dropped = lsbExp + fractionBits;
  APInt kept = magnitude;
  if (dropped > 0) {
    kept = magnitude.lshr(dropped);
    bool roundBit = magnitude[dropped - 1];
    bool sticky =
        inexact || magnitude.countr_zero() < static_cast<unsigned>(dropped - 1);
    if (roundBit && (sticky || kept[0]))
      kept += 1;
  }
  // `kept` has at most `precision` + 1 bits (a carry to the next power of
  // two), so both steps below are exact unless the value overflows `sem`,
  // where scalbn yields the infinity that nearest rounding calls for.
  APFloat result(sem);
  result.convertFromAPInt(kept, /*IsSigned=*/false,
                          APFloat::rmNearestTiesToEven);
  result = llvm::scalbn(result, dropped > 0 ? lsbExp : -fractionBits,
                        APFloat::rmNearestTiesToEven);
  if (negative)
    result.changeSign();
  return result;
}

APFloat ExactFloatSum::divideAndRound(uint64_t count,
                                      const llvm::fltSemantics &sem) const {
  // IEEE addition gives -0.0 only when every term was -0.0; a cancelling
  // sum of non-zero terms is +0.0.
  if (sum.isZero())
    return APFloat::getZero(sem, onlyNegativeZeros);
  // Two extra bits below the finest place (the subnormal 2^-1074 of f64)
  // give the round bit there; the remainder feeds the sticky bit.
  constexpr int kExtra = 2;
  APInt numerator = sum.abs().zext(kWidth + kExtra).shl(kExtra);
  APInt quotient, remainder;
  APInt::udivrem(numerator, APInt(kWidth + kExtra, count), quotient, remainder);
  return roundFixedPoint(quotient, !remainder.isZero(), kScale + kExtra,
                         sum.isNegative(), sem);
}

void ExactIntegerSum::add(const APInt &value) {
  assert(value.getBitWidth() <= 64 && "ExactIntegerSum terms are 64-bit");
  sum += isSigned ? value.sext(kWidth) : value.zext(kWidth);
}

APInt ExactIntegerSum::mean(uint64_t count, unsigned width) const {
  if (count == 0)
    return APInt(width, 0);
  APInt divisor(kWidth, count);
  APInt quotient = isSigned ? sum.sdiv(divisor) : sum.udiv(divisor);
  return quotient.trunc(width);
}

// The evaluate helpers index the input through an iterator rather than
// copying it: a splat's element count need not fit in int64_t, and
// forEachReduction rejects such a shape before any element is read.

/// The integer kinds of MeanNumerics::evaluate.
static FailureOr<DenseElementsAttr>
evaluateIntegers(DenseElementsAttr input, ArrayRef<int64_t> reducedDims,
                 ShapedType resultType, bool isSigned) {
  unsigned width = input.getElementType().getIntOrFloatBitWidth();
  auto values = input.value_begin<APInt>();
  SmallVector<APInt> results;
  auto reduceOne = [&](ArrayRef<int64_t> indices) {
    ExactIntegerSum sum(isSigned);
    for (int64_t i : indices)
      sum.add(values[i]);
    results.push_back(sum.mean(indices.size(), width));
  };
  if (failed(
          forEachReduction(input.getType().getShape(), reducedDims, reduceOne)))
    return failure();
  return DenseElementsAttr::get(resultType, results);
}

/// The real floating-point kind of MeanNumerics::evaluate.
static FailureOr<DenseElementsAttr>
evaluateFloats(DenseElementsAttr input, ArrayRef<int64_t> reducedDims,
               ShapedType resultType) {
  const llvm::fltSemantics &sem =
      cast<FloatType>(input.getElementType()).getFloatSemantics();
  auto values = input.value_begin<APFloat>();
  SmallVector<APFloat> results;
  auto reduceOne = [&](ArrayRef<int64_t> indices) {
    ExactFloatSum sum;
    for (int64_t i : indices)
      sum.add(values[i]);
    results.push_back(sum.mean(indices.size(), sem));
  };
  if (failed(
          forEachReduction(input.getType().getShape(), reducedDims, reduceOne)))
    return failure();
  return DenseElementsAttr::get(resultType, results);
}

/// The complex kind of MeanNumerics::evaluate: each part on its own.
static FailureOr<DenseElementsAttr>
evaluateComplex(DenseElementsAttr input, ArrayRef<int64_t> reducedDims,
                ShapedType resultType) {
  const llvm::fltSemantics &sem =
      cast<FloatType>(
          cast<ComplexType>(input.getElementType()).getElementType())
          .getFloatSemantics();
  auto values = input.value_begin<std::complex<APFloat>>();
  SmallVector<std::complex<APFloat>> results;
  auto reduceOne = [&](ArrayRef<int64_t> indices) {
    ExactFloatSum re, im;
    for (int64_t i : indices) {
      std::complex<APFloat> value = values[i];
      re.add(value.real());
      im.add(value.imag());
    }
    results.emplace_back(re.mean(indices.size(), sem),
                         im.mean(indices.size(), sem));
  };
  if (failed(
          forEachReduction(input.getType().getShape(), reducedDims, reduceOne)))
    return failure();
  return DenseElementsAttr::get(resultType, results);
}

FailureOr<DenseElementsAttr>
MeanNumerics::evaluate(DenseElementsAttr input, ArrayRef<int64_t> reducedDims,
                       ShapedType resultType) const {
  switch (kind) {
  case Kind::SignedInt:
  case Kind::UnsignedInt:
    return evaluateIntegers(input, reducedDims, resultType,
                            kind == Kind::SignedInt);
  case Kind::Float:
    return evaluateFloats(input, reducedDims, resultType);
  case Kind::Complex:
    return evaluateComplex(input, reducedDims, resultType);
  }
  llvm_unreachable("covered switch");
}
