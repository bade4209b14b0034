//===- ExactArithmeticTest.cpp - exact host sums of reduce_mean -----------===//
//
// The constant folder's constants are the reference for the compiled code
// (docs/ReduceMean.md §4), so the sums behind them must be exact and rounded
// once. These tests pin that down on values where an ordinary running sum,
// a wrong tie rule or a double rounding gives a different answer.
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/IR/RmeanExactArithmetic.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::rmean;
using llvm::fltSemantics;

namespace llvm {
/// Lets gtest print APInt operands of failed expectations as numbers.
static void PrintTo(const APInt &value, std::ostream *os) {
  *os << toString(value, 10, /*Signed=*/true) << " (0x"
      << toString(value, 16, /*Signed=*/false) << ", " << value.getBitWidth()
      << " bits)";
}
} // namespace llvm

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// A float's value and bits, for failure messages.
static std::string describe(const APFloat &value) {
  SmallString<32> text;
  value.toString(text, /*FormatPrecision=*/0, /*FormatMaxPadding=*/0);
  return std::string(text.str()) + " (bits 0x" +
         llvm::toString(value.bitcastToAPInt(), 16, /*Signed=*/false) + ")";
}

/// Same semantics and same bits: tells -0.0 from +0.0.
static testing::AssertionResult sameFloat(const APFloat &actual,
                                          const APFloat &expected) {
  if (&actual.getSemantics() == &expected.getSemantics() &&
      actual.bitwiseIsEqual(expected))
    return testing::AssertionSuccess();
  return testing::AssertionFailure()
         << "got " << describe(actual) << ", expected " << describe(expected);
}

/// `value` in `sem`; the test is wrong if `sem` cannot hold it exactly.
static APFloat exactIn(const fltSemantics &sem, double value) {
  APFloat result(value);
  bool losesInfo = false;
  result.convert(sem, APFloat::rmNearestTiesToEven, &losesInfo);
  EXPECT_FALSE(losesInfo) << value << " is not exact in the target type";
  return result;
}

/// The mean over `count` of double `terms`, rounded to `sem`.
static APFloat meanOf(std::initializer_list<double> terms, uint64_t count,
                      const fltSemantics &sem) {
  ExactFloatSum sum;
  for (double term : terms)
    sum.add(APFloat(term));
  return sum.mean(count, sem);
}

/// The exact sum of double `terms`, rounded once to `sem`.
static APFloat sumOf(std::initializer_list<double> terms,
                     const fltSemantics &sem) {
  return meanOf(terms, 1, sem);
}

static const fltSemantics &f64() { return APFloat::IEEEdouble(); }
static const fltSemantics &f32() { return APFloat::IEEEsingle(); }

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDoubleMax = std::numeric_limits<double>::max();
constexpr double kDoubleMin = std::numeric_limits<double>::min();
constexpr double kDoubleDenormMin = std::numeric_limits<double>::denorm_min();
constexpr float kFloatMax = std::numeric_limits<float>::max();

//===----------------------------------------------------------------------===//
// ExactFloatSum: exactness
//===----------------------------------------------------------------------===//

TEST(ExactFloatSum, CancellationKeepsSmallTerms) {
  // A left-to-right double sum gives 0: the 1 is lost against 1e308.
  EXPECT_TRUE(sameFloat(sumOf({1e308, 1.0, -1e308}, f64()), APFloat(1.0)));
  EXPECT_TRUE(
      sameFloat(meanOf({1e308, 1.0, -1e308}, 3, f64()), APFloat(1.0 / 3.0)));
}

TEST(ExactFloatSum, ManyInexactTermsDoNotDrift) {
  // Ten doubles 0.1 add up to 0.9999999999999999 in double arithmetic; the
  // exact sum is 1 + 5.6e-17, which rounds to 1.
  ExactFloatSum sum;
  for (int i = 0; i < 10; ++i)
    sum.add(APFloat(0.1));
  EXPECT_TRUE(sameFloat(sum.mean(1, f64()), APFloat(1.0)));
  // The exact sum divided by 10 is the double 0.1 itself.
  EXPECT_TRUE(sameFloat(sum.mean(10, f64()), APFloat(0.1)));
}

