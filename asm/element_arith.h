// Element arithmetic of the vector kernels: complex products written out
// (operator* calls the C99 NaN-recovery routine, the reference's Fortran
// does not) and the BLAS's |x| = |re| + |im|. The drivers' own
// (src/element_ops.h) have external linkage; these must not (below).
#pragma once

#include <cmath>
#include <complex>

namespace swblas::kernels {

template <class T>
inline constexpr bool is_complex_v = false;
template <class R>
inline constexpr bool is_complex_v<std::complex<R>> = true;

// Internal linkage for what does not depend on the traits: each ISA's file
// compiles its own copy, and the linker must not keep an AVX-512 one for all.
namespace {

// a * b, and conj(a) * b, without the NaN recovery of operator*.
template <class R>
inline std::complex<R> times(std::complex<R> a, std::complex<R> b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}
template <class R>
inline std::complex<R> conj_times(std::complex<R> a, std::complex<R> b) {
  return {a.real() * b.real() + a.imag() * b.imag(), a.real() * b.imag() - a.imag() * b.real()};
}
template <class R>
inline R times(R a, R b) {
  return a * b;
}
template <class R>
inline R conj_times(R a, R b) {
  return a * b;
}
template <class R>
inline R abs1(R x) {
  return std::fabs(x);
}
template <class R>
inline R abs1(std::complex<R> x) {
  return std::fabs(x.real()) + std::fabs(x.imag());
}

}  // namespace

}  // namespace swblas::kernels
