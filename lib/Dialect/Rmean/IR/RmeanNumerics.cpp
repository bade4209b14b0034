//===- RmeanNumerics.cpp - the numerics of reduce_mean --------------------===//
//
// Implements SPEC §4 once, both as IR builders (for the lowerings) and as an
// exact host evaluation (for the constant folder).
//
// Why f64 accumulation for every real float type: a plain f32 running sum
// stalls at 2^24 and drifts by O(n) ulps, which breaks both the SPEC bounds
// and a one-ulp comparison against the exact mean. Summing in f64 keeps the
// error below 2^-26 relative for up to 2^27 terms, so the rounded mean is
// within one ulp; f64 inputs use a Neumaier compensation term for the same
// reason. The cost is a widening conversion per element, which the
// vectoriser turns into packed conversions on x86.
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

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

SmallVector<Value> MeanNumerics::buildZero(OpBuilder &b, Location loc) const {
  SmallVector<Value> zeros;
  for (Type t : accumulatorTypes) {
    // -0.0 is the additive identity of IEEE floats (+0.0 would turn a sum
    // of -0.0 values into +0.0).
    TypedAttr zero = b.getZeroAttr(t);
    if (auto floatTy = dyn_cast<FloatType>(t))
      zero = b.getFloatAttr(
          floatTy, APFloat::getZero(floatTy.getFloatSemantics(), true));
    zeros.push_back(arith::ConstantOp::create(b, loc, t, zero));
  }
  return zeros;
}

/// Neumaier's compensated step: returns (s + x, c + error of that sum).
static std::pair<Value, Value> neumaierAdd(OpBuilder &b, Location loc, Value s,
                                           Value c, Value x) {
  Value t = arith::AddFOp::create(b, loc, s, x);
  Value absS = math::AbsFOp::create(b, loc, s);
  Value absX = math::AbsFOp::create(b, loc, x);
  Value sBigger =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, absS, absX);
  Value big = arith::SelectOp::create(b, loc, sBigger, s, x);
  Value small = arith::SelectOp::create(b, loc, sBigger, x, s);
  Value err = arith::AddFOp::create(
      b, loc, arith::SubFOp::create(b, loc, big, t), small);
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
  if (accType != i64)
    countI = arith::ExtUIOp::create(b, loc, accType, count64);
  Value zero =
      arith::ConstantOp::create(b, loc, accType, b.getIntegerAttr(accType, 0));
  Value one =
      arith::ConstantOp::create(b, loc, accType, b.getIntegerAttr(accType, 1));
  Value isEmpty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, countI, zero);
  Value divisor = arith::SelectOp::create(b, loc, isEmpty, one, countI);
  Value quotient =
      kind == Kind::SignedInt
          ? arith::DivSIOp::create(b, loc, acc[0], divisor).getResult()
          : arith::DivUIOp::create(b, loc, acc[0], divisor).getResult();
  Value mean = arith::SelectOp::create(b, loc, isEmpty, zero, quotient);
  return arith::TruncIOp::create(b, loc, storageType, mean);
}

//===----------------------------------------------------------------------===//
// Host evaluation
//===----------------------------------------------------------------------===//

namespace {
/// An exact sum of finite doubles: each value is a multiple of 2^-1074, so
/// a wide fixed-point integer holds any sum of up to 2^64 of them exactly.
class ExactFloatSum {
public:
  static constexpr unsigned kWidth = 2200;
  static constexpr int kScale = 1074;