TEST(ExactFloatSum, InterleavedHugeTermsCancel) {
  ExactFloatSum sum;
  for (int k = 1; k <= 1000; ++k) {
    sum.add(APFloat(1e300));
    sum.add(APFloat(static_cast<double>(k)));
    sum.add(APFloat(-1e300));
  }
  EXPECT_TRUE(sameFloat(sum.mean(1, f64()), APFloat(500500.0)));
  EXPECT_TRUE(sameFloat(sum.mean(1000, f64()), APFloat(500.5)));
}

TEST(ExactFloatSum, SubnormalTermsAddExactly) {
  EXPECT_TRUE(sameFloat(sumOf({kDoubleDenormMin, kDoubleDenormMin,
                               kDoubleDenormMin, kDoubleDenormMin},
                              f64()),
                        APFloat(4 * kDoubleDenormMin)));
  // The largest subnormal plus the smallest one is the smallest normal.
  EXPECT_TRUE(
      sameFloat(sumOf({kDoubleMin - kDoubleDenormMin, kDoubleDenormMin}, f64()),
                APFloat(kDoubleMin)));
  EXPECT_TRUE(sameFloat(sumOf({1.0, kDoubleDenormMin, -1.0}, f64()),
                        APFloat(kDoubleDenormMin)));
}

TEST(ExactFloatSum, NarrowTermsAreAccepted) {
  ExactFloatSum sum;
  sum.add(exactIn(APFloat::IEEEhalf(), 65504.0));
  sum.add(exactIn(APFloat::BFloat(), -0.5));
  sum.add(APFloat(0.25f));
  EXPECT_TRUE(sameFloat(sum.mean(1, f64()), APFloat(65503.75)));
}

//===----------------------------------------------------------------------===//
// ExactFloatSum: signed zeros, NaN, infinities, empty means
//===----------------------------------------------------------------------===//

TEST(ExactFloatSum, NegativeZeroOnlyFromNegativeZeros) {
  EXPECT_TRUE(sameFloat(meanOf({-0.0, -0.0}, 2, f64()), APFloat(-0.0)));
  EXPECT_TRUE(sameFloat(meanOf({-0.0, -0.0}, 2, f32()), APFloat(-0.0f)));
  EXPECT_TRUE(sameFloat(meanOf({-0.0, 0.0}, 2, f64()), APFloat(0.0)));
  EXPECT_TRUE(sameFloat(meanOf({0.0, -0.0}, 2, f64()), APFloat(0.0)));
  // A non-zero sum that cancels is +0.0, as IEEE addition gives.
  EXPECT_TRUE(sameFloat(meanOf({-1.0, 1.0}, 2, f64()), APFloat(0.0)));
  EXPECT_TRUE(sameFloat(meanOf({-0.0, -1.0, 1.0}, 3, f64()), APFloat(0.0)));
  // No term at all: the -0.0 that the lowering starts its sums with.
  EXPECT_TRUE(sameFloat(ExactFloatSum().mean(1, f64()), APFloat(-0.0)));
}

TEST(ExactFloatSum, NaNPropagates) {
  APFloat mean = meanOf({1.0, kNaN, 2.0}, 3, f64());
  EXPECT_TRUE(mean.isNaN());
  APFloat half = meanOf({kNaN, kInf}, 2, APFloat::IEEEhalf());
  EXPECT_TRUE(half.isNaN());
  EXPECT_EQ(&half.getSemantics(), &APFloat::IEEEhalf());
}

TEST(ExactFloatSum, OppositeInfinitiesGiveNaN) {
  EXPECT_TRUE(meanOf({kInf, 1.0, -kInf}, 3, f64()).isNaN());
  EXPECT_TRUE(meanOf({-kInf, kInf}, 2, f32()).isNaN());
}

