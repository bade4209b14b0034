//===- GPUDeviceBuffers.cpp - host buffers in GPU memory ------------------===//
//
// In the GPU pipeline the buffers host functions allocate are read and
// written by kernels only, so they are allocated in device memory. The
// rewrite is one-to-one (alloc, dealloc, copy), and async tokens are left
// to gpu-async-region, which orders them with the launches on a stream.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "FunctionBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANGPUDEVICEBUFFERSPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// Host code: not inside a kernel (a gpu.launch body, a gpu.module).
static bool isHostOp(Operation *op) {
  return !op->getParentOfType<gpu::LaunchOp>() &&
         !op->getParentOfType<gpu::GPUModuleOp>();
}

/// A copy kernel for views that are not contiguous (gpu.memcpy moves one
/// contiguous range): a grid-stride loop over the elements, row-major.
static void buildStridedCopy(OpBuilder &b, Location loc, Value src, Value dst) {
  auto type = cast<MemRefType>(src.getType());
  SmallVector<Value> sizes;
  Value count = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t d = 0, e = type.getRank(); d < e; ++d) {
    sizes.push_back(b.createOrFold<memref::DimOp>(loc, src, d));
    count = b.createOrFold<arith::MulIOp>(loc, count, sizes.back());
  }
  constexpr int64_t kBlock = 256;
  Value block = arith::ConstantIndexOp::create(b, loc, kBlock);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value grid = arith::MinUIOp::create(
      b, loc, arith::CeilDivUIOp::create(b, loc, count, block),
      arith::ConstantIndexOp::create(b, loc, (int64_t(1) << 31) - 1));
  auto launch = gpu::LaunchOp::create(b, loc, grid, one, one, block, one, one);
  OpBuilder::InsertionGuard guard(b);
  Block &body = launch.getBody().front();
  b.setInsertionPointToEnd(&body);
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPoint(body.getTerminator());
  Value start = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, launch.getBlockIds().x, block),
      launch.getThreadIds().x);
  Value step = arith::MulIOp::create(b, loc, launch.getGridSize().x, block);
  auto loop = scf::ForOp::create(b, loc, start, count, step);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  SmallVector<Value> idx(sizes.size());
  Value rest = loop.getInductionVar();
  for (int64_t d = sizes.size() - 1; d >= 0; --d) {
    idx[d] = arith::RemUIOp::create(b, loc, rest, sizes[d]);
    rest = arith::DivUIOp::create(b, loc, rest, sizes[d]);
  }
  Value v = memref::LoadOp::create(b, loc, src, idx);
  memref::StoreOp::create(b, loc, v, dst, idx);
}

/// The function argument `v` is, or views, if any.
static BlockArgument getArgumentRoot(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return nullptr;
    v = view.getViewSource();
  }
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || !isa<func::FuncOp>(arg.getOwner()->getParentOp()))
    return nullptr;
  return arg;
}

