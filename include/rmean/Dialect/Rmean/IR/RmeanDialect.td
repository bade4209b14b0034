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
    exact numerics (see docs/ReduceMean.md §4) and lowerings to linalg, the CPU (LLVM)
    and NVIDIA GPUs.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect"
  ];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Registers the attributes of RmeanAttrs.td (where their storage is
    /// defined).
    void registerAttributes();
  }];
  // Every `rmean.*` attribute on an op is one of the discardable attributes
  // below, with its type: a misspelt marker or strategy is an error.
  let hasOperationAttrVerify = 1;

  // The attributes through which rmean's passes talk. Each gets a helper
  // (`getCpuStrategyAttrHelper()`, ...) with the name and typed get/set.
  let discardableAttrs = (ins
    // The CPU strategy of a reduction (RmeanAttrs.td), on an
    // rmean.reduce_mean or on the reduction linalg op it becomes.
    "::mlir::rmean::CPUStrategyAttr":$cpu_strategy,
    // The strategy of the same reduction's large inputs, chosen at run time
    // (dynamic shapes; RmeanAttrs.td), on the reduction linalg op.
    "::mlir::rmean::CPULargeInputAttr":$cpu_large_input,
    // The strategy of the same reduction's short rows, chosen at run time
    // (a run-time row length; RmeanAttrs.td), on the reduction linalg op.
    "::mlir::rmean::CPUShortRowsAttr":$cpu_short_rows,
    // The GPU strategy of a reduction, likewise.
    "::mlir::rmean::GPUStrategyAttr":$gpu_strategy,
    // The reduction linalg op convert-rmean-to-linalg creates.
    "::mlir::UnitAttr":$reduction,
    // The elementwise op that turns its sums into the mean.
    "::mlir::UnitAttr":$finalize,
    // A full tile rmean-cpu-tile leaves for rmean-cpu-vectorize.
    "::mlir::UnitAttr":$vectorize,
    // An scf.for that accumulates a reduction (rmean-cpu-tile marks it;
    // rmean-cpu-vectorize keeps its accumulators in registers and
    // rmean-narrow-accumulators blocks its sums).
    "::mlir::UnitAttr":$accumulation_loop,
    // An scf.for whose every iteration reads whole rows that lie one after
    // the other in memory (short rows; rmean-cpu-tile marks it,
    // rmean-prefetch prefetches the rows it reads next).
    "::mlir::UnitAttr":$whole_rows_loop,
    // An scf.forall whose iterations are the threads' chunks of a reduction
    // (rmean-cpu-tile creates and marks it; rmean-thread-chunks-to-openmp
    // turns it into an OpenMP loop without a barrier of its own).
    "::mlir::UnitAttr":$thread_chunks,
    // A vector.multi_reduction of whole rows widened to f64 that
    // rmean-cpu-vectorize leaves for rmean-narrow-accumulators, which sums
    // it in f32 where its options allow and lowers it.
    "::mlir::UnitAttr":$row_sum
  );
}

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANDIALECT_TD
