// The Fortran 77 entry points of the symmetric and Hermitian Level-2
// routines: ?symv ?hemv ?sbmv ?hbmv ?spmv ?hpmv (products) and ?syr ?her
// ?spr ?hpr ?syr2 ?her2 ?spr2 ?hpr2 (rank updates).
#include <complex>
#include <cstddef>

#include "error_report.h"
#include "export.h"
#include "level2_symmetric_args.h"

namespace {

using namespace swblas::api;

symmetric_call fortran_call(char uplo_, storage_kind storage, blas_int n, blas_int k, blas_int lda, blas_int incx,
                            blas_int incy) {
  return {order::col_major, from_fortran<uplo>(uplo_), storage, n, k, lda, incx, incy};
}

template <class T, std::size_t N>
void fortran_product(const char (&name)[N], const symmetric_positions& at, const symmetric_call& c, symmetry kind,
                     const void* alpha, const void* a, const void* x, const void* beta, void* y) {
  if (const int info = first_illegal_argument(c, at)) return report_fortran(name, info);
  run_product<T>(c, kind, *static_cast<const T*>(alpha), static_cast<const T*>(a), static_cast<const T*>(x),
                 *static_cast<const T*>(beta), static_cast<T*>(y));
}

// Alpha: T, or its real type for ?her and ?hpr. y: null for rank 1.
template <class T, class Alpha, std::size_t N>
void fortran_update(const char (&name)[N], const symmetric_positions& at, const symmetric_call& c, symmetry kind,
                    const Alpha* alpha, const void* x, const void* y, void* a) {
  if (const int info = first_illegal_argument(c, at)) return report_fortran(name, info);
  run_update<T>(c, kind, T(*alpha), static_cast<const T*>(x), static_cast<const T*>(y), static_cast<T*>(a));
}

}  // namespace

