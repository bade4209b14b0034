// The lane counts follow target-vector-bits (the host's by default): the
// checks pin 512 bits, so they hold on every host.
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 | FileCheck %s --check-prefixes=CHECK,SHORT
// RUN: rmean-opt %s --rmean-cpu-pipeline | FileCheck %s --check-prefix=CLEAN
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 num-threads=2" | FileCheck %s --check-prefix=OMP --implicit-check-not=rmean.thread_chunks
// 256 bits (AVX2) halve the default lanes; an explicit vector-size wins.
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=256 | FileCheck %s --check-prefix=BITS256
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=256 vector-size=16" | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=0" | FileCheck %s --check-prefix=SCALAR
// RUN: rmean-opt %s --rmean-cpu-pipeline | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// The pipeline also runs inside --pass-pipeline, after other passes.
// RUN: rmean-opt %s --pass-pipeline="builtin.module(canonicalize, rmean-cpu-pipeline{target-vector-bits=512})" | FileCheck %s --check-prefixes=CHECK,SHORT
// Invalid option values are one error naming the option and its range
// (not one per function, not scalar code), also inside --pass-pipeline.
// RUN: not rmean-opt %s --rmean-cpu-pipeline="vector-size=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE --implicit-check-not=error
// NEGATIVE: error: rmean-cpu-pipeline: option 'vector-size' must be in [0, 1024], got -1
// RUN: not rmean-opt %s --pass-pipeline="builtin.module(rmean-cpu-pipeline{num-threads=0})" 2>&1 | FileCheck %s --check-prefix=THREADS --implicit-check-not=error
// THREADS: error: rmean-cpu-pipeline: option 'num-threads' must be in [1, 4096], got 0
// RUN: not rmean-opt %s --rmean-cpu-pipeline="block-trips=-3" 2>&1 | FileCheck %s --check-prefix=TRIPS --implicit-check-not=error
// TRIPS: error: rmean-cpu-pipeline: option 'block-trips' must be >= 0, got -3
// RUN: not rmean-opt %s --rmean-cpu-pipeline="vector-size=4294967296" 2>&1 | FileCheck %s --check-prefix=HUGE --implicit-check-not=error
// HUGE: error: rmean-cpu-pipeline: option 'vector-size' must be in [0, 1024], got 4294967296
// RUN: not rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=384" 2>&1 | FileCheck %s --check-prefix=BITS --implicit-check-not=error
// BITS: error: rmean-cpu-pipeline: option 'target-vector-bits' must be 0 (the host) or a power of two in [64, 4096], got 384
// RUN: not rmean-opt %s --rmean-cpu-pipeline="prefetch-distance=1048577" 2>&1 | FileCheck %s --check-prefix=PREFETCH --implicit-check-not=error
// PREFETCH: error: rmean-cpu-pipeline: option 'prefetch-distance' must be in [0, 1048576], got 1048577
// RUN: not rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=-2" 2>&1 | FileCheck %s --check-prefix=ROWS --implicit-check-not=error
// ROWS: error: rmean-cpu-pipeline: option 'outer-rows-per-step' must be in [-1, 64], got -2
// RUN: not rmean-opt %s --rmean-cpu-pipeline="min-threaded-bytes=-1" 2>&1 | FileCheck %s --check-prefix=MINB --implicit-check-not=error
// MINB: error: rmean-cpu-pipeline: option 'min-threaded-bytes' must be in [0, 2147483648], got -1
// RUN: not rmean-opt %s --rmean-cpu-pipeline="min-threaded-bytes=2147483649" 2>&1 | FileCheck %s --check-prefix=MINBHUGE --implicit-check-not=error
// MINBHUGE: error: rmean-cpu-pipeline: option 'min-threaded-bytes' must be in [0, 2147483648], got 2147483649
// RUN: not rmean-opt %s --rmean-cpu-pipeline="row-streams-bytes=-1" 2>&1 | FileCheck %s --check-prefix=STREAMB --implicit-check-not=error
// STREAMB: error: rmean-cpu-pipeline: option 'row-streams-bytes' must be in [0, 2147483648], got -1
// outer-rows-per-step reaches the strategy selection: 8 rows per step for
// the 64x256 column mean below with 8, the width rule's 1 with 0 (the
// default, -1, is the host's choice: 8 on Intel cores with AVX-512).
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 outer-rows-per-step=8" --mlir-print-ir-after=rmean-select-cpu-strategy -o /dev/null 2>&1 | FileCheck %s --check-prefix=OUTER8
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 outer-rows-per-step=0" --mlir-print-ir-after=rmean-select-cpu-strategy -o /dev/null 2>&1 | FileCheck %s --check-prefix=OUTER0
// OUTER8-LABEL: func.func @column_mean
//       OUTER8:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
// OUTER0-LABEL: func.func @column_mean
//       OUTER0:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>
// prefetch-distance=0 turns the software prefetch of rmean-prefetch off.
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 prefetch-distance=0" | FileCheck %s --check-prefix=NOPREFETCH
// Nested under a function (or any non-module anchor), the pipeline is a
// diagnostic, not a fatal error of the pass manager.
// RUN: not rmean-opt %s --pass-pipeline="builtin.module(func.func(rmean-cpu-pipeline))" 2>&1 | FileCheck %s --check-prefix=NESTED --implicit-check-not=LLVM
// RUN: not rmean-opt %s --pass-pipeline="builtin.module(any(rmean-cpu-pipeline))" 2>&1 | FileCheck %s --check-prefix=ANY --implicit-check-not=LLVM
// NESTED: error: rmean-cpu-pipeline runs on 'builtin.module' (it bufferizes and converts whole modules); it cannot nest under 'func.func'
// ANY: error: rmean-cpu-pipeline runs on 'builtin.module' (it bufferizes and converts whole modules); it cannot nest under 'any'

