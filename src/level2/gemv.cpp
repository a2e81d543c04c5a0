// ?gemv on the vector primitives: gemv_n for A x (a range of y's rows),
// gemv_t / gemv_c for A^T x and A^H x (a range of A's columns).
#include <algorithm>
#include <complex>

#include "general.h"
#include "matrix_vector.h"
#include "summed_parts.h"

namespace swblas::level2 {
namespace {

// y[first, last) += alpha A x, block of rows by block of rows (anchored_rows).
template <class T>
void rows_of_product(const matrix_vector_problem<T>& q, const T* x, T* y, index_t first, index_t last) {
  const vector_kernels<T>& k = vector_kernels_of<T>();
  anchored_rows(q.a, first, last, kRowBlock<T>,
                [&](index_t b, index_t e) { k.gemv_n(e - b, q.n, q.alpha, q.a + b, q.lda, x, y + b); });
}

// y[first, last) += alpha A^T x (or A^H x): the columns [first, last),
// their dot products summed over blocks of rows (not cut at cache lines,
// whose sums would depend on where A lies: see team_dot).
template <class T>
void columns_of_product(const matrix_vector_problem<T>& q, const T* x, T* y, index_t first, index_t last) {
  const vector_kernels<T>& k = vector_kernels_of<T>();
  const auto product = q.op == matrix_op::conj_trans ? k.gemv_c : k.gemv_t;
  for (index_t i = 0; i < q.m; i += kRowBlock<T>)
    product(std::min(kRowBlock<T>, q.m - i), last - first, q.alpha, q.a + i + first * q.lda, q.lda, x + i,
            y + first);
}

template <class T>
void gemv_part(const matrix_vector_problem<T>& q, const T* x, T* y, index_t first, index_t last) {
  if (transposes(q.op)) columns_of_product(q, x, y, first, last);
  else rows_of_product(q, x, y, first, last);
}

// A x beyond this many bytes of A goes by a team over A's columns, not y's
// rows: each thread then streams one contiguous part of A, where by rows it
// reads a piece of every column. Measured on Zen 5, two threads, dgemv_n of
// 4000^2, 30 alternating runs of each: median 54.2 -> 54.8 GB/s, best 73 ->
// 90 (the host's shared memory bounds most runs); at 2000^2 (A in L3) even,
// smaller ones faster by rows.
constexpr std::size_t kColumnTeamBytes = std::size_t{48} << 20;

// y += alpha A x, A's columns split among a team, each part summed into a
// vector of its own (summed_parts.h).
template <class T>
void by_column_parts(const matrix_vector_problem<T>& q, const T* x, T* y, int nt) {
  run_summed_parts(q.m, nt, y, "gemv runs on fewer threads", [&](int t, int parts, T* w) {
    index_t first, last;
    range_of(q.n, kRangeAlign, t, parts, &first, &last);
    matrix_vector_problem<T> part = q;
    part.n = last - first;
    part.a = q.a + first * q.lda;
    rows_of_product(part, x + first, w, 0, q.m);
  });
}

}  // namespace

template <class T>
void gemv(const matrix_vector_problem<T>& p) {
  const auto column = [&p](index_t j) { return matrix_column<T>{0, p.m, p.a + j * p.lda}; };
  const std::size_t bytes = sizeof(T) * std::size_t(p.m) * std::size_t(p.n);
  if (!transposes(p.op) && bytes > kColumnTeamBytes) {
    if (const int nt = vector_team_size(p.n, bytes); nt > 1) {
      // One range of y on the calling thread, whose product is the team's.
      const auto product = [nt](const matrix_vector_problem<T>& q, const T* x, T* y, index_t, index_t) {
        by_column_parts(q, x, y, nt);
      };
      return matrix_vector_product(p, 0, product, column);
    }
  }
  matrix_vector_product(p, p.m * p.n, gemv_part<T>, column);
}

template void gemv(const matrix_vector_problem<float>&);
template void gemv(const matrix_vector_problem<double>&);
template void gemv(const matrix_vector_problem<std::complex<float>>&);
template void gemv(const matrix_vector_problem<std::complex<double>>&);

}  // namespace swblas::level2
