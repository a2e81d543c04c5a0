// The contract between swblas-gen's generated block kernels and the
// runtime: the problems the runtime solves, the packed block a generated
// kernel multiplies, and the manifest that describes the kernels to the
// dispatch table.
#pragma once

#include <cstddef>
#include <type_traits>

#include "../asm/ukernel.h"
#include "blocking.h"

namespace swblas {

struct prologue_args;
struct epilogue_args;

// One DGEMM after the interface has normalised it to column-major C:
//   C[0:m, 0:n] := alpha * op(A) * op(B) + beta * C
// op(A) element (i, l) is a[i*rs_a + l*cs_a]; op(B) element (l, j) is
// b[l*rs_b + j*cs_b]; C element (i, j) is c[i + j*ldc].
// beta == 0 means C is not read. `pro` and `epi` (src/fused_ops.h) are the
// fused element-wise operations:
//   C := epi(alpha * op(pro(A)) * op(B) + beta * C)
// swblas::gemm requires both null; swblas::gemm_fused runs them.
// How a complex GEMM is seen as a real one by the 1m method (Van Zee 2020;
// docs/design.md "Complex GEMM by the 1m method"): the real
// problem has twice the complex m and k, its A and B point at the complex
// operands (re, im interleaved) with strides counted in complex elements,
// and alpha and the conjugations are applied while A and B are packed
// (src/operand_packing.h). The real micro kernel then computes the complex
// product into C's real view (2m x n, column stride 2 * ldc).
template <class T>
struct complex_view {
  T alpha_re = T(1), alpha_im = T(0);
  bool conj_a = false, conj_b = false;
};

// What an operand is beyond its strides, for the Level-3 operations that
// read a square matrix through one stored triangle (in op(X)'s coordinates):
//   general     every element is stored;
//   symmetric   X(i, l) = X(l, i): the other triangle mirrors the stored one;
//   hermitian   X(i, l) = conj(X(l, i)), the diagonal's imaginary part read as 0;
//   triangular  the other triangle is zero; unit_diag: the diagonal is 1
//               and not read.
// The packing applies it (src/operand_packing.h), so the block kernels and
// micro kernels see plain packed operands.
enum class structure : int { general, symmetric, hermitian, triangular };
// A part of such an operand (a team member's rows) keeps the matrix's
// pointer and reads its elements from (row0, col0) on.
struct operand_structure {
  structure kind = structure::general;
  bool upper = true;  // the stored triangle: upper (i <= l) or lower
  bool unit_diag = false;
  dim_t row0 = 0, col0 = 0;
};

// A C read and written on one triangle only (rank-k updates on the packed
// path): element (i, j) of the problem's C is in it where
// (i + shift) / row_unit <= j (upper) or >= j (lower). shift is the row of
// the problem's C in the whole triangle's (a team member's rows move it);
// row_unit is 2 in the real view of a complex C, whose rows 2i and 2i + 1
// hold element i.
struct c_triangle {
  bool on = false;
  bool upper = false;
  dim_t shift = 0;
  dim_t row_unit = 1;
};

// An operand that is part of C itself (trmm in place), which the product
// replaces:
//   b_rows     op(B) is C's rows [first, first + k), every column;
//   a_columns  op(A) is C's columns [first, first + k), every row.
// The packed path zeroes that part of C as soon as it is packed, so it ends
// as alpha op(A) op(B) plus beta times zero, and no copy of it is made. It
// needs all of k in one k block, for a_columns all of n in one column panel
// (A blocks are packed again for each), and no split rows (a thread would
// pack rows another has written): run_packed refuses it otherwise, the
// planner never splits it. In the 1m view of a complex problem b_rows
// counts real rows; a_columns counts C's (complex) columns, k real steps
// two a column.
struct operand_in_c {
  enum class part : int { none, b_rows, a_columns };
  part which = part::none;
  dim_t first = 0;
  bool on() const { return which != part::none; }
};

// The element type T is a real one (double, float); complex problems reach
// the runtime as real ones through `complex` (above). A fused prologue or
// epilogue (`pro`, `epi`) is computed in double for either T.
template <class T>
struct basic_gemm_problem {
  using value_type = T;
  dim_t m = 0, n = 0, k = 0;
  T alpha = T(1);
  const T* a = nullptr;
  inc_t rs_a = 1, cs_a = 0;
  const T* b = nullptr;
  inc_t rs_b = 1, cs_b = 0;
  T beta = T(0);
  T* c = nullptr;
  inc_t ldc = 0;
  const prologue_args* pro = nullptr;
  const epilogue_args* epi = nullptr;
  const complex_view<T>* complex = nullptr;
  operand_structure a_structure = {}, b_structure = {};
  c_triangle c_domain = {};  // the packed path's only; not with a fused epilogue
  operand_in_c in_c = {};    // the packed path's only (gemm_in_place)
};
using gemm_problem = basic_gemm_problem<double>;

// How many of C's columns an op(A) in C (operand_in_c::a_columns) spans: k,
// or k / 2 in the 1m view (two real steps a complex column).
template <class T>
inline dim_t a_columns_in_c(const basic_gemm_problem<T>& p) {
  return p.complex ? p.k / 2 : p.k;
}

// The quick cases every driver decides first, before anything is read:
//   empty      m or n is 0: nothing to do;
//   beta_only  k == 0 or alpha == 0: C := beta * C (then a fused epilogue),
//              A and B not read;
//   none       a product to compute.
enum class quick_case : int { none = 0, empty = 1, beta_only = 2 };

template <class T>
inline quick_case quick_case_of(dim_t m, dim_t n, dim_t k, T alpha) {
  if (m <= 0 || n <= 0) return quick_case::empty;
  if (alpha == T(0) || k <= 0) return quick_case::beta_only;
  return quick_case::none;
}

template <class T>
inline quick_case quick_case_of(const basic_gemm_problem<T>& p) {
  return quick_case_of(p.m, p.n, p.k, p.alpha);
}

// Whole blocks of b covering a.
inline constexpr dim_t ceil_div(dim_t a, dim_t b) { return (a + b - 1) / b; }

// The beta of the k block starting at pc: the caller's on the first block,
// then accumulation.
template <class T>
inline T beta_for_block(dim_t pc, T beta) { return pc == 0 ? beta : T(1); }

// A batch of problems of one shape (one group of cblas_?gemm_batch, or a
// strided batch). Entry e is `shape` with its a, b and c replaced by
// a_array[e] (or shape.a + e * stride_a when a_array is null), and so on.
// count >= 0. P is basic_gemm_problem<T> or complex_gemm_problem<T>
// (complex_gemm.h); strides count P's elements.
template <class P>
struct batch_of {
  using element = std::remove_pointer_t<decltype(P::c)>;
  P shape;
  dim_t count = 0;
  const element* const* a_array = nullptr;
  const element* const* b_array = nullptr;
  element* const* c_array = nullptr;
  inc_t stride_a = 0, stride_b = 0, stride_c = 0;

