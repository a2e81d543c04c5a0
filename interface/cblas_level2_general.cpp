// The CBLAS entry points of gemv, gbmv (s, d, c, z), ger (s, d), geru and
// gerc (c, z): checks and parameter numbers as the reference CBLAS.
#include <complex>

#include "cblas.h"
#include "error_report.h"
#include "export.h"
#include "level2_general_args.h"

namespace {

using namespace swblas::api;

// gemv (at = kCblasGemv, kl and ku absent) and gbmv (kCblasGbmv). The
// options by reference: a C caller may pass any int, and copying it into a
// parameter of the enum type would load it as the enum (enum_value.h).
template <class T>
void cblas_matrix_vector(const char* name, const matrix_vector_positions& at, const CBLAS_LAYOUT& layout,
                         const CBLAS_TRANSPOSE& TransA, CBLAS_INT M, CBLAS_INT N, CBLAS_INT KL, CBLAS_INT KU,
                         const T& alpha, const T* A, CBLAS_INT lda, const T* X, CBLAS_INT incX, const T& beta,
                         T* Y, CBLAS_INT incY) {
  const matrix_vector_call caller{from_cblas<order>(layout), from_cblas<trans_op>(TransA), M, N, KL, KU, lda, incX,
                                  incY};
  const cblas_report report(name, row_major_exchange(at), caller.layout);
  // The reference names an illegal option's value.
  if (!caller.layout) return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (!caller.trans) return report(at.trans, "Illegal TransA setting, %d\n", raw_int(TransA));
  if (const int info = first_illegal_argument(caller, at)) return report(info);
  solve_matrix_vector(caller, at, problem_of(caller, alpha, A, X, beta, Y));
}

template <class T>
void cblas_rank_one(const char* name, bool conjugated, const CBLAS_LAYOUT& layout, CBLAS_INT M, CBLAS_INT N,
                    const T& alpha, const T* X, CBLAS_INT incX, const T* Y, CBLAS_INT incY, T* A, CBLAS_INT lda) {
  const rank_one_call caller{from_cblas<order>(layout), M, N, incX, incY, lda};
  constexpr const rank_one_positions& at = kCblasGer;
  const cblas_report report(name, row_major_exchange(at), caller.layout);
  if (!caller.layout) return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (const int info = first_illegal_argument(caller, at)) return report(info);
  swblas::level2::ger(problem_of(caller, conjugated, alpha, X, Y, A));
}

template <class T>
const T& value(const void* x) {
  return *static_cast<const T*>(x);
}

}  // namespace

extern "C" {

// Real: scalars by value. Complex (X = std::complex<R>): scalars and arrays
// by address, (re, im) pairs.
#define SWBLAS_CBLAS_REAL_GEMV(fname, R)                                                                        \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,   \
                           const R alpha, const R* A, const CBLAS_INT lda, const R* X, const CBLAS_INT incX,    \
                           const R beta, R* Y, const CBLAS_INT incY) {                                          \
    cblas_matrix_vector<R>(#fname, kCblasGemv, layout, TransA, M, N, 0, 0, alpha, A, lda, X, incX, beta, Y, incY); \
  }
#define SWBLAS_CBLAS_COMPLEX_GEMV(fname, R)                                                                       \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,     \
                           const void* alpha, const void* A, const CBLAS_INT lda, const void* X,                  \
                           const CBLAS_INT incX, const void* beta, void* Y, const CBLAS_INT incY) {               \
    using X_ = std::complex<R>;                                                                                   \
    cblas_matrix_vector<X_>(#fname, kCblasGemv, layout, TransA, M, N, 0, 0, value<X_>(alpha),                     \
                            static_cast<const X_*>(A), lda, static_cast<const X_*>(X), incX, value<X_>(beta),     \
                            static_cast<X_*>(Y), incY);                                                           \
  }
#define SWBLAS_CBLAS_REAL_GBMV(fname, R)                                                                         \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,    \
                           const CBLAS_INT KL, const CBLAS_INT KU, const R alpha, const R* A, const CBLAS_INT lda, \
                           const R* X, const CBLAS_INT incX, const R beta, R* Y, const CBLAS_INT incY) {        \
    cblas_matrix_vector<R>(#fname, kCblasGbmv, layout, TransA, M, N, KL, KU, alpha, A, lda, X, incX, beta, Y,   \
                           incY);                                                                                \
  }
#define SWBLAS_CBLAS_COMPLEX_GBMV(fname, R)                                                                       \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,     \
                           const CBLAS_INT KL, const CBLAS_INT KU, const void* alpha, const void* A,              \
                           const CBLAS_INT lda, const void* X, const CBLAS_INT incX, const void* beta, void* Y,   \
                           const CBLAS_INT incY) {                                                                \
    using X_ = std::complex<R>;                                                                                   \
    cblas_matrix_vector<X_>(#fname, kCblasGbmv, layout, TransA, M, N, KL, KU, value<X_>(alpha),                   \
                            static_cast<const X_*>(A), lda, static_cast<const X_*>(X), incX, value<X_>(beta),     \
                            static_cast<X_*>(Y), incY);                                                           \
  }
#define SWBLAS_CBLAS_REAL_GER(fname, R)                                                                           \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, const CBLAS_INT M, const CBLAS_INT N, const R alpha, const R* X, \
                           const CBLAS_INT incX, const R* Y, const CBLAS_INT incY, R* A, const CBLAS_INT lda) {  \
    cblas_rank_one<R>(#fname, false, layout, M, N, alpha, X, incX, Y, incY, A, lda);                              \
  }
#define SWBLAS_CBLAS_COMPLEX_GER(fname, R, conjugated)                                                         \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, const CBLAS_INT M, const CBLAS_INT N, const void* alpha,      \
                           const void* X, const CBLAS_INT incX, const void* Y, const CBLAS_INT incY, void* A, \
                           const CBLAS_INT lda) {                                                              \
    using X_ = std::complex<R>;                                                                                \
    cblas_rank_one<X_>(#fname, conjugated, layout, M, N, value<X_>(alpha), static_cast<const X_*>(X), incX,   \
                       static_cast<const X_*>(Y), incY, static_cast<X_*>(A), lda);                             \
  }

SWBLAS_CBLAS_REAL_GEMV(cblas_sgemv, float)
SWBLAS_CBLAS_REAL_GEMV(cblas_dgemv, double)
SWBLAS_CBLAS_COMPLEX_GEMV(cblas_cgemv, float)
SWBLAS_CBLAS_COMPLEX_GEMV(cblas_zgemv, double)
SWBLAS_CBLAS_REAL_GBMV(cblas_sgbmv, float)
SWBLAS_CBLAS_REAL_GBMV(cblas_dgbmv, double)
SWBLAS_CBLAS_COMPLEX_GBMV(cblas_cgbmv, float)
SWBLAS_CBLAS_COMPLEX_GBMV(cblas_zgbmv, double)
SWBLAS_CBLAS_REAL_GER(cblas_sger, float)
SWBLAS_CBLAS_REAL_GER(cblas_dger, double)
SWBLAS_CBLAS_COMPLEX_GER(cblas_cgeru, float, false)
SWBLAS_CBLAS_COMPLEX_GER(cblas_zgeru, double, false)
SWBLAS_CBLAS_COMPLEX_GER(cblas_cgerc, float, true)
SWBLAS_CBLAS_COMPLEX_GER(cblas_zgerc, double, true)

}  // extern "C"
