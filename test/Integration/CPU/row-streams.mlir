// Row streams (`row_streams`, docs/ReduceMean.md §6.2): static f32 rows in
// an input of at least 16 MiB read by one or two threads on a 512-bit
// target take each four-row step from the four quarters of a chunk's rows
// (one thread), or of a thread's share of them (two threads). Every
// result must be the one four adjacent rows per step give (a strategy
// written by hand): each row is summed by the same steps in the same
// order, so the two agree to the bit, except in a step that also holds a
// row whose f32 block sums are not finite (there every row of the step is
// summed again in f64), and which rows share a step is what differs. The
// special rows below share steps only with rows of exact sums, in all
// three forms; rows 520 to 638 hold values whose sums round, (131 r + 7919
// c) mod 1000 / 7. The count of differing rows is printed (0) for two inputs,
// then some rows of the first.
// - 1024x4096 (exactly 16 MiB, rows longer than 3072: one chunk of 1024
//   rows, streams 256 rows apart). Row 0 the ramp 1..4096, 1 all 3e38 (the
//   f32 block sums overflow, a finite mean), 2 all -0.0, 3 ones with +Inf
//   last, 256 (the second stream's first row) ones with a NaN first, 1023
//   all -3e38, row r otherwise r + (c mod 8) / 4 (mean r + 0.875).
// - 2048x2048 (mid-length rows, exactly 16 MiB: two chunks of 1024 rows,
//   each in streams 256 rows apart), the same rule.
// - 1024x4096 i32 (i32 rows take streams from 384 elements): row 7 all
//   2^31 - 1, row 300 all -2^31 (exact sums beyond i32), row r otherwise
//   (131 r + 7919 c) mod 1000 - 500; means truncate toward zero.
// Dynamic shapes (`rmean.cpu_large_input`) choose the streams at run time:
// the same inputs as tensor<?x?x...> must give the same bits (and one
// thread the same steps), and so must 1027x4096 (a chunk of 1024 rows in
// streams, then 3 rows one at a time) against four adjacent rows, and the
// first 64 rows of the first input (1 MiB: below the bound, the default
// step) against the first 64 rows of four adjacent rows. Four more counts
// of differing f32 rows (0), then that of the i32 rows (0).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// The reference's lanes are those of 512-bit targets: other targets and
// three or more threads choose other lanes, whose sums of the rounding rows
// differ, so the pipeline runs for 512 bits on any host.
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 num-threads=2" | %{run} | FileCheck %s
// The selection (512-bit target) and the strided steps it becomes:
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy | FileCheck %s --check-prefix=STRATEGY
// STRATEGY-LABEL: func.func @streams
// STRATEGY: vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
// STRATEGY-LABEL: func.func @streams_mid
// STRATEGY: vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
// STRATEGY-LABEL: func.func @streams_i32
// STRATEGY: vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
// STRATEGY-LABEL: func.func @dynamic
// STRATEGY: rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 64, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true, masked_tail = true>>, {{.*}}rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
// STRATEGY-LABEL: func.func @dynamic_i32
// STRATEGY: rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 64,
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy --rmean-cpu-tile | FileCheck %s --check-prefix=TILED
// TILED-LABEL: func.func @streams
// TILED: tensor.extract_slice %{{.+}} [4, 4096] [256, 1] : tensor<1024x4096xf32> to tensor<4x4096xf32>
// TILED-LABEL: func.func @adjacent
// TILED-NOT: [256, 1]
// TILED-LABEL: func.func @streams_mid
// TILED: tensor.extract_slice %{{.+}} [4, 2048] [256, 1] : tensor<1024x2048xf32> to tensor<4x2048xf32>
// TILED-LABEL: func.func @dynamic
// TILED: scf.if
// TILED: tensor.extract_slice %{{.+}} [4, %{{.+}}] [%{{.+}}, 1] : tensor<?x?xf32> to tensor<4x?xf32>
// TILED: } else {
// TILED-NOT: tensor.extract_slice %{{.+}} [4, %{{.+}}] [%{{.+}}, 1]
// TILED-LABEL: func.func @dynamic_i32
// Two threads: each streams its half of the rows.
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy=num-threads=2 --rmean-cpu-tile | FileCheck %s --check-prefix=TILED2
// TILED2-LABEL: func.func @streams
// TILED2: tensor.extract_slice %{{.+}} [4, 4096] [128, 1] : tensor<512x4096xf32> to tensor<4x4096xf32>
// TILED2-LABEL: func.func @streams_mid
// TILED2: tensor.extract_slice %{{.+}} [4, 2048] [256, 1] : tensor<1024x2048xf32> to tensor<4x2048xf32>
// TILED2-LABEL: func.func @streams_i32
// TILED2: tensor.extract_slice %{{.+}} [4, 4096] [128, 1] : tensor<512x4096xi32> to tensor<4x4096xi32>

