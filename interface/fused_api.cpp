// swblas_dgemm_fused and its strided batch: GEMM arguments checked as
// cblas_dgemm checks them (the position returned instead of calling
// xerbla), descriptors validated, then one column-major gemm_problem with
// its prologue/epilogue for swblas::gemm_fused.
#include <cmath>

#include "dgemm_call.h"
#include "export.h"
#include "fused.h"
#include "swblas.h"

namespace {

using swblas::api::f77_dgemm_call;

char trans_char(CBLAS_TRANSPOSE t) {
  switch (t) {
    case CblasNoTrans: return 'N';
    case CblasTrans: return 'T';
    case CblasConjTrans: return 'C';
  }
  return 0;
}

bool is_no_trans(char t) { return t == 'N'; }

// The GEMM of the call, column-major: a row-major C is C^T and
// C^T := alpha * op(B)^T * op(A)^T + beta * C^T, so B plays A's part.
f77_dgemm_call column_major_call(bool row_major, char ta, char tb, int m, int n, int k,
                                 double alpha, const double* a, int lda, const double* b,
                                 int ldb, double beta, double* c, int ldc) {
  if (row_major) return {tb, ta, n, m, k, alpha, b, ldb, a, lda, beta, c, ldc};
  return {ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc};
}

// The position (cblas_dgemm numbering: layout 1, ..., ldc 14) of the first
// illegal GEMM argument, 0 if none. A row-major call is checked as its
// column-major transpose, as the reference does, but the position returned
// is the one in the caller's own argument list (M is 4, lda 9).
int gemm_argument_error(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                        int m, int n, int k, int lda, int ldb, int ldc, f77_dgemm_call* call) {
  if (layout != CblasRowMajor && layout != CblasColMajor) return 1;
  const char ta = trans_char(transa), tb = trans_char(transb);
  if (ta == 0) return 2;
  if (tb == 0) return 3;
  const bool row_major = layout == CblasRowMajor;
  *call = column_major_call(row_major, ta, tb, m, n, k, 0.0, nullptr, lda, nullptr, ldb, 0.0,
                            nullptr, ldc);
  const int info = swblas::api::first_illegal_argument(*call);
  if (info == 0) return 0;
  if (!row_major) return info + 1;
  switch (info) {  // the transposed call's M, N, lda, ldb are the caller's N, M, ldb, lda
    case 3: return 5;
    case 4: return 4;
    case 8: return 11;
    case 10: return 9;
    default: return info + 1;
  }
}

// The position in the strided signature, where stridea and strideb follow
// lda and ldb: lda stays 9, ldb becomes 12, ldc 16.
int strided_position(int info) {
  switch (info) {
    case 11: return 12;
    case 14: return 16;
    default: return info;
  }
}

int prologue_error(const swblas_prologue* pro) {
  if (!pro) return SWBLAS_SUCCESS;
  switch (pro->kind) {
    case SWBLAS_PROLOGUE_NONE: return SWBLAS_SUCCESS;
    case SWBLAS_PROLOGUE_SCALE:
    case SWBLAS_PROLOGUE_FAKE_QUANT: break;
    default: return SWBLAS_ERROR_PROLOGUE_KIND;
  }
  if (!(pro->scale > 0.0) || !std::isfinite(pro->scale)) return SWBLAS_ERROR_PROLOGUE_SCALE;
  if (pro->kind == SWBLAS_PROLOGUE_FAKE_QUANT && !(pro->qmin <= pro->qmax))
    return SWBLAS_ERROR_PROLOGUE_RANGE;
  return SWBLAS_SUCCESS;
}

int epilogue_error(const swblas_epilogue* epi) {
  if (!epi) return SWBLAS_SUCCESS;
  switch (epi->bias_kind) {
    case SWBLAS_BIAS_NONE: break;
    case SWBLAS_BIAS_PER_ROW:
    case SWBLAS_BIAS_PER_COLUMN:
      if (!epi->bias) return SWBLAS_ERROR_BIAS_MISSING;
      break;
    default: return SWBLAS_ERROR_BIAS_KIND;
  }
  const int act = static_cast<int>(epi->activation);
  if (act < 0 || act >= swblas::kEpilogueOpCount) return SWBLAS_ERROR_ACTIVATION;
  if (epi->activation == SWBLAS_ACT_CLAMP && !(epi->lo <= epi->hi))
    return SWBLAS_ERROR_CLAMP_RANGE;
  return SWBLAS_SUCCESS;
}

swblas::prologue_args prologue_of(const swblas_prologue& pro, bool row_major) {
  swblas::prologue_args a;
  a.op = static_cast<swblas::prologue_op>(pro.kind);
  a.scale = pro.scale;
  a.zero_point = pro.zero_point;
  a.qmin = pro.qmin;
  a.qmax = pro.qmax;
  a.operand = row_major ? swblas::prologue_operand::b : swblas::prologue_operand::a;
  return a;
}

// The bias broadcast strides in the column-major C the call becomes: a
// per-row bias runs down C's rows, which are columns of C^T when row-major.
swblas::epilogue_args epilogue_of(const swblas_epilogue& epi, bool row_major) {
  swblas::epilogue_args a;
  a.op = static_cast<swblas::epilogue_op>(epi.activation);
  a.slope = epi.alpha;
  a.lo = epi.lo;
  a.hi = epi.hi;
  if (epi.bias_kind == SWBLAS_BIAS_NONE) return a;
  a.bias = epi.bias;
  const bool down_rows = (epi.bias_kind == SWBLAS_BIAS_PER_ROW) != row_major;
  a.rs_bias = down_rows ? 1 : 0;
  a.cs_bias = down_rows ? 0 : 1;
  return a;
}

// The normalised problem of a checked call (a, b, c filled in by the caller).
swblas::gemm_problem problem_of(const f77_dgemm_call& call, double alpha, double beta) {
  swblas::gemm_problem p;
  p.m = call.m;
  p.n = call.n;
  p.k = call.k;
  p.alpha = alpha;
  p.beta = beta;
  p.rs_a = is_no_trans(call.transa) ? 1 : call.lda;
  p.cs_a = is_no_trans(call.transa) ? call.lda : 1;
  p.rs_b = is_no_trans(call.transb) ? 1 : call.ldb;
  p.cs_b = is_no_trans(call.transb) ? call.ldb : 1;
  p.ldc = call.ldc;
  return p;
}

int descriptor_error(const swblas_prologue* pro, const swblas_epilogue* epi) {
  if (const int e = prologue_error(pro)) return e;
  return epilogue_error(epi);
}

}  // namespace

