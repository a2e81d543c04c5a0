// The Fortran 77 entry points of Level 1 (s, d, c, z, and the mixed cs, zd,
// sc, dz, sds, ds forms), and netlib CBLAS's Fortran wrappers (?dotsub_,
// ...), which return a function's value through a last argument. Vectors
// are (re, im) pairs for a complex X, behind void pointers (P = void) as
// swblas.h declares them.
#include <complex>

#include "blas_int.h"
#include "export.h"
#include "level1/level1.h"
#include "level1_args.h"
#include "swblas.h"

using swblas::api::blas_int;
using swblas::api::c_complex;
using swblas::api::scalar_arg;
using swblas::api::scalar_ref;
using swblas::api::vector_arg;

extern "C" {

#define SWBLAS_F77_VECTOR_PAIR(fname, X, P, op)                                                         \
  SWBLAS_EXPORT void fname(const blas_int* n, P* x, const blas_int* incx, P* y, const blas_int* incy) { \
    swblas::op(vector_arg<X>(*n, x, *incx), vector_arg<X>(*n, y, *incy));                               \
  }
#define SWBLAS_F77_COPY(fname, X, P)                                                                          \
  SWBLAS_EXPORT void fname(const blas_int* n, const P* x, const blas_int* incx, P* y, const blas_int* incy) { \
    swblas::copy(vector_arg<X>(*n, x, *incx), vector_arg<X>(*n, y, *incy));                                   \
  }
#define SWBLAS_F77_AXPY(fname, X, P)                                                                  \
  SWBLAS_EXPORT void fname(const blas_int* n, const P* alpha, const P* x, const blas_int* incx, P* y, \
                           const blas_int* incy) {                                                    \
    swblas::axpy(scalar_arg<X>(alpha), vector_arg<X>(*n, x, *incx), vector_arg<X>(*n, y, *incy));     \
  }
// S: alpha's type (X, or the real type for csscal and zdscal).
#define SWBLAS_F77_SCAL(fname, X, P, S, SP)                                                  \
  SWBLAS_EXPORT void fname(const blas_int* n, const SP* alpha, P* x, const blas_int* incx) { \
    swblas::scal(scalar_arg<S>(alpha), vector_arg<X>(*n, x, *incx));                         \
  }
#define SWBLAS_F77_ROT(fname, X, P, R)                                                                            \
  SWBLAS_EXPORT void fname(const blas_int* n, P* x, const blas_int* incx, P* y, const blas_int* incy, const R* c, \
                           const R* s) {                                                                          \
    swblas::rot(vector_arg<X>(*n, x, *incx), vector_arg<X>(*n, y, *incy), *c, *s);                                \
  }
#define SWBLAS_F77_ROTM(fname, R)                                                                     \
  SWBLAS_EXPORT void fname(const blas_int* n, R* x, const blas_int* incx, R* y, const blas_int* incy, \
                           const R* param) {                                                          \
    swblas::rotm(vector_arg<R>(*n, x, *incx), vector_arg<R>(*n, y, *incy), param);                    \
  }
// b returns z for a real X; a complex one only reads it.
#define SWBLAS_F77_ROTG(fname, X, P, R)                                     \
  SWBLAS_EXPORT void fname(P* a, P* b, R* c, P* s) {                        \
    swblas::rotg(scalar_ref<X>(a), scalar_ref<X>(b), *c, scalar_ref<X>(s)); \
  }
#define SWBLAS_F77_ROTMG(fname, R) \
  SWBLAS_EXPORT void fname(R* d1, R* d2, R* x1, const R* y1, R* param) { swblas::rotmg(*d1, *d2, *x1, *y1, param); }

SWBLAS_F77_ROTG(srotg_, float, float, float)
SWBLAS_F77_ROTG(drotg_, double, double, double)
SWBLAS_F77_ROTG(crotg_, std::complex<float>, void, float)
SWBLAS_F77_ROTG(zrotg_, std::complex<double>, void, double)
SWBLAS_F77_ROTMG(srotmg_, float)
SWBLAS_F77_ROTMG(drotmg_, double)
SWBLAS_F77_ROT(srot_, float, float, float)
SWBLAS_F77_ROT(drot_, double, double, double)
SWBLAS_F77_ROT(csrot_, std::complex<float>, void, float)
SWBLAS_F77_ROT(zdrot_, std::complex<double>, void, double)
SWBLAS_F77_ROTM(srotm_, float)
SWBLAS_F77_ROTM(drotm_, double)
SWBLAS_F77_VECTOR_PAIR(sswap_, float, float, swap)
SWBLAS_F77_VECTOR_PAIR(dswap_, double, double, swap)
SWBLAS_F77_VECTOR_PAIR(cswap_, std::complex<float>, void, swap)
SWBLAS_F77_VECTOR_PAIR(zswap_, std::complex<double>, void, swap)
SWBLAS_F77_SCAL(sscal_, float, float, float, float)
SWBLAS_F77_SCAL(dscal_, double, double, double, double)
SWBLAS_F77_SCAL(cscal_, std::complex<float>, void, std::complex<float>, void)
SWBLAS_F77_SCAL(zscal_, std::complex<double>, void, std::complex<double>, void)
SWBLAS_F77_SCAL(csscal_, std::complex<float>, void, float, float)
SWBLAS_F77_SCAL(zdscal_, std::complex<double>, void, double, double)
SWBLAS_F77_COPY(scopy_, float, float)
SWBLAS_F77_COPY(dcopy_, double, double)
SWBLAS_F77_COPY(ccopy_, std::complex<float>, void)
SWBLAS_F77_COPY(zcopy_, std::complex<double>, void)
SWBLAS_F77_AXPY(saxpy_, float, float)
SWBLAS_F77_AXPY(daxpy_, double, double)
SWBLAS_F77_AXPY(caxpy_, std::complex<float>, void)
SWBLAS_F77_AXPY(zaxpy_, std::complex<double>, void)

// Functions, and their netlib CBLAS wrappers (the same value through a
// last argument). V: the value's C type as the function returns it.
#define SWBLAS_F77_DOT(fname, subname, X, P, V, op, to_value)                                                       \
  SWBLAS_EXPORT V fname(const blas_int* n, const P* x, const blas_int* incx, const P* y, const blas_int* incy) {    \
    return to_value(swblas::op(vector_arg<X>(*n, x, *incx), vector_arg<X>(*n, y, *incy)));                          \
  }                                                                                                                 \
  SWBLAS_EXPORT void subname(const blas_int* n, const P* x, const blas_int* incx, const P* y, const blas_int* incy, \
                             P* dot) {                                                                              \
    scalar_ref<X>(dot) = swblas::op(vector_arg<X>(*n, x, *incx), vector_arg<X>(*n, y, *incy));                      \
  }
#define SWBLAS_F77_VECTOR_FUNCTION(fname, subname, X, P, V, op)                               \
  SWBLAS_EXPORT V fname(const blas_int* n, const P* x, const blas_int* incx) {                \
    return static_cast<V>(swblas::op(vector_arg<X>(*n, x, *incx)));                           \
  }                                                                                           \
  SWBLAS_EXPORT void subname(const blas_int* n, const P* x, const blas_int* incx, V* value) { \
    *value = fname(n, x, incx);                                                               \
  }

#define SWBLAS_AS_IS(value) (value)

SWBLAS_F77_DOT(sdot_, sdotsub_, float, float, float, dotu, SWBLAS_AS_IS)
SWBLAS_F77_DOT(ddot_, ddotsub_, double, double, double, dotu, SWBLAS_AS_IS)
SWBLAS_F77_DOT(cdotu_, cdotusub_, std::complex<float>, void, SWBLAS_FLOAT_COMPLEX, dotu, c_complex)
SWBLAS_F77_DOT(zdotu_, zdotusub_, std::complex<double>, void, SWBLAS_DOUBLE_COMPLEX, dotu, c_complex)
SWBLAS_F77_DOT(cdotc_, cdotcsub_, std::complex<float>, void, SWBLAS_FLOAT_COMPLEX, dotc, c_complex)
SWBLAS_F77_DOT(zdotc_, zdotcsub_, std::complex<double>, void, SWBLAS_DOUBLE_COMPLEX, dotc, c_complex)
SWBLAS_F77_VECTOR_FUNCTION(snrm2_, snrm2sub_, float, float, float, nrm2)
SWBLAS_F77_VECTOR_FUNCTION(dnrm2_, dnrm2sub_, double, double, double, nrm2)
SWBLAS_F77_VECTOR_FUNCTION(scnrm2_, scnrm2sub_, std::complex<float>, void, float, nrm2)
SWBLAS_F77_VECTOR_FUNCTION(dznrm2_, dznrm2sub_, std::complex<double>, void, double, nrm2)
SWBLAS_F77_VECTOR_FUNCTION(sasum_, sasumsub_, float, float, float, asum)
SWBLAS_F77_VECTOR_FUNCTION(dasum_, dasumsub_, double, double, double, asum)
SWBLAS_F77_VECTOR_FUNCTION(scasum_, scasumsub_, std::complex<float>, void, float, asum)
SWBLAS_F77_VECTOR_FUNCTION(dzasum_, dzasumsub_, std::complex<double>, void, double, asum)
SWBLAS_F77_VECTOR_FUNCTION(isamax_, isamaxsub_, float, float, blas_int, iamax)
SWBLAS_F77_VECTOR_FUNCTION(idamax_, idamaxsub_, double, double, blas_int, iamax)
SWBLAS_F77_VECTOR_FUNCTION(icamax_, icamaxsub_, std::complex<float>, void, blas_int, iamax)
SWBLAS_F77_VECTOR_FUNCTION(izamax_, izamaxsub_, std::complex<double>, void, blas_int, iamax)

// sb + sum x_i y_i accumulated in double, rounded to float once.
SWBLAS_EXPORT float sdsdot_(const blas_int* n, const float* sb, const float* x, const blas_int* incx, const float* y,
                            const blas_int* incy) {
  return static_cast<float>(
      swblas::sum_in_double(*sb, vector_arg<float>(*n, x, *incx), vector_arg<float>(*n, y, *incy)));
}
SWBLAS_EXPORT void sdsdotsub_(const blas_int* n, const float* sb, const float* x, const blas_int* incx, const float* y,
                              const blas_int* incy, float* dot) {
  *dot = sdsdot_(n, sb, x, incx, y, incy);
}
// sum x_i y_i of floats, in double.
SWBLAS_EXPORT double dsdot_(const blas_int* n, const float* x, const blas_int* incx, const float* y,
                            const blas_int* incy) {
  return swblas::sum_in_double(0.0, vector_arg<float>(*n, x, *incx), vector_arg<float>(*n, y, *incy));
}
SWBLAS_EXPORT void dsdotsub_(const blas_int* n, const float* x, const blas_int* incx, const float* y,
                             const blas_int* incy, double* dot) {
  *dot = dsdot_(n, x, incx, y, incy);
}

}  // extern "C"
