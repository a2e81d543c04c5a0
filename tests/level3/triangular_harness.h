// What the trmm and trsm tests share: the routines of each precision
// through their Fortran and CBLAS entries, the cases, and a triangular A
// stored with NaN where the routine must not read (the other triangle, a
// unit diagonal) beside the op(A) it means.
#pragma once

#include <cblas.h>
#include <swblas.h>

#include <limits>
#include <string>

#include "level3_harness.h"

namespace swblas_test {

using f77_triangular = void (*)(const char*, const char*, const char*, const char*, const int*, const int*, const void*,
                                const void*, const int*, void*, const int*);
template <class T>
using cblas_triangular = void (*)(CBLAS_LAYOUT, CBLAS_SIDE, CBLAS_UPLO, CBLAS_TRANSPOSE, CBLAS_DIAG, int, int, const T*,
                                  const T*, int, T*, int);

// A Fortran routine through the uniform signature: untyped pointers.
template <class T, auto F>
void f77_untyped(const char* s, const char* u, const char* t, const char* d, const int* m, const int* n,
                 const void* alpha, const void* a, const int* lda, void* b, const int* ldb) {
  using P = std::conditional_t<is_complex<T>, void, T>;
  F(s, u, t, d, m, n, static_cast<const P*>(alpha), static_cast<const P*>(a), lda, static_cast<P*>(b), ldb);
}

// A CBLAS routine through the uniform signature: alpha by address.
template <class T, auto F>
void cblas_by_address(CBLAS_LAYOUT l, CBLAS_SIDE s, CBLAS_UPLO u, CBLAS_TRANSPOSE t, CBLAS_DIAG d, int m, int n,
                      const T* alpha, const T* a, int lda, T* b, int ldb) {
  if constexpr (is_complex<T>)
    F(l, s, u, t, d, m, n, alpha, a, lda, b, ldb);
  else
    F(l, s, u, t, d, m, n, *alpha, a, lda, b, ldb);
}

template <class T>
struct triangular_routine {
  const char* name;
  f77_triangular f77;
  cblas_triangular<T> cblas;
};

// trmm and trsm of each precision.
template <class T>
struct triangular_routines;
template <>
struct triangular_routines<float> {
  static constexpr triangular_routine<float> trmm{"strmm", f77_untyped<float, strmm_>,
                                                  cblas_by_address<float, cblas_strmm>};
  static constexpr triangular_routine<float> trsm{"strsm", f77_untyped<float, strsm_>,
                                                  cblas_by_address<float, cblas_strsm>};
};
template <>
struct triangular_routines<double> {
  static constexpr triangular_routine<double> trmm{"dtrmm", f77_untyped<double, dtrmm_>,
                                                   cblas_by_address<double, cblas_dtrmm>};
  static constexpr triangular_routine<double> trsm{"dtrsm", f77_untyped<double, dtrsm_>,
                                                   cblas_by_address<double, cblas_dtrsm>};
};
template <>
struct triangular_routines<std::complex<float>> {
  using X = std::complex<float>;
  static constexpr triangular_routine<X> trmm{"ctrmm", f77_untyped<X, ctrmm_>, cblas_by_address<X, cblas_ctrmm>};
  static constexpr triangular_routine<X> trsm{"ctrsm", f77_untyped<X, ctrsm_>, cblas_by_address<X, cblas_ctrsm>};
};
template <>
struct triangular_routines<std::complex<double>> {
  using X = std::complex<double>;
  static constexpr triangular_routine<X> trmm{"ztrmm", f77_untyped<X, ztrmm_>, cblas_by_address<X, cblas_ztrmm>};
  static constexpr triangular_routine<X> trsm{"ztrsm", f77_untyped<X, ztrsm_>, cblas_by_address<X, cblas_ztrsm>};
};

struct triangular_case {
  entry api;
  char side, uplo, transa, diag;
  int m, n;
};

inline std::string describe(const char* name, const triangular_case& g) {
  return std::string(name) +
         (g.api == entry::f77         ? " f77"
          : g.api == entry::cblas_col ? " cblas col"
                                      : " cblas row") +
         " side " + g.side + " uplo " + g.uplo + " trans " + g.transa + " diag " + g.diag + " " + std::to_string(g.m) +
         "x" + std::to_string(g.n);
}

// A as the routine gets it, and op(A) (k x k, column-major, in double
// precision) as it must use it. A well-conditioned A (for trsm) has a
// diagonal of magnitude 1 to 2 and off-diagonal elements below 1 / k:
// diagonally dominant, so its substitution does not grow.
template <class T>
struct triangular_operand {
  int k;
  stored<T> a;
  std::vector<std::complex<double>> op;

