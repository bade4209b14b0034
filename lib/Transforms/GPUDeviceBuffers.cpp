//===- GPUDeviceBuffers.cpp - host buffers in GPU memory ------------------===//
//
// In the GPU pipeline the buffers host functions allocate are read and
// written by kernels only, so they are allocated in device memory. The
// rewrite is one-to-one (alloc, dealloc, copy), and async tokens are left
// to gpu-async-region, which orders them with the launches on a stream.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

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

namespace {
struct RmeanGPUDeviceBuffersPass
    : rmean::impl::RmeanGPUDeviceBuffersPassBase<RmeanGPUDeviceBuffersPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::DeallocOp, memref::CopyOp>(op) &&
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
        gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(),
                              ValueRange(), copy.getTarget(), copy.getSource());
        rewriter.eraseOp(copy);
      }
    }
  }
};
} // namespace
