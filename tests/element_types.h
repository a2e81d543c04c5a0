// The element types the tests run over: float, double, std::complex<float>
// and std::complex<double>, and the real type under each.
#pragma once

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

}  // namespace swblas_test
