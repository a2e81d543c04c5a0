// swblas_strerror: what each return code of the fused entry points means.
#include "export.h"
#include "swblas.h"

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
    case SWBLAS_ERROR_PROLOGUE_ZERO_POINT: return "prologue zero_point is not a finite number";
    default: break;
  }
  if (code > 0)
    return "illegal GEMM argument (the code is its position, as cblas_dgemm numbers it)";
  return "unknown error code";
}