TEST(ExactFloatSum, OneInfinityWins) {
  EXPECT_TRUE(sameFloat(meanOf({kInf, -kDoubleMax, -kDoubleMax}, 3, f64()),
                        APFloat::getInf(f64(), /*Negative=*/false)));
  EXPECT_TRUE(sameFloat(meanOf({-kInf, kDoubleMax}, 2, f32()),
                        APFloat::getInf(f32(), /*Negative=*/true)));
  EXPECT_TRUE(sameFloat(meanOf({kInf, kInf}, 2, f64()),
                        APFloat::getInf(f64(), /*Negative=*/false)));
}

TEST(ExactFloatSum, EmptyMeanIsNaN) {
  EXPECT_TRUE(ExactFloatSum().mean(0, f64()).isNaN());
  EXPECT_TRUE(ExactFloatSum().mean(0, APFloat::BFloat()).isNaN());
  // The count decides, not the terms seen.
  EXPECT_TRUE(meanOf({1.0, 2.0}, 0, f32()).isNaN());
}

TEST(ExactFloatSum, DoubleSumOverflowIsInfinity) {
  // f64 sums accumulate in f64, which overflows; the fold does the same.
  EXPECT_TRUE(sameFloat(meanOf({kDoubleMax, kDoubleMax}, 2, f64()),
                        APFloat::getInf(f64(), /*Negative=*/false)));
  EXPECT_TRUE(sameFloat(meanOf({-kDoubleMax, -kDoubleMax}, 2, f64()),
                        APFloat::getInf(f64(), /*Negative=*/true)));
  // An exact sum that stays finite is divided as usual.
  EXPECT_TRUE(sameFloat(meanOf({kDoubleMax, kDoubleMax, -kDoubleMax}, 3, f64()),
                        APFloat(kDoubleMax / 3)));
}

TEST(ExactFloatSum, FloatSumsDoNotOverflow) {
  // f32 terms accumulate in f64: twice FLT_MAX is fine there.
  EXPECT_TRUE(
      sameFloat(meanOf({kFloatMax, kFloatMax}, 2, f32()), APFloat(kFloatMax)));
}

//===----------------------------------------------------------------------===//
// ExactFloatSum: rounding to each result type
//===----------------------------------------------------------------------===//

namespace {
struct SemanticsCase {
  const char *name;
  const fltSemantics &(*get)();
  friend void PrintTo(const SemanticsCase &c, std::ostream *os) {
    *os << c.name;
  }
};

class ExactFloatSumRounding : public testing::TestWithParam<SemanticsCase> {
protected:
  const fltSemantics &sem() const { return GetParam().get(); }
  int precision() const { return APFloat::semanticsPrecision(sem()); }
  /// The gap between 1 and the next value of the type.
  double ulpOfOne() const { return std::ldexp(1.0, 1 - precision()); }
  /// The smallest subnormal of the type.
  double denormMin() const {
    return std::ldexp(1.0,
                      APFloat::semanticsMinExponent(sem()) - precision() + 1);
  }
  /// The mean of `terms`, each first made a value of the type.
  APFloat meanOfTyped(std::initializer_list<double> terms, uint64_t count) {
    ExactFloatSum sum;
    for (double term : terms)
      sum.add(exactIn(sem(), term));
    return sum.mean(count, sem());
  }
};
} // namespace

TEST_P(ExactFloatSumRounding, TiesGoToEven) {
  double ulp = ulpOfOne();
  // 1 + ulp/2 lies halfway between 1 (even) and 1 + ulp (odd).
  EXPECT_TRUE(sameFloat(meanOfTyped({1.0, 1.0 + ulp}, 2), exactIn(sem(), 1.0)));
  // 1 + 3ulp/2 lies halfway between 1 + ulp (odd) and 1 + 2ulp (even).
  EXPECT_TRUE(sameFloat(meanOfTyped({1.0 + ulp, 1.0 + 2 * ulp}, 2),
                        exactIn(sem(), 1.0 + 2 * ulp)));
  EXPECT_TRUE(
      sameFloat(meanOfTyped({-1.0, -1.0 - ulp}, 2), exactIn(sem(), -1.0)));
  EXPECT_TRUE(sameFloat(meanOfTyped({-1.0 - ulp, -1.0 - 2 * ulp}, 2),
                        exactIn(sem(), -1.0 - 2 * ulp)));
}