  P entry(dim_t e) const {
    P p = shape;
    p.a = a_array ? a_array[e] : shape.a + e * stride_a;
    p.b = b_array ? b_array[e] : shape.b + e * stride_b;
    p.c = c_array ? c_array[e] : shape.c + e * stride_c;
    return p;
  }
};
template <class T>
using basic_gemm_batch_problem = batch_of<basic_gemm_problem<T>>;
using gemm_batch_problem = basic_gemm_batch_problem<double>;

// Which loop a thread team shares out (BLIS-style). In both cases the
// packed B panel is shared by the whole team.
//   ic: each thread takes whole mc blocks (round-robin) and packs its own A
//       block (a_pack is private to the thread).
//   jr: the team packs one A block together, then shares out the nr-wide
//       column panels (a_pack is shared; used when M has fewer mc blocks
//       than threads).
enum class parallel_loop : int { ic = 0, jr = 1 };

// One packed block, what a generated block kernel multiplies (the jr and ir
// loops around the micro kernel):
//   C[0:m, 0:n] := alpha * Ap * Bp + beta * C
// Ap holds ceil(m/mr) A micro-panels of mr*k elements, Bp ceil(n/nr) B
// micro-panels of nr*k (asm/ukernel.h's packed formats); C is column-major
// from its element (0, 0) with leading dimension ldc. beta == 0 means C is
// not read. m, n, k >= 1. With a fused epilogue (epilogue kernels only),
// `epi` is the problem's with its bias moved to the block's element (0, 0),
// and it is applied when `last`: the block holds C's final k block.
template <class T>
struct basic_packed_block {
  dim_t m = 0, n = 0, k = 0;
  T alpha = T(1), beta = T(0);
  const T* ap = nullptr;
  const T* bp = nullptr;
  T* c = nullptr;
  inc_t ldc = 0;
  const epilogue_args* epi = nullptr;
  bool last = false;
  dim_t row0 = 0, col0 = 0, k0 = 0;  // c_ and a_triangle kernels: where the block is (triangle_op)
  T* solved = nullptr;  // solve kernels: bp's panel, written: each solved tile's rows are copied into it
};
using packed_block = basic_packed_block<double>;

// A generated block kernel: sequential, never allocates. A thread team
// shares a block by calling it on parts (whole micro-panels of B, or of A).
template <class T>
using basic_block_kernel_fn = void (*)(const basic_packed_block<T>& blk);
using block_kernel_fn = basic_block_kernel_fn<double>;

// What a manifest entry computes. `op` says which operation a fused family
// fuses (a prologue_op or epilogue_op value, src/fused_ops.h); 0 otherwise.
enum class kernel_family : int {
  dgemm = 0,       // plain DGEMM
  batch = 1,       // batched DGEMM: entries independent, each one plain DGEMM
  prologue_a = 2,  // op(pro(A)) * op(B), pro fused into the packing of A
  prologue_b = 3,  // op(A) * op(pro(B)), pro fused into the packing of B
  epilogue = 4,    // epi applied to each C tile after its last k block
  c_triangle = 5,  // C written on one triangle only (op: a triangle_op)
  a_triangle = 6,  // a triangular A: each tile's k range cut to it (op: triangle_op lower or upper)
  b_triangle = 7,  // a triangular B: the same (op: a triangle_op, row pairs for B's real view)
  solve = 8,       // C := inv(A) C for the block's lower triangular A, C's rows also into the B panel (op: lower)
  a_symmetric = 9,   // a symmetric A read through one triangle (op: triangle_op lower or upper): the plain
                     // product of the packed blocks, whose packing expands the triangle (symm specs)
  b_symmetric = 10,  // the same for a symmetric B
};

// The triangles of a c_triangle kernel, in its block's row0 and col0 terms
// (element (i, j) of the block is (i + row0, j + col0) of the triangle's
// whole C): i >= j, i <= j, and with rows in pairs (the real view of a
// complex C) i >= 2j and i <= 2j + 1. They are c_triangle's (above) with
// row0 = first row + shift and col0 = first column. An a_triangle kernel's
// are op(A)'s, lower k <= i and upper k >= i, with (i + row0, k + k0) the
// block's (i, k) in op(A): it skips the k steps where a tile's rows of A
// are zero, and writes only the tiles that have some of the triangle. A
// b_triangle kernel's are op(B)'s, lower k >= j, upper k <= j, and with
// B's rows in pairs (the 1m view of a complex B) k >= 2j and k <= 2j + 1,
// with (k + k0, j + col0) the block's (k, j) in op(B).
enum class triangle_op : int { lower = 0, upper = 1, lower_row_pairs = 2, upper_row_pairs = 3 };
inline constexpr int kTriangleOpCount = 4;

inline triangle_op triangle_op_of(const c_triangle& d) {
  return static_cast<triangle_op>((d.upper ? 1 : 0) + (d.row_unit == 2 ? 2 : 0));
}

// A target the build generated kernels for: its micro kernel's register
// block and the cache configurations the runtime chooses its blocking
// among (the best fit to the detected caches, src/dispatch.cpp).
// The element types the build has real micro kernels for; a target lists
// one register block per type.
enum class element_type : int { f64 = 0, f32 = 1 };

template <class T>
inline constexpr element_type element_of = element_type::f64;
template <>
inline constexpr element_type element_of<float> = element_type::f32;

struct generated_target {
  const char* name;     // e.g. "x86_avx2"
  isa needs;
  element_type elem;    // the element type of its micro kernel
  const char* ukernel;  // name of the ukernel_desc<T> its kernels call
  register_block shape;
  const cache_config* caches;
  std::size_t cache_count;
};

// One spec generated for one target. Specs whose kernels are the same share
// one (`kernel` names it).
template <class T>
struct basic_generated_entry {
  const char* spec;    // e.g. "dgemm_epilogue_relu"
  const char* target;  // a generated_target's name (the row of element type T)
  const char* kernel;  // the block kernel's name
  basic_block_kernel_fn<T> run;
  kernel_family family;
  int op;
};
using generated_entry = basic_generated_entry<double>;

// The manifest, defined in the generated source (build tree): every
// target's rows, then the entries of each element type.
extern const generated_target generated_targets[];
extern const std::size_t generated_target_count;
extern const generated_entry generated_entries[];
extern const std::size_t generated_entry_count;
extern const basic_generated_entry<float> generated_f32_entries[];
extern const std::size_t generated_f32_entry_count;

// The entries of element type T.
template <class T>
struct generated_entry_list {
  const basic_generated_entry<T>* entries;
  std::size_t count;
};
template <class T>
generated_entry_list<T> generated_entries_of();
template <>
inline generated_entry_list<double> generated_entries_of<double>() {
  return {generated_entries, generated_entry_count};
}
template <>
inline generated_entry_list<float> generated_entries_of<float>() {
  return {generated_f32_entries, generated_f32_entry_count};
}

}  // namespace swblas
