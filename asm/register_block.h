// The full-tile micro kernel of an MR x NR register block, written once over
// a SIMD-traits type V (see x86_64/simd_avx2.h for the interface) and
// instantiated per ISA in that ISA's kernel file.
//
// Registers: MR / V::width vectors per column of C, NR columns, so
// MR*NR/width accumulators, plus MR/width vectors of A and one broadcast of B.
// Each k step loads one MR-row of the packed A micro-panel (aligned: the
// panel starts at kPackAlignment and MR elements are a whole number of
// vectors) and broadcasts the NR values of the packed B row. The element
// type is V::value_type (double for DGEMM, float for SGEMM).
//
// Software prefetch, for the macro kernel's jr -> ir loops: the A micro-panel
// a few k steps ahead (into L1), the next B micro-panel (the one the next jr
// iteration uses, right after this one in the packed B panel) into L2, and
// C's tile twice: into L2 when the call starts, into L1 a fixed number of
// FMAs before the k loop ends (see multiply_and_fetch_c).
#pragma once

#include "prefetch.h"
#include "tile_epilogue.h"
#include "ukernel.h"

namespace swblas::kernels {

// KUnroll: k steps per loop iteration. Blocks that fill the register file
// use few: GCC hoists loads of the next steps and spills an accumulator
// inside the loop otherwise (24 zmm accumulators: 1; the 12-ymm-accumulator
// AVX2 block: 2, which measured 1.08x faster than 4 on Zen 4 for having no
// spill; tests/asm/check_kernel_loop.sh checks every kernel's loop).
template <class V, int MR, int NR, int KUnroll = 4>
struct register_block {
  using reg = typename V::reg;
  using T = typename V::value_type;
  static constexpr int kRowVecs = MR / V::width;
  static_assert(MR % V::width == 0, "MR must be a whole number of vectors");

  // The A micro-panel streams from L2 in the macro kernel (B stays in L1),
  // so A is prefetched this many k steps ahead: far enough to hide the L2
  // latency (~14 cycles on Zen 3): two bodies of the 4-step unrolled loop.
  static constexpr int kPrefetchSteps = 8;
  static constexpr int kUnroll = KUnroll;
  static constexpr int kLineElements = 64 / sizeof(T);  // one 64-byte cache line

  struct accumulators {
    reg c[NR][kRowVecs];
  };

  // C[0:MR, 0:NR] := alpha * Ap * Bp + beta * C (ukernel_full_fn<T>).
  // noinline: register allocated on its own; inlined into the edge adapter,
  // GCC 12 spills accumulators inside the k loop.
  [[gnu::noinline]] static void full(dim_t k, T alpha, const T* ap,
                                     const T* bp, T beta, T* c,
                                     inc_t ldc) {
    accumulators acc;
    zero(acc);
    multiply_and_fetch_c(k, ap, bp, acc, c, ldc);
    combine(acc, alpha, beta, c, ldc);
    put(acc, c, ldc);
  }

  // The same, then the fused epilogue e on the tile in registers
  // (ukernel_full_epilogue_fn<T> of ukernel.h): x := Op(x + bias).
  template <tile_op Op>
  [[gnu::noinline]] static void full_epilogue(dim_t k, T alpha, const T* ap,
                                              const T* bp, T beta, T* c,
                                              inc_t ldc, const basic_tile_epilogue<T>& e) {
    accumulators acc;
    // With alpha == 1 the bias is where the sums start: one add per
    // accumulator saved, 1.5% of a k = 64 tile (the order of the additions
    // is the only difference).
    const bool bias_first = alpha == T(1) && e.bias;
    if (bias_first)
      take_bias<false>(acc, e);
    else
      zero(acc);
    multiply_and_fetch_c(k, ap, bp, acc, c, ldc);
    combine(acc, alpha, beta, c, ldc);
    if (!bias_first && e.bias) take_bias<true>(acc, e);
    const tile_op_constants<V> constants(e);
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int r = 0; r < kRowVecs; ++r) acc.c[j][r] = apply_tile_op<V, Op>(acc.c[j][r], constants);
    put(acc, c, ldc);
  }

