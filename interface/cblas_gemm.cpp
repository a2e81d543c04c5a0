// The CBLAS entry points of GEMM (s, d, c, z): argument checks and parameter
// numbers as the reference CBLAS, then the same path as the Fortran ones.
#include <complex>

#include "cblas.h"
#include "error_report.h"
#include "export.h"
#include "gemm_checks.h"
#include "runtime_call.h"

namespace {

using swblas::api::matrix_operands_of;

// The options by reference: a C caller may pass any int, and copying it into
// a parameter of the enum type would load it as the enum (enum_value.h).
template <class T>
inline void cblas_gemm(const char* name, const CBLAS_LAYOUT& layout, const CBLAS_TRANSPOSE& TransA,
                       const CBLAS_TRANSPOSE& TransB, CBLAS_INT M, CBLAS_INT N, CBLAS_INT K, T alpha, const T* A,
                       CBLAS_INT lda, const T* B, CBLAS_INT ldb, T beta, T* C, CBLAS_INT ldc) {
  using namespace swblas::api;
  const gemm_call caller = cblas_call(layout, TransA, TransB, {M, N, K, lda, ldb, ldc});
  const gemm_options& o = caller.options;
  constexpr const gemm_positions& at = kCblasDgemm;
  const cblas_report report(name, at, o.layout);
  // The reference names an illegal option's value.
  if (!o.layout) return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (!o.transa) return report(at.transa, "Illegal TransA setting, %d\n", raw_int(TransA));
  if (!o.transb) return report(at.transb, "Illegal TransB setting, %d\n", raw_int(TransB));
  if (const int info = first_illegal_argument(caller, at)) return report(info);
  solve(column_major(caller), alpha, beta, column_major(*o.layout, matrix_operands_of<T>{A, B, C}));
}

// CBLAS passes complex scalars and matrices as void pointers.
template <class T>
const T* in(const void* x) {
  return static_cast<const T*>(x);
}

}  // namespace

extern "C" {

SWBLAS_EXPORT void cblas_sgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB,
                               const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K, const float alpha,
                               const float* A, const CBLAS_INT lda, const float* B, const CBLAS_INT ldb,
                               const float beta, float* C, const CBLAS_INT ldc) {
  cblas_gemm("cblas_sgemm", layout, TransA, TransB, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
}

SWBLAS_EXPORT void cblas_dgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB,
                               const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K, const double alpha,
                               const double* A, const CBLAS_INT lda, const double* B, const CBLAS_INT ldb,
                               const double beta, double* C, const CBLAS_INT ldc) {
  cblas_gemm("cblas_dgemm", layout, TransA, TransB, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
}

SWBLAS_EXPORT void cblas_cgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB,
                               const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K, const void* alpha,
                               const void* A, const CBLAS_INT lda, const void* B, const CBLAS_INT ldb,
                               const void* beta, void* C, const CBLAS_INT ldc) {
  using X = std::complex<float>;
  cblas_gemm("cblas_cgemm", layout, TransA, TransB, M, N, K, *in<X>(alpha), in<X>(A), lda, in<X>(B), ldb,
             *in<X>(beta), static_cast<X*>(C), ldc);
}

SWBLAS_EXPORT void cblas_zgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB,
                               const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K, const void* alpha,
                               const void* A, const CBLAS_INT lda, const void* B, const CBLAS_INT ldb,
                               const void* beta, void* C, const CBLAS_INT ldc) {
  using X = std::complex<double>;
  cblas_gemm("cblas_zgemm", layout, TransA, TransB, M, N, K, *in<X>(alpha), in<X>(A), lda, in<X>(B), ldb,
             *in<X>(beta), static_cast<X*>(C), ldc);
}

}  // extern "C"
