//===- NarrowAccumulators.cpp - blocked f32 accumulation ------------------===//
//
// Strip-mines vectorised accumulation loops into blocks summed in f32 (see
// the pass description). Upstream has no transformation that changes the
// precision of a loop-carried value, so the rewrite is ours; the loop
// structure it builds is then peeled with upstream's
// peelForLoopAndSimplifyBounds so that full blocks have a static trip count.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "OwnedOps.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "rmean-narrow-accumulators"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANNARROWACCUMULATORSPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

namespace {
/// One loop-carried accumulator updated as `acc + extf(x)`.
struct Accumulator {
  unsigned index;
  arith::AddFOp add;
  arith::ExtFOp ext;
};
} // namespace

/// Returns the accumulators of `loop` that can be narrowed, or nothing when
/// the loop does anything else with its iter_args: every iter_arg must be
/// either such an accumulator or passed through unchanged.
static std::optional<SmallVector<Accumulator>>
matchLoop(scf::ForOp loop, bool narrowF32, int64_t blockTrips) {
  if (!hasMarker<RmeanDialect::AccumulationLoopAttrHelper>(loop))
    return std::nullopt;
  // Index-typed, signed loops with a positive constant step whose block
  // span (step * blockTrips) fits in 64 bits.
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  int64_t span;
  if (!step || *step < 1 || !loop.getInductionVar().getType().isIndex() ||
      loop.getUnsignedCmp() || llvm::MulOverflow(*step, blockTrips, span)) {
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": loop bounds not narrowable (step "
                             "not a positive constant, not index-typed, "
                             "unsigned, or block span beyond 64 bits)\n");
    return std::nullopt;
  }
  // The fallback runs the body a second time over a block.
  for (Operation &op : loop.getBody()->without_terminator())
    if (!isMemoryEffectFree(&op)) {
      LLVM_DEBUG(llvm::dbgs()
                 << DEBUG_TYPE ": body has memory effects: " << op << "\n");
      return std::nullopt;
    }
  SmallVector<Accumulator> accs;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    Value next = yield.getOperand(i);
    if (next == arg)
      continue;
    auto vecTy = dyn_cast<VectorType>(arg.getType());
    auto add = next.getDefiningOp<arith::AddFOp>();
    if (!vecTy || vecTy.isScalable() || !vecTy.getElementType().isF64() ||
        !add || add->getBlock() != loop.getBody() || !arg.hasOneUse() ||
        !next.hasOneUse() || (add.getLhs() != arg && add.getRhs() != arg)) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": iter_arg #" << i
                              << " is not a fixed f64 vector updated once as "
                                 "acc + x\n");
      return std::nullopt;
    }
    Value other = add.getLhs() == arg ? add.getRhs() : add.getLhs();
    auto ext = other.getDefiningOp<arith::ExtFOp>();
    if (other == arg || !ext || !ext->hasOneUse() ||
        ext->getBlock() != loop.getBody()) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": iter_arg #" << i
                              << " adds something other than a widened "
                                 "element\n");
      return std::nullopt;
    }
    Type source = getElementTypeOrSelf(ext.getIn().getType());
    if (!isa<Float16Type, BFloat16Type>(source) &&
        !(narrowF32 && source.isF32())) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": iter_arg #" << i << " widens "
                              << source << ", not narrowed\n");
      return std::nullopt;
    }
    accs.push_back({static_cast<unsigned>(i), add, ext});
  }
  if (accs.empty())
    return std::nullopt;
  return accs;
}

/// The fast-math flags of an f64 addition for its f32 replacement: f32
/// sums can overflow where the f64 ones did not, and the fallback must see
/// that, so no-infs/no-NaNs assumptions are dropped.
static arith::FastMathFlagsAttr narrowFlags(arith::AddFOp add) {
  arith::FastMathFlags flags =
      add.getFastmath() &
      ~(arith::FastMathFlags::ninf | arith::FastMathFlags::nnan);
  return arith::FastMathFlagsAttr::get(add.getContext(), flags);
}

static VectorType withF32(Type t) {
  auto vecTy = cast<VectorType>(t);
  return vecTy.clone(Float32Type::get(t.getContext()));
}

/// -0.0 in every lane of `t`.
static Value negativeZeros(OpBuilder &b, Location loc, VectorType t) {
  return arith::ConstantOp::create(b, loc, t, getAdditiveIdentity(b, t));
}

/// A 1-D bf16 vector of even length, which splitBF16 can take apart.
static bool splitsBF16(Type t) {
  auto v = dyn_cast<VectorType>(t);
  return v && v.getRank() == 1 && !v.isScalable() &&
         v.getElementType().isBF16() && v.getDimSize(0) % 2 == 0 &&
         v.getDimSize(0) >= 2;
}

/// `t` (a vector of 16-bit elements) with its last dimension halved, as
/// f32.
static VectorType halfF32(Type t) {
  auto v = cast<VectorType>(t);
  SmallVector<int64_t> shape(v.getShape());
  shape.back() /= 2;
  return VectorType::get(shape, Float32Type::get(t.getContext()));
}

/// bf16 is the upper half of an f32, so a pair of bf16 in a 32-bit word
/// widens with one shift (the even element, in the low half) and one mask
/// (the odd element): two cheap ALU ops per word instead of the zero
/// extension and shift per element that `arith.extf` becomes. The halves
/// come out de-interleaved; the caller re-interleaves the block sums.
/// (Element 2i in the low half assumes a little-endian target, as are all
/// the CPUs this pipeline targets.) `x` may also be the bf16 bits as i16,
/// and of any rank (pairs along the last dimension).
static std::pair<Value, Value> splitBF16(OpBuilder &b, Location loc, Value x) {
  VectorType half = halfF32(x.getType());
  auto words = VectorType::get(half.getShape(), b.getI32Type());
  Value w = vector::BitCastOp::create(b, loc, words, x);
  auto splat = [&](uint32_t c) {
    return arith::ConstantOp::create(
        b, loc, words, DenseElementsAttr::get(words, b.getI32IntegerAttr(c)));
  };
  Value even = arith::ShLIOp::create(b, loc, w, splat(16));
  Value odd = arith::AndIOp::create(b, loc, w, splat(0xFFFF0000u));
  return {arith::BitcastOp::create(b, loc, half, even),
          arith::BitcastOp::create(b, loc, half, odd)};
}

/// True (i1) when every lane of every value is finite.
static Value allFinite(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  Value result;
  for (Value v : values) {
    auto vecTy = cast<VectorType>(v.getType());
    auto flat =
        VectorType::get({vecTy.getNumElements()}, vecTy.getElementType());
    Value flatV = vector::ShapeCastOp::create(b, loc, flat, v);
    auto floatTy = cast<FloatType>(flat.getElementType());
    Value inf = arith::ConstantOp::create(
        b, loc, flat,
        DenseElementsAttr::get(
            flat, b.getFloatAttr(
                      floatTy, APFloat::getInf(floatTy.getFloatSemantics()))));
    Value abs = math::AbsFOp::create(b, loc, flatV);
    // olt is false for NaN as well as for infinities.
    Value lanes =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, abs, inf);
    Value all =
        vector::ReductionOp::create(b, loc, vector::CombiningKind::AND, lanes);
    result = result ? arith::AndIOp::create(b, loc, result, all) : all;
  }
  return result;
}

