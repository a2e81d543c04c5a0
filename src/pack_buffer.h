// Packing buffers without allocation in the steady state: each OS thread
// owns one aligned buffer per role; it grows on demand and is reused by
// every later call on that thread. A team job's buffers are all the calling
// thread's, sliced per worker (thread_pool.h).
//
// A BLAS must not end the process that calls it: when a buffer cannot be
// had (an address-space limit, malloc failing), every caller takes another
// route to the same result. GEMM shrinks its team and blocks (gemm.cpp);
// the fused GEMM, trmm and the rank-k updates work in smaller pieces, down
// to what a static shortage_arena holds; the unpacked path's transposed A
// uses the other arena; symv takes fewer threads; strided vectors are read
// in place (vector_view.h). The first of them prints the process's one
// warning (warn_memory_short) when SWBLAS_VERBOSE is set.
#pragma once

#include <algorithm>
#include <cstddef>
#include <mutex>

#include "../asm/ukernel.h"

namespace swblas {

// The roles one thread may need at the same time: the calling thread packs
// the B panel and the team-shared A block (parallel_loop::jr) while, as
// thread 0 of the team, it also packs its private A block (ic). operand_copy
// is what a driver keeps while it calls GEMMs: a fused GEMM's transformed
// operand, trmm's saved B block, a rank-k update's diagonal block, symv's
// and a large gemv_n's per-thread vectors (level2/summed_parts.h). vector_x, vector_y: Level-1/2 vectors of non-unit
// increment, copied to unit stride (vector_view.h). one_m_copy: a complex
// GEMM's operands copied by the 1m rule for the real route
// (complex_gemm.cpp), which may be called while a driver holds its
// operand_copy. epilogue_bias: a fused SGEMM's bias rounded to float, which
// its team's micro kernels read. a_unpacked: the unpacked path's copies of A
// (unpacked_gemm.h), taken while a batch holds its a_private block, which a
// larger request would move.
enum class pack_role : int {
  b_panel = 0,
  a_shared = 1,
  a_private = 2,
  operand_copy = 3,
  vector_x = 4,
  vector_y = 5,
  one_m_copy = 6,
  epilogue_bias = 7,
  a_unpacked = 8
};

// This thread's buffer for `role`, at least `doubles` long and aligned to
// kPackAlignment, or null when memory is short (the buffer it had stays).
// Valid until the next call with the same role on the same thread.
double* try_thread_pack_buffer(pack_role role, std::size_t doubles);

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

// Where a call goes when its thread's buffer cannot be had: a fixed static
// arena (static, not thread_local: a thread_local one is allocated with
// each thread, or on first use in a dlopen()ed library, when memory may be
// short), held by one call at a time. A driver's pieces (fused GEMM, trmm,
// rank-k updates) hold `driver` while they call GEMMs, whose unpacked path
// may hold `gemm_block`; never the other way round, so waits cannot cycle.
enum class shortage_arena : int { driver = 0, gemm_block = 1 };
inline constexpr std::size_t kShortageArenaBytes = std::size_t{128} << 10;

class arena_lease {
 public:
  explicit arena_lease(shortage_arena which);  // waits while another call holds it
  template <class T>
  T* data() const {
    static_assert(alignof(T) <= kPackAlignment);
    return reinterpret_cast<T*>(data_);
  }
  template <class T>
  static constexpr std::size_t elems() {
    return kShortageArenaBytes / sizeof(T);
  }

 private:
  std::unique_lock<std::mutex> lock_;
  unsigned char* data_;
};

// "swblas: warning: memory is short: <what>; later calls may too", once per
// process and only when SWBLAS_VERBOSE is set.
void warn_memory_short(const char* what);

// Slices of one buffer, one per worker of a team job (thread_pool.h), each
// `elems` long rounded up to whole kPackAlignment units.
template <class T>
std::size_t slice_elems(std::size_t elems) {
  const std::size_t unit = kPackAlignment / sizeof(T);
  return (elems + unit - 1) / unit * unit;
}

// Columns [j0, j1) of op(X) (element (i, j) at src[i*rs + j*cs]) copied into
// dst column-major with leading dimension ld, column j at dst + j*ld: the
// copies the fused prologue and the unpacked path's A make into these buffers.
template <class T>
inline void copy_columns(dim_t rows, dim_t j0, dim_t j1, const T* src, inc_t rs, inc_t cs, T* dst, inc_t ld) {
  for (dim_t j = j0; j < j1; ++j) {
    T* col = dst + j * ld;
    const T* from = src + j * cs;
    if (rs == 1)
      std::copy(from, from + rows, col);
    else
      for (dim_t i = 0; i < rows; ++i) col[i] = from[i * rs];
  }
}

// The same, packed: leading dimension rows.
template <class T>
inline void copy_columns(dim_t rows, dim_t j0, dim_t j1, const T* src, inc_t rs, inc_t cs, T* dst) {
  copy_columns(rows, j0, j1, src, rs, cs, dst, rows);
}

}  // namespace swblas
