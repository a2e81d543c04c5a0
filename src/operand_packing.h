// Packing rules beyond the micro kernel's own strided packing: operands read
// through a stored triangle (operand_structure, macro_kernel.h) and the 1m
// rule of complex problems (complex_view), element by element where no
// vector form applies. The plain real case keeps the micro kernel's vector
// packing, and so do a triangle's panels off the diagonal and a general
// complex A with contiguous columns (the micro kernel's 1m packing): at
// full speed element-by-element packing took 8-9 % of a GEMM.
//
// The 1m rule: complex element (i, l) of op(A), times alpha and conjugated
// as asked, a = ar + i ai, becomes the 2 x 2 real block at rows 2i, 2i+1 and
// steps 2l, 2l+1 of the packed A:
//     [ ar  -ai ]
//     [ ai   ar ]
// and element (l, j) of op(B), b = br + i bi, the two real steps 2l, 2l+1 of
// column j: br, bi. Row 2i of the real product is then ar br - ai bi, the
// real part of a b, row 2i + 1 ai br + ar bi, its imaginary part: exactly
// where column-major complex C keeps them (real view: 2m x n, column
// stride 2 ldc). Real rows, steps and their block offsets are even there,
// since mr and the blocking's kc are (complex_gemm.cpp makes kc even).
#pragma once

#include <algorithm>
#include <complex>

#include "macro_kernel.h"

