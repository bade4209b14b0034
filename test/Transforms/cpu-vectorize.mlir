// RUN: rmean-opt %s --rmean-cpu-vectorize --split-input-file | FileCheck %s

// Each case starts from tiles as rmean-cpu-tile leaves them, written by
// hand: full tiles marked rmean.vectorize inside loops marked
// rmean.accumulation_loop.

#id = affine_map<(d0, d1) -> (d0, d1)>

// Inner: the marked tile becomes vector code, its accumulator a vector
// carried by the loop (read and write hoisted; the read of the -0.0 fill
// forwarded as a constant); the merge is a tree of vector adds by halves
// ending in a strict two-lane reduction into the row's accumulator.
// CHECK-LABEL: func.func @inner
//   CHECK-DAG:   %[[NZ:.+]] = arith.constant dense<-0.000000e+00> : vector<16xf64>
//       CHECK:   %[[ACC:.+]] = scf.for %{{.+}} iter_args(%[[V:.+]] = %[[NZ]]) -> (vector<16xf64>)
//       CHECK:     %[[X:.+]] = vector.transfer_read {{.+}} : tensor<1x16xf32>, vector<16xf32>
//       CHECK:     %[[W:.+]] = arith.extf %[[X]] : vector<16xf32> to vector<16xf64>
//       CHECK:     %[[S:.+]] = arith.addf %[[V]], %[[W]] : vector<16xf64>
//       CHECK:     scf.yield %[[S]] : vector<16xf64>
//       CHECK:   } {rmean.accumulation_loop}
//       CHECK:   vector.extract_strided_slice %{{.+}} {offsets = [0], sizes = [8], strides = [1]} : vector<16xf64> to vector<8xf64>
//       CHECK:   arith.addf %{{.+}} : vector<8xf64>
//       CHECK:   arith.addf %{{.+}} : vector<4xf64>
//       CHECK:   arith.addf %{{.+}} : vector<2xf64>
//       CHECK:   vector.reduction <add>, %{{.+}}, %{{.+}} : vector<2xf64> into f64
//   CHECK-NOT:   linalg.
//   CHECK-NOT:   rmean.vectorize
func.func @inner(%x: tensor<1x64xf32>, %row: tensor<1xf64>) -> tensor<1xf64> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %nz = arith.constant -0.0 : f64
  %e = tensor.empty() : tensor<1x16xf64>
  %p = linalg.fill ins(%nz : f64) outs(%e : tensor<1x16xf64>) -> tensor<1x16xf64>
  %r = scf.for %j = %c0 to %c64 step %c16 iter_args(%acc = %p) -> (tensor<1x16xf64>) {
    %s = tensor.extract_slice %x[0, %j] [1, 16] [1, 1] : tensor<1x64xf32> to tensor<1x16xf32>
    %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%s : tensor<1x16xf32>) outs(%acc : tensor<1x16xf64>) attrs = {rmean.vectorize} {
    ^bb0(%in: f32, %a: f64):
      %w = arith.extf %in : f32 to f64
      %sum = arith.addf %a, %w : f64
      linalg.yield %sum : f64
    } -> tensor<1x16xf64>
    scf.yield %t : tensor<1x16xf64>
  } {rmean.accumulation_loop}
  %m = linalg.reduce ins(%r : tensor<1x16xf64>) outs(%row : tensor<1xf64>) dimensions = [1] {rmean.vectorize}
    (%in: f64, %init: f64) {
      %a = arith.addf %in, %init : f64
      linalg.yield %a : f64
    }
  return %m : tensor<1xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// Outer: the 8 rows of a step are added to the accumulator row as plain
