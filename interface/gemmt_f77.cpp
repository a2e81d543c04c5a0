// The Fortran 77 entry points of gemmt (s, d, c, z), with OpenBLAS's and
// MKL's signature.
#include <complex>
#include <cstddef>

#include "error_report.h"
#include "export.h"
#include "gemmt_args.h"

namespace {

using namespace swblas::api;

template <class T, std::size_t N>
void fortran_gemmt(const char (&name)[N], const char* uplo_, const char* transa, const char* transb, const blas_int* n,
                   const blas_int* k, const void* alpha, const void* a, const blas_int* lda, const void* b,
                   const blas_int* ldb, const void* beta, void* c, const blas_int* ldc) {
  const gemmt_call caller{order::col_major,
                          from_fortran<uplo>(*uplo_),
                          from_fortran<trans_op>(*transa),
                          from_fortran<trans_op>(*transb),
                          *n,
                          *k,
                          *lda,
                          *ldb,
                          *ldc};
  if (const int info = first_illegal_argument(caller, kGemmt)) return report_fortran(name, info);
  solve_gemmt(caller, *static_cast<const T*>(alpha), static_cast<const T*>(a), static_cast<const T*>(b),
              *static_cast<const T*>(beta), static_cast<T*>(c));
}

}  // namespace

// Scalars and matrices by address; complex ones are (re, im) pairs.
#define SWBLAS_FORTRAN_GEMMT(fname, T, NAME)                                                                       \
  extern "C" SWBLAS_EXPORT void fname(const char* uplo, const char* transa, const char* transb, const blas_int* n, \
                                      const blas_int* k, const void* alpha, const void* a, const blas_int* lda,    \
                                      const void* b, const blas_int* ldb, const void* beta, void* c,               \
                                      const blas_int* ldc) {                                                       \
    fortran_gemmt<T>(NAME, uplo, transa, transb, n, k, alpha, a, lda, b, ldb, beta, c, ldc);                       \
  }

SWBLAS_FORTRAN_GEMMT(sgemmt_, float, "SGEMMT")
SWBLAS_FORTRAN_GEMMT(dgemmt_, double, "DGEMMT")
SWBLAS_FORTRAN_GEMMT(cgemmt_, std::complex<float>, "CGEMMT")
SWBLAS_FORTRAN_GEMMT(zgemmt_, std::complex<double>, "ZGEMMT")
