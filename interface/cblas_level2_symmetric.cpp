// The CBLAS entry points of the symmetric and Hermitian Level-2 routines
// (cblas_ssymv ... cblas_zhpr2): checks and parameter numbers as the
// reference CBLAS.
#include <complex>

#include "cblas.h"
#include "error_report.h"
#include "export.h"
#include "level2_symmetric_args.h"

namespace {

using namespace swblas::api;
using swblas::real_t;

// A scalar argument: by value (real, and the real alpha of ?her, ?hpr) or
// by address (complex).
template <class T>
T scalar(const void* p) {
  return *static_cast<const T*>(p);
}
template <class T>
T scalar(real_t<T> v) {
  return T(v);
}

// Reports the first illegal argument, if any (true then). The reference
// names an illegal option's value. Here and below the options are passed by
// reference: a C caller may pass any int, and copying it into a parameter of
// the enum type would load it as the enum (enum_value.h).
bool rejected(const char* name, const symmetric_positions& at, const position_exchange& row_major_pairs,
              const symmetric_call& c, const CBLAS_LAYOUT& layout, const CBLAS_UPLO& Uplo) {
  const cblas_report report(name, row_major_pairs, c.layout);
  if (!c.layout) {
    report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  } else if (!c.triangle) {
    report(at.uplo, "Illegal Uplo setting, %d\n", raw_int(Uplo));
  } else if (const int info = first_illegal_argument(c, at)) {
    report(info);
  } else {
    return false;
  }
  return true;
}

symmetric_call cblas_call(const CBLAS_LAYOUT& layout, const CBLAS_UPLO& Uplo, storage_kind storage, blas_int n,
                          blas_int k, blas_int lda, blas_int incx, blas_int incy) {
  return {from_cblas<order>(layout), from_cblas<uplo>(Uplo), storage, n, k, lda, incx, incy};
}

template <class T>
void cblas_product(const char* name, const symmetric_positions& fortran, const symmetric_call& c,
                   const CBLAS_LAYOUT& layout, const CBLAS_UPLO& Uplo, symmetry kind, T alpha, const void* a,
                   const void* x, T beta, void* y) {
  if (rejected(name, cblas_positions(fortran), position_exchange{}, c, layout, Uplo)) return;
  run_product<T>(c, kind, alpha, static_cast<const T*>(a), static_cast<const T*>(x), beta, static_cast<T*>(y));
}

// y: null for rank 1. A row-major Hermitian rank-2 call checks x and y
// exchanged, as the reference's Fortran call sees them.
template <class T>
void cblas_update(const char* name, const symmetric_positions& fortran, const symmetric_call& c,
                  const CBLAS_LAYOUT& layout, const CBLAS_UPLO& Uplo, symmetry kind, T alpha, const void* x,
                  const void* y, void* a) {
  const symmetric_positions at = cblas_positions(fortran);
  const bool exchanged = y && kind == symmetry::hermitian && c.layout == order::row_major;
  if (rejected(name, exchanged ? with_vectors_exchanged(at) : at, exchanged ? vector_exchange(at) : position_exchange{},
               c, layout, Uplo))
    return;
  run_update<T>(c, kind, alpha, static_cast<const T*>(x), static_cast<const T*>(y), static_cast<T*>(a));
}

}  // namespace

extern "C" {

// S: a scalar argument's type (the real type by value, or const void*
// for complex), P: an array's element type (the real type, or void), AT:
// alpha's type in the rank-1 updates (the real type for ?her, ?hpr).
#define SWBLAS_CBLAS_SYMV(fname, T, S, P, kind)                                                                     \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N, const S alpha, const P* A,       \
                           const CBLAS_INT lda, const P* X, const CBLAS_INT incX, const S beta, P* Y,               \
                           const CBLAS_INT incY) {                                                                  \
    cblas_product<T>(#fname, kSymv, cblas_call(layout, Uplo, storage_kind::full, N, 0, lda, incX, incY), layout,    \
                     Uplo, symmetry::kind, scalar<T>(alpha), A, X, scalar<T>(beta), Y);                             \
  }
#define SWBLAS_CBLAS_SBMV(fname, T, S, P, kind)                                                                     \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N, const CBLAS_INT K,              \
                           const S alpha, const P* A, const CBLAS_INT lda, const P* X, const CBLAS_INT incX,        \
                           const S beta, P* Y, const CBLAS_INT incY) {                                              \
    cblas_product<T>(#fname, kSbmv, cblas_call(layout, Uplo, storage_kind::band, N, K, lda, incX, incY), layout,    \
                     Uplo, symmetry::kind, scalar<T>(alpha), A, X, scalar<T>(beta), Y);                             \
  }
#define SWBLAS_CBLAS_SPMV(fname, T, S, P, kind)                                                                     \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N, const S alpha, const P* Ap,      \
                           const P* X, const CBLAS_INT incX, const S beta, P* Y, const CBLAS_INT incY) {            \
    cblas_product<T>(#fname, kSpmv, cblas_call(layout, Uplo, storage_kind::packed, N, 0, 1, incX, incY), layout,    \
                     Uplo, symmetry::kind, scalar<T>(alpha), Ap, X, scalar<T>(beta), Y);                            \
  }
