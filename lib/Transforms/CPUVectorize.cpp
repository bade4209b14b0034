//===- CPUVectorize.cpp - vectorise the tiles rmean-cpu-tile left ---------===//
//
// Vectorises the full tiles that rmean-cpu-tile marked, with upstream's
// linalg::vectorize, then finishes the vector code of rmean's own loops:
// unit vector dimensions dropped, its multi-reductions lowered (adds across
// rows, then horizontal merges), loop-invariant accumulators hoisted into
// registers, reads of filled accumulators forwarded, horizontal float sums
// built as trees. Every clean-up runs only on the ops this pass created
// (see OwnedOps.h): vector reductions and loops of the user's keep their
// form and order.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "OwnedOps.h"
#include "SignlessInputs.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/Support/Debug.h"

#include <cmath>
#include <limits>

#define DEBUG_TYPE "rmean-cpu-vectorize"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANCPUVECTORIZEPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// A vector read of a `linalg.fill` tensor is a broadcast of the fill
/// value. Upstream has no such fold; without it the partial-sum
/// accumulators of "inner" stay tied to a filled tensor that bufferizes to
/// a heap allocation per row.
struct ForwardFillToTransferRead : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto fill = read.getBase().getDefiningOp<linalg::FillOp>();
    if (!fill || read.getMask() || read.isMasked() ||
        read.hasOutOfBoundsDim() ||
        fill.getInputs()[0].getType() != read.getVectorType().getElementType())
      return rewriter.notifyMatchFailure(read, "not an in-bounds read of a "
                                               "fill of the same type");
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(read, read.getVectorType(),
                                                     fill.getInputs()[0]);
    return success();
  }
};

/// The value that `v` is a one-to-one unrealized cast of (as
/// castInputsToSignless makes them), or null.
static Value getCastSource(Value v) {
  auto cast = v.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || cast->getNumOperands() != 1 || cast->getNumResults() != 1)
    return {};
  return cast->getOperand(0);
}

/// A vector read of a tensor that castInputsToSignless cast to its
/// signless element type reads the original tensor and casts the vector:
/// the tensor cast then has no users, and the vector cast disappears when
/// both types become LLVM's iN (as the scalar casts of the conversion do).
struct ReadThroughSignlessCast : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    Value original = getCastSource(read.getBase());
    auto source = original ? dyn_cast<RankedTensorType>(original.getType())
                           : RankedTensorType();
    if (!source)
      return rewriter.notifyMatchFailure(read, "not a read of a cast tensor");
    Location loc = read.getLoc();
    Type element = source.getElementType();
    Value padding = UnrealizedConversionCastOp::create(rewriter, loc, element,
                                                       read.getPadding())
                        .getResult(0);
    auto wideRead = vector::TransferReadOp::create(
        rewriter, loc, read.getVectorType().clone(element), original,
        read.getIndices(), read.getPermutationMapAttr(), padding,
        read.getMask(), read.getInBoundsAttr());
    rewriter.replaceOpWithNewOp<UnrealizedConversionCastOp>(
        read, read.getVectorType(), wideRead.getResult());
    return success();
  }
};

