// The CBLAS entry point: argument checks and parameter numbers as the
// reference CBLAS, then the same path as dgemm_.
#include "cblas.h"
#include "cblas_error_layout.h"
#include "dgemm_call.h"
#include "export.h"

namespace {

using swblas::api::f77_dgemm_call;

// The Fortran TRANS character for a CBLAS transpose, or 0 if it is illegal.
char trans_char(CBLAS_TRANSPOSE t) {
  switch (t) {
    case CblasNoTrans: return 'N';
    case CblasTrans: return 'T';
    case CblasConjTrans: return 'C';
  }
  return 0;
}

// Reports through cblas_xerbla, which a program may have replaced (it is
// reached through the PLT).
template <typename... Value>
void report(int info, bool row_major, const char* form, Value... value) {
  swblas::api::row_major_report_scope scope(row_major);
  cblas_xerbla(info, "cblas_dgemm", form, value...);
}

// Row-major C (M x N) is column-major C^T (N x M), and
// C^T := alpha * op(B)^T * op(A)^T + beta * C^T, so B plays A's part.
f77_dgemm_call column_major_call(bool row_major, char ta, char tb, int m,
                                 int n, int k, double alpha, const double* a,
                                 int lda, const double* b, int ldb,
                                 double beta, double* c, int ldc) {
  if (row_major) return {tb, ta, n, m, k, alpha, b, ldb, a, lda, beta, c, ldc};
  return {ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc};
}

}  // namespace

extern "C" SWBLAS_EXPORT void cblas_dgemm(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB,
    const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K,
    const double alpha, const double* A, const CBLAS_INT lda, const double* B,
    const CBLAS_INT ldb, const double beta, double* C, const CBLAS_INT ldc) {
  if (layout != CblasRowMajor && layout != CblasColMajor) {
    report(1, false, "Illegal layout setting, %d\n", static_cast<int>(layout));
    return;
  }
  const bool row_major = layout == CblasRowMajor;
  const char ta = trans_char(TransA);
  if (ta == 0) {
    report(2, row_major, "Illegal TransA setting, %d\n", static_cast<int>(TransA));
    return;
  }
  const char tb = trans_char(TransB);
  if (tb == 0) {
    report(3, row_major, "Illegal TransB setting, %d\n", static_cast<int>(TransB));
    return;
  }
  const f77_dgemm_call call = column_major_call(
      row_major, ta, tb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
  if (const int info = swblas::api::first_illegal_argument(call)) {
    // CBLAS counts the layout argument too; for a row-major call these are
    // the positions in the transposed call (see cblas_error_layout.h).
    report(info + 1, row_major, "");
    return;
  }
  swblas::api::execute(call);
}