TEST_P(ExactFloatSumRounding, FarBitsBreakTies) {
  // 2^-(p + 60) is far below any intermediate format's precision: rounding
  // to f32 or f64 first would make these ties and round them to 1.
  double ulp = ulpOfOne();
  double tiny = std::ldexp(1.0, -precision() - 60);
  EXPECT_TRUE(
      sameFloat(sumOf({1.0, ulp / 2, tiny}, sem()), exactIn(sem(), 1.0 + ulp)));
  EXPECT_TRUE(
      sameFloat(sumOf({1.0, ulp / 2, -tiny}, sem()), exactIn(sem(), 1.0)));
  EXPECT_TRUE(sameFloat(sumOf({-1.0, -ulp / 2, -tiny}, sem()),
                        exactIn(sem(), -1.0 - ulp)));
}

TEST_P(ExactFloatSumRounding, DivisionRoundsOnce) {
  // (1 + (1 + ulp) + tiny) / 2 = 1 + ulp/2 + tiny/2: just above the tie.
  double ulp = ulpOfOne();
  double tiny = std::ldexp(1.0, -precision() - 60);
  EXPECT_TRUE(sameFloat(meanOf({1.0, 1.0 + ulp, tiny}, 2, sem()),
                        exactIn(sem(), 1.0 + ulp)));
  // (5 (1 + ulp/2) + 2^-1074) / 5 = 1 + ulp/2 + 2^-1074/5: the excess over
  // the tie is below every bit of the quotient, only in the remainder.
  ExactFloatSum sum;
  for (int i = 0; i < 5; ++i) {
    sum.add(APFloat(1.0));
    sum.add(APFloat(ulp / 2));
  }
  sum.add(APFloat(kDoubleDenormMin));
  EXPECT_TRUE(sameFloat(sum.mean(5, sem()), exactIn(sem(), 1.0 + ulp)));
  // 1/3 rounds to the nearest value of the type, checked against APFloat's
  // correctly rounded division in that type.
  APFloat third = exactIn(sem(), 1.0);
  third.divide(exactIn(sem(), 3.0), APFloat::rmNearestTiesToEven);
  EXPECT_TRUE(sameFloat(meanOfTyped({0.0, 0.0, 1.0}, 3), third));
}

TEST_P(ExactFloatSumRounding, SubnormalResultsRoundToEven) {
  double s = denormMin();
  // s/2 is a tie between +0 (even) and s (odd); the sign survives.
  EXPECT_TRUE(sameFloat(meanOfTyped({s, 0.0}, 2), exactIn(sem(), 0.0)));
  EXPECT_TRUE(sameFloat(meanOfTyped({-s, 0.0}, 2), exactIn(sem(), -0.0)));
  // 3s/2 is a tie between s (odd) and 2s (even).
  EXPECT_TRUE(sameFloat(meanOfTyped({s, s, s}, 2), exactIn(sem(), 2 * s)));
  // 3s/4 is nearer s; s/3 is nearer 0.
  EXPECT_TRUE(sameFloat(meanOfTyped({s, s, s}, 4), exactIn(sem(), s)));
  EXPECT_TRUE(sameFloat(meanOfTyped({s}, 3), exactIn(sem(), 0.0)));
  // s/2 + s/2^(p + 7) is just above the tie s/2; rounding to the precision
  // of s/2 first (not to the subnormal grid) would make it a tie and give 0.
  EXPECT_TRUE(sameFloat(meanOf({std::ldexp(s, precision() + 6), s},
                               uint64_t{1} << (precision() + 7), sem()),
                        exactIn(sem(), s)));
  // Halfway between the largest subnormal (odd) and the smallest normal.
  double minNormal = std::ldexp(1.0, APFloat::semanticsMinExponent(sem()));
  EXPECT_TRUE(sameFloat(meanOfTyped({minNormal - s, minNormal}, 2),
                        exactIn(sem(), minNormal)));
}

