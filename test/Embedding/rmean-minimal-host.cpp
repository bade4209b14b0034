//===- rmean-minimal-host.cpp - an embedding host with only rmean's needs -===//
//
// The smallest opt-style host an embedding compiler would write: no
// registerAllDialects/registerAllPasses, only what rmean's public API says
// its pipelines need. With RMEAN_HOST_BARE=1 it registers just the dialects
// a front end uses (rmean, func, arith, tensor) and no interface models, to
// check that a missing interface is a diagnostic, not a crash.
//
//===----------------------------------------------------------------------===//

#include "rmean/Conversion/Passes.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Pipelines/Pipelines.h"
#include "rmean/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  const char *bare = std::getenv("RMEAN_HOST_BARE");
  if (bare && std::strcmp(bare, "1") == 0)
    registry.insert<mlir::rmean::RmeanDialect, mlir::func::FuncDialect,
                    mlir::arith::ArithDialect, mlir::tensor::TensorDialect>();
  else
    mlir::rmean::registerRmeanRequiredDialectsAndInterfaces(registry);
  // canonicalize/cse, for pipelines that compose rmean's with upstream's.
  mlir::registerTransformsPasses();
  mlir::rmean::registerRmeanConversionPasses();
  mlir::rmean::registerRmeanTransformsPasses();
  mlir::rmean::registerRmeanPipelines();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "rmean minimal embedding host\n", registry));
}
