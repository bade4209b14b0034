//===- BufferizableOpInterfaceImpl.cpp - bufferising rmean ops ------------===//
//
// rmean.view_as_real is a view: like tensor.expand_shape, its result is the
// input's buffer seen with another type, so it neither reads nor writes
// memory and aliases its operand.
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/Transforms/BufferizableOpInterfaceImpl.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::rmean;

namespace {
struct ViewAsRealOpInterface
    : public BufferizableOpInterface::ExternalModel<ViewAsRealOpInterface,
                                                    ViewAsRealOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return false;
  }

  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &,
                                      const AnalysisState &) const {
    return {{op->getResult(0), BufferRelation::Equivalent}};
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    auto view = cast<ViewAsRealOp>(op);
    FailureOr<BufferLikeType> inputType = bufferization::getBufferType(
        view.getInput(), options, state, invocationStack);
    if (failed(inputType))
      return failure();
    ShapedType type = ViewAsRealOp::getResultType(cast<MemRefType>(*inputType));
    if (!type)
      return op->emitError("the input's buffer layout is not strided");
    return cast<BufferLikeType>(type);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto view = cast<ViewAsRealOp>(op);
    FailureOr<Value> buffer =
        getBuffer(rewriter, view.getInput(), options, state);
    if (failed(buffer))
      return failure();
    ShapedType type =
        ViewAsRealOp::getResultType(cast<ShapedType>(buffer->getType()));
    if (!type)
      return op->emitError("the input's buffer layout is not strided");
    replaceOpWithNewBufferizedOp<ViewAsRealOp>(rewriter, op, type, *buffer);
    return success();
  }
};
} // namespace

void mlir::rmean::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, RmeanDialect *) {
    ViewAsRealOp::attachInterface<ViewAsRealOpInterface>(*ctx);
  });
}
