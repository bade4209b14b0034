/*===- rmean-capi-test.c - the C API from C
---------------------------------===*\
|*                                                                            *|
|* Builds a module through the C API: registers what rmean needs, parses a   *|
|* function, inserts an rmean.reduce_mean made by rmeanReduceMeanCreate,     *|
|* prints it, checks that invalid axes give a null operation, then runs      *|
|* rmean-cpu-pipeline (parsed with mlirParsePassPipeline, composed with      *|
|* canonicalize) and prints the LLVM dialect result. capi.test checks the    *|
|* output.                                                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "rmean-c/Rmean.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Transforms.h"

#include <stdio.h>
#include <string.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static void printError(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static MlirLogicalResult reportDiagnostic(MlirDiagnostic diagnostic,
                                          void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printError, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  rmeanRegisterRequiredDialectsAndInterfaces(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, reportDiagnostic, NULL, NULL);
  // rmean is registered, not loaded: rmeanReduceMeanCreate loads it.
  MlirDialectHandle rmean = mlirGetDialectHandle__rmean__();
  printf("rmean dialect namespace: %.*s\n",
         (int)mlirDialectHandleGetNamespace(rmean).length,
         mlirDialectHandleGetNamespace(rmean).data);
  rmeanRegisterPassesAndPipelines();
  mlirRegisterTransformsPasses(); /* canonicalize, to compose with */

  const char *source = "func.func @rows(%x: tensor<4x8xf32>) -> tensor<4xf32> "
                       "attributes {llvm.emit_c_interface} {\n"
                       "  %z = tensor.empty() : tensor<4xf32>\n"
                       "  return %z : tensor<4xf32>\n"
                       "}\n";
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
  if (mlirModuleIsNull(module)) {
    printf("parse failed\n");
    return 1;
  }
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = mlirBlockGetTerminator(body);
  MlirValue x = mlirBlockGetArgument(body, 0);
  MlirLocation loc = mlirLocationUnknownGet(ctx);

  int64_t axes[] = {1};
  MlirOperation mean = rmeanReduceMeanCreate(loc, x, axes, 1, false, true);
  if (mlirOperationIsNull(mean)) {
    printf("rmeanReduceMeanCreate failed\n");
    return 1;
  }
  mlirBlockInsertOwnedOperationBefore(body, ret, mean);
  mlirOperationSetOperand(ret, 0, mlirOperationGetResult(mean, 0));
  printf("built:\n");
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");

  // Axis 2 of a rank-2 input: no op, a diagnostic.
  int64_t bad[] = {2};
  MlirOperation invalid = rmeanReduceMeanCreate(loc, x, bad, 1, false, true);
  printf("invalid axes give a null op: %s\n",
         mlirOperationIsNull(invalid) ? "yes" : "no");
  MlirValue none = {NULL};
  MlirOperation noInput =
      rmeanReduceMeanCreate(loc, none, axes, 1, false, true);
  printf("a null input gives a null op: %s\n",
         mlirOperationIsNull(noInput) ? "yes" : "no");

  MlirPassManager pm = mlirPassManagerCreate(ctx);
  const char *pipeline = "builtin.module(canonicalize, rmean-cpu-pipeline)";
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(pipeline), printError, NULL))) {
    printf("\npipeline parse failed\n");
    return 1;
  }
  if (mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)))) {
    printf("pipeline failed\n");
    return 1;
  }
  printf("lowered:\n");
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");

  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