TEST_P(ExactFloatSumRounding, OverflowRoundsToInfinity) {
  double largest = APFloat::getLargest(sem()).convertToDouble();
  double halfUlp =
      std::ldexp(1.0, APFloat::semanticsMaxExponent(sem()) - precision());
  double tiny = std::ldexp(halfUlp, -40);
  // largest + halfUlp is a tie between largest (odd) and the power of two
  // above it, which does not exist: infinity.
  EXPECT_TRUE(sameFloat(sumOf({largest, halfUlp}, sem()),
                        APFloat::getInf(sem(), /*Negative=*/false)));
  EXPECT_TRUE(sameFloat(sumOf({-largest, -halfUlp}, sem()),
                        APFloat::getInf(sem(), /*Negative=*/true)));
  EXPECT_TRUE(sameFloat(sumOf({largest, halfUlp, -tiny}, sem()),
                        APFloat::getLargest(sem())));
}

INSTANTIATE_TEST_SUITE_P(
    ResultTypes, ExactFloatSumRounding,
    testing::Values(SemanticsCase{"f16", APFloat::IEEEhalf},
                    SemanticsCase{"bf16", APFloat::BFloat},
                    SemanticsCase{"f32", APFloat::IEEEsingle},
                    SemanticsCase{"f64", APFloat::IEEEdouble}),
    [](const testing::TestParamInfo<SemanticsCase> &info) {
      return std::string(info.param.name);
    });

//===----------------------------------------------------------------------===//
// ExactIntegerSum
//===----------------------------------------------------------------------===//

namespace {
struct IntegerCase {
  unsigned width;
  bool isSigned;
  friend void PrintTo(const IntegerCase &c, std::ostream *os) {
    *os << (c.isSigned ? "si" : "ui") << c.width;
  }
};

class ExactIntegerSumMeans : public testing::TestWithParam<IntegerCase> {
protected:
  unsigned width() const { return GetParam().width; }
  bool isSigned() const { return GetParam().isSigned; }
  APInt minValue() const {
    return isSigned() ? APInt::getSignedMinValue(width())
                      : APInt::getMinValue(width());
  }
  APInt maxValue() const {
    return isSigned() ? APInt::getSignedMaxValue(width())
                      : APInt::getMaxValue(width());
  }
  APInt value(int64_t v) const {
    return APInt(width(), static_cast<uint64_t>(v), isSigned(),
                 /*implicitTrunc=*/true);
  }

  /// The mean of `terms` over their count, checked against a 128-bit
  /// reference computed with the host's own division (which truncates toward
  /// zero), and returned.
  APInt meanOf(ArrayRef<APInt> terms) {
    ExactIntegerSum sum(isSigned());
    __int128 reference = 0;
    for (const APInt &term : terms) {
      sum.add(term);
      reference += isSigned() ? static_cast<__int128>(term.getSExtValue())
                              : static_cast<__int128>(term.getZExtValue());
    }
    APInt mean = sum.mean(terms.size(), width());
    EXPECT_EQ(mean.getBitWidth(), width());
    __int128 expected = reference / static_cast<__int128>(terms.size());
    // Separate casts: a conditional of int64_t and uint64_t is unsigned.
    __int128 actual = isSigned() ? static_cast<__int128>(mean.getSExtValue())
                                 : static_cast<__int128>(mean.getZExtValue());
    EXPECT_TRUE(actual == expected)
        << "mean " << llvm::toString(mean, 10, isSigned())
        << " differs from the 128-bit reference";
    return mean;
  }
};
} // namespace

TEST_P(ExactIntegerSumMeans, ExtremesDoNotOverflow) {
  APInt max = maxValue(), min = minValue();
  EXPECT_EQ(meanOf({max, max, max}), max);
  EXPECT_EQ(meanOf({min, min}), min);
  std::vector<APInt> many(1000, max);
  EXPECT_EQ(meanOf(many), max);
  if (isSigned()) {
    std::vector<APInt> manyMin(1000, min);
    EXPECT_EQ(meanOf(manyMin), min);
    // (3 max - 2) / 3 = max - 2/3, truncated to max - 1.
    EXPECT_EQ(meanOf({max, max, max - 2}), max - 1);
  } else {
    // (max + 1) / 2 needs one bit more than the type has.
    EXPECT_EQ(meanOf({max, value(1)}),
              APInt::getOneBitSet(width(), width() - 1));
    EXPECT_EQ(meanOf({max, max - 2}), max - 1);
  }
}