/// The f32 loop over one block [iv, end) of `loop`: the original body with
/// each accumulator's `acc(f64) + extf(x)` replaced by an f32 addition from
/// -0.0. bf16 rows take the split form: the odd elements' halves of each
/// 32-bit word accumulate in extra iter_args (see splitBF16), whose
/// positions `oddIndex` receives (-1 for accumulators not split).
static scf::ForOp buildBlockLoop(OpBuilder &b, Location loc, scf::ForOp loop,
                                 ArrayRef<Accumulator> accs, Value iv,
                                 Value end, ValueRange wide,
                                 SmallVectorImpl<int64_t> &oddIndex) {
  SmallVector<Value> inits(wide.begin(), wide.end());
  for (Accumulator a : accs)
    inits[a.index] = negativeZeros(b, loc, withF32(a.add.getType()));
  oddIndex.assign(accs.size(), -1);
  for (size_t k = 0; k < accs.size(); ++k) {
    Accumulator a = accs[k];
    if (!splitsBF16(a.ext.getIn().getType()))
      continue;
    VectorType half = halfF32(a.ext.getIn().getType());
    oddIndex[k] = inits.size();
    inits[a.index] = negativeZeros(b, loc, half);
    inits.push_back(negativeZeros(b, loc, half));
  }
  return scf::ForOp::create(
      b, loc, iv, end, loop.getStep(), inits,
      [&](OpBuilder &ib, Location loc, Value j, ValueRange narrowAccs) {
        IRMapping map;
        map.map(loop.getInductionVar(), j);
        map.map(loop.getRegionIterArgs(), narrowAccs);
        for (Operation &op : loop.getBody()->without_terminator()) {
          bool skip = llvm::any_of(accs, [&](Accumulator a) {
            return &op == a.add.getOperation() || &op == a.ext.getOperation();
          });
          if (!skip)
            ib.clone(op, map);
        }
        auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
        SmallVector<Value> results;
        for (Value v : yield.getOperands())
          results.push_back(map.lookupOrDefault(v));
        results.resize(inits.size());
        for (size_t k = 0; k < accs.size(); ++k) {
          Accumulator a = accs[k];
          Value x = map.lookupOrDefault(a.ext.getIn());
          if (oddIndex[k] >= 0) {
            auto [even, odd] = splitBF16(ib, loc, x);
            results[a.index] = arith::AddFOp::create(
                ib, loc, narrowAccs[a.index], even, narrowFlags(a.add));
            results[oddIndex[k]] = arith::AddFOp::create(
                ib, loc, narrowAccs[oddIndex[k]], odd, narrowFlags(a.add));
            continue;
          }
          if (!getElementTypeOrSelf(x.getType()).isF32())
            x = arith::ExtFOp::create(ib, loc, withF32(a.ext.getType()), x);
          results[a.index] = arith::AddFOp::create(ib, loc, narrowAccs[a.index],
                                                   x, narrowFlags(a.add));
        }
        scf::YieldOp::create(ib, loc, results);
      });
}

/// The block's f32 sums, one lane per element in the original lane order
/// (the split bf16 halves interleaved back).
static SmallVector<Value> getBlockSums(OpBuilder &b, Location loc,
                                       ArrayRef<Accumulator> accs,
                                       scf::ForOp block,
                                       ArrayRef<int64_t> oddIndex) {
  SmallVector<Value> sums;
  for (size_t k = 0; k < accs.size(); ++k) {
    Value sum = block.getResult(accs[k].index);
    if (oddIndex[k] >= 0)
      sum = vector::InterleaveOp::create(b, loc, sum,
                                         block.getResult(oddIndex[k]));
    sums.push_back(sum);
  }
  return sums;
}

/// What the block yields to the next: its pass-through iter_args, and each
/// accumulator's f32 sum widened and added to the f64 accumulator.
static SmallVector<Value> addBlockSums(OpBuilder &b, Location loc,
                                       ArrayRef<Accumulator> accs,
                                       scf::ForOp block, ValueRange sums,
                                       ValueRange wide) {
  SmallVector<Value> results(block.getResults().take_front(wide.size()));
  for (auto [acc, sum] : llvm::zip_equal(accs, sums)) {
    Accumulator a = acc;
    Value e = arith::ExtFOp::create(b, loc, a.add.getType(), sum);
    results[a.index] = arith::AddFOp::create(b, loc, wide[a.index], e,
                                             a.add.getFastmathAttr());
  }
  return results;
}

/// Adds the block sums to the f64 accumulators when they are all finite;
/// otherwise (special values or an f32 overflow) sums the block [iv, end)
/// again with a copy of the original f64 loop.
static scf::IfOp buildBlockCombine(OpBuilder &b, Location loc, scf::ForOp loop,
                                   ArrayRef<Accumulator> accs, scf::ForOp block,
                                   ArrayRef<int64_t> oddIndex, Value iv,
                                   Value end, ValueRange wide) {
  SmallVector<Value> sums = getBlockSums(b, loc, accs, block, oddIndex);
  return scf::IfOp::create(
      b, loc, allFinite(b, loc, sums),
      [&](OpBuilder &tb, Location loc) {
        scf::YieldOp::create(tb, loc,
                             addBlockSums(tb, loc, accs, block, sums, wide));
      },
      [&](OpBuilder &eb, Location loc) {
        auto again = cast<scf::ForOp>(eb.clone(*loop));
        again.setLowerBound(iv);
        again.setUpperBound(end);
        again.getInitArgsMutable().assign(wide);
        // Already the fallback: a second run must not narrow it.
        removeMarker<RmeanDialect::AccumulationLoopAttrHelper>(again);
        scf::YieldOp::create(eb, loc, again.getResults());
      });
}

/// Builds one block [iv, end) of a strip-mined loop and returns the values
/// the block yields to the next (the wide accumulators after it).
using BlockBuilder = function_ref<SmallVector<Value>(
    OpBuilder &b, Location loc, Value iv, Value end, ValueRange wide)>;

/// Replaces `loop` with a loop over blocks of `blockSpan` of its range, each
/// built by `buildBlock`, then peels the last, partial block. Returns the
/// values that replaced the loop's results.
static SmallVector<Value> stripMine(RewriterBase &rewriter, scf::ForOp loop,
                                    int64_t blockSpan,
                                    BlockBuilder buildBlock) {
  Location loc = loop.getLoc();
  MLIRContext *ctx = loop.getContext();
  rewriter.setInsertionPoint(loop);
  Value ub = loop.getUpperBound();
  Value blockStep = arith::ConstantIndexOp::create(rewriter, loc, blockSpan);
  auto outer = scf::ForOp::create(
      rewriter, loc, loop.getLowerBound(), ub, blockStep, loop.getInitArgs(),
      [&](OpBuilder &b, Location loc, Value iv, ValueRange wide) {
        // The affine.min form is what peeling recognises and folds to the
        // constant block span in the full blocks.
        AffineExpr d0 = getAffineDimExpr(0, ctx),
                   s0 = getAffineSymbolExpr(0, ctx);
        auto lenMap = AffineMap::get(
            1, 1, {getAffineConstantExpr(blockSpan, ctx), s0 - d0}, ctx);
        Value len =
            affine::AffineMinOp::create(b, loc, lenMap, ValueRange{iv, ub});
        Value end = arith::AddIOp::create(b, loc, iv, len);
        scf::YieldOp::create(b, loc, buildBlock(b, loc, iv, end, wide));
      });
  rewriter.replaceOp(loop, outer.getResults());
  scf::ForOp remainder;
  if (failed(scf::peelForLoopAndSimplifyBounds(rewriter, outer, remainder))) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": the blocks divide the loop; "
                                          "nothing peeled\n");
    return outer.getResults();
  }
  return remainder.getResults();
}

/// Strip-mines `loop` into blocks of `blockTrips` iterations, each summed
/// in f32 (buildBlockLoop) and added to the f64 accumulators: with
/// `checked`, through buildBlockCombine, which redoes a non-finite block in
/// f64; without, directly.
static SmallVector<Value> narrowBlocks(RewriterBase &rewriter, scf::ForOp loop,
                                       ArrayRef<Accumulator> accs,
                                       int64_t blockTrips, bool checked) {
  int64_t blockSpan = *getConstantIntValue(loop.getStep()) * blockTrips;
  return stripMine(
      rewriter, loop, blockSpan,
      [&](OpBuilder &b, Location loc, Value iv, Value end,
          ValueRange wide) -> SmallVector<Value> {
        SmallVector<int64_t> oddIndex;
        scf::ForOp block =
            buildBlockLoop(b, loc, loop, accs, iv, end, wide, oddIndex);
        // The unchecked blocks are the loop that runs: marked, rmean-prefetch
        // serves them (f32 inputs from memory 1.04-1.17x, see Passes.td;
        // not a single f32 stream of 256 MiB or more).
        if (!checked)
          setMarker<RmeanDialect::AccumulationLoopAttrHelper>(block);
        if (checked)
          return buildBlockCombine(b, loc, loop, accs, block, oddIndex, iv, end,
                                   wide)
              .getResults();
        return addBlockSums(b, loc, accs, block,
                            getBlockSums(b, loc, accs, block, oddIndex), wide);
      });
}

