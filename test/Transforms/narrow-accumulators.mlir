// RUN: rmean-opt %s --rmean-narrow-accumulators --split-input-file | FileCheck %s
// RUN: rmean-opt %s --rmean-narrow-accumulators="narrow-f32=false" --split-input-file | FileCheck %s --check-prefix=NOF32
// RUN: rmean-opt %s --rmean-narrow-accumulators="block-trips=0" --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: rmean-opt %s --rmean-narrow-accumulators="target-vector-bits=256" --split-input-file | FileCheck %s --check-prefix=AVX2
// RUN: rmean-opt %s --rmean-narrow-accumulators="block-trips=2" --split-input-file | FileCheck %s --check-prefix=TRIPS
// RUN: rmean-opt %s --rmean-narrow-accumulators="block-trips=4611686018427387904" --split-input-file | FileCheck %s --check-prefix=HUGE
// RUN: rmean-opt %s --rmean-narrow-accumulators --rmean-narrow-accumulators --split-input-file | FileCheck %s --check-prefix=TWICE
// RUN: not rmean-opt %s --rmean-narrow-accumulators="block-trips=-3" --split-input-file 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: option 'block-trips' must be >= 0 (0 keeps every addition in f64), got -3

// f16 row: blocks of 8 iterations (8 x 32 = 256 elements) summed in f32
// from -0.0, each added to the f64 accumulator. The loop runs unchecked
// first; only when the f64 sums it leaves are not all finite does it run
// again from the start, checked per block: a block whose f32 lanes are not
// all finite is summed again by the original f64 loop. 4096 is a multiple
// of 256: no remainder loop, the block end folds to iv + 256.
// CHECK-LABEL: func.func @f16_row
//  CHECK-SAME:   (%{{.+}}: tensor<4096xf16>, %[[INIT:.+]]: vector<32xf64>)
//   CHECK-DAG:   %[[C256:.+]] = arith.constant 256 : index
//   CHECK-DAG:   %[[C32:.+]] = arith.constant 32 : index
//   CHECK-DAG:   %[[NZ32:.+]] = arith.constant dense<-0.000000e+00> : vector<32xf32>
//   CHECK-DAG:   %[[INF:.+]] = arith.constant dense<0x7F800000> : vector<32xf32>
//   CHECK-DAG:   %[[INF64:.+]] = arith.constant dense<0x7FF0000000000000> : vector<32xf64>
//       CHECK:   %[[FAST:.+]] = scf.for %[[FB:.+]] = %{{.+}} to %{{.+}} step %[[C256]] iter_args(%[[FW:.+]] = %[[INIT]]) -> (vector<32xf64>)
//       CHECK:     %[[FEND:.+]] = arith.addi %[[FB]], %{{.+}}
//       CHECK:     %[[FN:.+]] = scf.for %{{.+}} = %[[FB]] to %[[FEND]] step %[[C32]] iter_args(%{{.+}} = %[[NZ32]]) -> (vector<32xf32>)
//       CHECK:       arith.extf %{{.+}} : vector<32xf16> to vector<32xf32>
// The unchecked block loop keeps the marker, so rmean-prefetch serves it.
//       CHECK:     } {rmean.accumulation_loop}
//       CHECK:     %[[FE:.+]] = arith.extf %[[FN]] : vector<32xf32> to vector<32xf64>
//       CHECK:     %[[FT:.+]] = arith.addf %[[FW]], %[[FE]] : vector<32xf64>
//       CHECK:     scf.yield %[[FT]]
//       CHECK:   %[[FABS:.+]] = math.absf %[[FAST]] : vector<32xf64>
//       CHECK:   %[[FFIN:.+]] = arith.cmpf olt, %[[FABS]], %[[INF64]] : vector<32xf64>
//       CHECK:   %[[FOK:.+]] = vector.reduction <and>, %[[FFIN]] : vector<32xi1> into i1
//       CHECK:   %[[RES:.+]] = scf.if %[[FOK]] -> (vector<32xf64>)
//       CHECK:     scf.yield %[[FAST]]
//       CHECK:   } else {
//       CHECK:   %[[R:.+]] = scf.for %[[B:.+]] = %{{.+}} to %{{.+}} step %[[C256]] iter_args(%[[W:.+]] = %[[INIT]]) -> (vector<32xf64>)
//       CHECK:     %[[END:.+]] = arith.addi %[[B]], %{{.+}}
//       CHECK:     %[[N:.+]] = scf.for %[[I:.+]] = %[[B]] to %[[END]] step %[[C32]] iter_args(%[[A:.+]] = %[[NZ32]]) -> (vector<32xf32>)
//       CHECK:       %[[X:.+]] = vector.transfer_read {{.+}} : tensor<4096xf16>, vector<32xf16>
//       CHECK:       %[[X32:.+]] = arith.extf %[[X]] : vector<32xf16> to vector<32xf32>
//       CHECK:       %[[S:.+]] = arith.addf %[[A]], %[[X32]] : vector<32xf32>
//       CHECK:       scf.yield %[[S]]
// The checked ones (the rare second run) do not.
//  CHECK-NEXT:     {{^ *}}}{{$}}
//  CHECK-NEXT:     %[[ABS:.+]] = math.absf %[[N]] : vector<32xf32>
//       CHECK:     %[[FIN:.+]] = arith.cmpf olt, %[[ABS]], %[[INF]] : vector<32xf32>
//       CHECK:     %[[OK:.+]] = vector.reduction <and>, %[[FIN]] : vector<32xi1> into i1
//       CHECK:     %[[NEXT:.+]] = scf.if %[[OK]] -> (vector<32xf64>)
//       CHECK:       %[[E:.+]] = arith.extf %[[N]] : vector<32xf32> to vector<32xf64>
//       CHECK:       %[[T:.+]] = arith.addf %[[W]], %[[E]] : vector<32xf64>
//       CHECK:       scf.yield %[[T]]
//       CHECK:     } else {
//       CHECK:       %[[F:.+]] = scf.for %{{.+}} = %[[B]] to %[[END]] step %[[C32]] iter_args(%[[FA:.+]] = %[[W]]) -> (vector<32xf64>)
//       CHECK:         arith.extf %{{.+}} : vector<32xf16> to vector<32xf64>
//       CHECK:         arith.addf %[[FA]], %{{.+}} : vector<32xf64>
//       CHECK:       scf.yield %[[F]]
//       CHECK:     scf.yield %[[NEXT]]
//       CHECK:     scf.yield %[[R]]
//       CHECK:   return %[[RES]]
// NOF32-LABEL: func.func @f16_row
//       NOF32:   vector<32xf32>
// OFF-LABEL: func.func @f16_row
//   OFF-NOT:   vector<32xf32>
// Run twice, the fallback loop (which lost the marker) is not narrowed
// again: still one unchecked and one checked f32 block loop, two checks.
// TWICE-LABEL: func.func @f16_row
// TWICE-COUNT-2:   vector.reduction <and>
//   TWICE-NOT:   vector.reduction <and>
//       TWICE:   return
// A block span (step x block-trips) beyond 64 bits: left alone.
// HUGE-LABEL: func.func @f16_row
//   HUGE-NOT:   vector<32xf32>
// HUGE-LABEL: func.func @bf16_dynamic
// TWICE-LABEL: func.func @bf16_dynamic
func.func @f16_row(%x: tensor<4096xf16>, %init: vector<32xf64>) -> vector<32xf64> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f16
  %r = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %init) -> (vector<32xf64>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf16>, vector<32xf16>
    %e = arith.extf %v : vector<32xf16> to vector<32xf64>
    %s = arith.addf %acc, %e : vector<32xf64>
    scf.yield %s : vector<32xf64>
  } {rmean.accumulation_loop}
  return %r : vector<32xf64>
}

// -----

