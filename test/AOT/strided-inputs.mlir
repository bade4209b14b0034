// With --rmean-cpu-pipeline="strided-inputs=true" an entry point honours
// every field of the descriptors its caller passes: an offset, padded rows,
// every other element, a transposed view (docs/ReduceMean.md §6.2). Dense
// row-major views run the usual vector code (rmean-contiguous-arguments
// rereads them with unit strides); the others are copied first. The driver
// checks every mean against its own reference (f32 and f64 within one
// epsilon relative, i32 exactly, truncated) for static and dynamic shapes,
// keep_dims and runtime axes. Without the option the same program is wrong
// on strided views (the default contract is dense row-major); the last RUN
// lines show that, so this test fails if the option stops mattering.
//
// RUN: env RMEAN_OPT=%rmean_opt_path %rmean_aot -p "strided-inputs=true" -l %t.ll %s %t.o
// RUN: clang++ -O2 -I%mlir_include_dir %S/Inputs/strided_driver.cpp %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s
// The same kernels under AddressSanitizer (as in leaks.mlir): the views
// stay in bounds, and the copies of strided views are freed.
// RUN: sed -E 's/^(define .*[^ ]) *\{$/\1 sanitize_address {/' %t.ll > %t.asan.ll
// RUN: clang++ -fsanitize=address -g -O1 -Wno-override-module -I%mlir_include_dir %S/Inputs/strided_driver.cpp %t.asan.ll -o %t.asan.exe
// RUN: env ASAN_OPTIONS=detect_leaks=1 %t.asan.exe | FileCheck %s
// RUN: env RMEAN_OPT=%rmean_opt_path %rmean_aot %s %t.dense.o
// RUN: clang++ -O2 -I%mlir_include_dir %S/Inputs/strided_driver.cpp %t.dense.o -o %t.dense.exe
// RUN: not %t.dense.exe | FileCheck %s --check-prefix=DENSE

func.func @rows_f32(%x: tensor<48x40xf32>) -> tensor<48xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<48x40xf32> -> tensor<48xf32>
  return %0 : tensor<48xf32>
}
func.func @cols_f64(%x: tensor<48x40xf64>) -> tensor<40xf64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<48x40xf64> -> tensor<40xf64>
  return %0 : tensor<40xf64>
}
func.func @rows_dyn_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @cols_keep_f32(%x: tensor<48x40xf32>) -> tensor<1x40xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, keep_dims = true} : tensor<48x40xf32> -> tensor<1x40xf32>
  return %0 : tensor<1x40xf32>
}
func.func @runtime_f32(%x: tensor<48x40xf32>, %a: tensor<?xi64>) -> tensor<?xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x, %a : tensor<48x40xf32>, tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Every kernel on every view: dense, offset, padded rows, every other
// element, transposed.
// CHECK-COUNT-25: {{^}}ok {{.+}}
// CHECK-NOT: FAIL
// CHECK: {{^}}25 passed, 0 failed

// DENSE: {{^}}ok rows_f32 dense
// DENSE: {{^}}FAIL rows_f32 padded
// DENSE: {{^}}{{[0-9]+}} passed, {{[1-9][0-9]*}} failed