  // full_epilogue of every operation, in tile_op's order.
  static constexpr full_epilogue_table<T> full_epilogues() {
    static_assert(static_cast<int>(tile_op::bias_only) == 0 && static_cast<int>(tile_op::relu) == 1 &&
                      static_cast<int>(tile_op::leaky_relu) == 2 && static_cast<int>(tile_op::clamp) == 3 &&
                      kTileOpCount == 4,
                  "the table follows tile_op");
    return {{&full_epilogue<tile_op::bias_only>, &full_epilogue<tile_op::relu>,
             &full_epilogue<tile_op::leaky_relu>, &full_epilogue<tile_op::clamp>}};
  }

  // full_epilogue with e's operation chosen once per tile.
  static void full_epilogue_any(dim_t k, T alpha, const T* ap, const T* bp,
                                T beta, T* c, inc_t ldc, const basic_tile_epilogue<T>& e) {
    with_tile_op(e.op, [&](auto op) {
      full_epilogue<decltype(op)::value>(k, alpha, ap, bp, beta, c, ldc, e);
    });
  }

 private:
  // C's tile is fetched into L1 this many FMA instructions before the k loop
  // ends (32 k steps of the 24x8 zmm block, 64 of the 8x6 ymm block): enough
  // to cover L2 and most of L3's latency. Fetched at the start of a long k
  // loop, the lines were evicted again by the A micro-panel streaming through
  // L1 (24 x 256 doubles = 48 KiB at kc = 256), and every call's C loads
  // waited on L2 or L3: 2-3% of a 2016^3 DGEMM on Zen 4, measured.
  static constexpr int kLateCFmas = 768;
  static constexpr dim_t kLateCSteps =
      (kLateCFmas / (NR * kRowVecs) + kUnroll - 1) / kUnroll * kUnroll;

  // acc += Ap * Bp over k steps, with C's tile fetched on the way: into L2
  // at the start (a line from memory then has the whole loop to arrive;
  // into L1 it would hold one of L1's few miss buffers all that time and
  // stall the A stream: measured 7% slower), into L1 kLateCSteps before the
  // end (from L2). A short loop fetches C into L1 at once.
  __attribute__((always_inline)) static void multiply_and_fetch_c(dim_t k, const T* ap,
                                                                  const T* bp, accumulators& acc,
                                                                  const T* c, inc_t ldc) {
    const dim_t next_b = k * NR;  // the next B micro-panel, from bp
    if (k <= kLateCSteps) {
      prefetch_c<kIntoL1>(c, ldc);
      multiply(k, ap, bp, next_b, acc);
      return;
    }
    prefetch_c<kIntoL2>(c, ldc);
    const dim_t head = k - kLateCSteps;
    multiply(head, ap, bp, next_b, acc);
    // Through an empty asm, c is a new value to GCC: it recomputes the
    // tile's line addresses here instead of keeping the first prefetch_c's
    // live across the k loop, where they took vector registers and pushed a
    // row of A out to the stack inside the loop (GCC 12: the 24x8 block
    // 1.05x faster on Zen 4 without that spill; checked by
    // tests/asm/check_kernel_loop.sh).
    asm("" : "+r"(c));
    prefetch_c<kIntoL1>(c, ldc);
    multiply(kLateCSteps, ap + head * MR, bp + head * NR, next_b, acc);
  }

  // acc += Ap * Bp over k steps. Each unrolled step prefetches the A rows
  // kPrefetchSteps ahead into L1 and the same rows of the next B
  // micro-panel (bp + next_b) into L2: the first call of the next jr
  // iteration then finds its B panel in L2 instead of L3 (measured on
  // Zen 4: 1-4% of a 2016^3 DGEMM). Past the end of the packed B panel these
  // are prefetches of lines nobody reads, which cannot fault.
  __attribute__((always_inline)) static void multiply(dim_t k, const T* ap,
                                                      const T* bp, dim_t next_b,
                                                      accumulators& acc) {
    dim_t l = 0;
    for (; l + kUnroll <= k; l += kUnroll) {
      prefetch_a(ap + kPrefetchSteps * MR);
      prefetch_lines<kIntoL2, kUnroll * NR>(bp + next_b);
#pragma GCC unroll 8
      for (int u = 0; u < kUnroll; ++u) rank1(ap + u * MR, bp + u * NR, acc);
      ap += kUnroll * MR;
      bp += kUnroll * NR;
    }
    for (; l < k; ++l, ap += MR, bp += NR) rank1(ap, bp, acc);
  }

