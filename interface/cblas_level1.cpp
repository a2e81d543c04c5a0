// The CBLAS entry points of Level 1, as netlib's CBLAS: by-value counts and
// real scalars, complex scalars and vectors by address ((re, im) pairs,
// P = void), complex dot products through a last argument (?dot?_sub), and
// i?amax 0-based. A: alpha's C type (the real type, or void for a complex
// one by address).
#include <complex>

#include "cblas.h"
#include "export.h"
#include "level1/level1.h"
#include "level1_args.h"

using swblas::api::cblas_scalar;
using swblas::api::scalar_ref;
using swblas::api::vector_arg;
using swblas::api::zero_based;

extern "C" {

#define SWBLAS_CBLAS_VECTOR_PAIR(fname, X, P, op)                                                        \
  SWBLAS_EXPORT void fname(const CBLAS_INT N, P* X_, const CBLAS_INT incX, P* Y, const CBLAS_INT incY) { \
    swblas::op(vector_arg<X>(N, X_, incX), vector_arg<X>(N, Y, incY));                                   \
  }
#define SWBLAS_CBLAS_COPY(fname, X, P)                                                                         \
  SWBLAS_EXPORT void fname(const CBLAS_INT N, const P* X_, const CBLAS_INT incX, P* Y, const CBLAS_INT incY) { \
    swblas::copy(vector_arg<X>(N, X_, incX), vector_arg<X>(N, Y, incY));                                       \
  }
#define SWBLAS_CBLAS_AXPY(fname, X, P, A)                                                        \
  SWBLAS_EXPORT void fname(const CBLAS_INT N, A alpha, const P* X_, const CBLAS_INT incX, P* Y,  \
                           const CBLAS_INT incY) {                                               \
    swblas::axpy(cblas_scalar<X>(alpha), vector_arg<X>(N, X_, incX), vector_arg<X>(N, Y, incY)); \
  }
// S: alpha's type (X, or the real type for csscal and zdscal).
#define SWBLAS_CBLAS_SCAL(fname, X, P, S, A)                                          \
  SWBLAS_EXPORT void fname(const CBLAS_INT N, A alpha, P* X_, const CBLAS_INT incX) { \
    swblas::scal(cblas_scalar<S>(alpha), vector_arg<X>(N, X_, incX));                 \
  }
#define SWBLAS_CBLAS_ROT(fname, X, P, R)                                                                          \
  SWBLAS_EXPORT void fname(const CBLAS_INT N, P* X_, const CBLAS_INT incX, P* Y, const CBLAS_INT incY, const R c, \
                           const R s) {                                                                           \
    swblas::rot(vector_arg<X>(N, X_, incX), vector_arg<X>(N, Y, incY), c, s);                                     \
  }
#define SWBLAS_CBLAS_ROTM(fname, R)                                                                                  \
  SWBLAS_EXPORT void fname(const CBLAS_INT N, R* X_, const CBLAS_INT incX, R* Y, const CBLAS_INT incY, const R* P) { \
    swblas::rotm(vector_arg<R>(N, X_, incX), vector_arg<R>(N, Y, incY), P);                                          \
  }
#define SWBLAS_CBLAS_ROTG(fname, X, P, R)                                   \
  SWBLAS_EXPORT void fname(P* a, P* b, R* c, P* s) {                        \
    swblas::rotg(scalar_ref<X>(a), scalar_ref<X>(b), *c, scalar_ref<X>(s)); \
  }
#define SWBLAS_CBLAS_ROTMG(fname, R) \
  SWBLAS_EXPORT void fname(R* d1, R* d2, R* b1, const R b2, R* P) { swblas::rotmg(*d1, *d2, *b1, b2, P); }

SWBLAS_CBLAS_ROTG(cblas_srotg, float, float, float)
SWBLAS_CBLAS_ROTG(cblas_drotg, double, double, double)
SWBLAS_CBLAS_ROTG(cblas_crotg, std::complex<float>, void, float)
SWBLAS_CBLAS_ROTG(cblas_zrotg, std::complex<double>, void, double)
SWBLAS_CBLAS_ROTMG(cblas_srotmg, float)
SWBLAS_CBLAS_ROTMG(cblas_drotmg, double)
SWBLAS_CBLAS_ROT(cblas_srot, float, float, float)
SWBLAS_CBLAS_ROT(cblas_drot, double, double, double)
SWBLAS_CBLAS_ROT(cblas_csrot, std::complex<float>, void, float)
SWBLAS_CBLAS_ROT(cblas_zdrot, std::complex<double>, void, double)
SWBLAS_CBLAS_ROTM(cblas_srotm, float)
SWBLAS_CBLAS_ROTM(cblas_drotm, double)
SWBLAS_CBLAS_VECTOR_PAIR(cblas_sswap, float, float, swap)
SWBLAS_CBLAS_VECTOR_PAIR(cblas_dswap, double, double, swap)
SWBLAS_CBLAS_VECTOR_PAIR(cblas_cswap, std::complex<float>, void, swap)
SWBLAS_CBLAS_VECTOR_PAIR(cblas_zswap, std::complex<double>, void, swap)
SWBLAS_CBLAS_SCAL(cblas_sscal, float, float, float, float)
SWBLAS_CBLAS_SCAL(cblas_dscal, double, double, double, double)
SWBLAS_CBLAS_SCAL(cblas_cscal, std::complex<float>, void, std::complex<float>, const void*)
SWBLAS_CBLAS_SCAL(cblas_zscal, std::complex<double>, void, std::complex<double>, const void*)
SWBLAS_CBLAS_SCAL(cblas_csscal, std::complex<float>, void, float, float)
SWBLAS_CBLAS_SCAL(cblas_zdscal, std::complex<double>, void, double, double)
SWBLAS_CBLAS_COPY(cblas_scopy, float, float)
SWBLAS_CBLAS_COPY(cblas_dcopy, double, double)
SWBLAS_CBLAS_COPY(cblas_ccopy, std::complex<float>, void)
SWBLAS_CBLAS_COPY(cblas_zcopy, std::complex<double>, void)
SWBLAS_CBLAS_AXPY(cblas_saxpy, float, float, float)
SWBLAS_CBLAS_AXPY(cblas_daxpy, double, double, double)
SWBLAS_CBLAS_AXPY(cblas_caxpy, std::complex<float>, void, const void*)
SWBLAS_CBLAS_AXPY(cblas_zaxpy, std::complex<double>, void, const void*)

#define SWBLAS_CBLAS_REAL_DOT(fname, R)                                                                           \
  SWBLAS_EXPORT R fname(const CBLAS_INT N, const R* X_, const CBLAS_INT incX, const R* Y, const CBLAS_INT incY) { \
    return swblas::dotu(vector_arg<R>(N, X_, incX), vector_arg<R>(N, Y, incY));                                   \
  }
#define SWBLAS_CBLAS_COMPLEX_DOT(fname, X, op)                                                     \
  SWBLAS_EXPORT void fname(const CBLAS_INT N, const void* X_, const CBLAS_INT incX, const void* Y, \
                           const CBLAS_INT incY, void* dot) {                                      \
    scalar_ref<X>(dot) = swblas::op(vector_arg<X>(N, X_, incX), vector_arg<X>(N, Y, incY));        \
  }
// V: the result's C type.
#define SWBLAS_CBLAS_VECTOR_FUNCTION(fname, X, P, V, op, to_value)              \
  SWBLAS_EXPORT V fname(const CBLAS_INT N, const P* X_, const CBLAS_INT incX) { \
    return to_value(swblas::op(vector_arg<X>(N, X_, incX)));                    \
  }
#define SWBLAS_AS_IS(value) (value)

SWBLAS_CBLAS_REAL_DOT(cblas_sdot, float)
SWBLAS_CBLAS_REAL_DOT(cblas_ddot, double)
SWBLAS_CBLAS_COMPLEX_DOT(cblas_cdotu_sub, std::complex<float>, dotu)
SWBLAS_CBLAS_COMPLEX_DOT(cblas_zdotu_sub, std::complex<double>, dotu)
SWBLAS_CBLAS_COMPLEX_DOT(cblas_cdotc_sub, std::complex<float>, dotc)
SWBLAS_CBLAS_COMPLEX_DOT(cblas_zdotc_sub, std::complex<double>, dotc)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_snrm2, float, float, float, nrm2, SWBLAS_AS_IS)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_dnrm2, double, double, double, nrm2, SWBLAS_AS_IS)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_scnrm2, std::complex<float>, void, float, nrm2, SWBLAS_AS_IS)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_dznrm2, std::complex<double>, void, double, nrm2, SWBLAS_AS_IS)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_sasum, float, float, float, asum, SWBLAS_AS_IS)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_dasum, double, double, double, asum, SWBLAS_AS_IS)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_scasum, std::complex<float>, void, float, asum, SWBLAS_AS_IS)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_dzasum, std::complex<double>, void, double, asum, SWBLAS_AS_IS)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_isamax, float, float, CBLAS_INDEX, iamax, zero_based)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_idamax, double, double, CBLAS_INDEX, iamax, zero_based)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_icamax, std::complex<float>, void, CBLAS_INDEX, iamax, zero_based)
SWBLAS_CBLAS_VECTOR_FUNCTION(cblas_izamax, std::complex<double>, void, CBLAS_INDEX, iamax, zero_based)

SWBLAS_EXPORT float cblas_sdsdot(const CBLAS_INT N, const float alpha, const float* X, const CBLAS_INT incX,
                                 const float* Y, const CBLAS_INT incY) {
  return static_cast<float>(swblas::sum_in_double(alpha, vector_arg<float>(N, X, incX), vector_arg<float>(N, Y, incY)));
}
SWBLAS_EXPORT double cblas_dsdot(const CBLAS_INT N, const float* X, const CBLAS_INT incX, const float* Y,
                                 const CBLAS_INT incY) {
  return swblas::sum_in_double(0.0, vector_arg<float>(N, X, incX), vector_arg<float>(N, Y, incY));
}

}  // extern "C"