/// Narrows `loop` into f32 blocks, checked once rather than per block: the
/// blocks run unchecked (narrowBlocks), and only when the f64 sums they
/// leave are not all finite does the loop run again checked per block, from
/// its original start values. A non-finite f32 block sum (an Inf or NaN
/// input, an f32 overflow) makes the f64 sum it is added to Inf or NaN for
/// good, so finite sums mean every block was finite, and then both forms
/// compute the same additions: the results are the checked form's, bit
/// for bit. The per-block test cost 7% on the 256 MB reduce-all (case G, a C
/// model of the loop on Intel AVX-512); the loop's body has no memory
/// effects (matchLoop), so running it twice is safe.
static void narrow(RewriterBase &rewriter, scf::ForOp loop,
                   ArrayRef<Accumulator> accs, int64_t blockTrips) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  IRMapping map;
  auto again = cast<scf::ForOp>(rewriter.clone(*loop, map));
  SmallVector<Accumulator> againAccs;
  for (Accumulator a : accs)
    againAccs.push_back(
        {a.index, cast<arith::AddFOp>(map.lookup(a.add.getOperation())),
         cast<arith::ExtFOp>(map.lookup(a.ext.getOperation()))});
  SmallVector<Value> fast =
      narrowBlocks(rewriter, loop, accs, blockTrips, /*checked=*/false);
  // Who reads the results now, before the check adds readers.
  SmallVector<SmallVector<OpOperand *>> readers;
  for (Value v : fast)
    readers.push_back(
        llvm::map_to_vector(v.getUses(), [](OpOperand &use) { return &use; }));
  rewriter.setInsertionPointAfterValue(fast.front());
  SmallVector<Value> sums;
  for (Accumulator a : accs)
    sums.push_back(fast[a.index]);
  Value ok = allFinite(rewriter, loc, sums);
  auto ifOp = scf::IfOp::create(rewriter, loc, ValueRange(fast).getTypes(), ok,
                                /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  scf::YieldOp::create(rewriter, loc, fast);
  rewriter.setInsertionPointToStart(ifOp.elseBlock());
  auto yield = scf::YieldOp::create(rewriter, loc, again.getResults());
  rewriter.moveOpBefore(again, yield);
  narrowBlocks(rewriter, again, againAccs, blockTrips, /*checked=*/true);
  for (size_t i = 0; i < readers.size(); ++i) {
    Value result = ifOp.getResult(i);
    for (OpOperand *use : readers[i])
      rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(result); });
  }
}

//===----------------------------------------------------------------------===//
// Exact i32 blocks for 8- and 16-bit integers
//===----------------------------------------------------------------------===//

namespace {
/// One loop-carried i64 (or i32) accumulator updated as `acc + extsi(x)`
/// or `acc + extui(x)`, x of at most 16 (or 8) bits; `block` is the
/// narrower lane type its blocks add in.
struct IntAccumulator {
  unsigned index;
  arith::AddIOp add;
  Operation *ext;
  IntegerType block;
};
} // namespace

/// Elements of `bits` bits (signed or unsigned) have magnitudes below
/// 2^bits, so 2^(31 - bits) of them sum below 2^31: an i32 lane that adds
/// one element per trip for that many trips cannot overflow.
static int64_t exactI32Trips(unsigned bits) {
  return int64_t(1) << (31 - bits);
}

/// The lanes that blocks of an accumulator of `accBits` (64, or the 32 of
/// rmean-narrow-integer-sums) over elements of `bits` bits add in, with
/// the trips of one block: i32 for i64 accumulators, i16 for i32 ones over
/// 8-bit elements (2^(15 - bits) of which sum below 2^15; half the lanes'
/// widening of i32); nothing otherwise.
static std::optional<std::pair<IntegerType, int64_t>>
getIntegerBlock(MLIRContext *ctx, unsigned accBits, unsigned bits) {
  if (accBits == 64 && bits <= 16)
    return std::make_pair(IntegerType::get(ctx, 32), exactI32Trips(bits));
  if (accBits == 32 && bits <= 8)
    return std::make_pair(IntegerType::get(ctx, 16), int64_t(1) << (15 - bits));
  return std::nullopt;
}

/// The i64 accumulators of `loop` that i32 blocks can sum exactly, with
/// the trips of one block, or nothing when the loop does anything else
/// with its iter_args.
static std::optional<std::pair<SmallVector<IntAccumulator>, int64_t>>
matchIntegerLoop(scf::ForOp loop) {
  if (!hasMarker<RmeanDialect::AccumulationLoopAttrHelper>(loop))
    return std::nullopt;
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step < 1 || !loop.getInductionVar().getType().isIndex() ||
      loop.getUnsignedCmp())
    return std::nullopt;
  SmallVector<IntAccumulator> accs;
  int64_t trips = std::numeric_limits<int64_t>::max();
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    Value next = yield.getOperand(i);
    if (next == arg)
      continue;
    auto vecTy = dyn_cast<VectorType>(arg.getType());
    auto add = next.getDefiningOp<arith::AddIOp>();
    if (!vecTy || vecTy.isScalable() ||
        !(vecTy.getElementType().isSignlessInteger(64) ||
          vecTy.getElementType().isSignlessInteger(32)) ||
        !add || add->getBlock() != loop.getBody() || !arg.hasOneUse() ||
        !next.hasOneUse() || (add.getLhs() != arg && add.getRhs() != arg))
      return std::nullopt;
    Value other = add.getLhs() == arg ? add.getRhs() : add.getLhs();
    Operation *ext = other.getDefiningOp();
    if (other == arg || !isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(ext) ||
        !ext->hasOneUse() || ext->getBlock() != loop.getBody())
      return std::nullopt;
    unsigned bits = getElementTypeOrSelf(ext->getOperand(0).getType())
                        .getIntOrFloatBitWidth();
    std::optional<std::pair<IntegerType, int64_t>> block =
        getIntegerBlock(loop.getContext(),
                        vecTy.getElementType().getIntOrFloatBitWidth(), bits);
    if (!block)
      return std::nullopt;
    trips = std::min(trips, block->second);
    accs.push_back({static_cast<unsigned>(i), add, ext, block->first});
  }
  int64_t span;
  if (accs.empty() || llvm::MulOverflow(*step, trips, span))
    return std::nullopt;
  return std::make_pair(std::move(accs), trips);
}

/// Widens `v` (a vector of integers) to `type` as `like` (extsi or extui)
/// widens its operand.
static Value extendLike(OpBuilder &b, Location loc, Operation *like, Type type,
                        Value v) {
  if (isa<arith::ExtUIOp>(like))
    return arith::ExtUIOp::create(b, loc, type, v);
  return arith::ExtSIOp::create(b, loc, type, v);
}

/// Strip-mines `loop` into blocks of `trips` iterations whose narrow
/// accumulators add in i32 (or i16) lanes from 0, each block's sums then
/// widened and added to the i64 (or i32) accumulators: exact, so no check
/// and no fallback. The last, partial block is peeled.
static void narrowIntegers(RewriterBase &rewriter, scf::ForOp loop,
                           ArrayRef<IntAccumulator> accs, int64_t trips) {
  int64_t blockSpan = *getConstantIntValue(loop.getStep()) * trips;
  auto narrowType = [&](IntAccumulator a) {
    return cast<VectorType>(a.add.getType()).clone(a.block);
  };
  auto isAccumulation = [&](Operation *op) {
    return llvm::any_of(accs, [&](IntAccumulator a) {
      return op == a.add.getOperation() || op == a.ext;
    });
  };
  stripMine(
      rewriter, loop, blockSpan,
      [&](OpBuilder &b, Location loc, Value iv, Value end,
          ValueRange wide) -> SmallVector<Value> {
        SmallVector<Value> inits(wide.begin(), wide.end());
        for (IntAccumulator a : accs)
          inits[a.index] = arith::ConstantOp::create(
              b, loc, narrowType(a), b.getZeroAttr(narrowType(a)));
        auto block = scf::ForOp::create(
            b, loc, iv, end, loop.getStep(), inits,
            [&](OpBuilder &ib, Location loc, Value j, ValueRange narrowAccs) {
              IRMapping map;
              map.map(loop.getInductionVar(), j);
              map.map(loop.getRegionIterArgs(), narrowAccs);
              for (Operation &op : loop.getBody()->without_terminator())
                if (!isAccumulation(&op))
                  ib.clone(op, map);
              auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
              SmallVector<Value> results;
              for (Value v : yield.getOperands())
                results.push_back(map.lookupOrDefault(v));
              for (IntAccumulator a : accs) {
                Value x = map.lookupOrDefault(a.ext->getOperand(0));
                Value x32 = extendLike(ib, loc, a.ext, narrowType(a), x);
                results[a.index] =
                    arith::AddIOp::create(ib, loc, narrowAccs[a.index], x32);
              }
              scf::YieldOp::create(ib, loc, results);
            });
        SmallVector<Value> results(block.getResults());
        for (IntAccumulator a : accs) {
          Value sum = extendLike(b, loc, a.ext, a.add.getType(),
                                 block.getResult(a.index));
          results[a.index] = arith::AddIOp::create(b, loc, wide[a.index], sum);
        }
        return results;
      });
}

/// Rows of one vector step added one by one into a wide accumulator:
///   %e = arith.extf %v : vector<RxNxT> to vector<RxNxf64>
///   %a0 = arith.addf (vector.extract %e[0]), %acc
///   ...  %a(R-1) = arith.addf (vector.extract %e[R-1]), %a(R-2)
/// (the "outer" strategy's step over rows_per_step rows), or the same with
/// arith.extsi/extui to i64 and arith.addi.
namespace {
struct RowSum {
  Operation *ext;
  Value acc;
  SmallVector<Operation *> chain;
};
} // namespace

