// The CBLAS entry points of the triangular Level-2 routines (s, d, c, z):
// cblas_?trmv ?tbmv ?tpmv ?trsv ?tbsv ?tpsv, with the reference CBLAS's
// checks, parameter numbers and messages.
#include <complex>

#include "cblas.h"
#include "error_report.h"
#include "export.h"
#include "level2_triangular_args.h"

namespace {

using namespace swblas::api;
using swblas::level2::storage;
using swblas::level2::triangular_vector_problem;

// The caller's options, referred to: a C caller may pass any int, and
// copying it into an object of the enum type would load it as the enum
// (enum_value.h).
struct cblas_options {
  const CBLAS_LAYOUT& layout;
  const CBLAS_UPLO& Uplo;
  const CBLAS_TRANSPOSE& TransA;
  const CBLAS_DIAG& Diag;
};

template <class T>
void cblas_triangular_vector(const char* name, void (*run)(const triangular_vector_problem<T>&), storage kind,
                             const triangular_vector_positions& fortran_at, const cblas_options& o, CBLAS_INT N,
                             CBLAS_INT K, const void* A, CBLAS_INT lda, void* X, CBLAS_INT incX) {
  const triangular_vector_call caller{kind,
                                      from_cblas<order>(o.layout),
                                      from_cblas<uplo>(o.Uplo),
                                      from_cblas<trans_op>(o.TransA),
                                      from_cblas<diag>(o.Diag),
                                      N,
                                      K,
                                      lda,
                                      incX};
  const triangular_vector_positions at = cblas_positions(fortran_at);
  const cblas_report report(name, position_exchange{}, caller.layout);
  // The reference names an illegal option's value.
  if (!caller.layout) return report(at.layout, "Illegal layout setting, %d\n", raw_int(o.layout));
  if (!caller.triangle) return report(at.uplo, "Illegal Uplo setting, %d\n", raw_int(o.Uplo));
  if (!caller.trans) return report(at.trans, "Illegal TransA setting, %d\n", raw_int(o.TransA));
  if (!caller.diagonal) return report(at.diag, "Illegal Diag setting, %d\n", raw_int(o.Diag));
  if (const int info = first_illegal_argument(caller, at)) return report(info);
  run(triangular_vector_problem_of(caller, static_cast<const T*>(A), static_cast<T*>(X)));
}

}  // namespace

extern "C" {

// Matrices and vectors by address (P: the real element type, or void for
// complex (re, im) pairs); run: trmv or trsv. A signature without K or lda
// passes 0, which its positions never check.
#define SWBLAS_CBLAS_FULL_TRIANGULAR(fname, T, P, run)                                                           \
  SWBLAS_EXPORT void fname(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,       \
                           const CBLAS_DIAG Diag, const CBLAS_INT N, const P* A, const CBLAS_INT lda, P* X,      \
                           const CBLAS_INT incX) {                                                               \
    cblas_triangular_vector<T>(#fname, swblas::level2::run<T>, storage::full, kFullTriangular,                   \
                               {layout, Uplo, TransA, Diag}, N, 0, A, lda, X, incX);                             \
  }

#define SWBLAS_CBLAS_BAND_TRIANGULAR(fname, T, P, run)                                                           \
  SWBLAS_EXPORT void fname(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,       \
                           const CBLAS_DIAG Diag, const CBLAS_INT N, const CBLAS_INT K, const P* A,              \
                           const CBLAS_INT lda, P* X, const CBLAS_INT incX) {                                    \
    cblas_triangular_vector<T>(#fname, swblas::level2::run<T>, storage::band, kBandTriangular,                   \
                               {layout, Uplo, TransA, Diag}, N, K, A, lda, X, incX);                             \
  }

#define SWBLAS_CBLAS_PACKED_TRIANGULAR(fname, T, P, run)                                                         \
  SWBLAS_EXPORT void fname(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,       \
                           const CBLAS_DIAG Diag, const CBLAS_INT N, const P* Ap, P* X, const CBLAS_INT incX) {  \
    cblas_triangular_vector<T>(#fname, swblas::level2::run<T>, storage::packed, kPackedTriangular,               \
                               {layout, Uplo, TransA, Diag}, N, 0, Ap, 0, X, incX);                              \
  }

SWBLAS_CBLAS_FULL_TRIANGULAR(cblas_strmv, float, float, trmv)
SWBLAS_CBLAS_FULL_TRIANGULAR(cblas_dtrmv, double, double, trmv)
SWBLAS_CBLAS_FULL_TRIANGULAR(cblas_ctrmv, std::complex<float>, void, trmv)
SWBLAS_CBLAS_FULL_TRIANGULAR(cblas_ztrmv, std::complex<double>, void, trmv)
SWBLAS_CBLAS_BAND_TRIANGULAR(cblas_stbmv, float, float, trmv)
SWBLAS_CBLAS_BAND_TRIANGULAR(cblas_dtbmv, double, double, trmv)
SWBLAS_CBLAS_BAND_TRIANGULAR(cblas_ctbmv, std::complex<float>, void, trmv)
SWBLAS_CBLAS_BAND_TRIANGULAR(cblas_ztbmv, std::complex<double>, void, trmv)
SWBLAS_CBLAS_PACKED_TRIANGULAR(cblas_stpmv, float, float, trmv)
SWBLAS_CBLAS_PACKED_TRIANGULAR(cblas_dtpmv, double, double, trmv)
SWBLAS_CBLAS_PACKED_TRIANGULAR(cblas_ctpmv, std::complex<float>, void, trmv)
SWBLAS_CBLAS_PACKED_TRIANGULAR(cblas_ztpmv, std::complex<double>, void, trmv)
SWBLAS_CBLAS_FULL_TRIANGULAR(cblas_strsv, float, float, trsv)
SWBLAS_CBLAS_FULL_TRIANGULAR(cblas_dtrsv, double, double, trsv)
SWBLAS_CBLAS_FULL_TRIANGULAR(cblas_ctrsv, std::complex<float>, void, trsv)
SWBLAS_CBLAS_FULL_TRIANGULAR(cblas_ztrsv, std::complex<double>, void, trsv)
SWBLAS_CBLAS_BAND_TRIANGULAR(cblas_stbsv, float, float, trsv)
SWBLAS_CBLAS_BAND_TRIANGULAR(cblas_dtbsv, double, double, trsv)
SWBLAS_CBLAS_BAND_TRIANGULAR(cblas_ctbsv, std::complex<float>, void, trsv)
SWBLAS_CBLAS_BAND_TRIANGULAR(cblas_ztbsv, std::complex<double>, void, trsv)
SWBLAS_CBLAS_PACKED_TRIANGULAR(cblas_stpsv, float, float, trsv)
SWBLAS_CBLAS_PACKED_TRIANGULAR(cblas_dtpsv, double, double, trsv)
SWBLAS_CBLAS_PACKED_TRIANGULAR(cblas_ctpsv, std::complex<float>, void, trsv)
SWBLAS_CBLAS_PACKED_TRIANGULAR(cblas_ztpsv, std::complex<double>, void, trsv)

}  // extern "C"
