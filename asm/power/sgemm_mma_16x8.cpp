// POWER10 MMA float micro kernel, 16x8 register block, built with
// -mcpu=power10 (only this file; dispatched when AT_HWCAP2 has
// PPC_FEATURE2_MMA), the float counterpart of dgemm_mma_8x8.cpp.
//
// Shape (paper 004's SGEMM lowering): an f32 accumulator is a 4x4 block of
// floats, and `xvf32gerpp(acc, X, Y)` adds the outer product of X and Y,
// vectors of 4 floats. The 16x8 tile of C is 4 x 2 such blocks: accumulator
// (p, q) holds rows 4p..4p+3 and columns 4q..4q+3, all 8 accumulators in
// use (aliasing VSR0-31). Each k step loads 4 A vectors and 2 B vectors and
// issues 8 gerpp: every A vector is reused by 2 B vectors and every B vector
// by 4 A vectors, 256 flops per 96 bytes loaded. Unrolled 4 times, the
// operands of all 4 steps take 24 of the 32 free VSRs.
#include <altivec.h>

#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "simd_vsx.h"

namespace swblas {
namespace {

constexpr int kMR = 16;
constexpr int kNR = 8;
struct mma_tag {};
using simd = kernels::vsx_simd_f32<mma_tag>;  // packing and the edge tiles
using vfloat = __vector float;
using vec_t = __vector unsigned char;  // the type of the gerpp operands

struct mma_block {
  static constexpr int kRowVecs = kMR / 4;  // A: vectors of 4 floats
  static constexpr int kColVecs = kNR / 4;  // B: vectors of 4 floats
  static constexpr int kUnroll = 4;         // k steps per loop iteration

  struct accumulators {
    __vector_quad q[kRowVecs][kColVecs];  // (p, q): rows 4p.., columns 4q..
  };

  // C[0:16, 0:8] := alpha * Ap * Bp + beta * C (the full-tile contract).
  // noinline: register allocated on its own, never merged into the edge
  // adapter's frame.
  [[gnu::noinline]] static void full(dim_t k, float alpha, const float* ap, const float* bp, float beta, float* c,
                                     inc_t ldc) {
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
    if (beta == 0.0f)
      store<false>(acc, alpha, beta, c, ldc);
    else
      store<true>(acc, alpha, beta, c, ldc);
  }

 private:
  // acc += A(:, l) * B(l, :) for one k step: 8 gerpp.
  __attribute__((always_inline)) static void rank1(const float* ap, const float* bp, accumulators& acc) {
    vec_t a[kRowVecs];
#pragma GCC unroll 4
    for (int p = 0; p < kRowVecs; ++p) a[p] = reinterpret_cast<vec_t>(vec_xl(0, ap + 4 * p));
#pragma GCC unroll 2
    for (int q = 0; q < kColVecs; ++q) {
      const vec_t b = reinterpret_cast<vec_t>(vec_xl(0, bp + 4 * q));
#pragma GCC unroll 4
      for (int p = 0; p < kRowVecs; ++p) __builtin_mma_xvf32gerpp(&acc.q[p][q], a[p], b);
    }
  }

  __attribute__((always_inline)) static void zero(accumulators& acc) {
#pragma GCC unroll 4
    for (int p = 0; p < kRowVecs; ++p)
#pragma GCC unroll 2
      for (int q = 0; q < kColVecs; ++q) __builtin_mma_xxsetaccz(&acc.q[p][q]);
  }

  // C := alpha * acc + beta * C; ReadC == false (beta == 0): C is not read.
  // Disassembling accumulator (p, q) gives its 4 rows in memory order (row r
  // = X[r] * Y: docs/targets.md B.1); a 4x4 transpose turns them into the
  // column vectors of column-major C.
  template <bool ReadC>
  __attribute__((always_inline)) static void store(accumulators& acc, float alpha, float beta, float* c,
                                                   inc_t ldc) {
    const vfloat va = vec_splats(alpha);
    const vfloat vb = vec_splats(beta);
#pragma GCC unroll 4
    for (int p = 0; p < kRowVecs; ++p)
#pragma GCC unroll 2
      for (int q = 0; q < kColVecs; ++q) {
        vfloat block[4];
        __builtin_mma_disassemble_acc(block, &acc.q[p][q]);
        simd::transpose(block);
#pragma GCC unroll 4
        for (int j = 0; j < 4; ++j) merge<ReadC>(c + (4 * q + j) * ldc + 4 * p, block[j], va, vb);
      }
  }

  template <bool ReadC>
  __attribute__((always_inline)) static void merge(float* cij, vfloat t, vfloat va, vfloat vb) {
    const vfloat scaled = vec_mul(va, t);
    if constexpr (ReadC)
      vec_xst(vec_madd(vb, vec_xl(0, cij), scaled), 0, cij);
    else
      vec_xst(scaled, 0, cij);
  }
};

}  // namespace

extern const sgemm_ukernel_desc ukernel_f32_mma_16x8 =
    kernels::make_ukernel<simd, kMR, kNR, &mma_block::full>("f32_mma_16x8", isa::mma);

// The small path is plain VSX, in the VSX float kernel's 16x4 blocks, at
// half the MMA rate: tiny problems only (as dgemm_mma_8x8.cpp's).
extern const sgemm_small_desc small_f32_mma_16x8 = kernels::make_small_gemm<simd, 16, 4>(
    ukernel_f32_mma_16x8, /*max_dim=*/32, /*at_full_rate=*/false);

}  // namespace swblas
