// The reference BLAS's auxiliaries: lsame_ (one character compared without
// regard to ASCII case), xerbla_array_ (xerbla_ for a name given as a
// character array, as C callers of LAPACK pass it), and scabs1_/dcabs1_
// (|re| + |im|), with netlib CBLAS's wrapper forms and cblas_?cabs1.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>

#include "blas_int.h"
#include "cblas.h"
#include "export.h"
#include "level1_args.h"
#include "swblas.h"

namespace {

using swblas::api::blas_int;

char ascii_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

template <class R>
R abs1(const void* z) {
  const std::complex<R> v = swblas::api::scalar_arg<std::complex<R>>(z);
  return std::fabs(v.real()) + std::fabs(v.imag());
}

}  // namespace

extern "C" {

// A Fortran LOGICAL: nonzero for true.
SWBLAS_EXPORT blas_int lsame_(const char* ca, const char* cb) { return ascii_upper(*ca) == ascii_upper(*cb); }

// The reference copies at most 32 characters into a blank-padded
// CHARACTER*32 and calls XERBLA with it; xerbla_ is reached through the PLT,
// so a program's own XERBLA receives it.
SWBLAS_EXPORT void xerbla_array_(const char* srname_array, const blas_int* srname_len, const blas_int* info) {
  constexpr int kNameLength = 32;
  char name[kNameLength];
  std::fill(name, name + kNameLength, ' ');
  std::copy(srname_array, srname_array + std::clamp<blas_int>(*srname_len, 0, kNameLength), name);
  xerbla_(name, info, kNameLength);
}

SWBLAS_EXPORT float scabs1_(const void* z) { return abs1<float>(z); }
SWBLAS_EXPORT double dcabs1_(const void* z) { return abs1<double>(z); }
SWBLAS_EXPORT void scabs1sub_(const void* z, float* value) { *value = abs1<float>(z); }
SWBLAS_EXPORT void dcabs1sub_(const void* z, double* value) { *value = abs1<double>(z); }
SWBLAS_EXPORT float cblas_scabs1(const void* z) { return abs1<float>(z); }
SWBLAS_EXPORT double cblas_dcabs1(const void* z) { return abs1<double>(z); }

}  // extern "C"
