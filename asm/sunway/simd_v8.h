/* The 512-bit CPE vector (8 doubles) as the Sunway micro kernel uses it.
 *
 * On a CPE (swgcc -mslave -msimd, __sw_slave__) it is the vendor type
 * doublev8 from simd.h, loaded and stored with simd_load/simd_store and
 * multiplied-added with simd_vmad (one 8-wide FMA per cycle: docs/targets.md
 * A.1). The intrinsic names follow the SW26010 simd.h (doublev4 there); they
 * could not be checked against an SW26010Pro simd.h here, see asm/README.md.
 *
 * On the host (the emulation build) it is a struct of 8 doubles with loops
 * the compiler vectorises; passing it by value needs no wide-vector ABI. */
#ifndef SWBLAS_SUNWAY_SIMD_V8_H
#define SWBLAS_SUNWAY_SIMD_V8_H

#ifdef __sw_slave__
#include <simd.h>

typedef doublev8 swv8;

static inline swv8 swv8_load(const double* p) {
  swv8 v;
  simd_load(v, (double*)p);
  return v;
}
static inline void swv8_store(double* p, swv8 v) { simd_store(v, p); }
static inline swv8 swv8_splat(double x) { return simd_set_doublev8(x, x, x, x, x, x, x, x); }
/* a * b + c */
static inline swv8 swv8_fma(swv8 a, swv8 b, swv8 c) { return simd_vmad(a, b, c); }

#else

typedef struct {
  double lane[8];
} swv8;

static inline swv8 swv8_load(const double* p) {
  swv8 v;
  for (int l = 0; l < 8; ++l) v.lane[l] = p[l];
  return v;
}
static inline void swv8_store(double* p, swv8 v) {
  for (int l = 0; l < 8; ++l) p[l] = v.lane[l];
}
static inline swv8 swv8_splat(double x) {
  swv8 v;
  for (int l = 0; l < 8; ++l) v.lane[l] = x;
  return v;
}
/* a * b + c */
static inline swv8 swv8_fma(swv8 a, swv8 b, swv8 c) {
  for (int l = 0; l < 8; ++l) c.lane[l] += a.lane[l] * b.lane[l];
  return c;
}

#endif
#endif