  void add(const llvm::APFloat &value) {
    if (value.isNaN()) {
      sawNaN = true;
      return;
    }
    if (value.isInfinity()) {
      (value.isNegative() ? sawNegInf : sawPosInf) = true;
      return;
    }
    if (!value.isZero() || !value.isNegative())
      onlyNegativeZeros = false;
    if (value.isZero())
      return;
    bool lossy = false;
    llvm::APFloat d = value;
    d.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &lossy);
    // d = mantissa * 2^exp with an integer mantissa below 2^53.
    int exp = 0;
    llvm::APFloat frac =
        llvm::frexp(d, exp, llvm::APFloat::rmNearestTiesToEven);
    llvm::APFloat scaled =
        llvm::scalbn(frac, 53, llvm::APFloat::rmNearestTiesToEven);
    llvm::APSInt mantissa(64, /*isUnsigned=*/false);
    bool exact = false;
    scaled.convertToInteger(mantissa, llvm::APFloat::rmTowardZero, &exact);
    llvm::APInt term = mantissa.sext(kWidth);
    int shift = exp - 53 + kScale;
    term = shift >= 0 ? term.shl(shift) : term.ashr(-shift);
    sum += term;
  }

  /// The mean over `count` terms rounded to nearest-even in `sem`.
  llvm::APFloat mean(uint64_t count, const llvm::fltSemantics &sem) const {
    if (sawNaN || (sawPosInf && sawNegInf) || count == 0)
      return llvm::APFloat::getNaN(sem);
    if (sawPosInf || sawNegInf)
      return llvm::APFloat::getInf(sem, sawNegInf);
    // The compiled code sums f64 values in f64, which overflows to +-Inf as
    // IEEE addition does; fold the same way rather than to the exact mean.
    if (&sem == &llvm::APFloat::IEEEdouble()) {
      llvm::APFloat sum = rounded(1, sem);
      if (sum.isInfinity())
        return sum;
    }
    return rounded(count, sem);
  }

private:
  /// The exact sum divided by `count`, rounded once to nearest-even.
  llvm::APFloat rounded(uint64_t count, const llvm::fltSemantics &sem) const {
    bool negative = sum.isNegative();
    llvm::APInt magnitude = sum.abs();
    // Two extra bits below the target's last place give the round bit; the
    // remainder and the lower bits give the sticky bit.
    constexpr int kExtra = 2;
    llvm::APInt numerator = magnitude.zext(kWidth + 8).shl(kExtra);
    llvm::APInt countBig(kWidth + 8, count);
    llvm::APInt quotient, remainder;
    llvm::APInt::udivrem(numerator, countBig, quotient, remainder);
    // An exact zero sum is -0.0 only if every term was -0.0 (IEEE addition
    // of zeros); a cancelling sum of non-zero terms is +0.0.
    if (quotient.isZero() && remainder.isZero())
      return llvm::APFloat::getZero(sem, onlyNegativeZeros);
    // value = quotient * 2^-(kScale + kExtra) (+ a sticky remainder).
    int precision = llvm::APFloat::semanticsPrecision(sem);
    int minExp = llvm::APFloat::semanticsMinExponent(sem);
    int bitLength = static_cast<int>(quotient.getActiveBits());
    int exp = bitLength - 1 - (kScale + kExtra); // of the leading bit
    int lsbExp = std::max(exp, minExp) - (precision - 1);
    int shift = lsbExp + kScale + kExtra;
    llvm::APInt kept = shift > 0 ? quotient.lshr(shift) : quotient;
    if (shift > 0) {
      bool round = quotient[shift - 1];
      llvm::APInt lowMask =
          llvm::APInt::getLowBitsSet(quotient.getBitWidth(), shift - 1);
      bool sticky = !(quotient & lowMask).isZero() || !remainder.isZero();
      if (round && (sticky || kept[0]))
        kept += 1;
    }
    llvm::APFloat result(sem);
    result.convertFromAPInt(kept, /*IsSigned=*/false,
                            llvm::APFloat::rmNearestTiesToEven);
    result = llvm::scalbn(result, shift > 0 ? lsbExp : -(kScale + kExtra),
                          llvm::APFloat::rmNearestTiesToEven);
    if (negative)
      result.changeSign();
    return result;
  }

  llvm::APInt sum{kWidth, 0};
  bool sawNaN = false, sawPosInf = false, sawNegInf = false;
  bool onlyNegativeZeros = true;
};
} // namespace

