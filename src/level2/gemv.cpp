// ?gemv on the vector primitives: gemv_n for A x (a range of y's rows),
// gemv_t / gemv_c for A^T x and A^H x (a range of A's columns).
#include <algorithm>
#include <complex>

#include "general.h"
#include "matrix_vector.h"

namespace swblas::level2 {
namespace {

// y[first, last) += alpha A x, block of rows by block of rows.
template <class T>
void rows_of_product(const matrix_vector_problem<T>& q, const T* x, T* y, index_t first, index_t last) {
  const vector_kernels<T>& k = vector_kernels_of<T>();
  for (index_t i = first; i < last; i += kRowBlock<T>)
    k.gemv_n(std::min(kRowBlock<T>, last - i), q.n, q.alpha, q.a + i, q.lda, x, y + i);
}

// y[first, last) += alpha A^T x (or A^H x): the columns [first, last),
// their dot products summed over blocks of rows.
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
