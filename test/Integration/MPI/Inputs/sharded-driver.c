/* The MPI program of sharded-mean.test: every process builds the whole input
 * (the same data everywhere), passes its own shard to a sharded_* kernel and
 * the whole input to the matching single_* kernel, and the results must be
 * equal bit for bit. Rank 0 reports, after the processes agreed on the
 * number of mismatches. Run under `mpirun -np 2` (the grid of the kernels
 * has 2 processes). */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* MLIR's memref descriptors (the C interface of llvm.emit_c_interface). */
#define MEMREF(name, type, rank)                                               \
  typedef struct {                                                             \
    type *allocated, *aligned;                                                 \
    int64_t offset, sizes[rank], strides[rank];                                \
  } name
MEMREF(F32x1, float, 1);
MEMREF(F32x2, float, 2);
MEMREF(F32x3, float, 3);
MEMREF(F16x2, uint16_t, 2);
MEMREF(I32x1, int32_t, 1);
MEMREF(I32x2, int32_t, 2);
MEMREF(I64x1, int64_t, 1);
MEMREF(I64x2, int64_t, 2);

void _mlir_ciface_sharded_f32(F32x1 *, F32x3 *);
void _mlir_ciface_single_f32(F32x1 *, F32x3 *);
void _mlir_ciface_sharded_rows_f32(F32x1 *, F32x2 *);
void _mlir_ciface_single_rows_f32(F32x1 *, F32x2 *);
void _mlir_ciface_sharded_f16(F16x2 *, F16x2 *);
void _mlir_ciface_single_f16(F16x2 *, F16x2 *);
void _mlir_ciface_sharded_i32(I32x1 *, I32x2 *);
void _mlir_ciface_single_i32(I32x1 *, I32x2 *);
void _mlir_ciface_sharded_i64(I64x1 *, I64x2 *);
void _mlir_ciface_single_i64(I64x1 *, I64x2 *);

static int rank, nprocs;

/* Contiguous descriptors over `data`. */
#define DESC2(T, data, d0, d1)                                                 \
  (T) { (data), (data), 0, {(d0), (d1)}, {(d1), 1} }
#define DESC3(T, data, d0, d1, d2)                                             \
  (T) { (data), (data), 0, {(d0), (d1), (d2)}, {(d1) * (d2), (d2), 1} }

/* A deterministic pseudo-random stream, the same on every process. */
static uint64_t state = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

/* Copies rows [row0, row0 + rows) x columns [col0, col0 + cols) of a
 * row-major matrix with `width` columns of `elem`-byte elements. */
static void *slice2(const void *src, size_t elem, int64_t width, int64_t row0,
                    int64_t rows, int64_t col0, int64_t cols) {
  char *dst = malloc(elem * rows * cols);
  for (int64_t r = 0; r < rows; ++r)
    memcpy(dst + elem * r * cols,
           (const char *)src + elem * ((row0 + r) * width + col0), elem * cols);
  return dst;
}

/* Agrees on the number of differing results; rank 0 reports it. */
static int report(const char *name, const void *a, const void *b, size_t elem,
                  int64_t n, const char *first) {
  int local = 0, total = 0;
  for (int64_t i = 0; i < n; ++i)
    local += memcmp((const char *)a + i * elem, (const char *)b + i * elem,
                    elem) != 0;
  MPI_Allreduce(&local, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%s: %d of %lld results differ from one process on %d "
           "processes; first %s\n",
           name, total, (long long)n, nprocs, first);
  return total;
}

static int case_f32(void) {
  enum { A = 8, B = 6, C = 64, H = C / 2 };
  float *x = malloc(sizeof(float) * A * B * C);
  /* Multiples of 1/16: every partial sum is exact, so one and two
   * processes must round the same exact mean. */
  for (int i = 0; i < A * B * C; ++i)
    x[i] = (float)((int64_t)(next() % 2001) - 1000) / 16.0f;
  float *local = malloc(sizeof(float) * A * B * H);
  for (int i = 0; i < A * B; ++i)
    memcpy(local + i * H, x + i * C + rank * H, sizeof(float) * H);
  F32x3 in = DESC3(F32x3, x, A, B, C), lin = DESC3(F32x3, local, A, B, H);
  F32x1 one, sharded;
  _mlir_ciface_single_f32(&one, &in);
  _mlir_ciface_sharded_f32(&sharded, &lin);
  char first[64];
  snprintf(first, sizeof first, "%.9g", sharded.aligned[0]);
  int bad = sharded.sizes[0] != A ||
            report("f32 axes (1, 2), axis 2 split", one.aligned,
                   sharded.aligned, sizeof(float), A, first);
  free(one.allocated), free(sharded.allocated), free(x), free(local);
  return bad;
}

