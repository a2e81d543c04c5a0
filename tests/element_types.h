// The element types the tests run over: float, double, std::complex<float>
// and std::complex<double>, the real type under each, and the wider
// arithmetic their naive references compute in.
#pragma once

#include <cmath>
#include <complex>
#include <type_traits>

namespace swblas_test {

template <class T>
struct real_of {
  using type = T;
};
template <class R>
struct real_of<std::complex<R>> {
  using type = R;
};
template <class T>
using real_t = typename real_of<T>::type;

template <class T>
constexpr bool is_complex = !std::is_same_v<T, real_t<T>>;

// A naive reference's arithmetic: double for single precision (a product
// of two floats is exact in it, a sum's rounding far below float's), long
// double for double. Not long double throughout: on POWER it is a
// double-double in software, which made the single-precision Level-2 tests
// under qemu most of their time.
template <class T>
using wide_real_t = std::conditional_t<std::is_same_v<real_t<T>, float>, double, long double>;
template <class T>
using wide_t = std::conditional_t<is_complex<T>, std::complex<wide_real_t<T>>, wide_real_t<T>>;

// |re| + |im|: within a factor sqrt(2) of |v|, without hypot's scaling
// (half of a complex test's time through std::abs).
template <class W>
real_t<W> magnitude(W v) {
  if constexpr (is_complex<W>) return std::fabs(v.real()) + std::fabs(v.imag());
  else return std::fabs(v);
}

}  // namespace swblas_test
