/* The floor of a 4^3 DGEMM through dgemm_: a library whose dgemm_ takes the
 * same thirteen arguments by reference, makes the checks a tiny call needs
 * (options, sizes, leading dimensions, alpha and beta) and multiplies
 * C += A * B for m = n = k = 4 with alpha = beta = 1 in four AVX2 registers,
 * with nothing general about it. What it costs is what the calling sequence
 * and the least possible product cost any library at that shape, to set
 * beside swblas's dgemm_ and libxsmm's JIT kernel (called directly, three
 * pointers) in the same harness:
 *
 *   build/bench/dgemm/swblas-bench-dgemm --lib build/bench/dgemm/libswblas_call_floor.so --shapes 4 --threads 1
 *
 * Any other call aborts: it is a measuring device, not a BLAS. On a CPU
 * without AVX2 and FMA loading it exits with status 77 (its ctest then
 * skips). */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>

enum { kSkipStatus = 77 };

/* Checked when the library is loaded, not in the call it measures. */
__attribute__((constructor)) static void require_avx2(void) {
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
    fputs("libswblas_call_floor: this CPU lacks AVX2 or FMA\n", stderr);
    exit(kSkipStatus);
  }
}

static void unsupported(void) {
  fputs("libswblas_call_floor: dgemm_ supports only N, N, m = n = k = 4, alpha = beta = 1\n", stderr);
  abort();
}

__attribute__((visibility("default"))) void dgemm_(const char* transa, const char* transb, const int* m,
                                                   const int* n, const int* k, const double* alpha,
                                                   const double* a, const int* lda, const double* b,
                                                   const int* ldb, const double* beta, double* c,
                                                   const int* ldc) {
  if ((*transa | 0x20) != 'n' || (*transb | 0x20) != 'n' || *m != 4 || *n != 4 || *k != 4 || *lda < 4 ||
      *ldb < 4 || *ldc < 4 || *alpha != 1.0 || *beta != 1.0)
    unsupported();
  const long la = *lda, lb = *ldb, lc = *ldc;
  __m256d c0 = _mm256_loadu_pd(c), c1 = _mm256_loadu_pd(c + lc);
  __m256d c2 = _mm256_loadu_pd(c + 2 * lc), c3 = _mm256_loadu_pd(c + 3 * lc);
  for (long l = 0; l < 4; ++l) {
    const __m256d column = _mm256_loadu_pd(a + l * la);
    c0 = _mm256_fmadd_pd(column, _mm256_broadcast_sd(b + l), c0);
    c1 = _mm256_fmadd_pd(column, _mm256_broadcast_sd(b + l + lb), c1);
    c2 = _mm256_fmadd_pd(column, _mm256_broadcast_sd(b + l + 2 * lb), c2);
    c3 = _mm256_fmadd_pd(column, _mm256_broadcast_sd(b + l + 3 * lb), c3);
  }
  _mm256_storeu_pd(c, c0);
  _mm256_storeu_pd(c + lc, c1);
  _mm256_storeu_pd(c + 2 * lc, c2);
  _mm256_storeu_pd(c + 3 * lc, c3);
}
