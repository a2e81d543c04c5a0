// The CBLAS entry points of syrk and syr2k (s, d, c, z), herk and her2k
// (c, z): checks and parameter numbers as the reference CBLAS, which
// exchanges no positions for a row-major call of these.
#include <complex>

#include "cblas.h"
#include "error_report.h"
#include "export.h"
#include "rank_k_args.h"

namespace {

using namespace swblas::api;

// The call as the reference checks it; a nonzero position on an error.
// Here and below the options are passed by reference: a C caller may pass
// any int, and copying it into a parameter of the enum type would load it as
// the enum (enum_value.h).
int checked(const char* name, rank_k_kind kind, const rank_k_positions& at, const CBLAS_LAYOUT& layout,
            const CBLAS_UPLO& Uplo, const CBLAS_TRANSPOSE& Trans, rank_k_call& call) {
  const std::optional<order> o = from_cblas<order>(layout);
  call.layout = o;
  call.triangle = from_cblas<uplo>(Uplo);
  call.trans = cblas_trans(kind, o, from_cblas<trans_op>(Trans));
  const cblas_report report(name, position_exchange{}, o);
  // The reference names an illegal option's value.
  if (!call.layout) {
    report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
    return at.layout;
  }
  if (!call.triangle) {
    report(at.uplo, "Illegal Uplo setting, %d\n", raw_int(Uplo));
    return at.uplo;
  }
  if (!call.trans) {
    report(at.trans, "Illegal Trans setting, %d\n", raw_int(Trans));
    return at.trans;
  }
  call = column_major(call);
  const int info = first_illegal_argument(call, at);
  if (info) report(info);
  return info;
}

template <class T>
void cblas_rank_k(const char* name, rank_k_kind kind, const CBLAS_LAYOUT& layout, const CBLAS_UPLO& Uplo,
                  const CBLAS_TRANSPOSE& Trans, CBLAS_INT N, CBLAS_INT K, T alpha, const T* A, CBLAS_INT lda, T beta,
                  T* C, CBLAS_INT ldc) {
  rank_k_call call{{}, {}, {}, N, K, lda, 0, ldc};
  if (checked(name, kind, kCblasSyrk, layout, Uplo, Trans, call)) return;
  solve_rank_k(call, kind, alpha, A, beta, C);
}

template <class T>
void cblas_rank_2k(const char* name, rank_k_kind kind, const CBLAS_LAYOUT& layout, const CBLAS_UPLO& Uplo,
                   const CBLAS_TRANSPOSE& Trans, CBLAS_INT N, CBLAS_INT K, T alpha, const T* A, CBLAS_INT lda,
                   const T* B, CBLAS_INT ldb, T beta, T* C, CBLAS_INT ldc) {
  rank_k_call call{{}, {}, {}, N, K, lda, ldb, ldc};
  if (checked(name, kind, kCblasSyr2k, layout, Uplo, Trans, call)) return;
  // The transposed problem's first term is conj(alpha) A^H B (rank_k_args.h).
  if (kind == rank_k_kind::hermitian && call.layout == order::row_major) alpha = swblas::conj_of(alpha);
  solve_rank_2k(call, kind, alpha, A, B, beta, C);
}

template <class T>
const T& value(const void* x) {
  return *static_cast<const T*>(x);
}
template <class T>
const T* in(const void* x) {
  return static_cast<const T*>(x);
}

}  // namespace

