//===- SignlessInputs.cpp - signless element types for upstream -----------===//
//
// See SignlessInputs.h.
//
//===----------------------------------------------------------------------===//

#include "SignlessInputs.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

void mlir::rmean::castInputsToSignless(RewriterBase &rewriter,
                                       linalg::GenericOp op) {
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    auto element =
        type ? dyn_cast<IntegerType>(type.getElementType()) : IntegerType();
    if (!element || element.isSignless())
      continue;
    Type signless = IntegerType::get(op.getContext(), element.getWidth());
    BlockArgument arg = op.getMatchingBlockArgument(input);
    SmallVector<UnrealizedConversionCastOp> casts;
    bool onlyCasts = llvm::all_of(arg.getUsers(), [&](Operation *user) {
      auto cast = dyn_cast<UnrealizedConversionCastOp>(user);
      if (!cast || cast->getNumOperands() != 1 || cast->getNumResults() != 1 ||
          cast->getResult(0).getType() != signless)
        return false;
      casts.push_back(cast);
      return true;
    });
    if (!onlyCasts || casts.empty())
      continue;
    rewriter.setInsertionPoint(op);
    Value castInput =
        UnrealizedConversionCastOp::create(rewriter, op.getLoc(),
                                           type.clone(signless), input->get())
            .getResult(0);
    rewriter.modifyOpInPlace(op, [&] {
      input->set(castInput);
      arg.setType(signless);
    });
    for (UnrealizedConversionCastOp cast : casts)
      rewriter.replaceOp(cast, arg);
  }
}
