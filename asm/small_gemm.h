// The small-problem layer (BLIS calls it "sup": small/unpacked problems):
// GEMMs too small or too skinny to pay for packing, multiplied with A and B
// in place. Each micro kernel may have one such routine, built next to it in
// its kernel file (make_small_gemm.h, implemented in small.h); the routine
// names its micro kernel, and the runtime finds it with small_gemm_for.
#pragma once

#include <cstddef>

#include "ukernel.h"

namespace swblas {

// Memory a small routine fetches (into L1 or L2) while it multiplies, a few
// cache lines per k step: the next problem of a batch, whose misses then
// overlap this problem's arithmetic instead of following it. Up to three
// byte ranges (the next A, B and C); the routine advances `next`, so a
// following call (the next k block) goes on where this one stopped.
struct prefetch_stream {
  static constexpr int kMaxRanges = 3;
  static constexpr std::size_t kLineBytes = 64;
  const char* next[kMaxRanges] = {};
  const char* end[kMaxRanges] = {};
  int ranges = 0;
  bool into_l1 = true;  // else into L2 (src/prefetch_policy.h says which)

  void add(const void* first, std::size_t bytes) {
    if (ranges == kMaxRanges || bytes == 0) return;
    next[ranges] = static_cast<const char*>(first);
    end[ranges] = next[ranges] + bytes;
    ++ranges;
  }
  // Lines of range r not fetched yet.
  std::size_t lines_left(int r) const {
    return next[r] < end[r] ? std::size_t(end[r] - next[r] + kLineBytes - 1) / kLineBytes : 0;
  }
  std::size_t lines_left() const {
    std::size_t lines = 0;
    for (int r = 0; r < ranges; ++r) lines += lines_left(r);
    return lines;
  }
};

// C[0:m,0:n] := alpha * A * op(B) + beta * C, any m, n, k (not limited to MR/NR),
// A column-major with unit row stride (element (i,l) at a[i + l*lda]),
// B element (l, j) at b[l*rs_b + j*cs_b], C column-major. beta == 0: C is
// not read. `ahead` (may be null) is fetched on the way.
template <class T>
using small_gemm_fn = void (*)(dim_t m, dim_t n, dim_t k, T alpha, const T* a, inc_t lda,
                               const T* b, inc_t rs_b, inc_t cs_b, T beta, T* c, inc_t ldc,
                               prefetch_stream* ahead);

// How the entries of a batch after the one being multiplied are fetched:
// not at all, whole as it starts, or as a prefetch_stream over its k steps.
enum class batch_fetch : int { none = 0, whole = 1, stream = 2 };

// A run of small problems of one shape, e.g. the entries of a batch group:
//   C_e[0:m, 0:n] := alpha * A_e * op(B_e) + beta * C_e,  e = 0..count-1,
// each as small_gemm_fn (A with unit row stride, B any strides, C
// column-major; same beta rule). Entry e's A is a_array[e], or
// a + e * stride_a when a_array is null; B and C likewise.
template <class T>
struct basic_small_batch {
  using fetch = batch_fetch;
  fetch ahead = fetch::whole;
  bool stream_into_l1 = true;  // where a stream goes (prefetch_stream::into_l1)
  dim_t count = 0, m = 0, n = 0, k = 0;
  T alpha = T(1), beta = T(0);
  const T* const* a_array = nullptr;
  const T* a = nullptr;
  inc_t stride_a = 0, lda = 0;
  const T* const* b_array = nullptr;
  const T* b = nullptr;
  inc_t stride_b = 0, rs_b = 1, cs_b = 0;
  T* const* c_array = nullptr;
  T* c = nullptr;
  inc_t stride_c = 0, ldc = 0;

  const T* a_of(dim_t e) const { return a_array ? a_array[e] : a + e * stride_a; }
  const T* b_of(dim_t e) const { return b_array ? b_array[e] : b + e * stride_b; }
  T* c_of(dim_t e) const { return c_array ? c_array[e] : c + e * stride_c; }
};

// Solves a batch whose m rows fit one strip of the small routine, in one
// loop over the entries (no per-entry set-up: for 8^3 problems it would
// cost as much as the product). Returns false, having done nothing, for
// more rows, or for a stream ahead of a one-block shape (one block fetches
// one range only).
template <class T>
using small_batch_fn = bool (*)(const basic_small_batch<T>& run);

// A micro kernel's small routine and where it pays (src/unpacked_gemm.h).
template <class T>
struct small_gemm_desc {
  using value_type = T;
  // The micro kernel it belongs to: its ISA, and its nr, the unit in which
  // threads split the columns of a problem of the unpacked path.
  const ukernel_desc<T>* ukernel;
  small_gemm_fn<T> gemm;
  small_batch_fn<T> batch;
  // gemm itself or, for a problem of one register block, that block: what
  // gemm would jump to for an m x n problem without a stream (m, n >= 1),
  // for callers that look it up once per shape rather than on every call.
  small_gemm_fn<T> (*routine_for)(dim_t m, dim_t n);
  // The routine beats the packed path for problems whose m, n and k are
  // all at most this (measured for each kernel).
  dim_t max_dim;
  // Whether it multiplies at the full-tile kernel's rate, so that skinny
  // problems take it too (MMA's is plain VSX: half rate).
  bool at_full_rate;
  // The rows of one vector: threads split the rows in whole vectors, so
  // that no part but the last ends in a partial one.
  dim_t row_unit;
  // The rows of a full strip: the routine walks the rows in strips of this
  // many while more than a strip and a vector are left, and cuts the rest
  // in one or two strips of its own.
  dim_t strip_rows;
};

using small_batch = basic_small_batch<double>;
using dgemm_small_fn = small_gemm_fn<double>;
using dgemm_small_batch_fn = small_batch_fn<double>;
using dgemm_small_desc = small_gemm_desc<double>;
using sgemm_small_desc = small_gemm_desc<float>;

// The small routines, one per kernel file, named after their micro kernel.
extern const dgemm_small_desc small_generic_4x4;
extern const dgemm_small_desc small_avx2_8x6;
extern const dgemm_small_desc small_avx512_24x8;
extern const dgemm_small_desc small_vsx_8x4;
extern const dgemm_small_desc small_mma_8x8;
extern const sgemm_small_desc small_f32_generic_4x4;
extern const sgemm_small_desc small_f32_avx2_16x6;
extern const sgemm_small_desc small_f32_avx512_48x8;
extern const sgemm_small_desc small_f32_vsx_16x4;
extern const sgemm_small_desc small_f32_mma_16x8;

// All small routines of element type T compiled into this build, in the
// order of their micro kernels (micro_kernels<T>, registry.h).
template <class T>
const small_gemm_desc<T>* const* small_routines(std::size_t* count);
template <>
const small_gemm_desc<double>* const* small_routines<double>(std::size_t* count);
template <>
const small_gemm_desc<float>* const* small_routines<float>(std::size_t* count);
inline const dgemm_small_desc* const* small_gemm_registry(std::size_t* count) {
  return small_routines<double>(count);
}

// The registered small routine of micro kernel u, or null when it has none.
template <class T>
const small_gemm_desc<T>* small_gemm_for(const ukernel_desc<T>& u) {
  std::size_t count = 0;
  const small_gemm_desc<T>* const* all = small_routines<T>(&count);
  for (std::size_t i = 0; i < count; ++i)
    if (all[i]->ukernel == &u) return all[i];
  return nullptr;
}

}  // namespace swblas