// bf16 with a dynamic length: the block loop is peeled, so full blocks
// have a constant span and the last, partial block is a loop of its own;
// an iter_arg passed through unchanged stays as it is. The accumulator may
// be either operand of the addition, and 2-D.
// CHECK-LABEL: func.func @bf16_dynamic
//       CHECK:   %[[MAIN:.+]]:2 = scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}) -> (tensor<4xf32>, vector<2x16xf64>)
//       CHECK:     scf.for {{.+}} -> (tensor<4xf32>, vector<2x16xf32>)
//       CHECK:       arith.extf %{{.+}} : vector<2x16xbf16> to vector<2x16xf32>
//   CHECK-NOT:     vector.reduction
//       CHECK:   %[[REM:.+]]:2 = scf.for {{.+}} iter_args(%{{.+}} = %[[MAIN]]#0, %{{.+}} = %[[MAIN]]#1)
//       CHECK:     affine.apply
//       CHECK:   vector.shape_cast %{{.+}} : vector<2x16xf64> to vector<32xf64>
//       CHECK:   vector.reduction <and>
//       CHECK:   %[[RES:.+]]:2 = scf.if %{{.+}} -> (tensor<4xf32>, vector<2x16xf64>)
//       CHECK:     scf.yield %[[REM]]#0, %[[REM]]#1
//       CHECK:   } else {
//       CHECK:     %[[CMAIN:.+]]:2 = scf.for {{.+}} -> (tensor<4xf32>, vector<2x16xf64>)
//       CHECK:       scf.for {{.+}} -> (tensor<4xf32>, vector<2x16xf32>)
//       CHECK:       vector.shape_cast %{{.+}} : vector<2x16xf32> to vector<32xf32>
//       CHECK:       vector.reduction <and>
//       CHECK:     %[[CREM:.+]]:2 = scf.for {{.+}} iter_args(%{{.+}} = %[[CMAIN]]#0, %{{.+}} = %[[CMAIN]]#1)
//       CHECK:     scf.yield %[[CREM]]#0, %[[CREM]]#1
//       CHECK:   return %[[RES]]#0, %[[RES]]#1
// NOF32-LABEL: func.func @bf16_dynamic
//       NOF32:   vector<2x16xf32>
func.func @bf16_dynamic(%x: tensor<2x?xbf16>, %n: index, %t: tensor<4xf32>, %init: vector<2x16xf64>) -> (tensor<4xf32>, vector<2x16xf64>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : bf16
  %r:2 = scf.for %i = %c0 to %n step %c16 iter_args(%keep = %t, %acc = %init) -> (tensor<4xf32>, vector<2x16xf64>) {
    %v = vector.transfer_read %x[%c0, %i], %pad {in_bounds = [true, true]} : tensor<2x?xbf16>, vector<2x16xbf16>
    %e = arith.extf %v : vector<2x16xbf16> to vector<2x16xf64>
    %s = arith.addf %e, %acc : vector<2x16xf64>
    scf.yield %keep, %s : tensor<4xf32>, vector<2x16xf64>
  } {rmean.accumulation_loop}
  return %r#0, %r#1 : tensor<4xf32>, vector<2x16xf64>
}

// -----

// f32 inputs are narrowed by default, not with narrow-f32=false; the f32
// value is added as it is (no conversion in the block loop).
// CHECK-LABEL: func.func @f32_row
//       CHECK:   scf.for
//       CHECK:     scf.for {{.+}} -> (vector<16xf32>)
//       CHECK:       %[[X:.+]] = vector.transfer_read
//   CHECK-NOT:       arith.extf
//       CHECK:       arith.addf %{{.+}}, %[[X]] : vector<16xf32>
// NOF32-LABEL: func.func @f32_row
//   NOF32-NOT:   vector<16xf32>)
//       NOF32:   arith.extf %{{.+}} : vector<16xf32> to vector<16xf64>
//   NOF32-NOT:   scf.if
func.func @f32_row(%x: tensor<1000xf32>, %init: vector<16xf64>) -> vector<16xf64> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c992 = arith.constant 992 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c992 step %c16 iter_args(%acc = %init) -> (vector<16xf64>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<1000xf32>, vector<16xf32>
    %e = arith.extf %v : vector<16xf32> to vector<16xf64>
    %s = arith.addf %acc, %e : vector<16xf64>
    scf.yield %s : vector<16xf64>
  } {rmean.accumulation_loop}
  return %r : vector<16xf64>
}

// -----

// Loops left alone: a body that reads memory (the fallback would re-run
// it), an accumulator also used elsewhere in the body, an iter_arg updated
// otherwise, an f64 input, a scalar accumulator, a non-constant step, an
// i32 induction variable, an unsigned loop.
// CHECK-LABEL: func.func @negative
//   CHECK-NOT:   f32>
//   CHECK-NOT:   scf.if
//       CHECK:   return
func.func @negative(%m: memref<4096xf16>, %x: tensor<4096xf16>, %y: tensor<4096xf64>, %s: tensor<4096xf16>, %step: index, %init: vector<32xf64>, %sinit: f64) -> (vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>, f64, vector<32xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f16
  %padd = arith.constant 0.0 : f64
  %a = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %init) -> (vector<32xf64>) {
    %v = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<4096xf16>, vector<32xf16>
    %e = arith.extf %v : vector<32xf16> to vector<32xf64>
    %r = arith.addf %acc, %e : vector<32xf64>
    scf.yield %r : vector<32xf64>
  } {rmean.accumulation_loop}
  %b:2 = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %init, %other = %init) -> (vector<32xf64>, vector<32xf64>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf16>, vector<32xf16>
    %e = arith.extf %v : vector<32xf16> to vector<32xf64>
    %r = arith.addf %acc, %e : vector<32xf64>
    %o = arith.mulf %other, %e : vector<32xf64>
    scf.yield %r, %o : vector<32xf64>, vector<32xf64>
  } {rmean.accumulation_loop}
  %c = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %init) -> (vector<32xf64>) {
    %v = vector.transfer_read %y[%i], %padd {in_bounds = [true]} : tensor<4096xf64>, vector<32xf64>
    %r = arith.addf %acc, %v : vector<32xf64>
    scf.yield %r : vector<32xf64>
  } {rmean.accumulation_loop}
  %d = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %init) -> (vector<32xf64>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf16>, vector<32xf16>
    %e = arith.extf %v : vector<32xf16> to vector<32xf64>
    %r = arith.addf %acc, %e : vector<32xf64>
    %q = arith.addf %r, %acc : vector<32xf64>
    scf.yield %q : vector<32xf64>
  } {rmean.accumulation_loop}
  %f = scf.for %i = %c0 to %c4096 step %c1 iter_args(%acc = %sinit) -> (f64) {
    %v = tensor.extract %s[%i] : tensor<4096xf16>
    %e = arith.extf %v : f16 to f64
    %r = arith.addf %acc, %e : f64
    scf.yield %r : f64
  } {rmean.accumulation_loop}
  %g = scf.for %i = %c0 to %c4096 step %step iter_args(%acc = %init) -> (vector<32xf64>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf16>, vector<32xf16>
    %e = arith.extf %v : vector<32xf16> to vector<32xf64>
    %r = arith.addf %acc, %e : vector<32xf64>
    scf.yield %r : vector<32xf64>
  } {rmean.accumulation_loop}
  // Accumulators swapped between the two additions: %a's sum goes to %b.
  %w:2 = scf.for %i = %c0 to %c4096 step %c32 iter_args(%pa = %init, %pb = %init) -> (vector<32xf64>, vector<32xf64>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf16>, vector<32xf16>
    %e = arith.extf %v : vector<32xf16> to vector<32xf64>
    %e2 = arith.extf %v : vector<32xf16> to vector<32xf64>
    %sa = arith.addf %e, %pa : vector<32xf64>
    %sb = arith.addf %e2, %pb : vector<32xf64>
    scf.yield %sb, %sa : vector<32xf64>, vector<32xf64>
  } {rmean.accumulation_loop}
  %c0_i32 = arith.constant 0 : i32
  %c32_i32 = arith.constant 32 : i32
  %c4096_i32 = arith.constant 4096 : i32
  %h = scf.for %i = %c0_i32 to %c4096_i32 step %c32_i32 iter_args(%acc = %init) -> (vector<32xf64>) : i32 {
    %ii = arith.index_cast %i : i32 to index
    %v = vector.transfer_read %x[%ii], %pad {in_bounds = [true]} : tensor<4096xf16>, vector<32xf16>
    %e = arith.extf %v : vector<32xf16> to vector<32xf64>
    %r = arith.addf %acc, %e : vector<32xf64>
    scf.yield %r : vector<32xf64>
  } {rmean.accumulation_loop}
  %u = scf.for unsigned %i = %c0 to %c4096 step %c32 iter_args(%acc = %h) -> (vector<32xf64>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf16>, vector<32xf16>
    %e = arith.extf %v : vector<32xf16> to vector<32xf64>
    %r = arith.addf %acc, %e : vector<32xf64>
    scf.yield %r : vector<32xf64>
  } {rmean.accumulation_loop}
  return %a, %w#0, %c, %d, %f, %u : vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>, f64, vector<32xf64>
}

// -----

// Scalable vectors are left alone.
// CHECK-LABEL: func.func @negative_scalable
//   CHECK-NOT:   f32>
//       CHECK:   return
func.func @negative_scalable(%v: vector<[4]xf16>, %init: vector<[4]xf64>) -> vector<[4]xf64> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c4096 = arith.constant 4096 : index
  %r = scf.for %i = %c0 to %c4096 step %c4 iter_args(%acc = %init) -> (vector<[4]xf64>) {
    %e = arith.extf %v : vector<[4]xf16> to vector<[4]xf64>
    %s = arith.addf %acc, %e : vector<[4]xf64>
    scf.yield %s : vector<[4]xf64>
  } {rmean.accumulation_loop}
  return %r : vector<[4]xf64>
}

// -----