extern "C" SWBLAS_EXPORT const char* swblas_strerror(int code) {
  switch (code) {
    case SWBLAS_SUCCESS: return "success";
    case SWBLAS_ERROR_PROLOGUE_KIND: return "unknown prologue kind";
    case SWBLAS_ERROR_PROLOGUE_SCALE: return "prologue scale is not a finite positive number";
    case SWBLAS_ERROR_PROLOGUE_RANGE: return "prologue qmin is greater than qmax";
    case SWBLAS_ERROR_BIAS_KIND: return "unknown bias kind";
    case SWBLAS_ERROR_BIAS_MISSING: return "bias kind set but bias pointer is NULL";
    case SWBLAS_ERROR_ACTIVATION: return "unknown activation";
    case SWBLAS_ERROR_CLAMP_RANGE: return "clamp lower bound is greater than upper bound";
    default: break;
  }
  return code > 0 ? "illegal GEMM argument (the code is its position)" : "unknown error code";
}

extern "C" SWBLAS_EXPORT int swblas_dgemm_fused(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m, int n, int k,
    double alpha, const double* a, int lda, const double* b, int ldb, double beta, double* c,
    int ldc, const swblas_prologue* pro, const swblas_epilogue* epi) {
  f77_dgemm_call call{};
  if (const int info = gemm_argument_error(layout, transa, transb, m, n, k, lda, ldb, ldc, &call))
    return info;
  if (const int e = descriptor_error(pro, epi)) return e;
  const bool row_major = layout == CblasRowMajor;
  swblas::gemm_problem p = problem_of(call, alpha, beta);
  p.a = row_major ? b : a;
  p.b = row_major ? a : b;
  p.c = c;
  const swblas::prologue_args pa = pro ? prologue_of(*pro, row_major) : swblas::prologue_args{};
  const swblas::epilogue_args ea = epi ? epilogue_of(*epi, row_major) : swblas::epilogue_args{};
  p.pro = &pa;
  p.epi = &ea;
  swblas::gemm_fused(p);
  return SWBLAS_SUCCESS;
}

extern "C" SWBLAS_EXPORT int swblas_dgemm_fused_batch_strided(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m, int n, int k,
    double alpha, const double* a, int lda, int stridea, const double* b, int ldb, int strideb,
    double beta, double* c, int ldc, int stridec, int batch_size, const swblas_prologue* pro,
    const swblas_epilogue* epi) {
  f77_dgemm_call call{};
  if (const int info = gemm_argument_error(layout, transa, transb, m, n, k, lda, ldb, ldc, &call))
    return strided_position(info);
  if (batch_size < 0) return 18;
  if (const int e = descriptor_error(pro, epi)) return e;
  const bool row_major = layout == CblasRowMajor;
  swblas::gemm_batch_problem batch;
  batch.shape = problem_of(call, alpha, beta);
  batch.shape.a = row_major ? b : a;
  batch.shape.b = row_major ? a : b;
  batch.shape.c = c;
  batch.stride_a = row_major ? strideb : stridea;
  batch.stride_b = row_major ? stridea : strideb;
  batch.stride_c = stridec;
  batch.count = batch_size;
  const swblas::prologue_args pa = pro ? prologue_of(*pro, row_major) : swblas::prologue_args{};
  const swblas::epilogue_args ea = epi ? epilogue_of(*epi, row_major) : swblas::epilogue_args{};
  batch.shape.pro = &pa;
  batch.shape.epi = &ea;
  swblas::gemm_fused_batch(batch);
  return SWBLAS_SUCCESS;
}
