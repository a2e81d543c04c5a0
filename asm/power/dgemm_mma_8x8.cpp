// POWER10 MMA micro kernel, 8x8 register block, built with -mcpu=power10
// (only this file; dispatched when AT_HWCAP2 has PPC_FEATURE2_MMA).
//
// Shape (paper 004, section 3.2; OpenBLAS's POWER10 DGEMM is 8x8 as well):
// an f64 accumulator is a 4x2 block of doubles, and `xvf64gerpp(acc, X, Y)`
// adds the outer product of X, a vector pair of 4 doubles, and Y, a vector of
// 2 doubles. The 8x8 tile of C is 2 x 4 such blocks: accumulator (p, q)
// holds rows 4p..4p+3 and columns 2q, 2q+1. All 8 accumulators are in use;
// they alias VSR0-31, so the A and B operands live in the other 32 VSRs.
// Each k step loads 2 A pairs (rows 0-3, 4-7: 4 VSRs) and 4 B vectors
// (columns 0-1 .. 6-7: 4 VSRs) and issues 8 gerpp: every A pair is reused by
// 4 B vectors and every B vector by 2 A pairs, 128 flops per 128 bytes
// loaded. With the loop unrolled 4 times the operands of all 4 steps (32
// VSRs) fit at once, and 8 independent accumulators cover the 4-cycle
// same-accumulator issue latency at 2 gerpp per cycle. Accumulators stay in
// place for the whole k loop; they are read back (xxmfacc) only to store C.
#include <altivec.h>

#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "simd_vsx.h"

namespace swblas {
namespace {

constexpr int kMR = 8;
constexpr int kNR = 8;
struct mma_tag {};
using simd = kernels::vsx_simd<mma_tag>;  // packing and the small path
using vdouble = __vector double;
using vec_t = __vector unsigned char;  // the type of the gerpp Y operand

struct mma_block {
  static constexpr int kRowPairs = kMR / 4;  // A: vector pairs of 4 doubles
  static constexpr int kColVecs = kNR / 2;   // B: vectors of 2 doubles
  static constexpr int kUnroll = 4;          // k steps per loop iteration

  struct accumulators {
    __vector_quad q[kRowPairs][kColVecs];  // (p, q): rows 4p.., columns 2q..
  };

  // C[0:8, 0:8] := alpha * Ap * Bp + beta * C (dgemm_ukernel_full_fn).
  // noinline: register allocated on its own, never merged into the edge
  // adapter's frame.
  [[gnu::noinline]] static void full(dim_t k, double alpha, const double* ap,
                                     const double* bp, double beta, double* c,
                                     inc_t ldc) {
    prefetch_c(c, ldc);
    accumulators acc;
    zero(acc);
    dim_t l = 0;
    for (; l + kUnroll <= k; l += kUnroll) {
#pragma GCC unroll 4
      for (int u = 0; u < kUnroll; ++u) rank1(ap + u * kMR, bp + u * kNR, acc);
      ap += kUnroll * kMR;
      bp += kUnroll * kNR;
    }
    for (; l < k; ++l, ap += kMR, bp += kNR) rank1(ap, bp, acc);
    if (beta == 0.0)
      store<false>(acc, alpha, beta, c, ldc);
    else
      store<true>(acc, alpha, beta, c, ldc);
  }

 private:
  // acc += A(:, l) * B(l, :) for one k step: 8 gerpp.
  __attribute__((always_inline)) static void rank1(const double* ap,
                                                   const double* bp,
                                                   accumulators& acc) {
    __vector_pair a[kRowPairs];
#pragma GCC unroll 2
    for (int p = 0; p < kRowPairs; ++p) a[p] = *as_pair(ap + 4 * p);
#pragma GCC unroll 4
    for (int q = 0; q < kColVecs; ++q) {
      const vec_t b = reinterpret_cast<vec_t>(vec_xl(0, bp + 2 * q));
#pragma GCC unroll 2
      for (int p = 0; p < kRowPairs; ++p)
        __builtin_mma_xvf64gerpp(&acc.q[p][q], a[p], b);
    }
  }

