// The arguments of the Level 1 entry points as the runtime takes them: a
// vector (n, x, inc) as a vector_view (complex ones come as (re, im) pairs
// behind void pointers), a scalar by address, and a complex result in the
// C type gfortran returns a COMPLEX function in. Level 1 checks nothing:
// the reference has no illegal arguments here.
#pragma once

#include <complex>
#include <cstddef>

#include "vector_view.h"

namespace swblas::api {

template <class T>
vector_view<T> vector_arg(index_t n, void* x, index_t inc) {
  return {static_cast<T*>(x), n, inc};
}
template <class T>
vector_view<const T> vector_arg(index_t n, const void* x, index_t inc) {
  return {static_cast<const T*>(x), n, inc};
}

template <class T>
T scalar_arg(const void* alpha) {
  return *static_cast<const T*>(alpha);
}

// A CBLAS scalar: a real one by value, a complex one by address.
template <class T>
T cblas_scalar(T alpha) {
  return alpha;
}
template <class T>
T cblas_scalar(const void* alpha) {
  return scalar_arg<T>(alpha);
}

template <class T>
T& scalar_ref(void* a) {
  return *static_cast<T*>(a);
}

// gfortran returns COMPLEX and COMPLEX*16 functions as C's float _Complex
// and double _Complex (in registers), not as a struct or through a hidden
// argument as f2c did; GCC's __complex__ is that type in C++ (and takes
// only a builtin type, hence the map).
template <class R>
struct c_complex_of;
template <>
struct c_complex_of<float> {
  using type = __complex__ float;
};
template <>
struct c_complex_of<double> {
  using type = __complex__ double;
};

template <class R>
typename c_complex_of<R>::type c_complex(std::complex<R> z) {
  typename c_complex_of<R>::type c;
  __real__ c = z.real();
  __imag__ c = z.imag();
  return c;
}

// The reference CBLAS's i?amax: the Fortran index less one, 0 when the
// Fortran one is 0.
inline std::size_t zero_based(index_t fortran_index) {
  return fortran_index > 0 ? static_cast<std::size_t>(fortran_index - 1) : 0;
}

}  // namespace swblas::api