/// A read of whole static rows [R, N] whose length N is not a power of two
/// (3x3 and 7x7 pooling: 9 and 49) reads them as the one contiguous run of
/// R * N elements they are (their slice takes every column) and reshapes
/// the vector: LLVM splits a load of N-element vectors into scalar loads
/// and inserts (i8 rows of 9: eight bytes, then byte by byte), but loads
/// one R * N vector whole. The shape cast then only moves lanes. The rows
/// are adjacent in the tensor; where a strided input's buffer is not,
/// bufferization copies the tile for the collapse (rmean-contiguous-arguments
/// makes dense views contiguous first).
struct FlattenWholeRowRead : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    VectorType t = read.getVectorType();
    auto slice = read.getBase().getDefiningOp<tensor::ExtractSliceOp>();
    if (t.getRank() != 2 || t.isScalable() || read.getMask() ||
        !read.getPermutationMap().isMinorIdentity() ||
        llvm::any_of(read.getInBoundsValues(), [](bool b) { return !b; }) ||
        !slice || llvm::isPowerOf2_64(t.getDimSize(1)))
      return rewriter.notifyMatchFailure(read, "not an in-bounds read of "
                                               "whole rows of odd length");
    // Where it measured faster (AMD Zen 5, pooling against the row-wise
    // read): signless byte rows of fewer than 32 (3x3 3x, 5x5 2.9x; 7x7
    // 0.96x; AVX2 code 3x3 1.16x). Not: ui8 7x7 0.76x, i32 3x3 0.88x, f64
    // 3x3 0.95x, f32 3x3 1.14-1.23x but 0.86x in AVX2 code (this pass does
    // not know the target), whose row-wise reads LLVM splits well enough.
    if (!t.getElementType().isSignlessInteger(8) || t.getDimSize(1) >= 32)
      return rewriter.notifyMatchFailure(read, "row-wise read is as fast");
    auto tileType = dyn_cast<RankedTensorType>(slice.getType());
    auto sourceType = slice.getSourceType();
    if (!tileType || tileType.getRank() != 2 || !tileType.hasStaticShape() ||
        tileType.getShape() != t.getShape() || sourceType.getRank() != 2 ||
        sourceType.isDynamicDim(1) ||
        sourceType.getDimSize(1) != t.getDimSize(1) || !slice.hasUnitStride() ||
        llvm::any_of(read.getIndices(),
                     [](Value i) { return !isZeroInteger(i); }))
      return rewriter.notifyMatchFailure(read, "rows not whole and adjacent");
    Location loc = read.getLoc();
    Value flat =
        tensor::CollapseShapeOp::create(rewriter, loc, slice.getResult(),
                                        ArrayRef<ReassociationIndices>{{0, 1}});
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    auto flatType = VectorType::get({t.getNumElements()}, t.getElementType());
    Value v = vector::TransferReadOp::create(
        rewriter, loc, flatType, flat, ValueRange{zero}, read.getPadding(),
        ArrayRef<bool>{true});
    rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(read, t, v);
    return success();
  }
};

/// The sizes of a tensor that castInputsToSignless cast are those of the
/// original (the masks of padded rows of a run-time length read them), so
/// that the cast tensor has no users left once its reads go through it.
struct DimThroughSignlessCast : OpRewritePattern<tensor::DimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::DimOp dim,
                                PatternRewriter &rewriter) const override {
    Value original = getCastSource(dim.getSource());
    if (!original || !isa<RankedTensorType>(original.getType()))
      return rewriter.notifyMatchFailure(dim, "not a size of a cast tensor");
    rewriter.replaceOpWithNewOp<tensor::DimOp>(dim, original, dim.getIndex());
    return success();
  }
};

/// A `vector.multi_reduction` whose leading dimension is a kept unit one
/// reduces its source's only slice along it, and broadcasts the result
/// back. Upstream's leading-unit-dimension patterns do not take
/// multi-reductions, and whole-row tiles of more than two dimensions
/// (padded short rows of a run-time length, [1, rows, lanes]) would keep
/// their rows' sums three-dimensional, which neither the shared tree
/// (ShuffleTreeRowSums) nor rmean-narrow-accumulators take.
struct MultiReductionWithoutLeadingUnitDim
    : OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType t = op.getSourceVectorType();
    auto accType = dyn_cast<VectorType>(op.getAcc().getType());
    if (op.isMasked() || t.getRank() < 2 || t.isScalable() ||
        t.getDimSize(0) != 1 || op.isReducedDim(0) || !accType)
      return rewriter.notifyMatchFailure(op, "no kept leading unit dimension");
    Location loc = op.getLoc();
    Value source = vector::ExtractOp::create(rewriter, loc, op.getSource(), 0);
    Value acc = vector::ExtractOp::create(rewriter, loc, op.getAcc(), 0);
    SmallVector<bool> reduced = op.getReductionMask();
    reduced.erase(reduced.begin());
    Value sums = vector::MultiDimReductionOp::create(rewriter, loc, source, acc,
                                                     reduced, op.getKind());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, accType, sums);
    return success();
  }
};