// Two row steps in a row, the second accumulating onto the first's sum,
// and fast-math flags: both steps are narrowed; the f32 additions drop
// ninf/nnan (an f32 sum may overflow where the f64 one did not, and the
// check must see it), the f64 ones keep them.
// CHECK-LABEL: func.func @chained_row_sums
// NOF32-LABEL: func.func @chained_row_sums
//       CHECK:   arith.addf %{{.+}}, %{{.+}} fastmath<contract> : vector<16xf32>
//       CHECK:   %[[FIRST:.+]] = scf.if
//       CHECK:     arith.addf %{{.+}}, %{{.+}} fastmath<nnan,ninf,contract> : vector<16xf64>
//       CHECK:   arith.addf %{{.+}}, %{{.+}} fastmath<contract> : vector<16xf32>
//       CHECK:   %[[SECOND:.+]] = scf.if
//       CHECK:     arith.addf %{{.+}}, %[[FIRST]] fastmath<nnan,ninf,contract> : vector<16xf64>
//       CHECK:   scf.yield %[[SECOND]]
func.func @chained_row_sums(%v: vector<2x16xf16>, %w: vector<2x16xf16>, %acc: vector<16xf64>) -> vector<16xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %acc) -> (vector<16xf64>) {
    %e = arith.extf %v : vector<2x16xf16> to vector<2x16xf64>
    %e0 = vector.extract %e[0] : vector<16xf64> from vector<2x16xf64>
    %a0 = arith.addf %e0, %x fastmath<nnan,ninf,contract> : vector<16xf64>
    %e1 = vector.extract %e[1] : vector<16xf64> from vector<2x16xf64>
    %a1 = arith.addf %e1, %a0 fastmath<nnan,ninf,contract> : vector<16xf64>
    %f = arith.extf %w : vector<2x16xf16> to vector<2x16xf64>
    %f0 = vector.extract %f[0] : vector<16xf64> from vector<2x16xf64>
    %b0 = arith.addf %f0, %a1 fastmath<nnan,ninf,contract> : vector<16xf64>
    %f1 = vector.extract %f[1] : vector<16xf64> from vector<2x16xf64>
    %b1 = arith.addf %f1, %b0 fastmath<nnan,ninf,contract> : vector<16xf64>
    scf.yield %b1 : vector<16xf64>
  } {rmean.accumulation_loop}
  return %res : vector<16xf64>
}

// -----

// A step over four rows ("outer" strategy): the rows are summed pairwise in
// f32 and added to the f64 accumulator once; when the f32 sum is not
// finite, the original chain of f64 additions runs instead, on the f32
// rows widened again (exact), so that the bf16 vector has one user.
// CHECK-LABEL: func.func @row_sum
//  CHECK-SAME:   (%[[V:.+]]: vector<4x16xbf16>, %{{.+}}: vector<16xf64>)
//       CHECK:   scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}})
//       CHECK:   %[[W:.+]] = arith.extf %[[V]] : vector<4x16xbf16> to vector<4x16xf32>
//       CHECK:   %[[R0:.+]] = vector.extract %[[W]][0]
//       CHECK:   %[[R1:.+]] = vector.extract %[[W]][1]
//       CHECK:   %[[R2:.+]] = vector.extract %[[W]][2]
//       CHECK:   %[[R3:.+]] = vector.extract %[[W]][3]
//       CHECK:   %[[S01:.+]] = arith.addf %[[R0]], %[[R1]] : vector<16xf32>
//       CHECK:   %[[S23:.+]] = arith.addf %[[R2]], %[[R3]] : vector<16xf32>
//       CHECK:   %[[S:.+]] = arith.addf %[[S01]], %[[S23]] : vector<16xf32>
//       CHECK:   %[[OK:.+]] = vector.reduction <and>
//       CHECK:   %[[R:.+]] = scf.if %[[OK]] -> (vector<16xf64>)
//       CHECK:     %[[E:.+]] = arith.extf %[[S]] : vector<16xf32> to vector<16xf64>
//       CHECK:     %[[T:.+]] = arith.addf %[[E]], %[[ACC]] : vector<16xf64>
//       CHECK:     scf.yield %[[T]]
//       CHECK:   } else {
//       CHECK:     %[[D:.+]] = arith.extf %[[W]] : vector<4x16xf32> to vector<4x16xf64>
//   CHECK-DAG:     %[[D3:.+]] = vector.extract %[[D]][3]
//   CHECK-DAG:     %[[D0:.+]] = vector.extract %[[D]][0]
//       CHECK:     arith.addf %[[D0]], %[[ACC]] : vector<16xf64>
//       CHECK:     arith.addf
//       CHECK:     arith.addf
//       CHECK:     %[[L:.+]] = arith.addf %[[D3]], %{{.+}} : vector<16xf64>
//  CHECK-NEXT:     scf.yield %[[L]]
//       CHECK:   scf.yield %[[R]]
// OFF-LABEL: func.func @row_sum
// NOF32-LABEL: func.func @row_sum
//       NOF32:   scf.if
//   OFF-NOT:   f32>
func.func @row_sum(%v: vector<4x16xbf16>, %acc: vector<16xf64>) -> vector<16xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %acc) -> (vector<16xf64>) {
    %e = arith.extf %v : vector<4x16xbf16> to vector<4x16xf64>
    %r0 = vector.extract %e[0] : vector<16xf64> from vector<4x16xf64>
    %a0 = arith.addf %r0, %x : vector<16xf64>
    %r1 = vector.extract %e[1] : vector<16xf64> from vector<4x16xf64>
    %a1 = arith.addf %r1, %a0 : vector<16xf64>
    %r2 = vector.extract %e[2] : vector<16xf64> from vector<4x16xf64>
    %a2 = arith.addf %a1, %r2 : vector<16xf64>
    %r3 = vector.extract %e[3] : vector<16xf64> from vector<4x16xf64>
    %a3 = arith.addf %r3, %a2 : vector<16xf64>
    scf.yield %a3 : vector<16xf64>
  } {rmean.accumulation_loop}
  return %res : vector<16xf64>
}

// -----

// A step of 32 bf16 lanes widens its rows two elements at a time: each row
// as 16 i32, the even elements `x << 16`, the odd `x & 0xFFFF0000`; both
// halves take the same tree and one interleave restores the lane order.
// The fallback adds the interleaved rows in f64, in the chain's order.
// CHECK-LABEL: func.func @row_sum_pairs
//  CHECK-SAME:   (%[[V:.+]]: vector<2x32xbf16>, %{{.+}}: vector<32xf64>)
//   CHECK-DAG:   %[[SH:.+]] = arith.constant dense<16> : vector<16xi32>
//   CHECK-DAG:   %[[HI:.+]] = arith.constant dense<-65536> : vector<16xi32>
//       CHECK:   scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}})
//       CHECK:   %[[X0:.+]] = vector.extract %[[V]][0] : vector<32xbf16> from vector<2x32xbf16>
//       CHECK:   %[[W0:.+]] = vector.bitcast %[[X0]] : vector<32xbf16> to vector<16xi32>
//       CHECK:   %[[L0:.+]] = arith.shli %[[W0]], %[[SH]]
//       CHECK:   %[[H0:.+]] = arith.andi %[[W0]], %[[HI]]
//       CHECK:   %[[E0:.+]] = arith.bitcast %[[L0]] : vector<16xi32> to vector<16xf32>
//       CHECK:   %[[O0:.+]] = arith.bitcast %[[H0]] : vector<16xi32> to vector<16xf32>
//       CHECK:   %[[X1:.+]] = vector.extract %[[V]][1]
//       CHECK:   %[[E1:.+]] = arith.bitcast %{{.+}} : vector<16xi32> to vector<16xf32>
//       CHECK:   %[[O1:.+]] = arith.bitcast %{{.+}} : vector<16xi32> to vector<16xf32>
//       CHECK:   %[[SE:.+]] = arith.addf %[[E0]], %[[E1]] : vector<16xf32>
//       CHECK:   %[[SO:.+]] = arith.addf %[[O0]], %[[O1]] : vector<16xf32>
//       CHECK:   %[[S:.+]] = vector.interleave %[[SE]], %[[SO]] : vector<16xf32> -> vector<32xf32>
//       CHECK:   scf.if
//       CHECK:     arith.extf %[[S]] : vector<32xf32> to vector<32xf64>
//       CHECK:   } else {
//       CHECK:     %[[R0:.+]] = vector.interleave %[[E0]], %[[O0]]
//       CHECK:     %[[D0:.+]] = arith.extf %[[R0]] : vector<32xf32> to vector<32xf64>
//       CHECK:     %[[A0:.+]] = arith.addf %[[D0]], %[[ACC]] : vector<32xf64>
//       CHECK:     %[[R1:.+]] = vector.interleave %[[E1]], %[[O1]]
//       CHECK:     %[[D1:.+]] = arith.extf %[[R1]] : vector<32xf32> to vector<32xf64>
//       CHECK:     %[[A1:.+]] = arith.addf %[[D1]], %[[A0]] : vector<32xf64>
//  CHECK-NEXT:     scf.yield %[[A1]]
// NOF32-LABEL: func.func @row_sum_pairs
//       NOF32:   vector.interleave
func.func @row_sum_pairs(%v: vector<2x32xbf16>, %acc: vector<32xf64>) -> vector<32xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %acc) -> (vector<32xf64>) {
    %e = arith.extf %v : vector<2x32xbf16> to vector<2x32xf64>
    %r0 = vector.extract %e[0] : vector<32xf64> from vector<2x32xf64>
    %a0 = arith.addf %r0, %x : vector<32xf64>
    %r1 = vector.extract %e[1] : vector<32xf64> from vector<2x32xf64>
    %a1 = arith.addf %a0, %r1 : vector<32xf64>
    scf.yield %a1 : vector<32xf64>
  } {rmean.accumulation_loop}
  return %res : vector<32xf64>
}

