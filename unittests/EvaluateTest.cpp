//===- EvaluateTest.cpp - MeanNumerics::evaluate on small tensors ---------===//
//
// The constant folder's host evaluation (docs/ReduceMean.md §4 and §5) on
// small shaped inputs: which elements each result takes, per element type,
// and where it must give up rather than walk a huge shape.
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cmath>
#include <complex>
#include <limits>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::rmean;

/// `type` as MLIR prints it, for failure messages.
static std::string str(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

namespace {
class MeanNumericsEvaluate : public testing::Test {
protected:
  RankedTensorType tensor(ArrayRef<int64_t> shape, Type elementType) {
    return RankedTensorType::get(shape, elementType);
  }

  /// A dense float tensor; each value must be exact in the element type.
  DenseElementsAttr floats(RankedTensorType type, ArrayRef<double> values) {
    const llvm::fltSemantics &sem =
        cast<FloatType>(type.getElementType()).getFloatSemantics();
    SmallVector<APFloat> elements;
    for (double v : values) {
      APFloat element(v);
      bool losesInfo = false;
      element.convert(sem, APFloat::rmNearestTiesToEven, &losesInfo);
      EXPECT_FALSE(losesInfo) << v << " is not exact in " << str(type);
      elements.push_back(element);
    }
    return DenseElementsAttr::get(type, elements);
  }

  /// A dense integer tensor from values given as int64_t bit patterns.
  DenseElementsAttr ints(RankedTensorType type, ArrayRef<int64_t> values) {
    unsigned width = type.getElementType().getIntOrFloatBitWidth();
    SmallVector<APInt> elements;
    for (int64_t v : values)
      elements.push_back(APInt(width, static_cast<uint64_t>(v),
                               /*isSigned=*/true, /*implicitTrunc=*/true));
    return DenseElementsAttr::get(type, elements);
  }

  /// Evaluates through the numerics of the input's element type and checks
  /// the result type.
  DenseElementsAttr evaluate(DenseElementsAttr input,
                             ArrayRef<int64_t> reducedDims,
                             RankedTensorType resultType) {
    FailureOr<MeanNumerics> numerics =
        MeanNumerics::get(input.getType().getElementType());
    EXPECT_TRUE(succeeded(numerics));
    if (failed(numerics))
      return {};
    FailureOr<DenseElementsAttr> result =
        numerics->evaluate(input, reducedDims, resultType);
    EXPECT_TRUE(succeeded(result));
    if (failed(result))
      return {};
    EXPECT_EQ(result->getType(), resultType);
    return *result;
  }

  static std::vector<double> asDoubles(DenseElementsAttr attr) {
    std::vector<double> values;
    if (!attr)
      return values;
    for (APFloat v : attr.getValues<APFloat>()) {
      bool losesInfo = false;
      v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
      values.push_back(v.convertToDouble());
    }
    return values;
  }

  static std::vector<int64_t> asSigned(DenseElementsAttr attr) {
    std::vector<int64_t> values;
    if (attr)
      for (const APInt &v : attr.getValues<APInt>())
        values.push_back(v.getSExtValue());
    return values;
  }

  static std::vector<uint64_t> asUnsigned(DenseElementsAttr attr) {
    std::vector<uint64_t> values;
    if (attr)
      for (const APInt &v : attr.getValues<APInt>())
        values.push_back(v.getZExtValue());
    return values;
  }

  /// 0, 1, ..., 23 as a 2x3x4 tensor: element (i, j, k) is 12 i + 4 j + k.
  DenseElementsAttr iota2x3x4(Type elementType) {
    std::vector<double> values;
    for (int i = 0; i < 24; ++i)
      values.push_back(i);
    return floats(tensor({2, 3, 4}, elementType), values);
  }

  MLIRContext ctx;
  Type f16 = Float16Type::get(&ctx);
  Type f32 = Float32Type::get(&ctx);
  Type f64 = Float64Type::get(&ctx);
};
} // namespace

TEST_F(MeanNumericsEvaluate, OuterAndInnerAxes) {
  // Result j: the mean of 12 i + 4 j + k over i < 2, k < 4 is 7.5 + 4 j.
  EXPECT_EQ(asDoubles(evaluate(iota2x3x4(f32), {0, 2}, tensor({3}, f32))),
            (std::vector<double>{7.5, 11.5, 15.5}));
}

TEST_F(MeanNumericsEvaluate, MiddleAxisKeptAsSizeOne) {
  // Result (i, 0, k): 12 i + 4 + k.
  EXPECT_EQ(asDoubles(evaluate(iota2x3x4(f64), {1}, tensor({2, 1, 4}, f64))),
            (std::vector<double>{4, 5, 6, 7, 16, 17, 18, 19}));
}

TEST_F(MeanNumericsEvaluate, AllAxesAndNoAxis) {
  EXPECT_EQ(asDoubles(evaluate(iota2x3x4(f32), {0, 1, 2}, tensor({}, f32))),
            (std::vector<double>{11.5}));
  std::vector<double> identity = asDoubles(iota2x3x4(f32));
  EXPECT_EQ(asDoubles(evaluate(iota2x3x4(f32), {}, tensor({2, 3, 4}, f32))),
            identity);
}

TEST_F(MeanNumericsEvaluate, HalfPrecisionRoundsOnceToEven) {
  double ulp = std::ldexp(1.0, -10);
  // (1 + (1 + ulp)) / 2 is a tie: even 1 wins. The next pair rounds up.
  DenseElementsAttr input =
      floats(tensor({2, 2}, f16), {1.0, 1.0 + ulp, 1.0 + ulp, 1.0 + 2 * ulp});
  EXPECT_EQ(asDoubles(evaluate(input, {1}, tensor({2}, f16))),
            (std::vector<double>{1.0, 1.0 + 2 * ulp}));
}

TEST_F(MeanNumericsEvaluate, SplatInput) {
  DenseElementsAttr input =
      DenseElementsAttr::get(tensor({4, 8}, f32), APFloat(0.25f));
  EXPECT_EQ(asDoubles(evaluate(input, {1}, tensor({4}, f32))),
            (std::vector<double>{0.25, 0.25, 0.25, 0.25}));
}

TEST_F(MeanNumericsEvaluate, SignedZeroAndSpecialValues) {
  double inf = std::numeric_limits<double>::infinity();
  DenseElementsAttr input =
      floats(tensor({4, 2}, f32), {-0.0, -0.0, -0.0, 0.0, inf, 1.0, inf, -inf});
  std::vector<double> means = asDoubles(evaluate(input, {1}, tensor({4}, f32)));
  ASSERT_EQ(means.size(), 4u);
  EXPECT_TRUE(means[0] == 0.0 && std::signbit(means[0]));
  EXPECT_TRUE(means[1] == 0.0 && !std::signbit(means[1]));
  EXPECT_EQ(means[2], inf);
  EXPECT_TRUE(std::isnan(means[3]));
}

TEST_F(MeanNumericsEvaluate, IntegersTruncateTowardZero) {
  Type i32 = IntegerType::get(&ctx, 32);
  DenseElementsAttr input = ints(tensor({3, 2}, i32), {-7, 0, 7, 0, -1, -2});
  EXPECT_EQ(asSigned(evaluate(input, {1}, tensor({3}, i32))),
            (std::vector<int64_t>{-3, 3, -1}));
}

TEST_F(MeanNumericsEvaluate, SignednessOfEightBitTypes) {
  // The bits of 200 are -56 as a signed 8-bit value.
  for (auto [signedness, expected] :
       {std::pair{IntegerType::Signless, uint64_t{22}},
        std::pair{IntegerType::Signed, uint64_t{22}},
        std::pair{IntegerType::Unsigned, uint64_t{150}}}) {
    Type i8 = IntegerType::get(&ctx, 8, signedness);
    DenseElementsAttr input = ints(tensor({2}, i8), {200, 100});
    EXPECT_EQ(asUnsigned(evaluate(input, {0}, tensor({}, i8))),
              std::vector<uint64_t>{expected})
        << "element type " << str(i8);
  }
}

TEST_F(MeanNumericsEvaluate, SixtyFourBitExtremes) {
  int64_t min = std::numeric_limits<int64_t>::min();
  int64_t max = std::numeric_limits<int64_t>::max();
  Type i64 = IntegerType::get(&ctx, 64);
  DenseElementsAttr input =
      ints(tensor({3, 3}, i64), {min, min, -1, max, max, max - 2, min, max, 0});
  EXPECT_EQ(asSigned(evaluate(input, {1}, tensor({3}, i64))),
            (std::vector<int64_t>{-6148914691236517205, max - 1, 0}));

  Type ui64 = IntegerType::get(&ctx, 64, IntegerType::Unsigned);
  DenseElementsAttr unsignedInput = ints(tensor({2}, ui64), {-1, -3});
  EXPECT_EQ(asUnsigned(evaluate(unsignedInput, {0}, tensor({1}, ui64))),
            (std::vector<uint64_t>{18446744073709551614u}));
}

TEST_F(MeanNumericsEvaluate, ComplexPartsSeparately) {
  Type c32 = ComplexType::get(f32);
  SmallVector<std::complex<APFloat>> values;
  for (auto [re, im] : {std::pair{1.0f, 2.0f}, std::pair{1.0f, 0.0f},
                        std::pair{2.0f, -4.0f}, std::pair{0.0f, -1.0f}})
    values.emplace_back(APFloat(re), APFloat(im));
  DenseElementsAttr input = DenseElementsAttr::get(tensor({2, 2}, c32), values);
  DenseElementsAttr result = evaluate(input, {0}, tensor({2}, c32));
  ASSERT_TRUE(result);
  std::vector<std::complex<double>> means;
  for (std::complex<APFloat> v : result.getValues<std::complex<APFloat>>())
    means.emplace_back(v.real().convertToFloat(), v.imag().convertToFloat());
  EXPECT_EQ(means,
            (std::vector<std::complex<double>>{{1.5, -1.0}, {0.5, -0.5}}));
}

TEST_F(MeanNumericsEvaluate, EmptyReductions) {
  std::vector<double> floatMeans = asDoubles(
      evaluate(floats(tensor({0, 3}, f32), {}), {0}, tensor({3}, f32)));
  ASSERT_EQ(floatMeans.size(), 3u);
  for (double mean : floatMeans)
    EXPECT_TRUE(std::isnan(mean));

  Type i32 = IntegerType::get(&ctx, 32);
  EXPECT_EQ(
      asSigned(evaluate(ints(tensor({0, 3}, i32), {}), {0}, tensor({3}, i32))),
      (std::vector<int64_t>{0, 0, 0}));

  Type c64 = ComplexType::get(f64);
  DenseElementsAttr complexMeans =
      evaluate(DenseElementsAttr::get(tensor({0, 2}, c64),
                                      ArrayRef<std::complex<APFloat>>()),
               {0}, tensor({2}, c64));
  ASSERT_TRUE(complexMeans);
  for (std::complex<APFloat> v :
       complexMeans.getValues<std::complex<APFloat>>())
    EXPECT_TRUE(v.real().isNaN() && v.imag().isNaN());

  // No result element at all.
  EXPECT_EQ(asDoubles(evaluate(floats(tensor({0, 3}, f32), {}), {1},
                               tensor({0}, f32))),
            std::vector<double>{});
}

TEST_F(MeanNumericsEvaluate, HugeShapesFailInsteadOfWalking) {
  // 2^32 x 2^32 elements: the input count overflows int64_t. A splat holds
  // it in one value; evaluate must refuse before reading any element.
  RankedTensorType huge = tensor({4294967296, 4294967296}, f32);
  DenseElementsAttr input = DenseElementsAttr::get(huge, APFloat(1.0f));
  FailureOr<MeanNumerics> numerics = MeanNumerics::get(f32);
  ASSERT_TRUE(succeeded(numerics));
  EXPECT_TRUE(
      failed(numerics->evaluate(input, {1}, tensor({4294967296}, f32))));
}

TEST(MeanNumericsGet, SupportedElementTypes) {
  MLIRContext ctx;
  for (Type type : {Type(Float16Type::get(&ctx)), Type(BFloat16Type::get(&ctx)),
                    Type(Float32Type::get(&ctx)), Type(Float64Type::get(&ctx)),
                    Type(IntegerType::get(&ctx, 8)),
                    Type(IntegerType::get(&ctx, 64, IntegerType::Unsigned)),
                    Type(ComplexType::get(Float32Type::get(&ctx))),
                    Type(ComplexType::get(Float64Type::get(&ctx)))})
    EXPECT_TRUE(succeeded(MeanNumerics::get(type))) << str(type);
  for (Type type :
       {Type(IntegerType::get(&ctx, 1)), Type(IntegerType::get(&ctx, 128)),
        Type(Float8E4M3FNType::get(&ctx)),
        Type(ComplexType::get(Float16Type::get(&ctx))),
        Type(ComplexType::get(IntegerType::get(&ctx, 32))),
        Type(IndexType::get(&ctx))})
    EXPECT_TRUE(failed(MeanNumerics::get(type))) << str(type);
}