  triangular_operand(const triangular_case& g, bool well_conditioned, std::mt19937& gen)
      : k(g.side == 'L' ? g.m : g.n), a(k, k, g.api == entry::cblas_row, 2), op(std::size_t(k) * k) {
    using R = real_t<T>;
    const bool upper = g.uplo == 'U', unit = g.diag == 'U';
    const auto read = [&](int i, int l) { return (upper ? i <= l : i >= l) && !(i == l && unit); };
    // Random where the routine reads A, NaN elsewhere.
    const auto u = [&gen] { return uniform<R>(gen, -1, 1); };
    const auto diagonal = [&gen] { return uniform<R>(gen, 1, 2); };
    for (int l = 0; l < k; ++l)
      for (int i = 0; i < k; ++i) {
        T& e = a.at(i, l);
        if (!read(i, l)) {
          e = T(std::numeric_limits<R>::quiet_NaN());
          continue;
        }
        if constexpr (is_complex<T>) {
          const R re = u();
          e = T(re, u());
        } else {
          e = u();
        }
        if (!well_conditioned) continue;
        if (i != l)
          e /= R(k);
        else if constexpr (is_complex<T>)
          e = std::polar(diagonal(), R(std::arg(e)));
        else
          e = e < 0 ? -diagonal() : diagonal();
      }
    auto element = [&](int i, int l) -> std::complex<double> {
      if (i == l && unit) return 1;
      if (upper ? i > l : i < l) return 0;
      return std::complex<double>(a.at(i, l));
    };
    for (int l = 0; l < k; ++l)
      for (int i = 0; i < k; ++i) {
        std::complex<double> v = g.transa == 'N' ? element(i, l) : element(l, i);
        if (g.transa == 'C') v = std::conj(v);
        op[i + std::size_t(l) * k] = v;
      }
  }

  std::complex<double> op_at(int i, int l) const { return op[i + std::size_t(l) * k]; }
};

// Elements (i, j) of op(A) Y (side left) or Y op(A) (side right), and the
// sums of their terms' magnitudes, which bound their rounding errors, over
// op(A)'s triangle, as the reference multiplies. The factors are copied
// once, the left one by rows and the right one by columns, so that each
// element is a dot of two contiguous vectors over the range where both
// are nonzero (read in place over all of op(A), with its rows strided,
// the check was most of the Level-3 tests' time).
struct product_element {
  std::complex<double> value;
  double magnitude;
};
template <class T>
class side_product {
 public:
  side_product(const triangular_case& g, const triangular_operand<T>& a, stored<T>& y)
      : k_(a.k), left_(g.m, k_), right_(g.n, k_) {
    const bool left = g.side == 'L';
    for (int i = 0; i < g.m; ++i)
      left_.set(i, [&](int l) { return left ? a.op_at(i, l) : std::complex<double>(y.at(i, l)); });
    for (int j = 0; j < g.n; ++j)
      right_.set(j, [&](int l) { return left ? std::complex<double>(y.at(l, j)) : a.op_at(l, j); });
  }

  product_element operator()(int i, int j) const {
    const std::complex<double>* x = left_.vector(i);
    const std::complex<double>* z = right_.vector(j);
    product_element p{0, 0};
    const int last = std::min(left_.end[i], right_.end[j]);
    for (int l = std::max(left_.begin[i], right_.begin[j]); l < last; ++l) {
      p.value += x[l] * z[l];
      p.magnitude += norm1(x[l]) * norm1(z[l]);
    }
    return p;
  }

