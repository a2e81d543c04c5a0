// The Fortran 77 entry points of symm (s, d, c, z) and hemm (c, z).
#include <complex>
#include <cstddef>

#include "error_report.h"
#include "export.h"
#include "symm_args.h"

namespace {

using namespace swblas::api;
using swblas::structure;

template <class T, std::size_t N>
inline void fortran_symm(const char (&name)[N], structure kind, const char* side_, const char* uplo_, const blas_int* m,
                         const blas_int* n, const void* alpha, const void* a, const blas_int* lda, const void* b,
                         const blas_int* ldb, const void* beta, void* c, const blas_int* ldc) {
  const symm_call caller{order::col_major, from_fortran<side>(*side_), from_fortran<uplo>(*uplo_), *m, *n, *lda,
                         *ldb, *ldc};
  if (const int info = first_illegal_argument(caller, kSymm)) return report_fortran(name, info);
  solve_symm(caller, kind, *static_cast<const T*>(alpha), static_cast<const T*>(a), static_cast<const T*>(b),
             *static_cast<const T*>(beta), static_cast<T*>(c));
}

}  // namespace

// Scalars and matrices by address; complex ones are (re, im) pairs.
#define SWBLAS_FORTRAN_SYMM(fname, T, kind, NAME)                                                               \
  extern "C" SWBLAS_EXPORT void fname(const char* side, const char* uplo, const blas_int* m, const blas_int* n, \
                                      const void* alpha, const void* a, const blas_int* lda, const void* b,     \
                                      const blas_int* ldb, const void* beta, void* c, const blas_int* ldc) {    \
    fortran_symm<T>(NAME, kind, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);                         \
  }

SWBLAS_FORTRAN_SYMM(ssymm_, float, structure::symmetric, "SSYMM ")
SWBLAS_FORTRAN_SYMM(dsymm_, double, structure::symmetric, "DSYMM ")
SWBLAS_FORTRAN_SYMM(csymm_, std::complex<float>, structure::symmetric, "CSYMM ")
SWBLAS_FORTRAN_SYMM(zsymm_, std::complex<double>, structure::symmetric, "ZSYMM ")
SWBLAS_FORTRAN_SYMM(chemm_, std::complex<float>, structure::hermitian, "CHEMM ")
SWBLAS_FORTRAN_SYMM(zhemm_, std::complex<double>, structure::hermitian, "ZHEMM ")
