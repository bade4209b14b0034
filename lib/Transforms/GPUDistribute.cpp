//===- GPUDistribute.cpp - rmean reductions as gpu.launch kernels ---------===//
//
// Applies the #rmean.gpu_strategy of each bufferized rmean reduction (see
// the pass description): the fill, the reduction and its finalisation
// become one or two gpu.launch ops.
//
// The kernels are built by hand rather than by upstream tiling to
// scf.forall and gpu mapping: a block-cooperative reduction needs a merge
// through warp shuffles and workgroup memory with barriers between them,
// and the upstream routes either allocate the per-warp partials once per
// block (the warps race on them), emit a per-thread device malloc for
// workgroup buffers, or run the merge redundantly in every thread. The
// per-element arithmetic is the reduction's own body, cloned, so the GPU
// sums use exactly the accumulators (and rounding) of the CPU path.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "ReductionLayout.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANGPUDISTRIBUTEPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

namespace {

/// A bufferized rmean mean: the marked reduction, the fills of its
/// accumulator buffers and the marked finalisation that reads them.
struct MeanOps {
  linalg::GenericOp sum;
  linalg::GenericOp finalize;
  SmallVector<linalg::FillOp> fills;
  /// Initial value of each accumulator part (from its fill).
  SmallVector<Value> inits;
};

/// Index arithmetic helpers.
struct IndexMath {
  OpBuilder &b;
  Location loc;
  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value rem(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value min(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }
  Value ceilDiv(Value x, Value y) {
    return arith::CeilDivUIOp::create(b, loc, x, y);
  }
  Value ult(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value eq(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Accumulators as 32-bit words (shuffles and workgroup memory)
//===----------------------------------------------------------------------===//

/// Width of an accumulator part the kernels can exchange between threads: a
/// scalar integer or float of 32, 64 or 128 bits.
static bool isExchangeable(Type t) {
  if (!t.isIntOrFloat() || isa<IndexType>(t))
    return false;
  unsigned bits = t.getIntOrFloatBitWidth();
  return bits == 32 || bits == 64 || bits == 128;
}

static unsigned wordsOf(Type t) { return t.getIntOrFloatBitWidth() / 32; }

/// `v` as 32-bit words, low word first (gpu.shuffle moves 32 bits).
static SmallVector<Value> toWords(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  unsigned bits = t.getIntOrFloatBitWidth();
  auto intTy = b.getIntegerType(bits);
  Value i = isa<FloatType>(t) ? arith::BitcastOp::create(b, loc, intTy, v) : v;
  SmallVector<Value> words;
  for (unsigned k = 0; k < bits / 32; ++k) {
    Value shifted = i;
    if (k != 0)
      shifted = arith::ShRUIOp::create(
          b, loc, i,
          arith::ConstantOp::create(b, loc, IntegerAttr::get(intTy, 32 * k)));
    words.push_back(
        bits == 32 ? shifted
                   : arith::TruncIOp::create(b, loc, b.getI32Type(), shifted)
                         .getResult());
  }
  return words;
}

/// The inverse of toWords.
static Value fromWords(OpBuilder &b, Location loc, ValueRange words, Type t) {
  unsigned bits = t.getIntOrFloatBitWidth();
  auto intTy = b.getIntegerType(bits);
  Value i;
  for (auto [k, w] : llvm::enumerate(words)) {
    Value wide = bits == 32 ? w : arith::ExtUIOp::create(b, loc, intTy, w);
    if (k != 0)
      wide = arith::ShLIOp::create(
          b, loc, wide,
          arith::ConstantOp::create(b, loc, IntegerAttr::get(intTy, 32 * k)));
    i = i ? arith::OrIOp::create(b, loc, i, wide).getResult() : wide;
  }
  return isa<FloatType>(t) ? arith::BitcastOp::create(b, loc, t, i) : i;
}

/// Adds two partial accumulators part by part (floats with IEEE addition,
/// integers exactly). A compensated f64 pair adds sums and compensations
/// separately, as the sharded mean does (docs/ReduceMean.md §6.7).
static SmallVector<Value> mergeParts(OpBuilder &b, Location loc, ValueRange x,
                                     ValueRange y) {
  SmallVector<Value> out;
  for (auto [a, c] : llvm::zip(x, y))
    out.push_back(isa<FloatType>(a.getType())
                      ? arith::AddFOp::create(b, loc, a, c).getResult()
                      : arith::AddIOp::create(b, loc, a, c).getResult());
  return out;
}

//===----------------------------------------------------------------------===//
// Cloning the linalg bodies
//===----------------------------------------------------------------------===//

/// Applies the body of `op` (one input, the rest accumulators or the
/// output) to `args`; returns what it yields.
static SmallVector<Value> applyBody(OpBuilder &b, linalg::GenericOp op,
                                    ValueRange args) {
  Block &body = op.getRegion().front();
  IRMapping map;
  map.map(body.getArguments().take_front(args.size()), args);
  for (Operation &nested : body.without_terminator())
    b.clone(nested, map);
  SmallVector<Value> results;
  for (Value v : body.getTerminator()->getOperands())
    results.push_back(map.lookupOrDefault(v));
  return results;
}

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

/// Finds the fills and the finalisation of the marked reduction `sum`, and
/// checks the forms the kernels assume: one identity-indexed input,
/// accumulators indexed by the kept dimensions in order, a finalisation
/// reading exactly the accumulators with identity maps.
static FailureOr<MeanOps> matchMean(linalg::GenericOp sum) {
  MeanOps ops;
  ops.sum = sum;
  auto fail = [&](const Twine &why) {
    return sum.emitError("rmean-gpu-distribute: cannot map this reduction: " +
                         why);
  };
  if (!sum.hasPureBufferSemantics())
    return fail("it is not bufferized (run one-shot-bufferize first)");
  if (sum.getNumReductionLoops() == 0)
    return fail("it reduces no dimension");
  if (sum.getNumDpsInputs() != 1 ||
      !sum.getMatchingIndexingMap(sum.getDpsInputOperand(0)).isIdentity())
    return fail("expected one input with an identity indexing map");
  int64_t rank = sum.getNumLoops();
  SmallVector<AffineExpr> kept;
  for (auto [d, it] : llvm::enumerate(sum.getIteratorTypesArray()))
    if (it == utils::IteratorType::parallel)
      kept.push_back(getAffineDimExpr(d, sum.getContext()));
  AffineMap keptMap = AffineMap::get(rank, 0, kept, sum.getContext());
  for (OpOperand &init : sum.getDpsInitsMutable()) {
    if (sum.getMatchingIndexingMap(&init) != keptMap)
      return fail("expected accumulators indexed by the kept dimensions");
    Type part = getElementTypeOrSelf(init.get().getType());
    if (!isExchangeable(part)) {
      std::string name;
      llvm::raw_string_ostream os(name);
      os << part;
      return fail("accumulators of type " + name +
                  " (expected 32-, 64- or 128-bit scalars)");
    }
    linalg::FillOp fill;
    for (Operation *user : init.get().getUsers())
      if (auto f = dyn_cast<linalg::FillOp>(user);
          f && f->getBlock() == sum->getBlock() && f->isBeforeInBlock(sum) &&
          f.getDpsInits()[0] == init.get())
        fill = f;
    if (!fill)
      return fail("expected a linalg.fill of each accumulator before it");
    ops.fills.push_back(fill);
    ops.inits.push_back(fill.getInputs()[0]);
  }
  for (Operation *user : sum.getDpsInits()[0].getUsers()) {
    auto fin = dyn_cast<linalg::GenericOp>(user);
    if (fin && hasMarker<RmeanDialect::FinalizeAttrHelper>(fin) &&
        fin->getBlock() == sum->getBlock() && sum->isBeforeInBlock(fin))
      ops.finalize = fin;
  }
  if (!ops.finalize)
    return fail("expected its rmean.finalize division after it");
  linalg::GenericOp fin = ops.finalize;
  if (fin.getNumDpsInits() != 1 || !fin.hasPureBufferSemantics() ||
      !llvm::equal(fin.getDpsInputs(), sum.getDpsInits()) ||
      !llvm::all_of(fin.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return fail("its finalisation does not read exactly its accumulators");
  return ops;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

namespace {
/// Builds the kernels of one mean.
class MeanKernelBuilder {
public:
  MeanKernelBuilder(OpBuilder &b, MeanOps &ops, GPUStrategyAttr s)
      : b(b), loc(ops.sum.getLoc()), ops(ops), strategy(s),
        input(ops.sum.getDpsInputs()[0]),
        output(ops.finalize.getDpsInits()[0]) {
    for (Value init : ops.sum.getDpsInits())
      partTypes.push_back(getElementTypeOrSelf(init.getType()));
    for (auto it : ops.sum.getIteratorTypesArray())
      reducedDim.push_back(it == utils::IteratorType::reduction);
  }

  void build();

private:
  OpBuilder &b;
  Location loc;
  MeanOps &ops;
  GPUStrategyAttr strategy;
  Value input, output;
  SmallVector<Type> partTypes;
  SmallVector<bool> reducedDim;
  /// Host values: the loop sizes, the number of outputs.
  SmallVector<Value> sizes;
  Value numOutputs;
  /// Partial-sum buffers (blocks_per_output > 1), one per part, laid out
  /// [chunk][output].
  SmallVector<Value> partials;

  int64_t blocksPerOutput() { return strategy.getBlocksPerOutput(); }

  SmallVector<Value> initParts() { return SmallVector<Value>(ops.inits); }

  /// The kept-dimension indices of output `o` (row-major linearisation of
  /// the kept sizes).
  SmallVector<Value> delinearizeOutput(Value o) {
    IndexMath m{b, loc};
    SmallVector<Value> kept;
    for (int64_t d = reducedDim.size() - 1; d >= 0; --d) {
      if (reducedDim[d])
        continue;
      kept.push_back(m.rem(o, sizes[d]));
      o = m.div(o, sizes[d]);
    }
    std::reverse(kept.begin(), kept.end());
    return kept;
  }

  /// Full input indices from kept indices and reduced ones (in order).
  SmallVector<Value> inputIndices(ArrayRef<Value> kept,
                                  ArrayRef<Value> reduced) {
    SmallVector<Value> idx;
    size_t k = 0, r = 0;
    for (bool isReduced : reducedDim)
      idx.push_back(isReduced ? reduced[r++] : kept[k++]);
    return idx;
  }

  SmallVector<Value> accumulate(Value element, ValueRange accs) {
    SmallVector<Value> args{element};
    llvm::append_range(args, accs);
    return applyBody(b, ops.sum, args);
  }

  /// Writes the result of output `o` (kept indices `kept`) from its
  /// accumulators: the division, or a partial sum of chunk `chunk`.
  void finish(Value o, ArrayRef<Value> kept, Value chunk, ValueRange accs,
              bool partial) {
    if (partial) {
      IndexMath m{b, loc};
      Value at = m.add(m.mul(chunk, numOutputs), o);
      for (auto [buf, acc] : llvm::zip(partials, accs))
        memref::StoreOp::create(b, loc, acc, buf, at);
      return;
    }
    SmallVector<Value> args(accs);
    Block &body = ops.finalize.getRegion().front();
    if (!body.getArguments().back().use_empty())
      args.push_back(memref::LoadOp::create(b, loc, output, kept));
    Value mean = applyBody(b, ops.finalize, args).front();
    memref::StoreOp::create(b, loc, mean, output, kept);
  }

  gpu::LaunchOp launch(Value gridX, int64_t blockX, TypeRange workgroup = {}) {
    IndexMath m{b, loc};
    // CUDA's grid limit in x; every kernel is a grid-stride loop.
    Value grid = m.min(gridX, m.c((int64_t(1) << 31) - 1));
    Value one = m.c(1);
    auto op = gpu::LaunchOp::create(b, loc, grid, one, one, m.c(blockX), one,
                                    one, /*dynamicSharedMemorySize=*/nullptr,
                                    /*asyncTokenType=*/nullptr,
                                    /*asyncDependencies=*/{}, workgroup);
    Block &body = op.getBody().front();
    b.setInsertionPointToEnd(&body);
    gpu::TerminatorOp::create(b, loc);
    b.setInsertionPointToStart(&body);
    return op;
  }

  void buildInner(bool partial);
  void buildPerOutput(bool partial);
  void buildCombine();
  SmallVector<Value> warpReduce(ValueRange accs);
};
} // namespace

/// Butterfly (xor) shuffle tree over a warp: afterwards every lane holds
/// the warp's sum, merged in an order fixed at compile time.
SmallVector<Value> MeanKernelBuilder::warpReduce(ValueRange accs) {
  SmallVector<Value> cur(accs);
  for (int32_t offset = GPUStrategyAttr::kWarpSize / 2; offset >= 1;
       offset /= 2) {
    SmallVector<Value> other;
    for (Value part : cur) {
      SmallVector<Value> words;
      for (Value w : toWords(b, loc, part))
        words.push_back(gpu::ShuffleOp::create(b, loc, w, offset,
                                               GPUStrategyAttr::kWarpSize,
                                               gpu::ShuffleMode::XOR)
                            .getShuffleResult());
      other.push_back(fromWords(b, loc, words, part.getType()));
    }
    cur = mergeParts(b, loc, cur, other);
  }
  return cur;
}

/// `threads_per_output` threads per row (the last dimension), several rows
/// per block when that is a warp; grid-stride over (output, chunk) work
/// items, uniformly per block so that the barriers are reached by all.
void MeanKernelBuilder::buildInner(bool partial) {
  IndexMath host{b, loc};
  int64_t block = strategy.getBlockSize();
  int64_t perOutput = strategy.getThreadsPerOutput();
  int64_t items = strategy.getItemsPerThread();
  int64_t groups = block / perOutput;
  int64_t warps = block / GPUStrategyAttr::kWarpSize;
  int64_t warpsPerGroup = perOutput / GPUStrategyAttr::kWarpSize;
  int64_t chunks = blocksPerOutput();
  Value rowLength = sizes.back();
  Value work = host.mul(numOutputs, host.c(chunks));
  Value blockIters = host.ceilDiv(work, host.c(groups));
  // Chunks of a split row start at multiples of `items` so that vector
  // loads stay aligned.
  Value chunkLength = host.mul(
      host.ceilDiv(host.ceilDiv(rowLength, host.c(chunks)), host.c(items)),
      host.c(items));

  unsigned totalWords = 0;
  for (Type t : partTypes)
    totalWords += wordsOf(t);
  SmallVector<Type> workgroup;
  if (warpsPerGroup > 1)
    workgroup.push_back(MemRefType::get(
        {warps, totalWords}, b.getI32Type(), MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(b.getContext(),
                                   gpu::AddressSpace::Workgroup)));

  OpBuilder::InsertionGuard guard(b);
  gpu::LaunchOp op = launch(blockIters, block, workgroup);
  IndexMath m{b, loc};
  Value tid = op.getThreadIds().x;
  Value group = m.div(tid, m.c(perOutput));
  Value lane = m.rem(tid, m.c(perOutput));
  Value warp = m.div(tid, m.c(GPUStrategyAttr::kWarpSize));
  Value warpLane = m.rem(tid, m.c(GPUStrategyAttr::kWarpSize));
  auto loop = scf::ForOp::create(b, loc, op.getBlockIds().x, blockIters,
                                 op.getGridSize().x);
  b.setInsertionPointToStart(loop.getBody());
  Value item = m.add(m.mul(loop.getInductionVar(), m.c(groups)), group);
  Value valid = m.ult(item, work);
  Value o = chunks == 1 ? item : m.div(item, m.c(chunks));
  Value chunk = chunks == 1 ? m.c(0) : m.rem(item, m.c(chunks));

  // This thread's share of its row.
  auto ifValid = scf::IfOp::create(b, loc, TypeRange(partTypes), valid,
                                   /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard g2(b);
    b.setInsertionPointToStart(ifValid.elseBlock());
    scf::YieldOp::create(b, loc, initParts());
    b.setInsertionPointToStart(ifValid.thenBlock());
    SmallVector<Value> kept = delinearizeOutput(o);
    Value lo = m.mul(chunk, chunkLength);
    Value hi = m.min(m.add(lo, chunkLength), rowLength);
    Value start = m.add(lo, m.mul(lane, m.c(items)));
    auto row = scf::ForOp::create(b, loc, start, hi, m.c(perOutput * items),
                                  initParts());
    b.setInsertionPointToStart(row.getBody());
    SmallVector<Value> accs(row.getRegionIterArgs());
    Value j = row.getInductionVar();
    SmallVector<Value> idx = inputIndices(kept, j);
    Type element = getElementTypeOrSelf(input.getType());
    if (items == 1) {
      accs = accumulate(memref::LoadOp::create(b, loc, input, idx), accs);
    } else {
      int64_t bytes = items * (element.getIntOrFloatBitWidth() / 8);
      auto vec = vector::LoadOp::create(
          b, loc, VectorType::get({items}, element), input, idx,
          /*nontemporal=*/false,
          llvm::MaybeAlign(std::min<int64_t>(16, bytes)));
      for (int64_t i = 0; i < items; ++i)
        accs = accumulate(vector::ExtractOp::create(b, loc, vec, i), accs);
    }
    scf::YieldOp::create(b, loc, accs);
    b.setInsertionPointAfter(row);
    scf::YieldOp::create(b, loc, row.getResults());
  }
  b.setInsertionPointAfter(ifValid);
  SmallVector<Value> accs = warpReduce(ifValid.getResults());

  auto finishIf = [&](Value cond, function_ref<SmallVector<Value>()> get) {
    auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard g3(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    SmallVector<Value> total = get();
    finish(o, delinearizeOutput(o), chunk, total, partial);
  };
  if (warpsPerGroup == 1) {
    Value first = arith::AndIOp::create(b, loc, valid, m.eq(warpLane, m.c(0)));
    finishIf(first, [&] { return accs; });
    return;
  }
  // Lane 0 of each warp publishes its warp's sum; after the barrier the
  // group's first thread adds its warps' sums in warp order.
  Value wg = op.getWorkgroupAttributions().front();
  {
    auto ifLead = scf::IfOp::create(b, loc, m.eq(warpLane, m.c(0)),
                                    /*withElseRegion=*/false);
    OpBuilder::InsertionGuard g4(b);
    b.setInsertionPointToStart(ifLead.thenBlock());
    int64_t w = 0;
    for (Value part : accs)
      for (Value word : toWords(b, loc, part))
        memref::StoreOp::create(b, loc, word, wg, ValueRange{warp, m.c(w++)});
  }
  gpu::BarrierOp::create(b, loc);
  Value leader = arith::AndIOp::create(b, loc, valid, m.eq(lane, m.c(0)));
  finishIf(leader, [&] {
    SmallVector<Value> total;
    Value firstWarp = m.mul(group, m.c(warpsPerGroup));
    for (int64_t k = 0; k < warpsPerGroup; ++k) {
      Value row = m.add(firstWarp, m.c(k));
      SmallVector<Value> parts;
      int64_t w = 0;
      for (Type t : partTypes) {
        SmallVector<Value> words;
        for (unsigned i = 0; i < wordsOf(t); ++i)
          words.push_back(
              memref::LoadOp::create(b, loc, wg, ValueRange{row, m.c(w++)}));
        parts.push_back(fromWords(b, loc, words, t));
      }
      total = k == 0 ? parts : mergeParts(b, loc, total, parts);
    }
    return total;
  });
  // The next iteration overwrites the workgroup buffer.
  gpu::BarrierOp::create(b, loc);
}

/// One thread per (output, chunk): consecutive threads take consecutive
/// outputs, i.e. consecutive elements of the contiguous kept dimension, so
/// a warp's loads are coalesced. The first reduced dimension is split into
/// the chunks.
void MeanKernelBuilder::buildPerOutput(bool partial) {
  IndexMath host{b, loc};
  int64_t block = strategy.getBlockSize();
  int64_t chunks = blocksPerOutput();
  Value work = host.mul(numOutputs, host.c(chunks));
  int64_t firstReduced = llvm::find(reducedDim, true) - reducedDim.begin();
  Value splitLength = sizes[firstReduced];
  Value chunkLength = host.ceilDiv(splitLength, host.c(chunks));

  OpBuilder::InsertionGuard guard(b);
  gpu::LaunchOp op = launch(host.ceilDiv(work, host.c(block)), block);
  IndexMath m{b, loc};
  Value start =
      m.add(m.mul(op.getBlockIds().x, m.c(block)), op.getThreadIds().x);
  Value step = m.mul(op.getGridSize().x, m.c(block));
  auto loop = scf::ForOp::create(b, loc, start, work, step);
  b.setInsertionPointToStart(loop.getBody());
  Value w = loop.getInductionVar();
  Value o = chunks == 1 ? w : m.rem(w, numOutputs);
  Value chunk = chunks == 1 ? m.c(0) : m.div(w, numOutputs);
  SmallVector<Value> kept = delinearizeOutput(o);

  // Nested loops over the reduced dimensions, outermost first.
  SmallVector<Value> reducedIvs;
  SmallVector<scf::ForOp> loops;
  SmallVector<Value> accs = initParts();
  for (auto [d, isReduced] : llvm::enumerate(reducedDim)) {
    if (!isReduced)
      continue;
    Value lo = m.c(0), hi = sizes[d];
    if (static_cast<int64_t>(d) == firstReduced && chunks > 1) {
      lo = m.mul(chunk, chunkLength);
      hi = m.min(m.add(lo, chunkLength), sizes[d]);
    }
    auto inner = scf::ForOp::create(b, loc, lo, hi, m.c(1), accs);
    if (!loops.empty())
      scf::YieldOp::create(b, loc, inner.getResults());
    loops.push_back(inner);
    b.setInsertionPointToStart(inner.getBody());
    reducedIvs.push_back(inner.getInductionVar());
    accs = SmallVector<Value>(inner.getRegionIterArgs());
  }
  Value x =
      memref::LoadOp::create(b, loc, input, inputIndices(kept, reducedIvs));
  scf::YieldOp::create(b, loc, accumulate(x, accs));
  b.setInsertionPointAfter(loops.front());
  finish(o, kept, chunk, loops.front().getResults(), partial);
}

/// The second kernel of a split reduction: a warp per output, each lane
/// adding every 32nd chunk's partial sums in chunk order, then the xor tree
/// and lane 0 divides. A warp rather than a thread, because the chunks can
/// number thousands (few-output column means) and one thread would add
/// them one dependent load at a time.
void MeanKernelBuilder::buildCombine() {
  IndexMath host{b, loc};
  int64_t block = strategy.getBlockSize();
  int64_t warpSize = GPUStrategyAttr::kWarpSize;
  int64_t perBlock = block / warpSize;
  Value blockIters = host.ceilDiv(numOutputs, host.c(perBlock));
  OpBuilder::InsertionGuard guard(b);
  gpu::LaunchOp op = launch(blockIters, block);
  IndexMath m{b, loc};
  Value tid = op.getThreadIds().x;
  Value warp = m.div(tid, m.c(warpSize));
  Value lane = m.rem(tid, m.c(warpSize));
  auto loop = scf::ForOp::create(b, loc, op.getBlockIds().x, blockIters,
                                 op.getGridSize().x);
  b.setInsertionPointToStart(loop.getBody());
  Value o = m.add(m.mul(loop.getInductionVar(), m.c(perBlock)), warp);
  Value valid = m.ult(o, numOutputs);
  auto ifValid = scf::IfOp::create(b, loc, TypeRange(partTypes), valid,
                                   /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard g2(b);
    b.setInsertionPointToStart(ifValid.elseBlock());
    scf::YieldOp::create(b, loc, initParts());
    b.setInsertionPointToStart(ifValid.thenBlock());
    auto chunkLoop = scf::ForOp::create(b, loc, lane, m.c(blocksPerOutput()),
                                        m.c(warpSize), initParts());
    b.setInsertionPointToStart(chunkLoop.getBody());
    Value at = m.add(m.mul(chunkLoop.getInductionVar(), numOutputs), o);
    SmallVector<Value> parts;
    for (Value buf : partials)
      parts.push_back(memref::LoadOp::create(b, loc, buf, at));
    scf::YieldOp::create(
        b, loc, mergeParts(b, loc, chunkLoop.getRegionIterArgs(), parts));
    b.setInsertionPointAfter(chunkLoop);
    scf::YieldOp::create(b, loc, chunkLoop.getResults());
  }
  b.setInsertionPointAfter(ifValid);
  SmallVector<Value> total = warpReduce(ifValid.getResults());
  Value first = arith::AndIOp::create(b, loc, valid, m.eq(lane, m.c(0)));
  auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  finish(o, delinearizeOutput(o), Value(), total, /*partial=*/false);
}

void MeanKernelBuilder::build() {
  IndexMath m{b, loc};
  for (int64_t d = 0, e = reducedDim.size(); d < e; ++d)
    sizes.push_back(b.createOrFold<memref::DimOp>(loc, input, d));
  numOutputs = m.c(1);
  for (auto [size, isReduced] : llvm::zip(sizes, reducedDim))
    if (!isReduced)
      numOutputs = b.createOrFold<arith::MulIOp>(loc, numOutputs, size);
  bool split = blocksPerOutput() > 1;
  if (split) {
    Value count = m.mul(numOutputs, m.c(blocksPerOutput()));
    for (Type t : partTypes)
      partials.push_back(memref::AllocOp::create(
          b, loc, MemRefType::get({ShapedType::kDynamic}, t), count));
  }
  if (strategy.getKind() == GPUStrategyKind::Inner)
    buildInner(split);
  else
    buildPerOutput(split);
  if (split) {
    buildCombine();
    for (Value buf : partials)
      memref::DeallocOp::create(b, loc, buf);
  }
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// The strategy to apply: the recorded one, or serial (with a warning) when
/// a hand-written kind does not fit the layout, or when items_per_thread
/// would split a row unevenly.
static GPUStrategyAttr fittingStrategy(linalg::GenericOp sum,
                                       GPUStrategyAttr strategy) {
  GPUStrategyKind fits = getFittingGPUStrategyKind(sum);
  GPUStrategyKind kind = strategy.getKind();
  bool ok = kind == fits || kind == GPUStrategyKind::Serial;
  if (ok && kind == GPUStrategyKind::Inner &&
      strategy.getItemsPerThread() > 1) {
    int64_t row = sum.getStaticLoopRanges().back();
    Type element = getElementTypeOrSelf(sum.getDpsInputs()[0].getType());
    if (ShapedType::isDynamic(row) || row % strategy.getItemsPerThread() != 0 ||
        !element.isIntOrFloat() ||
        strategy.getItemsPerThread() * element.getIntOrFloatBitWidth() > 128) {
      sum.emitWarning() << "rmean-gpu-distribute: items_per_thread = "
                        << strategy.getItemsPerThread()
                        << " needs a static row length that it divides and "
                           "loads of at most 16 bytes; using 1";
      return GPUStrategyAttr::get(
          sum.getContext(), kind, strategy.getBlockSize(),
          strategy.getThreadsPerOutput(), 1, strategy.getBlocksPerOutput());
    }
  }
  if (ok)
    return strategy;
  sum.emitWarning() << "rmean-gpu-distribute: " << strategy
                    << " does not fit this reduction's layout (it fits "
                    << stringifyGPUStrategyKind(fits) << "); using serial";
  return GPUStrategyAttr::get(sum.getContext(), GPUStrategyKind::Serial,
                              strategy.getBlockSize(), 1, 1, 1);
}

namespace {
struct RmeanGPUDistributePass
    : rmean::impl::RmeanGPUDistributePassBase<RmeanGPUDistributePass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> sums;
    getOperation().walk([&](linalg::GenericOp op) {
      if (hasMarker<RmeanDialect::ReductionAttrHelper>(op) &&
          getGPUStrategy(op))
        sums.push_back(op);
    });
    for (linalg::GenericOp sum : sums) {
      FailureOr<MeanOps> ops = matchMean(sum);
      if (failed(ops))
        return signalPassFailure();
      GPUStrategyAttr strategy = fittingStrategy(sum, getGPUStrategy(sum));
      OpBuilder b(ops->finalize);
      MeanKernelBuilder(b, *ops, strategy).build();
      SmallVector<Value> accBuffers(sum.getDpsInits());
      ops->finalize->erase();
      sum->erase();
      for (linalg::FillOp fill : ops->fills)
        fill->erase();
      // The accumulator buffers are now unused but for their deallocation
      // (this pass runs after the deallocation pipeline: gpu.barrier has no
      // memory-effect model that pipeline accepts).
      for (Value buf : accBuffers) {
        auto alloc = buf.getDefiningOp<memref::AllocOp>();
        if (!alloc || !llvm::all_of(buf.getUsers(), [](Operation *user) {
              return isa<memref::DeallocOp>(user);
            }))
          continue;
        for (Operation *user : llvm::make_early_inc_range(buf.getUsers()))
          user->erase();
        alloc->erase();
      }
    }
  }
};
} // namespace