namespace swblas {

// Element (i, l) of an operand x with strides rs, cs (of op(X)) and
// structure s. E is the element type as stored: real, or std::complex.
template <class E>
E element_at(const E* x, inc_t rs, inc_t cs, const operand_structure& s, dim_t i, dim_t l) {
  if (s.kind == structure::general) return x[i * rs + l * cs];
  i += s.row0;
  l += s.col0;
  const bool stored = s.upper ? i <= l : i >= l;
  switch (s.kind) {
    case structure::symmetric: return stored ? x[i * rs + l * cs] : x[l * rs + i * cs];
    case structure::hermitian:
      if constexpr (!std::is_arithmetic_v<E>) {
        if (i == l) return E(x[i * rs + i * cs].real());
        return stored ? x[i * rs + l * cs] : std::conj(x[l * rs + i * cs]);
      }
      return stored ? x[i * rs + l * cs] : x[l * rs + i * cs];
    case structure::triangular:
      if (i == l && s.unit_diag) return E(1);
      return stored ? x[i * rs + l * cs] : E(0);
    case structure::general: break;
  }
  return x[i * rs + l * cs];
}

// Whether p's A (B) needs this file's packing rather than the micro
// kernel's strided one.
template <class T>
bool packs_by_element_a(const basic_gemm_problem<T>& p) {
  return p.complex || p.a_structure.kind != structure::general;
}
template <class T>
bool packs_by_element_b(const basic_gemm_problem<T>& p) {
  return (p.complex && (p.complex->conj_b || p.rs_b != 1)) || p.b_structure.kind != structure::general;
}

namespace operand_packing_detail {

// The 1m A format from read(i, l), complex element (i, l) of op(A) as the
// product uses it (structure and conjugation applied): step by step across
// every micro-panel of the block, so that a column-major A is read down
// its columns.
template <class T, class Read>
void pack_a_1m(std::complex<T> alpha, dim_t mr, dim_t i0, dim_t rows, dim_t l0, dim_t kc, T* ap, const Read& read) {
  for (dim_t l = 0; l < kc / 2; ++l)
    for (dim_t r0 = 0; r0 < rows; r0 += mr) {
      const dim_t width = std::min(mr, rows - r0);
      T* even = ap + r0 * kc + 2 * l * mr;  // step 2l: ar, ai down the rows
      T* odd = even + mr;                   // step 2l + 1: -ai, ar
      const dim_t first = (i0 + r0) / 2, column = l0 / 2 + l;
      for (dim_t r = 0; r < width; r += 2) {
        const std::complex<T> z = read(first + r / 2, column);
        const T ar = alpha.real() * z.real() - alpha.imag() * z.imag();
        const T ai = alpha.real() * z.imag() + alpha.imag() * z.real();
        even[r] = ar;
        even[r + 1] = ai;
        odd[r] = -ai;
        odd[r + 1] = ar;
      }
      std::fill(even + width, even + mr, T(0));
      std::fill(odd + width, odd + mr, T(0));
    }
}

}  // namespace operand_packing_detail

// Rows [i0, i0 + rows) x steps [l0, l0 + kc) of op(A) (the real view of a
// complex problem: its real rows and steps) into the A format of an mr-row
// micro kernel, zero padded.
template <class T>
void pack_a_by_element(const basic_gemm_problem<T>& p, dim_t mr, dim_t i0, dim_t rows, dim_t l0, dim_t kc, T* ap) {
  if (!p.complex) {
    for (dim_t r0 = 0; r0 < rows; r0 += mr, ap += mr * kc) {
      const dim_t width = std::min(mr, rows - r0);
      for (dim_t l = 0; l < kc; ++l) {
        T* step = ap + l * mr;
        for (dim_t r = 0; r < width; ++r) step[r] = element_at(p.a, p.rs_a, p.cs_a, p.a_structure, i0 + r0 + r, l0 + l);
        std::fill(step + width, step + mr, T(0));
      }
    }
    return;
  }
  using operand_packing_detail::pack_a_1m;
  const complex_view<T>& v = *p.complex;
  const std::complex<T> alpha(v.alpha_re, v.alpha_im);
  const auto* a = reinterpret_cast<const std::complex<T>*>(p.a);
  const inc_t rs = p.rs_a, cs = p.cs_a;
  // The general operand, the common case, without a test per element.
  if (p.a_structure.kind == structure::general) {
    if (v.conj_a)
      return pack_a_1m(alpha, mr, i0, rows, l0, kc, ap,
                       [&](dim_t i, dim_t l) { return std::conj(a[i * rs + l * cs]); });
    return pack_a_1m(alpha, mr, i0, rows, l0, kc, ap, [&](dim_t i, dim_t l) { return a[i * rs + l * cs]; });
  }
  pack_a_1m(alpha, mr, i0, rows, l0, kc, ap, [&](dim_t i, dim_t l) {
    const std::complex<T> z = element_at(a, rs, cs, p.a_structure, i, l);
    return v.conj_a ? std::conj(z) : z;
  });
}

// The 1m A format of a general complex op(A) whose columns are contiguous
// (rs_a 1), by micro kernel u's vector packing where it has one (asm/pack.h:
// its arithmetic is the Level-1 kernels' product by a complex scalar);
// false where that does not apply. Element by element (pack_a_by_element),
// packing A took 8 % of a two-thread 1000^3 ZGEMM on Zen 5.
// An op(A) whose rows are contiguous (cs_a 1: A^T, A^H) goes the same way a
// chunk of steps of a micro-panel at a time, first turned into contiguous
// columns in a buffer on the stack (element by element, 6 % of a 1000^3
// cgemm TN on Zen 5).
template <class T>
bool pack_a_1m_by_vectors(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, dim_t i0, dim_t rows, dim_t l0,
                          dim_t kc, T* ap) {
  if (!p.complex || !u.pack_a_1m || p.a_structure.kind != structure::general) return false;
  const complex_view<T>& v = *p.complex;
  if (p.rs_a == 1) {
    // Complex element (i0 / 2, l0 / 2) is 2 (i0 / 2) + 2 (l0 / 2) cs_a reals in.
    u.pack_a_1m(rows, kc, p.a + i0 + l0 * p.cs_a, 2 * p.cs_a, v.alpha_re, v.alpha_im, v.conj_a, ap);
    return true;
  }
  constexpr dim_t kChunkSteps = 8, kMostRows = 64;  // complex steps; real rows of a micro-panel
  if (p.cs_a != 1 || u.mr > kMostRows) return false;
  T columns[kChunkSteps * kMostRows];
  const dim_t mr = u.mr;
  for (dim_t r0 = 0; r0 < rows; r0 += mr)
    for (dim_t l = 0; l < kc / 2; l += kChunkSteps) {
      const dim_t width = std::min(mr, rows - r0), steps = std::min(kChunkSteps, kc / 2 - l);
      // Complex row (i0 + r0) / 2 + i, step l0 / 2 + l is 2 ((i0 + r0) / 2 + i) rs_a + 2 (l0 / 2 + l) reals in.
      const T* row = p.a + (i0 + r0) * p.rs_a + l0 + 2 * l;
      for (dim_t i = 0; i < width / 2; ++i, row += 2 * p.rs_a)
        for (dim_t q = 0; q < steps; ++q) {
          columns[q * mr + 2 * i] = row[2 * q];
          columns[q * mr + 2 * i + 1] = row[2 * q + 1];
        }
      u.pack_a_1m(width, 2 * steps, columns, mr, v.alpha_re, v.alpha_im, v.conj_a, ap + r0 * kc + 2 * l * mr);
    }
  return true;
}

// The 1m B format of a general complex op(B) whose rows are contiguous
// (cs_b 1: a product by A^T or A^H, as in syrk and herk), by micro kernel
// u's packing; false where that does not apply.
template <class T>
bool pack_b_1m_by_vectors(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, dim_t l0, dim_t kc, dim_t j0,
                          dim_t cols, T* bp) {
  if (!p.complex || !u.pack_b_1m || p.b_structure.kind != structure::general || p.cs_b != 1) return false;
  // Complex element (l0 / 2, j0) is 2 (l0 / 2) rs_b + 2 j0 reals in.
  u.pack_b_1m(kc, cols, p.b + l0 * p.rs_b + 2 * j0, 2 * p.rs_b, p.complex->conj_b, bp);
  return true;
}

namespace operand_packing_detail {

// The 1m B format from read(l, j), complex element (l, j) of op(B) as the
// product uses it.
template <class T, class Read>
void pack_b_1m(dim_t nr, dim_t l0, dim_t kc, dim_t j0, dim_t cols, T* bp, const Read& read) {
  for (dim_t c0 = 0; c0 < cols; c0 += nr, bp += nr * kc) {
    const dim_t width = std::min(nr, cols - c0);
    for (dim_t l = 0; l < kc / 2; ++l) {
      T* even = bp + 2 * l * nr;  // step 2l: br across the columns
      T* odd = even + nr;         // step 2l + 1: bi
      for (dim_t c = 0; c < width; ++c) {
        const std::complex<T> z = read(l0 / 2 + l, j0 + c0 + c);
        even[c] = z.real();
        odd[c] = z.imag();
      }
      std::fill(even + width, even + nr, T(0));
      std::fill(odd + width, odd + nr, T(0));
    }
  }
}

// A real operand read through a stored triangle, seen as micro-panels:
// lane (row of A, column of B) and step. Indices in the whole stored matrix
// are the problem's plus lane_offset and step_offset (operand_structure's
// row0 and col0), and element (lane, step) is stored at
// x[lane * lane_stride + step * step_stride] in them.
template <class T>
struct triangle_lanes {
  const T* x;
  inc_t lane_stride, step_stride;
  dim_t lane_offset, step_offset;
  bool stored_after;    // the stored triangle: steps at or after a lane's diagonal (else at or before)
  bool mirror_is_zero;  // a triangular operand (else symmetric: the mirrored element)
};

// Lanes [lane0, lane0 + width) of steps [l0, l0 + kc) into one micro-panel of
// P lanes a step at dst. On each side of the band of steps where the
// panel's lanes meet the diagonal every lane is in one triangle: the stored
// one is packed as stored by pack(width, steps, x, lane_stride,
// step_stride, dst) (the micro kernel's vector packing), the mirrored one
// the same way with the strides swapped, or zeros. In the band, a step's
// lanes on either side of its diagonal lane are runs of one triangle each,
// copied as such; only the diagonal lane goes by element(lane, step) (a
// unit diagonal). Element by element, the band cost strmm of 1000 6 %.
template <class T, class Pack, class Element>
void pack_triangle_panel(const triangle_lanes<T>& t, dim_t P, dim_t lane0, dim_t width, dim_t l0, dim_t kc, T* dst,
                         const Pack& pack, const Element& element) {
  const dim_t shift = t.lane_offset - t.step_offset;  // a lane's diagonal step: lane + shift
  const dim_t band0 = std::clamp(lane0 + shift, l0, l0 + kc);
  const dim_t band1 = std::clamp(lane0 + width + shift, band0, l0 + kc);
  const dim_t lane = lane0 + t.lane_offset;  // in the stored matrix
  const auto plain = [&](dim_t from, dim_t to, bool stored) {
    if (from >= to) return;
    T* d = dst + (from - l0) * P;
    const dim_t step = from + t.step_offset;
    if (stored)
      pack(width, to - from, t.x + lane * t.lane_stride + step * t.step_stride, t.lane_stride, t.step_stride, d);
    else if (t.mirror_is_zero)
      std::fill(d, d + (to - from) * P, T(0));
    else
      pack(width, to - from, t.x + step * t.lane_stride + lane * t.step_stride, t.step_stride, t.lane_stride, d);
  };
  plain(l0, band0, !t.stored_after);
  for (dim_t l = band0; l < band1; ++l) {
    T* step = dst + (l - l0) * P;
    const dim_t x_step = l + t.step_offset;  // in the stored matrix
    const dim_t d = l - lane0 - shift;         // the panel's lane on the diagonal
    // Lanes [r0, r1) of this step, of the stored triangle or the mirrored one.
    const auto run = [&](dim_t r0, dim_t r1, bool stored) {
      if (stored) {
        const T* x = t.x + lane * t.lane_stride + x_step * t.step_stride;
        for (dim_t r = r0; r < r1; ++r) step[r] = x[r * t.lane_stride];
      } else if (t.mirror_is_zero) {
        std::fill(step + r0, step + r1, T(0));
      } else {
        const T* x = t.x + x_step * t.lane_stride + lane * t.step_stride;
        for (dim_t r = r0; r < r1; ++r) step[r] = x[r * t.step_stride];
      }
    };
    // Stored after its diagonal, a lane before d is at a step after its own.
    run(0, d, t.stored_after);
    step[d] = element(lane0 + d, l);
    run(d + 1, width, !t.stored_after);
    std::fill(step + width, step + P, T(0));
  }
  plain(band1, l0 + kc, t.stored_after);
}

}  // namespace operand_packing_detail

// A real A or B read through a stored triangle (p.complex null, structure
// not general), packed for micro kernel u: pack_a_by_element's and
// pack_b_by_element's result, with the micro kernel's packing off the
// diagonal's band.
template <class T>
void pack_structured_a(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, dim_t i0, dim_t rows, dim_t l0,
                       dim_t kc, T* ap) {
  const operand_structure& s = p.a_structure;
  // Element (i, l) is stored where i + row0 <= l + col0 (upper) or >= (lower).
  const operand_packing_detail::triangle_lanes<T> t{p.a, p.rs_a, p.cs_a, s.row0, s.col0, s.upper,
                                                    s.kind == structure::triangular};
  const auto pack = [&u](dim_t width, dim_t steps, const T* x, inc_t lane_stride, inc_t step_stride, T* d) {
    u.pack_a(width, steps, x, lane_stride, step_stride, d);
  };
  const auto element = [&](dim_t i, dim_t l) { return element_at(p.a, p.rs_a, p.cs_a, s, i, l); };
  for (dim_t r0 = 0; r0 < rows; r0 += u.mr, ap += dim_t{u.mr} * kc)
    operand_packing_detail::pack_triangle_panel(t, u.mr, i0 + r0, std::min<dim_t>(u.mr, rows - r0), l0, kc, ap,
                                                pack, element);
}

template <class T>
void pack_b_by_element(const basic_gemm_problem<T>& p, dim_t nr, dim_t l0, dim_t kc, dim_t j0, dim_t cols, T* bp);

// A complex A or B read through a stored triangle (symm, hemm, trmm), in
// the 1m format of micro-panels of P lanes (rows of A, columns of B), as
// pack_a_by_element and pack_b_by_element give it, but only the band of
// steps where a panel's lanes meet the diagonal goes element by element:
// on each side of it every lane is in one triangle, which
// pack_general(q, lane0, lanes, step0, steps, dst) packs as the general
// operand q (the micro kernel's packing, as for a plain complex GEMM): the
// stored triangle as stored, the mirrored one with its strides swapped and,
// when Hermitian, its conjugation flipped; a triangular one's zeros are
// filled. Lanes and steps are the real view's (a complex row of A is two
// lanes; a column of B one). Element by element, packing A took 5 % of a
// one-thread 1000^3 csymm (Zen 5).
enum class packed_operand { a, b };
template <class T, class PackGeneral>
void pack_structured_1m(const basic_gemm_problem<T>& p, packed_operand which, dim_t P, dim_t lane0, dim_t lanes,
                        dim_t l0, dim_t kc, T* dst, const PackGeneral& pack_general) {
  const bool is_a = which == packed_operand::a;
  const operand_structure& s = is_a ? p.a_structure : p.b_structure;
  const dim_t per_complex = is_a ? 2 : 1;  // real lanes of one complex lane
  // Element (i, l) of op(A) is x[(i + row0) rs + (l + col0) cs], (l, j) of
  // op(B) x[(l + row0) rs + (j + col0) cs]: the mirrored triangle is the
  // stored matrix from (col0, row0) on, strides swapped.
  basic_gemm_problem<T> stored = p, mirrored = p;
  complex_view<T> stored_view = *p.complex, mirrored_view = *p.complex;
  stored.complex = &stored_view;
  mirrored.complex = &mirrored_view;
  const auto general = [&](basic_gemm_problem<T>& q, dim_t first, dim_t second, bool swapped) {
    const T*& x = is_a ? q.a : q.b;
    inc_t& rs = is_a ? q.rs_a : q.rs_b;
    inc_t& cs = is_a ? q.cs_a : q.cs_b;
    x = reinterpret_cast<const T*>(reinterpret_cast<const std::complex<T>*>(x) + first * rs + second * cs);
    if (swapped) std::swap(rs, cs);
    (is_a ? q.a_structure : q.b_structure) = operand_structure{};
  };
  general(stored, s.row0, s.col0, false);
  general(mirrored, s.col0, s.row0, true);
  bool& mirrored_conj = is_a ? mirrored_view.conj_a : mirrored_view.conj_b;
  mirrored_conj = mirrored_conj != (s.kind == structure::hermitian);
  // Complex lane c meets the diagonal at complex step c + shift.
  const dim_t shift = is_a ? s.row0 - s.col0 : s.col0 - s.row0, steps = kc / 2;
  // Before a lane's diagonal: the lower triangle for A, the upper for B.
  const bool before_is_stored = is_a ? !s.upper : s.upper;
  for (dim_t r0 = 0; r0 < lanes; r0 += P, dst += P * kc) {
    const dim_t width = std::min(P, lanes - r0);
    const auto triangle = [&](dim_t from, dim_t to, bool is_stored) {  // complex steps from l0 / 2 on
      if (from >= to) return;
      if (!is_stored && s.kind == structure::triangular)
        std::fill(dst + 2 * from * P, dst + 2 * to * P, T(0));
      else
        pack_general(is_stored ? stored : mirrored, lane0 + r0, width, l0 + 2 * from, 2 * (to - from),
                     dst + 2 * from * P);
    };
    const dim_t lane = (lane0 + r0) / per_complex - l0 / 2;  // the panel's first complex lane, against the first step
    const dim_t band0 = std::clamp(lane + shift, dim_t{0}, steps);
    const dim_t band1 = std::clamp(lane + width / per_complex + shift, band0, steps);
    triangle(0, band0, before_is_stored);
    if (band0 < band1) {
      T* band = dst + 2 * band0 * P;
      if (is_a)
        pack_a_by_element(p, P, lane0 + r0, width, l0 + 2 * band0, 2 * (band1 - band0), band);
      else
        pack_b_by_element(p, P, l0 + 2 * band0, 2 * (band1 - band0), lane0 + r0, width, band);
    }
    triangle(band1, steps, !before_is_stored);
  }
}

template <class T>
void pack_structured_b(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, dim_t l0, dim_t kc, dim_t j0,
                       dim_t cols, T* bp) {
  const operand_structure& s = p.b_structure;
  // Element (l, j) is stored where l + row0 <= j + col0 (upper) or >= (lower).
  const operand_packing_detail::triangle_lanes<T> t{p.b, p.cs_b, p.rs_b, s.col0, s.row0, !s.upper,
                                                    s.kind == structure::triangular};
  const auto pack = [&u](dim_t width, dim_t steps, const T* x, inc_t lane_stride, inc_t step_stride, T* d) {
    u.pack_b(steps, width, x, step_stride, lane_stride, d);
  };
  const auto element = [&](dim_t j, dim_t l) { return element_at(p.b, p.rs_b, p.cs_b, s, l, j); };
  for (dim_t c0 = 0; c0 < cols; c0 += u.nr, bp += dim_t{u.nr} * kc)
    operand_packing_detail::pack_triangle_panel(t, u.nr, j0 + c0, std::min<dim_t>(u.nr, cols - c0), l0, kc, bp,
                                                pack, element);
}

// Columns [j0, j0 + cols) x steps [l0, l0 + kc) of op(B) into the B format
// of an nr-column micro kernel, zero padded. (An unconjugated complex B with
// unit row stride and no structure is a strided real matrix, rows 1 and
// columns 2 cs_b apart: the micro kernel's own packing takes it.)
template <class T>
void pack_b_by_element(const basic_gemm_problem<T>& p, dim_t nr, dim_t l0, dim_t kc, dim_t j0, dim_t cols, T* bp) {
  if (!p.complex) {
    for (dim_t c0 = 0; c0 < cols; c0 += nr, bp += nr * kc) {
      const dim_t width = std::min(nr, cols - c0);
      for (dim_t l = 0; l < kc; ++l) {
        T* step = bp + l * nr;
        for (dim_t c = 0; c < width; ++c) step[c] = element_at(p.b, p.rs_b, p.cs_b, p.b_structure, l0 + l, j0 + c0 + c);
        std::fill(step + width, step + nr, T(0));
      }
    }
    return;
  }
  using operand_packing_detail::pack_b_1m;
  const bool conj = p.complex->conj_b;
  const auto* b = reinterpret_cast<const std::complex<T>*>(p.b);
  const inc_t rs = p.rs_b, cs = p.cs_b;
  if (p.b_structure.kind == structure::general) {
    if (conj) return pack_b_1m(nr, l0, kc, j0, cols, bp, [&](dim_t l, dim_t j) { return std::conj(b[l * rs + j * cs]); });
    return pack_b_1m(nr, l0, kc, j0, cols, bp, [&](dim_t l, dim_t j) { return b[l * rs + j * cs]; });
  }
  pack_b_1m(nr, l0, kc, j0, cols, bp, [&](dim_t l, dim_t j) {
    const std::complex<T> z = element_at(b, rs, cs, p.b_structure, l, j);
    return conj ? std::conj(z) : z;
  });
}

}  // namespace swblas