TEST_P(ExactIntegerSumMeans, TruncatesTowardZero) {
  if (!isSigned()) {
    EXPECT_EQ(meanOf({value(7), value(0)}), value(3));
    EXPECT_EQ(meanOf({value(2), value(2), value(1)}), value(1));
    return;
  }
  EXPECT_EQ(meanOf({value(-7), value(0)}), value(-3));
  EXPECT_EQ(meanOf({value(7), value(0)}), value(3));
  EXPECT_EQ(meanOf({value(-1), value(-2)}), value(-1));
  // min + max = -1: the mean -0.5 truncates to 0 (flooring would give -1).
  EXPECT_EQ(meanOf({minValue(), maxValue()}), value(0));
  // (2 min - 1) / 3 is just below 2 min / 3; truncation moves it up.
  APInt twoThirdsMin = meanOf({minValue(), minValue(), value(-1)});
  EXPECT_TRUE(twoThirdsMin.isNegative());
  EXPECT_TRUE(twoThirdsMin.sgt(minValue()));
}

TEST_P(ExactIntegerSumMeans, EmptyMeanIsZero) {
  EXPECT_EQ(ExactIntegerSum(isSigned()).mean(0, width()), APInt(width(), 0));
  ExactIntegerSum sum(isSigned());
  sum.add(maxValue());
  // The count decides, not the terms seen.
  EXPECT_EQ(sum.mean(0, width()), APInt(width(), 0));
}

INSTANTIATE_TEST_SUITE_P(
    Widths, ExactIntegerSumMeans,
    testing::Values(IntegerCase{8, true}, IntegerCase{16, true},
                    IntegerCase{32, true}, IntegerCase{64, true},
                    IntegerCase{8, false}, IntegerCase{16, false},
                    IntegerCase{32, false}, IntegerCase{64, false}),
    [](const testing::TestParamInfo<IntegerCase> &info) {
      return (info.param.isSigned ? "si" : "ui") +
             std::to_string(info.param.width);
    });

TEST(ExactIntegerSum, Int64Literals) {
  APInt min = APInt::getSignedMinValue(64);
  ExactIntegerSum sum(/*isSigned=*/true);
  sum.add(min);
  sum.add(min);
  sum.add(APInt(64, -1, /*isSigned=*/true));
  EXPECT_EQ(sum.mean(3, 64).getSExtValue(), -6148914691236517205);

  ExactIntegerSum unsignedSum(/*isSigned=*/false);
  unsignedSum.add(APInt::getMaxValue(64));
  unsignedSum.add(APInt::getMaxValue(64) - 2);
  EXPECT_EQ(unsignedSum.mean(2, 64).getZExtValue(), 18446744073709551614u);
}

TEST(ExactIntegerSum, SignednessReadsTheSameBitsDifferently) {
  APInt bits(8, 200); // -56 when signed.
  ExactIntegerSum asSigned(/*isSigned=*/true), asUnsigned(/*isSigned=*/false);
  for (ExactIntegerSum *sum : {&asSigned, &asUnsigned}) {
    sum->add(bits);
    sum->add(APInt(8, 100));
  }
  EXPECT_EQ(asSigned.mean(2, 8), APInt(8, 22));
  EXPECT_EQ(asUnsigned.mean(2, 8), APInt(8, 150));
}

//===----------------------------------------------------------------------===//
// getCheckedElementCount
//===----------------------------------------------------------------------===//

TEST(GetCheckedElementCount, Products) {
  EXPECT_EQ(getCheckedElementCount({}), 1);
  EXPECT_EQ(getCheckedElementCount({2, 3, 4}), 24);
  EXPECT_EQ(getCheckedElementCount({int64_t{1} << 31, int64_t{1} << 31}),
            int64_t{1} << 62);
}

