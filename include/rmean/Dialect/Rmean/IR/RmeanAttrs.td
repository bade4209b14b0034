//===- RmeanAttrs.td - rmean attributes --------------------*- tablegen -*-===//
//
// The typed contract between rmean's passes: the strategy a selection pass
// records on a reduction and the tiling/vectorisation passes apply. A
// strategy is an attribute (not a dictionary of strings) so that a
// hand-written or misspelt one is a parse or verify error, never ignored.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_IR_RMEANATTRS_TD
#define RMEAN_DIALECT_RMEAN_IR_RMEANATTRS_TD

include "rmean/Dialect/Rmean/IR/RmeanDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// CPU strategy
//===----------------------------------------------------------------------===//

def Rmean_CPUStrategyKind : I32EnumAttr<"CPUStrategyKind",
    "how a CPU reduction is tiled and vectorised", [
      I32EnumAttrCase<"None", 0, "none">,
      I32EnumAttrCase<"Inner", 1, "inner">,
      I32EnumAttrCase<"Outer", 2, "outer">
    ]> {
  let cppNamespace = "::mlir::rmean";
  // The kind is a parameter of #rmean.cpu_strategy, not an attribute of
  // its own.
  let genSpecializedAttr = 0;
}

class Rmean_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Rmean_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Rmean_CPUStrategyAttr : Rmean_Attr<"CPUStrategy", "cpu_strategy"> {
  let summary = "How one reduction is tiled and vectorised on the CPU";
  let description = [{
    Recorded by `rmean-select-cpu-strategy` on the reduction `linalg.generic`
    that `convert-rmean-to-linalg` creates (its dimensions already
    coalesced), and applied by `rmean-cpu-tile` and `rmean-cpu-vectorize`.
    Written by hand on an `rmean.reduce_mean` (the conversion carries it
    onto the reduction it creates) or on the reduction itself, it overrides
    the selection.

    - `kind = inner`: the reduced dimension is the last one (row means,
      NCHW pooling, reduce-all). `rows_per_step` rows at a time, each row
      cut into `vector_size`-wide partial sums merged once per row; rows
      of a static length no longer than `vector_size` are read whole.
    - `kind = outer`: the reduced dimension is followed by one kept,
      contiguous dimension (column means, NHWC pooling, middle axes). The
      kept dimension is cut into `cache_tile`-wide chunks that the reduced
      rows stream through, `rows_per_step` rows and `vector_size` lanes at
      a time.
    - `kind = none`: left to the scalar lowering.

    `threads` (default 1) splits the outermost kept dimension, or the
    reduced one of a reduce-all, into that many `scf.forall` chunks;
    `rows_per_step` defaults to 1. `row_blocks = true` (outer only, with
    `rows_per_step` >= 2; default false) reads the `rows_per_step` rows of
    a step one after the other rather than `vector_size` lanes of each in
    turn, summing them into a row of f32 partial sums that is added to the
    accumulator once per step; it applies to f16/bf16 chunks of whole rows,
    other chunks take the interleaved step. `row_streams = true` (inner
    only, with `rows_per_step` >= 2; default false) takes the rows of a step
    from `rows_per_step` equal parts of the rows the step loop covers, one
    row of each (row i of every part), rather than `rows_per_step` adjacent
    rows: that many input streams far apart, which the hardware prefetchers
    follow better than one; where the loop's rows do not divide into equal
    parts, the step takes adjacent rows. On a reduce-all (one reduced
    loop) of a static size that `rows_per_step` divides, the parts are
    `rows_per_step` equal parts of the input, each summed as a row (from
    -0.0) and their sums added in part order. `masked_tail = true` (inner
    only; default false) reads the last, partial `vector_size` step of a row
    of a run-time length as one masked vector padded with the additive
    identity, rather than element by element; it suits targets with masked
    vector loads of the element type (AVX-512, or AVX2 for 32- and 64-bit
    elements), elsewhere the masked load becomes one branch per lane. Rows
    of a static length keep their exact static tail. Every value is a positive
    integer with an upper bound that keeps the generated vectors and loops
    reasonable:
    `vector_size` <= 1024, `rows_per_step` <= 64 and their product <= 8192,
    `threads` <= 4096, `cache_tile` <= 2^30.

    ```mlir
    %s = linalg.generic {...} ins(%x : tensor<64x4096xf32>) ...
        {rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner,
             vector_size = 32, cache_tile = 1024>, rmean.reduction}
    ```
  }];
  let parameters = (ins
    EnumParameter<Rmean_CPUStrategyKind>:$kind,
    "int64_t":$vector_size,
    "int64_t":$cache_tile,
    DefaultValuedParameter<"int64_t", "1">:$threads,
    DefaultValuedParameter<"int64_t", "1">:$rows_per_step,
    DefaultValuedParameter<"bool", "false">:$row_blocks,
    DefaultValuedParameter<"bool", "false">:$row_streams,
    DefaultValuedParameter<"bool", "false">:$masked_tail
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Largest `vector_size`: accumulator lanes beyond this only build
    /// huge vector types (minutes in LLVM) without any gain; 16 to 64 is
    /// what a CPU has registers for.
    static constexpr int64_t kMaxVectorSize = 1024;
    /// Largest `rows_per_step * vector_size`: the elements of one vector
    /// step (the same reason).
    static constexpr int64_t kMaxStepElements = 8192;
    /// Largest `cache_tile`, `threads` and `rows_per_step`.
    static constexpr int64_t kMaxCacheTile = int64_t(1) << 30;
    static constexpr int64_t kMaxThreads = 4096;
    static constexpr int64_t kMaxRowsPerStep = 64;
    /// Largest input size (bytes) from which `threads` apply
    /// (`min-threaded-bytes`): the run-time test of a dynamic size
    /// multiplies two numbers capped at it in unsigned 64 bits, which must
    /// not wrap.
    static constexpr int64_t kMaxMinThreadedBytes = int64_t(1) << 31;
    /// Rows of an "inner" reduction that rmean-cpu-tile sums per chunk
    /// that carries its division (an f64 accumulator of 8 KiB), unless a
    /// step is the chunk. rmean-select-cpu-strategy reads it too: a row
    /// count that is neither at most one chunk nor a multiple of it leaves
    /// chunks of a run-time size, which `row_streams` cannot divide.
    static constexpr int64_t kInnerChunkRows = 1024;
  }];
}

