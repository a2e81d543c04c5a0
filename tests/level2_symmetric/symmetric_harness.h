// The symmetric and Hermitian Level-2 routines of one precision behind one
// call per family and interface (Fortran, CBLAS column- and row-major), and
// the naive model they are checked against: the full matrix a caller's
// stored triangle (full, band or packed; either layout) stands for.
#pragma once

#include <cblas.h>
#include <swblas.h>

#include <cmath>
#include <complex>
#include <cstdlib>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "../level3/level3_harness.h"

namespace l2sym {

using swblas_test::real_t;
using swblas_test::uniform;
template <class T>
inline constexpr bool is_complex_v = swblas_test::is_complex<T>;

// The C signatures' element type (void for complex) and CBLAS scalar type.
template <class T>
using elem_t = std::conditional_t<is_complex_v<T>, void, T>;
template <class T>
using scalar_t = std::conditional_t<is_complex_v<T>, const void*, T>;

template <class T>
scalar_t<T> scalar_arg(const T& v) {
  if constexpr (is_complex_v<T>)
    return static_cast<const void*>(&v);
  else
    return v;
}

template <class T>
T conj_of(T v) {
  if constexpr (is_complex_v<T>)
    return std::conj(v);
  else
    return v;
}

template <class T>
struct routines {
  using E = elem_t<T>;
  using S = scalar_t<T>;
  using R = real_t<T>;
  using I = CBLAS_INT;
  const char* names[7];  // symv sbmv spmv syr spr syr2 spr2, upper case
  void (*symv)(const char*, const int*, const E*, const E*, const int*, const E*, const int*, const E*, E*,
               const int*);
  void (*sbmv)(const char*, const int*, const int*, const E*, const E*, const int*, const E*, const int*, const E*, E*,
               const int*);
  void (*spmv)(const char*, const int*, const E*, const E*, const E*, const int*, const E*, E*, const int*);
  void (*syr)(const char*, const int*, const R*, const E*, const int*, E*, const int*);
  void (*spr)(const char*, const int*, const R*, const E*, const int*, E*);
  void (*syr2)(const char*, const int*, const E*, const E*, const int*, const E*, const int*, E*, const int*);
  void (*spr2)(const char*, const int*, const E*, const E*, const int*, const E*, const int*, E*);
  void (*c_symv)(CBLAS_LAYOUT, CBLAS_UPLO, I, S, const E*, I, const E*, I, S, E*, I);
  void (*c_sbmv)(CBLAS_LAYOUT, CBLAS_UPLO, I, I, S, const E*, I, const E*, I, S, E*, I);
  void (*c_spmv)(CBLAS_LAYOUT, CBLAS_UPLO, I, S, const E*, const E*, I, S, E*, I);
  void (*c_syr)(CBLAS_LAYOUT, CBLAS_UPLO, I, R, const E*, I, E*, I);
  void (*c_spr)(CBLAS_LAYOUT, CBLAS_UPLO, I, R, const E*, I, E*);
  void (*c_syr2)(CBLAS_LAYOUT, CBLAS_UPLO, I, S, const E*, I, const E*, I, E*, I);
  void (*c_spr2)(CBLAS_LAYOUT, CBLAS_UPLO, I, S, const E*, I, const E*, I, E*);
};

template <class T>
const routines<T>& routines_of();
template <>
inline const routines<float>& routines_of() {
  static const routines<float> r{{"SSYMV ", "SSBMV ", "SSPMV ", "SSYR  ", "SSPR  ", "SSYR2 ", "SSPR2 "},
                                 ssymv_, ssbmv_, sspmv_, ssyr_, sspr_, ssyr2_, sspr2_,
                                 cblas_ssymv, cblas_ssbmv, cblas_sspmv, cblas_ssyr, cblas_sspr, cblas_ssyr2,
                                 cblas_sspr2};
  return r;
}
template <>
inline const routines<double>& routines_of() {
  static const routines<double> r{{"DSYMV ", "DSBMV ", "DSPMV ", "DSYR  ", "DSPR  ", "DSYR2 ", "DSPR2 "},
                                  dsymv_, dsbmv_, dspmv_, dsyr_, dspr_, dsyr2_, dspr2_,
                                  cblas_dsymv, cblas_dsbmv, cblas_dspmv, cblas_dsyr, cblas_dspr, cblas_dsyr2,
                                  cblas_dspr2};
  return r;
}
template <>
inline const routines<std::complex<float>>& routines_of() {
  static const routines<std::complex<float>> r{
      {"CHEMV ", "CHBMV ", "CHPMV ", "CHER  ", "CHPR  ", "CHER2 ", "CHPR2 "},
      chemv_, chbmv_, chpmv_, cher_, chpr_, cher2_, chpr2_,
      cblas_chemv, cblas_chbmv, cblas_chpmv, cblas_cher, cblas_chpr, cblas_cher2, cblas_chpr2};
  return r;
}
template <>
inline const routines<std::complex<double>>& routines_of() {
  static const routines<std::complex<double>> r{
      {"ZHEMV ", "ZHBMV ", "ZHPMV ", "ZHER  ", "ZHPR  ", "ZHER2 ", "ZHPR2 "},
      zhemv_, zhbmv_, zhpmv_, zher_, zhpr_, zher2_, zhpr2_,
      cblas_zhemv, cblas_zhbmv, cblas_zhpmv, cblas_zher, cblas_zhpr, cblas_zher2, cblas_zhpr2};
  return r;
}

enum class storage { full, band, packed };
enum class api { fortran, cblas_col, cblas_row };
inline constexpr api kApis[] = {api::fortran, api::cblas_col, api::cblas_row};

inline CBLAS_LAYOUT layout_of(api a) { return a == api::cblas_row ? CblasRowMajor : CblasColMajor; }
inline CBLAS_UPLO uplo_of(char u) { return u == 'U' ? CblasUpper : CblasLower; }

// The stored triangle of an n x n symmetric (Hermitian for a complex T)
// matrix as a caller passes it.
template <class T>
struct stored_matrix {
  storage kind = storage::full;
  char uplo = 'U';
  int n = 0, k = 0, lda = 1;
  bool row_major = false;
  std::vector<T> data;