// vector adds (the reduction over the leading dimension lowered as
// elementwise adds), with no horizontal reduction.
// CHECK-LABEL: func.func @outer
//       CHECK:   scf.for
//       CHECK:     vector.transfer_read {{.+}} : tensor<8x16xf16>, vector<8x16xf16>
//       CHECK:     arith.extf %{{.+}} : vector<8x16xf16> to vector<8x16xf64>
//       CHECK:     vector.extract %{{.+}}[7] : vector<16xf64> from vector<8x16xf64>
//       CHECK:     arith.addf %{{.+}} : vector<16xf64>
//       CHECK:     vector.transfer_write
//   CHECK-NOT:   vector.reduction
//   CHECK-NOT:   vector.multi_reduction
func.func @outer(%x: tensor<64x16xf16>, %acc0: tensor<16xf64>) -> tensor<16xf64> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %r = scf.for %i = %c0 to %c64 step %c8 iter_args(%acc = %acc0) -> (tensor<16xf64>) {
    %s = tensor.extract_slice %x[%i, 0] [8, 16] [1, 1] : tensor<64x16xf16> to tensor<8x16xf16>
    %t = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
        ins(%s : tensor<8x16xf16>) outs(%acc : tensor<16xf64>) attrs = {rmean.vectorize} {
    ^bb0(%in: f16, %a: f64):
      %w = arith.extf %in : f16 to f64
      %sum = arith.addf %a, %w : f64
      linalg.yield %sum : f64
    } -> tensor<16xf64>
    scf.yield %t : tensor<16xf64>
  } {rmean.accumulation_loop}
  return %r : tensor<16xf64>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#lane = affine_map<(d0, d1, d2) -> (d0, d2)>

