// The batched entry points of every precision called on the groups of
// batch_support.h: all groups in one pointer-array call (CBLAS or Fortran),
// or one group as a strided batch.
#pragma once

#include <cblas.h>
#include <swblas.h>

#include <complex>
#include <vector>

#include "batch_support.h"

namespace swblas_batch_test {

inline CBLAS_TRANSPOSE cblas_trans(char t) {
  if (t == 'N' || t == 'n') return CblasNoTrans;
  return t == 'T' || t == 't' ? CblasTrans : CblasConjTrans;
}

// The library's functions for elements of X, and its argument types (void
// for complex scalars and matrices).
template <class X>
struct api;
template <>
struct api<float> {
  using S = float;
  static constexpr auto cblas = cblas_sgemm_batch;
  static constexpr auto cblas_strided = cblas_sgemm_batch_strided;
  static constexpr auto f77 = sgemm_batch_;
  static constexpr auto f77_strided = sgemm_batch_strided_;
};
template <>
struct api<double> {
  using S = double;
  static constexpr auto cblas = cblas_dgemm_batch;
  static constexpr auto cblas_strided = cblas_dgemm_batch_strided;
  static constexpr auto f77 = dgemm_batch_;
  static constexpr auto f77_strided = dgemm_batch_strided_;
};
template <>
struct api<std::complex<float>> {
  using S = void;
  static constexpr auto cblas = cblas_cgemm_batch;
  static constexpr auto cblas_strided = cblas_cgemm_batch_strided;
  static constexpr auto f77 = cgemm_batch_;
  static constexpr auto f77_strided = cgemm_batch_strided_;
};
template <>
struct api<std::complex<double>> {
  using S = void;
  static constexpr auto cblas = cblas_zgemm_batch;
  static constexpr auto cblas_strided = cblas_zgemm_batch_strided;
  static constexpr auto f77 = zgemm_batch_;
  static constexpr auto f77_strided = zgemm_batch_strided_;
};

// A scalar as the strided CBLAS form takes it: by value, or by pointer.
template <class X>
inline auto cblas_scalar(const X& x) {
  if constexpr (is_complex<X>)
    return static_cast<const void*>(&x);
  else
    return x;
}

enum class entry_point { cblas, f77, cblas_strided, f77_strided };

// All groups (they share the layout) in one call of the pointer-array form.
template <class X>
void call_batch(entry_point how, std::vector<group_data_of<X>>& groups) {
  using S = typename api<X>::S;
  std::vector<CBLAS_TRANSPOSE> ta, tb;
  std::vector<char> fa, fb;
  std::vector<int> m, n, k, lda, ldb, ldc, size;
  std::vector<X> alpha, beta;
  std::vector<const S*> a, b;
  std::vector<S*> c;
  for (group_data_of<X>& g : groups) {
    ta.push_back(cblas_trans(g.spec.transa));
    tb.push_back(cblas_trans(g.spec.transb));
    fa.push_back(g.spec.transa);
    fb.push_back(g.spec.transb);
    m.push_back(g.spec.m);
    n.push_back(g.spec.n);
    k.push_back(g.spec.k);
    lda.push_back(g.a.ld());
    ldb.push_back(g.b.ld());
    ldc.push_back(g.c.ld());
    size.push_back(g.spec.count);
    alpha.push_back(g.alpha);
    beta.push_back(g.beta);
    a.insert(a.end(), g.a_ptrs.begin(), g.a_ptrs.end());
    b.insert(b.end(), g.b_ptrs.begin(), g.b_ptrs.end());
    c.insert(c.end(), g.c_ptrs.begin(), g.c_ptrs.end());
  }
  const int count = static_cast<int>(groups.size());
  if (how == entry_point::cblas) {
    const CBLAS_LAYOUT layout = count && groups[0].spec.row_major ? CblasRowMajor : CblasColMajor;
    api<X>::cblas(layout, ta.data(), tb.data(), m.data(), n.data(), k.data(), alpha.data(), a.data(), lda.data(),
                  b.data(), ldb.data(), beta.data(), c.data(), ldc.data(), count, size.data());
  } else {
    api<X>::f77(fa.data(), fb.data(), m.data(), n.data(), k.data(), alpha.data(), a.data(), lda.data(), b.data(),
                ldb.data(), beta.data(), c.data(), ldc.data(), &count, size.data());
  }
}

template <class X>
void call_strided(entry_point how, group_data_of<X>& g) {
  const group_spec& s = g.spec;
  const int lda = g.a.ld(), ldb = g.b.ld(), ldc = g.c.ld();
  const int sa = g.a.stride(), sb = g.b.stride(), sc = g.c.stride();
  if (how == entry_point::cblas_strided)
    api<X>::cblas_strided(s.row_major ? CblasRowMajor : CblasColMajor, cblas_trans(s.transa),
                          cblas_trans(s.transb), s.m, s.n, s.k, cblas_scalar(g.alpha), g.a.entry(0), lda, sa,
                          g.b.entry(0), ldb, sb, cblas_scalar(g.beta), g.c.entry(0), ldc, sc, s.count);
  else
    api<X>::f77_strided(&s.transa, &s.transb, &s.m, &s.n, &s.k, &g.alpha, g.a.entry(0), &lda, &sa, g.b.entry(0),
                        &ldb, &sb, &g.beta, g.c.entry(0), &ldc, &sc, &s.count);
}

}  // namespace swblas_batch_test