/// The rows, chain and accumulator of a row step whose widening `ext` (of
/// a fixed 2-D vector, in an accumulation loop) has been checked by the
/// caller; `AddOp` is the addition of the chain.
template <typename AddOp>
static std::optional<RowSum> matchRowChain(Operation *ext) {
  auto parent = dyn_cast<scf::ForOp>(ext->getParentOp());
  if (!parent || !hasMarker<RmeanDialect::AccumulationLoopAttrHelper>(parent))
    return std::nullopt;
  auto srcTy = cast<VectorType>(ext->getOperand(0).getType());
  int64_t rows = srcTy.getDimSize(0);
  SmallVector<Value> rowValues(rows);
  for (Operation *user : ext->getUsers()) {
    auto extract = dyn_cast<vector::ExtractOp>(user);
    if (!extract || extract.hasDynamicPosition() ||
        extract.getStaticPosition().size() != 1 ||
        !extract.getResult().hasOneUse())
      return std::nullopt;
    int64_t i = extract.getStaticPosition()[0];
    if (i < 0 || i >= rows || rowValues[i])
      return std::nullopt;
    rowValues[i] = extract.getResult();
  }
  if (llvm::is_contained(rowValues, Value()))
    return std::nullopt;
  RowSum m;
  m.ext = ext;
  Value prev;
  for (int64_t i = 0; i < rows; ++i) {
    auto add = dyn_cast<AddOp>(*rowValues[i].getUsers().begin());
    if (!add || add->getBlock() != ext->getBlock())
      return std::nullopt;
    Value other = add.getLhs() == rowValues[i] ? add.getRhs() : add.getLhs();
    if (i == 0) {
      m.acc = other;
    } else if (other != prev || !prev.hasOneUse()) {
      return std::nullopt;
    }
    m.chain.push_back(add);
    prev = add.getResult();
  }
  // The accumulator must not come from this step's rows.
  if (llvm::is_contained(rowValues, m.acc) || m.acc.getDefiningOp() == ext)
    return std::nullopt;
  return m;
}

/// Whether `srcTy` is the fixed 2-D vector of a row step of at least two
/// rows.
static bool isRowStepType(Type t) {
  auto srcTy = dyn_cast<VectorType>(t);
  return srcTy && srcTy.getRank() == 2 && !srcTy.isScalable() &&
         srcTy.getDimSize(0) >= 2;
}

static std::optional<RowSum> matchRowSum(arith::ExtFOp ext, bool narrowF32,
                                         int64_t blockTrips) {
  if (!isRowStepType(ext.getIn().getType()) ||
      !getElementTypeOrSelf(ext.getType()).isF64())
    return std::nullopt;
  auto srcTy = cast<VectorType>(ext.getIn().getType());
  Type source = srcTy.getElementType();
  if (!isa<Float16Type, BFloat16Type>(source) && !(narrowF32 && source.isF32()))
    return std::nullopt;
  // R rows summed in f32 round R - 1 times: keep within the block bound.
  if (srcTy.getDimSize(0) - 1 > blockTrips)
    return std::nullopt;
  return matchRowChain<arith::AddFOp>(ext);
}

/// The lanes a row step of `srcTy` (R rows of b-bit integers) adds its
/// rows in, exactly: i16 for up to 2^(16 - b) rows of b <= 8 bits (|sum|
/// <= 2^15 signed, < 2^16 unsigned), else i32 for R < 2^(31 - b)
/// (exactI32Trips); nothing for more rows.
static std::optional<IntegerType> getRowSumType(VectorType srcTy) {
  unsigned bits = srcTy.getElementType().getIntOrFloatBitWidth();
  int64_t rows = srcTy.getDimSize(0);
  MLIRContext *ctx = srcTy.getContext();
  if (bits <= 8 && rows <= (int64_t(1) << (16 - bits)))
    return IntegerType::get(ctx, 16);
  if (bits <= 16 && rows < exactI32Trips(bits))
    return IntegerType::get(ctx, 32);
  return std::nullopt;
}

/// A row step of 8- or 16-bit integers widened to i64 (or to the i32 of
/// rmean-narrow-integer-sums), whose rows sum exactly in a narrower type
/// (getRowSumType).
static std::optional<RowSum> matchIntegerRowSum(Operation *ext) {
  if (!isa<arith::ExtSIOp, arith::ExtUIOp>(ext) ||
      !isRowStepType(ext->getOperand(0).getType()))
    return std::nullopt;
  Type wide = getElementTypeOrSelf(ext->getResult(0).getType());
  if (!wide.isSignlessInteger(64) && !wide.isSignlessInteger(32))
    return std::nullopt;
  auto srcTy = cast<VectorType>(ext->getOperand(0).getType());
  std::optional<IntegerType> rowType = getRowSumType(srcTy);
  if (!rowType || rowType->getWidth() >= wide.getIntOrFloatBitWidth())
    return std::nullopt;
  return matchRowChain<arith::AddIOp>(ext);
}

/// `terms` added pairwise with `add`: a tree of depth ceil(log2 n), in a
/// fixed order.
static Value sumPairwise(SmallVector<Value> terms,
                         function_ref<Value(Value, Value)> add) {
  while (terms.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < terms.size(); i += 2)
      next.push_back(add(terms[i], terms[i + 1]));
    if (terms.size() % 2)
      next.push_back(terms.back());
    terms = std::move(next);
  }
  return terms.front();
}

/// The rows of the 2-D vector `v` added pairwise with `add` (sumPairwise).
static Value sumRowsPairwise(RewriterBase &rewriter, Location loc, Value v,
                             function_ref<Value(Value, Value)> add) {
  SmallVector<Value> terms;
  for (int64_t i = 0, e = cast<VectorType>(v.getType()).getDimSize(0); i < e;
       ++i)
    terms.push_back(vector::ExtractOp::create(rewriter, loc, v, i));
  return sumPairwise(std::move(terms), add);
}

/// Erases what is left of a row step once its last addition is replaced:
/// the rest of the chain, the row extracts and the widening.
static void eraseRowStep(RewriterBase &rewriter, RowSum &m) {
  for (Operation *add : llvm::reverse(ArrayRef(m.chain).drop_back()))
    rewriter.eraseOp(add);
  for (Operation *user : llvm::make_early_inc_range(m.ext->getUsers()))
    rewriter.eraseOp(user);
  rewriter.eraseOp(m.ext);
}

/// Sums the rows in i32 (pairwise, exact), widens the sum as the elements
/// were widened and adds it to the i64 (or i32) accumulator once. Up to 2^(16 -
/// b) rows of b <= 8 bits sum in i16 instead (|sum| <= 2^15 signed, < 2^16
/// unsigned, so still exact): half the lanes' widening work per row, which
/// is most of what an 8-bit column step does.
static void narrowIntegerRowSum(RewriterBase &rewriter, RowSum &m) {
  Operation *last = m.chain.back();
  Location loc = last->getLoc();
  rewriter.setInsertionPoint(last);
  auto srcTy = cast<VectorType>(m.ext->getOperand(0).getType());
  Type rowType = *getRowSumType(srcTy);
  Value v = extendLike(rewriter, loc, m.ext, srcTy.clone(rowType),
                       m.ext->getOperand(0));
  Value sum = sumRowsPairwise(rewriter, loc, v, [&](Value a, Value b) -> Value {
    return arith::AddIOp::create(rewriter, loc, a, b);
  });
  Value wide =
      extendLike(rewriter, loc, m.ext, last->getResult(0).getType(), sum);
  rewriter.replaceOp(
      last, arith::AddIOp::create(rewriter, loc, m.acc, wide).getResult());
  eraseRowStep(rewriter, m);
}

/// Lanes of bf16 from which a row step widens its rows in pairs
/// (splitBF16): a 512-bit vector, which splits into two full vectors of
/// f32 on 256- and 512-bit targets alike (fewer lanes would leave the
/// halves half-empty on AVX-512, where one widening per row is cheaper: 16
/// lanes 0.91x). NHWC 7x7 bf16 pooling at 32 lanes: 1.29x from L2, 1.11x
/// from L3.
static constexpr int64_t kBF16PairLanes = 32;

/// The rows of a row step of bf16 (vector<R x N x bf16>) split into their
/// even and odd elements as f32.
namespace {
struct BF16Pairs {
  SmallVector<Value> even, odd;
};
} // namespace

