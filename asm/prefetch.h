// Software prefetch of whole stored matrices: the operands of a small
// problem about to be solved (a batch's next entry), whose misses then
// overlap instead of arriving one k step at a time.
//
// Internal linkage on purpose: kernel files compile this header with their
// ISA flags, and an inline function with external linkage could be merged by
// the linker into code that must run on any CPU (README).
#pragma once

#include "small_gemm.h"

namespace swblas {
namespace {  // NOLINT(cert-dcl59-cpp,google-build-namespaces): see above

// __builtin_prefetch locality hints: 3 is prefetcht0 (into L1), 1 is
// prefetcht2 (into L2 on the AMD and Intel cores swblas targets).
constexpr int kIntoL1 = 3;
constexpr int kIntoL2 = 1;

// Every cache line of x[0:n], n >= 1, x not necessarily on a line boundary
// (hence the last element's line).
template <int Locality = kIntoL1, class T>
__attribute__((always_inline)) inline void prefetch_span(const T* x, dim_t n) {
  constexpr dim_t kLineElements = 64 / sizeof(T);
  for (dim_t i = 0; i < n - 1; i += kLineElements) __builtin_prefetch(x + i, 0, Locality);
  __builtin_prefetch(x + n - 1, 0, Locality);
}

// Every cache line of a column-major stored matrix (rows x cols, column
// stride ld), into every cache level.
template <class T>
inline void prefetch_matrix(const T* x, dim_t rows, dim_t cols, inc_t ld) {
  if (rows <= 0 || cols <= 0) return;
  // Contiguous: one span, each line once (an 8^3 problem's 24 lines instead
  // of 48 prefetches column by column: a batch of them 1.35x faster).
  if (ld == rows) return prefetch_span(x, rows * cols);
  for (dim_t j = 0; j < cols; ++j) prefetch_span(x + j * ld, rows);
}

// The column-major stored matrix behind op(X) (rows x cols of op(X),
// strides rs, cs): one of the strides is 1, the other the column stride.
struct stored_matrix {
  dim_t rows, cols;
  inc_t ld;
};

inline stored_matrix storage_of(dim_t rows, dim_t cols, inc_t rs, inc_t cs) {
  return rs == 1 ? stored_matrix{rows, cols, cs} : stored_matrix{cols, rows, rs};
}

// op(X), rows x cols, element (i, j) at x[i*rs + j*cs].
template <class T>
inline void prefetch_operand(const T* x, dim_t rows, dim_t cols, inc_t rs, inc_t cs) {
  const stored_matrix m = storage_of(rows, cols, rs, cs);
  prefetch_matrix(x, m.rows, m.cols, m.ld);
}

// The storage span of op(X) (rows x cols, strides rs, cs, one of them 1),
// added to s when it is not mostly gaps (leading dimension at most twice
// the column: then fetching the span costs at most twice the lines used).
template <class T>
inline void add_operand(prefetch_stream& s, const T* x, dim_t rows, dim_t cols, inc_t rs,
                        inc_t cs) {
  const stored_matrix m = storage_of(rows, cols, rs, cs);
  if (m.rows <= 0 || m.cols <= 0 || (m.cols > 1 && m.ld > 2 * m.rows)) return;
  s.add(x, sizeof(T) * std::size_t((m.cols - 1) * m.ld + m.rows));
}

// The operands of one problem, C[0:m, 0:n] += op(A)[0:m, 0:k] * op(B)[0:k, 0:n]
// (op(X) element (i, j) at x[i*rs + j*cs], C column-major): every line now,
// or as a stream.
template <class T>
inline void prefetch_problem(dim_t m, dim_t n, dim_t k, const T* a, inc_t rs_a, inc_t cs_a, const T* b,
                             inc_t rs_b, inc_t cs_b, const T* c, inc_t ldc) {
  prefetch_operand(a, m, k, rs_a, cs_a);
  prefetch_operand(b, k, n, rs_b, cs_b);
  prefetch_matrix(c, m, n, ldc);
}

template <class T>
inline prefetch_stream problem_stream(dim_t m, dim_t n, dim_t k, const T* a, inc_t rs_a, inc_t cs_a,
                                      const T* b, inc_t rs_b, inc_t cs_b, const T* c, inc_t ldc,
                                      bool into_l1) {
  prefetch_stream ranges;
  ranges.into_l1 = into_l1;
  add_operand(ranges, a, m, k, rs_a, cs_a);
  add_operand(ranges, b, k, n, rs_b, cs_b);
  add_operand(ranges, c, m, n, 1, ldc);
  return ranges;
}

// Entry e of a small_batch, likewise.
template <class T>
inline void prefetch_entry(const basic_small_batch<T>& s, dim_t e) {
  prefetch_problem(s.m, s.n, s.k, s.a_of(e), 1, s.lda, s.b_of(e), s.rs_b, s.cs_b, s.c_of(e),
                   s.ldc);
}

template <class T>
inline prefetch_stream entry_stream(const basic_small_batch<T>& s, dim_t e) {
  return problem_stream(s.m, s.n, s.k, s.a_of(e), 1, s.lda, s.b_of(e), s.rs_b, s.cs_b,
                        s.c_of(e), s.ldc, s.stream_into_l1);
}

}  // namespace
}  // namespace swblas
