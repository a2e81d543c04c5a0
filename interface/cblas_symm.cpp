// The CBLAS entry points of symm (s, d, c, z) and hemm (c, z): checks and
// parameter numbers as the reference CBLAS.
#include <complex>

#include "cblas.h"
#include "error_report.h"
#include "export.h"
#include "symm_args.h"

namespace {

using namespace swblas::api;
using swblas::structure;

// The options by reference: a C caller may pass any int, and copying it into
// a parameter of the enum type would load it as the enum (enum_value.h).
template <class T>
inline void cblas_symm(const char* name, structure kind, const CBLAS_LAYOUT& layout, const CBLAS_SIDE& Side,
                       const CBLAS_UPLO& Uplo, CBLAS_INT M, CBLAS_INT N, const T& alpha, const T* A, CBLAS_INT lda,
                       const T* B, CBLAS_INT ldb, const T& beta, T* C, CBLAS_INT ldc) {
  const symm_call caller{from_cblas<order>(layout), from_cblas<side>(Side), from_cblas<uplo>(Uplo), M, N, lda, ldb,
                         ldc};
  constexpr const symm_positions& at = kCblasSymm;
  const cblas_report report(name, row_major_exchange(at), caller.layout);
  // The reference names an illegal option's value.
  if (!caller.layout) return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (!caller.side_of_a) return report(at.side, "Illegal Side setting, %d\n", raw_int(Side));
  if (!caller.triangle) return report(at.uplo, "Illegal Uplo setting, %d\n", raw_int(Uplo));
  if (const int info = first_illegal_argument(caller, at)) return report(info);
  solve_symm(column_major(caller), kind, alpha, A, B, beta, C);
}

template <class T>
const T& value(const void* x) {
  return *static_cast<const T*>(x);
}

}  // namespace

extern "C" {

SWBLAS_EXPORT void cblas_ssymm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo, const CBLAS_INT M,
                               const CBLAS_INT N, const float alpha, const float* A, const CBLAS_INT lda,
                               const float* B, const CBLAS_INT ldb, const float beta, float* C, const CBLAS_INT ldc) {
  cblas_symm("cblas_ssymm", structure::symmetric, layout, Side, Uplo, M, N, alpha, A, lda, B, ldb, beta, C, ldc);
}

SWBLAS_EXPORT void cblas_dsymm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo, const CBLAS_INT M,
                               const CBLAS_INT N, const double alpha, const double* A, const CBLAS_INT lda,
                               const double* B, const CBLAS_INT ldb, const double beta, double* C,
                               const CBLAS_INT ldc) {
  cblas_symm("cblas_dsymm", structure::symmetric, layout, Side, Uplo, M, N, alpha, A, lda, B, ldb, beta, C, ldc);
}

// Complex: scalars and matrices by address, (re, im) pairs.
#define SWBLAS_CBLAS_COMPLEX_SYMM(fname, R, kind)                                                              \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo, const CBLAS_INT M,           \
                           const CBLAS_INT N, const void* alpha, const void* A, const CBLAS_INT lda, const void* B,  \
                           const CBLAS_INT ldb, const void* beta, void* C, const CBLAS_INT ldc) {                  \
    using X = std::complex<R>;                                                                                 \
    cblas_symm(#fname, kind, layout, Side, Uplo, M, N, value<X>(alpha), static_cast<const X*>(A), lda,         \
               static_cast<const X*>(B), ldb, value<X>(beta), static_cast<X*>(C), ldc);                       \
  }

SWBLAS_CBLAS_COMPLEX_SYMM(cblas_csymm, float, structure::symmetric)
SWBLAS_CBLAS_COMPLEX_SYMM(cblas_zsymm, double, structure::symmetric)
SWBLAS_CBLAS_COMPLEX_SYMM(cblas_chemm, float, structure::hermitian)
SWBLAS_CBLAS_COMPLEX_SYMM(cblas_zhemm, double, structure::hermitian)

}  // extern "C"
