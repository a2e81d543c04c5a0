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

// A naive reference's arithmetic: double. For single precision it is wider
// (a product of two floats is exact in it, a sum's rounding far below
// float's); for double the tolerances allow the reference's own rounding
// beside the routine's. Not long double: on POWER it is a double-double in
// software, which made the Level-2 tests under qemu most of their time.
template <class T>
using wide_t = std::conditional_t<is_complex<T>, std::complex<double>, double>;

// |re| + |im|: within a factor sqrt(2) of |v|, without hypot's scaling
// (half of a complex test's time through std::abs).
template <class W>
real_t<W> magnitude(W v) {
  if constexpr (is_complex<W>) return std::fabs(v.real()) + std::fabs(v.imag());
  else return std::fabs(v);
}

}  // namespace swblas_test
