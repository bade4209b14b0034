//===- StridedCopiesToLoops.cpp - copies without the MLIR runtime ---------===//
//
// See the pass description (Passes.td). Upstream's memref.copy lowering
// falls back to a runtime call for any copy it cannot prove contiguous;
// linalg.copy has a loop lowering, so the same copy needs no library.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANSTRIDEDCOPIESTOLOOPSPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;

/// Whether the memref-to-LLVM conversion copies `type` with `memcpy` (the
/// test of its memref.copy lowering): the identity layout, or a static
/// shape laid out contiguously in row-major order.
static bool isCopiedByMemcpy(MemRefType type) {
  return type.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(type);
}

namespace {
struct RmeanStridedCopiesToLoopsPass
    : rmean::impl::RmeanStridedCopiesToLoopsPassBase<
          RmeanStridedCopiesToLoopsPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      auto source = dyn_cast<MemRefType>(copy.getSource().getType());
      auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
      // Unranked copies have no loop form; they keep the runtime call.
      if (source && target &&
          !(isCopiedByMemcpy(source) && isCopiedByMemcpy(target)))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};
} // namespace