def Rmean_CPULargeInputAttr : Rmean_Attr<"CPULargeInput", "cpu_large_input"> {
  let summary = "The CPU strategy of a reduction's large inputs, chosen at run time";
  let description = [{
    Recorded by `rmean-select-cpu-strategy` as `rmean.cpu_large_input` on a
    row reduction (`[rows, length]`, kind `inner`) whose sizes are only
    known at run time, next to its `rmean.cpu_strategy`; `rmean-cpu-tile`
    tiles the reduction both ways and chooses at run time: an input of at
    least `min_bytes` with rows of at least `min_row_length` elements and
    at least `min_rows` rows takes `strategy`, any other the op's
    `rmean.cpu_strategy`. Which strategy pays depends on the sizes (row
    streams read memory faster, but cost more on inputs in the cache), so
    dynamic shapes cannot choose at compile time. `strategy` must be an
    `inner` one with the threads of the op's strategy (the thread split
    comes first); a reduction it does not fit keeps its own strategy, with
    a warning. `min_bytes` <= 2^31 (the run-time test multiplies sizes
    capped at it), the other bounds >= 0.

    ```mlir
    rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216,
        min_row_length = 384, min_rows = 64,
        strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16,
                                       cache_tile = 1024, rows_per_step = 4,
                                       row_streams = true>>
    ```
  }];
  let parameters = (ins
    "int64_t":$min_bytes,
    "int64_t":$min_row_length,
    "int64_t":$min_rows,
    "::mlir::rmean::CPUStrategyAttr":$strategy
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Rmean_CPUShortRowsAttr : Rmean_Attr<"CPUShortRows", "cpu_short_rows"> {
  let summary = "The CPU strategy of a reduction's short rows, chosen at run time";
  let description = [{
    Recorded by `rmean-select-cpu-strategy` as `rmean.cpu_short_rows` on a
    row reduction (`[rows, length]`, kind `inner`) whose row length is only
    known at run time, next to its `rmean.cpu_strategy`; `rmean-cpu-tile`
    tiles the reduction both ways and chooses at run time: rows of at most
    `max_row_length` elements take `strategy`, whose `rows_per_step` rows
    are read whole, each as one masked vector of `vector_size` lanes padded
    with the additive identity and summed by one shared tree (as static rows
    that short are), any other rows the op's `rmean.cpu_strategy`. Short
    rows split into lanes pay a lane set-up, a tail and a merge per row for
    a few vector adds. `strategy` must be an `inner` one with the threads
    of the op's strategy (the thread split comes first) and `vector_size`
    of at least `max_row_length`; a reduction it does not fit keeps its own
    strategy, with a warning. `max_row_length` is in [1, 1024].

    ```mlir
    rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64,
        strategy = #rmean.cpu_strategy<kind = inner, vector_size = 64,
                                       cache_tile = 1024, rows_per_step = 8>>
    ```
  }];
  let parameters = (ins
    "int64_t":$max_row_length,
    "::mlir::rmean::CPUStrategyAttr":$strategy
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// GPU strategy
//===----------------------------------------------------------------------===//

def Rmean_GPUStrategyKind : I32EnumAttr<"GPUStrategyKind",
    "how a reduction is mapped to GPU blocks and threads", [
      I32EnumAttrCase<"Serial", 0, "serial">,
      I32EnumAttrCase<"Inner", 1, "inner">,
      I32EnumAttrCase<"Outer", 2, "outer">
    ]> {
  let cppNamespace = "::mlir::rmean";
  let genSpecializedAttr = 0;
}

def Rmean_GPUStrategyAttr : Rmean_Attr<"GPUStrategy", "gpu_strategy"> {
  let summary = "How one reduction is mapped to GPU blocks and threads";
  let description = [{
    Recorded by `rmean-select-gpu-strategy` on the reduction `linalg.generic`
    that `convert-rmean-to-linalg` creates (dimensions coalesced) and
    applied by `rmean-gpu-distribute`. Written by hand on an
    `rmean.reduce_mean` (the conversion carries it onto its reduction) or on
    the reduction itself, it overrides the selection.

    - `kind = inner`: the only reduced dimension is the last one (row
      means, NCHW pooling, reduce-all). `threads_per_output` threads (a
      warp, 32, for short rows; the whole block for long ones) share one
      row; each reads `items_per_thread` consecutive elements per step (one
      128-bit load when they fill 16 bytes), and their sums meet in a warp
      shuffle tree and, between warps, in shared memory.
    - `kind = outer`: one reduced dimension followed by kept ones (column
      means, NHWC pooling, middle axes). One thread per output; consecutive
      threads take consecutive kept elements, so every load of a warp is
      coalesced, and each thread walks the reduced rows.
    - `kind = serial`: any other layout; one thread per output walks all of
      its reduced elements.

    `blocks_per_output` > 1 (inner, outer) splits each output's reduced
    range into that many chunks, each summed into a partial buffer; a
    second kernel (a warp per output) adds the partials in a fixed order. The split is fixed at
    compile time, so results are bit-identical from run to run (there are
    no atomics). Bounds: `block_size` a multiple of 32 in [32, 1024];
    `threads_per_output` a multiple of 32 dividing `block_size` for inner,
    1 otherwise; `items_per_thread` in {1, 2, 4, 8, 16} (1 unless inner);
    `blocks_per_output` in [1, 65536] (1 for serial).

    ```mlir
    %s = linalg.generic {...} ins(%x : tensor<64x4096xf32>) ...
        {rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner,
             block_size = 256, threads_per_output = 256,
             items_per_thread = 4>, rmean.reduction}
    ```
  }];
  let parameters = (ins
    EnumParameter<Rmean_GPUStrategyKind>:$kind,
    "int64_t":$block_size,
    DefaultValuedParameter<"int64_t", "1">:$threads_per_output,
    DefaultValuedParameter<"int64_t", "1">:$items_per_thread,
    DefaultValuedParameter<"int64_t", "1">:$blocks_per_output
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// A warp of every NVIDIA GPU.
    static constexpr int64_t kWarpSize = 32;
    /// CUDA's limit on threads per block.
    static constexpr int64_t kMaxBlockSize = 1024;
    /// Items per step: 16 fills a 128-bit load of 8-bit elements.
    static constexpr int64_t kMaxItemsPerThread = 16;
    /// Partial sums per output; the final kernel adds them one by one.
    static constexpr int64_t kMaxBlocksPerOutput = 65536;
    /// Checks the options a selection takes (`block-size`,
    /// `items-per-thread`, `blocks-per-output`; 0 means "chosen" for the
    /// last two) against the bounds above; on the first bad one, calls
    /// `report` with its name and accepted range and fails. Shared by
    /// rmean-select-gpu-strategy and rmean-gpu-pipeline.
    static ::llvm::LogicalResult checkSelectionOptions(
        int64_t blockSize, int64_t itemsPerThread, int64_t blocksPerOutput,
        ::llvm::function_ref<void(::llvm::StringRef option,
                                  ::llvm::StringRef range, int64_t value)>
            report);
  }];
}

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANATTRS_TD
