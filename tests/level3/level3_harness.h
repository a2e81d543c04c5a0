// What the Level-3 tests share: element types, matrices stored with guard
// values in their padding, and the magnitude bounds of a naive reference.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <random>
#include <type_traits>
#include <vector>

#include "../element_types.h"

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
    std::uniform_real_distribution<real_t<T>> u(-1, 1);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) {
        if constexpr (is_complex<T>)
          at(i, j) = T(u(g), u(g));
        else
          at(i, j) = u(g);
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

// |re| + |im|: at least |x|, and cheap (the bounds only need an upper one).
inline double norm1(std::complex<double> x) { return std::fabs(x.real()) + std::fabs(x.imag()); }

}  // namespace swblas_test