static std::optional<BF16Pairs> widenBF16Pairs(RewriterBase &rewriter,
                                               Location loc, Value v) {
  auto srcTy = cast<VectorType>(v.getType());
  VectorType rowTy = VectorType::Builder(srcTy).dropDim(0);
  if (!splitsBF16(rowTy) || rowTy.getDimSize(0) < kBF16PairLanes)
    return std::nullopt;
  BF16Pairs pairs;
  for (int64_t i = 0, e = srcTy.getDimSize(0); i < e; ++i) {
    auto [even, odd] = splitBF16(
        rewriter, loc, vector::ExtractOp::create(rewriter, loc, v, i));
    pairs.even.push_back(even);
    pairs.odd.push_back(odd);
  }
  return pairs;
}

/// Sums the rows in f32 (pairwise), adds the sum to the f64 accumulator
/// once; a non-finite f32 sum falls back to the original f64 chain. Rows
/// widened in pairs sum their even and odd halves by the same tree, and
/// one vector.interleave puts the lanes back in order (sum lane 2k is even
/// lane k): every lane's sum is the same sequence of additions.
static scf::IfOp narrowRowSum(RewriterBase &rewriter, RowSum &m) {
  auto last = cast<arith::AddFOp>(m.chain.back());
  Location loc = last.getLoc();
  rewriter.setInsertionPoint(last);
  auto srcTy = cast<VectorType>(m.ext->getOperand(0).getType());
  Value v = m.ext->getOperand(0);
  auto add = [&](Value a, Value b) -> Value {
    return arith::AddFOp::create(rewriter, loc, a, b, narrowFlags(last));
  };
  // Rows of kBF16PairLanes or more bf16 widen in pairs.
  std::optional<BF16Pairs> pairs = widenBF16Pairs(rewriter, loc, v);
  Value sum;
  if (pairs) {
    sum = vector::InterleaveOp::create(rewriter, loc,
                                       sumPairwise(pairs->even, add),
                                       sumPairwise(pairs->odd, add));
  } else {
    if (!srcTy.getElementType().isF32())
      v = arith::ExtFOp::create(rewriter, loc, withF32(srcTy), v);
    sum = sumRowsPairwise(rewriter, loc, v, add);
  }
  Value ok = allFinite(rewriter, loc, {sum});
  Type resultTy = last.getType();
  auto ifOp = scf::IfOp::create(
      rewriter, loc, ok,
      [&](OpBuilder &tb, Location loc) {
        Value wide = arith::ExtFOp::create(tb, loc, resultTy, sum);
        Value r =
            arith::AddFOp::create(tb, loc, wide, m.acc, last.getFastmathAttr());
        scf::YieldOp::create(tb, loc, r);
      },
      [&](OpBuilder &eb, Location loc) {
        // Special values or an f32 overflow: the rows one by one, in f64.
        if (pairs) {
          // From the widened halves (exact), not from the bf16 vector.
          Value r = m.acc;
          for (auto [i, add] : llvm::enumerate(m.chain)) {
            Value row = vector::InterleaveOp::create(eb, loc, pairs->even[i],
                                                     pairs->odd[i]);
            Value wide = arith::ExtFOp::create(eb, loc, resultTy, row);
            r = arith::AddFOp::create(
                eb, loc, wide, r, cast<arith::AddFOp>(add).getFastmathAttr());
          }
          scf::YieldOp::create(eb, loc, r);
          return;
        }
        IRMapping map;
        if (v != m.ext->getOperand(0))
          // From the f32 rows (exact), so that the narrow vector has one
          // user: LLVM then loads 16-bit floats as integers where the
          // target has no vectors of them.
          map.map(
              m.ext->getResult(0),
              arith::ExtFOp::create(eb, loc, m.ext->getResult(0).getType(), v)
                  .getResult());
        else
          eb.clone(*m.ext, map);
        for (Operation *user : m.ext->getUsers())
          eb.clone(*user, map);
        for (Operation *add : m.chain)
          eb.clone(*add, map);
        scf::YieldOp::create(eb, loc, map.lookup(last.getResult()));
      });
  rewriter.replaceOp(last, ifOp.getResults());
  eraseRowStep(rewriter, m);
  return ifOp;
}

//===----------------------------------------------------------------------===//
// One finite test per accumulator row instead of one per row step
//===----------------------------------------------------------------------===//

namespace {
/// A row step's finite test (narrowRowSum) and the f64 accumulator vector
/// its step adds to.
struct CheckedRowStep {
  scf::IfOp test;
  Value acc;
};
} // namespace

/// Clones before `b`'s insertion point what computes `v` inside `scope`
/// (pure ops without regions), with `map` giving the replacements of the
/// block arguments it may use; values from outside `scope` are used as
/// they are. Fails on anything else inside `scope`.
static FailureOr<Value> cloneComputation(OpBuilder &b, Value v,
                                         Operation *scope, IRMapping &map) {
  if (Value mapped = map.lookupOrNull(v))
    return mapped;
  Operation *def = v.getDefiningOp();
  if (!def) {
    Operation *owner = cast<BlockArgument>(v).getOwner()->getParentOp();
    if (scope == owner || scope->isProperAncestor(owner))
      return failure();
    return v;
  }
  if (!scope->isProperAncestor(def))
    return v;
  if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
    return failure();
  for (Value operand : def->getOperands())
    if (failed(cloneComputation(b, operand, scope, map)))
      return failure();
  b.clone(*def, map);
  return map.lookup(v);
}

/// Whether `step` (in the accumulation loop `loop`) writes its sum back to
/// where it read its accumulator from: a transfer_read and a
/// transfer_write at the same indices of one tensor, `loop`'s iter_arg or
/// a slice of it inserted back in the same place, then yielded. Only then
/// does the accumulator row after the loops hold every step's sum, which
/// the test after them reads.
static bool writesBackInPlace(CheckedRowStep step, scf::ForOp loop) {
  auto read = step.acc.getDefiningOp<vector::TransferReadOp>();
  Value sum = step.test.getResult(0);
  if (!read || read.getMask() || !sum.hasOneUse() ||
      loop.getNumRegionIterArgs() != 1)
    return false;
  auto write = dyn_cast<vector::TransferWriteOp>(*sum.getUsers().begin());
  if (!write || write.getMask() || write.getBase() != read.getBase() ||
      write.getIndices() != read.getIndices() ||
      write.getPermutationMap() != read.getPermutationMap() ||
      !write.getResult() || !write.getResult().hasOneUse())
    return false;
  Value acc = loop.getRegionIterArgs().front();
  Operation *user = *write.getResult().getUsers().begin();
  if (read.getBase() == acc)
    return isa<scf::YieldOp>(user);
  auto slice = read.getBase().getDefiningOp<tensor::ExtractSliceOp>();
  auto insert = dyn_cast<tensor::InsertSliceOp>(user);
  return slice && insert && slice.getSource() == acc &&
         insert.getDest() == acc &&
         slice.getMixedOffsets() == insert.getMixedOffsets() &&
         slice.getMixedSizes() == insert.getMixedSizes() &&
         slice.getMixedStrides() == insert.getMixedStrides() &&
         insert.getResult().hasOneUse() &&
         isa<scf::YieldOp>(*insert.getResult().getUsers().begin());
}

/// A loop over the accumulators that the row steps of the accumulation
/// loop `loop` (a child of `rows`) read, in their final state `sums` after
/// `rows`: its result is the sum of every accumulator times 0.0, which is
/// 0.0 in the lanes where all are finite and NaN in the others (one fma
/// per vector, where a finite test per vector needs a compare, a mask test
/// and a branch). Null, with nothing built, where the steps' accumulators
/// are not all of one type or not computable after `rows`.
static Value buildZeroTimesSums(OpBuilder &b, Location loc, scf::ForOp rows,
                                scf::ForOp loop, ArrayRef<Value> accs,
                                Value sums) {
  auto accTy = cast<VectorType>(accs.front().getType());
  if (loop.getNumRegionIterArgs() != 1 ||
      llvm::any_of(accs, [&](Value a) { return a.getType() != accTy; }))
    return Value();
  IRMapping bounds;
  FailureOr<Value> lb = cloneComputation(b, loop.getLowerBound(), rows, bounds);
  FailureOr<Value> ub = cloneComputation(b, loop.getUpperBound(), rows, bounds);
  FailureOr<Value> step = cloneComputation(b, loop.getStep(), rows, bounds);
  if (failed(lb) || failed(ub) || failed(step))
    return Value();
  auto flatTy =
      VectorType::get({accTy.getNumElements()}, accTy.getElementType());
  Value zeros = arith::ConstantOp::create(
      b, loc, flatTy, DenseElementsAttr::get(flatTy, b.getF64FloatAttr(0.0)));
  bool ok = true;
  auto check = scf::ForOp::create(
      b, loc, *lb, *ub, *step, ValueRange{zeros},
      [&](OpBuilder &body, Location loc, Value iv, ValueRange args) {
        IRMapping map = bounds;
        map.map(loop.getInductionVar(), iv);
        map.map(loop.getRegionIterArgs().front(), sums);
        Value r = args.front();
        for (Value acc : accs) {
          FailureOr<Value> a = cloneComputation(body, acc, loop, map);
          if (failed(a)) {
            ok = false;
            break;
          }
          Value flat = vector::ShapeCastOp::create(body, loc, flatTy, *a);
          r = math::FmaOp::create(body, loc, flat, zeros, r);
        }
        scf::YieldOp::create(body, loc, r);
      });
  if (!ok) {
    check.erase();
    return Value();
  }
  return check.getResult(0);
}

