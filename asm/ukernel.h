// The one micro-kernel contract of swblas: signature, packed formats and the
// descriptor that the generator, the packing code and the dispatch table all read.
#pragma once

#include <cstddef>
#include <cstdint>

namespace swblas {

using dim_t = std::int64_t;  // a matrix extent
using inc_t = std::int64_t;  // a stride, in elements

// Instruction sets a kernel may need; ordered from least to most demanding
// within one architecture family.
enum class isa : int { generic = 0, avx2 = 1, avx512 = 2, vsx = 3, mma = 4 };

const char* isa_name(isa i);

// Packed formats (Goto/BLIS), in elements (doubles for DGEMM, floats for
// SGEMM), allocated
// with kPackAlignment:
//
//   A block, mc x kc:  ceil(mc/MR) micro-panels of MR*kc elements each.
//     Micro-panel p holds, for l = 0..kc-1, the MR values A(p*MR + r, l),
//     r = 0..MR-1, contiguously. Rows past mc are zero.
//   B panel, kc x nc:  ceil(nc/NR) micro-panels of NR*kc elements each.
//     Micro-panel q holds, for l = 0..kc-1, the NR values B(l, q*NR + c),
//     c = 0..NR-1, contiguously. Columns past nc are zero.
//
// Because of the zero padding a kernel may always compute the full MR x NR
// product in registers; edges only change what is stored.
inline constexpr std::size_t kPackAlignment = 64;

// The entry points below are written once over the element type T: double
// (DGEMM, the dgemm_ names) and float (SGEMM, the sgemm_ names).
//
// C[0:m, 0:n] := alpha * Ap * Bp + beta * C[0:m, 0:n]
// C is column-major with leading dimension ldc; 0 <= m <= MR, 0 <= n <= NR,
// k >= 0 (k == 0: C := beta * C). beta == 0 means C is not read (NaN in C is
// overwritten). Elements of C outside [0:m, 0:n] are neither read nor written.
template <class T>
using ukernel_fn = void (*)(dim_t m, dim_t n, dim_t k, T alpha, const T* ap, const T* bp,
                            T beta, T* c, inc_t ldc);

// The same for a full MR x NR tile only (the fast path of isolated full tiles).
template <class T>
using ukernel_full_fn = void (*)(dim_t k, T alpha, const T* ap, const T* bp, T beta, T* c,
                                 inc_t ldc);

// A fused epilogue the micro kernel applies to its tile in registers,
// before the store (the last k block of a tile in a fused GEMM):
//   C[i, j] := op(alpha * Ap * Bp + beta * C + bias(i, j))
// Only operations worth a few instructions a vector are applied here; the
// transcendental activations are applied by the macro kernel to the stored
// tile (src/fused_ops.h), where their cost dominates anyway.
//   bias_only    x
//   relu         x < 0 ? 0 : x                 (NaN stays NaN, -0 too)
//   leaky_relu   x <= 0 ? slope * x : x
//   clamp        x < lo ? lo : (hi < x ? hi : x)   (lo <= hi)
enum class tile_op : int { bias_only = 0, relu = 1, leaky_relu = 2, clamp = 3 };

template <class T>
struct basic_tile_epilogue {
  tile_op op = tile_op::bias_only;
  // bias(i, j) = bias[i * rs_bias + j * cs_bias] for the tile's own (i, j);
  // null: no bias. Either rs_bias == 1, cs_bias == 0 (one value per row) or
  // rs_bias == 0 (one value per column).
  const T* bias = nullptr;
  inc_t rs_bias = 0, cs_bias = 0;
  T slope = T(0), lo = T(0), hi = T(0);
};

// A full-tile kernel with the fused epilogue in registers.
template <class T>
using ukernel_full_epilogue_fn = void (*)(dim_t k, T alpha, const T* ap, const T* bp, T beta,
                                          T* c, inc_t ldc, const basic_tile_epilogue<T>& epi);

// The full-tile kernel of each register epilogue, indexed by tile_op, for
// macro kernels that know their operation when they are generated: one
// call per full tile, with no switch on e.op and no edge test.
inline constexpr int kTileOpCount = 4;
template <class T>
struct full_epilogue_table {
  ukernel_full_epilogue_fn<T> of[kTileOpCount];
};

// ukernel_fn, then the epilogue on the m x n tile before it is stored.
template <class T>
using ukernel_epilogue_fn = void (*)(dim_t m, dim_t n, dim_t k, T alpha, const T* ap,
                                     const T* bp, T beta, T* c, inc_t ldc,
                                     const basic_tile_epilogue<T>& epi);

// Packs op(A)[0:mc, 0:kc] into the A format above. Element (i, l) of the
// source block is a[i*rs_a + l*cs_a] (any strides, so every transpose works).
template <class T>
using pack_a_fn = void (*)(dim_t mc, dim_t kc, const T* a, inc_t rs_a, inc_t cs_a, T* ap);
// Packs op(B)[0:kc, 0:nc] into the B format above; element (l, j) is
// b[l*rs_b + j*cs_b].
template <class T>
using pack_b_fn = void (*)(dim_t kc, dim_t nc, const T* b, inc_t rs_b, inc_t cs_b, T* bp);
// Packs a block of a complex op(A) times alpha (conjugated first if `conj`)
// into the A format in the 1m rule (src/operand_packing.h): mc real rows and
// kc real steps (both even), complex element (i, l) the (re, im) pair at
// a + 2 i + l cs_a (op(A)'s columns contiguous; cs_a in reals).
template <class T>
using pack_a_1m_fn = void (*)(dim_t mc, dim_t kc, const T* a, inc_t cs_a, T alpha_re, T alpha_im, bool conj, T* ap);
// Packs a block of a complex op(B) (conjugated if `conj`) into the B format
// in the 1m rule: kc real steps (even) and nc columns, step 2l the real parts
// of op(B)'s complex row l, step 2l + 1 its imaginary parts; complex element
// (l, j) the (re, im) pair at b + 2 j + l rs_b (op(B)'s rows contiguous, as
// in a product by A^T or A^H; rs_b in reals).
template <class T>
using pack_b_1m_fn = void (*)(dim_t kc, dim_t nc, const T* b, inc_t rs_b, bool conj, T* bp);

// trsm's diagonal tile inside a packed block (the generated solve kernels):
// C[0:m, 0:n] := inv(L) * C[0:m, 0:n] for the m x m lower triangle L of a
// packed A micro-panel, by forward substitution that divides by L's
// diagonal as the reference BLAS does; the solution is also written to the
// packed B micro-panel, where the next tiles' products read it. a: the
// micro-panel at the tile's first step, L(r, q) at a[q*MR + r]; bp: the B
// micro-panel at the same step, X(r, j) at bp[r*NR + j] (columns past n get
// zero, as packed). 0 <= m <= MR, 0 <= n <= NR; m or n 0: nothing is written.
template <class T>
using solve_tile_fn = void (*)(dim_t m, dim_t n, const T* a, T* c, inc_t ldc, T* bp);

// The largest register block (mr x nr elements) of any micro kernel: a
// tile of C the drivers hold on the stack (tests/asm/registry_test.cpp).
inline constexpr dim_t kMaxTileElems = 1024;

// Everything the packed path knows about one micro kernel. Kernel files
// build one each with make_ukernel (make_ukernel.h); the shape is stated
// there and nowhere else. Small problems have a layer of their own
// (small_gemm.h), whose routine names the micro kernel it belongs to.
template <class T>
struct ukernel_desc {
  using value_type = T;
  const char* name;  // e.g. "avx2_8x6": ISA and register block
  isa needs;         // instruction set the CPU must support
  int mr, nr;        // register block
  ukernel_fn<T> ukernel;
  ukernel_full_fn<T> ukernel_full;
  ukernel_epilogue_fn<T> ukernel_epilogue;  // any tile, with a tile_epilogue
  // Full tiles by operation (ukernel_epilogue's with op known); all null
  // where the epilogue is applied to the stored tile anyway (MMA, generic).
  full_epilogue_table<T> ukernel_full_epilogue;
  pack_a_fn<T> pack_a;
  pack_b_fn<T> pack_b;
  pack_a_1m_fn<T> pack_a_1m;  // null: the packing of src/operand_packing.h
  pack_b_1m_fn<T> pack_b_1m;
  solve_tile_fn<T> solve_tile;
};

// DGEMM.
using dgemm_ukernel_fn = ukernel_fn<double>;
using dgemm_ukernel_full_fn = ukernel_full_fn<double>;
using dgemm_ukernel_full_epilogue_fn = ukernel_full_epilogue_fn<double>;
using dgemm_ukernel_epilogue_fn = ukernel_epilogue_fn<double>;
using tile_epilogue = basic_tile_epilogue<double>;
using dgemm_ukernel_desc = ukernel_desc<double>;

using sgemm_ukernel_desc = ukernel_desc<float>;

// The kernels, one per file in asm/ (name = ISA + register block). Generated
// macro kernels refer to them by these names; only those of the build's
// architecture are defined.
extern const dgemm_ukernel_desc ukernel_generic_4x4;   // reference C++, any CPU
extern const dgemm_ukernel_desc ukernel_avx2_8x6;      // x86-64 AVX2 + FMA
extern const dgemm_ukernel_desc ukernel_avx512_24x8;   // x86-64 AVX-512F
extern const dgemm_ukernel_desc ukernel_vsx_8x4;       // POWER8/9 VSX
extern const dgemm_ukernel_desc ukernel_mma_8x8;       // POWER10 MMA

// The float kernels, named f32_ + ISA + register block.
extern const sgemm_ukernel_desc ukernel_f32_generic_4x4;   // reference C++, any CPU
extern const sgemm_ukernel_desc ukernel_f32_avx2_16x6;     // x86-64 AVX2 + FMA
extern const sgemm_ukernel_desc ukernel_f32_avx512_48x8;   // x86-64 AVX-512F
extern const sgemm_ukernel_desc ukernel_f32_vsx_16x4;      // POWER8/9 VSX
extern const sgemm_ukernel_desc ukernel_f32_mma_16x8;      // POWER10 MMA

// All micro kernels of element type T compiled into this build, generic
// first, then by increasing ISA demand (listed by the architecture's
// registry.cpp; registry.h).
template <class T>
const ukernel_desc<T>* const* micro_kernels(std::size_t* count);
template <>
const ukernel_desc<double>* const* micro_kernels<double>(std::size_t* count);
template <>
const ukernel_desc<float>* const* micro_kernels<float>(std::size_t* count);

// The double ones (micro_kernels<double>).
const dgemm_ukernel_desc* const* ukernel_registry(std::size_t* count);

}  // namespace swblas

// The small-problem layer's types, for the runtime headers that name them
// (src/prefetch_policy.h's batch_fetch) but include only this contract.
#include "small_gemm.h"  // NOLINT(misc-header-include-cycle): small_gemm.h needs this file first
