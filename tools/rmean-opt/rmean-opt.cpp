//===- rmean-opt.cpp - the rmean optimizer driver -------------------------===//
//
// An mlir-opt with the rmean dialect, its passes and pipelines, and every
// upstream dialect, pass and extension the pipelines or a user may need.
//
//===----------------------------------------------------------------------===//

#include "rmean/Conversion/Passes.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/Transforms/ShardingInterfaceImpl.h"
#include "rmean/Pipelines/Pipelines.h"
#include "rmean/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::rmean::registerRmeanConversionPasses();
  mlir::rmean::registerRmeanTransformsPasses();
  mlir::rmean::registerRmeanPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<mlir::rmean::RmeanDialect>();
  // Everything rmean's pipelines need that the lines above do not give
  // (e.g. the GPU and NVVM translations gpu-module-to-binary uses).
  mlir::rmean::registerRmeanRequiredDialectsAndInterfaces(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "rmean optimizer driver\n", registry));
}
