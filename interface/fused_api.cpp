// swblas_dgemm_fused, swblas_sgemm_fused and their strided batches: GEMM arguments checked and
// numbered as cblas_dgemm's (the position returned instead of calling
// cblas_xerbla), then the descriptors, then one column-major problem with
// its prologue and epilogue for swblas::gemm_fused(_batch).
#include "export.h"
#include "fused.h"
#include "fused_descriptors.h"
#include "gemm_checks.h"
#include "runtime_call.h"
#include "swblas.h"

namespace {

using namespace swblas::api;

// Both descriptors of a call, or the first code that rejects one.
struct fused_ops {
  int error;
  swblas::prologue_args pro;
  swblas::epilogue_args epi;
};

fused_ops fused_ops_of(const swblas_prologue* pro, const swblas_epilogue* epi, order o) {
  const checked_descriptor<swblas::prologue_args> p = prologue_of(pro, o);
  if (p.error) return {p.error, {}, {}};
  const checked_descriptor<swblas::epilogue_args> e = epilogue_of(epi, o);
  return {e.error, p.args, e.args};
}

// Checks the call, then its descriptors; when all are legal, runs
// solve(g, x, ops) on the column-major call g and its operands x.
template <class T, class Solve>
int check_and_solve(const gemm_call& caller, const gemm_positions& at,
                    const swblas_prologue* pro, const swblas_epilogue* epi,
                    const matrix_operands_of<T>& x, const Solve& solve) {
  if (const int info = first_illegal_argument(caller, at)) return info;
  const order o = *caller.options.layout;
  const fused_ops ops = fused_ops_of(pro, epi, o);
  if (ops.error) return ops.error;
  solve(column_major(caller), column_major(o, x), ops);
  return SWBLAS_SUCCESS;
}

// One fused GEMM of element type T (double or float).
template <class T>
int fused_gemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m, int n, int k,
               T alpha, const T* a, int lda, const T* b, int ldb, T beta, T* c, int ldc,
               const swblas_prologue* pro, const swblas_epilogue* epi) {
  const gemm_call caller = cblas_call(layout, transa, transb, {m, n, k, lda, ldb, ldc});
  return check_and_solve(caller, kCblasDgemm, pro, epi, matrix_operands_of<T>{a, b, c},
                         [&](const gemm_args& g, const matrix_operands_of<T>& x, const fused_ops& ops) {
                           swblas::basic_gemm_problem<T> p = problem_of(g, alpha, beta, x);
                           p.pro = &ops.pro;
                           p.epi = &ops.epi;
                           swblas::gemm_fused(p);
                         });
}

// A strided batch of fused GEMMs of element type T.
template <class T>
int fused_gemm_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m,
                             int n, int k, T alpha, const T* a, int lda, int stridea, const T* b, int ldb,
                             int strideb, T beta, T* c, int ldc, int stridec, int batch_size,
                             const swblas_prologue* pro, const swblas_epilogue* epi) {
  const gemm_call caller = cblas_call(
      layout, transa, transb, {m, n, k, lda, ldb, ldc, stridea, strideb, stridec, batch_size});
  return check_and_solve(caller, kCblasDgemmBatchStrided, pro, epi, matrix_operands_of<T>{a, b, c},
                         [&](const gemm_args& g, const matrix_operands_of<T>& x, const fused_ops& ops) {
                           swblas::basic_gemm_batch_problem<T> batch = strided_batch_of(g, alpha, beta, x);
                           batch.shape.pro = &ops.pro;
                           batch.shape.epi = &ops.epi;
                           swblas::gemm_fused_batch(batch);
                         });
}

}  // namespace

extern "C" SWBLAS_EXPORT int swblas_dgemm_fused(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m, int n, int k,
    double alpha, const double* a, int lda, const double* b, int ldb, double beta, double* c,
    int ldc, const swblas_prologue* pro, const swblas_epilogue* epi) {
  return fused_gemm(layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, pro, epi);
}

extern "C" SWBLAS_EXPORT int swblas_sgemm_fused(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m, int n, int k,
    float alpha, const float* a, int lda, const float* b, int ldb, float beta, float* c,
    int ldc, const swblas_prologue* pro, const swblas_epilogue* epi) {
  return fused_gemm(layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, pro, epi);
}

extern "C" SWBLAS_EXPORT int swblas_dgemm_fused_batch_strided(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m, int n, int k,
    double alpha, const double* a, int lda, int stridea, const double* b, int ldb, int strideb,
    double beta, double* c, int ldc, int stridec, int batch_size, const swblas_prologue* pro,
    const swblas_epilogue* epi) {
  return fused_gemm_batch_strided(layout, transa, transb, m, n, k, alpha, a, lda, stridea, b, ldb,
                                  strideb, beta, c, ldc, stridec, batch_size, pro, epi);
}

extern "C" SWBLAS_EXPORT int swblas_sgemm_fused_batch_strided(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m, int n, int k,
    float alpha, const float* a, int lda, int stridea, const float* b, int ldb, int strideb,
    float beta, float* c, int ldc, int stridec, int batch_size, const swblas_prologue* pro,
    const swblas_epilogue* epi) {
  return fused_gemm_batch_strided(layout, transa, transb, m, n, k, alpha, a, lda, stridea, b, ldb,
                                  strideb, beta, c, ldc, stridec, batch_size, pro, epi);
}