// -----

// The row steps of a loop over rows whose accumulators start from a fill
// are tested once, after the loop: it runs unchecked (each step's f32 sum
// added as it is), then one fma per accumulator vector sums them times
// 0.0 (NaN if any is not finite), and only then does the loop run again,
// checked per step, from the same tensor filled again. Accumulators from
// elsewhere (%t) keep the test per step.
// CHECK-LABEL: func.func @row_steps_tested_once
//  CHECK-SAME:   (%[[X:.+]]: tensor<16x64xf32>, %[[T:.+]]: tensor<64xf64>)
//       CHECK:   %[[FILL:.+]] = linalg.fill
//       CHECK:   %[[FAST:.+]] = scf.for {{.+}} iter_args(%{{.+}} = %[[FILL]])
//   CHECK-NOT:     scf.if
//       CHECK:     arith.extf %{{.+}} : vector<16xf32> to vector<16xf64>
//   CHECK-NOT:     scf.if
//       CHECK:   } {rmean.accumulation_loop}
//       CHECK:   %[[ZT:.+]] = scf.for {{.+}} iter_args(%[[Z:.+]] = %{{.+}}) -> (vector<16xf64>)
//       CHECK:     %[[A:.+]] = vector.transfer_read %[[FAST]]
//       CHECK:     math.fma %[[A]], %{{.+}}, %[[Z]] : vector<16xf64>
//       CHECK:   math.absf %[[ZT]]
//       CHECK:   %[[OK:.+]] = vector.reduction <and>
//       CHECK:   %[[SUMS:.+]] = scf.if %[[OK]]
//       CHECK:     scf.yield %[[FAST]]
//       CHECK:   } else {
//       CHECK:     %[[REFILL:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%[[FAST]] : tensor<64xf64>)
//       CHECK:     scf.for {{.+}} iter_args(%{{.+}} = %[[REFILL]])
//       CHECK:       scf.if
//       CHECK:   scf.for {{.+}} iter_args(%{{.+}} = %[[T]])
//       CHECK:       scf.if
//   CHECK-NOT:   math.fma
//       CHECK:   return %[[SUMS]]
// NOF32-LABEL: func.func @row_steps_tested_once
// OFF-LABEL: func.func @row_steps_tested_once
//   OFF-NOT:   math.fma
//       OFF:   return
//   NOF32-NOT:   math.fma
//       NOF32:   return
func.func @row_steps_tested_once(%x: tensor<16x64xf32>, %t: tensor<64xf64>) -> (tensor<64xf64>, tensor<64xf64>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant -0.0 : f64
  %pf32 = ub.poison : f32
  %pf64 = ub.poison : f64
  %e = tensor.empty() : tensor<64xf64>
  %fill = linalg.fill ins(%zero : f64) outs(%e : tensor<64xf64>) -> tensor<64xf64>
  %sums = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %fill) -> (tensor<64xf64>) {
    %r = scf.for %j = %c0 to %c64 step %c16 iter_args(%a = %acc) -> (tensor<64xf64>) {
      %rows = vector.transfer_read %x[%i, %j], %pf32 {in_bounds = [true, true]} : tensor<16x64xf32>, vector<4x16xf32>
      %old = vector.transfer_read %a[%j], %pf64 {in_bounds = [true]} : tensor<64xf64>, vector<16xf64>
      %w = arith.extf %rows : vector<4x16xf32> to vector<4x16xf64>
      %r0 = vector.extract %w[0] : vector<16xf64> from vector<4x16xf64>
      %s0 = arith.addf %r0, %old : vector<16xf64>
      %r1 = vector.extract %w[1] : vector<16xf64> from vector<4x16xf64>
      %s1 = arith.addf %r1, %s0 : vector<16xf64>
      %r2 = vector.extract %w[2] : vector<16xf64> from vector<4x16xf64>
      %s2 = arith.addf %r2, %s1 : vector<16xf64>
      %r3 = vector.extract %w[3] : vector<16xf64> from vector<4x16xf64>
      %s3 = arith.addf %r3, %s2 : vector<16xf64>
      %new = vector.transfer_write %s3, %a[%j] {in_bounds = [true]} : vector<16xf64>, tensor<64xf64>
      scf.yield %new : tensor<64xf64>
    } {rmean.accumulation_loop}
    scf.yield %r : tensor<64xf64>
  }
  %other = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %t) -> (tensor<64xf64>) {
    %r = scf.for %j = %c0 to %c64 step %c16 iter_args(%a = %acc) -> (tensor<64xf64>) {
      %rows = vector.transfer_read %x[%i, %j], %pf32 {in_bounds = [true, true]} : tensor<16x64xf32>, vector<4x16xf32>
      %old = vector.transfer_read %a[%j], %pf64 {in_bounds = [true]} : tensor<64xf64>, vector<16xf64>
      %w = arith.extf %rows : vector<4x16xf32> to vector<4x16xf64>
      %r0 = vector.extract %w[0] : vector<16xf64> from vector<4x16xf64>
      %s0 = arith.addf %r0, %old : vector<16xf64>
      %r1 = vector.extract %w[1] : vector<16xf64> from vector<4x16xf64>
      %s1 = arith.addf %r1, %s0 : vector<16xf64>
      %r2 = vector.extract %w[2] : vector<16xf64> from vector<4x16xf64>
      %s2 = arith.addf %r2, %s1 : vector<16xf64>
      %r3 = vector.extract %w[3] : vector<16xf64> from vector<4x16xf64>
      %s3 = arith.addf %r3, %s2 : vector<16xf64>
      %new = vector.transfer_write %s3, %a[%j] {in_bounds = [true]} : vector<16xf64>, tensor<64xf64>
      scf.yield %new : tensor<64xf64>
    } {rmean.accumulation_loop}
    scf.yield %r : tensor<64xf64>
  }
  return %sums, %other : tensor<64xf64>, tensor<64xf64>
}

// -----

// Loops of whole rows (rmean.whole_rows_loop) test their steps once, after
// the loop: it runs unchecked, an extra iter_arg sums each step's f32 sums
// times 0.0 (one fma per step), and only a non-finite result runs the loop
// again, checked per step, on the same tensor: as the first run left it
// where the loop only overwrites its iter_arg (@deferred_rows_overwritten),
// filled again where it starts from a fill (@deferred_rows_filled). A loop
// that reads values it did not write (@per_step_rows_read_back, from an
// argument) keeps the test per step.
// CHECK-LABEL: func.func @deferred_rows_overwritten
//       CHECK:   %[[FAST:.+]]:2 = scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %[[Z:.+]] = %{{.+}}) -> (tensor<64xf32>, vector<8xf32>)
//   CHECK-NOT:     scf.if
//       CHECK:     %[[NEXT:.+]] = math.fma %{{.+}}, %{{.+}}, %[[Z]] : vector<8xf32>
//       CHECK:     scf.yield %{{.+}}, %[[NEXT]]
//       CHECK:   } {rmean.whole_rows_loop}
//       CHECK:   math.absf %[[FAST]]#1
//       CHECK:   %[[OK:.+]] = vector.reduction <and>
//       CHECK:   %[[R:.+]] = scf.if %[[OK]] -> (tensor<64xf32>)
//       CHECK:     scf.yield %[[FAST]]#0
//       CHECK:   } else {
//       CHECK:     scf.for {{.+}} iter_args(%{{.+}} = %[[FAST]]#0) -> (tensor<64xf32>)
//       CHECK:       scf.if
//       CHECK:   return %[[R]]
// NOF32-LABEL: func.func @deferred_rows_overwritten
//   NOF32-NOT:   math.fma
//       NOF32:   return
// OFF-LABEL: func.func @deferred_rows_overwritten
//   OFF-NOT:   math.fma
//       OFF:   return
func.func @deferred_rows_overwritten(%x: tensor<64x49xf32>) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<-0.0> : vector<8xf64>
  %e0 = tensor.empty() : tensor<64xf32>
  %r = scf.for %i = %c0 to %c64 step %c8 iter_args(%out = %e0) -> (tensor<64xf32>) {
    %rows = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true, true]} : tensor<64x49xf32>, vector<8x49xf32>
    %e = arith.extf %rows : vector<8x49xf32> to vector<8x49xf64>
    %s = vector.multi_reduction <add>, %e, %zero {rmean.row_sum} [1] : vector<8x49xf64> to vector<8xf64>
    %m = arith.truncf %s : vector<8xf64> to vector<8xf32>
    %slot = tensor.extract_slice %out[%i] [8] [1] : tensor<64xf32> to tensor<8xf32>
    %w = vector.transfer_write %m, %slot[%c0] {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
    %next = tensor.insert_slice %w into %out[%i] [8] [1] : tensor<8xf32> into tensor<64xf32>
    scf.yield %next : tensor<64xf32>
  } {rmean.whole_rows_loop}
  return %r : tensor<64xf32>
}

