// ?gemv on the vector primitives: gemv_n for A x (a range of y's rows),
// gemv_t / gemv_c for A^T x and A^H x (a range of A's columns).
#include <algorithm>
#include <complex>

#include "general.h"
#include "matrix_vector.h"

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

}  // namespace

template <class T>
void gemv(const matrix_vector_problem<T>& p) {
  matrix_vector_product(p, p.m * p.n, gemv_part<T>,
                        [&p](index_t j) { return matrix_column<T>{0, p.m, p.a + j * p.lda}; });
}

template void gemv(const matrix_vector_problem<float>&);
template void gemv(const matrix_vector_problem<double>&);
template void gemv(const matrix_vector_problem<std::complex<float>>&);
template void gemv(const matrix_vector_problem<std::complex<double>>&);

}  // namespace swblas::level2
