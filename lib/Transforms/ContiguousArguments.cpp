//===- ContiguousArguments.cpp - strided arguments as row-major -----------===//
//
// See the pass description (Passes.td). Upstream bufferization offers either
// identity layouts at function boundaries (fast code that ignores the
// caller's strides) or fully dynamic ones (correct for any strides, but
// every access then has a run-time stride, which the vector lowering cannot
// turn into vector loads). Nothing upstream chooses between the two at run
// time, which is what this pass adds: one test at entry, then code with a
// unit innermost stride either way.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "FunctionBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANCONTIGUOUSARGUMENTSPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// The row-major strides of `type`'s shape with a dynamic offset: static
/// where the sizes after a dimension are, and 1 innermost.
static MemRefType getRowMajorType(MemRefType type) {
  SmallVector<int64_t> strides(type.getRank());
  int64_t running = 1;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    strides[d] = running;
    int64_t size = type.getDimSize(d);
    std::optional<int64_t> product =
        ShapedType::isDynamic(running) || ShapedType::isDynamic(size)
            ? std::nullopt
            : llvm::checkedMul(running, size);
    running = product.value_or(ShapedType::kDynamic);
  }
  auto layout =
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, strides);
  return MemRefType::get(type.getShape(), type.getElementType(), layout,
                         type.getMemorySpace());
}

static void makeContiguous(func::FuncOp func, BlockArgument arg, OpBuilder &b) {
  auto type = cast<MemRefType>(arg.getType());
  MemRefType rowMajor = getRowMajorType(type);
  Location loc = arg.getLoc();
  SmallVector<OpOperand *> uses =
      llvm::to_vector(llvm::make_pointer_range(arg.getUses()));
  b.setInsertionPointToStart(&func.getBody().front());
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, arg);
  int64_t rank = type.getRank();

  // Dense row-major: every dimension's stride is the product of the sizes
  // after it, except where the size is 1 (any stride reads the same
  // element). An empty array is dense: nothing is read.
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value dense =
      arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true));
  Value empty =
      arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(false));
  Value running = one;
  SmallVector<OpFoldResult> sizes, strides(rank);
  for (int64_t d = rank - 1; d >= 0; --d) {
    Value size = meta.getSizes()[d];
    Value stride = meta.getStrides()[d];
    Value unit =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, one);
    Value match = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        stride, running);
    dense = arith::AndIOp::create(b, loc, dense,
                                  arith::OrIOp::create(b, loc, unit, match));
    empty = arith::OrIOp::create(
        b, loc, empty,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, zero));
    int64_t staticStride = rowMajor.getStridesAndOffset().first[d];
    strides[d] = ShapedType::isDynamic(staticStride)
                     ? OpFoldResult(running)
                     : OpFoldResult(b.getIndexAttr(staticStride));
    running = arith::MulIOp::create(b, loc, running, size);
  }
  for (int64_t d = 0; d < rank; ++d)
    sizes.push_back(type.isDynamicDim(d)
                        ? OpFoldResult(meta.getSizes()[d])
                        : OpFoldResult(b.getIndexAttr(type.getDimSize(d))));
  dense = arith::OrIOp::create(b, loc, dense, empty);

  SmallVector<Value> dynSizes;
  for (int64_t d = 0; d < rank; ++d)
    if (type.isDynamicDim(d))
      dynSizes.push_back(meta.getSizes()[d]);
  // The result type comes from the yields.
  auto ifOp = scf::IfOp::create(
      b, loc, dense,
      [&](OpBuilder &tb, Location tl) {
        Value view = memref::ReinterpretCastOp::create(
            tb, tl, rowMajor, arg, meta.getOffset(), sizes, strides);
        scf::YieldOp::create(tb, tl, view);
      },
      [&](OpBuilder &eb, Location el) {
        auto bufferType =
            MemRefType::get(type.getShape(), type.getElementType(), nullptr,
                            type.getMemorySpace());
        Value buffer = memref::AllocOp::create(eb, el, bufferType, dynSizes);
        // A loop nest once linalg is lowered (memref.copy of a strided
        // source would call the memrefCopy runtime function).
        linalg::CopyOp::create(eb, el, arg, buffer);
        Value view = memref::CastOp::create(eb, el, rowMajor, buffer);
        scf::YieldOp::create(eb, el, view);
      });
  Value contiguous = ifOp.getResult(0);
  Value asArg = memref::CastOp::create(b, loc, type, contiguous);
  for (OpOperand *use : uses)
    use->set(asArg);

  if (isReturnedByItsFunction(asArg))
    return;
  func.walk([&](func::ReturnOp ret) {
    b.setInsertionPoint(ret);
    Value copied = arith::XOrIOp::create(
        b, loc, dense,
        arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true)));
    scf::IfOp::create(b, loc, copied, [&](OpBuilder &tb, Location tl) {
      memref::DeallocOp::create(tb, tl, contiguous);
      scf::YieldOp::create(tb, tl);
    });
  });
}

namespace {
struct RmeanContiguousArgumentsPass
    : rmean::impl::RmeanContiguousArgumentsPassBase<
          RmeanContiguousArgumentsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    OpBuilder b(&getContext());
    for (BlockArgument arg : func.getArguments()) {
      auto type = dyn_cast<MemRefType>(arg.getType());
      // Layouts that are not strided (arbitrary affine maps) have no
      // strided metadata; bufferization never gives arguments one.
      if (!type || type.getLayout().isIdentity() || !type.isStrided() ||
          arg.use_empty())
        continue;
      makeContiguous(func, arg, b);
    }
  }
};
} // namespace
