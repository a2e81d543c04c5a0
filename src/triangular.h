// The Level-3 routines with a triangular A, after the interface has
// normalised them to column-major B: trmm and trsm on swblas::gemm.
#pragma once

#include <algorithm>
#include <complex>

#include "dispatch.h"
#include "structured_product.h"
#include "thread_pool.h"
#include "vector_kernels.h"

namespace swblas {

// B (m x n, column-major, leading dimension ldb) against op(A): op(A) B
// when `left`, B op(A) otherwise. `a` is op(A) with its strides, its
// conjugation and a triangular structure in op(A)'s coordinates (upper,
// unit_diag).
template <class T>
struct triangular_problem {
  bool left = true;
  dim_t m = 0, n = 0;
  T alpha = T(1);
  operand_of<T> a;
  T* b = nullptr;
  inc_t ldb = 0;
};

// B := alpha op(A) B or alpha B op(A).
template <class T>
void trmm(const triangular_problem<T>& p);

// B := X, the solution of op(A) X = alpha B or X op(A) = alpha B.
template <class T>
void trsm(const triangular_problem<T>& p);

// B's columns (left) or rows (right) are independent problems: op(A) mixes
// only the other dimension. A team splits them into parts that its threads
// solve or multiply alone, when each part is at least this wide.
constexpr dim_t kMinIndependentPart = 128;

// Part `part` of `parts` of p: its range of B's columns (left) or rows
// (right), in whole vectors of 16 where it can.
template <class T>
triangular_problem<T> independent_part(const triangular_problem<T>& p, int part, int parts) {
  triangular_problem<T> q = p;
  const part_range r = even_part(p.left ? p.n : p.m, 16, part, parts);
  if (p.left) {
    q.n = r.last - r.first;
    q.b = p.b + std::ptrdiff_t(r.first) * p.ldb;
  } else {
    q.m = r.last - r.first;
    q.b = p.b + r.first;
  }
  return q;
}

// f(p), or f of each part of p, each part alone on a thread of the team.
template <class T, class F>
void on_independent_parts(const triangular_problem<T>& p, F&& f) {
  const int threads = available_threads();
  const int parts = static_cast<int>(std::min<dim_t>(threads, (p.left ? p.n : p.m) / kMinIndependentPart));
  if (parts <= 1) return f(p);
  run_items(parts, parts, [&](dim_t part) { f(independent_part(p, static_cast<int>(part), parts)); });
}

// B's rows (left) or columns (right) [d0, d1) := beta times them + scalar
// * op(A)'s off-diagonal block (d, r) times B's rows or columns [r0, r1):
// one GEMM, trmm's off-diagonal product (scalar alpha) and trsm's update
// (-1, beta the alpha not yet applied to those rows).
template <class T>
void add_off_diagonal_product(const triangular_problem<T>& p, T scalar, dim_t d0, dim_t d1, dim_t r0, dim_t r1,
                              T beta = T(1)) {
  operand_of<T> off_diagonal = p.a;
  off_diagonal.structure = {};
  if (p.left) {
    off_diagonal.x = p.a.x + std::ptrdiff_t(d0) * p.a.rs + std::ptrdiff_t(r0) * p.a.cs;
    gemm(product_problem(d1 - d0, p.n, r1 - r0, scalar, off_diagonal, as_stored<T>(p.b + r0, p.ldb), beta,
                         p.b + d0, p.ldb));
  } else {
    off_diagonal.x = p.a.x + std::ptrdiff_t(r0) * p.a.rs + std::ptrdiff_t(d0) * p.a.cs;
    gemm(product_problem(p.m, d1 - d0, r1 - r0, scalar, as_stored<T>(p.b + std::ptrdiff_t(r0) * p.ldb, p.ldb),
                         off_diagonal, beta, p.b + std::ptrdiff_t(d0) * p.ldb, p.ldb));
  }
}

// The GEMM's k block in elements of T (two real steps an element in the
// 1m view of a complex T), in whole vectors of 16: the depth at which
// trmm's sweep over B goes, so that each block's GEMM is as deep as the
// GEMM's own k loop. (trsm swept so measured the same as its halving,
// within the noise, on Zen 4: it keeps the halving.)
template <class T>
dim_t gemm_depth() {
  using R = real_t<T>;
  const dim_t kc = engine_of<R>(active_dispatch()).blk.kc;
  return (std::is_same_v<T, R> ? kc : kc / 2) / 16 * 16;
}

// B := alpha B; with alpha == 0 B := 0 without reading it (NaN in B
// included), as the reference does before touching A.
template <class T>
void scale_b(const triangular_problem<T>& p) {
  if (p.alpha == T(1)) return;
  for (dim_t j = 0; j < p.n; ++j) {
    T* column = p.b + j * p.ldb;
    for (dim_t i = 0; i < p.m; ++i) column[i] = p.alpha == T(0) ? T(0) : p.alpha * column[i];
  }
}

}  // namespace swblas
