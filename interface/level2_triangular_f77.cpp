// The Fortran 77 entry points of the triangular Level-2 routines (s, d, c,
// z): ?trmv_ ?tbmv_ ?tpmv_ ?trsv_ ?tbsv_ ?tpsv_.
#include <complex>
#include <cstddef>

#include "error_report.h"
#include "export.h"
#include "level2_triangular_args.h"

namespace {

using namespace swblas::api;
using swblas::level2::storage;
using swblas::level2::triangular_vector_problem;

// The option characters of a call.
struct fortran_options {
  const char *uplo_, *trans_, *diag_;
};

template <class T, std::size_t N>
void fortran_triangular_vector(const char (&name)[N], void (*run)(const triangular_vector_problem<T>&), storage kind,
                               const triangular_vector_positions& at, const fortran_options& o, blas_int n, blas_int k,
                               const void* a, blas_int lda, void* x, blas_int incx) {
  const triangular_vector_call caller{kind,
                                      order::col_major,
                                      from_fortran<uplo>(*o.uplo_),
                                      from_fortran<trans_op>(*o.trans_),
                                      from_fortran<diag>(*o.diag_),
                                      n,
                                      k,
                                      lda,
                                      incx};
  if (const int info = first_illegal_argument(caller, at)) return report_fortran(name, info);
  run(triangular_vector_problem_of(caller, static_cast<const T*>(a), static_cast<T*>(x)));
}

}  // namespace

extern "C" {

// Matrices and vectors by address (P: the real element type, or void for
// complex (re, im) pairs), as swblas.h declares them; run: trmv or trsv.
// A signature without k or lda passes 0, which its positions never check.
#define SWBLAS_FORTRAN_FULL_TRIANGULAR(fname, T, P, run, NAME)                                                      \
  SWBLAS_EXPORT void fname(const char* uplo, const char* trans, const char* diag, const blas_int* n, const P* a,    \
                           const blas_int* lda, P* x, const blas_int* incx) {                                       \
    fortran_triangular_vector<T>(NAME, swblas::level2::run<T>, storage::full, kFullTriangular, {uplo, trans, diag}, \
                                 *n, 0, a, *lda, x, *incx);                                                         \
  }

#define SWBLAS_FORTRAN_BAND_TRIANGULAR(fname, T, P, run, NAME)                                                      \
  SWBLAS_EXPORT void fname(const char* uplo, const char* trans, const char* diag, const blas_int* n,                \
                           const blas_int* k, const P* a, const blas_int* lda, P* x, const blas_int* incx) {        \
    fortran_triangular_vector<T>(NAME, swblas::level2::run<T>, storage::band, kBandTriangular, {uplo, trans, diag}, \
                                 *n, *k, a, *lda, x, *incx);                                                        \
  }

#define SWBLAS_FORTRAN_PACKED_TRIANGULAR(fname, T, P, run, NAME)                                                  \
  SWBLAS_EXPORT void fname(const char* uplo, const char* trans, const char* diag, const blas_int* n, const P* ap, \
                           P* x, const blas_int* incx) {                                                          \
    fortran_triangular_vector<T>(NAME, swblas::level2::run<T>, storage::packed, kPackedTriangular,                \
                                 {uplo, trans, diag}, *n, 0, ap, 0, x, *incx);                                    \
  }

SWBLAS_FORTRAN_FULL_TRIANGULAR(strmv_, float, float, trmv, "STRMV ")
SWBLAS_FORTRAN_FULL_TRIANGULAR(dtrmv_, double, double, trmv, "DTRMV ")
SWBLAS_FORTRAN_FULL_TRIANGULAR(ctrmv_, std::complex<float>, void, trmv, "CTRMV ")
SWBLAS_FORTRAN_FULL_TRIANGULAR(ztrmv_, std::complex<double>, void, trmv, "ZTRMV ")
SWBLAS_FORTRAN_BAND_TRIANGULAR(stbmv_, float, float, trmv, "STBMV ")
SWBLAS_FORTRAN_BAND_TRIANGULAR(dtbmv_, double, double, trmv, "DTBMV ")
SWBLAS_FORTRAN_BAND_TRIANGULAR(ctbmv_, std::complex<float>, void, trmv, "CTBMV ")
SWBLAS_FORTRAN_BAND_TRIANGULAR(ztbmv_, std::complex<double>, void, trmv, "ZTBMV ")
SWBLAS_FORTRAN_PACKED_TRIANGULAR(stpmv_, float, float, trmv, "STPMV ")
SWBLAS_FORTRAN_PACKED_TRIANGULAR(dtpmv_, double, double, trmv, "DTPMV ")
SWBLAS_FORTRAN_PACKED_TRIANGULAR(ctpmv_, std::complex<float>, void, trmv, "CTPMV ")
SWBLAS_FORTRAN_PACKED_TRIANGULAR(ztpmv_, std::complex<double>, void, trmv, "ZTPMV ")
SWBLAS_FORTRAN_FULL_TRIANGULAR(strsv_, float, float, trsv, "STRSV ")
SWBLAS_FORTRAN_FULL_TRIANGULAR(dtrsv_, double, double, trsv, "DTRSV ")
SWBLAS_FORTRAN_FULL_TRIANGULAR(ctrsv_, std::complex<float>, void, trsv, "CTRSV ")
SWBLAS_FORTRAN_FULL_TRIANGULAR(ztrsv_, std::complex<double>, void, trsv, "ZTRSV ")
SWBLAS_FORTRAN_BAND_TRIANGULAR(stbsv_, float, float, trsv, "STBSV ")
SWBLAS_FORTRAN_BAND_TRIANGULAR(dtbsv_, double, double, trsv, "DTBSV ")
SWBLAS_FORTRAN_BAND_TRIANGULAR(ctbsv_, std::complex<float>, void, trsv, "CTBSV ")
SWBLAS_FORTRAN_BAND_TRIANGULAR(ztbsv_, std::complex<double>, void, trsv, "ZTBSV ")
SWBLAS_FORTRAN_PACKED_TRIANGULAR(stpsv_, float, float, trsv, "STPSV ")
SWBLAS_FORTRAN_PACKED_TRIANGULAR(dtpsv_, double, double, trsv, "DTPSV ")
SWBLAS_FORTRAN_PACKED_TRIANGULAR(ctpsv_, std::complex<float>, void, trsv, "CTPSV ")
SWBLAS_FORTRAN_PACKED_TRIANGULAR(ztpsv_, std::complex<double>, void, trsv, "ZTPSV ")

}  // extern "C"