static int case_rows_f32(void) {
  enum { R = 8, C = 64, H = R / 2 };
  float *x = malloc(sizeof(float) * R * C);
  for (int i = 0; i < R * C; ++i)
    x[i] = (float)((int64_t)(next() % 2001) - 1000) / 8.0f;
  float *local = slice2(x, sizeof(float), C, rank * H, H, 0, C);
  F32x2 in = DESC2(F32x2, x, R, C), lin = DESC2(F32x2, local, H, C);
  F32x1 one, sharded;
  _mlir_ciface_single_rows_f32(&one, &in);
  _mlir_ciface_sharded_rows_f32(&sharded, &lin);
  /* Each process holds its own rows of the result. */
  char first[64];
  snprintf(first, sizeof first, "%.9g", sharded.aligned[0]);
  int bad =
      sharded.sizes[0] != H ||
      report("f32 axis 1, axis 0 split (no communication)",
             one.aligned + rank * H, sharded.aligned, sizeof(float), H, first);
  free(one.allocated), free(sharded.allocated), free(x), free(local);
  return bad;
}

/* f16 bits of a small integer multiple of 1/16 (exact in f16). */
static uint16_t to_f16(int k) {
  _Float16 h = (_Float16)((float)k / 16.0f);
  uint16_t bits;
  memcpy(&bits, &h, sizeof bits);
  return bits;
}

static int case_f16(void) {
  enum { R = 16, C = 128, H = C / 2 };
  uint16_t *x = malloc(sizeof(uint16_t) * R * C);
  for (int i = 0; i < R * C; ++i)
    x[i] = to_f16((int)(next() % 1601) - 800);
  uint16_t *local = slice2(x, sizeof(uint16_t), C, 0, R, rank * H, H);
  F16x2 in = DESC2(F16x2, x, R, C), lin = DESC2(F16x2, local, R, H);
  F16x2 one, sharded;
  _mlir_ciface_single_f16(&one, &in);
  _mlir_ciface_sharded_f16(&sharded, &lin);
  char first[64];
  snprintf(first, sizeof first, "0x%04x", sharded.aligned[0]);
  int bad = sharded.sizes[0] != R || sharded.sizes[1] != 1 ||
            report("f16 axis 1 keep_dims, axis 1 split", one.aligned,
                   sharded.aligned, sizeof(uint16_t), R, first);
  free(one.allocated), free(sharded.allocated), free(x), free(local);
  return bad;
}

static int case_i32(void) {
  enum { R = 64, C = 16, H = R / 2 };
  int32_t *x = malloc(sizeof(int32_t) * R * C);
  /* Near the ends of the range: an i32 sum would overflow. */
  for (int i = 0; i < R * C; ++i)
    x[i] = (int32_t)(next() % 2 ? INT32_MAX - next() % 1000
                                : INT32_MIN + next() % 1000);
  int32_t *local = slice2(x, sizeof(int32_t), C, rank * H, H, 0, C);
  I32x2 in = DESC2(I32x2, x, R, C), lin = DESC2(I32x2, local, H, C);
  I32x1 one, sharded;
  _mlir_ciface_single_i32(&one, &in);
  _mlir_ciface_sharded_i32(&sharded, &lin);
  char first[64];
  snprintf(first, sizeof first, "%d", sharded.aligned[0]);
  int bad = sharded.sizes[0] != C ||
            report("i32 axis 0, axis 0 split", one.aligned, sharded.aligned,
                   sizeof(int32_t), C, first);
  free(one.allocated), free(sharded.allocated), free(x), free(local);
  return bad;
}

static int case_i64(void) {
  enum { R = 32, C = 8, H = R / 2 };
  int64_t *x = malloc(sizeof(int64_t) * R * C);
  /* Column 0 all INT64_MAX, column 1 all INT64_MIN (the means are the
   * extremes themselves), the rest mixed near both ends. */
  for (int i = 0; i < R * C; ++i) {
    int64_t noise = (int64_t)(next() % 1000);
    x[i] = i % C == 0   ? INT64_MAX
           : i % C == 1 ? INT64_MIN
           : next() % 2 ? INT64_MAX - noise
                        : INT64_MIN + noise;
  }
  int64_t *local = slice2(x, sizeof(int64_t), C, rank * H, H, 0, C);
  I64x2 in = DESC2(I64x2, x, R, C), lin = DESC2(I64x2, local, H, C);
  I64x1 one, sharded;
  _mlir_ciface_single_i64(&one, &in);
  _mlir_ciface_sharded_i64(&sharded, &lin);
  char first[96];
  snprintf(first, sizeof first, "%lld %lld", (long long)sharded.aligned[0],
           (long long)sharded.aligned[1]);
  int bad = sharded.sizes[0] != C ||
            report("i64 axis 0, axis 0 split", one.aligned, sharded.aligned,
                   sizeof(int64_t), C, first);
  free(one.allocated), free(sharded.allocated), free(x), free(local);
  return bad;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (nprocs != 2) {
    if (rank == 0)
      fprintf(stderr,
              "sharded-driver: the kernels' grid has 2 processes; "
              "run with mpirun -np 2 (got %d)\n",
              nprocs);
    MPI_Finalize();
    return 2;
  }
  int bad = case_f32() + case_rows_f32() + case_f16() + case_i32() + case_i64();
  MPI_Finalize();
  return bad != 0;
}