// The whole module reaches the LLVM dialect: no rmean, tensor, linalg,
// memref or scf op survives; functions marked llvm.emit_c_interface keep
// their _mlir_ciface_ wrapper; si*/ui* memrefs at function boundaries lower
// to plain integer descriptors. (The checks' messages, "rmean.reduce_mean:
// ...", are strings, not ops or markers.)

// CLEAN-NOT: {{rmean\.[a-z_]+[^a-z_:]}}
// CLEAN-NOT: linalg.
// CLEAN-NOT: tensor.
// CLEAN-NOT: memref.
// CLEAN-NOT: scf.
// CLEAN-NOT: unrealized_conversion_cast

// The row mean is vectorised: rows of at most 64 elements
// (rmean.cpu_short_rows, 512-bit targets: SHORT) eight at a time, each one masked load of 64 lanes,
// prefetched line by line from buffers of 16 MiB or more; longer rows in
// 32-lane f64 accumulators (dynamic rows), a horizontal reduction per row,
// a vectorised division (by the reciprocal, corrected by an fma remainder
// step). Their f32 blocks prefetch their input too.
// CHECK-LABEL: llvm.func @row_mean
// SHORT:         llvm.intr.prefetch
// SHORT:         llvm.intr.masked.load {{.*}} -> vector<64xf32>
// CHECK:         llvm.intr.prefetch
// CHECK:         llvm.fpext {{.*}} : vector<32xf32> to vector<32xf64>
// CHECK:         llvm.fadd {{.*}} : vector<32xf64>
// CHECK:         llvm.intr.vector.reduce.fadd
// CHECK:         llvm.fmul {{.*}} : vector<32xf64>
// CHECK:         llvm.intr.fma({{.*}}) : (vector<32xf64>, vector<32xf64>, vector<32xf64>) -> vector<32xf64>
// CHECK-LABEL: llvm.func @_mlir_ciface_row_mean
// BITS256-LABEL: llvm.func @row_mean
// BITS256:         llvm.fpext {{.*}} : vector<16xf32> to vector<16xf64>
// BITS256-NOT:     vector<32x
// BITS256-LABEL: llvm.func @_mlir_ciface_row_mean
// vector-size=0 turns the strategies off: scalar loops only.
// SCALAR-LABEL: llvm.func @row_mean
// SCALAR-NOT:     vector<
// SCALAR:         llvm.fadd {{.*}} : f64
// SCALAR-LABEL: llvm.func @_mlir_ciface_row_mean
func.func @row_mean(%x: tensor<?x?xf32>) -> tensor<?xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// The run-time count divides through its f64 reciprocal (unsigned
// conversions), not with an integer division.
// CHECK-LABEL: llvm.func @unsigned_boundary
// CHECK-NOT:     llvm.udiv
// CHECK:         llvm.uitofp {{.*}} : i64 to f64
// CHECK-NOT:     llvm.udiv
// CHECK:         llvm.fptoui {{.*}} : f64 to i64
// CHECK-NOT:     llvm.udiv
func.func @unsigned_boundary(%x: tensor<4x?xui16>) -> tensor<4xui16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x?xui16> -> tensor<4xui16>
  return %0 : tensor<4xui16>
}

