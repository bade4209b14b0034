//===- Passes.td - rmean passes over upstream IR -----------*- tablegen -*-===//
//
// Passes of the rmean pipelines that work on upstream dialects only.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_TRANSFORMS_PASSES_TD
#define RMEAN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def RmeanExitOnFailedCheckPass
    : Pass<"rmean-exit-on-failed-check", "::mlir::ModuleOp"> {
  let summary = "Make rmean's failed run-time checks exit with status 70";
  let description = [{
    rmean's run-time checks (docs/ReduceMean.md §3.8) are `rmean.check`s
    (or `cf.assert`s) whose message starts with `rmean.reduce_mean: `; a
    failed one lowers to `printf(message, values...)` (or `puts(message)`)
    and `abort()`. When region simplification has merged identical failure
    blocks, the message arrives as a block argument; the block counts as
    rmean's when every incoming message is. `abort` raises SIGABRT, which hosts that
    install crash handlers (mlir-runner, most compilers) report as their
    own crash, with a "PLEASE submit a bug report" banner and a stack dump,
    and which loses the message when stdout is a pipe (it is still in the
    stdio buffer). This pass turns each such `abort()` into
    `fflush(NULL)` and `_exit(70)`: the message reaches any stdout, and the
    process ends with a status that names the cause (70, EX_SOFTWARE)
    instead of a signal. `_exit` rather than `exit`, because the check may
    fail on a worker thread while others still run. Other `abort()` calls
    (the user's own `cf.assert`s) are left alone. Run it after the
    conversion to the LLVM dialect.

    ```mlir
    llvm.call @puts(%msg) : (!llvm.ptr) -> ()   // "rmean.reduce_mean: ..."
    llvm.call @abort() : () -> ()
    // becomes
    llvm.call @puts(%msg) : (!llvm.ptr) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @fflush(%null) : (!llvm.ptr) -> i32
    %status = llvm.mlir.constant(70 : i32) : i32
    llvm.call @_exit(%status) : (i32) -> ()
    ```

    Test: `test/Transforms/exit-on-failed-check.mlir`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def RmeanNarrowIntegerSumsPass
    : Pass<"rmean-narrow-integer-sums", "::mlir::func::FuncOp"> {
  let summary = "Sum short 8- and 16-bit integer reductions in i32";
  let description = [{
    rmean sums 8- to 32-bit integers in i64 (docs/ReduceMean.md §4.2), which
    no sum of fewer than 2^31 elements needs. For each reduction marked
    `rmean.reduction` of an 8- or 16-bit integer input (signed or not)
    into one i64 accumulator filled with 0, whose reduced dimensions are
    static and each mean sums `N < 2^(31 - bits)` elements (so no partial or
    total sum can leave the i32 range; 8 388 607 for 8 bits, 32 767 for
    16), and whose result only the `rmean.finalize` division reads, this
    pass rebuilds both with an i32 accumulator: the same elements added
    exactly (the same sums), and the division done in i32 (the same
    truncated means). Vector lanes then hold i32 instead of i64: half the
    widening, accumulator traffic and additions per element, and a
    division by the count that vectorises (64-bit vector division does
    not). Kept dimensions may have run-time sizes (a dynamic batch of
    pooled images: 2x on 7x7 i8/ui8 pooling, AMD Zen 5); run-time reduced
    sizes, longer sums and every other type keep i64.

    ```mlir
    %s = linalg.generic {iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<4096x4096xi8>) outs(%acc : tensor<4096xi64>)
        {rmean.reduction} { extsi to i64, addi }
    // becomes
    %s = linalg.generic {iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<4096x4096xi8>) outs(%acc32 : tensor<4096xi32>)
        {rmean.reduction} { extsi to i32, addi }
    ```

    Test: `test/Transforms/narrow-integer-sums.mlir`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def RmeanViewComplexAsRealPass
    : Pass<"rmean-view-complex-as-real", "::mlir::func::FuncOp"> {
  let summary = "Sum rmean's complex reductions as real reductions of parts";
  let description = [{
    A complex sum has no vector form upstream (vectors have no complex
    lanes), so it would stay a scalar loop. For each reduction marked
    `rmean.reduction` whose input is `complex<f32>` or `complex<f64>` (read
    in order; its accumulators, two per part for `complex<f64>`, indexed by
    the kept dimensions and filled with the same constants for both parts;
    no `rmean.cpu_strategy` written by hand; no empty dimension), this pass
    reads the input through `rmean.view_as_real` (the same data with a
    trailing dimension of 2 parts, no copy) and sums the parts as a real
    reduction of the part type, marked `rmean.reduction`: the `f32` or
    compensated `f64` sum of docs/ReduceMean.md §4.2 per part, with
    accumulators [kept..., 2]. A kept last dimension and the parts merge
    into one kept dimension (complex columns become real columns twice as
    wide); after a reduced last dimension, the parts are a kept dimension
    of 2, which `rmean-cpu-tile` widens into lanes. The original
    accumulators' users read each part's slice. The sums and their order
    per part are those of a real input, so each part meets its real type's
    bound.

    ```mlir
    %s:2 = linalg.generic {iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x100xcomplex<f32>>) outs(%re, %im : tensor<64xf64>, tensor<64xf64>)
        {rmean.reduction}
    // becomes
    %p = rmean.view_as_real %x : tensor<64x100xcomplex<f32>> to tensor<64x100x2xf32>
    %s = linalg.generic {iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%p) outs(%acc : tensor<64x2xf64>) {rmean.reduction}
    %re = tensor.extract_slice %s[0, 0] [64, 1] [1, 1] : tensor<64x2xf64> to tensor<64xf64>
    %im = tensor.extract_slice %s[0, 1] [64, 1] [1, 1] : tensor<64x2xf64> to tensor<64xf64>
    ```

    Test: `test/Transforms/view-complex-as-real.mlir`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::rmean::RmeanDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def RmeanSplitReducedRunsPass
    : Pass<"rmean-split-reduced-runs", "::mlir::func::FuncOp"> {
  let summary = "Split rmean sums over separate reduced runs into two sums";
  let description = [{
    The CPU strategies handle one reduced run per reduction (rows, columns,
    middle axes); a sum whose reduced dimensions are separated by kept ones
    (`[R, P, R]`: batch statistics over axes (0, 2, 3) of NCHW; `[P, R, P,
    R]`, ...) would stay a scalar loop. For each such reduction marked
    `rmean.reduction` (one input read in order, one accumulator filled by a
    `linalg.fill`, a body ending in `arith.addf`/`arith.addi` into the
    accumulator, no `rmean.cpu_strategy` written by hand), this pass builds:

    1. the partial sums over the innermost reduced run, with the original
       body, every other dimension kept: the input collapsed to `[P, R]` or
       `[P, R, P]` (free on contiguous tensors), so that the strategies
       vectorise it like a row or middle-axis mean;
    2. the sum of the partial sums over the other reduced dimensions (like
       adjacent dimensions collapsed), adding as the original body adds,
       then reshaped to the original result. If it still has separate
       runs, it is split again.

    Both are marked `rmean.reduction`. The partial sums are in the
    accumulator type (f64, i64, i128), so the result is the same sum in
    another order: integers stay exact, and floats keep the
    docs/ReduceMean.md §4 bound (the partial sums are added in f64).
    Compensated f64 sums (two accumulators) and complex sums not yet
    viewed as real parts (`rmean-view-complex-as-real`) are left alone, as are reshapes that would put two dynamic sizes in one group
    (MLIR 22's expand-strided-metadata crashes on them).

    ```mlir
    %s = linalg.generic {iterator_types = ["reduction", "parallel", "reduction"]}
        ins(%x : tensor<8x64x784xf32>) outs(%acc : tensor<64xf64>) {rmean.reduction}
    // becomes
    %c = tensor.collapse_shape %x [[0, 1], [2]] : ... into tensor<512x784xf32>
    %p = linalg.generic {iterator_types = ["parallel", "reduction"]}
        ins(%c) outs(%fill : tensor<512xf64>) {rmean.reduction}   // the body
    %e = tensor.expand_shape %p [[0, 1]] ... into tensor<8x64xf64>
    %s = linalg.generic {iterator_types = ["reduction", "parallel"]}
        ins(%e) outs(%fill2 : tensor<64xf64>) {rmean.reduction}   // addf
    ```

    Test: `test/Transforms/split-reduced-runs.mlir`.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def RmeanSelectCPUStrategyPass
    : Pass<"rmean-select-cpu-strategy", "::mlir::func::FuncOp"> {
  let summary = "Choose how each rmean reduction is tiled and vectorised on CPU";
  let description = [{
    Looks at every reduction `linalg.generic` created by
    `convert-rmean-to-linalg` (marked `rmean.reduction`; its dimensions are
    already coalesced) and records the decision as a typed attribute
    `rmean.cpu_strategy = #rmean.cpu_strategy<...>` that `rmean-cpu-tile`
    and `rmean-cpu-vectorize` apply:

    - `kind = inner`: the only reduced dimension is the last one (row
      means, NCHW pooling, reduce-all; `vector_size` is doubled for rows of
      512 or more, or dynamic, but not for compensated f64 sums nor for rows
      read four per step, below). Rows are
      processed `rows_per_step` at a time (1 by default; with
      `target-vector-bits` below 512, static rows of 4096 or more take 4
      rows per step at `vector-size` lanes instead, and so do static f32
      rows of 384 to 3072 elements (at least 24 vectors of `vector-size`)
      in an input of at least 4 MiB at 512 bits, read from L3 or memory,
      when each thread steps at least 64 rows: 1.06-1.29x on AMD Zen 5,
      but 1024 wide 0.90-1.16x and 640 wide 0.77-0.91x; on one thread,
      static f32 inputs of at least 16 MiB whose rows divide into 1024-row
      chunks take those four rows as `row_streams = true`, one from each
      quarter of a chunk, and so do rows longer than 3072 and i32 rows of
      384 or more: 1.08-1.26x; a static f32 or i32 reduce-all of 16 MiB
      or more on one thread reads its four quarters so: 1.13-1.35x, and
      an f32 one on two threads the quarters of each half: 1.04-1.21x);
      the row is split into `vector_size`-wide partial sums (independent
      vector accumulators, blocked summation) merged once per row. Short
      static rows (below 64 elements, up to 256 and not a multiple of
      `vector_size`, or any up to 256 when `target-vector-bits` is 512 or
      more but 8- and 16-bit integers; not compensated f64 or exact i64
      sums) are read whole: `vector_size` the next power of two at or
      above their length, `rows_per_step` 8 up to 64 lanes (signed
      bytes, which sum in i16, 1024 / `vector_size` rows at 512 bits: 64
      rows of 9, 16 of 49; 3x3 i8 pooling 1.9-2.1x), else
      `target-vector-bits` (at least 256) elements' worth (256 for rows
      that `vector_size` divides), at least 2; rows of exactly
      `vector_size` (64, 128 or 256) elements in a static input of at
      most 1 MiB read by one thread, which the L2 serves, 4096 elements'
      worth, halved until that divides the rows into at least four steps
      (else the rule above; 1.4-1.85x from L2 on AMD Zen 5; from L3 it
      measured slower). Rows of a run-time length take `masked_tail` where
      the target has masked loads of the element type (512 bits; 256 bits
      for 32- and 64-bit elements), and float and 8- or 16-bit integer ones
      on 512-bit targets also `rmean.cpu_short_rows`: rows of at most 64
      elements, chosen at run time, read whole, eight per step, at 64
      lanes.
    - `kind = outer`: the reduced dimension is followed by one kept,
      contiguous dimension (column means, NHWC pooling, middle axes). The
      kept dimension is cut into `cache_tile`-wide chunks (`cache-tile`,
      twice that for 8- and 16-bit elements over more columns or a run-time
      count; with one row per step, a whole static row whose accumulator
      row takes at most 64 KB, which then streams as one run) whose
      accumulators stay in cache while the reduced rows stream past,
      `rows_per_step` rows (`outer-rows-per-step`; by default 8 on rows of
      2048 or more and on f16/bf16 and 8-bit integer rows of any width
      (2-3x one row per step on AMD Zen 5, 256-bit code 1.7-2.3x; 8-bit
      NHWC pooling 1.09-3.5x), else 1; a count of rows per step that does not divide a
      static number of reduced rows gives way to the largest one down to
      three quarters of it that does, 49 rows of 7x7 pooling taking 7 at a
      time instead of 6 x 8 and a single row: 1.03x in f32, 1.05-1.08x in
      bf16 on AMD Zen 5) and `vector_size` lanes at a time; 8- and
      16-bit integers take 4x and 2x the lanes (a 64-byte line of each row
      per step at 512 bits) when there are that many columns or a run-time
      count. The selection never sets `row_blocks` (whole f16/bf16 rows
      one after the other into a row of f32 partial sums): measured faster
      on AMD Zen 4 before the interleaved bf16 step widened two elements
      per 32-bit word, it is slower on Zen 5 at every width (bf16 7x7 and
      56x56 NHWC pooling of 64-512 channels 1.3-2.5x without it, f16
      0.95-1.5x); strategies written by hand keep it.
    - `kind = none`: anything else (several separate reduced runs that
      `rmean-split-reduced-runs` did not split,
      128-bit or compensated accumulators): left to the scalar lowering.

    With `num-threads` above 1 the strategy also records `threads` (1 for
    inputs of a static size below `min-threaded-bytes`, 1 MiB by default,
    which take less time to read than an OpenMP team takes to start): the
    outermost kept dimension is split into one `scf.forall` chunk per
    thread, or, for a reduce-all, the reduced dimension is (partial sums
    per thread, combined in a fixed order so results do not depend on
    scheduling).

    An op that already has `rmean.cpu_strategy` keeps it, so a user or a
    tuner can override the choice by hand (on the `rmean.reduce_mean`, which
    the conversion carries onto its reduction, or on the reduction itself).
    Options outside the range the attribute accepts (vector-size in
    [1, 1024], cache-tile in [1, 2^30], num-threads in [1, 4096],
    outer-rows-per-step 0 or in [1, 64], min-threaded-bytes and
    row-streams-bytes in [0, 2^31]) are an error.

    ```mlir
    %s = linalg.generic {iterator_types = ["parallel", "reduction"], ...}
        {rmean.reduction} ...
    // gets
    %s = linalg.generic ... {rmean.cpu_strategy = #rmean.cpu_strategy<
        kind = inner, vector_size = 16, cache_tile = 1024>, rmean.reduction}
    ```

    Test: `test/Transforms/select-cpu-strategy.mlir`.
  }];
  let dependentDialects = ["::mlir::rmean::RmeanDialect"];
  let options = [
    Option<"vectorSize", "vector-size", "int64_t", /*default=*/"16",
           "Accumulator lanes per vector tile (elements, not bytes)">,
    Option<"cacheTile", "cache-tile", "int64_t", /*default=*/"1024",
           "Kept elements per cache tile of outer/middle reductions (twice "
           "as many for 8- and 16-bit elements, four times for their i32 "
           "sums and for compensated f64 sums, over more columns)">,
    Option<"numThreads", "num-threads", "int64_t", /*default=*/"1",
           "Threads to split each reduction over (scf.forall)">,
    Option<"minThreadedBytes", "min-threaded-bytes", "int64_t",
           /*default=*/"1048576",
           "Inputs of a static size smaller than this (bytes) stay on one "
           "thread (0: every input is split)">,
    Option<"targetVectorBits", "target-vector-bits", "int64_t",
           /*default=*/"512",
           "Vector register width of the target (bits): below 512, long "
           "rows take four rows per step at vector-size lanes; at 512 and "
           "above, so do f32 rows of 384-3072 in an input of 4 MiB or more, "
           "and on one thread from 16 MiB, in 1024-row chunks, any longer "
           "f32 rows and i32 rows of 384 or more, as row streams, and "
           "f32 or i32 reduce-alls (f32 only on two threads) as four "
           "quarter streams">,
    Option<"rowStreamsBytes", "row-streams-bytes", "int64_t",
           /*default=*/"16777216",
           "Inputs of at least this many bytes take the four-row steps of "
           "qualifying rows (target-vector-bits), and static reduce-alls "
           "their four quarters, as row streams: static "
           "shapes at compile time, row means of a run-time size at run time "
           "(rmean.cpu_large_input); in [0, 2^31]">,
    Option<"outerRowsPerStep", "outer-rows-per-step", "int64_t",
           /*default=*/"0",
           "Rows each outer step adds before its accumulator update, 1-64 "
           "(0: 8 on rows of 2048 or more, or dynamic, or of f16/bf16 or "
           "8-bit integers, else 1; compensated "
           "sums and narrow columns keep their own; down to 3/4 of it when "
           "that divides a static count of reduced rows and it does not)">
  ];
}

def RmeanCPUTilePass : Pass<"rmean-cpu-tile", "::mlir::func::FuncOp"> {
  let summary = "Tile rmean reductions as their CPU strategy says";
  let description = [{
    Applies the `#rmean.cpu_strategy` of each reduction marked
    `rmean.reduction` with upstream machinery: `scf::tileUsingSCF` for the
    thread split (`scf.forall`; a reduce-all splits its reduction into
    per-chunk partial sums merged in a fixed order; an input of dynamic
    size gets an `scf.if` that takes the threads only from
    `min-threaded-bytes`, 1 MiB by default, with a single-threaded copy of
    the strategy below; none under a bound of 0), the cache tiles, row
    steps and vector-wide tiles (partial-reduction tiling for "inner", its
    accumulators starting at -0.0), and loop peeling so that full tiles are
    static. An "inner" row of static length no longer than `vector_size`
    is not split into lanes: `rows_per_step` whole rows make one tile (a
    single row, as a reduce-all, is its own tile). With `row_streams`, the
    step loop of a static row count that `rows_per_step` divides into T
    >= 2 steps runs T steps of one whose tiles take rows i, i + T, i + 2T, ...
    (slices of stride T: upstream tiling has no strided tiles); other row
    loops take adjacent rows. With `masked_tail`, the peeled last, partial
    step of a row of a run-time length becomes a full step: its input
    padded to `vector_size` with the additive identity (`tensor.pad`, read
    as one masked vector) and added to all the lanes. A reduction with
    `rmean.cpu_short_rows` gets an `scf.if` on its row length: short rows
    take `rows_per_step` whole rows per step, each padded so to the
    strategy's `vector_size`, the rows left over peeled. A padded `si*` or
    `ui*` input is first cast to its signless type (the body's own cast
    moves onto it), so that the pad holds a signless 0. A reduce-all with
    `row_streams` (a static
    size that `rows_per_step` divides) is first split by upstream's split
    reduction into `rows_per_step` contiguous parts summed as rows of one
    step (each from -0.0), whose sums a second reduction adds in part
    order. The finalising division
    (`rmean.finalize`) of such a reduction
    is tiled along its last dimension. A reduction on one thread with a
    single plain accumulator (not the compensated pair or 64-bit halves)
    whose result only the division reads goes the other way round: the
    division is tiled in chunks of the kept dimensions ("outer": its
    cache tiles; "inner": 1024 rows, or one step of whole rows of a mean
    other than f16 and bf16, which then divides its sums in registers, the
    last, partial step peeled and scalar) and the reduction and the fill
    of its accumulator are fused into each chunk
    (`scf::tileConsumerAndFuseProducersUsingSCF`), then tiled as above, so
    each chunk sums into an accumulator of its own size and divides it
    while it is in cache rather than filling, rereading and dividing one
    of the output's size (for 64x2048 pooling outputs, 1 MB of f64 beside
    24.5 MB of input). Full tiles are marked
    `rmean.vectorize` for `rmean-cpu-vectorize`, and the loops that
    accumulate a reduction `rmean.accumulation_loop`. A strategy whose
    kind does not fit the reduction's layout (written by hand) gets a
    warning and the reduction stays scalar. Two accumulators upstream
    cannot tile or vectorise get accumulators of their own first
    (`ReductionLanes.h`): a compensated f64 sum becomes `vector_size`
    Neumaier lanes per row (rows read as [steps, lanes], one step per tile,
    lanes merged by the compensated step, the tail by the original body),
    and columns go through blocks of 8 rows one row per step; an exact i64
    sum (i128 accumulator) becomes two i64 sums of the elements' low and
    high 32 bits per lane or column, merged into i128. Upstream's clean-up
    patterns after tiling run on the ops this pass created only; user IR
    around the reductions is left as it is.

    ```mlir
    %s = linalg.generic {iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x100xf32>) outs(%acc : tensor<64xf64>)
        attrs = {rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner,
                 vector_size = 16, cache_tile = 1024>, rmean.reduction}
    // becomes, per row, 16-wide partial sums and a scalar remainder
    scf.for %row = %c0 to %c64 step %c1 ... {
      %p = scf.for %j = %c0 to %c96 step %c16 iter_args(%part = %fill)
          {rmean.accumulation_loop} {
        linalg.generic ... ins(... : tensor<1x16xf32>) {rmean.vectorize}
      }
      linalg.generic ... ins(... : tensor<1x?xf32>)   // the peeled tail
      linalg.reduce ... {rmean.vectorize}             // the merge
    }
    ```

    With `row_blocks = true`, an "outer" chunk of whole f16/bf16 rows
    whose reduced count `rows_per_step` divides (and `rows_per_step - 1 <=
    block-trips`) is tiled into blocks of `rows_per_step` rows, each summed
    one row after the other, `vector_size` lanes at a time, into one row
    of f32 partial sums made before the blocks' loop (filled with -0.0 per
    block; bf16 widened and scaled by 2^-k, 2^k >= `rows_per_step`, exact
    and unable to overflow), which one elementwise op then adds to the f64
    accumulator row (times 2^k); other chunks take the interleaved step.

    Test: `test/Transforms/cpu-tile.mlir`.
  }];
  let options = [
    Option<"blockTrips", "block-trips", "int64_t", /*default=*/"8",
           "The most rows - 1 an outer step of whole f16/bf16 rows sums in "
           "f32 before adding them to its f64 accumulator row, as "
           "rmean-narrow-accumulators' option of that name (0: none)">,
    Option<"minThreadedBytes", "min-threaded-bytes", "int64_t",
           /*default=*/"1048576",
           "Inputs of a run-time size smaller than this (bytes) take the "
           "one-thread copy of a threaded strategy (0: always threaded)">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::rmean::RmeanDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def RmeanCPUVectorizePass
    : Pass<"rmean-cpu-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Vectorise the tiles rmean-cpu-tile marked";
  let description = [{
    Vectorises every linalg op marked `rmean.vectorize` whose shape is
    static (`linalg::vectorize`; other peeled remainders stay scalar), and every
    marked `tensor.pad` (the padded tails of `masked_tail`) as one masked
    read to its static shape, the pad value in the lanes beyond its input
    and the mask an operand of the read: a body's
    cast of unsigned elements to signless ones moves onto the vectors read
    (masked ones too, their sizes read from the uncast tensor); a read of
    whole static rows of an odd length (signless bytes in rows of fewer
    than 32, which LLVM would load byte by byte) becomes one read of the
    contiguous run the rows form, reshaped (3x3 i8 pooling 3x);
    and a tile whose reduced dimensions have one iteration but whose
    combiner upstream cannot match (the compensated f64 step) is rewritten
    as an elementwise update first (`linalg::dropUnitDims`). It then
    finishes the vector code it created: leading unit vector dimensions are
    dropped, its multi-reductions lowered (reductions across the rows of an
    "outer" step become vector adds, the per-row merges of "inner" become
    horizontal reductions, and the sums of G whole rows (G a power of two,
    integers, or f64 lane merges) one tree of shuffles shared between the
    rows: each row halved to a register's width, then pairs of vectors
    combined by two shuffles and an add that halve the lanes per row and
    double the rows per vector; whole rows of integers widened to i64 or
    i32 sum in i16 or i32 instead where their N lanes cannot leave it
    (N ≤ 2^(16 - b) or 2^(32 - b) for b-bit elements; zero-extended bytes
    in i32 stay there) and widen the sums once; whole rows widened from
    f32/f16/bf16 to f64 are left marked `rmean.row_sum` for
    `rmean-narrow-accumulators`),
    loop-invariant accumulator reads and writes of
    the loops marked `rmean.accumulation_loop` hoisted so accumulators live
    in registers, reads of filled accumulator tiles forwarded as constants,
    and its horizontal float sums built as trees of vector additions by
    halves (fixed order, so results stay deterministic). Vector divisions
    of f64 sums by a splat count (up to 64 lanes) whose quotient is rounded
    to a narrower float become a product with the reciprocal corrected by
    one fma remainder step, which gives the division's bits. Every clean-up
    runs on this pass's own ops only: vector reductions and divisions
    already in the function keep their form and strict order.

    ```mlir
    %p = scf.for %j = %c0 to %c96 step %c16 iter_args(%part = %fill)
        {rmean.accumulation_loop} {
      linalg.generic ... ins(... : tensor<1x16xf32>) {rmean.vectorize}
    }
    // becomes
    %p = scf.for %j = %c0 to %c96 step %c16 iter_args(%v = %negzeros)
        {rmean.accumulation_loop} -> (vector<16xf64>) {
      %x = vector.transfer_read ... : tensor<1x16xf32>, vector<16xf32>
      %s = arith.addf %v, (arith.extf %x) : vector<16xf64>
    }
    ```

    Test: `test/Transforms/cpu-vectorize.mlir`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::rmean::RmeanDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def RmeanNarrowAccumulatorsPass
    : Pass<"rmean-narrow-accumulators", "::mlir::func::FuncOp"> {
  let summary = "Blocked f32 accumulation in vectorised reduction loops";
  let description = [{
    The numerics of `rmean` accumulate f16, bf16 and f32 in f64 (one
    rounding, within one ulp). In a vectorised loop that costs two widening
    conversions and two f64 additions per f32 vector of input, which bounds
    f16/bf16 reductions at about a third of the memory read speed. docs/ReduceMean.md §4
    asks for f32 accumulation with blocked summation; this pass provides it
    where it pays: every `scf.for` whose vector accumulator is updated only
    as `acc(f64) + extf(x)` is strip-mined into blocks of `block-trips`
    iterations that accumulate in f32 lanes (from -0.0), each block's
    partial sums then added to the f64 accumulator. The error stays bounded
    per block, (block-trips - 1) * 2^-24 of the block's sum of magnitudes,
    whatever the reduced size.
    1-D bf16 vectors widen two elements per 32-bit word with one shift and
    one mask (the even and odd elements accumulate in two half-width f32
    vectors, interleaved back into element order once per block) rather
    than the zero-extension and shift per element of `arith.extf`.
    The row steps of the "outer" strategy (`rows_per_step` rows read as one
    `vector<RxN>` and added one by one into the f64 accumulator row) are
    summed pairwise in f32 first and added once, when R - 1 <= block-trips;
    rows of 32 or more bf16 lanes widen two elements per 32-bit word as
    above, their even and odd halves summed by the same tree and
    interleaved once per step. Their f64 fallback widens the f32 rows
    again (exact), so that the narrow vector has no other user and LLVM
    loads it as integers (AVX2 has no bf16 vectors: it assembled them
    element by element, 2.3x slower).
    The sums of whole rows that `rmean-cpu-vectorize` marks `rmean.row_sum`
    (short rows, widened to f64) are summed in f32 by the shuffle tree of
    `populateRmeanRowSumPatterns` when a pairwise sum of a row rounds each
    element at most `block-trips` times (ceil(log2 N) for rows of N), and
    in f64 otherwise; this pass lowers them in every case, also with
    `block-trips=0`. With `target-vector-bits` of 512 or more, whole bf16
    rows are summed from pairs of elements (two per 32-bit word, widened
    by a shift and a mask, as the row steps above), rows whose length is
    not a power of two read again padded with -0.0 to one (masked 16-bit
    loads, which AVX2 lacks); the fallback widens the loaded words itself
    (NCHW 7x7 bf16 pooling 1.2-1.3x, rows of 256 1.3-1.4x on Zen 5).
    Loops whose i64 accumulators add 8- or 16-bit integers (`acc +
    extsi(x)`, `acc + extui(x)`) are strip-mined the same way into blocks
    of 2^(31 - bits) iterations that add in i32 lanes, which cannot
    overflow there, each block widened as the elements were and added once:
    exact, so with no check or fallback and whatever `block-trips` says
    (i8 rows: half the widening and additions of i64 lanes). Row steps
    of such integers are added pairwise in i32 (exact for fewer than
    2^(31 - bits) rows), or in i16 for up to 2^(16 - bits) rows of at most
    8 bits (exact too; half the widening work), and widened once.
    A block (or row step, or step of whole rows) whose f32 sums are not all finite (an input NaN or Inf, or an
    f32 overflow such as two bf16 values near 3.4e38) is summed again in
    f64 by the original loop, so overflow and special values behave exactly
    as without this pass. Strip-mined loops test once rather than per
    block: they run unchecked first, and again from their start values,
    checked per block, only when the f64 sums they leave are not all finite
    (a non-finite block makes its f64 sum Inf or NaN for good, so finite
    sums mean every block was finite: the same bits either way; 256 MB
    reduce-all 1.02-1.03x). Row steps test once per loop over rows whose
    f64 accumulators start from a `linalg.fill`: the loop runs unchecked,
    one fma per accumulator vector then sums them times 0.0 (NaN where any
    is not finite), and only a non-finite result fills the accumulators
    again and runs the loop checked per step (NHWC 7x7 f32 pooling
    1.12-1.15x, f16 columns 1.05x on Zen 5). Steps of whole rows in a loop
    that `rmean-cpu-tile` marked `rmean.whole_rows_loop` test once per loop
    too: an extra iter_arg sums each step's f32 sums times 0.0 (one fma per
    step), and only a non-finite result runs the loop again, checked per
    step, on the same tensor (filled again where it starts from a fill, as
    left where the loop only overwrites it); loops that read other values
    keep the test per step (NCHW 7x7 f32 pooling from L2 1.39x on Zen 5:
    the rows of a step no longer stay live for the fallback, 77 spill
    stores before). The unchecked block loops keep the
    `rmean.accumulation_loop` marker, so that `rmean-prefetch` serves them;
    the checked ones and the i32/i16 integer blocks lose it.
    ```mlir
    %r = scf.for %i = %lb to %ub step %c32 iter_args(%acc = %init) {
      %x = vector.transfer_read ... : tensor<1x4096xf16>, vector<32xf16>
      %e = arith.extf %x : vector<32xf16> to vector<32xf64>
      %s = arith.addf %acc, %e : vector<32xf64>
      scf.yield %s
    }
    // becomes (block-trips = 8, then the block loop is peeled)
    %r = scf.for %b = %lb to %ub step %c256 iter_args(%acc = %init) {
      %n = scf.for %i = %b to %end step %c32 iter_args(%a = %negzero) {
        ... %s = arith.addf %a, (arith.extf %x to f32) : vector<32xf32>
      }
      %ok = (all lanes of %n finite)
      %next = scf.if %ok { %acc + extf(%n) } else { original loop over the block }
    }
    ```
    With the default 8 iterations the bound is 10 * 2^-24 (about 2^-20.7) of the sum of
    magnitudes, inside docs/ReduceMean.md §4's 2^-20 even for the worst input order.
    `narrow-f32=false` keeps f32 inputs in f64 (one ulp), at some speed
    on cache-resident data. Only the loops that
    `rmean-cpu-tile` marks `rmean.accumulation_loop` are
    considered (never user loops), and only those whose bodies are free of
    memory effects (the fallback re-runs the body).
    Test: `test/Transforms/narrow-accumulators.mlir`.
  }];
  let options = [
    Option<"blockTrips", "block-trips", "int64_t", /*default=*/"8",
           "Loop iterations summed in f32 before each f64 addition">,
    Option<"narrowF32", "narrow-f32", "bool", /*default=*/"true",
           "Narrow accumulators of f32 inputs too (f16/bf16 always)">,
    Option<"targetVectorBits", "target-vector-bits", "int64_t",
           /*default=*/"512",
           "Vector register width of the target (bits): from 512 on, whole "
           "bf16 rows are summed from pairs of elements">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::rmean::RmeanDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::ub::UBDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def RmeanRaisePass : Pass<"rmean-raise", "::mlir::func::FuncOp"> {
  let summary = "Recognise a sum scaled by its element count as rmean.reduce_mean";
  let description = [{
    Front ends without a mean write one as a sum and a scaling; raised to
    `rmean.reduce_mean`, it gets rmean's numerics (docs/ReduceMean.md §4)
    and CPU strategies. Recognised, for f16/bf16/f32/f64 tensors with
    static reduced sizes, only when the scale is exactly the element count
    (or its reciprocal rounded to the element type):

    - TOSA: a chain of single-use `tosa.reduce_sum` (one per axis) scaled
      by `tosa.mul` with a splat constant and shift 0, raised to a
      `keep_dims` mean (a following `tosa.reshape` stays);
    - linalg (also what TOSA-to-linalg produces): a single-use
      `linalg.reduce` of `arith.addf` into a `linalg.fill` of 0.0, read by
      an elementwise `linalg.generic` that divides by the count or
      multiplies by its reciprocal.

    Integer sums, other counts (partial sums, sums of other dimensions) and
    sums with other users are left alone.

    ```mlir
    %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
    %m = tosa.mul %s, %eighth, %shift : (...) -> tensor<4x1xf32>
    // becomes
    %m = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true}
        : tensor<4x8xf32> -> tensor<4x1xf32>
    ```

    Test: `test/Transforms/raise.mlir`.
  }];
  let dependentDialects = ["::mlir::rmean::RmeanDialect"];
}

def RmeanSelectGPUStrategyPass
    : Pass<"rmean-select-gpu-strategy", "::mlir::func::FuncOp"> {
  let summary = "Choose how each rmean reduction is mapped to GPU blocks and threads";
  let description = [{
    Records `rmean.gpu_strategy = #rmean.gpu_strategy<...>` on every
    reduction `linalg.generic` marked `rmean.reduction` (dimensions already
    coalesced) that has none, for `rmean-gpu-distribute`:

    - `kind = inner` when the only reduced dimension is the last one: a
      warp per row (`threads_per_output = 32`) for rows shorter than 1024
      elements, else the whole block; `items_per_thread` fills a 128-bit
      load when the static row length is a multiple of it (else 1); when
      the static number of rows is too small to give every SM of an
      H100-class GPU (132) two blocks, each row is split over
      `blocks_per_output` blocks of at least 16 Ki elements each (a
      reduce-all of dynamic size gets 264).
    - `kind = outer` when one reduced dimension is followed by kept ones:
      a thread per (output, chunk); when the outputs are fewer than 264
      blocks' worth of threads and the reduced extent is static, it is
      split into enough chunks (of at least 256 rows) to fill them.
    - `kind = serial` otherwise.

    Options override the choice of the block size and, when non-zero, of
    items per thread and blocks per output (values the attribute does not
    accept for the chosen kind are an error). A reduction that already has
    a strategy keeps it.

    ```mlir
    %s = linalg.generic {iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x4096xf32>) ... {rmean.reduction}
    // gets
    ... {rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner,
          block_size = 256, threads_per_output = 256,
          items_per_thread = 4>, rmean.reduction}
    ```

    Test: `test/Transforms/select-gpu-strategy.mlir`.
  }];
  let dependentDialects = ["::mlir::rmean::RmeanDialect"];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block">,
    Option<"itemsPerThread", "items-per-thread", "int64_t", /*default=*/"0",
           "Consecutive elements a thread reads per step (0: chosen)">,
    Option<"blocksPerOutput", "blocks-per-output", "int64_t",
           /*default=*/"0",
           "Blocks (chunks) that share one output (0: chosen)">
  ];
}

def RmeanGPUDistributePass
    : Pass<"rmean-gpu-distribute", "::mlir::func::FuncOp"> {
  let summary = "Map rmean reductions to gpu.launch kernels as their GPU strategy says";
  let description = [{
    Runs on bufferized IR. Each reduction marked `rmean.reduction` with a
    `#rmean.gpu_strategy`, together with the `linalg.fill`s of its
    accumulators and its `rmean.finalize` division, becomes one
    `gpu.launch` (two when `blocks_per_output` > 1: partial sums into a
    temporary buffer, then a kernel with a warp per output that adds them
    in a fixed order and divides). The linalg body is cloned as the per-element step, so every
    element type keeps the accumulators of docs/ReduceMean.md §4
    (compensated `f64`, `i128`, complex parts); partial accumulators are
    added part by part.

    Written by hand rather than with upstream tiling and
    `map_nested_forall_to_threads` because the block-cooperative merge
    (warp shuffles of each 32-bit word of an accumulator, per-warp partials
    in workgroup memory, a barrier, one thread per output finishing) is not
    expressible there without races (see docs/Rationale.md).

    - `inner`: `threads_per_output` threads stride over a row,
      `items_per_thread` elements per step (one `vector.load` of 16 bytes
      or less, aligned as the row), then a `gpu.shuffle xor` tree and, for
      more than a warp per row, `workgroup` memory and `gpu.barrier`.
    - `outer`, `serial`: one thread per output (consecutive threads on the
      contiguous kept dimension), looping over the reduced dimensions.

    Launches are grid-stride loops with the grid capped at 2^31 - 1 blocks,
    so any size runs; a zero-sized grid is skipped by the runtime. A
    strategy that does not fit the layout gets a warning and `serial`.

    ```mlir
    linalg.fill ins(%negzero : f64) outs(%acc : memref<64xf64>)
    linalg.generic ... ins(%x : memref<64x4096xf32>) outs(%acc ...)
        {rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, ...>,
         rmean.reduction}
    linalg.generic ... ins(%acc ...) outs(%out : memref<64xf32>)
        {rmean.finalize}
    // becomes
    gpu.launch blocks(...) threads(...) workgroup(%wg : memref<8x2xi32, 3>) {
      ... scf.for over the row: memref.load, arith.extf, arith.addf ...
      ... gpu.shuffle xor ..., gpu.barrier, memref.store %mean, %out[...]
    }
    ```

    Test: `test/Transforms/gpu-distribute.mlir`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def RmeanContiguousArgumentsPass
    : Pass<"rmean-contiguous-arguments", "::mlir::func::FuncOp"> {
  let summary = "Strided memref arguments: dense ones reread as row-major, "
                "others copied";
  let description = [{
    For `--rmean-cpu-pipeline="strided-inputs=true"`, whose bufferization
    gives function arguments fully dynamic layouts so that the caller's
    strides and offset are honoured. Code on such arguments cannot assume
    unit strides, so it runs scalar. This pass restores the fast code:
    at entry, each memref argument with a non-identity layout is tested at
    run time; if its strides are those of a dense row-major array (a size
    of 1 matches any stride), it is reinterpreted with row-major strides
    (its offset kept); otherwise it is copied into a row-major buffer,
    freed at each return unless a returned value is a view of it (then the
    caller owns it, as it owns every returned buffer). Uses of the argument
    take the result through a `memref.cast`, which canonicalization folds
    into loads, views and vector transfers, so they see a unit innermost
    stride. Runs after bufferization and deallocation.

    Test: `test/Transforms/contiguous-arguments.mlir`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def RmeanStridedCopiesToLoopsPass
    : Pass<"rmean-strided-copies-to-loops", "::mlir::func::FuncOp"> {
  let summary = "Copies between strided memrefs as loops, not calls of "
                "MLIR's runtime memrefCopy";
  let description = [{
    The memref-to-LLVM conversion lowers a `memref.copy` to a `memcpy`
    only when both memrefs have the identity layout or a static,
    contiguous row-major one; any other copy becomes a call of `memrefCopy`,
    which lives in MLIR's `libmlir_c_runner_utils`. Bufferization leaves
    such copies in the pipeline's own output (the peeled last rows of a
    run-time count of short rows written back into the result, say, or
    views of strided arguments with `strided-inputs=true`), so an object
    compiled ahead of time would need that library to link. This pass
    rewrites each of those copies (ranked memrefs only) as a `linalg.copy`,
    which the pipeline's `convert-linalg-to-loops` turns into loops; copies
    that lower to `memcpy` are left alone. Runs on bufferized IR, before
    the conversion to loops.

    ```mlir
    memref.copy %a, %b : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    // becomes
    linalg.copy ins(%a : memref<?xf32>) outs(%b : memref<?xf32, strided<[1], offset: ?>>)
    ```

    Test: `test/Transforms/strided-copies-to-loops.mlir`.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def RmeanPrefetchPass : Pass<"rmean-prefetch", "::mlir::func::FuncOp"> {
  let summary = "Software prefetch of the input lines an accumulation loop "
                "reads next";
  let description = [{
    Runs on bufferized IR. In every `scf.for` that `rmean-cpu-tile` marked
    `rmean.accumulation_loop` and that `rmean-narrow-accumulators` left
    marked (its unchecked f32 block loops keep the marker; its checked
    fallback blocks and integer blocks lose it), each
    `vector.transfer_read` that moves with the induction variable and reads
    a contiguous run of its memref's innermost, unit-stride dimension gets
    one `memref.prefetch` (read, data) per 64-byte line of the vector it
    will read `distance` bytes later: locality 3 (into the L1), or 0
    (non-temporal: not installed in the L2) into a static buffer of 128 MiB
    or more, which streams from memory on every machine (AMD Zen 5, same
    process, against locality 3: 4096x4096 f64 rows 1.3-1.4x, a 256 MB f32
    reduce-all 1.04-1.32x, f64 columns and i64 rows 1.00-1.04x; below that
    size it did not pay: f32 rows of 64-98 MB 0.98-1.02x, 64 MB of i32 rows
    0.84-0.87x, 24 MB of cached f32 rows 0.96x). A plain f32 sum (its
    one input read an f32 vector into f32 vector accumulators) of a static
    buffer of 256 MiB or more gets none: one stream from memory there runs
    as fast as the hardware prefetchers take it (a 256-512 MB reduce-all
    1.10-1.17x without, 128 MB 0.92-0.94x; rows of 256-512 MB
    1.01-1.05x). A read that walks a dense buffer in order (identity
    layout, same element type; the induction
    variable enters its address once, over a static stride equal to the
    vector's length, as in a row read vector by vector) prefetches its
    offset into the flattened buffer (one `memref.collapse_shape` per
    buffer, where it is defined) plus `ceil(distance / vector bytes)`
    vectors, clamped to the buffer's last vector: past a row's end that is
    the start of the next row, which the loop nest reads next and which a
    look-ahead within the loop cannot reach (measured on 4096x4096 `f64`
    rows, same process: 1.03-1.09x the in-row look-ahead). In a loop of a
    static trip count (constant bounds, or an upper bound that is the lower
    one plus a constant: a block of the blocked `f32` sums) that reads no
    more than the look-ahead, over a static buffer of at most 16 MiB, that
    clamp is computed once, before the loop, for its first read (at most
    the buffer's size less the loop's reads), and each prefetch is that
    base plus the distance the read has moved, which folds into the address
    once the block is unrolled (rows of 768 `f32`, AMD Zen 5, against the
    clamp in the loop: 0.75 MB 1.09-1.24x, 3-12 MB 1.03-1.07x; from memory,
    24 MB and up, the clamp in the loop does 1.02-1.07x better, its
    prefetches spread between the loads). A read in a
    loop down the rows of a column block (static trip count, bounds fixed
    in its parent) whose parent loop walks the buffer in order (the
    compensated f64 columns: 8 rows, then the next 16 columns) prefetches
    the same way along the parent, the block's rows sharing half the
    distance (4096 x 4096 f64 columns: 1.05-1.14x). A block of R rows
    (a `vector<R x N>` of the two innermost dimensions, the row stride
    static: the row step of the "outer" strategy) in a loop along the
    columns whose parent moves it down the rows prefetches each of its
    rows' lines in the block `k` parent iterations on (k the fewest whose
    reads span `distance` bytes), each clamped to the buffer's last row of
    N: the next rows are the next streams, which the columns' look-ahead
    cannot reach. Only rows shorter than a 4 KB page per parent iteration,
    where the hardware stream prefetchers have no time to ramp up
    (32x56x56x256 spatial means, 1 KB rows: 1.18-1.30x, AVX2 code 1.35x,
    two threads 1.09-1.13x); longer ones measured 0.87-0.98x (4096-wide
    f32, i64 and i8 columns, NHWC 7x7 pooling) and are left alone. In a
    loop that `rmean-cpu-tile` marked `rmean.whole_rows_loop` (short rows,
    several whole rows per step), a read of all of a static row-major view
    (one contiguous run, also when read padded past the rows' ends) that
    the next iteration follows with the next run prefetches the run
    `distance` bytes on, line by line, clamped to the buffer's last run;
    not for static buffers of at most 1 MiB, which L2 serves as fast
    without (NCHW 7x7 pooling from L3 on AMD Zen 5, same process: f32
    1.07-1.11x, bf16 1.23-1.32x; 14x14 f32 1.18-1.23x; 256x256 f32 rows
    from L2 0.94x with, hence the limit). A masked read there of rows of
    a run-time length padded past their ends (`rmean.cpu_short_rows`)
    prefetches, per iteration, a loop over the lines of the rows it reads
    (their count known at run time) `distance` bytes on, each clamped to
    the buffer's last element, from buffers of 16 MiB or more: for a
    buffer of a run-time size, the outermost loop nest around it is
    versioned on the size where it is known, and only the copy for large
    buffers prefetches (fully dynamic NCHW pooling on AMD Zen 5, same
    process, against none: 64x2048x7x7 f32 2.0-2.1x, 128x2048x7x7 bf16
    3.9x, 256x2048x3x3 f32 1.65x; inputs below the bound 0.98-1.00x; a
    test inside the nest instead cost them 0.82-0.89x). Other
    reads
    prefetch the read's address computation (its subviews and index
    arithmetic, cloned) at the induction variable that many iterations on,
    or at the current one when that is past the loop's end, so every
    prefetched address is one the loop reads. Buffers no larger than the
    distance, loops (of the second kind) whose static trip count is not
    larger than that many iterations, reads that do not move with the loop
    (the accumulators), reads of a buffer the loop also writes (an
    accumulator row read and written back, which stays in cache) and reads
    whose address depends on ops with memory effects are left alone.

    Why: in the compensated `f64` sums (seven vector operations per loaded
    vector) and the exact 64-bit integer halves (four) the out-of-order
    window holds too few loads to keep a memory stream busy, and the
    hardware prefetchers do not run far enough ahead; measured on a 2-core
    Xeon with AVX-512, 4096x4096 `f64` row means read at about 0.4 of the
    read ceiling without prefetch. The blocked f32 loops, with one
    addition per load, still gain where the input comes from memory
    rather than L2 (same Xeon, one thread, against the same loops
    unprefetched: 32x256x56x56 spatial means 1.15x, batch statistics over
    (0,2,3) 1.17x, 4096x4096 rows 1.05-1.10x, the 256 MB reduce-all and
    8192x768 rows 1.04x (on AMD Zen 5 the reduce-all is 1.10-1.17x faster
    without, and single f32 streams of 256 MiB or more now take none),
    256x256 rows from L1 1.00x; AVX2 code 1.02-1.12x;
    two threads 0.99-1.04x); the i8 blocks lose (0.99x) and stay
    unmarked.

    ```mlir
    %r = scf.for %j = %c0 to %c128 step %c1 iter_args(%s = %init) {
      %v = memref.subview %x[%i, %j, 0] [1, 1, 32] [1, 1, 1] : ...
      %x = vector.transfer_read %v[...] : ..., vector<32xf64>
      ...
    } {rmean.accumulation_loop}
    // gains (distance = 8192: 32 vectors of 256 bytes, 1024 elements)
    %flat = memref.collapse_shape %x [[0, 1, 2]] : ... into memref<262144xf64>
      ...
      // before the read: its offset (from the view's metadata) + 1024
      %t = arith.minui %later, %last        // %last = 262144 - 32
      memref.prefetch %flat[%t], read, locality<3>, data
      ... one per line: %t + 8, %t + 16, %t + 24
    ```

    Test: `test/Transforms/prefetch.mlir`.
  }];
  let options = [
    Option<"distance", "distance", "int64_t", /*default=*/"8192",
           "Bytes ahead of each contiguous read that are prefetched "
           "(0: none)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

def RmeanThreadChunksToOpenMPPass
    : Pass<"rmean-thread-chunks-to-openmp", "::mlir::func::FuncOp"> {
  let summary = "Lower rmean's thread loops to OpenMP loops without a "
                "barrier of their own";
  let description = [{
    Runs on bufferized IR. Each `scf.forall` that `rmean-cpu-tile` marked
    `rmean.thread_chunks` (no results: its chunks write their own slices of
    buffers) becomes an `omp.parallel` region of `num-threads` threads that
    holds one `omp.wsloop nowait` over the same iterations (static
    schedule, as `convert-scf-to-openmp` gives), its body in a
    `memref.alloca_scope`:

    ```mlir
    scf.forall (%t) in (2) { ... } {rmean.thread_chunks}
    // becomes
    omp.parallel num_threads(%c2_i32 : i32) {
      omp.wsloop nowait {
        omp.loop_nest (%t) : index = (%c0) to (%c2) step (%c1) {
          memref.alloca_scope { ... }
          omp.yield
        }
      }
      omp.terminator
    }
    ```

    The region's closing barrier already waits for every chunk, so the
    loop's own barrier (what upstream `scf-forall-to-parallel` and
    `convert-scf-to-openmp` emit; neither can say `nowait`, nor keep the
    marker that would tell rmean's loops from others) only makes sleeping
    workers wake a second time per call: with `OMP_WAIT_POLICY=passive`,
    8192 rows of 768 `f32` on two threads (AMD Zen 5, same process) ran
    1.06-1.13x faster without it, as fast as clang's `omp parallel for`. Loops without the marker are left to
    those upstream passes, which the pipeline runs after this one.

    Test: `test/Transforms/thread-chunks-to-openmp.mlir`.
  }];
  let options = [
    Option<"numThreads", "num-threads", "int64_t", /*default=*/"2",
           "threads of each OpenMP region (1-4096, as the pipeline's "
           "num-threads)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::omp::OpenMPDialect"
  ];
}

def RmeanGPUDeviceBuffersPass
    : Pass<"rmean-gpu-device-buffers", "::mlir::ModuleOp"> {
  let summary = "Allocate the host functions' buffers in GPU memory";
  let description = [{
    In the GPU pipeline every memref a host function allocates is read or
    written by kernels, so it must live in device memory: `memref.alloc`
    becomes `gpu.alloc`, `memref.dealloc` becomes `gpu.dealloc`,
    `memref.copy` becomes `gpu.memcpy` between plain row-major buffers and
    a copy kernel (`gpu.launch`) between strided views, and a
    `memref.get_global` (a constant) is copied to a device buffer, freed
    before the function returns unless it is returned (outside
    `gpu.launch` and `gpu.module`). Host code that reads a function
    argument (a device buffer from the caller; in rmean's code, the runtime
    axes) reads a host copy made by `gpu.memcpy` at the start of the
    function and freed at each return. `gpu-async-region` then chains them
    with the launches on one stream. Buffers returned to the caller are device buffers, to be
    freed with `rmeanGpuFree` (include/rmean/Runtime/GpuRuntime.h).

    Test: `test/Transforms/gpu-device-buffers.mlir`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def RmeanGPUEmulateOnCPUPass
    : Pass<"rmean-gpu-emulate-on-cpu", "::mlir::ModuleOp"> {
  let summary = "Run gpu.launch kernels on the host, OpenMP threads as GPU threads";
  let description = [{
    Checks GPU kernels where there is no GPU: each `gpu.launch` becomes a
    host loop over its blocks, and each block an `omp.parallel` region with
    one OpenMP thread per GPU thread, so that the kernel's own code (the
    same IR the NVVM lowering receives) runs with its real block size.
    `gpu.barrier` becomes `omp.barrier`; `gpu.shuffle` (32-bit values)
    goes through a per-block scratch array between two barriers, which is
    exact when, as in rmean's kernels, every thread of the block reaches
    every shuffle; workgroup attributions become per-block `memref.alloca`.
    The region checks at run time that OpenMP gave it every thread it
    asked for. Block and thread ids come from the loop and
    `omp_get_thread_num`.

    For tests (`--rmean-gpu-pipeline="emulate=true"` runs the GPU pipeline's
    kernels through it and the CPU lowering), not for speed: set
    `KMP_BLOCKTIME=0` when blocks have more threads than the machine has
    cores.

    ```mlir
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      ... gpu.barrier ...
    }
    // becomes
    scf.for %bx = %c0 to %n step %c1 { ...
      omp.parallel num_threads(%c64_i32 : i32) {
        %t = func.call @omp_get_thread_num() : () -> i32
        ... omp.barrier ...
      }
    }
    ```

    Test: `test/Transforms/gpu-emulate-on-cpu.mlir`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::omp::OpenMPDialect",
    "::mlir::scf::SCFDialect"
  ];
}

#endif // RMEAN_TRANSFORMS_PASSES_TD