/// A vector.extract of a widened vector (`arith.extf`) widens the extracted
/// vector instead, so that the rows' sum of a whole-row tile without its
/// leading unit dimension (above) reads the widening, as a
/// two-dimensional tile's does, which marks it for
/// rmean-narrow-accumulators (isWideningRowSum).
template <typename OpTy> struct ExtractBeforeExtF : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto ext = op.getSource().template getDefiningOp<arith::ExtFOp>();
    auto resultType = dyn_cast<VectorType>(op.getType());
    if (!ext || !resultType)
      return rewriter.notifyMatchFailure(op, "not a vector of a widening");
    auto narrow = cast<VectorType>(ext.getIn().getType());
    Operation *moved = rewriter.clone(*op);
    rewriter.modifyOpInPlace(moved, [&] {
      moved->setOperand(0, ext.getIn());
      moved->getResult(0).setType(resultType.clone(narrow.getElementType()));
    });
    rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, resultType,
                                               moved->getResult(0));
    return success();
  }
};

/// `v` (1-D) extended to `size` lanes with the additive identity (-0.0 for
/// floats: x + -0.0 is x for every x, signed zeros and NaN included; 0 for
/// integers). LLVM folds the padding's additions away.
static Value padWithIdentity(OpBuilder &b, Location loc, Value v,
                             int64_t size) {
  auto padded =
      VectorType::get({size}, cast<VectorType>(v.getType()).getElementType());
  Value identity =
      arith::ConstantOp::create(b, loc, padded, getAdditiveIdentity(b, padded));
  return vector::InsertStridedSliceOp::create(b, loc, v, identity,
                                              ArrayRef<int64_t>{0}, {1});
}

/// Sums a float vector by halves (a log2(N)-deep tree of vector adds)
/// instead of the in-order chain that a strict `vector.reduction <add>`
/// becomes: once per row, a chain of N dependent additions costs more than
/// reading a short row. The order is fixed here, so results stay
/// deterministic, and pairwise sums are the more accurate ones.
///
///   %r = vector.reduction <add>, %v, %acc : vector<8xf64> into f64
/// becomes
///   %s4 = arith.addf %v[0:4], %v[4:8] : vector<4xf64>
///   %s2 = arith.addf %s4[0:2], %s4[2:4] : vector<2xf64>
///   %r = vector.reduction <add>, %s2, %acc : vector<2xf64> into f64
struct TreeFloatReduction : OpRewritePattern<vector::ReductionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType t = op.getSourceVectorType();
    int64_t n = t.getNumElements();
    if (op.isMasked() || op.getKind() != vector::CombiningKind::ADD ||
        !isa<FloatType>(t.getElementType()) || t.getRank() != 1 ||
        t.isScalable() || n < 3)
      return rewriter.notifyMatchFailure(
          op, "not an unmasked float add over a fixed vector of 3 or more");
    Location loc = op.getLoc();
    Value v = op.getVector();
    if (!llvm::isPowerOf2_64(n)) {
      n = llvm::PowerOf2Ceil(n);
      v = padWithIdentity(rewriter, loc, v, n);
    }
    for (int64_t half = n / 2; half >= 2; half /= 2) {
      Value lo = vector::ExtractStridedSliceOp::create(
          rewriter, loc, v, ArrayRef<int64_t>{0}, {half}, {1});
      Value hi = vector::ExtractStridedSliceOp::create(
          rewriter, loc, v, ArrayRef<int64_t>{half}, {half}, {1});
      v = arith::AddFOp::create(rewriter, loc, lo, hi, op.getFastmathAttr());
    }
    // Two lanes left: the strict reduction of those keeps the accumulator
    // operand's place in the order.
    rewriter.replaceOpWithNewOp<vector::ReductionOp>(
        op, op.getType(), op.getKindAttr(), v, op.getAcc(),
        op.getFastmathAttr());
    return success();
  }
};