// -----

// CHECK-LABEL: func.func @deferred_rows_filled
//       CHECK:   %[[FILL:.+]] = linalg.fill
//       CHECK:   %[[FAST:.+]]:2 = scf.for {{.+}} iter_args(%{{.+}} = %[[FILL]], %{{.+}} = %{{.+}}) -> (tensor<64xf64>, vector<8xf32>)
//   CHECK-NOT:     scf.if
//       CHECK:   } {rmean.whole_rows_loop}
//       CHECK:   scf.if
//       CHECK:   } else {
//       CHECK:     %[[AGAIN:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%[[FAST]]#0 : tensor<64xf64>)
//       CHECK:     scf.for {{.+}} iter_args(%{{.+}} = %[[AGAIN]]) -> (tensor<64xf64>)
//       CHECK:       scf.if
func.func @deferred_rows_filled(%x: tensor<64x49xf32>) -> tensor<64xf64> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %pad = ub.poison : f32
  %pad64 = ub.poison : f64
  %nz = arith.constant -0.0 : f64
  %e0 = tensor.empty() : tensor<64xf64>
  %f = linalg.fill ins(%nz : f64) outs(%e0 : tensor<64xf64>) -> tensor<64xf64>
  %r = scf.for %i = %c0 to %c64 step %c8 iter_args(%acc = %f) -> (tensor<64xf64>) {
    %rows = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true, true]} : tensor<64x49xf32>, vector<8x49xf32>
    %old = vector.transfer_read %acc[%i], %pad64 {in_bounds = [true]} : tensor<64xf64>, vector<8xf64>
    %e = arith.extf %rows : vector<8x49xf32> to vector<8x49xf64>
    %s = vector.multi_reduction <add>, %e, %old {rmean.row_sum} [1] : vector<8x49xf64> to vector<8xf64>
    %next = vector.transfer_write %s, %acc[%i] {in_bounds = [true]} : vector<8xf64>, tensor<64xf64>
    scf.yield %next : tensor<64xf64>
  } {rmean.whole_rows_loop}
  return %r : tensor<64xf64>
}

// -----

// CHECK-LABEL: func.func @per_step_rows_read_back
//   CHECK-NOT:   math.fma
//       CHECK:   scf.for
//       CHECK:     scf.if
//       CHECK:   } {rmean.whole_rows_loop}
//   CHECK-NOT:   math.fma
//       CHECK:   return
func.func @per_step_rows_read_back(%x: tensor<64x49xf32>, %t: tensor<64xf64>) -> tensor<64xf64> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %pad = ub.poison : f32
  %pad64 = ub.poison : f64
  %r = scf.for %i = %c0 to %c64 step %c8 iter_args(%acc = %t) -> (tensor<64xf64>) {
    %rows = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true, true]} : tensor<64x49xf32>, vector<8x49xf32>
    %old = vector.transfer_read %acc[%i], %pad64 {in_bounds = [true]} : tensor<64xf64>, vector<8xf64>
    %e = arith.extf %rows : vector<8x49xf32> to vector<8x49xf64>
    %s = vector.multi_reduction <add>, %e, %old {rmean.row_sum} [1] : vector<8x49xf64> to vector<8xf64>
    %next = vector.transfer_write %s, %acc[%i] {in_bounds = [true]} : vector<8xf64>, tensor<64xf64>
    scf.yield %next : tensor<64xf64>
  } {rmean.whole_rows_loop}
  return %r : tensor<64xf64>
}

// -----

// Row steps left alone: a partial sum used elsewhere, a row used twice, a
// row missing from the chain; f32 rows only without narrow-f32=false.
// CHECK-LABEL: func.func @negative_row_sums
// CHECK-COUNT-3:   arith.extf %{{.+}} : vector<2x16xf16> to vector<2x16xf64>
//   CHECK-NOT:   vector<2x16xf16> to vector<2x16xf32>
//       CHECK:   scf.if
//   CHECK-NOT:   scf.if
//       CHECK:   return
// NOF32-LABEL: func.func @negative_row_sums
// OFF-LABEL: func.func @negative_row_sums
//   NOF32-NOT:   scf.if
//       NOF32:   return
func.func @negative_row_sums(%v: vector<2x16xf16>, %w: vector<2x16xf32>, %acc: vector<16xf64>) -> (vector<16xf64>, vector<16xf64>, vector<16xf64>, vector<16xf64>) {
  %z0 = arith.constant 0 : index
  %z1 = arith.constant 1 : index
  %res:4 = scf.for %i = %z0 to %z1 step %z1 iter_args(%q0 = %acc, %q1 = %acc, %q2 = %acc, %q3 = %acc) -> (vector<16xf64>, vector<16xf64>, vector<16xf64>, vector<16xf64>) {
    %e = arith.extf %v : vector<2x16xf16> to vector<2x16xf64>
    %r0 = vector.extract %e[0] : vector<16xf64> from vector<2x16xf64>
    %a0 = arith.addf %r0, %acc : vector<16xf64>
    %r1 = vector.extract %e[1] : vector<16xf64> from vector<2x16xf64>
    %a1 = arith.addf %r1, %a0 : vector<16xf64>
    %f = arith.extf %v : vector<2x16xf16> to vector<2x16xf64>
    %s0 = vector.extract %f[0] : vector<16xf64> from vector<2x16xf64>
    %b0 = arith.addf %s0, %acc : vector<16xf64>
    %s1 = vector.extract %f[0] : vector<16xf64> from vector<2x16xf64>
    %b1 = arith.addf %s1, %b0 : vector<16xf64>
    %g = arith.extf %v : vector<2x16xf16> to vector<2x16xf64>
    %t0 = vector.extract %g[0] : vector<16xf64> from vector<2x16xf64>
    %c0 = arith.addf %t0, %acc : vector<16xf64>
    %c1 = arith.addf %c0, %acc : vector<16xf64>
    %h = arith.extf %w : vector<2x16xf32> to vector<2x16xf64>
    %u0 = vector.extract %h[0] : vector<16xf64> from vector<2x16xf64>
    %d0 = arith.addf %u0, %acc : vector<16xf64>
    %u1 = vector.extract %h[1] : vector<16xf64> from vector<2x16xf64>
    %d1 = arith.addf %u1, %d0 : vector<16xf64>
    // %a0 has a second use: the step's partial sum escapes.
    %x = arith.addf %a1, %a0 : vector<16xf64>
    scf.yield %x, %b1, %c1, %d1 : vector<16xf64>, vector<16xf64>, vector<16xf64>, vector<16xf64>
  } {rmean.accumulation_loop}
  return %res#0, %res#1, %res#2, %res#3 : vector<16xf64>, vector<16xf64>, vector<16xf64>, vector<16xf64>
}

// -----

// 1-D bf16: each 32-bit word holds two elements; the even one widens with
// a shift, the odd one with a mask, into two half-width f32 accumulators
// that are interleaved back into element order once per block.
// CHECK-LABEL: func.func @bf16_row
//   CHECK-DAG:   %[[SIXTEEN:.+]] = arith.constant dense<16> : vector<16xi32>
//   CHECK-DAG:   %[[HIGH:.+]] = arith.constant dense<-65536> : vector<16xi32>
//   CHECK-DAG:   %[[NZ:.+]] = arith.constant dense<-0.000000e+00> : vector<16xf32>
//       CHECK:   scf.for
//       CHECK:     %[[N:.+]]:2 = scf.for {{.+}} iter_args(%[[E:.+]] = %[[NZ]], %[[O:.+]] = %[[NZ]]) -> (vector<16xf32>, vector<16xf32>)
//       CHECK:       %[[X:.+]] = vector.transfer_read {{.+}} : tensor<4096xbf16>, vector<32xbf16>
//       CHECK:       %[[W:.+]] = vector.bitcast %[[X]] : vector<32xbf16> to vector<16xi32>
//       CHECK:       %[[EW:.+]] = arith.shli %[[W]], %[[SIXTEEN]] : vector<16xi32>
//       CHECK:       %[[OW:.+]] = arith.andi %[[W]], %[[HIGH]] : vector<16xi32>
//       CHECK:       %[[EF:.+]] = arith.bitcast %[[EW]] : vector<16xi32> to vector<16xf32>
//       CHECK:       %[[OF:.+]] = arith.bitcast %[[OW]] : vector<16xi32> to vector<16xf32>
//       CHECK:       %[[ES:.+]] = arith.addf %[[E]], %[[EF]] : vector<16xf32>
//       CHECK:       %[[OS:.+]] = arith.addf %[[O]], %[[OF]] : vector<16xf32>
//       CHECK:       scf.yield %[[ES]], %[[OS]]
//       CHECK:     %[[S:.+]] = vector.interleave %[[N]]#0, %[[N]]#1 : vector<16xf32> -> vector<32xf32>
//       CHECK:     arith.extf %[[S]] : vector<32xf32> to vector<32xf64>
// The checked copy interleaves the same way before its per-block test.
//       CHECK:   } else {
//       CHECK:       %[[CN:.+]]:2 = scf.for {{.+}} -> (vector<16xf32>, vector<16xf32>)
//       CHECK:       %[[CS:.+]] = vector.interleave %[[CN]]#0, %[[CN]]#1 : vector<16xf32> -> vector<32xf32>
//       CHECK:       math.absf %[[CS]] : vector<32xf32>
//       CHECK:       scf.if
//       CHECK:         arith.extf %[[CS]] : vector<32xf32> to vector<32xf64>
func.func @bf16_row(%x: tensor<4096xbf16>, %init: vector<32xf64>) -> vector<32xf64> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : bf16
  %r = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %init) -> (vector<32xf64>) {
    %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xbf16>, vector<32xbf16>
    %e = arith.extf %v : vector<32xbf16> to vector<32xf64>
    %s = arith.addf %acc, %e : vector<32xf64>
    scf.yield %s : vector<32xf64>
  } {rmean.accumulation_loop}
  return %r : vector<32xf64>
}