TEST(GetCheckedElementCount, ZeroWinsWherever) {
  int64_t max = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(getCheckedElementCount({0, max, max}), 0);
  EXPECT_EQ(getCheckedElementCount({max, max, 0}), 0);
}

TEST(GetCheckedElementCount, OverflowAndDynamicSizes) {
  EXPECT_EQ(getCheckedElementCount({4294967296, 4294967296}), std::nullopt);
  // 2^63 is one more than int64_t holds.
  EXPECT_EQ(getCheckedElementCount({int64_t{1} << 31, int64_t{1} << 32}),
            std::nullopt);
  EXPECT_EQ(getCheckedElementCount({2, ShapedType::kDynamic}), std::nullopt);
  EXPECT_EQ(getCheckedElementCount({0, ShapedType::kDynamic}), std::nullopt);
}

//===----------------------------------------------------------------------===//
// forEachReduction
//===----------------------------------------------------------------------===//

using IndexLists = std::vector<std::vector<int64_t>>;

/// The index lists forEachReduction visits, or std::nullopt if it fails.
static std::optional<IndexLists> visit(ArrayRef<int64_t> shape,
                                       ArrayRef<int64_t> reducedDims) {
  IndexLists lists;
  if (failed(
          forEachReduction(shape, reducedDims, [&](ArrayRef<int64_t> indices) {
            lists.emplace_back(indices.begin(), indices.end());
          })))
    return std::nullopt;
  return lists;
}

TEST(ForEachReduction, MiddleDimension) {
  // Element (i, j, k) of a 2x3x4 tensor is at 12 i + 4 j + k.
  EXPECT_EQ(visit({2, 3, 4}, {1}), (IndexLists{{0, 4, 8},
                                               {1, 5, 9},
                                               {2, 6, 10},
                                               {3, 7, 11},
                                               {12, 16, 20},
                                               {13, 17, 21},
                                               {14, 18, 22},
                                               {15, 19, 23}}));
}

TEST(ForEachReduction, OuterAndInnerDimensions) {
  EXPECT_EQ(visit({2, 3, 4}, {0, 2}),
            (IndexLists{{0, 1, 2, 3, 12, 13, 14, 15},
                        {4, 5, 6, 7, 16, 17, 18, 19},
                        {8, 9, 10, 11, 20, 21, 22, 23}}));
}

TEST(ForEachReduction, NoneAndAllDimensions) {
  EXPECT_EQ(visit({2, 3}, {}), (IndexLists{{0}, {1}, {2}, {3}, {4}, {5}}));
  EXPECT_EQ(visit({2, 3}, {0, 1}), (IndexLists{{0, 1, 2, 3, 4, 5}}));
  EXPECT_EQ(visit({}, {}), (IndexLists{{0}}));
}

TEST(ForEachReduction, EmptyReductionsAndEmptyResults) {
  // A reduced size 0: one empty list per result element.
  EXPECT_EQ(visit({0, 3}, {0}), (IndexLists{{}, {}, {}}));
  // A kept size 0: no result element at all.
  EXPECT_EQ(visit({0, 3}, {1}), IndexLists{});
  // The strides right of the 0 overflow int64_t, but nothing needs them.
  EXPECT_EQ(visit({3, 0, int64_t{1} << 40, int64_t{1} << 40}, {1, 2, 3}),
            (IndexLists{{}, {}, {}}));
}

TEST(ForEachReduction, FailsOnHugeShapesWithoutVisiting) {
  // Result and reduced counts fit, their product (the input) does not.
  EXPECT_EQ(visit({4294967296, 4294967296}, {1}), std::nullopt);
  // The result count itself does not fit.
  EXPECT_EQ(visit({0, 4294967296, 4294967296}, {0}), std::nullopt);
  // Nor does the reduced count.
  EXPECT_EQ(visit({2, 4294967296, 4294967296}, {1, 2}), std::nullopt);
}