/// A sum of whole rows of integers widened (sign- or zero-extended) from
/// B bits to W bits sums them in K bits instead, K = 16 or 32 with B < K <
/// W, when the rows (of N lanes, N <= 2^(K - B)) cannot leave K bits: a
/// sum of N values of B bits lies within N * 2^(B - 1) of 0 (signed) or
/// below N * 2^B (unsigned), which K bits hold, and widens to the same W
/// bits afterwards, so the sums are the same. Rows of a run-time length
/// padded to 64 lanes (rmean.cpu_short_rows) widened from i8 to i64 would
/// spread each row over eight registers; summed in i16 it is one (fully
/// dynamic 7x7 pooling, with rmean.cpu_short_rows: i8 5x, ui8 13x). Static
/// signed 8-bit rows reach here widened to i32 (rmean-narrow-integer-sums)
/// and sum in i16 the same way (7x7 pooling 1.22x).
struct NarrowIntegerRowSums : OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType t = op.getSourceVectorType();
    if (op.isMasked() || op.getKind() != vector::CombiningKind::ADD ||
        t.getRank() != 2 || t.isScalable() ||
        op.getReductionDims() != ArrayRef<int64_t>{1} ||
        !t.getElementType().isSignlessInteger())
      return rewriter.notifyMatchFailure(op, "not an integer sum of 2-D rows "
                                             "over their last dimension");
    Operation *ext = op.getSource().getDefiningOp();
    if (!isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(ext))
      return rewriter.notifyMatchFailure(op, "rows not widened");
    Value narrow = ext->getOperand(0);
    unsigned from =
        getElementTypeOrSelf(narrow.getType()).getIntOrFloatBitWidth();
    unsigned to = t.getElementType().getIntOrFloatBitWidth();
    int64_t length = t.getDimSize(1);
    unsigned bits = 0;
    // Zero-extended bytes already summed in i32 (static rows,
    // rmean-narrow-integer-sums) stay there: in i16 their 7x7 pooling ran
    // 0.94x (the tree's last, 16-bit shuffles cost more than the i32 ones);
    // from i64 (rows of a run-time length) i16 is 1.27x i32.
    bool keep32 = isa<arith::ExtUIOp>(ext) && to == 32;
    for (unsigned k : {16u, 32u})
      if (!keep32 && from < k && k < to &&
          length <= (int64_t(1) << (k - from))) {
        bits = k;
        break;
      }
    if (!bits)
      return rewriter.notifyMatchFailure(op, "no narrower exact sum");
    Location loc = op.getLoc();
    Type sumType = rewriter.getIntegerType(bits);
    auto widen = [&](Value v, Type type) -> Value {
      if (isa<arith::ExtSIOp>(ext))
        return arith::ExtSIOp::create(rewriter, loc, type, v);
      return arith::ExtUIOp::create(rewriter, loc, type, v);
    };
    Value rows = widen(narrow, t.clone(sumType));
    auto accType = cast<VectorType>(op.getAcc().getType());
    Value zeros =
        arith::ConstantOp::create(rewriter, loc, accType.clone(sumType),
                                  rewriter.getZeroAttr(accType.clone(sumType)));
    Value sums = vector::MultiDimReductionOp::create(
        rewriter, loc, rows, zeros, op.getReductionMask(), op.getKind());
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, op.getAcc(),
                                               widen(sums, accType));
    return success();
  }
};

/// Register bytes the shuffle tree of ShuffleTreeRowSums works in: one
/// AVX-512 register, two AVX2 or four SSE/NEON ones (LLVM splits wider
/// vectors), so the tree suits each target without assuming one.
static constexpr int64_t kShuffleTreeBytes = 64;