// Upstream ops around the reduction lower too: elementwise arith on
// tensors, math, a linalg op and an explicit buffer.
// CHECK-LABEL: llvm.func @mixed
// CHECK:         llvm.intr.exp
func.func @mixed(%x: tensor<8x16xf32>, %out: memref<8xf32>) {
  %e = math.exp %x : tensor<8x16xf32>
  %s = arith.addf %e, %x : tensor<8x16xf32>
  %m = rmean.reduce_mean %s {axes = array<i64: -1>} : tensor<8x16xf32> -> tensor<8xf32>
  bufferization.materialize_in_destination %m in writable %out : (tensor<8xf32>, memref<8xf32>) -> ()
  return
}

// Runtime axes keep their checks down to LLVM, where they printf the
// offending value (convert-rmean-to-llvm); a failed one exits with status
// 70 (rmean-exit-on-failed-check), it does not abort.
// CHECK-LABEL: llvm.func @runtime
// CHECK:         %[[STATUS:.*]] = llvm.mlir.constant(70 : i32)
// CHECK:         llvm.call @printf(%{{.+}}, %{{.+}}) vararg
// CHECK-NEXT:    llvm.call @fflush
// CHECK-NEXT:    llvm.call @_exit(%[[STATUS]])
// CHECK-NOT:     llvm.call @abort
func.func @runtime(%x: tensor<?x?xi8>, %a: tensor<?xi32>) -> tensor<?x?xi8> {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<?x?xi8>, tensor<?xi32> -> tensor<?x?xi8>
  return %0 : tensor<?x?xi8>
}

// LLVMIR: define {{.*}} @row_mean(
// LLVMIR: define void @_mlir_ciface_row_mean(

// Compensated f64 rows do seven vector operations per vector read: their
// accumulation loop prefetches the input 8192 bytes (64 iterations of 16
// f64: compensated rows keep the base lanes) ahead in the flattened input,
// which past a row's end is the next row, clamped to the input's last
// vector; one prefetch per line of the vector (as the f32 blocks of
// @row_mean do).
// CHECK-LABEL: llvm.func @f64_row_mean
// CHECK:         %[[T:.+]] = llvm.select %{{.+}}, %{{.+}}, %{{.+}} : i1, i64
// CHECK-NEXT:    %[[P:.+]] = llvm.getelementptr %{{.+}}[%[[T]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK-NEXT:    llvm.intr.prefetch"(%[[P]]) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}>
// CHECK-NEXT:    %[[T1:.+]] = llvm.add %[[T]], %{{.+}} : i64
// CHECK-NEXT:    %[[P1:.+]] = llvm.getelementptr %{{.+}}[%[[T1]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK-NEXT:    llvm.intr.prefetch"(%[[P1]])
// CHECK-NOT:     llvm.intr.prefetch
// CHECK-LABEL: llvm.func @_mlir_ciface_f64_row_mean
// NOPREFETCH-NOT: llvm.intr.prefetch
// With two threads its 2 MB input is split in two chunks of rows: one
// OpenMP region whose loop has no barrier of its own (the region's end is
// one), and no marker left.
// OMP-LABEL: llvm.func @f64_row_mean
//       OMP:   omp.parallel num_threads(%{{.+}} : i32) {
//  OMP-NEXT:     omp.wsloop nowait {
//  OMP-NEXT:       omp.loop_nest
//       OMP:     omp.terminator
// OMP-LABEL: llvm.func @_mlir_ciface_f64_row_mean
func.func @f64_row_mean(%x: tensor<64x4096xf64>) -> tensor<64xf64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x4096xf64> -> tensor<64xf64>
  return %0 : tensor<64xf64>
}

// A column mean (the outer strategy) for the outer-rows-per-step checks.
func.func @column_mean(%x: tensor<64x256xf32>) -> tensor<256xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<64x256xf32> -> tensor<256xf32>
  return %0 : tensor<256xf32>
}
