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

// CHECK: row_mean: 2.5 6.625
// CHECK: col_mean: 3 4 5 6.25
// CHECK: all_mean_f16: 4.5625
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