/// Tests the row steps of each loop over rows once, after it, rather than
/// per step: the loop runs unchecked (each step's f32 sum added to the f64
/// accumulators as it is), and again from its start values, checked per
/// step, only when the accumulators it leaves are not all finite. As for
/// strip-mined loops (narrow), a non-finite step sum makes its f64
/// accumulator Inf or NaN for good, so finite accumulators mean every step
/// was finite and both forms made the same additions: the checked form's
/// bits either way. The per-step test (compare, mask test, branch) cost
/// NHWC 7x7 f32 pooling 1.07-1.12x on Zen 5, where each step reads 7
/// vectors. Only loops over rows whose accumulators start from a
/// linalg.fill and whose bodies are free of memory effects are deferred:
/// the second run fills the same tensor again, so it needs no copy.
static void deferRowStepChecks(RewriterBase &rewriter,
                               ArrayRef<CheckedRowStep> steps) {
  llvm::MapVector<Operation *,
                  llvm::MapVector<Operation *, SmallVector<CheckedRowStep>>>
      byRows;
  // Loops over rows with a step that must keep its own test.
  llvm::SmallPtrSet<Operation *, 4> skipped;
  for (const CheckedRowStep &step : steps) {
    auto loop = dyn_cast<scf::ForOp>(step.test->getParentOp());
    if (!loop)
      continue;
    auto rows = dyn_cast<scf::ForOp>(loop->getParentOp());
    if (!rows || !writesBackInPlace(step, loop)) {
      if (rows)
        skipped.insert(rows);
      continue;
    }
    byRows[rows][loop].push_back(step);
  }
  for (auto &[rowsOp, loops] : byRows) {
    auto rows = cast<scf::ForOp>(rowsOp);
    Location loc = rows.getLoc();
    if (skipped.contains(rows) || rows.getNumResults() != 1 ||
        !isa<TensorType>(rows.getResultTypes()[0]))
      continue;
    auto fill = rows.getInitArgs()[0].getDefiningOp<linalg::FillOp>();
    if (!fill || !isMemoryEffectFree(rows)) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": row steps checked per step "
                                            "(accumulators not from a fill, "
                                            "or memory effects)\n");
      continue;
    }
    Value sums = rows.getResult(0);
    // Who reads the sums now, before the test adds readers.
    SmallVector<OpOperand *> readers = llvm::map_to_vector(
        sums.getUses(), [](OpOperand &use) { return &use; });
    rewriter.setInsertionPointAfter(rows);
    SmallVector<Value> tests;
    for (auto &[loopOp, loopSteps] : loops) {
      SmallVector<Value> accs = llvm::map_to_vector(
          loopSteps, [](const CheckedRowStep &s) { return s.acc; });
      Value t = buildZeroTimesSums(rewriter, loc, rows,
                                   cast<scf::ForOp>(loopOp), accs, sums);
      if (!t) {
        tests.clear();
        break;
      }
      tests.push_back(t);
    }
    if (tests.empty()) {
      // What was built for other loops is dead and pure: canonicalisation
      // removes it.
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": row steps checked per step "
                                            "(accumulators not readable "
                                            "after the loop)\n");
      continue;
    }
    Value ok = allFinite(rewriter, loc, tests);
    auto ifOp = scf::IfOp::create(
        rewriter, loc, ok,
        [&](OpBuilder &tb, Location loc) {
          scf::YieldOp::create(tb, loc, sums);
        },
        [&](OpBuilder &eb, Location loc) {
          // The same tensor filled again: bufferised in place, as the
          // branches exclude each other.
          IRMapping map;
          map.map(fill.getOutputs()[0], sums);
          Operation *refill = eb.clone(*fill, map);
          IRMapping rowsMap;
          rowsMap.map(rows.getInitArgs()[0], refill->getResult(0));
          auto again = cast<scf::ForOp>(eb.clone(*rows, rowsMap));
          scf::YieldOp::create(eb, loc, again.getResults());
        });
    for (OpOperand *use : readers)
      rewriter.modifyOpInPlace(use->getOwner(),
                               [&] { use->set(ifOp.getResult(0)); });
    // The loop that runs first: every step adds its f32 sum unchecked.
    for (auto &[loopOp, loopSteps] : loops)
      for (CheckedRowStep &step : loopSteps) {
        Block *then = step.test.thenBlock();
        Operation *yield = then->getTerminator();
        SmallVector<Value> results(yield->getOperands());
        rewriter.inlineBlockBefore(then, step.test);
        rewriter.eraseOp(yield);
        rewriter.replaceOp(step.test, results);
      }
  }
}

/// Whether the whole rows that `red` (an rmean.row_sum) sums may be summed
/// in f32: f16/bf16 elements, or f32 ones with `narrowF32`, in rows short
/// enough that a pairwise f32 sum, which rounds each element at most
/// ceil(log2 N) times, stays within the §4.3 bound of `blockTrips`.
static bool isNarrowableRowSum(vector::MultiDimReductionOp red, bool narrowF32,
                               int64_t blockTrips) {
  auto ext = red.getSource().getDefiningOp<arith::ExtFOp>();
  if (!ext)
    return false;
  Type source = getElementTypeOrSelf(ext.getIn().getType());
  if (!isa<Float16Type, BFloat16Type>(source) && !(narrowF32 && source.isF32()))
    return false;
  int64_t length = red.getSourceVectorType().getShape().back();
  return blockTrips > 0 && llvm::Log2_64_Ceil(length) <= blockTrips;
}

/// The sums of whole bf16 rows `x` (vector<R x N x bf16>) in f32, formed
/// from pairs of elements as splitBF16 does; null where `x` is no such
/// rows. Rows of odd or not power-of-two length are padded with -0.0 to a
/// power of two first, as the tree pads them anyway, so that every 32-bit
/// word holds two elements of one row. Each row's even and odd halves are
/// added lane by lane and those sums go to the tree: a pairwise sum over
/// the padded row, as deep as before. The widening costs two ALU ops per
/// word instead of a zero extension and a shift per element, and the f32
/// rows die before the finite test, since the f64 fallback widens `bits`
/// (the loaded words) per element itself: only those stay live across it
/// (NCHW 7x7 bf16 pooling: 19 spill stores in the kernel before, 2 now,
/// none in the step; 1.2-1.3x faster from L2 on Zen 5).
static Value sumBF16RowPairs(RewriterBase &rewriter, Location loc, Value x,
                             Value zero, ArrayRef<bool> mask,
                             int64_t targetVectorBits, Value &bits) {
  // Below 512 bits, the rows of a step outnumber the registers either way
  // and AVX2 has no masked 16-bit loads (LLVM loads padded rows element by
  // element: 7x7 pooling 0.5x; rows of 256 0.95-0.97x): as before there.
  auto t = cast<VectorType>(x.getType());
  if (targetVectorBits < 512 || t.getRank() != 2 || t.isScalable() ||
      !t.getElementType().isBF16() || mask != ArrayRef<bool>{false, true})
    return Value();
  int64_t rows = t.getDimSize(0), length = t.getDimSize(1);
  int64_t padded = std::max<int64_t>(2, llvm::PowerOf2Ceil(length));
  auto i16Ty = VectorType::get({rows, padded}, rewriter.getI16Type());
  auto read = x.getDefiningOp<vector::TransferReadOp>();
  if (padded != length) {
    // Read again with the padding: a masked load, where padding the rows
    // in registers takes shuffles and spills.
    if (!read || read.getMask() ||
        read.getPermutationMap().getNumResults() != 2 ||
        !read.getPermutationMap().isMinorIdentity() ||
        !llvm::all_of(read.getInBoundsValues(), [](bool b) { return b; }))
      return Value();
    // Padded with poison, then -0.0 by a select on the 16-bit words: a
    // bf16 padding value becomes a bf16 select, which LLVM rounds through
    // f32 (__truncsfbf2) on targets without AVX-512 BF16.
    Type bf16 = t.getElementType();
    Value poison = ub::PoisonOp::create(rewriter, loc, bf16);
    x = vector::TransferReadOp::create(
        rewriter, loc, VectorType::get({rows, padded}, bf16), read.getBase(),
        read.getIndices(), poison, read.getPermutationMap(),
        ArrayRef<bool>{true, false});
  }
  // As 16-bit integers from here (and in the fallback): LLVM cannot
  // legalize a bf16 vector of odd length live into another block on
  // AVX-512 BF16 targets.
  Value v = arith::BitcastOp::create(rewriter, loc, i16Ty, x);
  if (padded != length) {
    SmallVector<bool> inRow(rows * padded);
    for (int64_t i = 0; i < rows * padded; ++i)
      inRow[i] = i % padded < length;
    auto maskTy = VectorType::get({rows, padded}, rewriter.getI1Type());
    Value keep = arith::ConstantOp::create(
        rewriter, loc, maskTy, DenseElementsAttr::get(maskTy, inRow));
    // -0.0 in bf16, the additive identity.
    Value identity = arith::ConstantOp::create(
        rewriter, loc, i16Ty,
        DenseElementsAttr::get(
            i16Ty, rewriter.getI16IntegerAttr(static_cast<int16_t>(0x8000))));
    v = arith::SelectOp::create(rewriter, loc, keep, v, identity);
  }
  bits = v;
  auto [even, odd] = splitBF16(rewriter, loc, v);
  Value pairs = arith::AddFOp::create(rewriter, loc, even, odd);
  return vector::MultiDimReductionOp::create(rewriter, loc, pairs, zero, mask,
                                             vector::CombiningKind::ADD)
      .getResult();
}