// A compensated f64 step of 16 lanes (one reduced step per tile, two
// accumulators updated from each other, which linalg::vectorize cannot
// match as a combiner): its unit dimensions are dropped and it vectorises
// as an elementwise update; both accumulators are carried in registers by
// the accumulation loop.
// CHECK-LABEL: func.func @compensated_lanes
//       CHECK:   %[[R:.+]]:2 = scf.for {{.+}} iter_args(%[[S:.+]] = %{{.+}}, %[[C:.+]] = %{{.+}}) -> (vector<16xf64>, vector<16xf64>)
//       CHECK:     %[[X:.+]] = vector.transfer_read {{.+}} : tensor<16xf64>, vector<16xf64>
//       CHECK:     %[[T:.+]] = arith.addf %[[S]], %[[X]] : vector<16xf64>
//       CHECK:     arith.cmpf oge, {{.+}} : vector<16xf64>
//       CHECK:     %[[C2:.+]] = arith.addf %[[C]], %{{.+}} : vector<16xf64>
//       CHECK:     scf.yield %[[T]], %[[C2]]
//       CHECK:   } {rmean.accumulation_loop}
//   CHECK-DAG:   vector.transfer_write %[[R]]#0
//   CHECK-DAG:   vector.transfer_write %[[R]]#1
//   CHECK-NOT:   linalg.generic
func.func @compensated_lanes(%x: tensor<1x8x16xf64>, %s0: tensor<1x16xf64>, %c0: tensor<1x16xf64>)
    -> (tensor<1x16xf64>, tensor<1x16xf64>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i8 = arith.constant 8 : index
  %r:2 = scf.for %i = %i0 to %i8 step %i1 iter_args(%s = %s0, %c = %c0) -> (tensor<1x16xf64>, tensor<1x16xf64>) {
    %step = tensor.extract_slice %x[0, %i, 0] [1, 1, 16] [1, 1, 1] : tensor<1x8x16xf64> to tensor<1x1x16xf64>
    %t:2 = linalg.generic {indexing_maps = [#id3, #lane, #lane], iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%step : tensor<1x1x16xf64>) outs(%s, %c : tensor<1x16xf64>, tensor<1x16xf64>) attrs = {rmean.vectorize} {
    ^bb0(%in: f64, %sum: f64, %comp: f64):
      %t = arith.addf %sum, %in : f64
      %as = math.absf %sum : f64
      %ax = math.absf %in : f64
      %ge = arith.cmpf oge, %as, %ax : f64
      %big = arith.select %ge, %sum, %in : f64
      %small = arith.select %ge, %in, %sum : f64
      %d = arith.subf %big, %t : f64
      %e = arith.addf %d, %small : f64
      %c2 = arith.addf %comp, %e : f64
      linalg.yield %t, %c2 : f64, f64
    } -> (tensor<1x16xf64>, tensor<1x16xf64>)
    scf.yield %t#0, %t#1 : tensor<1x16xf64>, tensor<1x16xf64>
  } {rmean.accumulation_loop}
  return %r#0, %r#1 : tensor<1x16xf64>, tensor<1x16xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// Unsigned elements: the body's cast to the signless type moves out of the
// body onto the vectors read (the tensor is read as vector<16xui32>, then
// cast), so the tile vectorises; the tensor-level cast is gone.
// CHECK-LABEL: func.func @unsigned_input
//       CHECK:   %[[V:.+]] = vector.transfer_read %{{.+}} : tensor<1x16xui32>, vector<16xui32>
//       CHECK:   builtin.unrealized_conversion_cast %{{.+}} : vector<1x16xui32> to vector<1x16xi32>
//       CHECK:   arith.extui %{{.+}} : vector<16xi32> to vector<16xi64>
//   CHECK-NOT:   tensor<1x16xi32>
//   CHECK-NOT:   linalg.generic
func.func @unsigned_input(%x: tensor<1x16xui32>, %acc: tensor<16xi64>) -> tensor<16xi64> {
  %t = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<1x16xui32>) outs(%acc : tensor<16xi64>) attrs = {rmean.vectorize} {
  ^bb0(%in: ui32, %a: i64):
    %s = builtin.unrealized_conversion_cast %in : ui32 to i32
    %w = arith.extui %s : i32 to i64
    %sum = arith.addi %a, %w : i64
    linalg.yield %sum : i64
  } -> tensor<16xi64>
  return %t : tensor<16xi64>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>

// @negative_unsigned_other_use: an unsigned element used other than by a
// cast to its signless type (here transposed as it is) keeps its type: no
// cast is moved onto the input, and the tile vectorises on ui32 vectors.
// CHECK-LABEL: func.func @negative_unsigned_other_use
//   CHECK-NOT:   unrealized_conversion_cast
//       CHECK:   vector.transfer_read {{.+}} : tensor<4x4xui32>, vector<4x4xui32>
//   CHECK-NOT:   unrealized_conversion_cast
//       CHECK:   return
func.func @negative_unsigned_other_use(%x: tensor<4x4xui32>, %y: tensor<4x4xui32>) -> tensor<4x4xui32> {
  %t = linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x4xui32>) outs(%y : tensor<4x4xui32>) attrs = {rmean.vectorize} {
  ^bb0(%in: ui32, %o: ui32):
    linalg.yield %in : ui32
  } -> tensor<4x4xui32>
  return %t : tensor<4x4xui32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// @negative_dynamic: a marked tile whose shape is only known at run time
// (a peeled remainder) stays scalar; the marker is consumed.
// CHECK-LABEL: func.func @negative_dynamic
//   CHECK-NOT:   vector.
//       CHECK:   linalg.generic
//   CHECK-NOT:   rmean.vectorize
func.func @negative_dynamic(%x: tensor<1x?xf32>, %acc: tensor<1x?xf64>) -> tensor<1x?xf64> {
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x?xf32>) outs(%acc : tensor<1x?xf64>) attrs = {rmean.vectorize} {
  ^bb0(%in: f32, %a: f64):
    %w = arith.extf %in : f32 to f64
    %sum = arith.addf %a, %w : f64
    linalg.yield %sum : f64
  } -> tensor<1x?xf64>
  return %t : tensor<1x?xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// User vector code next to a marked tile is not rewritten: a strict float
// vector.reduction keeps its order (no tree), a multi-reduction is not
// lowered, an unmarked linalg op is not vectorised, and a user loop's
// accumulator read/write pair is not hoisted.
// CHECK-LABEL: func.func @user_code_untouched
//       CHECK:   %[[R:.+]] = vector.reduction <add>, %{{.+}} : vector<16xf32> into f32
//       CHECK:   %[[M:.+]] = vector.multi_reduction <add>, %{{.+}}, %{{.+}} [0] : vector<16xf32> to f32
//       CHECK:   %[[G:.+]] = linalg.generic
//  CHECK-SAME:       ins(%{{.+}} : tensor<1x16xf32>) outs(%{{.+}} : tensor<1x16xf64>) {
//       CHECK:   %[[L:.+]] = scf.for %{{.+}} iter_args(%[[T:.+]] = %{{.+}}) -> (tensor<16xf32>) {
//       CHECK:     %[[RD:.+]] = vector.transfer_read %[[T]]
//       CHECK:     %[[WR:.+]] = vector.transfer_write %{{.+}}, %[[T]]
//       CHECK:     scf.yield %[[WR]] : tensor<16xf32>
//       CHECK:   vector.transfer_read {{.+}} : tensor<1x16xf32>, vector<16xf32>
//       CHECK:   return %[[R]], %[[M]], %[[G]], %[[L]]
func.func @user_code_untouched(%v: vector<16xf32>, %f: f32, %x: tensor<1x16xf32>, %acc: tensor<1x16xf64>, %buf: tensor<16xf32>)
    -> (f32, f32, tensor<1x16xf64>, tensor<16xf32>, tensor<1x16xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %r = vector.reduction <add>, %v : vector<16xf32> into f32
  %m = vector.multi_reduction <add>, %v, %f [0] : vector<16xf32> to f32
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x16xf32>) outs(%acc : tensor<1x16xf64>) {
  ^bb0(%in: f32, %a: f64):
    %w = arith.extf %in : f32 to f64
    %sum = arith.addf %a, %w : f64
    linalg.yield %sum : f64
  } -> tensor<1x16xf64>
  %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %buf) -> (tensor<16xf32>) {
    %rd = vector.transfer_read %t[%c0], %pad {in_bounds = [true]} : tensor<16xf32>, vector<16xf32>
    %add = arith.addf %rd, %v : vector<16xf32>
    %wr = vector.transfer_write %add, %t[%c0] {in_bounds = [true]} : vector<16xf32>, tensor<16xf32>
    scf.yield %wr : tensor<16xf32>
  }
  %ours = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x16xf32>) outs(%acc : tensor<1x16xf64>) attrs = {rmean.vectorize} {
  ^bb0(%in: f32, %a: f64):
    %w = arith.extf %in : f32 to f64
    %sum = arith.addf %a, %w : f64
    linalg.yield %sum : f64
  } -> tensor<1x16xf64>
  return %r, %m, %g, %l, %ours : f32, f32, tensor<1x16xf64>, tensor<16xf32>, tensor<1x16xf64>
}

