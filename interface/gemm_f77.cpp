// The Fortran 77 entry points of GEMM: `call dgemm(...)` from gfortran lands
// here, and so do sgemm, cgemm and zgemm, one template over the element type.
#include <complex>
#include <cstddef>

#include "blas_int.h"
#include "error_report.h"
#include "export.h"
#include "gemm_checks.h"
#include "runtime_call.h"
#include "swblas.h"
#include "tiny_call.h"

namespace {

using swblas::api::blas_int;
using swblas::api::matrix_operands_of;

// Fortran passes the lengths of TRANSA and TRANSB after LDC; the SysV
// calling convention lets the entry points leave them out, so they are never
// read and callers that omit them (C code) are equally welcome. Complex
// arguments are arrays of (re, im) pairs, which std::complex is.
template <class T, std::size_t N>
__attribute__((noinline)) void checked_fortran_gemm(const char (&name)[N], const char* transa, const char* transb,
                                                    const blas_int* m, const blas_int* n, const blas_int* k,
                                                    const T* alpha, const T* a, const blas_int* lda, const T* b,
                                                    const blas_int* ldb, const T* beta, T* c, const blas_int* ldc) {
  using namespace swblas::api;
  const gemm_call caller = fortran_call(*transa, *transb, {*m, *n, *k, *lda, *ldb, *ldc});
  if (const int info = first_illegal_argument(caller, kDgemm)) return report_fortran(name, info);
  solve(column_major(caller), *alpha, *beta, matrix_operands_of<T>{a, b, c});
}

// A tiny call (tiny_call.h) in the entry point itself, whose frame then
// holds nothing of the full checks.
template <class T, std::size_t N>
inline void fortran_gemm(const char (&name)[N], const char* transa, const char* transb, const blas_int* m,
                         const blas_int* n, const blas_int* k, const T* alpha, const T* a, const blas_int* lda,
                         const T* b, const blas_int* ldb, const T* beta, T* c, const blas_int* ldc) {
  if (swblas::api::solve_if_tiny(*transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc)) return;
  checked_fortran_gemm(name, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

template <class T>
const T* in(const void* x) {
  return static_cast<const T*>(x);
}

}  // namespace

extern "C" {

SWBLAS_EXPORT void sgemm_(const char* transa, const char* transb, const blas_int* m, const blas_int* n,
                          const blas_int* k, const float* alpha, const float* a, const blas_int* lda, const float* b,
                          const blas_int* ldb, const float* beta, float* c, const blas_int* ldc) {
  fortran_gemm("SGEMM ", transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

SWBLAS_EXPORT void dgemm_(const char* transa, const char* transb, const blas_int* m, const blas_int* n,
                          const blas_int* k, const double* alpha, const double* a, const blas_int* lda, const double* b,
                          const blas_int* ldb, const double* beta, double* c, const blas_int* ldc) {
  fortran_gemm("DGEMM ", transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

SWBLAS_EXPORT void cgemm_(const char* transa, const char* transb, const blas_int* m, const blas_int* n,
                          const blas_int* k, const void* alpha, const void* a, const blas_int* lda, const void* b,
                          const blas_int* ldb, const void* beta, void* c, const blas_int* ldc) {
  using C = std::complex<float>;
  fortran_gemm("CGEMM ", transa, transb, m, n, k, in<C>(alpha), in<C>(a), lda, in<C>(b), ldb, in<C>(beta),
               static_cast<C*>(c), ldc);
}

SWBLAS_EXPORT void zgemm_(const char* transa, const char* transb, const blas_int* m, const blas_int* n,
                          const blas_int* k, const void* alpha, const void* a, const blas_int* lda, const void* b,
                          const blas_int* ldb, const void* beta, void* c, const blas_int* ldc) {
  using Z = std::complex<double>;
  fortran_gemm("ZGEMM ", transa, transb, m, n, k, in<Z>(alpha), in<Z>(a), lda, in<Z>(b), ldb, in<Z>(beta),
               static_cast<Z*>(c), ldc);
}

// For compilers that do not append an underscore (gfortran -fno-underscoring,
// XL Fortran). Weak so that a program's own function of that name wins.
SWBLAS_EXPORT __attribute__((weak, alias("sgemm_"))) void sgemm(const char*, const char*, const blas_int*,
                                                                const blas_int*, const blas_int*, const float*,
                                                                const float*, const blas_int*, const float*,
                                                                const blas_int*, const float*, float*, const blas_int*);
SWBLAS_EXPORT __attribute__((weak, alias("dgemm_"))) void dgemm(const char*, const char*, const blas_int*,
                                                                const blas_int*, const blas_int*, const double*,
                                                                const double*, const blas_int*, const double*,
                                                                const blas_int*, const double*, double*,
                                                                const blas_int*);
SWBLAS_EXPORT __attribute__((weak, alias("cgemm_"))) void cgemm(const char*, const char*, const blas_int*,
                                                                const blas_int*, const blas_int*, const void*,
                                                                const void*, const blas_int*, const void*,
                                                                const blas_int*, const void*, void*, const blas_int*);
SWBLAS_EXPORT __attribute__((weak, alias("zgemm_"))) void zgemm(const char*, const char*, const blas_int*,
                                                                const blas_int*, const blas_int*, const void*,
                                                                const void*, const blas_int*, const void*,
                                                                const blas_int*, const void*, void*, const blas_int*);

}  // extern "C"