// -----

// Loops and row steps that rmean-cpu-tile did not mark (user
// code) keep their f64 accumulation.
// CHECK-LABEL: func.func @user_code
//   CHECK-NOT:   f32>
//   CHECK-NOT:   scf.if
//       CHECK:   return
func.func @user_code(%x: tensor<4096xf16>, %v: vector<2x16xf16>, %init: vector<32xf64>, %acc: vector<16xf64>) -> (vector<32xf64>, vector<16xf64>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f16
  %r = scf.for %i = %c0 to %c4096 step %c32 iter_args(%a = %init) -> (vector<32xf64>) {
    %w = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<4096xf16>, vector<32xf16>
    %e = arith.extf %w : vector<32xf16> to vector<32xf64>
    %s = arith.addf %a, %e : vector<32xf64>
    scf.yield %s : vector<32xf64>
  }
  %e = arith.extf %v : vector<2x16xf16> to vector<2x16xf64>
  %r0 = vector.extract %e[0] : vector<16xf64> from vector<2x16xf64>
  %a0 = arith.addf %r0, %acc : vector<16xf64>
  %r1 = vector.extract %e[1] : vector<16xf64> from vector<2x16xf64>
  %a1 = arith.addf %r1, %a0 : vector<16xf64>
  return %r, %a1 : vector<32xf64>, vector<16xf64>
}

// -----

// @whole_rows: the row sums rmean-cpu-vectorize marked (rmean.row_sum)
// are lowered here, always. Rows short enough for the block bound (a
// pairwise sum of N elements rounds each at most ceil(log2 N) times, 6 for
// 49) are summed in f32 by the shared shuffle tree (bf16 widened to f32
// first) and added to the f64 accumulators when all the f32 sums are
// finite; otherwise the f64 sum, widened from the f32 elements inside the
// fallback branch only. A single row (1-D) takes the per-row tree. Without
// narrow-f32 the f32 rows, and with block-trips=0 (or 2, for the rows of
// 49) every row, are summed in f64, lowered the same way, with no check.
// The user's unmarked sum (last) is left as it is.
// CHECK-LABEL: func.func @whole_rows
//       CHECK:   %[[S:.+]] = arith.addf %{{.+}}, %{{.+}} : vector<8xf32>
//       CHECK:   math.absf %[[S]] : vector<8xf32>
//       CHECK:   %[[OK:.+]] = vector.reduction <and>
//       CHECK:   scf.if %[[OK]] -> (vector<8xf64>) {
//       CHECK:     %[[W:.+]] = arith.extf %[[S]] : vector<8xf32> to vector<8xf64>
//       CHECK:     arith.addf %{{.+}}, %[[W]] : vector<8xf64>
//       CHECK:   } else {
//       CHECK:     arith.extf %{{.+}} : vector<8x49xf32> to vector<8x49xf64>
//       CHECK:     vector.shuffle
//       CHECK:   }
//       CHECK:   arith.extf %{{.+}} : vector<8x3xbf16> to vector<8x3xf32>
//       CHECK:   scf.if
//       CHECK:   vector.reduction <add>, %{{.+}} : vector<2xf32> into f32
//       CHECK:   vector.broadcast %{{.+}} : f32 to vector<1xf32>
//       CHECK:   scf.if %{{.+}} -> (f64)
//       CHECK:   vector.multi_reduction <add>, %{{.+}}, %{{.+}} [1] : vector<8x49xf64> to vector<8xf64>
//   CHECK-NOT:   rmean.row_sum
// NOF32-LABEL: func.func @whole_rows
//   NOF32-NOT:   scf.if
//       NOF32:   arith.extf %{{.+}} : vector<8x3xbf16> to vector<8x3xf32>
//       NOF32:   scf.if
//   NOF32-NOT:   rmean.row_sum
// OFF-LABEL: func.func @whole_rows
//   OFF-NOT:   scf.if
//   OFF-NOT:   vector.multi_reduction <add>, %{{.+}}, %{{.+}} {rmean.row_sum}
//       OFF:   vector.multi_reduction <add>, %{{.+}}, %{{.+}} [1] : vector<8x49xf64> to vector<8xf64>
// TRIPS-LABEL: func.func @whole_rows
//   TRIPS-NOT:   scf.if
//       TRIPS:   arith.extf %{{.+}} : vector<8x3xbf16> to vector<8x3xf32>
//       TRIPS:   scf.if
//   TRIPS-NOT:   scf.if
//       TRIPS:   return
func.func @whole_rows(%x: vector<8x49xf32>, %acc: vector<8xf64>, %b: vector<8x3xbf16>, %r: vector<49xf32>, %racc: f64)
    -> (vector<8xf64>, vector<8xf64>, f64, vector<8xf64>) {
  %e = arith.extf %x : vector<8x49xf32> to vector<8x49xf64>
  %0 = vector.multi_reduction <add>, %e, %acc {rmean.row_sum} [1] : vector<8x49xf64> to vector<8xf64>
  %be = arith.extf %b : vector<8x3xbf16> to vector<8x3xf64>
  %1 = vector.multi_reduction <add>, %be, %acc {rmean.row_sum} [1] : vector<8x3xf64> to vector<8xf64>
  %re = arith.extf %r : vector<49xf32> to vector<49xf64>
  %2 = vector.multi_reduction <add>, %re, %racc {rmean.row_sum} [0] : vector<49xf64> to f64
  %3 = vector.multi_reduction <add>, %e, %acc [1] : vector<8x49xf64> to vector<8xf64>
  return %0, %1, %2, %3 : vector<8xf64>, vector<8xf64>, f64, vector<8xf64>
}

// -----

