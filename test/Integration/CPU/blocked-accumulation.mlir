// Blocked f32 accumulation (rmean-narrow-accumulators) on vectorised rows:
// a block whose f32 lane sums overflow (f32 values near 3e38, bf16 values
// at their largest finite) or meet Inf/NaN is summed again in f64, so the
// results are those of the f64 accumulation: finite means of huge values,
// Inf and NaN propagated as IEEE addition does, -0.0 kept. Every RUN line
// prints the same, with different block and vector sizes (and f32 inputs
// not narrowed) so that full blocks, peeled partial blocks and scalar
// tails all take part.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="narrow-f32=false" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=4 block-trips=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=8 block-trips=1" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="block-trips=0" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=256" | %{run} | FileCheck %s

// CHECK: data =
// CHECK-NEXT: [3e+38,  inf,  nan,  -0,  0.1,  {{-?}}nan]
// CHECK: data =
// CHECK-NEXT: [3.38953e+38,  1,  -0.5]
// CHECK: data =
// CHECK-NEXT: [60000,  nan,  -inf]
// CHECK: data =
// CHECK-NEXT: [3e+38,  -3e+38,  0.25]
// Column means of 20 rows x 2048 (eight-row steps, then a 4-row tail):
// columns 0-3 and 16-19 shown.
// CHECK: data =
// CHECK-NEXT: [3e+38,  inf,  {{-?}}nan,  0.5]
// CHECK-NEXT: [0.5,  -0,  1,  0]
// The same columns in bf16 (32 lanes per step on 512-bit targets, widened
// two elements at a time), and columns 40-43, a finite group.
// CHECK: data =
// CHECK-NEXT: [3.00406e+38,  inf,  {{-?}}nan,  0.5]
// CHECK-NEXT: [0.5,  -0,  1,  0]
// CHECK-NEXT: [0.5,  -0,  0,  0]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @rows_f32(%x: tensor<6x1024xf32>) -> tensor<6xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<6x1024xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
func.func @rows_bf16(%x: tensor<3x4096xbf16>) -> tensor<3xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x4096xbf16> -> tensor<3xbf16>
  return %0 : tensor<3xbf16>
}
func.func @rows_f16(%x: tensor<3x2048xf16>) -> tensor<3xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x2048xf16> -> tensor<3xf16>
  return %0 : tensor<3xf16>
}
func.func @rows_dynamic(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @columns(%x: tensor<20x2048xf32>) -> tensor<2048xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<20x2048xf32> -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}

func.func @columns_bf16(%x: tensor<20x2048xbf16>) -> tensor<2048xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<20x2048xbf16> -> tensor<2048xbf16>
  return %0 : tensor<2048xbf16>
}

