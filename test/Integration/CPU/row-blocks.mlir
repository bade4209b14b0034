// Outer steps of whole f16/bf16 rows read one after the other (row_blocks,
// rmean-cpu-tile; written by hand, the selection no longer chooses it):
// every configuration must print what the scalar code prints (with
// block-trips=0, which leaves no f32 blocks, the interleaved step). bf16 2x4x4x64 pooled over (1, 2): 16 rows, two blocks of 8 per
// output row; f16 32x128 columns: four blocks. Column c is c + 1 except:
// bf16 column 0 is 3.0e38 in every row (eight of them overflow f32, so the
// blocks scale bf16 by 2^-3: the mean is the bf16 nearest 3.0e38), column 1
// is -0.0 (the mean keeps the sign), column 2 has one NaN, column 3 +Inf
// and -Inf (NaN), column 4 one +Inf, column 5 alternates 1e30 and -1e30
// in rows 0-13, then 2 and 0 (mean 0.125, the big terms cancelling exactly
// in each f32 block); f16 column 0 is 65504 (f16's
// largest) in every row. Printed as f32: bf16 columns 0-7 of both output
// rows, f16 columns 0-3 and 124-127.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 outer-rows-per-step=0" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 outer-rows-per-step=0 num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 outer-rows-per-step=4" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 block-trips=0" | %{run} | FileCheck %s
// The blocks are what runs: an f32 row of partial sums per output row.
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 outer-rows-per-step=0" --mlir-disable-threading --mlir-print-ir-after=rmean-cpu-tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=TILED
// TILED-LABEL: func.func @bf16_pool
//       TILED:   tensor.empty() : tensor<1x64xf32>
//       TILED:   arith.mulf %{{.+}}, %{{.+}} fastmath<contract> : f32
//       TILED:   arith.mulf %{{.+}}, %{{.+}} fastmath<contract> : f64
// TILED-LABEL: func.func @f16_columns
//       TILED:   tensor.empty() : tensor<128xf32>
//   TILED-NOT:   arith.mulf
//       TILED:   linalg.generic

// CHECK: data =
// CHECK-NEXT: [3.00406e+38,  -0,  nan,  nan,  inf,  0.125,  7,  8]
// CHECK: data =
// CHECK-NEXT: [3.00406e+38,  -0,  nan,  nan,  inf,  0.125,  7,  8]
// CHECK: data =
// CHECK-NEXT: [65504,  2,  3,  4]
// CHECK: data =
// CHECK-NEXT: [125,  126,  127,  128]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @bf16_pool(%x: tensor<2x4x4x64xbf16>) -> tensor<2x64xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8, row_blocks = true>} : tensor<2x4x4x64xbf16> -> tensor<2x64xbf16>
  return %0 : tensor<2x64xbf16>
}
func.func @f16_columns(%x: tensor<32x128xf16>) -> tensor<128xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8, row_blocks = true>} : tensor<32x128xf16> -> tensor<128xf16>
  return %0 : tensor<128xf16>
}

func.func @print(%t: tensor<?xf32>, %at: index, %n: index) {
  %s = tensor.extract_slice %t[%at] [%n] [1] : tensor<?xf32> to tensor<?xf32>
  %u = tensor.cast %s : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c64 = arith.constant 64 : index
  %c124 = arith.constant 124 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %huge = arith.constant 3.0e38 : f32
  %negzero = arith.constant -0.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %big = arith.constant 1.0e30 : f32
  %nbig = arith.constant -1.0e30 : f32
  %fmax = arith.constant 65504.0 : f32
  %b = tensor.generate {
  ^bb0(%n: index, %h: index, %w: index, %c: index):
    %ci = arith.index_cast %c : index to i64
    %cf = arith.sitofp %ci : i64 to f32
    %v = arith.addf %cf, %one : f32
    %row = affine.apply affine_map<(h, w) -> (h * 4 + w)>(%h, %w)
    %is0 = arith.cmpi eq, %c, %c0 : index
    %is1 = arith.cmpi eq, %c, %c1 : index
    %is2 = arith.cmpi eq, %c, %c2 : index
    %is3 = arith.cmpi eq, %c, %c3 : index
    %is4 = arith.cmpi eq, %c, %c4 : index
    %is5 = arith.cmpi eq, %c, %c5 : index
    %r5 = arith.cmpi eq, %row, %c5 : index
    %r8 = arith.cmpi eq, %row, %c8 : index
    %r14 = arith.cmpi eq, %row, %c14 : index
    %r15 = arith.cmpi eq, %row, %c15 : index
    %odd = arith.andi %row, %c1 : index
    %isodd = arith.cmpi eq, %odd, %c1 : index
    %alt = arith.select %isodd, %nbig, %big : f32
    %alt14 = arith.select %r14, %two, %alt : f32
    %c5v = arith.select %r15, %zero, %alt14 : f32
    %nan2 = arith.andi %is2, %r5 : i1
    %pinf3 = arith.andi %is3, %r5 : i1
    %ninf3 = arith.andi %is3, %r8 : i1
    %inf4 = arith.andi %is4, %r8 : i1
    %a0 = arith.select %is0, %huge, %v : f32
    %a1 = arith.select %is1, %negzero, %a0 : f32
    %a2 = arith.select %nan2, %nan, %a1 : f32
    %a3 = arith.select %pinf3, %inf, %a2 : f32
    %a4 = arith.select %ninf3, %ninf, %a3 : f32
    %a5 = arith.select %inf4, %inf, %a4 : f32
    %a6 = arith.select %is5, %c5v, %a5 : f32
    %t = arith.truncf %a6 : f32 to bf16
    tensor.yield %t : bf16
  } : tensor<2x4x4x64xbf16>
  %mb = call @bf16_pool(%b) : (tensor<2x4x4x64xbf16>) -> tensor<2x64xbf16>
  %mbf = arith.extf %mb : tensor<2x64xbf16> to tensor<2x64xf32>
  %mbc = tensor.collapse_shape %mbf [[0, 1]] : tensor<2x64xf32> into tensor<128xf32>
  %mbd = tensor.cast %mbc : tensor<128xf32> to tensor<?xf32>
  call @print(%mbd, %c0, %c8) : (tensor<?xf32>, index, index) -> ()
  call @print(%mbd, %c64, %c8) : (tensor<?xf32>, index, index) -> ()
  %f = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i64
    %cf = arith.sitofp %ci : i64 to f32
    %v = arith.addf %cf, %one : f32
    %is0 = arith.cmpi eq, %c, %c0 : index
    %w = arith.select %is0, %fmax, %v : f32
    %t = arith.truncf %w : f32 to f16
    tensor.yield %t : f16
  } : tensor<32x128xf16>
  %mh = call @f16_columns(%f) : (tensor<32x128xf16>) -> tensor<128xf16>
  %mhf = arith.extf %mh : tensor<128xf16> to tensor<128xf32>
  %mhd = tensor.cast %mhf : tensor<128xf32> to tensor<?xf32>
  call @print(%mhd, %c0, %c4) : (tensor<?xf32>, index, index) -> ()
  call @print(%mhd, %c124, %c4) : (tensor<?xf32>, index, index) -> ()
  return
}