/// Host code that reads an argument buffer (a device buffer: the caller
/// passes device memory) reads a host copy instead, made where the
/// function starts and freed at each return. rmean's host code reads only
/// the runtime axes (a handful of integers, to choose the kernels); a read
/// of device memory from the host would fault.
static void copyHostReadArguments(func::FuncOp func, IRRewriter &rewriter) {
  llvm::MapVector<BlockArgument, SmallVector<memref::LoadOp>> reads;
  func.walk([&](memref::LoadOp load) {
    if (!isHostOp(load))
      return;
    if (BlockArgument arg = getArgumentRoot(load.getMemref()))
      reads[arg].push_back(load);
  });
  for (auto &[arg, loads] : reads) {
    auto type = cast<MemRefType>(arg.getType());
    // gpu.memcpy moves one contiguous range: plain row-major arguments
    // only (the pipeline gives function arguments identity layouts).
    if (!type.getLayout().isIdentity())
      continue;
    Location loc = arg.getLoc();
    rewriter.setInsertionPointToStart(&func.getBody().front());
    SmallVector<Value> sizes;
    for (int64_t d = 0, e = type.getRank(); d < e; ++d)
      if (type.isDynamicDim(d))
        sizes.push_back(memref::DimOp::create(rewriter, loc, arg, d));
    Value host = memref::AllocOp::create(rewriter, loc, type, sizes);
    gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(), ValueRange(),
                          host, arg);
    for (memref::LoadOp load : loads) {
      // Rebuild the chain of views on the host copy.
      SmallVector<Operation *> chain;
      for (Value v = load.getMemref(); v != arg;
           v = cast<ViewLikeOpInterface>(v.getDefiningOp()).getViewSource())
        chain.push_back(v.getDefiningOp());
      Value source = host;
      rewriter.setInsertionPoint(load);
      for (Operation *view : llvm::reverse(chain)) {
        IRMapping map;
        map.map(cast<ViewLikeOpInterface>(view).getViewSource(), source);
        source = rewriter.clone(*view, map)->getResult(0);
      }
      rewriter.modifyOpInPlace(load,
                               [&] { load.getMemrefMutable().assign(source); });
    }
    func.walk([&](func::ReturnOp ret) {
      rewriter.setInsertionPoint(ret);
      memref::DeallocOp::create(rewriter, loc, host);
    });
  }
}

namespace {
struct RmeanGPUDeviceBuffersPass
    : rmean::impl::RmeanGPUDeviceBuffersPassBase<RmeanGPUDeviceBuffersPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::DeallocOp, memref::CopyOp,
              memref::GetGlobalOp>(op) &&
          isHostOp(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops) {
      rewriter.setInsertionPoint(op);
      Location loc = op->getLoc();
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        // gpu.alloc takes no alignment: cuMemAlloc's is 256 bytes, more
        // than any memref.alloc asks for.
        rewriter.replaceOp(
            alloc, gpu::AllocOp::create(
                       rewriter, loc, alloc.getType(), /*asyncToken=*/Type(),
                       /*asyncDependencies=*/ValueRange(),
                       alloc.getDynamicSizes(), alloc.getSymbolOperands(),
                       /*hostShared=*/false)
                       .getMemref());
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        gpu::DeallocOp::create(rewriter, loc, /*asyncToken=*/Type(),
                               ValueRange(), dealloc.getMemref());
        rewriter.eraseOp(dealloc);
      } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        auto srcTy = cast<MemRefType>(copy.getSource().getType());
        auto dstTy = cast<MemRefType>(copy.getTarget().getType());
        // gpu.memcpy copies the whole allocation from the aligned pointer:
        // only for plain row-major buffers, offset 0.
        if (srcTy.getLayout().isIdentity() && dstTy.getLayout().isIdentity())
          gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(),
                                ValueRange(), copy.getTarget(),
                                copy.getSource());
        else
          buildStridedCopy(rewriter, loc, copy.getSource(), copy.getTarget());
        rewriter.eraseOp(copy);
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        // Constants live in host memory: kernels read a device copy.
        auto type = global.getType();
        if (!type.getLayout().isIdentity())
          continue;
        rewriter.setInsertionPointAfter(global);
        Value device =
            gpu::AllocOp::create(rewriter, loc, type, Type(), ValueRange(),
                                 ValueRange(), ValueRange(), false)
                .getMemref();
        rewriter.replaceAllUsesWith(global.getResult(), device);
        gpu::MemcpyOp::create(rewriter, loc, Type(), ValueRange(), device,
                              global.getResult());
        if (isReturnedByItsFunction(device))
          continue;
        auto func = global->getParentOfType<func::FuncOp>();
        if (!func)
          continue;
        func.walk([&](func::ReturnOp ret) {
          rewriter.setInsertionPoint(ret);
          gpu::DeallocOp::create(rewriter, loc, Type(), ValueRange(), device);
        });
      }
    }
    // After the rewrite above, so that the host copies stay in host memory.
    getOperation().walk(
        [&](func::FuncOp func) { copyHostReadArguments(func, rewriter); });
  }
};
} // namespace