// -----

#wid = affine_map<(d0, d1) -> (d0, d1)>
#wrow = affine_map<(d0, d1) -> (d0)>
#wall = affine_map<(d0) -> (d0)>
#wout = affine_map<(d0) -> ()>

// @whole_rows: tiles of whole rows (rmean-cpu-tile's short rows). A sum
// widened from f32 to f64 is left marked rmean.row_sum, for
// rmean-narrow-accumulators, 2-D (eight rows) or 1-D (one row); an integer
// sum of eight rows is lowered here, by one shuffle tree shared between the
// rows: each row padded with 0 to 64 lanes and halved to the 8 i64 lanes of
// 64 bytes, then three levels of two shuffles and an add, no per-row
// horizontal reduction. Three rows (not a power of two) take upstream's
// lowering, one reduction per row.
// CHECK-LABEL: func.func @whole_rows
//       CHECK:   %[[F:.+]] = vector.transfer_read {{.+}} : tensor<8x49xf32>, vector<8x49xf32>
//       CHECK:   %[[FW:.+]] = arith.extf %[[F]] : vector<8x49xf32> to vector<8x49xf64>
//       CHECK:   vector.multi_reduction <add>, %[[FW]], %{{.+}} {rmean.row_sum} [1] : vector<8x49xf64> to vector<8xf64>
//       CHECK:   %[[I:.+]] = vector.transfer_read {{.+}} : tensor<8x49xi32>, vector<8x49xi32>
//       CHECK:   arith.extsi %[[I]] : vector<8x49xi32> to vector<8x49xi64>
//       CHECK:   vector.insert_strided_slice %{{.+}}, %{{.+}} {offsets = [0], strides = [1]} : vector<49xi64> into vector<64xi64>
//       CHECK:   arith.addi %{{.+}} : vector<8xi64>
//       CHECK:   vector.shuffle %{{.+}}, %{{.+}} [0, 1, 2, 3, 8, 9, 10, 11] : vector<8xi64>, vector<8xi64>
//       CHECK:   vector.shuffle %{{.+}}, %{{.+}} [4, 5, 6, 7, 12, 13, 14, 15] : vector<8xi64>, vector<8xi64>
//   CHECK-NOT:   vector.reduction
//       CHECK:   %[[T:.+]] = vector.transfer_read {{.+}} : tensor<3x49xi32>, vector<3x49xi32>
//       CHECK:   vector.reduction <add>
//       CHECK:   vector.reduction <add>
//       CHECK:   vector.reduction <add>
//       CHECK:   %[[R:.+]] = vector.transfer_read {{.+}} : tensor<49xf32>, vector<49xf32>
//       CHECK:   %[[RW:.+]] = arith.extf %[[R]] : vector<49xf32> to vector<49xf64>
//       CHECK:   vector.multi_reduction <add>, %[[RW]], %{{.+}} {rmean.row_sum} [0] : vector<49xf64> to f64
func.func @whole_rows(%x: tensor<8x49xf32>, %acc: tensor<8xf64>, %y: tensor<8x49xi32>, %iacc: tensor<8xi64>,
                      %z: tensor<3x49xi32>, %zacc: tensor<3xi64>, %w: tensor<49xf32>, %wacc: tensor<f64>)
    -> (tensor<8xf64>, tensor<8xi64>, tensor<3xi64>, tensor<f64>) {
  %0 = linalg.generic {indexing_maps = [#wid, #wrow], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x49xf32>) outs(%acc : tensor<8xf64>) attrs = {rmean.vectorize} {
  ^bb0(%in: f32, %a: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %a, %e : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  %1 = linalg.generic {indexing_maps = [#wid, #wrow], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x49xi32>) outs(%iacc : tensor<8xi64>) attrs = {rmean.vectorize} {
  ^bb0(%in: i32, %a: i64):
    %e = arith.extsi %in : i32 to i64
    %s = arith.addi %a, %e : i64
    linalg.yield %s : i64
  } -> tensor<8xi64>
  %2 = linalg.generic {indexing_maps = [#wid, #wrow], iterator_types = ["parallel", "reduction"]}
      ins(%z : tensor<3x49xi32>) outs(%zacc : tensor<3xi64>) attrs = {rmean.vectorize} {
  ^bb0(%in: i32, %a: i64):
    %e = arith.extsi %in : i32 to i64
    %s = arith.addi %a, %e : i64
    linalg.yield %s : i64
  } -> tensor<3xi64>
  %3 = linalg.generic {indexing_maps = [#wall, #wout], iterator_types = ["reduction"]}
      ins(%w : tensor<49xf32>) outs(%wacc : tensor<f64>) attrs = {rmean.vectorize} {
  ^bb0(%in: f32, %a: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %a, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %0, %1, %2, %3 : tensor<8xf64>, tensor<8xi64>, tensor<3xi64>, tensor<f64>
}

// -----

// @negative_user_row_sums: the user's sums of rows are neither marked nor
// lowered.
// CHECK-LABEL: func.func @negative_user_row_sums
//   CHECK-NOT:   rmean.row_sum
//       CHECK:   vector.multi_reduction <add>, %{{.+}}, %{{.+}} [1] : vector<8x49xf64> to vector<8xf64>
//       CHECK:   vector.multi_reduction <add>, %{{.+}}, %{{.+}} [1] : vector<8x49xi64> to vector<8xi64>
//   CHECK-NOT:   vector.shuffle
func.func @negative_user_row_sums(%x: vector<8x49xf32>, %acc: vector<8xf64>, %y: vector<8x49xi64>, %iacc: vector<8xi64>)
    -> (vector<8xf64>, vector<8xi64>) {
  %e = arith.extf %x : vector<8x49xf32> to vector<8x49xf64>
  %0 = vector.multi_reduction <add>, %e, %acc [1] : vector<8x49xf64> to vector<8xf64>
  %1 = vector.multi_reduction <add>, %y, %iacc [1] : vector<8x49xi64> to vector<8xi64>
  return %0, %1 : vector<8xf64>, vector<8xi64>
}

// -----

// A padded lane tail (rmean-cpu-tile, masked_tail): the marked tensor.pad
// becomes one masked read whose lanes beyond the input hold the pad value
// (-0.0), with its mask as an operand (no vector.mask region left); the
// step then adds all 16 lanes. An unmarked pad (the user's) stays.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @padded_tail
//   CHECK-DAG:   %[[NZ:.+]] = arith.constant -0.000000e+00 : f32
//       CHECK:   %[[N:.+]] = tensor.dim %{{.+}}, %c1 : tensor<1x?xf32>
//       CHECK:   %[[MASK:.+]] = vector.create_mask %[[N]] : vector<16xi1>
//       CHECK:   %[[X:.+]] = vector.transfer_read %{{.+}}[%c0, %c0], %[[NZ]], %[[MASK]] {in_bounds = [true]} : tensor<1x?xf32>, vector<16xf32>
//       CHECK:   %[[LANES:.+]] = vector.transfer_read %{{.+}} : tensor<1x16xf64>, vector<16xf64>
//       CHECK:   %[[E:.+]] = arith.extf %[[X]] : vector<16xf32> to vector<16xf64>
//       CHECK:   arith.addf %[[LANES]], %[[E]] : vector<16xf64>
//   CHECK-NOT:   vector.mask
//       CHECK:   tensor.pad
//   CHECK-NOT:   rmean.vectorize
//       CHECK:   return
func.func @padded_tail(%x: tensor<1x?xf32>, %lanes: tensor<1x16xf64>, %high: index) -> (tensor<1x16xf64>, tensor<1x16xf32>) {
  %nz = arith.constant -0.000000e+00 : f32
  %p = tensor.pad %x low[0, 0] high[0, %high] {
  ^bb0(%i: index, %j: index):
    tensor.yield %nz : f32
  } {rmean.vectorize} : tensor<1x?xf32> to tensor<1x16xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<1x16xf32>) outs(%lanes : tensor<1x16xf64>) attrs = {rmean.vectorize} {
  ^bb0(%in: f32, %out: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %out, %e : f64
    linalg.yield %s : f64
  } -> tensor<1x16xf64>
  %user = tensor.pad %x low[0, 0] high[0, %high] {
  ^bb0(%i: index, %j: index):
    tensor.yield %nz : f32
  } : tensor<1x?xf32> to tensor<1x16xf32>
  return %0, %user : tensor<1x16xf64>, tensor<1x16xf32>
}

// -----

// A whole-row tile of three dimensions with a kept leading unit one (the
// padded short rows of a run-time length, [1, rows, lanes]) sums its rows
// as a two-dimensional tile does: the multi-reduction drops its leading
// unit dimension and reads the widening directly, so that it is marked
// rmean.row_sum for rmean-narrow-accumulators, not lowered here.
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @whole_rows_leading_unit
//       CHECK:   %[[X:.+]] = vector.transfer_read {{.+}} : tensor<1x8x64xf32>, vector<8x64xf32>
//       CHECK:   %[[E:.+]] = arith.extf %[[X]] : vector<8x64xf32> to vector<8x64xf64>
//       CHECK:   vector.multi_reduction <add>, %[[E]], %{{.+}} {rmean.row_sum} [1] : vector<8x64xf64> to vector<8xf64>
//   CHECK-NOT:   vector.extract_strided_slice
//       CHECK:   return
func.func @whole_rows_leading_unit(%x: tensor<1x8x64xf32>, %acc: tensor<1x8xf64>) -> tensor<1x8xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<1x8x64xf32>) outs(%acc : tensor<1x8xf64>) attrs = {rmean.vectorize} {
  ^bb0(%in: f32, %out: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %out, %e : f64
    linalg.yield %s : f64
  } -> tensor<1x8xf64>
  return %0 : tensor<1x8xf64>
}

// -----

// Whole rows of integers widened to i64 (or i32) sum in the narrowest type
// their rows cannot leave (16 or 32 bits), then widen once: a padded row of
// 64 ui8 lanes sums in i16, a row of 512 i8 lanes in i32 (512 * 2^7 needs
// more than 16 bits). Zero-extended bytes already widened to i32 keep i32.
// The padded unsigned rows are read through their cast to the signless
// type, masked, and the mask's size is the original tensor's.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @narrow_integer_rows
//       CHECK:   %[[N:.+]] = tensor.dim %{{.+}}, %c1 : tensor<8x?xui8>
//       CHECK:   %[[MASK:.+]] = vector.create_mask %c8, %[[N]] : vector<8x64xi1>
//       CHECK:   %[[U:.+]] = vector.transfer_read %{{.+}}, %[[MASK]] {{.+}} : tensor<8x?xui8>, vector<8x64xui8>
//       CHECK:   %[[X:.+]] = builtin.unrealized_conversion_cast %[[U]] : vector<8x64xui8> to vector<8x64xi8>
//       CHECK:   arith.extui %[[X]] : vector<8x64xi8> to vector<8x64xi16>
//       CHECK:   arith.addi {{.+}} : vector<32xi16>
//       CHECK:   %[[S:.+]] = arith.addi {{.+}} : vector<8xi16>
//       CHECK:   %[[W:.+]] = arith.extui %[[S]] : vector<8xi16> to vector<8xi64>
//       CHECK:   arith.addi %{{.+}}, %[[W]] : vector<8xi64>
//       CHECK:   arith.extsi %{{.+}} : vector<8x512xi8> to vector<8x512xi32>
//       CHECK:   arith.extsi %{{.+}} : vector<8xi32> to vector<8xi64>
//       CHECK:   arith.extui %{{.+}} : vector<8x64xi8> to vector<8x64xi32>
//   CHECK-NOT:   xi16>
//       CHECK:   return
func.func @narrow_integer_rows(%x: tensor<8x?xui8>, %acc: tensor<8xi64>, %high: index,
                               %y: tensor<8x512xi8>, %z: tensor<8x64xi8>, %acc32: tensor<8xi32>)
    -> (tensor<8xi64>, tensor<8xi64>, tensor<8xi32>) {
  %zero = arith.constant 0 : i8
  %cast = builtin.unrealized_conversion_cast %x : tensor<8x?xui8> to tensor<8x?xi8>
  %p = tensor.pad %cast low[0, 0] high[0, %high] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : i8
  } {rmean.vectorize} : tensor<8x?xi8> to tensor<8x64xi8>
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<8x64xi8>) outs(%acc : tensor<8xi64>) attrs = {rmean.vectorize} {
  ^bb0(%in: i8, %out: i64):
    %e = arith.extui %in : i8 to i64
    %s = arith.addi %out, %e : i64
    linalg.yield %s : i64
  } -> tensor<8xi64>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x512xi8>) outs(%acc : tensor<8xi64>) attrs = {rmean.vectorize} {
  ^bb0(%in: i8, %out: i64):
    %e = arith.extsi %in : i8 to i64
    %s = arith.addi %out, %e : i64
    linalg.yield %s : i64
  } -> tensor<8xi64>
  %2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%z : tensor<8x64xi8>) outs(%acc32 : tensor<8xi32>) attrs = {rmean.vectorize} {
  ^bb0(%in: i8, %out: i32):
    %e = arith.extui %in : i8 to i32
    %s = arith.addi %out, %e : i32
    linalg.yield %s : i32
  } -> tensor<8xi32>
  return %0, %1, %2 : tensor<8xi64>, tensor<8xi64>, tensor<8xi32>
}

// -----

// Whole static rows of an odd length read as the contiguous run their
// step's rows form (the slice takes every column), then reshaped: i8 rows
// of 9; not i32 rows of 9 (LLVM loads those well) nor a slice of part of
// the columns.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @flatten_whole_rows
//       CHECK:   %[[S:.+]] = tensor.extract_slice %{{.+}}[%{{.+}}, 0] [8, 9] [1, 1] : tensor<64x9xi8> to tensor<8x9xi8>
//       CHECK:   %[[F:.+]] = tensor.collapse_shape %[[S]] {{\[}}[0, 1]] : tensor<8x9xi8> into tensor<72xi8>
//       CHECK:   %[[V:.+]] = vector.transfer_read %[[F]][%c0], %{{.+}} {in_bounds = [true]} : tensor<72xi8>, vector<72xi8>
//       CHECK:   vector.shape_cast %[[V]] : vector<72xi8> to vector<8x9xi8>
//       CHECK:   vector.transfer_read %{{.+}} : tensor<8x9xi32>, vector<8x9xi32>
//       CHECK:   vector.transfer_read %{{.+}} : tensor<8x9xi8>, vector<8x9xi8>
//   CHECK-NOT:   tensor.collapse_shape
//       CHECK:   return
func.func @flatten_whole_rows(%x: tensor<64x9xi8>, %y: tensor<64x9xi32>, %z: tensor<64x16xi8>,
                              %i: index, %acc: tensor<8xi32>, %acc64: tensor<8xi64>)
    -> (tensor<8xi32>, tensor<8xi64>, tensor<8xi32>) {
  %s = tensor.extract_slice %x[%i, 0] [8, 9] [1, 1] : tensor<64x9xi8> to tensor<8x9xi8>
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%s : tensor<8x9xi8>) outs(%acc : tensor<8xi32>) attrs = {rmean.vectorize} {
  ^bb0(%in: i8, %out: i32):
    %e = arith.extsi %in : i8 to i32
    %a = arith.addi %out, %e : i32
    linalg.yield %a : i32
  } -> tensor<8xi32>
  %t = tensor.extract_slice %y[%i, 0] [8, 9] [1, 1] : tensor<64x9xi32> to tensor<8x9xi32>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%t : tensor<8x9xi32>) outs(%acc64 : tensor<8xi64>) attrs = {rmean.vectorize} {
  ^bb0(%in: i32, %out: i64):
    %e = arith.extsi %in : i32 to i64
    %a = arith.addi %out, %e : i64
    linalg.yield %a : i64
  } -> tensor<8xi64>
  %u = tensor.extract_slice %z[%i, 0] [8, 9] [1, 1] : tensor<64x16xi8> to tensor<8x9xi8>
  %2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%u : tensor<8x9xi8>) outs(%acc : tensor<8xi32>) attrs = {rmean.vectorize} {
  ^bb0(%in: i8, %out: i32):
    %e = arith.extsi %in : i8 to i32
    %a = arith.addi %out, %e : i32
    linalg.yield %a : i32
  } -> tensor<8xi32>
  return %0, %1, %2 : tensor<8xi32>, tensor<8xi64>, tensor<8xi32>
}
