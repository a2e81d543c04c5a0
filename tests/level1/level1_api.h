// The Level 1 entry points of one precision behind one interface, so that a
// typed test runs the same checks on the Fortran and the CBLAS forms of all
// four: api<T>::swap(entry, ...) calls sswap_ or cblas_sswap, ...
#pragma once

#include <cblas.h>
#include <swblas.h>

#include <complex>
#include <cstddef>

namespace level1_test {

enum class entry { f77, cblas };

inline float value_of(float v) { return v; }
inline double value_of(double v) { return v; }
inline std::complex<float> value_of(__complex__ float v) { return {__real__ v, __imag__ v}; }
inline std::complex<double> value_of(__complex__ double v) { return {__real__ v, __imag__ v}; }

// Entry points shared by the real and the complex precisions. P: the
// element pointer's type in the prototypes; A(alpha): alpha as the CBLAS
// form takes it.
#define LEVEL1_COMMON(T, R, p, nrm2_f, asum_f, iamax_f, rot_f, CBLAS_ALPHA)                                \
  using value_type = T;                                                                                    \
  using real_type = R;                                                                                     \
  static void swap(entry e, int n, T* x, int incx, T* y, int incy) {                                       \
    e == entry::f77 ? p##swap_(&n, x, &incx, y, &incy) : cblas_##p##swap(n, x, incx, y, incy);             \
  }                                                                                                        \
  static void copy(entry e, int n, const T* x, int incx, T* y, int incy) {                                 \
    e == entry::f77 ? p##copy_(&n, x, &incx, y, &incy) : cblas_##p##copy(n, x, incx, y, incy);             \
  }                                                                                                        \
  static void axpy(entry e, int n, T alpha, const T* x, int incx, T* y, int incy) {                        \
    e == entry::f77 ? p##axpy_(&n, &alpha, x, &incx, y, &incy)                                             \
                    : cblas_##p##axpy(n, CBLAS_ALPHA(alpha), x, incx, y, incy);                            \
  }                                                                                                        \
  static void scal(entry e, int n, T alpha, T* x, int incx) {                                              \
    e == entry::f77 ? p##scal_(&n, &alpha, x, &incx) : cblas_##p##scal(n, CBLAS_ALPHA(alpha), x, incx);    \
  }                                                                                                        \
  static R nrm2(entry e, int n, const T* x, int incx) {                                                    \
    return e == entry::f77 ? nrm2_f##_(&n, x, &incx) : cblas_##nrm2_f(n, x, incx);                         \
  }                                                                                                        \
  static R asum(entry e, int n, const T* x, int incx) {                                                    \
    return e == entry::f77 ? asum_f##_(&n, x, &incx) : cblas_##asum_f(n, x, incx);                         \
  }                                                                                                        \
  /* 1-based as the Fortran function returns it; the CBLAS's 0-based + 1 (0 stays 0). */                   \
  static long iamax(entry e, int n, const T* x, int incx) {                                                \
    if (e == entry::f77) return iamax_f##_(&n, x, &incx);                                                  \
    const std::size_t i = cblas_##iamax_f(n, x, incx);                                                     \
    return n < 1 || incx < 1 ? (i == 0 ? 0 : -1) : static_cast<long>(i) + 1;                               \
  }                                                                                                        \
  static R nrm2_sub(int n, const T* x, int incx) {                                                         \
    R v;                                                                                                   \
    nrm2_f##sub_(&n, x, &incx, &v);                                                                        \
    return v;                                                                                              \
  }                                                                                                        \
  static R asum_sub(int n, const T* x, int incx) {                                                         \
    R v;                                                                                                   \
    asum_f##sub_(&n, x, &incx, &v);                                                                        \
    return v;                                                                                              \
  }                                                                                                        \
  static int iamax_sub(int n, const T* x, int incx) {                                                      \
    int v;                                                                                                 \
    iamax_f##sub_(&n, x, &incx, &v);                                                                       \
    return v;                                                                                              \
  }                                                                                                        \
  static void rot(entry e, int n, T* x, int incx, T* y, int incy, R c, R s) {                              \
    e == entry::f77 ? rot_f##_(&n, x, &incx, y, &incy, &c, &s) : cblas_##rot_f(n, x, incx, y, incy, c, s); \
  }

#define LEVEL1_BY_VALUE(alpha) (alpha)
#define LEVEL1_BY_ADDRESS(alpha) (&(alpha))

template <class T>
struct api;

#define LEVEL1_REAL_API(T, p)                                                                                          \
  template <>                                                                                                          \
  struct api<T> {                                                                                                      \
    LEVEL1_COMMON(T, T, p, p##nrm2, p##asum, i##p##amax, p##rot, LEVEL1_BY_VALUE)                                      \
    static T dotu(entry e, int n, const T* x, int incx, const T* y, int incy) {                                        \
      return e == entry::f77 ? p##dot_(&n, x, &incx, y, &incy) : cblas_##p##dot(n, x, incx, y, incy);                  \
    }                                                                                                                  \
    static T dotc(entry e, int n, const T* x, int incx, const T* y, int incy) { return dotu(e, n, x, incx, y, incy); } \
    static T dotu_sub(int n, const T* x, int incx, const T* y, int incy) {                                             \
      T v;                                                                                                             \
      p##dotsub_(&n, x, &incx, y, &incy, &v);                                                                          \
      return v;                                                                                                        \
    }                                                                                                                  \
    static T dotc_sub(int n, const T* x, int incx, const T* y, int incy) { return dotu_sub(n, x, incx, y, incy); }     \
  };

#define LEVEL1_COMPLEX_API(T, R, p, rp, rotp)                                                      \
  template <>                                                                                      \
  struct api<T> {                                                                                  \
    LEVEL1_COMMON(T, R, p, rp##nrm2, rp##asum, i##p##amax, rotp##rot, LEVEL1_BY_ADDRESS)           \
    static T dotu(entry e, int n, const T* x, int incx, const T* y, int incy) {                    \
      if (e == entry::f77) return value_of(p##dotu_(&n, x, &incx, y, &incy));                      \
      T v;                                                                                         \
      cblas_##p##dotu_sub(n, x, incx, y, incy, &v);                                                \
      return v;                                                                                    \
    }                                                                                              \
    static T dotc(entry e, int n, const T* x, int incx, const T* y, int incy) {                    \
      if (e == entry::f77) return value_of(p##dotc_(&n, x, &incx, y, &incy));                      \
      T v;                                                                                         \
      cblas_##p##dotc_sub(n, x, incx, y, incy, &v);                                                \
      return v;                                                                                    \
    }                                                                                              \
    static T dotu_sub(int n, const T* x, int incx, const T* y, int incy) {                         \
      T v;                                                                                         \
      p##dotusub_(&n, x, &incx, y, &incy, &v);                                                     \
      return v;                                                                                    \
    }                                                                                              \
    static T dotc_sub(int n, const T* x, int incx, const T* y, int incy) {                         \
      T v;                                                                                         \
      p##dotcsub_(&n, x, &incx, y, &incy, &v);                                                     \
      return v;                                                                                    \
    }                                                                                              \
    /* csscal / zdscal */                                                                          \
    static void real_scal(entry e, int n, R alpha, T* x, int incx) {                               \
      e == entry::f77 ? rotp##scal_(&n, &alpha, x, &incx) : cblas_##rotp##scal(n, alpha, x, incx); \
    }                                                                                              \
  };

LEVEL1_REAL_API(float, s)
LEVEL1_REAL_API(double, d)
LEVEL1_COMPLEX_API(std::complex<float>, float, c, sc, cs)
LEVEL1_COMPLEX_API(std::complex<double>, double, z, dz, zd)

}  // namespace level1_test
