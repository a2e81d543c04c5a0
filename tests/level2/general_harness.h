// What the tests of gemv, gbmv and ger share: each precision's entry
// points, vectors with increments (the gaps hold guards), general and band
// matrices stored column- or row-major, and a naive product in wider arithmetic (wide_t).
#pragma once

#include <cblas.h>
#include <swblas.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "../level3/level3_harness.h"  // real_t, is_complex, scalar, entry

namespace swblas_test {

template <class T>
T nan_value() {
  const real_t<T> n = std::numeric_limits<real_t<T>>::quiet_NaN();
  return scalar<T>(n, n);
}

// A CBLAS scalar argument: by value (real) or by address (complex).
template <class T>
auto cblas_scalar(const T& v) {
  if constexpr (is_complex<T>) return static_cast<const void*>(&v);
  else return v;
}

// Each precision's entry points; a real one's ger stands for geru and gerc.
template <class T>
struct routines;
template <>
struct routines<float> {
  static constexpr auto gemv = &sgemv_;
  static constexpr auto gbmv = &sgbmv_;
  static constexpr auto geru = &sger_;
  static constexpr auto gerc = &sger_;
  static constexpr auto cblas_gemv = &cblas_sgemv;
  static constexpr auto cblas_gbmv = &cblas_sgbmv;
  static constexpr auto cblas_geru = &cblas_sger;
  static constexpr auto cblas_gerc = &cblas_sger;
  static constexpr char prefix = 's';
};
template <>
struct routines<double> {
  static constexpr auto gemv = &dgemv_;
  static constexpr auto gbmv = &dgbmv_;
  static constexpr auto geru = &dger_;
  static constexpr auto gerc = &dger_;
  static constexpr auto cblas_gemv = &cblas_dgemv;
  static constexpr auto cblas_gbmv = &cblas_dgbmv;
  static constexpr auto cblas_geru = &cblas_dger;
  static constexpr auto cblas_gerc = &cblas_dger;
  static constexpr char prefix = 'd';
};
template <>
struct routines<std::complex<float>> {
  static constexpr auto gemv = &cgemv_;
  static constexpr auto gbmv = &cgbmv_;
  static constexpr auto geru = &cgeru_;
  static constexpr auto gerc = &cgerc_;
  static constexpr auto cblas_gemv = &cblas_cgemv;
  static constexpr auto cblas_gbmv = &cblas_cgbmv;
  static constexpr auto cblas_geru = &cblas_cgeru;
  static constexpr auto cblas_gerc = &cblas_cgerc;
  static constexpr char prefix = 'c';
};
template <>
struct routines<std::complex<double>> {
  static constexpr auto gemv = &zgemv_;
  static constexpr auto gbmv = &zgbmv_;
  static constexpr auto geru = &zgeru_;
  static constexpr auto gerc = &zgerc_;
  static constexpr auto cblas_gemv = &cblas_zgemv;
  static constexpr auto cblas_gbmv = &cblas_zgbmv;
  static constexpr auto cblas_geru = &cblas_zgeru;
  static constexpr auto cblas_gerc = &cblas_zgerc;
  static constexpr char prefix = 'z';
};

inline constexpr entry kEntries[] = {entry::f77, entry::cblas_col, entry::cblas_row};

inline CBLAS_LAYOUT layout_of(entry e) { return e == entry::cblas_row ? CblasRowMajor : CblasColMajor; }
inline CBLAS_TRANSPOSE cblas_trans(char t) {
  return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : t == 'C' ? CblasConjTrans : CBLAS_TRANSPOSE(77);
}

// The sizes and increments every routine runs through.
inline constexpr int kSizes[] = {0, 1, 2, 3, 7, 33};
inline constexpr int kIncrements[] = {-3, -2, -1, 1, 2, 3};

template <class T>
void fill_random(T& v, std::mt19937& g) {
  std::uniform_real_distribution<float> u(-1, 1);
  const float re = u(g);
  v = scalar<T>(re, u(g));
}

// n elements with increment inc, in the reference's order (element 0 is
// last in memory for inc < 0); the gaps hold `gap`.
template <class T>
struct strided {
  int n, inc;
  std::vector<T> data;
  strided(int n_, int inc_, T gap) : n(n_), inc(inc_), data(1 + std::size_t(std::max(n_ - 1, 0)) * std::abs(inc_), gap) {}
  T& operator[](int i) { return data[std::size_t(inc > 0 ? i * inc : (n - 1 - i) * -inc)]; }
  void fill(std::mt19937& g) {
    for (int i = 0; i < n; ++i) fill_random((*this)[i], g);
  }
  void fill_with(T v) {
    for (int i = 0; i < n; ++i) (*this)[i] = v;
  }
};

// An m x n matrix with kl sub- and ku superdiagonals (a general one:
// kl = m - 1, ku = n - 1), stored full or in band storage, column- or
// row-major. Storage outside the matrix holds `gap`.
template <class T>
struct stored_matrix {
  int m, n, kl, ku, ld;
  bool band, row_major;
  std::vector<T> data;
  stored_matrix(int m_, int n_, int kl_, int ku_, bool band_, bool row_major_, int pad, T gap)
      : m(m_), n(n_), kl(kl_), ku(ku_), band(band_), row_major(row_major_) {
    const int lines = row_major ? m : n;  // columns, or rows when row-major
    ld = (band ? kl + ku + 1 : std::max(row_major ? n : m, 1)) + pad;
    data.assign(std::size_t(ld) * std::size_t(std::max(lines, 1)), gap);
  }
  bool in_band(int i, int j) const { return j - i <= ku && i - j <= kl; }
  // Row-major band storage is the column-major band storage of A^T.
  T& at(int i, int j) {
    if (band)
      return row_major ? data[std::size_t(kl + j - i) + std::size_t(i) * ld] : data[std::size_t(ku + i - j) + std::size_t(j) * ld];
    return row_major ? data[std::size_t(j) + std::size_t(i) * ld] : data[std::size_t(i) + std::size_t(j) * ld];
  }
  // The element, zero outside the band.
  T value(int i, int j) { return in_band(i, j) ? at(i, j) : T(0); }
  void fill(std::mt19937& g) {
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        if (in_band(i, j)) fill_random(at(i, j), g);
  }
  void fill_with(T v) {
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        if (in_band(i, j)) at(i, j) = v;
  }
};

template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}
template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// Whether got is within the rounding of a sum of `terms` products bounded
// by `bound` in total.
template <class T>
bool close(T got, wide_t<T> expected, double bound, int terms) {
  const double eps = std::numeric_limits<real_t<T>>::epsilon();
  return magnitude(wide_t<T>(got) - expected) <= 4 * eps * (terms + 2) * bound + 1e-30;
}

}  // namespace swblas_test