/// Sums each of the G rows of a `vector.multi_reduction <add>` over the
/// last dimension of a vector<GxN> (G a power of two, 2 or more) as a
/// tree that shares its shuffles between rows, instead of one horizontal
/// reduction per row (upstream's InnerReduction lowering), whose in-register
/// steps dominate on short rows (a row of 49 f32 is three vector adds but
/// eight horizontal steps). Each row is padded with the additive identity
/// to a power of two and halved down to W lanes (kShuffleTreeBytes); then
/// pairs of vectors are combined by two shuffles and one add that halve
/// the lanes per row and double the rows per vector, until one vector holds
/// the G sums in row order, which are added to the accumulator. The order
/// is fixed (results are deterministic) and pairwise.
///
///   %r = vector.multi_reduction <add>, %x, %acc [1]
///          : vector<2x8xf32> to vector<2xf32>      (W = 4 for brevity)
/// becomes, with a = %x[0] halved to 4 lanes and b = %x[1] likewise,
///   %c = addf (shuffle a, b [0, 1, 4, 5]), (shuffle a, b [2, 3, 6, 7])
///   %d = addf (shuffle c, c [0, 2]), (shuffle c, c [1, 3])
///   %r = addf %acc, %d
struct ShuffleTreeRowSums : OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType t = op.getSourceVectorType();
    Type element = t.getElementType();
    if (op.isMasked() || op.getKind() != vector::CombiningKind::ADD ||
        t.getRank() != 2 || t.isScalable() ||
        op.getReductionDims() != ArrayRef<int64_t>{1} ||
        !element.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "not an unmasked add of fixed "
                                             "2-D rows over their last "
                                             "dimension");
    int64_t rows = t.getDimSize(0), length = t.getDimSize(1);
    if (rows < 2 || !llvm::isPowerOf2_64(rows))
      return rewriter.notifyMatchFailure(op, "row count not a power of two");
    Location loc = op.getLoc();
    auto add = [&](Value a, Value b) -> Value {
      if (isa<FloatType>(element))
        return arith::AddFOp::create(rewriter, loc, a, b);
      return arith::AddIOp::create(rewriter, loc, a, b);
    };
    int64_t elementBytes =
        std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
    int64_t width = std::max<int64_t>(
        rows, std::min<int64_t>(
                  llvm::PowerOf2Ceil(length),
                  std::max<int64_t>(1, kShuffleTreeBytes / elementBytes)));
    int64_t padded = std::max<int64_t>(width, llvm::PowerOf2Ceil(length));
    SmallVector<Value> vectors;
    for (int64_t r = 0; r < rows; ++r) {
      Value row = vector::ExtractOp::create(rewriter, loc, op.getSource(), r);
      if (length != padded)
        row = padWithIdentity(rewriter, loc, row, padded);
      for (int64_t n = padded; n > width; n /= 2) {
        Value lo = vector::ExtractStridedSliceOp::create(
            rewriter, loc, row, ArrayRef<int64_t>{0}, {n / 2}, {1});
        Value hi = vector::ExtractStridedSliceOp::create(
            rewriter, loc, row, ArrayRef<int64_t>{n / 2}, {n / 2}, {1});
        row = add(lo, hi);
      }
      vectors.push_back(row);
    }
    // Adds the lower to the upper halves of the `lanes` partial sums of each
    // of the `perVector` rows (row-major) of `a` and then of `b` (if any),
    // vectors of `size` lanes.
    auto halves = [&](Value a, Value b, int64_t perVector, int64_t lanes,
                      int64_t size) {
      SmallVector<int64_t> lo, hi;
      for (int64_t base : {int64_t(0), size}) {
        if (base != 0 && !b)
          break;
        for (int64_t r = 0; r < perVector; ++r)
          for (int64_t l = 0; l < lanes / 2; ++l) {
            lo.push_back(base + r * lanes + l);
            hi.push_back(base + r * lanes + lanes / 2 + l);
          }
      }
      Value second = b ? b : a;
      return add(vector::ShuffleOp::create(rewriter, loc, a, second, lo),
                 vector::ShuffleOp::create(rewriter, loc, a, second, hi));
    };
    int64_t perVector = 1;
    while (vectors.size() > 1) {
      SmallVector<Value> next;
      for (size_t i = 0; i < vectors.size(); i += 2)
        next.push_back(halves(vectors[i], vectors[i + 1], perVector,
                              width / perVector, width));
      vectors = std::move(next);
      perVector *= 2;
    }
    Value sums = vectors.front();
    for (int64_t size = width; size > rows; size /= 2)
      sums = halves(sums, Value(), rows, size / rows, size);
    rewriter.replaceOp(op, add(op.getAcc(), sums));
    return success();
  }
};