/// Visits, for every result element in row-major order, the flat input
/// indices reduced into it.
static void
forEachReduction(ArrayRef<int64_t> shape, ArrayRef<int64_t> reducedDims,
                 function_ref<void(ArrayRef<int64_t> inputIndices)> callback) {
  int64_t rank = shape.size();
  SmallVector<int64_t> strides(rank, 1);
  for (int64_t i = rank - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  SmallVector<int64_t> kept, reduced(reducedDims);
  for (int64_t i = 0; i < rank; ++i)
    if (!llvm::is_contained(reducedDims, i))
      kept.push_back(i);
  // Odometers over the kept and the reduced dimensions.
  auto count = [&](ArrayRef<int64_t> dims) {
    int64_t n = 1;
    for (int64_t d : dims)
      n *= shape[d];
    return n;
  };
  int64_t numOut = count(kept), numRed = count(reduced);
  SmallVector<int64_t> indices;
  for (int64_t o = 0; o < numOut; ++o) {
    int64_t base = 0, rem = o;
    for (int64_t k = kept.size() - 1; k >= 0; --k) {
      base += (rem % shape[kept[k]]) * strides[kept[k]];
      rem /= shape[kept[k]];
    }
    indices.clear();
    for (int64_t r = 0; r < numRed; ++r) {
      int64_t off = base, rr = r;
      for (int64_t k = reduced.size() - 1; k >= 0; --k) {
        off += (rr % shape[reduced[k]]) * strides[reduced[k]];
        rr /= shape[reduced[k]];
      }
      indices.push_back(off);
    }
    callback(indices);
  }
}

DenseElementsAttr MeanNumerics::evaluate(DenseElementsAttr input,
                                         ArrayRef<int64_t> reducedDims,
                                         ShapedType resultType) const {
  ArrayRef<int64_t> shape = input.getType().getShape();
  if (kind == Kind::SignedInt || kind == Kind::UnsignedInt) {
    unsigned width = storageType.getIntOrFloatBitWidth();
    auto values = llvm::to_vector(input.getValues<APInt>());
    SmallVector<APInt> results;
    forEachReduction(shape, reducedDims, [&](ArrayRef<int64_t> idx) {
      APInt sum(128, 0);
      for (int64_t i : idx)
        sum +=
            kind == Kind::SignedInt ? values[i].sext(128) : values[i].zext(128);
      APInt count(128, idx.size());
      APInt mean = idx.empty()               ? APInt(128, 0)
                   : kind == Kind::SignedInt ? sum.sdiv(count)
                                             : sum.udiv(count);
      results.push_back(mean.trunc(width));
    });
    return DenseElementsAttr::get(resultType, results);
  }
  if (kind == Kind::Float) {
    const llvm::fltSemantics &sem =
        cast<FloatType>(elementType).getFloatSemantics();
    auto values = llvm::to_vector(input.getValues<APFloat>());
    SmallVector<APFloat> results;
    forEachReduction(shape, reducedDims, [&](ArrayRef<int64_t> idx) {
      ExactFloatSum sum;
      for (int64_t i : idx)
        sum.add(values[i]);
      results.push_back(sum.mean(idx.size(), sem));
    });
    return DenseElementsAttr::get(resultType, results);
  }
  const llvm::fltSemantics &sem =
      cast<FloatType>(cast<ComplexType>(elementType).getElementType())
          .getFloatSemantics();
  auto values = llvm::to_vector(input.getValues<std::complex<APFloat>>());
  SmallVector<std::complex<APFloat>> results;
  forEachReduction(shape, reducedDims, [&](ArrayRef<int64_t> idx) {
    ExactFloatSum re, im;
    for (int64_t i : idx) {
      re.add(values[i].real());
      im.add(values[i].imag());
    }
    results.emplace_back(re.mean(idx.size(), sem), im.mean(idx.size(), sem));
  });
  return DenseElementsAttr::get(resultType, results);
}
