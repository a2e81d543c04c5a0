// What the Level-3 tests share: element types, matrices stored with guard
// values in their padding, ?gemm's entries, and the magnitude bounds of a
// naive reference.
#pragma once

#include <cblas.h>
#include <swblas.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <random>
#include <type_traits>
#include <vector>

#include "../element_types.h"
#include "../random_values.h"

namespace swblas_test {

// The transposes a precision has: C is a plain transpose for real ones, so
// only complex ones test it.
template <class T>
std::vector<char> transposes() {
  if constexpr (is_complex<T>)
    return {'N', 'T', 'C'};
  else
    return {'N', 'T'};
}

// re + i im, or re for a real T.
template <class T>
T scalar(float re, [[maybe_unused]] float im) {
  if constexpr (is_complex<T>)
    return T(re, im);
  else
    return T(re);
}

enum class entry { f77, cblas_col, cblas_row };

// A matrix stored column-major (or row-major) with a padded leading
// dimension; the padding holds a guard value that must survive.
template <class T>
struct stored {
  int rows, cols, ld;
  bool row_major;
  std::vector<T> data;
  stored(int r, int c, bool rm, int pad)
      : rows(r), cols(c), ld((rm ? c : r) + pad), row_major(rm),
        data(std::size_t(ld) * std::size_t(std::max(rm ? r : c, 1)), guard()) {}
  static T guard() { return T(real_t<T>(-7.25e30)); }
  T& at(int i, int j) { return row_major ? data[std::size_t(i) * ld + j] : data[i + std::size_t(j) * ld]; }
  void fill(std::mt19937& g) {
    using R = real_t<T>;
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) {
        if constexpr (is_complex<T>) {
          const R re = uniform<R>(g, -1, 1);
          at(i, j) = T(re, uniform<R>(g, -1, 1));
        } else {
          at(i, j) = uniform<R>(g, -1, 1);
        }
      }
  }
  void fill_with(T v) {
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) at(i, j) = v;
  }
  bool guards_intact() {
    std::vector<bool> element(data.size(), false);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) element[std::size_t(&at(i, j) - data.data())] = true;
    for (std::size_t e = 0; e < data.size(); ++e)
      if (!element[e] && data[e] != guard()) return false;
    return true;
  }
};

// ?gemm of one precision through its Fortran and CBLAS entries (alpha and
// beta by address).
template <class T>
struct gemm_routine;
template <>
struct gemm_routine<float> {
  static constexpr const char* name = "sgemm";
  static void f77(const char* ta, const char* tb, const int* m, const int* n, const int* k, const float* alpha,
                  const float* a, const int* lda, const float* b, const int* ldb, const float* beta, float* c,
                  const int* ldc) {
    sgemm_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  }
  static void cblas(CBLAS_LAYOUT l, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k, const float* alpha,
                    const float* a, int lda, const float* b, int ldb, const float* beta, float* c, int ldc) {
    cblas_sgemm(l, ta, tb, m, n, k, *alpha, a, lda, b, ldb, *beta, c, ldc);
  }
};
template <>
struct gemm_routine<double> {
  static constexpr const char* name = "dgemm";
  static void f77(const char* ta, const char* tb, const int* m, const int* n, const int* k, const double* alpha,
                  const double* a, const int* lda, const double* b, const int* ldb, const double* beta, double* c,
                  const int* ldc) {
    dgemm_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  }
  static void cblas(CBLAS_LAYOUT l, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k, const double* alpha,
                    const double* a, int lda, const double* b, int ldb, const double* beta, double* c, int ldc) {
    cblas_dgemm(l, ta, tb, m, n, k, *alpha, a, lda, b, ldb, *beta, c, ldc);
  }
};
template <>
struct gemm_routine<std::complex<float>> {
  static constexpr const char* name = "cgemm";
  template <class... A>
  static void f77(A... a) {
    cgemm_(a...);
  }
  template <class... A>
  static void cblas(A... a) {
    cblas_cgemm(a...);
  }
};
template <>
struct gemm_routine<std::complex<double>> {
  static constexpr const char* name = "zgemm";
  template <class... A>
  static void f77(A... a) {
    zgemm_(a...);
  }
  template <class... A>
  static void cblas(A... a) {
    cblas_zgemm(a...);
  }
};

// |re| + |im|: at least |x|, and cheap (the bounds only need an upper one).
inline double norm1(std::complex<double> x) { return std::fabs(x.real()) + std::fabs(x.imag()); }

}  // namespace swblas_test
