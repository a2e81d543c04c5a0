// The CBLAS entry points of trmm and trsm (s, d, c, z): checks and
// parameter numbers as the reference CBLAS.
#include <complex>

#include "cblas.h"
#include "error_report.h"
#include "export.h"
#include "triangular_args.h"

namespace {

using namespace swblas::api;
using swblas::triangular_problem;

// The options by reference: a C caller may pass any int, and copying it into
// a parameter of the enum type would load it as the enum (enum_value.h).
template <class T>
inline void cblas_triangular(const char* name, void (*solve)(const triangular_problem<T>&),
                             const CBLAS_LAYOUT& layout, const CBLAS_SIDE& Side, const CBLAS_UPLO& Uplo,
                             const CBLAS_TRANSPOSE& TransA, const CBLAS_DIAG& Diag, CBLAS_INT M, CBLAS_INT N,
                             const T& alpha, const T* A, CBLAS_INT lda, T* B, CBLAS_INT ldb) {
  const triangular_call caller{from_cblas<order>(layout), from_cblas<side>(Side), from_cblas<uplo>(Uplo),
                               from_cblas<trans_op>(TransA), from_cblas<diag>(Diag), M, N, lda, ldb};
  constexpr const triangular_positions& at = kCblasTriangular;
  const cblas_report report(name, row_major_exchange(at), caller.layout);
  // The reference names an illegal option's value.
  if (!caller.layout) return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (!caller.side_of_a) return report(at.side, "Illegal Side setting, %d\n", raw_int(Side));
  if (!caller.triangle) return report(at.uplo, "Illegal Uplo setting, %d\n", raw_int(Uplo));
  if (!caller.transa) return report(at.transa, "Illegal Trans setting, %d\n", raw_int(TransA));
  if (!caller.diagonal) return report(at.diag, "Illegal Diag setting, %d\n", raw_int(Diag));
  if (const int info = first_illegal_argument(caller, at)) return report(info);
  solve(triangular_problem_of(column_major(caller), alpha, A, B));
}

}  // namespace

extern "C" {

// Real: alpha by value.
#define SWBLAS_CBLAS_REAL_TRIANGULAR(fname, R, solve)                                                             \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,         \
                           CBLAS_DIAG Diag, const CBLAS_INT M, const CBLAS_INT N, const R alpha, const R* A,      \
                           const CBLAS_INT lda, R* B, const CBLAS_INT ldb) {                                      \
    cblas_triangular<R>(#fname, swblas::solve<R>, layout, Side, Uplo, TransA, Diag, M, N, alpha, A, lda, B, ldb); \
  }

// Complex: scalars and matrices by address, (re, im) pairs.
#define SWBLAS_CBLAS_COMPLEX_TRIANGULAR(fname, R, solve)                                                            \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,           \
                           CBLAS_DIAG Diag, const CBLAS_INT M, const CBLAS_INT N, const void* alpha, const void* A, \
                           const CBLAS_INT lda, void* B, const CBLAS_INT ldb) {                                     \
    using X = std::complex<R>;                                                                                      \
    cblas_triangular<X>(#fname, swblas::solve<X>, layout, Side, Uplo, TransA, Diag, M, N,                           \
                        *static_cast<const X*>(alpha), static_cast<const X*>(A), lda, static_cast<X*>(B), ldb);     \
  }

SWBLAS_CBLAS_REAL_TRIANGULAR(cblas_strmm, float, trmm)
SWBLAS_CBLAS_REAL_TRIANGULAR(cblas_dtrmm, double, trmm)
SWBLAS_CBLAS_COMPLEX_TRIANGULAR(cblas_ctrmm, float, trmm)
SWBLAS_CBLAS_COMPLEX_TRIANGULAR(cblas_ztrmm, double, trmm)
SWBLAS_CBLAS_REAL_TRIANGULAR(cblas_strsm, float, trsm)
SWBLAS_CBLAS_REAL_TRIANGULAR(cblas_dtrsm, double, trsm)
SWBLAS_CBLAS_COMPLEX_TRIANGULAR(cblas_ctrsm, float, trsm)
SWBLAS_CBLAS_COMPLEX_TRIANGULAR(cblas_ztrsm, double, trsm)

}  // extern "C"
