// y := alpha A x + beta y for a symmetric or Hermitian A in full, band or
// packed storage (?symv, ?hemv, ?sbmv, ?hbmv, ?spmv, ?hpmv).
#include <algorithm>
#include <array>
#include <complex>

#include "pack_buffer.h"
#include "symmetric.h"
#include "symmetric_columns.h"
#include "summed_parts.h"
#include "vector_team.h"

namespace swblas::level2 {
namespace {

// Column j read once for both halves of A it stands for: as column j it
// adds temp1 A(i, j) to y(i) (an axpy), as row j (mirrored: conjugated if
// Hermitian) it adds the sum of A(j, i) x(i) to y(j) (a dot), with the
// reference's temp1 and temp2, in one pass of the axpy_dot primitive.
template <symmetry S, class T>
void accumulate_column(const stored_column<const T>& c, index_t j, T alpha, const T* x, T* y) {
  const vector_kernels<T>& k = vector_kernels_of<T>();
  const T temp1 = times(alpha, x[j]);
  const T temp2 = (S == symmetry::hermitian ? k.axpy_dotc : k.axpy_dotu)(c.count, temp1, c.off, x + c.first,
                                                                           y + c.first);
  y[j] = y[j] + times(temp1, diagonal<S>(*c.diag)) + times(alpha, temp2);
}

// Columns [j0, j1) into y: a thread could take a range with its own y to
// sum afterwards, since every column writes rows outside its range.
template <symmetry S, class T>
void accumulate_columns(const symmetric_product_problem<T>& p, index_t j0, index_t j1, T alpha, const T* x, T* y) {
  for (index_t j = j0; j < j1; ++j) accumulate_column<S>(column_of(p.storage, p.a, j), j, alpha, x, y);
}

// Full storage: diagonal blocks of kBlock columns by the ISA's
// symmetric_square (hermitian_square), and the rectangle beside each
// (above it for an upper triangle, below for a lower one) by gemv_nt (gemv_nc: Hermitian): it as columns and as the
// mirrored rows at once, a panel of rows at a time so that, where the
// primitive makes two passes (complex types), the second reads the panel
// from cache, not from memory.
template <class T>
constexpr index_t kBlock = 64;
template <class T>
constexpr index_t kPanelRows = index_t(256 * 1024 / (64 * sizeof(T)));

// The column blocks [b0, b1) into y.
template <symmetry S, class T>
void accumulate_full(const symmetric_product_problem<T>& p, index_t b0, index_t b1, T alpha, const T* x, T* y) {
  const vector_kernels<T>& k = vector_kernels_of<T>();
  const auto both_products = S == symmetry::hermitian ? k.gemv_nc : k.gemv_nt;
  const triangle_storage& s = p.storage;
  for (index_t j0 = b0 * kBlock<T>; j0 < std::min(s.n, b1 * kBlock<T>); j0 += kBlock<T>) {
    const index_t j1 = std::min(s.n, j0 + kBlock<T>), width = j1 - j0;
    const index_t r0 = s.upper ? 0 : j1, r1 = s.upper ? j0 : s.n;
    for (index_t i = r0; i < r1; i += kPanelRows<T>) {
      const index_t rows = std::min(kPanelRows<T>, r1 - i);
      const T* panel = p.a + i + j0 * s.lda;
      both_products(rows, width, alpha, panel, s.lda, x + j0, y + i, x + i, y + j0);
    }
    (S == symmetry::hermitian ? k.hermitian_square : k.symmetric_square)(width, s.upper, alpha,
                                                                          p.a + j0 + j0 * s.lda, s.lda, x + j0, y + j0);
  }
}

template <symmetry S, class T>
void accumulate_full_team(const symmetric_product_problem<T>& p, T alpha, const T* x, T* y) {
  const index_t n = p.storage.n, blocks = (n + kBlock<T> - 1) / kBlock<T>;
  // Every column writes rows outside its block: the parts are summed.
  const int nt = vector_team_size(blocks, sizeof(T) * std::size_t(n) * std::size_t(n) / 2);
  run_summed_parts(n, nt, y, "symv runs on fewer threads", [&](int t, int parts, T* w) {
    const bool upper = p.storage.upper;
    // Column block b of an upper triangle holds about b + 1/2 blocks.
    accumulate_full<S>(p, triangle_part_start(t, parts, blocks, upper), triangle_part_start(t + 1, parts, blocks, upper),
                       alpha, x, w);
  });
}

template <symmetry S, class T>
void accumulate_all(const symmetric_product_problem<T>& p, T alpha, const T* x, T* y) {
  if (p.storage.kind == storage_kind::full) return accumulate_full_team<S>(p, alpha, x, y);
  accumulate_columns<S>(p, 0, p.storage.n, alpha, x, y);
}

// symmetric_product on the caller's strided x and y, column by column as
// accumulate_column, one element after the other: the way round when no
// unit-stride copy can be had. Conjugated vectors: the product of conj(x)
// with conj(alpha), each increment of y conjugated (conj(beta) conj(y),
// conjugated, is beta y).
template <symmetry S, class T>
void strided_accumulate(const symmetric_product_problem<T>& p) {
  const bool conj = p.conjugated_vectors;
  if (p.beta != T(1))
    for (index_t i = 0; i < p.storage.n; ++i) p.y[i] = p.beta == T(0) ? T(0) : times(p.beta, p.y[i]);
  if (p.alpha == T(0)) return;
  const T alpha = conjugate_if(conj, p.alpha);
  for (index_t j = 0; j < p.storage.n; ++j) {
    const stored_column<const T> c = column_of(p.storage, p.a, j);
    const T temp1 = times(alpha, conjugate_if(conj, p.x[j]));
    T temp2 = T(0);
    for (index_t r = 0; r < c.count; ++r) {
      p.y[c.first + r] += conjugate_if(conj, times(temp1, c.off[r]));
      temp2 += times(mirrored<S>(c.off[r]), conjugate_if(conj, p.x[c.first + r]));
    }
    p.y[j] += conjugate_if(conj, times(temp1, diagonal<S>(*c.diag)) + times(alpha, temp2));
  }
}

}  // namespace

template <class T>
void symmetric_product(const symmetric_product_problem<T>& p) {
  const index_t n = p.storage.n;
  const bool conj = p.conjugated_vectors;
  const unit_stride_output<T> y(p.y, pack_role::vector_y);
  const T* x = y.data() && p.alpha != T(0) ? unit_stride_input(p.x, pack_role::vector_x, conj) : nullptr;
  if (!y.data() || (p.alpha != T(0) && !x))
    return p.kind == symmetry::hermitian ? strided_accumulate<symmetry::hermitian>(p)
                                         : strided_accumulate<symmetry::symmetric>(p);
  if (conj) conjugate_in_place(y.data(), n);
  scale_by_beta(conjugate_if(conj, p.beta), y.data(), n);
  if (p.alpha != T(0)) {
    const T alpha = conj ? conj_of(p.alpha) : p.alpha;
    if (p.kind == symmetry::hermitian)
      accumulate_all<symmetry::hermitian>(p, alpha, x, y.data());
    else
      accumulate_all<symmetry::symmetric>(p, alpha, x, y.data());
  }
  if (conj) conjugate_in_place(y.data(), n);
  y.finish();
}

template void symmetric_product(const symmetric_product_problem<float>&);
template void symmetric_product(const symmetric_product_problem<double>&);
template void symmetric_product(const symmetric_product_problem<std::complex<float>>&);
template void symmetric_product(const symmetric_product_problem<std::complex<double>>&);

}  // namespace swblas::level2