extern "C" {

// Scalars and arrays by address (P: the real element type, or void for
// complex (re, im) pairs; A: alpha's type), as swblas.h declares them.
#define SWBLAS_FORTRAN_SYMV(fname, T, P, kind, NAME)                                                             \
  SWBLAS_EXPORT void fname(const char* uplo, const blas_int* n, const P* alpha, const P* a, const blas_int* lda, \
                           const P* x, const blas_int* incx, const P* beta, P* y, const blas_int* incy) {        \
    fortran_product<T>(NAME, kSymv, fortran_call(*uplo, storage_kind::full, *n, 0, *lda, *incx, *incy),          \
                       symmetry::kind, alpha, a, x, beta, y);                                                    \
  }
#define SWBLAS_FORTRAN_SBMV(fname, T, P, kind, NAME)                                                           \
  SWBLAS_EXPORT void fname(const char* uplo, const blas_int* n, const blas_int* k, const P* alpha, const P* a, \
                           const blas_int* lda, const P* x, const blas_int* incx, const P* beta, P* y,         \
                           const blas_int* incy) {                                                             \
    fortran_product<T>(NAME, kSbmv, fortran_call(*uplo, storage_kind::band, *n, *k, *lda, *incx, *incy),       \
                       symmetry::kind, alpha, a, x, beta, y);                                                  \
  }
#define SWBLAS_FORTRAN_SPMV(fname, T, P, kind, NAME)                                                                   \
  SWBLAS_EXPORT void fname(const char* uplo, const blas_int* n, const P* alpha, const P* ap, const P* x,               \
                           const blas_int* incx, const P* beta, P* y, const blas_int* incy) {                          \
    fortran_product<T>(NAME, kSpmv, fortran_call(*uplo, storage_kind::packed, *n, 0, 1, *incx, *incy), symmetry::kind, \
                       alpha, ap, x, beta, y);                                                                         \
  }
#define SWBLAS_FORTRAN_SYR(fname, T, P, A, kind, NAME)                                                            \
  SWBLAS_EXPORT void fname(const char* uplo, const blas_int* n, const A* alpha, const P* x, const blas_int* incx, \
                           P* a, const blas_int* lda) {                                                           \
    fortran_update<T>(NAME, kSyr, fortran_call(*uplo, storage_kind::full, *n, 0, *lda, *incx, 1), symmetry::kind, \
                      static_cast<const A*>(alpha), x, nullptr, a);                                               \
  }
#define SWBLAS_FORTRAN_SPR(fname, T, P, A, kind, NAME)                                                            \
  SWBLAS_EXPORT void fname(const char* uplo, const blas_int* n, const A* alpha, const P* x, const blas_int* incx, \
                           P* ap) {                                                                               \
    fortran_update<T>(NAME, kSpr, fortran_call(*uplo, storage_kind::packed, *n, 0, 1, *incx, 1), symmetry::kind,  \
                      static_cast<const A*>(alpha), x, nullptr, ap);                                              \
  }
#define SWBLAS_FORTRAN_SYR2(fname, T, P, kind, NAME)                                                                   \
  SWBLAS_EXPORT void fname(const char* uplo, const blas_int* n, const P* alpha, const P* x, const blas_int* incx,      \
                           const P* y, const blas_int* incy, P* a, const blas_int* lda) {                              \
    fortran_update<T>(NAME, kSyr2, fortran_call(*uplo, storage_kind::full, *n, 0, *lda, *incx, *incy), symmetry::kind, \
                      static_cast<const T*>(alpha), x, y, a);                                                          \
  }
#define SWBLAS_FORTRAN_SPR2(fname, T, P, kind, NAME)                                                                  \
  SWBLAS_EXPORT void fname(const char* uplo, const blas_int* n, const P* alpha, const P* x, const blas_int* incx,     \
                           const P* y, const blas_int* incy, P* ap) {                                                 \
    fortran_update<T>(NAME, kSpr2, fortran_call(*uplo, storage_kind::packed, *n, 0, 1, *incx, *incy), symmetry::kind, \
                      static_cast<const T*>(alpha), x, y, ap);                                                        \
  }

using c_float = std::complex<float>;
using c_double = std::complex<double>;

SWBLAS_FORTRAN_SYMV(ssymv_, float, float, symmetric, "SSYMV ")
SWBLAS_FORTRAN_SYMV(dsymv_, double, double, symmetric, "DSYMV ")
SWBLAS_FORTRAN_SYMV(chemv_, c_float, void, hermitian, "CHEMV ")
SWBLAS_FORTRAN_SYMV(zhemv_, c_double, void, hermitian, "ZHEMV ")
SWBLAS_FORTRAN_SBMV(ssbmv_, float, float, symmetric, "SSBMV ")
SWBLAS_FORTRAN_SBMV(dsbmv_, double, double, symmetric, "DSBMV ")
SWBLAS_FORTRAN_SBMV(chbmv_, c_float, void, hermitian, "CHBMV ")
SWBLAS_FORTRAN_SBMV(zhbmv_, c_double, void, hermitian, "ZHBMV ")
SWBLAS_FORTRAN_SPMV(sspmv_, float, float, symmetric, "SSPMV ")
SWBLAS_FORTRAN_SPMV(dspmv_, double, double, symmetric, "DSPMV ")
SWBLAS_FORTRAN_SPMV(chpmv_, c_float, void, hermitian, "CHPMV ")
SWBLAS_FORTRAN_SPMV(zhpmv_, c_double, void, hermitian, "ZHPMV ")
SWBLAS_FORTRAN_SYR(ssyr_, float, float, float, symmetric, "SSYR  ")
SWBLAS_FORTRAN_SYR(dsyr_, double, double, double, symmetric, "DSYR  ")
SWBLAS_FORTRAN_SYR(cher_, c_float, void, float, hermitian, "CHER  ")
SWBLAS_FORTRAN_SYR(zher_, c_double, void, double, hermitian, "ZHER  ")
SWBLAS_FORTRAN_SPR(sspr_, float, float, float, symmetric, "SSPR  ")
SWBLAS_FORTRAN_SPR(dspr_, double, double, double, symmetric, "DSPR  ")
SWBLAS_FORTRAN_SPR(chpr_, c_float, void, float, hermitian, "CHPR  ")
SWBLAS_FORTRAN_SPR(zhpr_, c_double, void, double, hermitian, "ZHPR  ")
SWBLAS_FORTRAN_SYR2(ssyr2_, float, float, symmetric, "SSYR2 ")
SWBLAS_FORTRAN_SYR2(dsyr2_, double, double, symmetric, "DSYR2 ")
SWBLAS_FORTRAN_SYR2(cher2_, c_float, void, hermitian, "CHER2 ")
SWBLAS_FORTRAN_SYR2(zher2_, c_double, void, hermitian, "ZHER2 ")
SWBLAS_FORTRAN_SPR2(sspr2_, float, float, symmetric, "SSPR2 ")
SWBLAS_FORTRAN_SPR2(dspr2_, double, double, symmetric, "DSPR2 ")
SWBLAS_FORTRAN_SPR2(chpr2_, c_float, void, hermitian, "CHPR2 ")
SWBLAS_FORTRAN_SPR2(zhpr2_, c_double, void, hermitian, "ZHPR2 ")

}  // extern "C"