/// The splat value of `v` (a splat constant or a vector.broadcast of a
/// scalar), or null.
static Value getSplatScalar(PatternRewriter &rewriter, Location loc, Value v) {
  if (auto broadcast = v.getDefiningOp<vector::BroadcastOp>())
    if (!isa<VectorType>(broadcast.getSourceType()))
      return broadcast.getSource();
  DenseFPElementsAttr dense;
  if (matchPattern(v, m_Constant(&dense)) && dense.isSplat())
    return arith::ConstantOp::create(rewriter, loc,
                                     dense.getSplatValue<FloatAttr>());
  return Value();
}

/// A vector of f64 sums divided by their count and rounded to a narrower
/// float (the mean's finalize; rmean creates no other such division)
/// becomes a multiplication by the reciprocal of the count, corrected by
/// one remainder step (Markstein): with r = 1/n rounded, q = a*r,
/// e = fma(-q, n, a) is exact and fma(e, r, q) is a/n correctly rounded,
/// the same bits as the division, wherever q is finite and not tiny
/// (|q| >= 2^-960, where e could underflow); elsewhere q itself (±Inf,
/// NaN, ±0 and values far below the narrow type's least subnormal round as
/// a/n does). Checked against the division on 2e8 random sums and counts
/// (up to 2^62): every f32 rounding identical. A vector division takes 16
/// cycles per 512 bits on current x86 cores, in the finalize of short rows
/// up to a fifth of the run time (NCHW 7x7 pooling: 1.05-1.06x faster).
/// f64 means keep the division.
struct QuotientByReciprocal : OpRewritePattern<arith::DivFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::DivFOp op,
                                PatternRewriter &rewriter) const override {
    // The finalize rounds the quotient to the mean's type: one truncf, or
    // for bf16 a truncf to f32 and a correction from the quotient's bits
    // (both exact for the same quotient).
    auto t = dyn_cast<VectorType>(op.getType());
    // Up to 64 lanes (8 AVX-512 registers per value): the sequence's nine
    // values of a 256-lane finalize (256x256 rows) spill, 0.98x.
    if (!t || !t.getElementType().isF64() || t.getNumElements() > 64 ||
        llvm::none_of(op->getUsers(), [](Operation *user) {
          return isa<arith::TruncFOp>(user);
        }))
      return rewriter.notifyMatchFailure(op, "not an f64 vector quotient "
                                             "rounded to a narrower float");
    Location loc = op.getLoc();
    Value n = getSplatScalar(rewriter, loc, op.getRhs());
    if (!n)
      return rewriter.notifyMatchFailure(op, "divisor not a splat");
    Value a = op.getLhs();
    auto splat = [&](Value scalar) {
      return vector::BroadcastOp::create(rewriter, loc, t, scalar).getResult();
    };
    auto f64 = [&](double c) {
      return arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getF64FloatAttr(c))
          .getResult();
    };
    Value r = splat(arith::DivFOp::create(rewriter, loc, f64(1.0), n));
    Value q = arith::MulFOp::create(rewriter, loc, a, r);
    Value negQ = arith::NegFOp::create(rewriter, loc, q);
    Value e = math::FmaOp::create(rewriter, loc, negQ, splat(n), a);
    Value corrected = math::FmaOp::create(rewriter, loc, e, r, q);
    Value magnitude = math::AbsFOp::create(rewriter, loc, q);
    Value finite = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, magnitude,
        splat(f64(std::numeric_limits<double>::infinity())));
    Value notTiny =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGE,
                              magnitude, splat(f64(std::ldexp(1.0, -960))));
    Value ok = arith::AndIOp::create(rewriter, loc, finite, notTiny);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, ok, corrected, q);
    return success();
  }
};

} // namespace

void mlir::rmean::populateRmeanTreeReductionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<TreeFloatReduction>(patterns.getContext());
}

void mlir::rmean::populateRmeanRowSumPatterns(RewritePatternSet &patterns) {
  // Ahead of upstream's lowering, which would take the rows one by one.
  patterns.add<NarrowIntegerRowSums>(patterns.getContext(), /*benefit=*/3);
  patterns.add<ShuffleTreeRowSums>(patterns.getContext(), /*benefit=*/2);
  vector::populateVectorMultiReductionLoweringPatterns(
      patterns, vector::VectorMultiReductionLowering::InnerReduction);
}

