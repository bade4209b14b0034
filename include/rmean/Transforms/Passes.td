//===- Passes.td - rmean passes over upstream IR -----------*- tablegen -*-===//
//
// Passes of the rmean pipelines that work on upstream dialects only.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_TRANSFORMS_PASSES_TD
#define RMEAN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def RmeanFlushBeforeAbortPass
    : Pass<"rmean-flush-before-abort", "::mlir::ModuleOp"> {
  let summary = "Flush C streams before every call to abort";
  let description = [{
    A failed `cf.assert` lowers to `puts(message)` followed by `abort()`.
    When stdout is a pipe or a file, the message is still in the stdio
    buffer when `abort` kills the process, so the user never sees why the
    run-time check failed. This pass inserts `fflush(NULL)` before every
    `llvm.call @abort`, declaring `fflush` when needed. Run it after the
    conversion to the LLVM dialect.

    ```mlir
    llvm.call @puts(%msg) : (!llvm.ptr) -> i32
    llvm.call @abort() : () -> ()
    // becomes
    llvm.call @puts(%msg) : (!llvm.ptr) -> i32
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @fflush(%null) : (!llvm.ptr) -> i32
    llvm.call @abort() : () -> ()
    ```

    Test: `test/Transforms/flush-before-abort.mlir`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def RmeanSelectCPUStrategyPass
    : Pass<"rmean-select-cpu-strategy", "::mlir::func::FuncOp"> {
  let summary = "Choose how each rmean reduction is tiled and vectorised on CPU";
  let description = [{
    Looks at every reduction `linalg.generic` created by
    `convert-rmean-to-linalg` (marked `rmean.reduction`; its dimensions are
    already coalesced) and records the decision as a dictionary attribute
    `rmean.cpu_strategy` that `rmean-cpu-tile-and-vectorize` reads:

    - `kind = "inner"`: the only reduced dimension is the last one (row
      means, NCHW pooling, reduce-all; `vector_size` is doubled for rows of
      2048 or more, or dynamic). Rows are processed `rows_per_step` at a
      time (1 by default);
      the row is split into `vector_size`-wide partial sums (independent
      vector accumulators, blocked summation) merged once per row.
    - `kind = "outer"`: the reduced dimension is followed by one kept,
      contiguous dimension (column means, NHWC pooling, middle axes). The
      kept dimension is cut into `cache_tile`-wide chunks whose
      accumulators stay in cache while the reduced rows stream past,
      `rows_per_step` rows (4 on rows of 2048 or more, else 1) and
      `vector_size` lanes at a time.
    - `kind = "none"`: anything else (several separate reduced runs,
      128-bit or compensated accumulators): left to the scalar lowering.

    With `num-threads` above 1 the strategy also records `threads`: the
    outermost kept dimension is split into one `scf.forall` chunk per
    thread, or, for a reduce-all, the reduced dimension is (partial sums
    per thread, combined in a fixed order so results do not depend on
    scheduling).

    An op that already has `rmean.cpu_strategy` keeps it, so a user or a
    tuner can override the choice by hand.

    ```mlir
    %s = linalg.generic {iterator_types = ["parallel", "reduction"], ...}
        {rmean.reduction} ...
    // gets
    %s = linalg.generic ... {rmean.cpu_strategy = {kind = "inner",
        vector_size = 16 : i64, cache_tile = 1024 : i64}, rmean.reduction}
    ```

    Test: `test/Transforms/select-cpu-strategy.mlir`.
  }];
  let options = [
    Option<"vectorSize", "vector-size", "int64_t", /*default=*/"16",
           "Accumulator lanes per vector tile (elements, not bytes)">,
    Option<"cacheTile", "cache-tile", "int64_t", /*default=*/"8192",
           "Kept elements per cache tile of outer/middle reductions">,
    Option<"numThreads", "num-threads", "int64_t", /*default=*/"1",
           "Threads to split each reduction over (scf.forall)">
  ];
}

def RmeanCPUTileAndVectorizePass
    : Pass<"rmean-cpu-tile-and-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Tile and vectorise rmean reductions as their strategy says";
  let description = [{
    Applies the `rmean.cpu_strategy` of each reduction with upstream
    machinery: `scf::tileUsingSCF` (parallel tiling, and partial-reduction
    tiling for "inner"), loop peeling so that full tiles are static, and
    `linalg::vectorize` on the full tiles; remainders stay scalar. The
    finalising division (`rmean.finalize`) is tiled and vectorised along
    its last dimension. Afterwards leading unit vector dimensions are
    dropped, multi-reductions lowered and loop-invariant accumulator
    reads/writes hoisted so that accumulators live in registers.

    Test: `test/Transforms/cpu-tile-and-vectorize.mlir`.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect"
  ];
}

#endif // RMEAN_TRANSFORMS_PASSES_TD
