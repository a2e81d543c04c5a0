// The Fortran 77 entry points of trmm and trsm (s, d, c, z).
#include <complex>
#include <cstddef>

#include "error_report.h"
#include "export.h"
#include "triangular_args.h"

namespace {

using namespace swblas::api;
using swblas::triangular_problem;

template <class T, std::size_t N>
inline void fortran_triangular(const char (&name)[N], void (*solve)(const triangular_problem<T>&), const char* side_,
                               const char* uplo_, const char* transa, const char* diag_, const blas_int* m,
                               const blas_int* n, const void* alpha, const void* a, const blas_int* lda, void* b,
                               const blas_int* ldb) {
  const triangular_call caller{order::col_major,           from_fortran<side>(*side_),   from_fortran<uplo>(*uplo_),
                               from_fortran<trans_op>(*transa), from_fortran<diag>(*diag_), *m, *n, *lda, *ldb};
  if (const int info = first_illegal_argument(caller, kTriangular)) return report_fortran(name, info);
  solve(triangular_problem_of(caller, *static_cast<const T*>(alpha), static_cast<const T*>(a), static_cast<T*>(b)));
}

}  // namespace

extern "C" {

// Scalars and matrices by address (P: the real element type, or void for
// complex (re, im) pairs), as swblas.h declares them.
#define SWBLAS_FORTRAN_TRIANGULAR(fname, T, P, solve, NAME)                                                       \
  SWBLAS_EXPORT void fname(const char* side, const char* uplo, const char* transa, const char* diag,              \
                           const blas_int* m, const blas_int* n, const P* alpha, const P* a, const blas_int* lda, \
                           P* b, const blas_int* ldb) {                                                           \
    fortran_triangular<T>(NAME, swblas::solve<T>, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);         \
  }

SWBLAS_FORTRAN_TRIANGULAR(strmm_, float, float, trmm, "STRMM ")
SWBLAS_FORTRAN_TRIANGULAR(dtrmm_, double, double, trmm, "DTRMM ")
SWBLAS_FORTRAN_TRIANGULAR(ctrmm_, std::complex<float>, void, trmm, "CTRMM ")
SWBLAS_FORTRAN_TRIANGULAR(ztrmm_, std::complex<double>, void, trmm, "ZTRMM ")
SWBLAS_FORTRAN_TRIANGULAR(strsm_, float, float, trsm, "STRSM ")
SWBLAS_FORTRAN_TRIANGULAR(dtrsm_, double, double, trsm, "DTRSM ")
SWBLAS_FORTRAN_TRIANGULAR(ctrsm_, std::complex<float>, void, trsm, "CTRSM ")
SWBLAS_FORTRAN_TRIANGULAR(ztrsm_, std::complex<double>, void, trsm, "ZTRSM ")

}  // extern "C"
