// ?gbmv on the vector primitives. Column j of a band matrix holds rows
// j - ku .. j + kl contiguously (matrix_storage.h), so A x adds one scaled
// column segment per column (a range of y's rows: the columns whose band
// meets it) and A^T x takes one dot product per column (a range of
// columns). Each segment is a one-column gemv_n / gemv_t / gemv_c: they
// form alpha x_j and alpha * dot as the reference does (no std::complex
// NaN recovery) around one axpy or dot.
#include <algorithm>
#include <complex>

#include "general.h"
#include "matrix_storage.h"
#include "matrix_vector.h"

namespace swblas::level2 {
namespace {

// y[first, last) += alpha A x: the rows [first, last) of the columns
// whose band meets them.
template <class T>
void band_rows(const matrix_vector_problem<T>& q, band_width band, const T* x, T* y, index_t first,
               index_t last) {
  const vector_kernels<T>& k = vector_kernels_of<T>();
  const index_t columns_end = std::min(q.n, last + band.ku);
  for (index_t j = std::max<index_t>(0, first - band.kl); j < columns_end; ++j) {
    const index_t top = std::max(first, j - band.ku), bottom = std::min(last, j + band.kl + 1);
    if (top < bottom)
      k.gemv_n(bottom - top, 1, q.alpha, q.a + band_offset(top, j, band.ku, q.lda), q.lda, x + j, y + top);
  }
}

// y[first, last) += alpha op(A) x for op(A) = A^T or A^H: one dot product
// per column, an empty one included (the reference adds alpha * 0 then).
template <class T>
void band_columns(const matrix_vector_problem<T>& q, band_width band, const T* x, T* y, index_t first,
                  index_t last) {
  const vector_kernels<T>& k = vector_kernels_of<T>();
  const auto product = q.op == matrix_op::conj_trans ? k.gemv_c : k.gemv_t;
  for (index_t j = first; j < last; ++j) {
    const index_t top = std::max<index_t>(0, j - band.ku), bottom = std::max(top, std::min(q.m, j + band.kl + 1));
    product(bottom - top, 1, q.alpha, q.a + band_offset(top, j, band.ku, q.lda), q.lda, x + top, y + j);
  }
}

}  // namespace

template <class T>
void gbmv(const matrix_vector_problem<T>& p, band_width band) {
  const index_t stored = p.n * std::min(p.m, band.kl + band.ku + 1);
  matrix_vector_product(p, stored, [band](const matrix_vector_problem<T>& q, const T* x, T* y, index_t first,
                                          index_t last) {
    if (transposes(q.op)) band_columns(q, band, x, y, first, last);
    else band_rows(q, band, x, y, first, last);
  }, [&p, band](index_t j) {
    const index_t top = std::max<index_t>(0, j - band.ku), bottom = std::max(top, std::min(p.m, j + band.kl + 1));
    return matrix_column<T>{top, bottom - top, p.a + band_offset(top, j, band.ku, p.lda)};
  });
}

template void gbmv(const matrix_vector_problem<float>&, band_width);
template void gbmv(const matrix_vector_problem<double>&, band_width);
template void gbmv(const matrix_vector_problem<std::complex<float>>&, band_width);
template void gbmv(const matrix_vector_problem<std::complex<double>>&, band_width);

}  // namespace swblas::level2
