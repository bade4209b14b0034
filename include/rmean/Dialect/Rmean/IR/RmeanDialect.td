//===- RmeanDialect.td - rmean dialect definition ----------*- tablegen -*-===//
//
// The rmean dialect: one op, `rmean.reduce_mean`, specified exactly so that
// front ends can rely on its numerics and shape rules.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_IR_RMEANDIALECT_TD
#define RMEAN_DIALECT_RMEAN_IR_RMEANDIALECT_TD

include "mlir/IR/OpBase.td"

def Rmean_Dialect : Dialect {
  let name = "rmean";
  let cppNamespace = "::mlir::rmean";
  let summary = "An exactly specified mean reduction and its lowerings";
  let description = [{
    The `rmean` dialect holds `rmean.reduce_mean`, the union of the oneDNN
    Graph `ReduceMean` operation and the CANN `ReduceMean` operator, with
    exact numerics (see SPEC.md §4) and lowerings to linalg, the CPU (LLVM)
    and NVIDIA GPUs.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect"
  ];
  let hasConstantMaterializer = 1;
}

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANDIALECT_TD