func.func @main() {
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32

  // f32: 3e38 everywhere (any two overflow f32); 1.0 with one +Inf; 1.0
  // with one NaN; -0.0 everywhere; 0.1 everywhere; +Inf and -Inf.
  %huge = arith.constant dense<3.0e38> : tensor<1x1024xf32>
  %one = arith.constant dense<1.0> : tensor<1x1024xf32>
  %nzero = arith.constant dense<-0.0> : tensor<1x1024xf32>
  %tenth = arith.constant dense<0.1> : tensor<1x1024xf32>
  %e = tensor.empty() : tensor<6x1024xf32>
  %f0 = tensor.insert_slice %huge into %e[0, 0] [1, 1024] [1, 1] : tensor<1x1024xf32> into tensor<6x1024xf32>
  %f1 = tensor.insert_slice %one into %f0[1, 0] [1, 1024] [1, 1] : tensor<1x1024xf32> into tensor<6x1024xf32>
  %f2 = tensor.insert_slice %one into %f1[2, 0] [1, 1024] [1, 1] : tensor<1x1024xf32> into tensor<6x1024xf32>
  %f3 = tensor.insert_slice %nzero into %f2[3, 0] [1, 1024] [1, 1] : tensor<1x1024xf32> into tensor<6x1024xf32>
  %f4 = tensor.insert_slice %tenth into %f3[4, 0] [1, 1024] [1, 1] : tensor<1x1024xf32> into tensor<6x1024xf32>
  %f5 = tensor.insert_slice %one into %f4[5, 0] [1, 1024] [1, 1] : tensor<1x1024xf32> into tensor<6x1024xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c700 = arith.constant 700 : index
  %c1000 = arith.constant 1000 : index
  %f6 = tensor.insert %inf into %f5[%c1, %c700] : tensor<6x1024xf32>
  %f7 = tensor.insert %nan into %f6[%c2, %c5] : tensor<6x1024xf32>
  %f8 = tensor.insert %inf into %f7[%c5, %c3] : tensor<6x1024xf32>
  %f9 = tensor.insert %ninf into %f8[%c5, %c1000] : tensor<6x1024xf32>
  %rf = call @rows_f32(%f9) : (tensor<6x1024xf32>) -> tensor<6xf32>
  %rfu = tensor.cast %rf : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%rfu) : (tensor<*xf32>) -> ()

  // bf16: the largest finite everywhere (two of them overflow f32); 1.0;
  // -0.5.
  %bmax = arith.constant dense<0x7F7F> : tensor<1x4096xbf16>
  %bone = arith.constant dense<1.0> : tensor<1x4096xbf16>
  %bhalf = arith.constant dense<-0.5> : tensor<1x4096xbf16>
  %be = tensor.empty() : tensor<3x4096xbf16>
  %b0 = tensor.insert_slice %bmax into %be[0, 0] [1, 4096] [1, 1] : tensor<1x4096xbf16> into tensor<3x4096xbf16>
  %b1 = tensor.insert_slice %bone into %b0[1, 0] [1, 4096] [1, 1] : tensor<1x4096xbf16> into tensor<3x4096xbf16>
  %b2 = tensor.insert_slice %bhalf into %b1[2, 0] [1, 4096] [1, 1] : tensor<1x4096xbf16> into tensor<3x4096xbf16>
  %rb = call @rows_bf16(%b2) : (tensor<3x4096xbf16>) -> tensor<3xbf16>
  %rbf = arith.extf %rb : tensor<3xbf16> to tensor<3xf32>
  %rbu = tensor.cast %rbf : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%rbu) : (tensor<*xf32>) -> ()

  // f16: 60000 everywhere (f32 holds their sums); 1.0 with a NaN; 1.0
  // with a -Inf.
  %h6 = arith.constant dense<60000.0> : tensor<1x2048xf16>
  %hone = arith.constant dense<1.0> : tensor<1x2048xf16>
  %he = tensor.empty() : tensor<3x2048xf16>
  %h0 = tensor.insert_slice %h6 into %he[0, 0] [1, 2048] [1, 1] : tensor<1x2048xf16> into tensor<3x2048xf16>
  %h1 = tensor.insert_slice %hone into %h0[1, 0] [1, 2048] [1, 1] : tensor<1x2048xf16> into tensor<3x2048xf16>
  %h2 = tensor.insert_slice %hone into %h1[2, 0] [1, 2048] [1, 1] : tensor<1x2048xf16> into tensor<3x2048xf16>
  %hnan = arith.constant 0x7E00 : f16
  %hninf = arith.constant 0xFC00 : f16
  %h3 = tensor.insert %hnan into %h2[%c1, %c1000] : tensor<3x2048xf16>
  %h4 = tensor.insert %hninf into %h3[%c2, %c5] : tensor<3x2048xf16>
  %rh = call @rows_f16(%h4) : (tensor<3x2048xf16>) -> tensor<3xf16>
  %rhf = arith.extf %rh : tensor<3xf16> to tensor<3xf32>
  %rhu = tensor.cast %rhf : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%rhu) : (tensor<*xf32>) -> ()

  // Run-time shape 3 x 1000 (peeled blocks, scalar tail): 3e38, -3e38,
  // 0.25.
  %dh = arith.constant dense<3.0e38> : tensor<1x1000xf32>
  %dn = arith.constant dense<-3.0e38> : tensor<1x1000xf32>
  %dq = arith.constant dense<0.25> : tensor<1x1000xf32>
  %de = tensor.empty() : tensor<3x1000xf32>
  %d0 = tensor.insert_slice %dh into %de[0, 0] [1, 1000] [1, 1] : tensor<1x1000xf32> into tensor<3x1000xf32>
  %d1 = tensor.insert_slice %dn into %d0[1, 0] [1, 1000] [1, 1] : tensor<1x1000xf32> into tensor<3x1000xf32>
  %d2 = tensor.insert_slice %dq into %d1[2, 0] [1, 1000] [1, 1] : tensor<1x1000xf32> into tensor<3x1000xf32>
  %dd = tensor.cast %d2 : tensor<3x1000xf32> to tensor<?x?xf32>
  %rd = call @rows_dynamic(%dd) : (tensor<?x?xf32>) -> tensor<?xf32>
  %rdu = tensor.cast %rd : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%rdu) : (tensor<*xf32>) -> ()

  // Columns 0-2: 3e38 in every row (any two overflow f32), then column 1
  // gets an Inf in row 17 and column 2 +Inf and -Inf; column 3: 0.5. Their
  // 16-lane group falls back to f64. Columns 16-18 (a finite group, summed
  // in f32): 0, 1, ..., 18, -161 (mean 0.5); -0.0; 1.0; the rest 0.0.
  %ch = arith.constant dense<3.0e38> : tensor<20x3xf32>
  %chalf = arith.constant dense<0.5> : tensor<20x1xf32>
  %cidx = arith.constant dense<[[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0], [9.0], [10.0], [11.0], [12.0], [13.0], [14.0], [15.0], [16.0], [17.0], [18.0], [-161.0]]> : tensor<20x1xf32>
  %cnz = arith.constant dense<-0.0> : tensor<20x1xf32>
  %cone = arith.constant dense<1.0> : tensor<20x1xf32>
  %czero = arith.constant 0.0 : f32
  %ce = tensor.empty() : tensor<20x2048xf32>
  %cf = linalg.fill ins(%czero : f32) outs(%ce : tensor<20x2048xf32>) -> tensor<20x2048xf32>
  %k0 = tensor.insert_slice %ch into %cf[0, 0] [20, 3] [1, 1] : tensor<20x3xf32> into tensor<20x2048xf32>
  %k1 = tensor.insert_slice %chalf into %k0[0, 3] [20, 1] [1, 1] : tensor<20x1xf32> into tensor<20x2048xf32>
  %k2 = tensor.insert_slice %cidx into %k1[0, 16] [20, 1] [1, 1] : tensor<20x1xf32> into tensor<20x2048xf32>
  %k3 = tensor.insert_slice %cnz into %k2[0, 17] [20, 1] [1, 1] : tensor<20x1xf32> into tensor<20x2048xf32>
  %k4 = tensor.insert_slice %cone into %k3[0, 18] [20, 1] [1, 1] : tensor<20x1xf32> into tensor<20x2048xf32>
  %c17 = arith.constant 17 : index
  %c4 = arith.constant 4 : index
  %k5 = tensor.insert %inf into %k4[%c17, %c1] : tensor<20x2048xf32>
  %k6 = tensor.insert %inf into %k5[%c3, %c2] : tensor<20x2048xf32>
  %k7 = tensor.insert %ninf into %k6[%c4, %c2] : tensor<20x2048xf32>
  %rc = call @columns(%k7) : (tensor<20x2048xf32>) -> tensor<2048xf32>
  %head = tensor.extract_slice %rc[0] [4] [1] : tensor<2048xf32> to tensor<4xf32>
  %tail = tensor.extract_slice %rc[16] [4] [1] : tensor<2048xf32> to tensor<4xf32>
  %both = tensor.empty() : tensor<2x4xf32>
  %p0 = tensor.insert_slice %head into %both[0, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<2x4xf32>
  %p1 = tensor.insert_slice %tail into %p0[1, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<2x4xf32>
  %pu = tensor.cast %p1 : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%pu) : (tensor<*xf32>) -> ()

  // bf16 (every value above is exact in bf16 but 3e38, which rounds);
  // columns 40 and 41 as 16 and 17.
  %k8 = tensor.insert_slice %cidx into %k7[0, 40] [20, 1] [1, 1] : tensor<20x1xf32> into tensor<20x2048xf32>
  %k9 = tensor.insert_slice %cnz into %k8[0, 41] [20, 1] [1, 1] : tensor<20x1xf32> into tensor<20x2048xf32>
  %kb = arith.truncf %k9 : tensor<20x2048xf32> to tensor<20x2048xbf16>
  %rcb = call @columns_bf16(%kb) : (tensor<20x2048xbf16>) -> tensor<2048xbf16>
  %rcf = arith.extf %rcb : tensor<2048xbf16> to tensor<2048xf32>
  %bhead = tensor.extract_slice %rcf[0] [4] [1] : tensor<2048xf32> to tensor<4xf32>
  %btail = tensor.extract_slice %rcf[16] [4] [1] : tensor<2048xf32> to tensor<4xf32>
  %bmid = tensor.extract_slice %rcf[40] [4] [1] : tensor<2048xf32> to tensor<4xf32>
  %bboth = tensor.empty() : tensor<3x4xf32>
  %q0 = tensor.insert_slice %bhead into %bboth[0, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
  %q1 = tensor.insert_slice %btail into %q0[1, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
  %q2 = tensor.insert_slice %bmid into %q1[2, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
  %qu = tensor.cast %q2 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%qu) : (tensor<*xf32>) -> ()
  return
}
