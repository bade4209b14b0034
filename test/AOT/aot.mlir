// The AOT path users and the benchmark share: scripts/rmean-aot.sh turns a
// module into an object whose _mlir_ciface_ entry points a C++ program calls
// with MLIR's StridedMemRefType descriptors (result first, then the input).
//
// RUN: env RMEAN_OPT=%rmean_opt_path %rmean_aot %s %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=SYMS
// RUN: clang++ -O2 -I%mlir_include_dir %S/Inputs/aot_driver.cpp %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s
//
// A pipeline option rmean-opt does not know fails with a message naming the
// step, and no object.
// RUN: rm -f %t.bad.o
// RUN: env RMEAN_OPT=%rmean_opt_path not %rmean_aot -p "no-such-option=1" %s %t.bad.o 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t.bad.o

// SYMS-DAG: T _mlir_ciface_row_mean
// SYMS-DAG: T _mlir_ciface_col_mean
// SYMS-DAG: T _mlir_ciface_all_mean_f16
// SYMS-DAG: T _mlir_ciface_pool_batch
// The object needs no MLIR runtime library: pool_batch's peeled last rows
// (a run-time count of short rows) would otherwise be copied into the
// result by MLIR's memrefCopy (rmean-strided-copies-to-loops).
// SYMS-NOT: memrefCopy

// CHECK: row_mean: 2.5 6.625
// CHECK: col_mean: 3 4 5 6.25
// CHECK: all_mean_f16: 4.5625
// CHECK: pool_batch: 25 74 123 172 221 270 319 368 417 466 515 564 613 662 711 760 809 858 907 956 1005 1054 1103 1152 1201 1250 1299 1348 1397 1446 1495 1544
// CHECK: ok

// BAD: rmean-aot.sh: rmean-opt --rmean-cpu-pipeline=no-such-option=1 failed

func.func @row_mean(%x: tensor<2x4xf32>) -> tensor<2xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2x4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @col_mean(%x: tensor<?x?xf32>) -> tensor<?xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @all_mean_f16(%x: tensor<2x4xf16>) -> tensor<f16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x4xf16> -> tensor<f16>
  return %0 : tensor<f16>
}

// 7x7 NCHW pooling with a run-time batch: 2x16 channels, 32 rows of 49.
func.func @pool_batch(%x: tensor<?x16x7x7xf32>) -> tensor<?x16xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<?x16x7x7xf32> -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}
