// Proves that invalid runtime axes stop the program with the check's message
// before any out-of-bounds access: the kernel is compiled ahead of time and
// run under valgrind, for a valid call and for out-of-range (above and below)
// and duplicate axes; valgrind must report no error in any of them.
// REQUIRES: valgrind

// valgrind 3.19 cannot decode AVX-512, so the kernel is built for AVX2.
// RUN: env RMEAN_OPT=%rmean_opt_path %rmean_aot -f "-O2 -mavx2 -mfma -mf16c" %s %t.o
// RUN: clang++ -O1 -I%mlir_include_dir %S/Inputs/memcheck_driver.cpp %t.o -o %t.exe
// RUN: valgrind --error-exitcode=99 %t.exe 1 2>&1 | FileCheck %s --check-prefix=VALID
// RUN: %python %S/Inputs/expect_status.py 70 valgrind --error-exitcode=99 %t.exe 7 2>&1 | FileCheck %s --check-prefix=ABOVE
// RUN: %python %S/Inputs/expect_status.py 70 valgrind --error-exitcode=99 %t.exe -3 2>&1 | FileCheck %s --check-prefix=BELOW
// RUN: %python %S/Inputs/expect_status.py 70 valgrind --error-exitcode=99 %t.exe 0 -2 2>&1 | FileCheck %s --check-prefix=DUP

// Row means of x[i][j] = 5 i + j, kept as a column.
// VALID: 2; 7; 12;
// VALID: ERROR SUMMARY: 0 errors

// ABOVE: rmean.reduce_mean: runtime axis 7 is out of range [-2, 1]
// ABOVE: ERROR SUMMARY: 0 errors
// BELOW: rmean.reduce_mean: runtime axis -3 is out of range [-2, 1]
// BELOW: ERROR SUMMARY: 0 errors
// DUP: rmean.reduce_mean: runtime axes 0 and -2 both name dimension 0
// DUP: ERROR SUMMARY: 0 errors

func.func @mean(%x: tensor<?x?xf32>, %a: tensor<?xi64>) -> tensor<?x?xf32>
    attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true}
      : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