 private:
  // Vectors of length k, each with the range [begin, end) outside which
  // it is zero.
  struct vectors {
    int k;
    std::vector<std::complex<double>> data;
    std::vector<int> begin, end;
    vectors(int count, int length)  // at least one element each: &data[v * k] is valid at k == 0
        : k(length),
          data(std::size_t(count) * std::size_t(std::max(length, 1))),
          begin(std::size_t(count)),
          end(std::size_t(count)) {}
    const std::complex<double>* vector(int v) const { return &data[std::size_t(v) * k]; }
    template <class Element>
    void set(int v, Element element) {
      std::complex<double>* e = &data[std::size_t(v) * k];
      begin[v] = k;
      end[v] = 0;
      for (int l = 0; l < k; ++l) {
        e[l] = element(l);
        if (e[l] == 0.0) continue;
        begin[v] = std::min(begin[v], l);
        end[v] = l + 1;
      }
    }
  };
  int k_;
  vectors left_, right_;
};

// Calls the routine on B through the case's entry.
template <class T>
void call(const triangular_routine<T>& r, const triangular_case& g, T alpha, triangular_operand<T>& a, stored<T>& b) {
  const int lda = a.a.ld, ldb = b.ld;
  if (g.api == entry::f77) {
    r.f77(&g.side, &g.uplo, &g.transa, &g.diag, &g.m, &g.n, &alpha, a.a.data.data(), &lda, b.data.data(), &ldb);
    return;
  }
  const CBLAS_TRANSPOSE t = g.transa == 'N' ? CblasNoTrans : g.transa == 'T' ? CblasTrans : CblasConjTrans;
  r.cblas(g.api == entry::cblas_row ? CblasRowMajor : CblasColMajor, g.side == 'L' ? CblasLeft : CblasRight,
          g.uplo == 'U' ? CblasUpper : CblasLower, t, g.diag == 'U' ? CblasUnit : CblasNonUnit, g.m, g.n, &alpha,
          a.a.data.data(), lda, b.data.data(), ldb);
}

// One call: A, B as the routine left it, and B as it was (column-major).
template <class T>
struct triangular_run {
  std::mt19937 gen;
  triangular_operand<T> a;
  stored<T> b, b0;

  triangular_run(const triangular_routine<T>& r, const triangular_case& g, T alpha, unsigned seed,
                 bool well_conditioned, bool b_nan)
      : gen(seed), a(g, well_conditioned, gen), b(g.m, g.n, g.api == entry::cblas_row, 1), b0(g.m, g.n, false, 0) {
    b.fill(gen);
    if (b_nan) b.fill_with(T(std::numeric_limits<real_t<T>>::quiet_NaN()));
    for (int i = 0; i < g.m; ++i)
      for (int j = 0; j < g.n; ++j) b0.at(i, j) = b.at(i, j);
    call(r, g, alpha, a, b);
  }
};

// Checks B after a run: its padding kept, zeros when alpha == 0, otherwise
// each element's error within its bound, both as error_and_bound(i, j)
// returns them.
template <class T, class ErrorAndBound>
void expect_result(const char* name, const triangular_case& g, T alpha, triangular_run<T>& run,
                   ErrorAndBound error_and_bound) {
  ASSERT_TRUE(run.b.guards_intact()) << describe(name, g);
  for (int i = 0; i < g.m; ++i)
    for (int j = 0; j < g.n; ++j) {
      if (alpha == T(0)) {
        ASSERT_EQ(std::complex<double>(run.b.at(i, j)), std::complex<double>(0))
            << describe(name, g) << " at (" << i << ", " << j << ")";
      } else {
        const auto [error, bound] = error_and_bound(i, j);
        ASSERT_LE(error, bound) << describe(name, g) << " at (" << i << ", " << j << ")";
      }
    }
}

// Every side, triangle, transpose and diagonal of one entry and size.
template <class T, class Check>
void for_each_option(entry api, int m, int n, Check check) {
  for (char side : {'L', 'R'})
    for (char uplo : {'U', 'L'})
      for (char transa : transposes<T>())
        for (char diag : {'N', 'U'}) check(triangular_case{api, side, uplo, transa, diag, m, n});
}

}  // namespace swblas_test