  // acc += A(:, l) * B(l, :) for one k step.
  __attribute__((always_inline)) static void rank1(const T* ap,
                                                   const T* bp,
                                                   accumulators& acc) {
    reg a[kRowVecs];
#pragma GCC unroll 8
    for (int r = 0; r < kRowVecs; ++r) a[r] = V::load(ap + r * V::width);
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j) {
      const reg b = V::broadcast(bp + j);
#pragma GCC unroll 8
      for (int r = 0; r < kRowVecs; ++r)
        acc.c[j][r] = V::fma(a[r], b, acc.c[j][r]);
    }
  }

  // The lines of the `Elements` elements from p, p on a line boundary.
  template <int Locality, int Elements>
  __attribute__((always_inline)) static void prefetch_lines(const T* p) {
#pragma GCC unroll 16
    for (int d = 0; d < Elements; d += kLineElements) __builtin_prefetch(p + d, 0, Locality);
  }

  // The kUnroll A rows that will be needed kPrefetchSteps steps from now.
  __attribute__((always_inline)) static void prefetch_a(const T* ahead) {
#pragma GCC unroll 16
    for (int d = 0; d < kUnroll * MR; d += kLineElements) V::prefetch(ahead + d);
  }

  // Every line of C's tile, whose columns need not start on a line.
  template <int Locality>
  __attribute__((always_inline)) static void prefetch_c(const T* c, inc_t ldc) {
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j) prefetch_span<Locality>(c + j * ldc, MR);
  }

  __attribute__((always_inline)) static void zero(accumulators& acc) {
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int r = 0; r < kRowVecs; ++r) acc.c[j][r] = V::zero();
  }

  // acc := alpha * acc, left out when alpha is 1.
  __attribute__((always_inline)) static void scale(accumulators& acc, T alpha) {
    if (alpha == T(1)) return;
    const reg va = V::set1(alpha);
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int r = 0; r < kRowVecs; ++r) acc.c[j][r] = V::mul(va, acc.c[j][r]);
  }

  // acc := alpha * acc + beta * C; C is not read when beta == 0.
  __attribute__((always_inline)) static void combine(accumulators& acc, T alpha,
                                                     T beta, const T* c,
                                                     inc_t ldc) {
    scale(acc, alpha);
    if (beta == T(0)) return;
    const beta_merge<V> merge(beta);
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int r = 0; r < kRowVecs; ++r)
        acc.c[j][r] = merge(V::loadu(c + j * ldc + r * V::width), acc.c[j][r]);
  }

  // acc := acc + bias (Add) or acc := bias, for a tile with a bias (e.bias
  // not null): one value per row (a vector load per row vector, shared by
  // the columns) or one per column (a broadcast per column).
  template <bool Add>
  __attribute__((always_inline)) static void take_bias(accumulators& acc,
                                                       const basic_tile_epilogue<T>& e) {
    const auto take = [](reg& x, reg b) { x = Add ? V::add(x, b) : b; };
    if (e.rs_bias == 0) {
#pragma GCC unroll 16
      for (int j = 0; j < NR; ++j) {
        const reg b = V::broadcast(e.bias + j * e.cs_bias);
#pragma GCC unroll 8
        for (int r = 0; r < kRowVecs; ++r) take(acc.c[j][r], b);
      }
      return;
    }
    reg b[kRowVecs];
#pragma GCC unroll 8
    for (int r = 0; r < kRowVecs; ++r) b[r] = V::loadu(e.bias + r * V::width);
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int r = 0; r < kRowVecs; ++r) take(acc.c[j][r], b[r]);
  }

  __attribute__((always_inline)) static void put(const accumulators& acc, T* c,
                                                 inc_t ldc) {
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int r = 0; r < kRowVecs; ++r) V::storeu(c + j * ldc + r * V::width, acc.c[j][r]);
  }
};

}  // namespace swblas::kernels
