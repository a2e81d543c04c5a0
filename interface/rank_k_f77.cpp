// The Fortran 77 entry points of syrk and syr2k (s, d, c, z), herk and
// her2k (c, z).
#include <complex>
#include <cstddef>

#include "error_report.h"
#include "export.h"
#include "rank_k_args.h"

namespace {

using namespace swblas::api;
using C = std::complex<float>;
using Z = std::complex<double>;

template <class T>
const T& value(const void* x) {
  return *static_cast<const T*>(x);
}

// S is the type of alpha and beta (real for herk), T the elements'.
template <class T, class S, std::size_t N>
void fortran_rank_k(const char (&name)[N], rank_k_kind kind, const char* uplo_, const char* trans_, const blas_int* n,
                    const blas_int* k, const void* alpha, const void* a, const blas_int* lda, const void* beta, void* c,
                    const blas_int* ldc) {
  const rank_k_call caller{order::col_major, from_fortran<uplo>(*uplo_),
                           fortran_trans(kind, from_fortran<trans_op>(*trans_)), *n, *k, *lda, 0, *ldc};
  if (const int info = first_illegal_argument(caller, kSyrk)) return report_fortran(name, info);
  solve_rank_k(caller, kind, T(value<S>(alpha)), static_cast<const T*>(a), T(value<S>(beta)), static_cast<T*>(c));
}

// S is the type of beta (real for her2k).
template <class T, class S, std::size_t N>
void fortran_rank_2k(const char (&name)[N], rank_k_kind kind, const char* uplo_, const char* trans_, const blas_int* n,
                     const blas_int* k, const void* alpha, const void* a, const blas_int* lda, const void* b,
                     const blas_int* ldb, const void* beta, void* c, const blas_int* ldc) {
  const rank_k_call caller{order::col_major, from_fortran<uplo>(*uplo_),
                           fortran_trans(kind, from_fortran<trans_op>(*trans_)), *n, *k, *lda, *ldb, *ldc};
  if (const int info = first_illegal_argument(caller, kSyr2k)) return report_fortran(name, info);
  solve_rank_2k(caller, kind, value<T>(alpha), static_cast<const T*>(a), static_cast<const T*>(b),
                T(value<S>(beta)), static_cast<T*>(c));
}

}  // namespace

// Scalars and matrices by address; complex ones are (re, im) pairs.
#define SWBLAS_FORTRAN_RANK_K(fname, T, S, kind, NAME)                                                           \
  extern "C" SWBLAS_EXPORT void fname(const char* uplo, const char* trans, const blas_int* n, const blas_int* k, \
                                      const void* alpha, const void* a, const blas_int* lda, const void* beta,   \
                                      void* c, const blas_int* ldc) {                                            \
    fortran_rank_k<T, S>(NAME, kind, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);                            \
  }
#define SWBLAS_FORTRAN_RANK_2K(fname, T, S, kind, NAME)                                                          \
  extern "C" SWBLAS_EXPORT void fname(const char* uplo, const char* trans, const blas_int* n, const blas_int* k, \
                                      const void* alpha, const void* a, const blas_int* lda, const void* b,      \
                                      const blas_int* ldb, const void* beta, void* c, const blas_int* ldc) {     \
    fortran_rank_2k<T, S>(NAME, kind, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);                   \
  }

SWBLAS_FORTRAN_RANK_K(ssyrk_, float, float, rank_k_kind::real_symmetric, "SSYRK ")
SWBLAS_FORTRAN_RANK_K(dsyrk_, double, double, rank_k_kind::real_symmetric, "DSYRK ")
SWBLAS_FORTRAN_RANK_K(csyrk_, C, C, rank_k_kind::complex_symmetric, "CSYRK ")
SWBLAS_FORTRAN_RANK_K(zsyrk_, Z, Z, rank_k_kind::complex_symmetric, "ZSYRK ")
SWBLAS_FORTRAN_RANK_K(cherk_, C, float, rank_k_kind::hermitian, "CHERK ")
SWBLAS_FORTRAN_RANK_K(zherk_, Z, double, rank_k_kind::hermitian, "ZHERK ")
SWBLAS_FORTRAN_RANK_2K(ssyr2k_, float, float, rank_k_kind::real_symmetric, "SSYR2K")
SWBLAS_FORTRAN_RANK_2K(dsyr2k_, double, double, rank_k_kind::real_symmetric, "DSYR2K")
SWBLAS_FORTRAN_RANK_2K(csyr2k_, C, C, rank_k_kind::complex_symmetric, "CSYR2K")
SWBLAS_FORTRAN_RANK_2K(zsyr2k_, Z, Z, rank_k_kind::complex_symmetric, "ZSYR2K")
SWBLAS_FORTRAN_RANK_2K(cher2k_, C, float, rank_k_kind::hermitian, "CHER2K")
SWBLAS_FORTRAN_RANK_2K(zher2k_, Z, double, rank_k_kind::hermitian, "ZHER2K")