// CHECK: data =
// CHECK-NEXT: [0]
// CHECK: data =
// CHECK-NEXT: [0]
// CHECK: data =
// CHECK-NEXT: [2048.5,  3e+38,  -0,  inf,  {{-?}}nan,  -3e+38,  5.875,  1022.88]
// CHECK: data =
// CHECK-NEXT: [0]
// CHECK: data =
// CHECK-NEXT: [2147483647,  -2147483648]
// CHECK-COUNT-4: data =
// CHECK-NEXT: [0]
// CHECK: data =
// CHECK-NEXT: [0]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @streams(%x: tensor<1024x4096xf32>) -> tensor<1024xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<1024x4096xf32> -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func @adjacent(%x: tensor<1024x4096xf32>) -> tensor<1024xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4>} : tensor<1024x4096xf32> -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func @streams_mid(%x: tensor<2048x2048xf32>) -> tensor<2048xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2048x2048xf32> -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}
func.func @streams_i32(%x: tensor<1024x4096xi32>) -> tensor<1024xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<1024x4096xi32> -> tensor<1024xi32>
  return %0 : tensor<1024xi32>
}
func.func @adjacent_i32(%x: tensor<1024x4096xi32>) -> tensor<1024xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4>} : tensor<1024x4096xi32> -> tensor<1024xi32>
  return %0 : tensor<1024xi32>
}
func.func @adjacent_mid(%x: tensor<2048x2048xf32>) -> tensor<2048xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4>} : tensor<2048x2048xf32> -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}
func.func @dynamic(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @dynamic_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @adjacent_1027(%x: tensor<1027x4096xf32>) -> tensor<1027xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4>} : tensor<1027x4096xf32> -> tensor<1027xf32>
  return %0 : tensor<1027xf32>
}

// Rows whose bits differ, NaNs of any sign or payload counted as equal.
func.func @differing(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %x = tensor.extract %a[%i] : tensor<?xf32>
    %y = tensor.extract %b[%i] : tensor<?xf32>
    %xb = arith.bitcast %x : f32 to i32
    %yb = arith.bitcast %y : f32 to i32
    %ne = arith.cmpi ne, %xb, %yb : i32
    %xn = arith.cmpf uno, %x, %x : f32
    %yn = arith.cmpf uno, %y, %y : f32
    %both = arith.andi %xn, %yn : i1
    %true = arith.constant true
    %nb = arith.xori %both, %true : i1
    %diff = arith.andi %ne, %nb : i1
    %inc = arith.extui %diff : i1 to i32
    %next = arith.addi %acc, %inc : i32
    scf.yield %next : i32
  }
  %t = tensor.from_elements %count : tensor<1xi32>
  %u = tensor.cast %t : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

