//===- Rmean.cpp - C API of the rmean dialect -----------------------------===//
//
// See include/rmean-c/Rmean.h.
//
//===----------------------------------------------------------------------===//

#include "rmean-c/Rmean.h"

#include "rmean/Conversion/Passes.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"
#include "rmean/Pipelines/Pipelines.h"
#include "rmean/Transforms/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

using namespace mlir;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Rmean, rmean, rmean::RmeanDialect)

void rmeanRegisterRequiredDialectsAndInterfaces(MlirDialectRegistry registry) {
  rmean::registerRmeanRequiredDialectsAndInterfaces(*unwrap(registry));
}

void rmeanRegisterPassesAndPipelines(void) {
  rmean::registerRmeanConversionPasses();
  rmean::registerRmeanTransformsPasses();
  rmean::registerRmeanPipelines();
}

MlirOperation rmeanReduceMeanCreate(MlirLocation location, MlirValue input,
                                    const int64_t *axes, intptr_t numAxes,
                                    bool keepDims, bool noopWithEmptyAxes) {
  Location loc = unwrap(location);
  if (mlirValueIsNull(input) || numAxes < 0 || (numAxes > 0 && !axes)) {
    emitError(loc) << "rmeanReduceMeanCreate: null input, negative axis "
                      "count, or no axes array for a positive count";
    return MlirOperation{nullptr};
  }
  // Registered is not enough to create ops: make sure it is loaded.
  loc.getContext()->getOrLoadDialect<rmean::RmeanDialect>();
  Value in = unwrap(input);
  ArrayRef<int64_t> axesRef(axes, numAxes);
  auto inputType = dyn_cast<RankedTensorType>(in.getType());
  // The builder infers the result type; without one there is no op to build.
  if (!inputType || !rmean::ReduceMeanOp::inferResultType(
                        inputType, axesRef, keepDims, noopWithEmptyAxes)) {
    emitError(loc) << "rmeanReduceMeanCreate: input " << in.getType()
                   << " with these axes has no inferable result type";
    return MlirOperation{nullptr};
  }
  OpBuilder builder(loc.getContext());
  auto op = rmean::ReduceMeanOp::create(builder, loc, in, axesRef, keepDims,
                                        noopWithEmptyAxes);
  if (failed(op.verify())) {
    op->erase();
    return MlirOperation{nullptr};
  }
  return wrap(op.getOperation());
}
