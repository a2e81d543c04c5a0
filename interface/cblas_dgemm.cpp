// The CBLAS entry point: argument checks and parameter numbers as the
// reference CBLAS, then the same path as dgemm_.
#include "cblas.h"
#include "error_report.h"
#include "export.h"
#include "gemm_checks.h"
#include "runtime_call.h"

extern "C" SWBLAS_EXPORT void cblas_dgemm(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB,
    const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K,
    const double alpha, const double* A, const CBLAS_INT lda, const double* B,
    const CBLAS_INT ldb, const double beta, double* C, const CBLAS_INT ldc) {
  using namespace swblas::api;
  const gemm_call caller = cblas_call(layout, TransA, TransB, {M, N, K, lda, ldb, ldc});
  const gemm_options& o = caller.options;
  constexpr const gemm_positions& at = kCblasDgemm;
  const cblas_gemm_report report("cblas_dgemm", at, o.layout);
  // The reference names an illegal option's value.
  if (!o.layout) return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (!o.transa) return report(at.transa, "Illegal TransA setting, %d\n", raw_int(TransA));
  if (!o.transb) return report(at.transb, "Illegal TransB setting, %d\n", raw_int(TransB));
  if (const int info = first_illegal_argument(caller, at)) return report(info);
  solve(column_major(caller), alpha, beta, column_major(*o.layout, matrix_operands{A, B, C}));
}
