// The 512-bit CPE vector as the Sunway micro kernels use it: swv8<T> holds
// 8 elements of T (double or float) with swv8_load, swv8_store, swv8_splat
// and swv8_fma.
//
// On a CPE (swgcc -mslave -msimd, __sw_slave__) it is the vendor type
// doublev8 or floatv8 from simd.h (crts.h's type codes name both), loaded and
// stored with simd_load/simd_store and multiplied-added with simd_vmad
// (double) or simd_vmas (float; one 8-wide FMA per cycle: docs/targets.md
// A.1). The intrinsic names follow the SW26010 simd.h (doublev4 and floatv4
// there); they could not be checked against an SW26010Pro simd.h here, see
// asm/README.md.
//
// On the host (the emulation build) it is a struct of 8 elements with loops
// the compiler vectorises; passing it by value needs no wide-vector ABI.
#ifndef SWBLAS_SUNWAY_SIMD_V8_H
#define SWBLAS_SUNWAY_SIMD_V8_H

#ifdef __sw_slave__
#include <simd.h>

template <class T>
struct swv8_of;
template <>
struct swv8_of<double> {
  using type = doublev8;
};
template <>
struct swv8_of<float> {
  using type = floatv8;
};
template <class T>
using swv8 = typename swv8_of<T>::type;

template <class T>
inline swv8<T> swv8_load(const T* p) {
  swv8<T> v;
  simd_load(v, const_cast<T*>(p));
  return v;
}
template <class T>
inline void swv8_store(T* p, swv8<T> v) {
  simd_store(v, p);
}
inline swv8<double> swv8_splat(double x) { return simd_set_doublev8(x, x, x, x, x, x, x, x); }
inline swv8<float> swv8_splat(float x) { return simd_set_floatv8(x, x, x, x, x, x, x, x); }
// a * b + c
inline swv8<double> swv8_fma(swv8<double> a, swv8<double> b, swv8<double> c) { return simd_vmad(a, b, c); }
inline swv8<float> swv8_fma(swv8<float> a, swv8<float> b, swv8<float> c) { return simd_vmas(a, b, c); }

#else

template <class T>
struct swv8 {
  T lane[8];
};

template <class T>
inline swv8<T> swv8_load(const T* p) {
  swv8<T> v;
  for (int l = 0; l < 8; ++l) v.lane[l] = p[l];
  return v;
}
template <class T>
inline void swv8_store(T* p, swv8<T> v) {
  for (int l = 0; l < 8; ++l) p[l] = v.lane[l];
}
template <class T>
inline swv8<T> swv8_splat(T x) {
  swv8<T> v;
  for (int l = 0; l < 8; ++l) v.lane[l] = x;
  return v;
}
// a * b + c
template <class T>
inline swv8<T> swv8_fma(swv8<T> a, swv8<T> b, swv8<T> c) {
  for (int l = 0; l < 8; ++l) c.lane[l] += a.lane[l] * b.lane[l];
  return c;
}

#endif
#endif
