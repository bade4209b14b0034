// RUN: rmean-opt %s --rmean-gpu-emulate-on-cpu --split-input-file --verify-diagnostics | FileCheck %s

// A block becomes an OpenMP team of block-size threads inside loops over
// the grid; barriers become omp.barrier, a shuffle a store to the block's
// scratch array, a barrier, a load from the partner's slot and a barrier;
// the workgroup buffer is allocated once per block, outside the team.
// CHECK-DAG: func.func private @omp_get_thread_num() -> i32
// CHECK-DAG: func.func private @omp_get_num_threads() -> i32
// CHECK-LABEL: func.func @kernel
//       CHECK:   scf.for %[[BZ:.*]] = %c0 to %c1 step %{{.*}} {
//       CHECK:     scf.for %[[BY:.*]] = %c0 to %c1 step %{{.*}} {
//       CHECK:       scf.for %[[BX:.*]] = %c0 to %arg2 step %{{.*}} {
//       CHECK:         %[[WG:.*]] = memref.alloca() : memref<2xf32>
//       CHECK:         %[[SCRATCH:.*]] = memref.alloca(%{{.*}}) : memref<?xi32>
//       CHECK:         omp.parallel num_threads(%{{.*}} : i32) {
//       CHECK:           %[[GOT:.*]] = func.call @omp_get_num_threads()
//       CHECK:           cf.assert %{{.*}}, "rmean-gpu-emulate-on-cpu: OpenMP gave fewer threads than the block size"
//       CHECK:           %[[T32:.*]] = func.call @omp_get_thread_num()
//       CHECK:           %[[T:.*]] = arith.index_cast %[[T32]]
//       CHECK:           memref.store %{{.*}}, %[[SCRATCH]][%[[T]]]
//       CHECK:           omp.barrier
//       CHECK:           %[[P:.*]] = arith.xori %[[T]], %{{.*}} : index
//       CHECK:           memref.load %[[SCRATCH]][%[[P]]]
//       CHECK:           omp.barrier
//       CHECK:           memref.store %{{.*}}, %[[WG]]
//       CHECK:           omp.barrier
//       CHECK:           memref.store %{{.*}}, %arg1[%[[BX]]]
//       CHECK:           omp.terminator
//   CHECK-NOT:   gpu.
func.func @kernel(%in: memref<?xi32>, %out: memref<?xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%wg : memref<2xf32, #gpu.address_space<workgroup>>) {
    %c32 = arith.constant 32 : i32
    %c16 = arith.constant 16 : i32
    %v = memref.load %in[%tx] : memref<?xi32>
    %s, %ok = gpu.shuffle xor %v, %c16, %c32 : i32
    %f = arith.sitofp %s : i32 to f32
    %c0 = arith.constant 0 : index
    memref.store %f, %wg[%c0] : memref<2xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    memref.store %f, %out[%bx] : memref<?xf32>
    gpu.terminator
  }
  return
}

// -----

// Only what the emulation is exact for is accepted.
func.func @async(%n: index) {
  %c1 = arith.constant 1 : index
  %t = gpu.wait async
  // expected-error @+1 {{rmean-gpu-emulate-on-cpu: async, clustered or dynamic-shared-memory launches are not emulated}}
  %t2 = gpu.launch async [%t] blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @idx_shuffle(%n: index, %x: f32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c32 = arith.constant 32 : i32
    %c1_i32 = arith.constant 1 : i32
    // expected-error @+1 {{rmean-gpu-emulate-on-cpu: only 32-bit xor shuffles are emulated}}
    %s, %ok = gpu.shuffle down %x, %c1_i32, %c32 : f32
    gpu.terminator
  }
  return
}
