// Element arithmetic of Levels 1-3 as the reference's Fortran does it: complex products
// written out (std::complex's operator* calls the C99 NaN-recovery routine,
// gfortran's product does not), and |re| + |im| as the BLAS's |x|. Where
// the Fortran mixes a real x into complex arithmetic (C*CX(I), F/C), gfortran
// computes with the complex (x, 0): a full product or division, which
// differs from scaling each part for infinities and signed zeros; where it
// scales the parts itself (csscal), times(R, complex) does that.
#pragma once

#include <cmath>
#include <complex>
#include <cstddef>

namespace swblas {

template <class R>
inline std::complex<R> times(std::complex<R> a, std::complex<R> b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}
template <class R>
inline std::complex<R> times(R a, std::complex<R> b) {
  return {a * b.real(), a * b.imag()};
}
template <class R>
inline R times(R a, R b) {
  return a * b;
}

// z / x as gfortran divides by (x, 0) (Smith's algorithm, x's branch).
template <class R>
inline std::complex<R> divided(std::complex<R> z, R x) {
  const R ratio = R(0) / x, denominator = x + R(0) * ratio;
  return {(z.real() + z.imag() * ratio) / denominator, (z.imag() - z.real() * ratio) / denominator};
}

// conj(a), which for a real a stays real (std::conj would make it complex).
template <class R>
inline R conj_of(R a) {
  return a;
}
template <class R>
inline std::complex<R> conj_of(std::complex<R> a) {
  return std::conj(a);
}
template <class T>
inline T conjugate_if(bool conj, T a) {
  return conj ? conj_of(a) : a;
}
// Exact, so doing it twice gives v back bit for bit.
template <class T>
void conjugate_in_place(T* v, std::ptrdiff_t n) {
  for (std::ptrdiff_t i = 0; i < n; ++i) v[i] = conj_of(v[i]);
}

template <class R>
inline R abs1(R x) {
  return std::fabs(x);
}
template <class R>
inline R abs1(std::complex<R> x) {
  return std::fabs(x.real()) + std::fabs(x.imag());
}

}  // namespace swblas