/// Replaces the row sum `red` with one that populateRmeanRowSumPatterns
/// lowers: summed in f32 (isNarrowableRowSum) and added to the f64
/// accumulators when all its rows' f32 sums are finite, else (special
/// values, an f32 overflow) in f64 as it was; or, not narrowed, as it was.
namespace {
/// The finite test of a step of whole rows summed in f32 (lowerRowSum) and
/// the magnitude of the f32 sums it tests (allFinite's math.absf), which
/// the row-sum lowering leaves in place: its operand is the sums then.
struct WholeRowsTest {
  scf::IfOp test;
  math::AbsFOp magnitude;
};
} // namespace

static std::optional<WholeRowsTest> lowerRowSum(RewriterBase &rewriter,
                                                vector::MultiDimReductionOp red,
                                                bool narrowIt,
                                                int64_t targetVectorBits) {
  Location loc = red.getLoc();
  rewriter.setInsertionPoint(red);
  SmallVector<bool> mask = red.getReductionMask();
  auto wideSum = [&](OpBuilder &b, Value source) {
    return vector::MultiDimReductionOp::create(b, loc, source, red.getAcc(),
                                               mask, red.getKind())
        .getResult();
  };
  if (!narrowIt) {
    // An unmarked copy, created through the rewriter so that the lowering
    // patterns (which take only this pass's ops) lower it.
    rewriter.replaceOp(red, wideSum(rewriter, red.getSource()));
    return std::nullopt;
  }
  auto ext = red.getSource().getDefiningOp<arith::ExtFOp>();
  Value x = ext.getIn();
  Type accTy = red.getAcc().getType();
  Type f32 = rewriter.getF32Type();
  Type acc32Ty = isa<VectorType>(accTy) ? Type(withF32(accTy)) : f32;
  Value zero = arith::ConstantOp::create(
      rewriter, loc, acc32Ty, getAdditiveIdentity(rewriter, acc32Ty));
  // The rows' bits when the f32 path sums bf16 pairs: the fallback widens
  // those itself (from the bits, not from `x`: LLVM cannot legalize an
  // odd-length bf16 vector live into another block on AVX-512 BF16
  // targets).
  Value bits;
  Value sum =
      sumBF16RowPairs(rewriter, loc, x, zero, mask, targetVectorBits, bits);
  if (!sum) {
    if (!getElementTypeOrSelf(x.getType()).isF32())
      x = arith::ExtFOp::create(rewriter, loc, withF32(x.getType()), x);
    sum = vector::MultiDimReductionOp::create(rewriter, loc, x, zero, mask,
                                              red.getKind())
              .getResult();
  }
  Value sums = sum;
  if (!isa<VectorType>(acc32Ty))
    sums = vector::BroadcastOp::create(rewriter, loc, VectorType::get({1}, f32),
                                       sum);
  auto ifOp = scf::IfOp::create(
      rewriter, loc, allFinite(rewriter, loc, {sums}),
      [&](OpBuilder &tb, Location loc) {
        Value wide = arith::ExtFOp::create(tb, loc, accTy, sum);
        scf::YieldOp::create(
            tb, loc,
            arith::AddFOp::create(tb, loc, red.getAcc(), wide).getResult());
      },
      [&](OpBuilder &eb, Location loc) {
        // Widened here only, so that the f32 path does not pay for it; from
        // the f32 elements (f16 and bf16 widen to f32 exactly), as LLVM
        // cannot widen odd-length bf16 vectors to f64 directly.
        Value x32 = x;
        if (bits) {
          // bf16 is the upper half of an f32.
          auto wordsTy = cast<VectorType>(bits.getType())
                             .clone(IntegerType::get(eb.getContext(), 32));
          Value words = arith::ExtUIOp::create(eb, loc, wordsTy, bits);
          Value sixteen = arith::ConstantOp::create(
              eb, loc, wordsTy,
              DenseElementsAttr::get(wordsTy, eb.getI32IntegerAttr(16)));
          x32 = arith::BitcastOp::create(
              eb, loc, withF32(wordsTy),
              arith::ShLIOp::create(eb, loc, words, sixteen));
        }
        // The rows padded with -0.0 sum as the tree pads them: the same
        // additions.
        Value wideX = arith::ExtFOp::create(
            eb, loc,
            cast<VectorType>(x32.getType())
                .clone(red.getSourceVectorType().getElementType()),
            x32);
        scf::YieldOp::create(eb, loc, wideSum(eb, wideX));
      });
  rewriter.replaceOp(red, ifOp.getResults());
  if (ext->use_empty())
    rewriter.eraseOp(ext);
  auto all = ifOp.getCondition().getDefiningOp<vector::ReductionOp>();
  auto lanes =
      all ? all.getVector().getDefiningOp<arith::CmpFOp>() : arith::CmpFOp();
  auto magnitude =
      lanes ? lanes.getLhs().getDefiningOp<math::AbsFOp>() : math::AbsFOp();
  if (!magnitude)
    return std::nullopt;
  return WholeRowsTest{ifOp, magnitude};
}

/// Whether `loop`'s one iter_arg is only written, never read: its uses are
/// the destinations of tensor.insert_slice ops and slices of it that
/// transfer_writes overwrite whole (in bounds, unmasked, the slice's
/// static shape). Run again from any tensor of its type, the loop then
/// leaves the same values where it writes.
static bool onlyOverwritesIterArg(scf::ForOp loop) {
  BlockArgument acc = loop.getRegionIterArgs().front();
  for (OpOperand &use : acc.getUses()) {
    Operation *user = use.getOwner();
    if (auto insert = dyn_cast<tensor::InsertSliceOp>(user)) {
      if (use.get() == insert.getDest() && insert.getSource() != acc)
        continue;
      return false;
    }
    auto slice = dyn_cast<tensor::ExtractSliceOp>(user);
    if (!slice || !slice.getType().hasStaticShape())
      return false;
    for (Operation *sliceUser : slice->getUsers()) {
      auto write = dyn_cast<vector::TransferWriteOp>(sliceUser);
      if (!write || write.getBase() != slice.getResult() || write.getMask() ||
          write.hasOutOfBoundsDim() ||
          !write.getPermutationMap().isMinorIdentity() ||
          write.getVectorType().getShape() != slice.getType().getShape() ||
          !llvm::all_of(write.getIndices(),
                        [](Value i) { return isConstantIntValue(i, 0); }))
        return false;
    }
  }
  return true;
}