extern "C" {

SWBLAS_EXPORT void cblas_ssyrk(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const CBLAS_INT N,
                               const CBLAS_INT K, const float alpha, const float* A, const CBLAS_INT lda,
                               const float beta, float* C, const CBLAS_INT ldc) {
  cblas_rank_k("cblas_ssyrk", rank_k_kind::real_symmetric, layout, Uplo, Trans, N, K, alpha, A, lda, beta, C, ldc);
}

SWBLAS_EXPORT void cblas_dsyrk(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const CBLAS_INT N,
                               const CBLAS_INT K, const double alpha, const double* A, const CBLAS_INT lda,
                               const double beta, double* C, const CBLAS_INT ldc) {
  cblas_rank_k("cblas_dsyrk", rank_k_kind::real_symmetric, layout, Uplo, Trans, N, K, alpha, A, lda, beta, C, ldc);
}

SWBLAS_EXPORT void cblas_ssyr2k(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const CBLAS_INT N,
                                const CBLAS_INT K, const float alpha, const float* A, const CBLAS_INT lda,
                                const float* B, const CBLAS_INT ldb, const float beta, float* C,
                                const CBLAS_INT ldc) {
  cblas_rank_2k("cblas_ssyr2k", rank_k_kind::real_symmetric, layout, Uplo, Trans, N, K, alpha, A, lda, B, ldb, beta,
                C, ldc);
}

SWBLAS_EXPORT void cblas_dsyr2k(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const CBLAS_INT N,
                                const CBLAS_INT K, const double alpha, const double* A, const CBLAS_INT lda,
                                const double* B, const CBLAS_INT ldb, const double beta, double* C,
                                const CBLAS_INT ldc) {
  cblas_rank_2k("cblas_dsyr2k", rank_k_kind::real_symmetric, layout, Uplo, Trans, N, K, alpha, A, lda, B, ldb, beta,
                C, ldc);
}

// Complex: matrices by address, (re, im) pairs; the scalars too, except
// herk's alpha and beta and her2k's beta, which are real and by value.
#define SWBLAS_CBLAS_COMPLEX_SYRK(fname, R)                                                                    \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const CBLAS_INT N,     \
                           const CBLAS_INT K, const void* alpha, const void* A, const CBLAS_INT lda,            \
                           const void* beta, void* C, const CBLAS_INT ldc) {                                    \
    using X = std::complex<R>;                                                                                 \
    cblas_rank_k(#fname, rank_k_kind::complex_symmetric, layout, Uplo, Trans, N, K, value<X>(alpha), in<X>(A), \
                 lda, value<X>(beta), static_cast<X*>(C), ldc);                                                \
  }
#define SWBLAS_CBLAS_HERK(fname, R)                                                                            \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const CBLAS_INT N,     \
                           const CBLAS_INT K, const R alpha, const void* A, const CBLAS_INT lda, const R beta,  \
                           void* C, const CBLAS_INT ldc) {                                                      \
    using X = std::complex<R>;                                                                                 \
    cblas_rank_k(#fname, rank_k_kind::hermitian, layout, Uplo, Trans, N, K, X(alpha), in<X>(A), lda, X(beta),   \
                 static_cast<X*>(C), ldc);                                                                     \
  }
#define SWBLAS_CBLAS_COMPLEX_SYR2K(fname, R, kind, Beta, beta_value)                                           \
  SWBLAS_EXPORT void fname(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const CBLAS_INT N,     \
                           const CBLAS_INT K, const void* alpha, const void* A, const CBLAS_INT lda,            \
                           const void* B, const CBLAS_INT ldb, Beta beta, void* C, const CBLAS_INT ldc) {       \
    using X = std::complex<R>;                                                                                 \
    cblas_rank_2k(#fname, kind, layout, Uplo, Trans, N, K, value<X>(alpha), in<X>(A), lda, in<X>(B), ldb,      \
                  X(beta_value), static_cast<X*>(C), ldc);                                                     \
  }

SWBLAS_CBLAS_COMPLEX_SYRK(cblas_csyrk, float)
SWBLAS_CBLAS_COMPLEX_SYRK(cblas_zsyrk, double)
SWBLAS_CBLAS_HERK(cblas_cherk, float)
SWBLAS_CBLAS_HERK(cblas_zherk, double)
SWBLAS_CBLAS_COMPLEX_SYR2K(cblas_csyr2k, float, rank_k_kind::complex_symmetric, const void*, value<X>(beta))
SWBLAS_CBLAS_COMPLEX_SYR2K(cblas_zsyr2k, double, rank_k_kind::complex_symmetric, const void*, value<X>(beta))
SWBLAS_CBLAS_COMPLEX_SYR2K(cblas_cher2k, float, rank_k_kind::hermitian, const float, beta)
SWBLAS_CBLAS_COMPLEX_SYR2K(cblas_zher2k, double, rank_k_kind::hermitian, const double, beta)

}  // extern "C"