  std::size_t size() const {
    if (kind == storage::packed) return std::size_t(n) * (n + 1) / 2 + 1;
    return std::size_t(lda) * std::max(n, 1);
  }
  // Where logical element (i, j) is stored, -1 if it is not. A row-major
  // element (i, j) is the column-major (j, i), and its triangle flips.
  long where(int i, int j) const {
    bool upper = uplo == 'U';
    if (row_major) std::swap(i, j), upper = !upper;
    if (upper ? i > j : i < j) return -1;
    if (kind == storage::band && std::abs(i - j) > k) return -1;
    switch (kind) {
      case storage::full:
        return i + long(j) * lda;
      case storage::band:
        return (upper ? k + i - j : i - j) + long(j) * lda;
      case storage::packed:
        return upper ? i + long(j) * (j + 1) / 2 : i + long(j) * (2 * n - j - 1) / 2;
    }
    return -1;
  }
  // A(i, j): a Hermitian diagonal's imaginary part is never read.
  T logical(int i, int j) const {
    if (const long p = where(i, j); p >= 0) return i == j ? T(std::real(data[p])) : data[p];
    if (const long p = where(j, i); p >= 0) return conj_of(data[p]);
    return T(0);
  }
};

template <class T>
T random_value(std::mt19937& gen) {
  using R = real_t<T>;
  if constexpr (is_complex_v<T>) {
    const R re = uniform<R>(gen, -1, 1);
    return {re, uniform<R>(gen, -1, 1)};
  } else {
    return uniform<R>(gen, -1, 1);
  }
}

template <class T>
std::vector<T> random_vector(std::size_t n, std::mt19937& gen) {
  std::vector<T> v(n);
  for (T& e : v) e = random_value<T>(gen);
  return v;
}

template <class T>
stored_matrix<T> random_matrix(storage kind, char uplo, int n, int k, bool row_major, std::mt19937& gen) {
  stored_matrix<T> m;
  m.kind = kind;
  m.uplo = uplo;
  m.n = n;
  m.k = k;
  m.row_major = row_major;
  m.lda = kind == storage::band ? k + 3 : n + 2;  // larger than needed
  m.data = random_vector<T>(m.size(), gen);
  return m;
}

// A strided vector: logical element i at offset(i), as the BLAS reads it.
struct strided {
  int n, inc;
  std::size_t size() const { return n == 0 ? 1 : 1 + std::size_t(n - 1) * std::abs(inc); }
  std::size_t offset(int i) const { return inc > 0 ? std::size_t(i) * inc : std::size_t(n - 1 - i) * -inc; }
};

template <class T>
real_t<T> tolerance(int n) {
  return real_t<T>(64) * std::numeric_limits<real_t<T>>::epsilon() * (n + 2);
}

template <class T>
bool close(T got, T expected, int n) {
  return std::abs(got - expected) <= tolerance<T>(n) * (1 + std::abs(expected));
}

}  // namespace l2sym