// @whole_rows_bf16_pairs: at 512 bits (the default), whole bf16 rows are
// summed in f32 from pairs of elements: rows of 49 read by a transfer_read
// are read again to 64 (in_bounds false on the rows, poison padding) and
// taken as 16-bit words, the padding set to -0.0 by a select; two bf16 per
// 32-bit word are widened by a shift (even) and a mask (odd), the halves
// added lane by lane and the 32 sums per row summed by the tree. The f64
// fallback widens the padded 16-bit rows itself (no bf16 vector of odd
// length is live into it). Rows of 64 need no second read. With
// block-trips=0 both keep the f64 sum of the original rows; below 512
// bits (AVX2) they are widened per element as before. (@whole_rows' bf16
// rows of 3, a function argument rather than a read, cannot be read again
// padded and keep the per-element form too.)
// CHECK-LABEL: func.func @whole_rows_bf16_pairs
//       CHECK:   %[[P:.+]] = vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, false]} : tensor<8x49xbf16>, vector<8x64xbf16>
//       CHECK:   %[[B:.+]] = arith.bitcast %[[P]] : vector<8x64xbf16> to vector<8x64xi16>
//       CHECK:   %[[H:.+]] = arith.select %{{.+}}, %[[B]], %{{.+}} : vector<8x64xi1>, vector<8x64xi16>
//       CHECK:   %[[W:.+]] = vector.bitcast %[[H]] : vector<8x64xi16> to vector<8x32xi32>
//       CHECK:   arith.shli %[[W]]
//       CHECK:   arith.andi %[[W]]
//       CHECK:   %[[S:.+]] = arith.addf %{{.+}}, %{{.+}} : vector<8x32xf32>
//       CHECK:   scf.if %{{.+}} -> (vector<8xf64>) {
//       CHECK:   } else {
//       CHECK:     arith.extui %[[H]] : vector<8x64xi16> to vector<8x64xi32>
//       CHECK:     arith.extf %{{.+}} : vector<8x64xf32> to vector<8x64xf64>
//       CHECK:   }
//   CHECK-NOT:   vector<4x64xbf16>, vector
//       CHECK:   arith.bitcast %{{.+}} : vector<4x64xbf16> to vector<4x64xi16>
//       CHECK:   arith.addf %{{.+}}, %{{.+}} : vector<4x32xf32>
//       CHECK:   scf.if %{{.+}} -> (vector<4xf64>) {
//       CHECK:     arith.extf %{{.+}} : vector<4x64xf32> to vector<4x64xf64>
//   CHECK-NOT:   rmean.row_sum
// AVX2-LABEL: func.func @whole_rows_bf16_pairs
//   AVX2-NOT:   vector<8x64xbf16>
//       AVX2:   arith.extf %{{.+}} : vector<8x49xbf16> to vector<8x49xf32>
//       AVX2:   arith.extf %{{.+}} : vector<4x64xbf16> to vector<4x64xf32>
//   AVX2-NOT:   vector<4x32xf32>
//       AVX2:   return
// OFF-LABEL: func.func @whole_rows_bf16_pairs
//   OFF-NOT:   vector<8x64xbf16>
//   OFF-NOT:   scf.if
//       OFF:   arith.extf %{{.+}} : vector<8x49xbf16> to vector<8x49xf64>
//   OFF-NOT:   scf.if
//       OFF:   arith.extf %{{.+}} : vector<4x64xbf16> to vector<4x64xf64>
//   OFF-NOT:   scf.if
//       OFF:   return
func.func @whole_rows_bf16_pairs(%t: tensor<8x49xbf16>, %acc: vector<8xf64>, %u: tensor<4x64xbf16>, %acc4: vector<4xf64>)
    -> (vector<8xf64>, vector<4xf64>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %x = vector.transfer_read %t[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<8x49xbf16>, vector<8x49xbf16>
  %e = arith.extf %x : vector<8x49xbf16> to vector<8x49xf64>
  %0 = vector.multi_reduction <add>, %e, %acc {rmean.row_sum} [1] : vector<8x49xf64> to vector<8xf64>
  %y = vector.transfer_read %u[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<4x64xbf16>, vector<4x64xbf16>
  %f = arith.extf %y : vector<4x64xbf16> to vector<4x64xf64>
  %1 = vector.multi_reduction <add>, %f, %acc4 {rmean.row_sum} [1] : vector<4x64xf64> to vector<4xf64>
  return %0, %1 : vector<8xf64>, vector<4xf64>
}

// -----

// @integer_blocks: i64 accumulators of 8- and 16-bit elements add in i32
// lanes for blocks of 2^23 (8-bit) or 2^15 (16-bit) trips, which cannot
// overflow, each block then widened (as the elements were: extsi, extui)
// and added: exact, so no check, no fallback, whatever block-trips says.
// 32-bit elements (last loop) keep their i64 accumulation.
// CHECK-LABEL: func.func @integer_blocks
//       CHECK:   scf.for %{{.+}} step %c268435456
//       CHECK:     %[[B:.+]] = scf.for {{.+}} -> (vector<32xi32>)
//       CHECK:       arith.extsi %{{.+}} : vector<32xi8> to vector<32xi32>
//       CHECK:       arith.addi %{{.+}} : vector<32xi32>
//       CHECK:     %[[W:.+]] = arith.extsi %[[B]] : vector<32xi32> to vector<32xi64>
//       CHECK:     arith.addi %{{.+}}, %[[W]] : vector<32xi64>
//   CHECK-NOT:     scf.if
//       CHECK:   scf.for %{{.+}} step %c524288
//       CHECK:     %[[U:.+]] = scf.for {{.+}} -> (vector<16xi32>)
//       CHECK:       arith.extui %{{.+}} : vector<16xi16> to vector<16xi32>
//       CHECK:     arith.extui %[[U]] : vector<16xi32> to vector<16xi64>
//       CHECK:   scf.for {{.+}} -> (vector<16xi64>)
//       CHECK:     arith.extsi %{{.+}} : vector<16xi32> to vector<16xi64>
//   CHECK-NOT:   vector<16xi32>)
//       CHECK:   return
// OFF-LABEL: func.func @integer_blocks
//       OFF:   scf.for {{.+}} -> (vector<32xi32>)
//       OFF:   scf.for {{.+}} -> (vector<16xi32>)
func.func @integer_blocks(%x: tensor<4096xi8>, %y: tensor<4096xi16>, %z: tensor<4096xi32>)
    -> (vector<32xi64>, vector<16xi64>, vector<16xi64>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant dense<0> : vector<32xi64>
  %zero16 = arith.constant dense<0> : vector<16xi64>
  %p8 = arith.constant 0 : i8
  %p16 = arith.constant 0 : i16
  %p32 = arith.constant 0 : i32
  %a = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %zero) -> (vector<32xi64>) {
    %v = vector.transfer_read %x[%i], %p8 {in_bounds = [true]} : tensor<4096xi8>, vector<32xi8>
    %e = arith.extsi %v : vector<32xi8> to vector<32xi64>
    %s = arith.addi %acc, %e : vector<32xi64>
    scf.yield %s : vector<32xi64>
  } {rmean.accumulation_loop}
  %b = scf.for %i = %c0 to %c4096 step %c16 iter_args(%acc = %zero16) -> (vector<16xi64>) {
    %v = vector.transfer_read %y[%i], %p16 {in_bounds = [true]} : tensor<4096xi16>, vector<16xi16>
    %e = arith.extui %v : vector<16xi16> to vector<16xi64>
    %s = arith.addi %e, %acc : vector<16xi64>
    scf.yield %s : vector<16xi64>
  } {rmean.accumulation_loop}
  %c = scf.for %i = %c0 to %c4096 step %c16 iter_args(%acc = %zero16) -> (vector<16xi64>) {
    %v = vector.transfer_read %z[%i], %p32 {in_bounds = [true]} : tensor<4096xi32>, vector<16xi32>
    %e = arith.extsi %v : vector<16xi32> to vector<16xi64>
    %s = arith.addi %acc, %e : vector<16xi64>
    scf.yield %s : vector<16xi64>
  } {rmean.accumulation_loop}
  return %a, %b, %c : vector<32xi64>, vector<16xi64>, vector<16xi64>
}

// -----

// @i32_accumulators: the i32 accumulators of rmean-narrow-integer-sums.
// Loops over 8-bit elements add in i16 lanes for blocks of 2^7 trips
// (|sum| <= 2^14), each block widened to i32; a step of 4 rows of 8 bits
// adds its rows pairwise in i16 and widens once. 16-bit elements into
// i32 (third loop, second step) have nothing narrower to add in: left as
// they are.
// CHECK-LABEL: func.func @i32_accumulators
//       CHECK:   scf.for %{{.+}} step %c4096
//       CHECK:     %[[B:.+]] = scf.for {{.+}} -> (vector<32xi16>)
//       CHECK:       arith.extsi %{{.+}} : vector<32xi8> to vector<32xi16>
//       CHECK:       arith.addi %{{.+}} : vector<32xi16>
//       CHECK:     %[[W:.+]] = arith.extsi %[[B]] : vector<32xi16> to vector<32xi32>
//       CHECK:     arith.addi %{{.+}}, %[[W]] : vector<32xi32>
//   CHECK-NOT:     scf.if
//       CHECK:   arith.extsi %{{.+}} : vector<4x16xi8> to vector<4x16xi16>
// CHECK-COUNT-3:   arith.addi %{{.+}} : vector<16xi16>
//  CHECK-NEXT:   arith.extsi %{{.+}} : vector<16xi16> to vector<16xi32>
//       CHECK:   scf.for {{.+}} -> (vector<16xi32>)
//       CHECK:     arith.extsi %{{.+}} : vector<16xi16> to vector<16xi32>
//       CHECK:   arith.extsi %{{.+}} : vector<4x16xi16> to vector<4x16xi32>
//   CHECK-NOT:   xi16> to vector<16xi32>
//       CHECK:   return
func.func @i32_accumulators(%x: tensor<4096xi8>, %v: vector<4x16xi8>, %y: tensor<4096xi16>, %h: vector<4x16xi16>)
    -> (vector<32xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant dense<0> : vector<32xi32>
  %zero16 = arith.constant dense<0> : vector<16xi32>
  %p8 = arith.constant 0 : i8
  %p16 = arith.constant 0 : i16
  %a = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %zero) -> (vector<32xi32>) {
    %r = vector.transfer_read %x[%i], %p8 {in_bounds = [true]} : tensor<4096xi8>, vector<32xi8>
    %e = arith.extsi %r : vector<32xi8> to vector<32xi32>
    %s = arith.addi %acc, %e : vector<32xi32>
    scf.yield %s : vector<32xi32>
  } {rmean.accumulation_loop}
  %b = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %zero16) -> (vector<16xi32>) {
    %e = arith.extsi %v : vector<4x16xi8> to vector<4x16xi32>
    %r0 = vector.extract %e[0] : vector<16xi32> from vector<4x16xi32>
    %a0 = arith.addi %r0, %acc : vector<16xi32>
    %r1 = vector.extract %e[1] : vector<16xi32> from vector<4x16xi32>
    %a1 = arith.addi %r1, %a0 : vector<16xi32>
    %r2 = vector.extract %e[2] : vector<16xi32> from vector<4x16xi32>
    %a2 = arith.addi %r2, %a1 : vector<16xi32>
    %r3 = vector.extract %e[3] : vector<16xi32> from vector<4x16xi32>
    %a3 = arith.addi %r3, %a2 : vector<16xi32>
    scf.yield %a3 : vector<16xi32>
  } {rmean.accumulation_loop}
  %c = scf.for %i = %c0 to %c4096 step %c16 iter_args(%acc = %zero16) -> (vector<16xi32>) {
    %r = vector.transfer_read %y[%i], %p16 {in_bounds = [true]} : tensor<4096xi16>, vector<16xi16>
    %e = arith.extsi %r : vector<16xi16> to vector<16xi32>
    %s = arith.addi %acc, %e : vector<16xi32>
    scf.yield %s : vector<16xi32>
  } {rmean.accumulation_loop}
  %d = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %zero16) -> (vector<16xi32>) {
    %e = arith.extsi %h : vector<4x16xi16> to vector<4x16xi32>
    %r0 = vector.extract %e[0] : vector<16xi32> from vector<4x16xi32>
    %a0 = arith.addi %r0, %acc : vector<16xi32>
    %r1 = vector.extract %e[1] : vector<16xi32> from vector<4x16xi32>
    %a1 = arith.addi %r1, %a0 : vector<16xi32>
    %r2 = vector.extract %e[2] : vector<16xi32> from vector<4x16xi32>
    %a2 = arith.addi %r2, %a1 : vector<16xi32>
    %r3 = vector.extract %e[3] : vector<16xi32> from vector<4x16xi32>
    %a3 = arith.addi %r3, %a2 : vector<16xi32>
    scf.yield %a3 : vector<16xi32>
  } {rmean.accumulation_loop}
  return %a, %b, %c, %d : vector<32xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>
}

