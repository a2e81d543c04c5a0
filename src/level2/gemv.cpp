// ?gemv on the vector primitives: gemv_n for A x (a range of y's rows),
// gemv_t / gemv_c for A^T x and A^H x (a range of A's columns).
#include <complex>

#include "general.h"
#include "matrix_vector.h"

namespace swblas::level2 {
namespace {

// y[first, last) += alpha op(A) x: rows of A, or columns when transposed.
template <class T>
void gemv_part(const matrix_vector_problem<T>& q, const T* x, T* y, index_t first, index_t last) {
  const vector_kernels<T>& k = vector_kernels_of<T>();
  if (!transposes(q.op)) return k.gemv_n(last - first, q.n, q.alpha, q.a + first, q.lda, x, y + first);
  const auto product = q.op == matrix_op::conj_trans ? k.gemv_c : k.gemv_t;
  product(q.m, last - first, q.alpha, q.a + first * q.lda, q.lda, x, y + first);
}

}  // namespace

template <class T>
void gemv(const matrix_vector_problem<T>& p) {
  matrix_vector_product(p, gemv_part<T>);
}

template void gemv(const matrix_vector_problem<float>&);
template void gemv(const matrix_vector_problem<double>&);
template void gemv(const matrix_vector_problem<std::complex<float>>&);
template void gemv(const matrix_vector_problem<std::complex<double>>&);

}  // namespace swblas::level2
