// Packing buffers without allocation in the steady state: each OS thread
// owns one aligned buffer per role; it grows on demand and is reused by
// every later call on that thread. A team job's buffers are all the calling
// thread's, sliced per worker (thread_pool.h).
#pragma once

#include <algorithm>
#include <cstddef>

#include "../asm/ukernel.h"

namespace swblas {

// The roles one thread may need at the same time: the calling thread packs
// the B panel and the team-shared A block (parallel_loop::jr) while, as
// thread 0 of the team, it also packs its private A block (ic); a fused
// GEMM's unfused path first copies the transformed operand the GEMM reads.
// vector_x, vector_y: Level-1/2 vectors of non-unit increment, copied to
// unit stride (vector_view.h).
enum class pack_role : int { b_panel = 0, a_shared = 1, a_private = 2, operand_copy = 3, vector_x = 4, vector_y = 5 };

// This thread's buffer for `role`, at least `doubles` long and aligned to
// kPackAlignment, or null when memory is short (the buffer it had stays).
// Valid until the next call with the same role on the same thread.
double* try_thread_pack_buffer(pack_role role, std::size_t doubles);

// The same, where the caller has no way around a shortage: aborts with a
// message (it never throws).
double* thread_pack_buffer(pack_role role, std::size_t doubles);

template <class T>
std::size_t doubles_for(std::size_t elems) {
  static_assert(alignof(T) <= kPackAlignment);
  return (elems * sizeof(T) + sizeof(double) - 1) / sizeof(double);
}

// The same buffers for `elems` elements of T (real or complex).
template <class T>
T* try_thread_pack_buffer_of(pack_role role, std::size_t elems) {
  return reinterpret_cast<T*>(try_thread_pack_buffer(role, doubles_for<T>(elems)));
}
template <class T>
T* thread_pack_buffer_of(pack_role role, std::size_t elems) {
  return reinterpret_cast<T*>(thread_pack_buffer(role, doubles_for<T>(elems)));
}

// Slices of one buffer, one per worker of a team job (thread_pool.h), each
// `elems` long rounded up to whole kPackAlignment units.
template <class T>
std::size_t slice_elems(std::size_t elems) {
  const std::size_t unit = kPackAlignment / sizeof(T);
  return (elems + unit - 1) / unit * unit;
}

// Columns [j0, j1) of op(X) (element (i, j) at src[i*rs + j*cs]) copied into
// dst column-major with leading dimension rows, column j at dst + j*rows:
// the copies the fused prologue and the unpacked path's transposed A make
// into these buffers.
inline void copy_columns(dim_t rows, dim_t j0, dim_t j1, const double* src, inc_t rs, inc_t cs,
                         double* dst) {
  for (dim_t j = j0; j < j1; ++j) {
    double* col = dst + j * rows;
    const double* from = src + j * cs;
    if (rs == 1)
      std::copy(from, from + rows, col);
    else
      for (dim_t i = 0; i < rows; ++i) col[i] = from[i * rs];
  }
}

}  // namespace swblas
