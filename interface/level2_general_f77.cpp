// The Fortran 77 entry points of gemv, gbmv (s, d, c, z), ger (s, d),
// geru and gerc (c, z).
#include <complex>
#include <cstddef>

#include "error_report.h"
#include "export.h"
#include "level2_general_args.h"

namespace {

using namespace swblas::api;

template <class T>
const T& value(const void* x) {
  return *static_cast<const T*>(x);
}

// gemv (at = kGemv, kl and ku absent) and gbmv (kGbmv).
template <class T, std::size_t N>
void fortran_matrix_vector(const char (&name)[N], const matrix_vector_positions& at, const char* trans,
                           const blas_int* m, const blas_int* n, blas_int kl, blas_int ku, const void* alpha,
                           const void* a, const blas_int* lda, const void* x, const blas_int* incx, const void* beta,
                           void* y, const blas_int* incy) {
  const matrix_vector_call caller{order::col_major, from_fortran<trans_op>(*trans), *m, *n, kl, ku, *lda, *incx,
                                  *incy};
  if (const int info = first_illegal_argument(caller, at)) return report_fortran(name, info);
  solve_matrix_vector(caller, at,
                      problem_of(caller, value<T>(alpha), static_cast<const T*>(a), static_cast<const T*>(x),
                                 value<T>(beta), static_cast<T*>(y)));
}

template <class T, std::size_t N>
void fortran_rank_one(const char (&name)[N], bool conjugated, const blas_int* m, const blas_int* n, const void* alpha,
                      const void* x, const blas_int* incx, const void* y, const blas_int* incy, void* a,
                      const blas_int* lda) {
  const rank_one_call caller{order::col_major, *m, *n, *incx, *incy, *lda};
  if (const int info = first_illegal_argument(caller, kGer)) return report_fortran(name, info);
  swblas::level2::ger(problem_of(caller, conjugated, value<T>(alpha), static_cast<const T*>(x),
                                 static_cast<const T*>(y), static_cast<T*>(a)));
}

}  // namespace

extern "C" {

// Scalars and arrays by address (P: the real element type, or void for
// complex (re, im) pairs), as swblas.h declares them.
#define SWBLAS_FORTRAN_GEMV(fname, T, P, NAME)                                                                  \
  SWBLAS_EXPORT void fname(const char* trans, const blas_int* m, const blas_int* n, const P* alpha, const P* a, \
                           const blas_int* lda, const P* x, const blas_int* incx, const P* beta, P* y,          \
                           const blas_int* incy) {                                                              \
    fortran_matrix_vector<T>(NAME, kGemv, trans, m, n, 0, 0, alpha, a, lda, x, incx, beta, y, incy);            \
  }
#define SWBLAS_FORTRAN_GBMV(fname, T, P, NAME)                                                              \
  SWBLAS_EXPORT void fname(const char* trans, const blas_int* m, const blas_int* n, const blas_int* kl,     \
                           const blas_int* ku, const P* alpha, const P* a, const blas_int* lda, const P* x, \
                           const blas_int* incx, const P* beta, P* y, const blas_int* incy) {               \
    fortran_matrix_vector<T>(NAME, kGbmv, trans, m, n, *kl, *ku, alpha, a, lda, x, incx, beta, y, incy);    \
  }
#define SWBLAS_FORTRAN_GER(fname, T, P, conjugated, NAME)                                                          \
  SWBLAS_EXPORT void fname(const blas_int* m, const blas_int* n, const P* alpha, const P* x, const blas_int* incx, \
                           const P* y, const blas_int* incy, P* a, const blas_int* lda) {                          \
    fortran_rank_one<T>(NAME, conjugated, m, n, alpha, x, incx, y, incy, a, lda);                                  \
  }

SWBLAS_FORTRAN_GEMV(sgemv_, float, float, "SGEMV ")
SWBLAS_FORTRAN_GEMV(dgemv_, double, double, "DGEMV ")
SWBLAS_FORTRAN_GEMV(cgemv_, std::complex<float>, void, "CGEMV ")
SWBLAS_FORTRAN_GEMV(zgemv_, std::complex<double>, void, "ZGEMV ")
SWBLAS_FORTRAN_GBMV(sgbmv_, float, float, "SGBMV ")
SWBLAS_FORTRAN_GBMV(dgbmv_, double, double, "DGBMV ")
SWBLAS_FORTRAN_GBMV(cgbmv_, std::complex<float>, void, "CGBMV ")
SWBLAS_FORTRAN_GBMV(zgbmv_, std::complex<double>, void, "ZGBMV ")
SWBLAS_FORTRAN_GER(sger_, float, float, false, "SGER  ")
SWBLAS_FORTRAN_GER(dger_, double, double, false, "DGER  ")
SWBLAS_FORTRAN_GER(cgeru_, std::complex<float>, void, false, "CGERU ")
SWBLAS_FORTRAN_GER(zgeru_, std::complex<double>, void, false, "ZGERU ")
SWBLAS_FORTRAN_GER(cgerc_, std::complex<float>, void, true, "CGERC ")
SWBLAS_FORTRAN_GER(zgerc_, std::complex<double>, void, true, "ZGERC ")

}  // extern "C"