// -----

// @negative_integer_user_loop: a loop rmean did not mark keeps its i64
// accumulation.
// CHECK-LABEL: func.func @negative_integer_user_loop
//   CHECK-NOT:   xi32>
//       CHECK:   return
func.func @negative_integer_user_loop(%x: tensor<4096xi8>) -> vector<32xi64> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant dense<0> : vector<32xi64>
  %p8 = arith.constant 0 : i8
  %a = scf.for %i = %c0 to %c4096 step %c32 iter_args(%acc = %zero) -> (vector<32xi64>) {
    %v = vector.transfer_read %x[%i], %p8 {in_bounds = [true]} : tensor<4096xi8>, vector<32xi8>
    %e = arith.extsi %v : vector<32xi8> to vector<32xi64>
    %s = arith.addi %acc, %e : vector<32xi64>
    scf.yield %s : vector<32xi64>
  }
  return %a : vector<32xi64>
}

// -----

// @integer_row_step: an "outer" step of 4 rows of i8 (or ui8) widened to
// i64 and added one by one: the rows are added pairwise in i16 (exact: up
// to 2^8 rows of 8 bits), the sum widened as the elements were; that
// 16-bit sum then takes the i32 blocks of an 8- or 16-bit accumulation
// (2^15 trips per block, then one i64 addition). Rows of i16 (the second
// loop) are added in i32 (more than 8 bits), rows of i32 (the third) keep
// their i64 chain.
// CHECK-LABEL: func.func @integer_row_step
//  CHECK-SAME:   (%[[V:.+]]: vector<4x16xi8>, %{{.+}}: vector<16xi64>, %[[U:.+]]: vector<4x16xi32>, %[[H:.+]]: vector<4x16xi16>)
//       CHECK:   scf.for {{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}})
//       CHECK:     scf.for {{.+}} iter_args(%[[BLK:.+]] = %{{.+}}) -> (vector<16xi32>)
//       CHECK:       %[[W:.+]] = arith.extui %[[V]] : vector<4x16xi8> to vector<4x16xi16>
//       CHECK:       %[[R0:.+]] = vector.extract %[[W]][0]
//       CHECK:       %[[R1:.+]] = vector.extract %[[W]][1]
//       CHECK:       %[[R2:.+]] = vector.extract %[[W]][2]
//       CHECK:       %[[R3:.+]] = vector.extract %[[W]][3]
//       CHECK:       %[[S01:.+]] = arith.addi %[[R0]], %[[R1]] : vector<16xi16>
//       CHECK:       %[[S23:.+]] = arith.addi %[[R2]], %[[R3]] : vector<16xi16>
//       CHECK:       %[[S:.+]] = arith.addi %[[S01]], %[[S23]] : vector<16xi16>
//       CHECK:       %[[E:.+]] = arith.extui %[[S]] : vector<16xi16> to vector<16xi32>
//       CHECK:       %[[T:.+]] = arith.addi %[[BLK]], %[[E]] : vector<16xi32>
//       CHECK:       scf.yield %[[T]]
//       CHECK:     arith.extui %{{.+}} : vector<16xi32> to vector<16xi64>
//       CHECK:     arith.addi %[[ACC]]
//       CHECK:   scf.for
//       CHECK:     arith.extsi %[[U]] : vector<4x16xi32> to vector<4x16xi64>
//   CHECK-NOT:     xi32>
//       CHECK:   scf.for
//       CHECK:     %[[HW:.+]] = arith.extsi %[[H]] : vector<4x16xi16> to vector<4x16xi32>
//       CHECK:     vector.extract %[[HW]][0]
//       CHECK:     arith.addi %{{.+}}, %{{.+}} : vector<16xi32>
//       CHECK:     arith.extsi %{{.+}} : vector<16xi32> to vector<16xi64>
//       CHECK:   return
// OFF-LABEL: func.func @integer_row_step
//       OFF:     arith.extui %{{.+}} : vector<4x16xi8> to vector<4x16xi16>
func.func @integer_row_step(%v: vector<4x16xi8>, %acc: vector<16xi64>, %u: vector<4x16xi32>, %h: vector<4x16xi16>) -> (vector<16xi64>, vector<16xi64>, vector<16xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %acc) -> (vector<16xi64>) {
    %e = arith.extui %v : vector<4x16xi8> to vector<4x16xi64>
    %r0 = vector.extract %e[0] : vector<16xi64> from vector<4x16xi64>
    %a0 = arith.addi %r0, %x : vector<16xi64>
    %r1 = vector.extract %e[1] : vector<16xi64> from vector<4x16xi64>
    %a1 = arith.addi %r1, %a0 : vector<16xi64>
    %r2 = vector.extract %e[2] : vector<16xi64> from vector<4x16xi64>
    %a2 = arith.addi %a1, %r2 : vector<16xi64>
    %r3 = vector.extract %e[3] : vector<16xi64> from vector<4x16xi64>
    %a3 = arith.addi %r3, %a2 : vector<16xi64>
    scf.yield %a3 : vector<16xi64>
  } {rmean.accumulation_loop}
  %res2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %acc) -> (vector<16xi64>) {
    %e = arith.extsi %u : vector<4x16xi32> to vector<4x16xi64>
    %r0 = vector.extract %e[0] : vector<16xi64> from vector<4x16xi64>
    %a0 = arith.addi %r0, %x : vector<16xi64>
    %r1 = vector.extract %e[1] : vector<16xi64> from vector<4x16xi64>
    %a1 = arith.addi %r1, %a0 : vector<16xi64>
    %r2 = vector.extract %e[2] : vector<16xi64> from vector<4x16xi64>
    %a2 = arith.addi %a1, %r2 : vector<16xi64>
    %r3 = vector.extract %e[3] : vector<16xi64> from vector<4x16xi64>
    %a3 = arith.addi %r3, %a2 : vector<16xi64>
    scf.yield %a3 : vector<16xi64>
  } {rmean.accumulation_loop}
  %res3 = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %acc) -> (vector<16xi64>) {
    %e = arith.extsi %h : vector<4x16xi16> to vector<4x16xi64>
    %r0 = vector.extract %e[0] : vector<16xi64> from vector<4x16xi64>
    %a0 = arith.addi %r0, %x : vector<16xi64>
    %r1 = vector.extract %e[1] : vector<16xi64> from vector<4x16xi64>
    %a1 = arith.addi %r1, %a0 : vector<16xi64>
    %r2 = vector.extract %e[2] : vector<16xi64> from vector<4x16xi64>
    %a2 = arith.addi %a1, %r2 : vector<16xi64>
    %r3 = vector.extract %e[3] : vector<16xi64> from vector<4x16xi64>
    %a3 = arith.addi %r3, %a2 : vector<16xi64>
    scf.yield %a3 : vector<16xi64>
  } {rmean.accumulation_loop}
  return %res, %res2, %res3 : vector<16xi64>, vector<16xi64>, vector<16xi64>
}