#define SWBLAS_CBLAS_SYR(fname, T, AT, P, kind)                                                                      \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N, const AT alpha, const P* X,       \
                           const CBLAS_INT incX, P* A, const CBLAS_INT lda) {                                      \
    cblas_update<T>(#fname, kSyr, cblas_call(layout, Uplo, storage_kind::full, N, 0, lda, incX, 1), layout, Uplo,   \
                    symmetry::kind, scalar<T>(alpha), X, nullptr, A);                                               \
  }
#define SWBLAS_CBLAS_SPR(fname, T, AT, P, kind)                                                                      \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N, const AT alpha, const P* X,       \
                           const CBLAS_INT incX, P* Ap) {                                                           \
    cblas_update<T>(#fname, kSpr, cblas_call(layout, Uplo, storage_kind::packed, N, 0, 1, incX, 1), layout, Uplo,   \
                    symmetry::kind, scalar<T>(alpha), X, nullptr, Ap);                                              \
  }
#define SWBLAS_CBLAS_SYR2(fname, T, S, P, kind)                                                                     \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N, const S alpha, const P* X,       \
                           const CBLAS_INT incX, const P* Y, const CBLAS_INT incY, P* A, const CBLAS_INT lda) {     \
    cblas_update<T>(#fname, kSyr2, cblas_call(layout, Uplo, storage_kind::full, N, 0, lda, incX, incY), layout,     \
                    Uplo, symmetry::kind, scalar<T>(alpha), X, Y, A);                                               \
  }
#define SWBLAS_CBLAS_SPR2(fname, T, S, P, kind)                                                                     \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N, const S alpha, const P* X,       \
                           const CBLAS_INT incX, const P* Y, const CBLAS_INT incY, P* Ap) {                         \
    cblas_update<T>(#fname, kSpr2, cblas_call(layout, Uplo, storage_kind::packed, N, 0, 1, incX, incY), layout,     \
                    Uplo, symmetry::kind, scalar<T>(alpha), X, Y, Ap);                                              \
  }

using c_float = std::complex<float>;
using c_double = std::complex<double>;
using c_scalar = const void*;

SWBLAS_CBLAS_SYMV(cblas_ssymv, float, float, float, symmetric)
SWBLAS_CBLAS_SYMV(cblas_dsymv, double, double, double, symmetric)
SWBLAS_CBLAS_SYMV(cblas_chemv, c_float, c_scalar, void, hermitian)
SWBLAS_CBLAS_SYMV(cblas_zhemv, c_double, c_scalar, void, hermitian)
SWBLAS_CBLAS_SBMV(cblas_ssbmv, float, float, float, symmetric)
SWBLAS_CBLAS_SBMV(cblas_dsbmv, double, double, double, symmetric)
SWBLAS_CBLAS_SBMV(cblas_chbmv, c_float, c_scalar, void, hermitian)
SWBLAS_CBLAS_SBMV(cblas_zhbmv, c_double, c_scalar, void, hermitian)
SWBLAS_CBLAS_SPMV(cblas_sspmv, float, float, float, symmetric)
SWBLAS_CBLAS_SPMV(cblas_dspmv, double, double, double, symmetric)
SWBLAS_CBLAS_SPMV(cblas_chpmv, c_float, c_scalar, void, hermitian)
SWBLAS_CBLAS_SPMV(cblas_zhpmv, c_double, c_scalar, void, hermitian)
SWBLAS_CBLAS_SYR(cblas_ssyr, float, float, float, symmetric)
SWBLAS_CBLAS_SYR(cblas_dsyr, double, double, double, symmetric)
SWBLAS_CBLAS_SYR(cblas_cher, c_float, float, void, hermitian)
SWBLAS_CBLAS_SYR(cblas_zher, c_double, double, void, hermitian)
SWBLAS_CBLAS_SPR(cblas_sspr, float, float, float, symmetric)
SWBLAS_CBLAS_SPR(cblas_dspr, double, double, double, symmetric)
SWBLAS_CBLAS_SPR(cblas_chpr, c_float, float, void, hermitian)
SWBLAS_CBLAS_SPR(cblas_zhpr, c_double, double, void, hermitian)
SWBLAS_CBLAS_SYR2(cblas_ssyr2, float, float, float, symmetric)
SWBLAS_CBLAS_SYR2(cblas_dsyr2, double, double, double, symmetric)
SWBLAS_CBLAS_SYR2(cblas_cher2, c_float, c_scalar, void, hermitian)
SWBLAS_CBLAS_SYR2(cblas_zher2, c_double, c_scalar, void, hermitian)
SWBLAS_CBLAS_SPR2(cblas_sspr2, float, float, float, symmetric)
SWBLAS_CBLAS_SPR2(cblas_dspr2, double, double, double, symmetric)
SWBLAS_CBLAS_SPR2(cblas_chpr2, c_float, c_scalar, void, hermitian)
SWBLAS_CBLAS_SPR2(cblas_zhpr2, c_double, c_scalar, void, hermitian)

}  // extern "C"
