// What the Level 1 tests share: the four element types, strided vectors
// stored with guard values around their elements, the naive element order
// of the reference (a negative increment starts at the far end), random
// values and a tolerance for results the primitives may round differently
// (FMA, other summation orders).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "../element_types.h"
#include "level1_api.h"

namespace level1_test {

using swblas_test::is_complex;
using swblas_test::real_of;
using swblas_test::real_t;

using element_types = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;

inline const std::vector<int> kSizes = {0, 1, 2, 3, 7, 31, 64, 1000};
inline const std::vector<int> kIncrements = {-3, -2, -1, 0, 1, 2, 3};
inline const std::vector<entry> kEntries = {entry::f77, entry::cblas};

inline const char* name_of(entry e) { return e == entry::f77 ? "f77" : "cblas"; }

template <class T>
T make(double re, [[maybe_unused]] double im = 0) {
  if constexpr (is_complex<T>)
    return T(real_t<T>(re), real_t<T>(im));
  else
    return T(re);
}

template <class T>
T random_value(std::mt19937& g) {
  std::uniform_real_distribution<double> u(-1, 1);
  return make<T>(u(g), u(g));
}

// n elements at increment inc inside storage with a guard around them.
template <class T>
struct strided {
  int n, inc;
  std::vector<T> data;
  static constexpr int kPad = 3;
  strided(int n_, int inc_) : n(n_), inc(inc_), data(span() + 2 * kPad, guard()) {}
  static T guard() { return make<T>(-7.25e30, 3.5e30); }
  std::size_t span() const { return n < 1 ? 1 : 1 + std::size_t(n - 1) * std::size_t(std::abs(inc)); }
  T* ptr() { return data.data() + kPad; }
  const T* ptr() const { return data.data() + kPad; }
  // Element i (0-based) in the reference's order.
  std::size_t offset(int i) const {
    return inc >= 0 ? std::size_t(i) * inc : std::size_t(n - 1 - i) * std::size_t(-inc);
  }
  T& at(int i) { return ptr()[offset(i)]; }
  T at(int i) const { return ptr()[offset(i)]; }
  void fill(std::mt19937& g) {
    for (int i = 0; i < n; ++i) at(i) = random_value<T>(g);
  }
  bool guards_intact() const {
    std::vector<bool> element(data.size(), false);
    for (int i = 0; i < n; ++i) element[kPad + offset(i)] = true;
    for (std::size_t e = 0; e < data.size(); ++e)
      if (!element[e] && data[e] != guard()) return false;
    return true;
  }
};

template <class T>
T conj_of(T v) {
  if constexpr (is_complex<T>)
    return std::conj(v);
  else
    return v;
}

// Runs check(e, n, incx, incy) over every entry, size and increment pair,
// and check(e, n, inc) over every entry, size and increment.
template <class Check>
void for_all_pairs(Check check) {
  for (entry e : kEntries)
    for (int n : kSizes)
      for (int incx : kIncrements)
        for (int incy : kIncrements) {
          SCOPED_TRACE(::testing::Message() << name_of(e) << " n=" << n << " incx=" << incx << " incy=" << incy);
          check(e, n, incx, incy);
        }
}
template <class Check>
void for_all_vectors(Check check) {
  for (entry e : kEntries)
    for (int n : kSizes)
      for (int inc : kIncrements) {
        SCOPED_TRACE(::testing::Message() << name_of(e) << " n=" << n << " inc=" << inc);
        check(e, n, inc);
      }
}

// Bit patterns equal or both NaN (for values the routines only move).
template <class T>
bool identical(T a, T b) {
  const auto same = [](auto u, auto v) { return (std::isnan(u) && std::isnan(v)) || u == v; };
  if constexpr (is_complex<T>)
    return same(a.real(), b.real()) && same(a.imag(), b.imag());
  else
    return same(a, b);
}

// |a - b| within a few roundings of the terms' size `scale`.
template <class T>
::testing::AssertionResult near(T got, T want, double scale) {
  using R = real_t<T>;
  if (identical(got, want)) return ::testing::AssertionSuccess();
  const double tol = 16 * std::numeric_limits<R>::epsilon() * (scale + std::abs(std::complex<double>(want)));
  if (std::abs(std::complex<double>(got) - std::complex<double>(want)) <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << got << ", want " << want << " (tolerance " << tol << ")";
}

}  // namespace level1_test
