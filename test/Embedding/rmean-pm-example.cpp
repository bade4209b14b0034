//===- rmean-pm-example.cpp - rmean's pipeline in a host's pass manager ---===//
//
// How a compiler that owns its pass manager embeds rmean (the README's
// C++ example is this file): register what the pipeline needs, add the
// host's own passes, check the options, add rmean's CPU pipeline to the
// same pass manager, run it on a module. Usage:
//   rmean-pm-example FILE [NUM_THREADS]
// prints the LLVM dialect module, or a diagnostic and exit status 1.
//
//===----------------------------------------------------------------------===//

#include "rmean/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    llvm::errs() << "usage: rmean-pm-example FILE [NUM_THREADS]\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  mlir::rmean::registerRmeanRequiredDialectsAndInterfaces(registry);
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  // The host's passes, then rmean's, in one pass manager on builtin.module.
  mlir::PassManager pm(&context);
  pm.addPass(mlir::createCanonicalizerPass());
  mlir::rmean::RmeanCPUPipelineOptions options;
  if (argc == 3)
    options.numThreads = std::atoll(argv[2]);
  auto emitError = [&](const llvm::Twine &message) {
    return mlir::emitError(module->getLoc(), message);
  };
  if (mlir::failed(
          mlir::rmean::verifyRmeanCPUPipelineOptions(options, emitError)))
    return 1;
  mlir::rmean::buildRmeanCPUPipeline(pm, options);
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}