/// Tests the steps of each loop of whole rows (rmean.whole_rows_loop) once,
/// after it, rather than per step: the loop runs unchecked, each step's f32
/// sums added as they are, and keeps in an extra iter_arg the sum of every
/// step's sums times 0.0 (one fma per step: 0.0 while all are finite, NaN
/// for good once one is not); only a NaN there runs the loop again,
/// checked per step, from its start values. Finite sums take the same path
/// in both forms, so the results are the checked form's bits either way.
/// Kept live for the per-step fallback, the rows of a step of f32 whole rows
/// spilled (77 spill stores in the NCHW 7x7 pooling kernel): once, 1.2x
/// from L2 on Zen 5. Only loops whose one tensor iter_arg starts from a
/// linalg.fill (filled again, in place) or is only overwritten (the second
/// run starts from the first one's results), and whose bodies are free of
/// memory effects.
static void deferWholeRowChecks(RewriterBase &rewriter,
                                ArrayRef<WholeRowsTest> tests) {
  llvm::MapVector<Operation *, SmallVector<WholeRowsTest>> byLoop;
  for (const WholeRowsTest &t : tests) {
    auto loop = dyn_cast<scf::ForOp>(t.test->getParentOp());
    if (loop && hasMarker<RmeanDialect::WholeRowsLoopAttrHelper>(loop))
      byLoop[loop].push_back(t);
  }
  for (auto &entry : byLoop) {
    auto loop = cast<scf::ForOp>(entry.first);
    ArrayRef<WholeRowsTest> loopTests = entry.second;
    Location loc = loop.getLoc();
    if (loop.getNumResults() != 1 ||
        !isa<RankedTensorType>(loop.getResultTypes()[0]) ||
        !isMemoryEffectFree(loop))
      continue;
    auto fill = loop.getInitArgs()[0].getDefiningOp<linalg::FillOp>();
    if (!fill && !onlyOverwritesIterArg(loop)) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": whole rows checked per step "
                                            "(start values neither a fill "
                                            "nor only overwritten)\n");
      continue;
    }
    // The second run: the loop as it is, checked per step.
    rewriter.setInsertionPointAfter(loop);
    auto again = cast<scf::ForOp>(rewriter.clone(*loop));
    SmallVector<Value> sums, zeros;
    for (WholeRowsTest t : loopTests) {
      sums.push_back(t.magnitude.getOperand());
      zeros.push_back(arith::ConstantOp::create(
          rewriter, loc, sums.back().getType(),
          rewriter.getZeroAttr(sums.back().getType())));
    }
    rewriter.setInsertionPoint(loop);
    FailureOr<LoopLikeOpInterface> grown = loop.replaceWithAdditionalYields(
        rewriter, zeros, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location loc, ArrayRef<BlockArgument> args) {
          SmallVector<Value> next;
          for (auto [sum, arg] : llvm::zip_equal(sums, args)) {
            Value zero = arith::ConstantOp::create(
                b, loc, sum.getType(), b.getZeroAttr(sum.getType()));
            next.push_back(math::FmaOp::create(b, loc, sum, zero, arg));
          }
          return next;
        });
    if (failed(grown)) {
      rewriter.eraseOp(again);
      continue;
    }
    auto fast = cast<scf::ForOp>(grown->getOperation());
    Value result = fast.getResult(0);
    SmallVector<OpOperand *> readers = llvm::map_to_vector(
        result.getUses(), [](OpOperand &use) { return &use; });
    rewriter.setInsertionPoint(again);
    SmallVector<Value> tested(fast.getResults().drop_front());
    Value ok = allFinite(rewriter, loc, tested);
    auto ifOp = scf::IfOp::create(
        rewriter, loc, ok,
        [&](OpBuilder &tb, Location loc) {
          scf::YieldOp::create(tb, loc, result);
        },
        [&](OpBuilder &eb, Location loc) {
          // The same tensor, so that both branches leave their results in
          // one buffer (a second one would be returned through a copy):
          // filled again in place (the branches exclude each other), or as
          // the first run left it where the loop only overwrites it.
          Value start = result;
          if (fill) {
            IRMapping map;
            map.map(fill.getOutputs()[0], result);
            start = eb.clone(*fill, map)->getResult(0);
          }
          rewriter.modifyOpInPlace(
              again, [&] { again.getInitArgsMutable()[0].set(start); });
          scf::YieldOp::create(eb, loc, again.getResults());
        });
    rewriter.moveOpBefore(again, ifOp.elseBlock()->getTerminator());
    for (OpOperand *use : readers)
      rewriter.modifyOpInPlace(use->getOwner(),
                               [&] { use->set(ifOp.getResult(0)); });
    // The loop that runs first: every step adds its f32 sums unchecked.
    for (WholeRowsTest t : loopTests) {
      Block *then = t.test.thenBlock();
      Operation *yield = then->getTerminator();
      SmallVector<Value> results(yield->getOperands());
      rewriter.inlineBlockBefore(then, t.test);
      rewriter.eraseOp(yield);
      rewriter.replaceOp(t.test, results);
    }
  }
}

namespace {
struct RmeanNarrowAccumulatorsPass
    : rmean::impl::RmeanNarrowAccumulatorsPassBase<
          RmeanNarrowAccumulatorsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet patterns(ctx);
    scf::populateSCFForLoopCanonicalizationPatterns(patterns);
    loopBounds = std::move(patterns);
    RewritePatternSet rows(ctx);
    populateRmeanRowSumPatterns(rows);
    populateRmeanTreeReductionPatterns(rows);
    rowSums = std::move(rows);
    return success();
  }

  void runOnOperation() override {
    if (blockTrips < 0) {
      getOperation().emitError()
          << "rmean-narrow-accumulators: option 'block-trips' must be >= 0 "
             "(0 keeps every addition in f64), got "
          << static_cast<int64_t>(blockTrips);
      return signalPassFailure();
    }
    OwnedOps owned;
    IRRewriter rewriter(&getContext(), &owned);
    // Row sums are lowered whatever the options say (rmean-cpu-vectorize
    // leaves them to this pass).
    SmallVector<vector::MultiDimReductionOp> rowSumOps;
    getOperation().walk([&](vector::MultiDimReductionOp red) {
      if (hasMarker<RmeanDialect::RowSumAttrHelper>(red))
        rowSumOps.push_back(red);
    });
    SmallVector<WholeRowsTest> wholeRowsTests;
    for (vector::MultiDimReductionOp red : rowSumOps)
      if (std::optional<WholeRowsTest> t = lowerRowSum(
              rewriter, red, isNarrowableRowSum(red, narrowF32, blockTrips),
              targetVectorBits))
        wholeRowsTests.push_back(*t);
    auto isRowSum = [](Operation *op) {
      return isa<vector::MultiDimReductionOp, vector::ReductionOp>(op);
    };
    if (failed(owned.applyPatterns(rowSums, isRowSum)))
      return signalPassFailure();
    // After the row sums are lowered: an extra user of a sum would keep the
    // tree patterns from matching it.
    deferWholeRowChecks(rewriter, wholeRowsTests);
    // Exact, so whatever block-trips says.
    SmallVector<Operation *> integerRowSteps;
    getOperation().walk([&](Operation *op) {
      if (matchIntegerRowSum(op))
        integerRowSteps.push_back(op);
    });
    for (Operation *ext : integerRowSteps)
      if (std::optional<RowSum> m = matchIntegerRowSum(ext))
        narrowIntegerRowSum(rewriter, *m);
    SmallVector<std::tuple<scf::ForOp, SmallVector<IntAccumulator>, int64_t>>
        integerWork;
    getOperation().walk([&](scf::ForOp loop) {
      if (auto m = matchIntegerLoop(loop))
        integerWork.emplace_back(loop, std::move(m->first), m->second);
    });
    for (auto &[loop, accs, trips] : integerWork)
      narrowIntegers(rewriter, loop, accs, trips);
    if (blockTrips == 0) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": block-trips=0, no float "
                                            "blocks\n");
      if (failed(owned.applyPatterns(loopBounds)))
        signalPassFailure();
      return;
    }
    SmallVector<std::pair<scf::ForOp, SmallVector<Accumulator>>> work;
    getOperation().walk([&](scf::ForOp loop) {
      if (std::optional<SmallVector<Accumulator>> accs =
              matchLoop(loop, narrowF32, blockTrips))
        work.emplace_back(loop, std::move(*accs));
    });
    SmallVector<arith::ExtFOp> rowSteps;
    getOperation().walk([&](arith::ExtFOp ext) {
      if (matchRowSum(ext, narrowF32, blockTrips))
        rowSteps.push_back(ext);
    });
    // Matched again just before the rewrite: a step whose accumulator is
    // the previous step's sum must see that sum's replacement.
    SmallVector<CheckedRowStep> checkedSteps;
    for (arith::ExtFOp ext : rowSteps)
      if (std::optional<RowSum> m = matchRowSum(ext, narrowF32, blockTrips)) {
        Value acc = m->acc;
        checkedSteps.push_back({narrowRowSum(rewriter, *m), acc});
      }
    deferRowStepChecks(rewriter, checkedSteps);
    for (auto &[loop, accs] : work)
      narrow(rewriter, loop, accs, blockTrips);
    // Block lengths of loops whose span the block divides (peeling leaves
    // those alone) fold to the constant span from the loop bounds.
    if (failed(owned.applyPatterns(loopBounds)))
      signalPassFailure();
  }

  FrozenRewritePatternSet loopBounds, rowSums;
};
} // namespace
