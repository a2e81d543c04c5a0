// What symv.cpp and symmetric_update.cpp share: one column of a stored
// triangle, whatever its storage, and the element operations of a
// symmetric or Hermitian A.
#pragma once

#include <algorithm>
#include <complex>

#include "../element_ops.h"
#include "symmetric.h"

namespace swblas::level2 {

// Column j of the stored triangle: its off-diagonal elements A(first, j)
// .. A(first + count - 1, j), contiguous in every storage, and A(j, j).
template <class T>
struct stored_column {
  T* off;
  index_t first;
  index_t count;
  T* diag;
};

inline index_t stored_offset(const triangle_storage& s, index_t i, index_t j) {
  switch (s.kind) {
    case storage_kind::band:
      return band_offset(i, j, s.upper ? s.k : 0, s.lda);
    case storage_kind::packed:
      return s.upper ? packed_upper_offset(i, j) : packed_lower_offset(i, j, s.n);
    case storage_kind::full:
      break;
  }
  return i + j * s.lda;
}

// How far from the diagonal a column's stored part reaches.
inline index_t reach(const triangle_storage& s) { return s.kind == storage_kind::band ? s.k : s.n; }

template <class T>
stored_column<T> column_of(const triangle_storage& s, T* a, index_t j) {
  T* diag = a + stored_offset(s, j, j);
  if (s.upper) {
    const index_t first = std::max<index_t>(0, j - reach(s));
    return {a + stored_offset(s, first, j), first, j - first, diag};
  }
  return {diag + 1, j + 1, std::min(s.n - 1, j + reach(s)) - j, diag};
}

// A(j, i) from A(i, j), and A(j, j) as the reference reads it: a Hermitian
// diagonal by its real part only.
template <symmetry S, class T>
inline T mirrored(T a) {
  return S == symmetry::hermitian ? conj_of(a) : a;
}
template <symmetry S, class T>
inline T diagonal(T a) {
  return S == symmetry::hermitian ? T(std::real(a)) : a;
}

}  // namespace swblas::level2
