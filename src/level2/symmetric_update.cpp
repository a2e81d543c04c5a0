// The rank-1 and rank-2 updates of a symmetric or Hermitian A's stored
// triangle in full or packed storage (?syr, ?her, ?spr, ?hpr, ?syr2, ?her2,
// ?spr2, ?hpr2): one axpy per vector and column. Columns are independent,
// so ranges of them could go to threads as they are.
#include <complex>

#include "symmetric.h"
#include "symmetric_columns.h"

namespace swblas::level2 {
namespace {

// The reference leaves a column whose x(j) (and y(j)) are zero alone, but
// still drops the imaginary part of a Hermitian diagonal.
template <symmetry S, class T>
void keep_diagonal(const stored_column<T>& c) {
  *c.diag = diagonal<S>(*c.diag);
}

// A(j, j) + increment; Hermitian: real parts only.
template <symmetry S, class T>
void add_to_diagonal(const stored_column<T>& c, T increment) {
  *c.diag = S == symmetry::hermitian ? T(std::real(*c.diag) + std::real(increment)) : *c.diag + increment;
}

// Column j += x temp, temp = alpha x(j)' (' : conj for a Hermitian A).
template <symmetry S, class T>
void rank1_column(const stored_column<T>& c, index_t j, T alpha, const T* x) {
  if (x[j] == T(0)) return keep_diagonal<S>(c);
  const T temp = times(alpha, mirrored<S>(x[j]));
  vector_kernels_of<T>().axpy(c.count, temp, x + c.first, c.off);
  add_to_diagonal<S>(c, times(x[j], temp));
}

// Column j += x temp1 + y temp2, temp1 = alpha y(j)', temp2 = (alpha x(j))'.
template <symmetry S, class T>
void rank2_column(const stored_column<T>& c, index_t j, T alpha, const T* x, const T* y) {
  if (x[j] == T(0) && y[j] == T(0)) return keep_diagonal<S>(c);
  const T temp1 = times(alpha, mirrored<S>(y[j]));
  const T temp2 = mirrored<S>(times(alpha, x[j]));
  const vector_kernels<T>& k = vector_kernels_of<T>();
  k.axpy(c.count, temp1, x + c.first, c.off);
  k.axpy(c.count, temp2, y + c.first, c.off);
  add_to_diagonal<S>(c, times(x[j], temp1) + times(y[j], temp2));
}

template <symmetry S, class T>
void rank1_columns(const symmetric_update_problem<T>& p, index_t j0, index_t j1, const T* x) {
  for (index_t j = j0; j < j1; ++j) rank1_column<S>(column_of(p.storage, p.a, j), j, p.alpha, x);
}

template <symmetry S, class T>
void rank2_columns(const symmetric_update_problem<T>& p, index_t j0, index_t j1, const T* x, const T* y) {
  for (index_t j = j0; j < j1; ++j) rank2_column<S>(column_of(p.storage, p.a, j), j, p.alpha, x, y);
}

// The rank-2 update (rank 1 without y) on the caller's strided vectors,
// column by column as rank2_column, one element after the other: the way
// round when no unit-stride copy can be had.
template <symmetry S, class T>
void strided_columns(const symmetric_update_problem<T>& p, bool rank2) {
  const bool conj = p.conjugated_vectors;
  const auto x = [&](index_t i) { return conjugate_if(conj, p.x[i]); };
  const auto y = [&](index_t i) { return rank2 ? conjugate_if(conj, p.y[i]) : T(0); };
  for (index_t j = 0; j < p.storage.n; ++j) {
    const stored_column<T> c = column_of(p.storage, p.a, j);
    if (x(j) == T(0) && y(j) == T(0)) {
      keep_diagonal<S>(c);
      continue;
    }
    // rank 1: temp1 = alpha x(j)', as rank1_column's temp.
    const T temp1 = times(p.alpha, mirrored<S>(rank2 ? y(j) : x(j)));
    const T temp2 = rank2 ? mirrored<S>(times(p.alpha, x(j))) : T(0);
    for (index_t r = 0; r < c.count; ++r) {
      c.off[r] += times(temp1, x(c.first + r));
      if (rank2) c.off[r] += times(temp2, y(c.first + r));
    }
    add_to_diagonal<S>(c, rank2 ? times(x(j), temp1) + times(y(j), temp2) : times(x(j), temp1));
  }
}

template <class T>
void strided_update(const symmetric_update_problem<T>& p, bool rank2) {
  if (p.kind == symmetry::hermitian)
    strided_columns<symmetry::hermitian>(p, rank2);
  else
    strided_columns<symmetry::symmetric>(p, rank2);
}

}  // namespace

template <class T>
void symmetric_rank1_update(const symmetric_update_problem<T>& p) {
  const T* x = unit_stride_input(p.x, pack_role::vector_x, p.conjugated_vectors);
  if (!x) return strided_update(p, false);
  if (p.kind == symmetry::hermitian)
    rank1_columns<symmetry::hermitian>(p, 0, p.storage.n, x);
  else
    rank1_columns<symmetry::symmetric>(p, 0, p.storage.n, x);
}

template <class T>
void symmetric_rank2_update(const symmetric_update_problem<T>& p) {
  const T* x = unit_stride_input(p.x, pack_role::vector_x, p.conjugated_vectors);
  const T* y = x ? unit_stride_input(p.y, pack_role::vector_y, p.conjugated_vectors) : nullptr;
  if (!y) return strided_update(p, true);
  if (p.kind == symmetry::hermitian)
    rank2_columns<symmetry::hermitian>(p, 0, p.storage.n, x, y);
  else
    rank2_columns<symmetry::symmetric>(p, 0, p.storage.n, x, y);
}

#define SWBLAS_SYMMETRIC_UPDATES(T)                                        \
  template void symmetric_rank1_update(const symmetric_update_problem<T>&); \
  template void symmetric_rank2_update(const symmetric_update_problem<T>&);
SWBLAS_SYMMETRIC_UPDATES(float)
SWBLAS_SYMMETRIC_UPDATES(double)
SWBLAS_SYMMETRIC_UPDATES(std::complex<float>)
SWBLAS_SYMMETRIC_UPDATES(std::complex<double>)
#undef SWBLAS_SYMMETRIC_UPDATES

}  // namespace swblas::level2
