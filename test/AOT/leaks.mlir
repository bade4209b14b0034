// Generated code under AddressSanitizer: kernels of every strategy (inner
// and outer with vector tails, middle-axis and dynamic shapes, scalar i64,
// runtime axes), compiled single-threaded and with num-threads=2, are
// called in a loop on many shapes (tails, sizes 1 and 0) from a driver
// that frees every result; the kernels carry `sanitize_address`, so an
// out-of-bounds access fails the run, and LeakSanitizer at exit fails it on
// any byte the generated code leaked. The last run passes sizes larger
// than the buffer, to show that the kernels are really instrumented (ASan
// reads the common abort_on_error flag from UBSAN_OPTIONS too, which the
// sanitizer suite sets: both are reset so the report is an exit status).
// REQUIRES: libomp
//
// RUN: env RMEAN_OPT=%rmean_opt_path %rmean_aot -l %t.1.ll %s %t.unused1.o
// RUN: env RMEAN_OPT=%rmean_opt_path %rmean_aot -p "num-threads=2" -l %t.2.ll %s %t.unused2.o
// RUN: sed -E 's/^(define .*[^ ]) *\{$/\1 sanitize_address {/' %t.1.ll > %t.1.asan.ll
// RUN: sed -E 's/^(define .*[^ ]) *\{$/\1 sanitize_address {/' %t.2.ll > %t.2.asan.ll
// RUN: grep -c "sanitize_address {" %t.1.asan.ll | FileCheck %s --check-prefix=MARKED
// RUN: clang++ -fsanitize=address -g -O1 -Wno-override-module -I%mlir_include_dir %S/Inputs/leak_driver.cpp %t.1.asan.ll -o %t.1.exe
// RUN: clang++ -fsanitize=address -g -O1 -Wno-override-module -I%mlir_include_dir %S/Inputs/leak_driver.cpp %t.2.asan.ll %libomp -Wl,-rpath,%llvm_lib_dir -o %t.2.exe
// RUN: env ASAN_OPTIONS=detect_leaks=1 %t.1.exe 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=detect_leaks=1 %t.2.exe 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=abort_on_error=0 not %t.1.exe overread 2>&1 | FileCheck %s --check-prefix=OVERREAD

// MARKED: {{[1-9][0-9]*}}
// CHECK: 6 kernels x 40 calls: no out-of-bounds access
// CHECK-NOT: LeakSanitizer
// OVERREAD: AddressSanitizer: heap-buffer-overflow

func.func @rows_static(%x: tensor<64x1000xf32>) -> tensor<64xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x1000xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

func.func @cols_static(%x: tensor<1000x61xf32>) -> tensor<61xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x61xf32> -> tensor<61xf32>
  return %0 : tensor<61xf32>
}

func.func @middle_dyn(%x: tensor<?x?x?xf32>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @rows_dyn_f16(%x: tensor<?x?xf16>) -> tensor<?xf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf16> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}

func.func @all_i64(%x: tensor<?xi64>) -> tensor<i64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?xi64> -> tensor<i64>
  return %0 : tensor<i64>
}

func.func @runtime(%x: tensor<?x?xf32>, %a: tensor<?xi64>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