  // Four doubles loaded as a pair (lxvp) are X[i] = p[i], memory order
  // (docs/targets.md B.1). A pointer to double converts to one to __vector_pair
  // only through void*; MMA types cannot be returned by value.
  __attribute__((always_inline)) static const __vector_pair* as_pair(
      const double* p) {
    return static_cast<const __vector_pair*>(static_cast<const void*>(p));
  }

  __attribute__((always_inline)) static void zero(accumulators& acc) {
#pragma GCC unroll 2
    for (int p = 0; p < kRowPairs; ++p)
#pragma GCC unroll 4
      for (int q = 0; q < kColVecs; ++q) __builtin_mma_xxsetaccz(&acc.q[p][q]);
  }

  // First and last element of every column: both lines of an unaligned tile.
  __attribute__((always_inline)) static void prefetch_c(const double* c,
                                                        inc_t ldc) {
#pragma GCC unroll 8
    for (int j = 0; j < kNR; ++j) {
      simd::prefetch(c + j * ldc);
      simd::prefetch(c + j * ldc + kMR - 1);
    }
  }

  // C := alpha * acc + beta * C; ReadC == false (beta == 0): C is not read.
  // Disassembling accumulator (p, q) gives its 4 rows, row r = {C(4p+r, 2q),
  // C(4p+r, 2q+1)}; C is column-major, so rows are merged pairwise into
  // column vectors (mergeh: first elements, mergel: second elements).
  template <bool ReadC>
  __attribute__((always_inline)) static void store(accumulators& acc,
                                                   double alpha, double beta,
                                                   double* c, inc_t ldc) {
    const vdouble va = vec_splats(alpha);
    const vdouble vb = vec_splats(beta);
#pragma GCC unroll 2
    for (int p = 0; p < kRowPairs; ++p)
#pragma GCC unroll 4
      for (int q = 0; q < kColVecs; ++q) {
        vdouble rows[4];
        __builtin_mma_disassemble_acc(rows, &acc.q[p][q]);
        double* left = c + 2 * q * ldc + 4 * p;  // column 2q, row 4p
        double* right = left + ldc;              // column 2q + 1
        merge<ReadC>(left, vec_mergeh(rows[0], rows[1]), va, vb);
        merge<ReadC>(left + 2, vec_mergeh(rows[2], rows[3]), va, vb);
        merge<ReadC>(right, vec_mergel(rows[0], rows[1]), va, vb);
        merge<ReadC>(right + 2, vec_mergel(rows[2], rows[3]), va, vb);
      }
  }

  template <bool ReadC>
  __attribute__((always_inline)) static void merge(double* cij, vdouble t,
                                                   vdouble va, vdouble vb) {
    const vdouble scaled = vec_mul(va, t);
    if constexpr (ReadC)
      vec_xst(vec_madd(vb, vec_xl(0, cij), scaled), 0, cij);
    else
      vec_xst(scaled, 0, cij);
  }
};

}  // namespace

// The fused epilogue on the accumulators' tile after it is stored (the MMA
// accumulators are read out in pairs of rows, not as vectors of C).
extern const dgemm_ukernel_desc ukernel_mma_8x8 =
    kernels::make_ukernel<simd, kMR, kNR, &mma_block::full>("mma_8x8", isa::mma);

// The small path is plain VSX, in the VSX kernel's 8x4 blocks (4 vectors by
// 4 columns), at half the MMA rate: tiny problems only.
extern const dgemm_small_desc small_mma_8x8 = kernels::make_small_gemm<simd, 8, 4>(
    ukernel_mma_8x8, /*max_dim=*/32, /*at_full_rate=*/false);

}  // namespace swblas