void mlir::rmean::populateRmeanForwardFillPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ForwardFillToTransferRead>(patterns.getContext());
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// A tile whose reduced dimensions each have one iteration updates its
/// accumulators elementwise: it is rewritten without those (and its other
/// unit) dimensions, as a parallel op. linalg::vectorize then takes bodies
/// it cannot match as a reduction combiner, such as the compensated f64
/// step of rmean-cpu-tile's lanes, whose two accumulators are updated from
/// each other. Ops that vectorise as they are keep their form.
static linalg::LinalgOp asElementwiseUpdate(RewriterBase &rewriter,
                                            linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || succeeded(linalg::vectorizeOpPrecondition(op)))
    return op;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [range, iterator] :
       llvm::zip_equal(ranges, op.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::reduction && range != 1)
      return op;
  linalg::ControlDropUnitDims control;
  control.rankReductionStrategy =
      linalg::ControlDropUnitDims::RankReductionStrategy::ExtractInsertSlice;
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::DropUnitDimsResult> dropped =
      linalg::dropUnitDims(rewriter, generic, control);
  if (failed(dropped)) {
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": unit dimensions not dropped: " << op << "\n");
    return op;
  }
  rewriter.replaceOp(op, dropped->replacements);
  return cast<linalg::LinalgOp>(dropped->resultOp.getOperation());
}

/// Reductions over leading vector dimensions only (the rows of an "outer"
/// step): plain elementwise adds.
static bool reducesLeadingDimsOnly(Operation *op) {
  auto red = dyn_cast<vector::MultiDimReductionOp>(op);
  return red && !red.isReducedDim(red.getSourceVectorType().getRank() - 1);
}

/// A sum over the last dimension of a whole-row tile whose elements are
/// widened from f32, f16 or bf16 to f64 (rmean-cpu-tile's short rows).
static bool isWideningRowSum(Operation *op) {
  auto red = dyn_cast<vector::MultiDimReductionOp>(op);
  if (!red || red.isMasked() || red.getKind() != vector::CombiningKind::ADD)
    return false;
  VectorType t = red.getSourceVectorType();
  auto ext = red.getSource().getDefiningOp<arith::ExtFOp>();
  return ext && t.getRank() <= 2 && !t.isScalable() &&
         red.getReductionDims() == ArrayRef<int64_t>{t.getRank() - 1} &&
         t.getElementType().isF64() &&
         isa<Float16Type, BFloat16Type, Float32Type>(
             getElementTypeOrSelf(ext.getIn().getType()));
}