// Row r: r + (c mod 8) / 4, but for the special rows above (`last` is the
// last column).
func.func @value(%r: index, %c: index, %last: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %quarter = arith.constant 0.25 : f32
  %negzero = arith.constant -0.0 : f32
  %big = arith.constant 3.0e38 : f32
  %negbig = arith.constant -3.0e38 : f32
  %inf = arith.constant 0x7F800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %ci = arith.index_cast %c : index to i32
  %cf = arith.sitofp %ci : i32 to f32
  %ri = arith.index_cast %r : index to i32
  %rf = arith.sitofp %ri : i32 to f32
  %ramp = arith.addf %cf, %one : f32
  %cm8 = arith.remui %c, %c8 : index
  %cmi = arith.index_cast %cm8 : index to i32
  %cmf = arith.sitofp %cmi : i32 to f32
  %frac = arith.mulf %cmf, %quarter : f32
  %exact = arith.addf %rf, %frac : f32
  %c131 = arith.constant 131 : index
  %c7919 = arith.constant 7919 : index
  %c1000 = arith.constant 1000 : index
  %c520 = arith.constant 520 : index
  %c639 = arith.constant 639 : index
  %hr = arith.muli %r, %c131 : index
  %hc = arith.muli %c, %c7919 : index
  %hs = arith.addi %hr, %hc : index
  %h = arith.remui %hs, %c1000 : index
  %hi = arith.index_cast %h : index to i32
  %hf = arith.sitofp %hi : i32 to f32
  %seven = arith.constant 7.0 : f32
  %rounded = arith.divf %hf, %seven : f32
  %ge = arith.cmpi uge, %r, %c520 : index
  %lt = arith.cmpi ult, %r, %c639 : index
  %in = arith.andi %ge, %lt : i1
  %plain = arith.select %in, %rounded, %exact : f32
  %is_last = arith.cmpi eq, %c, %last : index
  %is_first = arith.cmpi eq, %c, %c0 : index
  %inf_last = arith.select %is_last, %inf, %one : f32
  %nan_first = arith.select %is_first, %nan, %one : f32
  %v = scf.index_switch %r -> f32
  case 0 { scf.yield %ramp : f32 }
  case 1 { scf.yield %big : f32 }
  case 2 { scf.yield %negzero : f32 }
  case 3 { scf.yield %inf_last : f32 }
  case 256 { scf.yield %nan_first : f32 }
  case 1023 { scf.yield %negbig : f32 }
  default { scf.yield %plain : f32 }
  return %v : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c256 = arith.constant 256 : index
  %c300 = arith.constant 300 : index
  %c1022 = arith.constant 1022 : index
  %c1024 = arith.constant 1024 : index
  %c1023 = arith.constant 1023 : index
  %c2047 = arith.constant 2047 : index
  %c4095 = arith.constant 4095 : index
  %x = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @value(%r, %c, %c4095) : (index, index, index) -> f32
    tensor.yield %v : f32
  } : tensor<1024x4096xf32>
  %a = call @streams(%x) : (tensor<1024x4096xf32>) -> tensor<1024xf32>
  %b = call @adjacent(%x) : (tensor<1024x4096xf32>) -> tensor<1024xf32>
  %ad = tensor.cast %a : tensor<1024xf32> to tensor<?xf32>
  %bd = tensor.cast %b : tensor<1024xf32> to tensor<?xf32>
  call @differing(%ad, %bd) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %y = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @value(%r, %c, %c2047) : (index, index, index) -> f32
    tensor.yield %v : f32
  } : tensor<2048x2048xf32>
  %m = call @streams_mid(%y) : (tensor<2048x2048xf32>) -> tensor<2048xf32>
  %n = call @adjacent_mid(%y) : (tensor<2048x2048xf32>) -> tensor<2048xf32>
  %md = tensor.cast %m : tensor<2048xf32> to tensor<?xf32>
  %nd = tensor.cast %n : tensor<2048xf32> to tensor<?xf32>
  call @differing(%md, %nd) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %z = tensor.generate {
  ^bb0(%r: index, %c: index):
    %c131 = arith.constant 131 : index
    %c7919 = arith.constant 7919 : index
    %c1000 = arith.constant 1000 : index
    %hr = arith.muli %r, %c131 : index
    %hc = arith.muli %c, %c7919 : index
    %hs = arith.addi %hr, %hc : index
    %h = arith.remui %hs, %c1000 : index
    %hi = arith.index_cast %h : index to i32
    %c500 = arith.constant 500 : i32
    %plain = arith.subi %hi, %c500 : i32
    %max = arith.constant 2147483647 : i32
    %min = arith.constant -2147483648 : i32
    %v = scf.index_switch %r -> i32
    case 7 { scf.yield %max : i32 }
    case 300 { scf.yield %min : i32 }
    default { scf.yield %plain : i32 }
    tensor.yield %v : i32
  } : tensor<1024x4096xi32>
  %zi = call @streams_i32(%z) : (tensor<1024x4096xi32>) -> tensor<1024xi32>
  %zj = call @adjacent_i32(%z) : (tensor<1024x4096xi32>) -> tensor<1024xi32>
  %eq = arith.cmpi ne, %zi, %zj : tensor<1024xi32>
  %c0_i32 = arith.constant 0 : i32
  %ndiff = scf.for %i = %c0 to %c1024 step %c1 iter_args(%acc = %c0_i32) -> i32 {
    %d = tensor.extract %eq[%i] : tensor<1024xi1>
    %inc = arith.extui %d : i1 to i32
    %next = arith.addi %acc, %inc : i32
    scf.yield %next : i32
  }
  %r0 = tensor.extract %a[%c0] : tensor<1024xf32>
  %r1 = tensor.extract %a[%c1] : tensor<1024xf32>
  %r2 = tensor.extract %a[%c2] : tensor<1024xf32>
  %r3 = tensor.extract %a[%c3] : tensor<1024xf32>
  %r256 = tensor.extract %a[%c256] : tensor<1024xf32>
  %r1023 = tensor.extract %a[%c1023] : tensor<1024xf32>
  %r5 = tensor.extract %a[%c5] : tensor<1024xf32>
  %r1022 = tensor.extract %a[%c1022] : tensor<1024xf32>
  %s = tensor.from_elements %r0, %r1, %r2, %r3, %r256, %r1023, %r5, %r1022 : tensor<8xf32>
  %su = tensor.cast %s : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  %ndt = tensor.from_elements %ndiff : tensor<1xi32>
  %ndu = tensor.cast %ndt : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%ndu) : (tensor<*xi32>) -> ()
  %z7 = tensor.extract %zi[%c7] : tensor<1024xi32>
  %z300 = tensor.extract %zi[%c300] : tensor<1024xi32>
  %zs = tensor.from_elements %z7, %z300 : tensor<2xi32>
  %zsu = tensor.cast %zs : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%zsu) : (tensor<*xi32>) -> ()
  %xd = tensor.cast %x : tensor<1024x4096xf32> to tensor<?x?xf32>
  %dx = call @dynamic(%xd) : (tensor<?x?xf32>) -> tensor<?xf32>
  call @differing(%dx, %bd) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %yd = tensor.cast %y : tensor<2048x2048xf32> to tensor<?x?xf32>
  %dy = call @dynamic(%yd) : (tensor<?x?xf32>) -> tensor<?xf32>
  call @differing(%dy, %nd) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %w = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @value(%r, %c, %c4095) : (index, index, index) -> f32
    tensor.yield %v : f32
  } : tensor<1027x4096xf32>
  %wa = call @adjacent_1027(%w) : (tensor<1027x4096xf32>) -> tensor<1027xf32>
  %wd = tensor.cast %w : tensor<1027x4096xf32> to tensor<?x?xf32>
  %dw = call @dynamic(%wd) : (tensor<?x?xf32>) -> tensor<?xf32>
  %wad = tensor.cast %wa : tensor<1027xf32> to tensor<?xf32>
  call @differing(%dw, %wad) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %small = tensor.extract_slice %x[0, 0] [64, 4096] [1, 1] : tensor<1024x4096xf32> to tensor<64x4096xf32>
  %smalld = tensor.cast %small : tensor<64x4096xf32> to tensor<?x?xf32>
  %ds = call @dynamic(%smalld) : (tensor<?x?xf32>) -> tensor<?xf32>
  %bs = tensor.extract_slice %b[0] [64] [1] : tensor<1024xf32> to tensor<64xf32>
  %bsd = tensor.cast %bs : tensor<64xf32> to tensor<?xf32>
  call @differing(%ds, %bsd) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %zd = tensor.cast %z : tensor<1024x4096xi32> to tensor<?x?xi32>
  %dz = call @dynamic_i32(%zd) : (tensor<?x?xi32>) -> tensor<?xi32>
  %dzs = tensor.cast %dz : tensor<?xi32> to tensor<1024xi32>
  %eqd = arith.cmpi ne, %dzs, %zj : tensor<1024xi32>
  %ndiffd = scf.for %i = %c0 to %c1024 step %c1 iter_args(%acc = %c0_i32) -> i32 {
    %d = tensor.extract %eqd[%i] : tensor<1024xi1>
    %inc = arith.extui %d : i1 to i32
    %next = arith.addi %acc, %inc : i32
    scf.yield %next : i32
  }
  %ndtd = tensor.from_elements %ndiffd : tensor<1xi32>
  %ndud = tensor.cast %ndtd : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%ndud) : (tensor<*xi32>) -> ()
  return
}
