// The CBLAS entry points of gemmt (s, d, c, z): checks and parameter
// numbers as cblas_?gemm's, messages as the reference CBLAS words them.
#include <complex>

#include "cblas.h"
#include "error_report.h"
#include "export.h"
#include "gemmt_args.h"

namespace {

using namespace swblas::api;

// The options by reference: a C caller may pass any int, and copying it into
// a parameter of the enum type would load it as the enum (enum_value.h).
template <class T>
void cblas_gemmt(const char* name, const CBLAS_LAYOUT& layout, const CBLAS_UPLO& Uplo, const CBLAS_TRANSPOSE& TransA,
                 const CBLAS_TRANSPOSE& TransB, CBLAS_INT N, CBLAS_INT K, const T& alpha, const T* A, CBLAS_INT lda,
                 const T* B, CBLAS_INT ldb, const T& beta, T* C, CBLAS_INT ldc) {
  const gemmt_call caller{from_cblas<order>(layout), from_cblas<uplo>(Uplo), from_cblas<trans_op>(TransA),
                          from_cblas<trans_op>(TransB), N, K, lda, ldb, ldc};
  constexpr const gemmt_positions& at = kCblasGemmt;
  const cblas_report report(name, row_major_exchange(at), caller.layout);
  if (!caller.layout) return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (!caller.triangle) return report(at.uplo, "Illegal Uplo setting, %d\n", raw_int(Uplo));
  if (!caller.transa) return report(at.transa, "Illegal TransA setting, %d\n", raw_int(TransA));
  if (!caller.transb) return report(at.transb, "Illegal TransB setting, %d\n", raw_int(TransB));
  if (const int info = first_illegal_argument(caller, at)) return report(info);
  // The transposed problem multiplies B's storage by A's (gemmt_args.h).
  const bool row_major = *caller.layout == order::row_major;
  solve_gemmt(column_major(caller), alpha, row_major ? B : A, row_major ? A : B, beta, C);
}

template <class T>
const T& value(const void* x) {
  return *static_cast<const T*>(x);
}

}  // namespace

extern "C" {

SWBLAS_EXPORT void cblas_sgemmt(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                                CBLAS_TRANSPOSE TransB, const CBLAS_INT N, const CBLAS_INT K, const float alpha,
                                const float* A, const CBLAS_INT lda, const float* B, const CBLAS_INT ldb,
                                const float beta, float* C, const CBLAS_INT ldc) {
  cblas_gemmt("cblas_sgemmt", layout, Uplo, TransA, TransB, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
}

SWBLAS_EXPORT void cblas_dgemmt(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                                CBLAS_TRANSPOSE TransB, const CBLAS_INT N, const CBLAS_INT K, const double alpha,
                                const double* A, const CBLAS_INT lda, const double* B, const CBLAS_INT ldb,
                                const double beta, double* C, const CBLAS_INT ldc) {
  cblas_gemmt("cblas_dgemmt", layout, Uplo, TransA, TransB, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
}

// Complex: scalars and matrices by address, (re, im) pairs.
#define SWBLAS_CBLAS_COMPLEX_GEMMT(fname, R)                                                                   \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,                       \
                           CBLAS_TRANSPOSE TransB, const CBLAS_INT N, const CBLAS_INT K, const void* alpha,    \
                           const void* A, const CBLAS_INT lda, const void* B, const CBLAS_INT ldb,             \
                           const void* beta, void* C, const CBLAS_INT ldc) {                                   \
    using X = std::complex<R>;                                                                                 \
    cblas_gemmt(#fname, layout, Uplo, TransA, TransB, N, K, value<X>(alpha), static_cast<const X*>(A), lda,    \
                static_cast<const X*>(B), ldb, value<X>(beta), static_cast<X*>(C), ldc);                      \
  }

SWBLAS_CBLAS_COMPLEX_GEMMT(cblas_cgemmt, float)
SWBLAS_CBLAS_COMPLEX_GEMMT(cblas_zgemmt, double)

}  // extern "C"