namespace {
struct RmeanCPUVectorizePass
    : rmean::impl::RmeanCPUVectorizePassBase<RmeanCPUVectorizePass> {
  LogicalResult initialize(MLIRContext *ctx) override {
    // Unit dimensions go first: multi-reductions over a unit dimension (the
    // streamed row of "outer") then fold to plain vector adds, and only
    // the true horizontal merges of "inner" are left to lower.
    RewritePatternSet shapes(ctx);
    shapes.add<ReadThroughSignlessCast, DimThroughSignlessCast,
               FlattenWholeRowRead>(ctx);
    // The masked reads of padded lane tails take their mask as an operand:
    // later clean-ups would put constants into a `vector.mask` region,
    // which holds one op only.
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(shapes);
    vector::populateCastAwayVectorLeadingOneDimPatterns(shapes);
    shapes.add<MultiReductionWithoutLeadingUnitDim,
               ExtractBeforeExtF<vector::ExtractOp>>(ctx);
    vector::populateVectorTransferPermutationMapLoweringPatterns(shapes);
    populateRmeanCleanupPatterns(shapes);
    unitDims = std::move(shapes);

    RewritePatternSet parallel(ctx);
    vector::populateVectorMultiReductionLoweringPatterns(
        parallel, vector::VectorMultiReductionLowering::InnerParallel);
    lowerAcrossRows = std::move(parallel);
    RewritePatternSet horizontal(ctx);
    populateRmeanRowSumPatterns(horizontal);
    lowerHorizontal = std::move(horizontal);

    RewritePatternSet plain(ctx);
    populateRmeanCleanupPatterns(plain);
    cleanup = std::move(plain);

    RewritePatternSet finish(ctx);
    populateRmeanForwardFillPatterns(finish);
    populateRmeanTreeReductionPatterns(finish);
    finish.add<QuotientByReciprocal>(ctx);
    populateRmeanCleanupPatterns(finish);
    finishing = std::move(finish);
    return success();
  }

  void runOnOperation() override {
    OwnedOps owned;
    IRRewriter rewriter(&getContext(), &owned);
    SmallVector<linalg::LinalgOp> marked;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (hasMarker<RmeanDialect::VectorizeAttrHelper>(op))
        marked.push_back(op);
    });
    // Padded lane tails (rmean-cpu-tile): a masked read of the input with
    // the padding value in the lanes beyond it, to the pad's static shape.
    SmallVector<tensor::PadOp> pads;
    getOperation().walk([&](tensor::PadOp pad) {
      if (hasMarker<RmeanDialect::VectorizeAttrHelper>(pad))
        pads.push_back(pad);
    });
    for (tensor::PadOp pad : pads) {
      removeMarker<RmeanDialect::VectorizeAttrHelper>(pad);
      rewriter.setInsertionPoint(pad);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, pad, pad.getResultType().getShape());
      if (failed(result)) {
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": tensor.pad not vectorised: "
                                << pad << "\n");
        continue;
      }
      rewriter.replaceOp(pad, result->replacements);
    }
    for (linalg::LinalgOp op : marked) {
      removeMarker<RmeanDialect::VectorizeAttrHelper>(op);
      if (!op.hasDynamicShape()) {
        if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
          castInputsToSignless(rewriter, generic);
        op = asElementwiseUpdate(rewriter, op);
      }
      if (op.hasDynamicShape()) {
        // Peeled remainders: their shapes are only known at run time and
        // masks in the hot loop cost more than the scalar remainder.
        LLVM_DEBUG(llvm::dbgs()
                   << DEBUG_TYPE ": dynamic tile stays scalar: " << op << "\n");
        continue;
      }
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op);
      if (failed(result)) {
        LLVM_DEBUG(llvm::dbgs()
                   << DEBUG_TYPE ": linalg::vectorize failed: " << op << "\n");
        continue;
      }
      rewriter.replaceOp(op, result->replacements);
    }

    auto all = [](Operation *) { return true; };
    if (failed(owned.applyPatterns(unitDims, all)) ||
        failed(owned.applyPatterns(lowerAcrossRows, reducesLeadingDimsOnly)))
      return signalPassFailure();
    // Whole rows widened to f64 are left for rmean-narrow-accumulators,
    // which may sum them in f32 (a decision of its options) and lowers them.
    for (Operation *op : owned.getOps(isWideningRowSum))
      setMarker<RmeanDialect::RowSumAttrHelper>(op);
    auto isLoweredHere = [](Operation *op) {
      return isa<vector::MultiDimReductionOp>(op) &&
             !hasMarker<RmeanDialect::RowSumAttrHelper>(op);
    };
    if (failed(owned.applyPatterns(lowerHorizontal, isLoweredHere)) ||
        failed(owned.applyPatterns(cleanup, all)))
      return signalPassFailure();

    // Keep the accumulators of rmean's accumulation loops in registers
    // (the clean-up above hoisted and merged the index constants, so reads
    // and writes of one subset use the same, loop-invariant values).
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (hasMarker<RmeanDialect::AccumulationLoopAttrHelper>(loop))
        loops.push_back(loop);
    });
    // Hoisting moves and creates ops through the rewriter, so what it
    // hoists stays owned; the rest of the loop is not this pass's.
    for (scf::ForOp loop : loops)
      hoistLoopInvariantSubsets(rewriter, loop);
    // Hoisting leaves the accumulators as loop-carried vectors read once
    // from their (filled) tensors: forward the fill values.
    if (failed(owned.applyPatterns(finishing, all)))
      return signalPassFailure();
  }

  FrozenRewritePatternSet unitDims, lowerAcrossRows, lowerHorizontal, cleanup,
      finishing;
};
} // namespace
