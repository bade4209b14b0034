// Kernels of sharded-mean.test: each `sharded_*` function takes the shard of
// its input that the calling MPI process holds (split over the 2 processes
// of @grid) and returns the mean every process agrees on; `single_*` is the
// same mean on the whole input, in one process.
//
// The module names the MPI implementation whose ABI convert-mpi-to-llvm
// targets (Debian's mpich). The grid is private so that symbol-dce removes
// it once convert-shard-to-mpi has replaced its uses (no LLVM IR exists for
// it).

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// f32, a split reduced axis: the local sums are added across processes.
func.func @sharded_f32(%x: tensor<8x6x64xf32>) -> tensor<8xf32>
    attributes {llvm.emit_c_interface} {
  %split = shard.sharding @grid split_axes = [[], [], [0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x6x64xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1, 2>}
      : tensor<8x6x64xf32> -> tensor<8xf32>
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %mr = shard.shard %m to %rep : tensor<8xf32>
  return %mr : tensor<8xf32>
}

func.func @single_f32(%x: tensor<8x6x64xf32>) -> tensor<8xf32>
    attributes {llvm.emit_c_interface} {
  %m = rmean.reduce_mean %x {axes = array<i64: 1, 2>}
      : tensor<8x6x64xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// f32, only a kept axis split: each process computes its own rows.
func.func @sharded_rows_f32(%x: tensor<8x64xf32>) -> tensor<8xf32>
    attributes {llvm.emit_c_interface} {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x64xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>}
      : tensor<8x64xf32> -> tensor<8xf32>
  %ms = shard.shard %m to %split : tensor<8xf32>
  return %ms : tensor<8xf32>
}

func.func @single_rows_f32(%x: tensor<8x64xf32>) -> tensor<8xf32>
    attributes {llvm.emit_c_interface} {
  %m = rmean.reduce_mean %x {axes = array<i64: 1>}
      : tensor<8x64xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// f16 with keep_dims: f64 sums travel, one rounding to f16 at the end.
func.func @sharded_f16(%x: tensor<16x128xf16>) -> tensor<16x1xf16>
    attributes {llvm.emit_c_interface} {
  %split = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<16x128xf16>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>, keep_dims = true}
      : tensor<16x128xf16> -> tensor<16x1xf16>
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %mr = shard.shard %m to %rep : tensor<16x1xf16>
  return %mr : tensor<16x1xf16>
}

func.func @single_f16(%x: tensor<16x128xf16>) -> tensor<16x1xf16>
    attributes {llvm.emit_c_interface} {
  %m = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true}
      : tensor<16x128xf16> -> tensor<16x1xf16>
  return %m : tensor<16x1xf16>
}

// i32 column means: exact i64 sums, truncated toward zero once.
func.func @sharded_i32(%x: tensor<64x16xi32>) -> tensor<16xi32>
    attributes {llvm.emit_c_interface} {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<64x16xi32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 0>}
      : tensor<64x16xi32> -> tensor<16xi32>
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %mr = shard.shard %m to %rep : tensor<16xi32>
  return %mr : tensor<16xi32>
}

func.func @single_i32(%x: tensor<64x16xi32>) -> tensor<16xi32>
    attributes {llvm.emit_c_interface} {
  %m = rmean.reduce_mean %x {axes = array<i64: 0>}
      : tensor<64x16xi32> -> tensor<16xi32>
  return %m : tensor<16xi32>
}

// i64 column means: i128 sums cross the processes as three i64 limbs.
func.func @sharded_i64(%x: tensor<32x8xi64>) -> tensor<8xi64>
    attributes {llvm.emit_c_interface} {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<32x8xi64>
  %m = rmean.reduce_mean %xs {axes = array<i64: 0>}
      : tensor<32x8xi64> -> tensor<8xi64>
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %mr = shard.shard %m to %rep : tensor<8xi64>
  return %mr : tensor<8xi64>
}

func.func @single_i64(%x: tensor<32x8xi64>) -> tensor<8xi64>
    attributes {llvm.emit_c_interface} {
  %m = rmean.reduce_mean %x {axes = array<i64: 0>}
      : tensor<32x8xi64> -> tensor<8xi64>
  return %m : tensor<8xi64>
}

}
