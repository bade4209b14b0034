// RUN: rmean-opt %s --rmean-view-complex-as-real --split-input-file | FileCheck %s

// Each case starts from the linalg ops convert-rmean-to-linalg creates for
// a complex mean, written by hand with their markers.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Rows of complex<f32>: the parts view [8, 100, 2], the parts a kept
// dimension after the reduced one, one f64 accumulator [8, 2] that starts
// from the original fills' -0.0 and sums extf'd parts; the original
// accumulators' users read its real (0) and imaginary (1) slices.
// CHECK-DAG: #[[ID3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[KEPT:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @rows
//  CHECK-SAME:   (%[[X:.+]]: tensor<8x100xcomplex<f32>>
//       CHECK:   %[[V:.+]] = rmean.view_as_real %[[X]] : tensor<8x100xcomplex<f32>> to tensor<8x100x2xf32>
//       CHECK:   %[[NZ:.+]] = arith.constant -0.000000e+00 : f64
//       CHECK:   %[[FILL:.+]] = linalg.fill ins(%[[NZ]] : f64) outs(%{{.+}} : tensor<8x2xf64>)
//       CHECK:   %[[S:.+]] = linalg.generic {indexing_maps = [#[[ID3]], #[[KEPT]]], iterator_types = ["parallel", "reduction", "parallel"]}
//  CHECK-SAME:       ins(%[[V]] : tensor<8x100x2xf32>) outs(%[[FILL]] : tensor<8x2xf64>)
//  CHECK-SAME:       attrs =  {rmean.reduction}
//       CHECK:   ^bb0(%[[IN:.+]]: f32, %[[ACC:.+]]: f64):
//       CHECK:     %[[W:.+]] = arith.extf %[[IN]] : f32 to f64
//       CHECK:     %[[SUM:.+]] = arith.addf %[[ACC]], %[[W]] : f64
//       CHECK:     linalg.yield %[[SUM]] : f64
//       CHECK:   %[[RE1:.+]] = tensor.extract_slice %[[S]][0, 0] [8, 1] [1, 1] : tensor<8x2xf64> to tensor<8x1xf64>
//       CHECK:   %[[RE:.+]] = tensor.collapse_shape %[[RE1]] {{\[}}[0, 1]] : tensor<8x1xf64> into tensor<8xf64>
//       CHECK:   %[[IM1:.+]] = tensor.extract_slice %[[S]][0, 1] [8, 1] [1, 1] : tensor<8x2xf64> to tensor<8x1xf64>
//       CHECK:   %[[IM:.+]] = tensor.collapse_shape %[[IM1]] {{\[}}[0, 1]] : tensor<8x1xf64> into tensor<8xf64>
//       CHECK:   return %[[RE]], %[[IM]]
func.func @rows(%x: tensor<8x100xcomplex<f32>>) -> (tensor<8xf64>, tensor<8xf64>) {
  %nz = arith.constant -0.0 : f64
  %e0 = tensor.empty() : tensor<8xf64>
  %f0 = linalg.fill ins(%nz : f64) outs(%e0 : tensor<8xf64>) -> tensor<8xf64>
  %e1 = tensor.empty() : tensor<8xf64>
  %f1 = linalg.fill ins(%nz : f64) outs(%e1 : tensor<8xf64>) -> tensor<8xf64>
  %s:2 = linalg.generic {indexing_maps = [#id, #row, #row],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x100xcomplex<f32>>) outs(%f0, %f1 : tensor<8xf64>, tensor<8xf64>)
      attrs = {rmean.reduction} {
  ^bb0(%in: complex<f32>, %re: f64, %im: f64):
    %a = complex.re %in : complex<f32>
    %b = complex.im %in : complex<f32>
    %wa = arith.extf %a : f32 to f64
    %wb = arith.extf %b : f32 to f64
    %sa = arith.addf %re, %wa : f64
    %sb = arith.addf %im, %wb : f64
    linalg.yield %sa, %sb : f64, f64
  } -> (tensor<8xf64>, tensor<8xf64>)
  return %s#0, %s#1 : tensor<8xf64>, tensor<8xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// Columns of complex<f64>: the kept last dimension and the parts merge
// into 16 real columns; two accumulators (sum, compensation) run the
// compensated step; each is expanded back to [8, 2], and the four original
// accumulators (real sum, real compensation, imaginary sum, imaginary
// compensation) are the slices in that order.
// CHECK-LABEL: func.func @columns_compensated
//       CHECK:   %[[V:.+]] = rmean.view_as_real %{{.+}} : tensor<100x8xcomplex<f64>> to tensor<100x8x2xf64>
//       CHECK:   %[[C:.+]] = tensor.collapse_shape %[[V]] {{\[}}[0], [1, 2]] : tensor<100x8x2xf64> into tensor<100x16xf64>
//       CHECK:   %[[S:.+]]:2 = linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction", "parallel"]
//  CHECK-SAME:       ins(%[[C]] : tensor<100x16xf64>) outs(%{{.+}}, %{{.+}} : tensor<16xf64>, tensor<16xf64>)
//  CHECK-SAME:       attrs =  {rmean.reduction}
//       CHECK:   ^bb0(%[[IN:.+]]: f64, %[[SUM:.+]]: f64, %[[COMP:.+]]: f64):
//       CHECK:     %[[T:.+]] = arith.addf %[[SUM]], %[[IN]] : f64
//       CHECK:     linalg.yield %[[T]], %{{.+}} : f64, f64
//       CHECK:   %[[E0:.+]] = tensor.expand_shape %[[S]]#0 {{\[}}[0, 1]] output_shape [8, 2] : tensor<16xf64> into tensor<8x2xf64>
//       CHECK:   %[[RS1:.+]] = tensor.extract_slice %[[E0]][0, 0] [8, 1] [1, 1]
//       CHECK:   %[[RS:.+]] = tensor.collapse_shape %[[RS1]]
//       CHECK:   %[[IS1:.+]] = tensor.extract_slice %[[E0]][0, 1] [8, 1] [1, 1]
//       CHECK:   %[[IS:.+]] = tensor.collapse_shape %[[IS1]]
//       CHECK:   %[[E1:.+]] = tensor.expand_shape %[[S]]#1 {{\[}}[0, 1]] output_shape [8, 2] : tensor<16xf64> into tensor<8x2xf64>
//       CHECK:   %[[RC1:.+]] = tensor.extract_slice %[[E1]][0, 0] [8, 1] [1, 1]
//       CHECK:   %[[RC:.+]] = tensor.collapse_shape %[[RC1]]
//       CHECK:   %[[IC1:.+]] = tensor.extract_slice %[[E1]][0, 1] [8, 1] [1, 1]
//       CHECK:   %[[IC:.+]] = tensor.collapse_shape %[[IC1]]
//       CHECK:   return %[[RS]], %[[RC]], %[[IS]], %[[IC]]
func.func @columns_compensated(%x: tensor<100x8xcomplex<f64>>)
    -> (tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>) {
  %nz = arith.constant -0.0 : f64
  %e = tensor.empty() : tensor<8xf64>
  %f = linalg.fill ins(%nz : f64) outs(%e : tensor<8xf64>) -> tensor<8xf64>
  %s:4 = linalg.generic {indexing_maps = [#id, #col, #col, #col, #col],
                         iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<100x8xcomplex<f64>>) outs(%f, %f, %f, %f : tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>)
      attrs = {rmean.reduction} {
  ^bb0(%in: complex<f64>, %rs: f64, %rc: f64, %is: f64, %ic: f64):
    %a = complex.re %in : complex<f64>
    %b = complex.im %in : complex<f64>
    %sa = arith.addf %rs, %a : f64
    %sb = arith.addf %is, %b : f64
    linalg.yield %sa, %rc, %sb, %ic : f64, f64, f64, f64
  } -> (tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>)
  return %s#0, %s#1, %s#2, %s#3 : tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>
}

// -----

#in = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>

// A reduce-all of a run-time length: the parts are the only kept
// dimension, [?, 2] into [2].
// CHECK-LABEL: func.func @all_dynamic
//       CHECK:   %[[V:.+]] = rmean.view_as_real %{{.+}} : tensor<?xcomplex<f32>> to tensor<?x2xf32>
//       CHECK:   %[[S:.+]] = linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction", "parallel"]
//  CHECK-SAME:       ins(%[[V]] : tensor<?x2xf32>) outs(%{{.+}} : tensor<2xf64>)
//       CHECK:   %[[R:.+]] = tensor.extract_slice %[[S]][0] [1] [1] : tensor<2xf64> to tensor<1xf64>
//       CHECK:   tensor.collapse_shape %[[R]] [] : tensor<1xf64> into tensor<f64>
//       CHECK:   %[[I:.+]] = tensor.extract_slice %[[S]][1] [1] [1] : tensor<2xf64> to tensor<1xf64>
//       CHECK:   tensor.collapse_shape %[[I]] [] : tensor<1xf64> into tensor<f64>
func.func @all_dynamic(%x: tensor<?xcomplex<f32>>) -> (tensor<f64>, tensor<f64>) {
  %nz = arith.constant -0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %f = linalg.fill ins(%nz : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %s:2 = linalg.generic {indexing_maps = [#in, #all, #all],
                         iterator_types = ["reduction"]}
      ins(%x : tensor<?xcomplex<f32>>) outs(%f, %f : tensor<f64>, tensor<f64>)
      attrs = {rmean.reduction} {
  ^bb0(%in: complex<f32>, %re: f64, %im: f64):
    %a = complex.re %in : complex<f32>
    %b = complex.im %in : complex<f32>
    %wa = arith.extf %a : f32 to f64
    %wb = arith.extf %b : f32 to f64
    %sa = arith.addf %re, %wa : f64
    %sb = arith.addf %im, %wb : f64
    linalg.yield %sa, %sb : f64, f64
  } -> (tensor<f64>, tensor<f64>)
  return %s#0, %s#1 : tensor<f64>, tensor<f64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Left as they are: a strategy written by hand (the user chose the scalar
// form), a complex reduction rmean did not create (no marker), an empty
// dimension (nothing to vectorise), parts that start from different
// values, and a real reduction.
// CHECK-LABEL: func.func @negative_cases
//   CHECK-NOT:   rmean.view_as_real
//   CHECK-NOT:   tensor.extract_slice
//       CHECK:   return
func.func @negative_cases(%x: tensor<8x100xcomplex<f32>>, %z: tensor<8x0xcomplex<f32>>,
                          %r: tensor<8x100xf32>)
    -> (tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>) {
  %nz = arith.constant -0.0 : f64
  %one = arith.constant 1.0 : f64
  %e = tensor.empty() : tensor<8xf64>
  %f = linalg.fill ins(%nz : f64) outs(%e : tensor<8xf64>) -> tensor<8xf64>
  %g = linalg.fill ins(%one : f64) outs(%e : tensor<8xf64>) -> tensor<8xf64>
  %hand:2 = linalg.generic {indexing_maps = [#id, #row, #row],
                            iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x100xcomplex<f32>>) outs(%f, %f : tensor<8xf64>, tensor<8xf64>)
      attrs = {rmean.reduction,
               rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 1024>} {
  ^bb0(%in: complex<f32>, %a0: f64, %a1: f64):
    %a = complex.re %in : complex<f32>
    %wa = arith.extf %a : f32 to f64
    %sa = arith.addf %a0, %wa : f64
    linalg.yield %sa, %a1 : f64, f64
  } -> (tensor<8xf64>, tensor<8xf64>)
  %user:2 = linalg.generic {indexing_maps = [#id, #row, #row],
                            iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x100xcomplex<f32>>) outs(%f, %f : tensor<8xf64>, tensor<8xf64>) {
  ^bb0(%in: complex<f32>, %a0: f64, %a1: f64):
    %a = complex.re %in : complex<f32>
    %wa = arith.extf %a : f32 to f64
    %sa = arith.addf %a0, %wa : f64
    linalg.yield %sa, %a1 : f64, f64
  } -> (tensor<8xf64>, tensor<8xf64>)
  %empty:2 = linalg.generic {indexing_maps = [#id, #row, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%z : tensor<8x0xcomplex<f32>>) outs(%f, %f : tensor<8xf64>, tensor<8xf64>)
      attrs = {rmean.reduction} {
  ^bb0(%in: complex<f32>, %a0: f64, %a1: f64):
    %a = complex.re %in : complex<f32>
    %wa = arith.extf %a : f32 to f64
    %sa = arith.addf %a0, %wa : f64
    linalg.yield %sa, %a1 : f64, f64
  } -> (tensor<8xf64>, tensor<8xf64>)
  %starts:2 = linalg.generic {indexing_maps = [#id, #row, #row],
                              iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x100xcomplex<f32>>) outs(%f, %g : tensor<8xf64>, tensor<8xf64>)
      attrs = {rmean.reduction} {
  ^bb0(%in: complex<f32>, %a0: f64, %a1: f64):
    %a = complex.re %in : complex<f32>
    %wa = arith.extf %a : f32 to f64
    %sa = arith.addf %a0, %wa : f64
    linalg.yield %sa, %a1 : f64, f64
  } -> (tensor<8xf64>, tensor<8xf64>)
  %real = linalg.generic {indexing_maps = [#id, #row],
                          iterator_types = ["parallel", "reduction"]}
      ins(%r : tensor<8x100xf32>) outs(%f : tensor<8xf64>)
      attrs = {rmean.reduction} {
  ^bb0(%in: f32, %a0: f64):
    %wa = arith.extf %in : f32 to f64
    %sa = arith.addf %a0, %wa : f64
    linalg.yield %sa : f64
  } -> tensor<8xf64>
  return %hand#0, %user#0, %empty#0, %starts#1, %real : tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>
}
