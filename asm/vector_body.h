// The vector primitives of vector_kernels.h, written once over a SIMD traits
// type (simd_scalar.h, x86_64/simd_avx2.h, ...): real element types run in
// vectors of Simd::width; complex ones as (re, im) pairs (products written
// out: std::complex's operator* calls the C99 NaN-recovery routine, which
// the reference's Fortran does not).
//
// An element of an updated vector gets the same arithmetic wherever it falls:
// the tails of updates run through the lanes in staged copies (staged_tail),
// never through scalar code that would round differently. LAPACK compares
// results of calls over different ranges of one vector bit for bit (its
// eigenvalue tests check that they do not depend on whether eigenvectors
// are computed).
// Included by one kernel file per ISA, which instantiates
// make_vector_kernels over its own traits types.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "complex_pairs.h"
#include "element_arith.h"
#include "lane_sums.h"
#include "pack.h"
#include "symmetric_square.h"
#include "triangle_square.h"
#include "vector_kernels.h"

namespace swblas::kernels {

// The last count < Simd::width elements of an element-wise update of y from
// the inputs `in`, staged in zero-padded register-sized copies so that
// lanes(in_copies, y_copy) gives them the vector body's exact arithmetic.
// The copies go by masked vector loads and stores: std::copy called memmove
// for each (15 % of a 100^2 dsymv, whose short columns all end in tails).
template <class Simd, std::size_t Inputs, class Lanes>
inline void staged_tail(index_t count, const typename Simd::value_type* const (&in)[Inputs],
                        typename Simd::value_type* y, Lanes lanes) {
  using R = typename Simd::value_type;
  if (count <= 0) return;
  const typename Simd::mask m = Simd::first_lanes(static_cast<int>(count));
  alignas(64) R in_copies[Inputs][Simd::width];
  alignas(64) R y_copy[Simd::width];
  for (std::size_t k = 0; k < Inputs; ++k) Simd::storeu(in_copies[k], Simd::load_first(in[k], m));
  Simd::storeu(y_copy, Simd::load_first(y, m));
  lanes(in_copies, y_copy);
  Simd::store_first(y, m, Simd::loadu(y_copy));
}

// One lane of Simd::fma, for a tail element to get the vector body's
// arithmetic: the traits wider than one lane multiply and add fused (the
// one-lane traits, unfused, have no tails).
template <class Simd>
inline typename Simd::value_type lane_fma(typename Simd::value_type a, typename Simd::value_type b,
                                          typename Simd::value_type c) {
  if constexpr (Simd::width == 1)
    return a * b + c;
  else
    return std::fma(a, b, c);
}

// Where the pointers p lie in blocks of `bytes` (a cache line, a vector),
// in elements: the same place for all, on a multiple of `unit` elements
// (else 0, as for a block's start).
template <class R, std::size_t N>
inline index_t shared_place(const R* const (&p)[N], std::uintptr_t bytes, index_t unit = 1) {
  const std::uintptr_t past = reinterpret_cast<std::uintptr_t>(p[0]) % bytes;
  for (std::size_t k = 1; k < N; ++k)
    if (reinterpret_cast<std::uintptr_t>(p[k]) % bytes != past) return 0;
  if (past % (sizeof(R) * std::uintptr_t(unit)) != 0) return 0;
  return index_t(past / sizeof(R));
}

// The first c (1 <= c <= width) elements at p in a register, the others
// zero and not read.
template <class Simd>
inline typename Simd::reg load_count(const typename Simd::value_type* p, index_t c) {
  return c == Simd::width ? Simd::loadu(p) : Simd::load_first(p, Simd::first_lanes(static_cast<int>(c)));
}

// Sums whose bits do not depend on where their vectors lie (callers
// compare results computed on copies of one vector: SciPy's cossin test
// failed on sums cut where a copy reached a cache line). The terms of
// element i go to lane i mod 4W of four accumulators, each lane summed in
// index order from zero, and each sum ends as (0 + 1) + (2 + 3) of them.
// The loads run from the first input's cache line, so that none straddles
// two (arrays from malloc start 16 bytes past one: ddot of 10^7 straddling
// ran at 27 GB/s, aligned at 39, Zen 5): the lanes are then rotated by the
// input's place in its line, its first elements read by masked loads from
// the line's start (the lanes before them zero), and turned back at the
// end. Inputs placed differently in their lines are read from element 0,
// unrotated. Zero terms added in padded lanes leave a sum as it is. Unit:
// a rotation is a multiple of it (2: the (re, im) pairs of complex
// elements stay pairs).
template <class Simd, int Sums, std::size_t Inputs, index_t Unit = 1>
struct line_ring_sum {
  using R = typename Simd::value_type;
  using reg = typename Simd::reg;
  static constexpr index_t W = Simd::width, kBlock = 4 * W;
  // Inputs of fewer bytes in all are summed by the kernels' plain loops.
  // Zen 5, offset 16, one thread, GB/s plain / rotated: dasum of 300 108 /
  // 145, ddot of 200 142 / 196, zdotc of 100 99 / 108; at 1 KiB ddot of
  // 64 lost (90 / 78).
  static constexpr std::size_t kRotatedBytes = 2 * 1024;
  struct result {
    reg sum[Sums];
  };

  // step(v, acc) adds the terms of one vector of each input, v[k] of input
  // k, to the accumulators acc[s] of the sums.
  // Whether inputs of n reals each are summed here (kRotatedBytes over
  // all of them): a kernel sums shorter ones by its own loop, any choice
  // by n alone giving the same bits wherever the inputs lie.
  static bool rotates(index_t n) { return std::size_t(n) * sizeof(R) * Inputs >= kRotatedBytes; }

  template <class Step>
  static result run(index_t n, const R* const (&in)[Inputs], Step step) {
    const index_t r = rotation(in);
    reg acc[4][Sums];
    for (auto& a : acc)
      for (reg& s : a) s = Simd::zero();
    index_t i = 0;
    // Elements [0, head) at lanes [r, r + head) of the first block, read
    // from the line's start: the masked lanes before the input are not read.
    if (r != 0) {
      const index_t head = std::min(n, kBlock - r);
#pragma GCC unroll 4
      for (index_t u = 0; u < 4; ++u) {
        const index_t lo = std::max<index_t>(0, r - u * W), hi = std::min(W, r + head - u * W);
        if (hi <= lo) continue;
        reg v[Inputs];
        for (std::size_t k = 0; k < Inputs; ++k)
          v[k] = Simd::load_lanes(in[k] - r + u * W, static_cast<int>(lo), static_cast<int>(hi));
        step(v, acc[u]);
      }
      i = head;
    }
    for (; i + kBlock <= n; i += kBlock)
#pragma GCC unroll 4
      for (index_t u = 0; u < 4; ++u) {
        reg v[Inputs];
        for (std::size_t k = 0; k < Inputs; ++k) v[k] = Simd::loadu(in[k] + i + u * W);
        step(v, acc[u]);
      }
#pragma GCC unroll 4
    for (index_t u = 0; u < 4; ++u) {  // unrolled: acc stays in registers
      const index_t c = std::min(W, n - i - u * W);
      if (c <= 0) break;
      reg v[Inputs];
      for (std::size_t k = 0; k < Inputs; ++k) v[k] = load_count<Simd>(in[k] + i + u * W, c);
      step(v, acc[u]);
    }
    result out;
    for (int s = 0; s < Sums; ++s) {
      // Lane j of the sum from lane j + r of the ring, in registers (a
      // round trip through memory waited for its stores: 5 ns, Zen 5).
      reg lanes[4];
      const index_t q = r / W, shift = r % W;
#pragma GCC unroll 4
      for (index_t u = 0; u < 4; ++u)
        lanes[u] = r == 0 ? acc[u][s]
                          : Simd::lanes_from(acc[(u + q) % 4][s], acc[(u + q + 1) % 4][s], static_cast<int>(shift));
      out.sum[s] = Simd::add(Simd::add(lanes[0], lanes[1]), Simd::add(lanes[2], lanes[3]));
    }
    return out;
  }

 private:
  // Where the first input starts in its cache line, in elements (0 when an
  // input starts elsewhere, between elements, or off Unit).
  static index_t rotation(const R* const (&in)[Inputs]) {
    if constexpr (W == 1)
      return 0;
    else
      return shared_place(in, kCacheLineBytes, Unit);
  }
};

template <class Simd>
struct real_vector_ops {
  using R = typename Simd::value_type;
  using reg = typename Simd::reg;
  static constexpr index_t W = Simd::width;

  static void axpy(index_t n, R alpha, const R* x, R* y) {
    const reg a = Simd::set1(alpha);
    index_t i = 0;
    for (; i + 2 * W <= n; i += 2 * W) {
      Simd::storeu(y + i, Simd::fma(a, Simd::loadu(x + i), Simd::loadu(y + i)));
      Simd::storeu(y + i + W, Simd::fma(a, Simd::loadu(x + i + W), Simd::loadu(y + i + W)));
    }
    for (; i + W <= n; i += W) Simd::storeu(y + i, Simd::fma(a, Simd::loadu(x + i), Simd::loadu(y + i)));
    staged_tail<Simd>(n - i, {x + i}, y + i, [&](const auto& in, R* out) {
      Simd::storeu(out, Simd::fma(a, Simd::loadu(in[0]), Simd::loadu(out)));
    });
  }

  static void scal(index_t n, R alpha, R* x) {
    const reg a = Simd::set1(alpha);
    index_t i = 0;
    for (; i + W <= n; i += W) Simd::storeu(x + i, Simd::mul(a, Simd::loadu(x + i)));
    for (; i < n; ++i) x[i] *= alpha;
  }

  // Four accumulators (line_ring_sum): the FMA latency, not its
  // throughput, bounds one.
  static R dot(index_t n, const R* x, const R* y) {
    index_t i = 0;
    if (n < 4 * W) {  // short: one accumulator, none idle to add in
      reg acc = Simd::zero();
      for (; i + W <= n; i += W) acc = Simd::fma(Simd::loadu(x + i), Simd::loadu(y + i), acc);
      R s = lane_sum<Simd>(acc);
      for (; i < n; ++i) s += x[i] * y[i];
      return s;
    }
    using ring = line_ring_sum<Simd, 1, 2>;
    if (ring::rotates(n)) {
      const auto sums = ring::run(n, {x, y}, [](const reg (&v)[2], reg (&acc)[1]) { acc[0] = Simd::fma(v[0], v[1], acc[0]); });
      return lane_sum<Simd>(sums.sum[0]);
    }
    reg acc[4] = {Simd::zero(), Simd::zero(), Simd::zero(), Simd::zero()};
    for (; i + 4 * W <= n; i += 4 * W)
      for (int u = 0; u < 4; ++u) acc[u] = Simd::fma(Simd::loadu(x + i + u * W), Simd::loadu(y + i + u * W), acc[u]);
    for (; i + W <= n; i += W) acc[0] = Simd::fma(Simd::loadu(x + i), Simd::loadu(y + i), acc[0]);
    R s = lane_sum<Simd>(Simd::add(Simd::add(acc[0], acc[1]), Simd::add(acc[2], acc[3])));
    for (; i < n; ++i) s += x[i] * y[i];
    return s;
  }

  static R axpy_dot(index_t n, R alpha, const R* a, const R* x, R* y) {
    const reg t = Simd::set1(alpha);
    reg acc[2] = {Simd::zero(), Simd::zero()};
    index_t i = 0;
    for (; i + 2 * W <= n; i += 2 * W)
      for (int u = 0; u < 2; ++u) {
        const reg av = Simd::loadu(a + i + u * W);
        Simd::storeu(y + i + u * W, Simd::fma(t, av, Simd::loadu(y + i + u * W)));
        acc[u] = Simd::fma(av, Simd::loadu(x + i + u * W), acc[u]);
      }
    for (; i + W <= n; i += W) {
      const reg av = Simd::loadu(a + i);
      Simd::storeu(y + i, Simd::fma(t, av, Simd::loadu(y + i)));
      acc[0] = Simd::fma(av, Simd::loadu(x + i), acc[0]);
    }
    R s = lane_sum<Simd>(Simd::add(acc[0], acc[1]));
    for (index_t r = i; r < n; ++r) s += a[r] * x[r];
    // The tail element by element, not staged: symv's column sweep calls
    // this on columns one row longer each time, and the next column's
    // masked load over this one's masked store waited for it to be
    // written (after every older instruction, the column's dot too), one
    // column after another. One lane of Simd::fma: the body's arithmetic.
    for (index_t r = i; r < n; ++r) y[r] = lane_fma<Simd>(alpha, a[r], y[r]);
    return s;
  }

  // |v|, the sign bit cleared (one instruction; max(v, -v) took two).
  static reg abs(reg v) { return Simd::abs(v); }

  static R asum(index_t n, const R* x) {
    using ring = line_ring_sum<Simd, 1, 1>;
    if (ring::rotates(n)) {
      const auto sums = ring::run(n, {x}, [](const reg (&v)[1], reg (&acc)[1]) { acc[0] = Simd::add(acc[0], abs(v[0])); });
      return lane_sum<Simd>(sums.sum[0]);
    }
    // Blocks of four vectors in four chains, then the rest in one, the
    // last partial vector read masked (its other lanes 0). Element by
    // element, the tail was a chain of dependent adds: dasum of 8 cost 8.2
    // ns a call, OpenBLAS's 5.6 (Zen 5).
    reg sum = Simd::zero();
    index_t i = 0;
    if (n >= 4 * W) {
      reg acc[4] = {sum, sum, sum, sum};
      for (; i + 4 * W <= n; i += 4 * W)
        for (int u = 0; u < 4; ++u) acc[u] = Simd::add(acc[u], abs(Simd::loadu(x + i + u * W)));
      sum = Simd::add(Simd::add(acc[0], acc[1]), Simd::add(acc[2], acc[3]));
    }
    for (; i + W <= n; i += W) sum = Simd::add(sum, abs(Simd::loadu(x + i)));
    if (i < n) sum = Simd::add(sum, abs(Simd::load_first(x + i, Simd::first_lanes(static_cast<int>(n - i)))));
    return lane_sum<Simd>(sum);
  }

  // The reference's answer (see first_iamax) is the first element whose
  // |x| is the largest (NaNs never are, unless x[0] is one: nothing is
  // larger than it then). Zen 5, one thread, idamax GB/s (best call) at
  // 1000 / 10^4 / 2 10^4 / 5 10^4 / 10^5: two passes 116 / 181 / 207 / 91 /
  // 112, one 62 / 160 / 190 / 199 / 136.
  static constexpr std::size_t kTwoPassBytes = 128 * 1024;
  static index_t iamax(index_t n, const R* x) {
    if (n < 1) return 0;
    return std::size_t(n) * sizeof(R) <= kTwoPassBytes ? iamax_in_two_passes(n, x) : iamax_by_running_max(n, x);
  }

  // Two passes within L1: the largest |x| by vectors in four independent
  // chains (max keeps its second operand when the first is NaN), then the
  // first block holding it.
  static index_t iamax_in_two_passes(index_t n, const R* x) {
    const R first = std::fabs(x[0]);
    if (std::isnan(first)) return 0;
    // Pass 1: the largest |x|. Blocks of four vectors in four chains, then
    // the rest in one, the last partial vector read masked (0 in its other
    // lanes, never above first): element by element it was a chain of
    // dependent compares (idamax of 8: 10.9 ns a call, OpenBLAS 7.3).
    reg largest = Simd::set1(first);
    index_t i = 0;  // x[0] again: loads aligned with x
    if (n >= 4 * W) {
      reg m[4] = {largest, largest, largest, largest};
      for (; i + 4 * W <= n; i += 4 * W)
        for (int c = 0; c < 4; ++c) m[c] = Simd::max(abs(Simd::loadu(x + i + c * W)), m[c]);
      largest = Simd::max(Simd::max(m[0], m[1]), Simd::max(m[2], m[3]));
    }
    for (; i + W <= n; i += W) largest = Simd::max(abs(Simd::loadu(x + i)), largest);
    if (i < n)
      largest = Simd::max(abs(Simd::load_first(x + i, Simd::first_lanes(static_cast<int>(n - i)))), largest);
    const R max = lane_max(largest);
    if (!(max > first)) return 0;
    // Pass 2: the first element that reaches it (not x[0]), a 4-vector
    // block at a time.
    i = 0;
    for (; i + 4 * W <= n; i += 4 * W) {
      reg bm = Simd::zero();  // |x| >= 0, and NaN lanes stay out
      for (index_t u = 0; u < 4 * W; u += W) bm = Simd::max(abs(Simd::loadu(x + i + u)), bm);
      if (lane_max(bm) >= max) break;
    }
    for (;; ++i)
      if (std::fabs(x[i]) == max) return i;
  }
  // One pass beyond L1: a block whose largest |x| (NaN lanes ignored: max
  // keeps its second operand) does not exceed the running maximum cannot
  // hold the answer; one that does is searched element by element. Blocks
  // of 16 vectors in four independent chains, one that exceeds it by blocks
  // of 4 (each block's test ends in a lane reduction).
  static index_t iamax_by_running_max(index_t n, const R* x) {
    index_t best = 0;
    R max = std::fabs(x[0]);
    const auto search = [&](index_t from, index_t to) {
      for (index_t t = from; t < to; ++t)
        if (std::fabs(x[t]) > max) {
          best = t;
          max = std::fabs(x[t]);
        }
    };
    // Blocks of 4 vectors in [from, to), to - from a multiple of 4 W.
    const auto search_blocks = [&](index_t from, index_t to) {
      for (index_t b = from; b < to; b += 4 * W) {
        reg m = Simd::set1(max);
        for (index_t u = 0; u < 4 * W; u += W) m = Simd::max(abs(Simd::loadu(x + b + u)), m);
        if (lane_max(m) > max) search(b, b + 4 * W);
      }
    };
    // From x[0] (never larger than itself), so that the loads of an aligned
    // x are aligned: from x[1] every load split two cache lines, and one
    // stream from memory ran at 20 GB/s on Zen 5 against 42-47 (OpenBLAS
    // 24-34).
    index_t i = 0;
    for (; i + 16 * W <= n; i += 16 * W) {
      const reg start = Simd::set1(max);
      reg m[4] = {start, start, start, start};
      for (index_t u = 0; u < 16 * W; u += 4 * W)
        for (int c = 0; c < 4; ++c) m[c] = Simd::max(abs(Simd::loadu(x + i + u + c * W)), m[c]);
      if (lane_max(Simd::max(Simd::max(m[0], m[1]), Simd::max(m[2], m[3]))) > max) search_blocks(i, i + 16 * W);
    }
    const index_t blocks_end = i + (n - i) / (4 * W) * (4 * W);
    search_blocks(i, blocks_end);
    search(blocks_end, n);
    return best;
  }
  static R lane_max(reg r) {
    alignas(64) R lanes[W];
    Simd::storeu(lanes, r);
    R m = lanes[0];
    for (index_t l = 1; l < W; ++l) m = lanes[l] > m ? lanes[l] : m;
    return m;
  }

  // Columns four at a time: y is read and written once per four columns.
  // Short columns go kPass at a time, halving the passes' setup and tails:
  // dgemv_n of 64^2 ran 17 % faster, dtrsv of 200 (its rectangles inside
  // the diagonal blocks) 5 %. Longer ones did not gain, and from 800 to
  // 1000 rows lost 5-9 % (Zen 5, one thread).
  static constexpr index_t kShortColumn = 128;
  static void gemv_n(index_t m, index_t n, R alpha, const R* a, index_t lda, const R* x, R* y) {
    index_t j = 0;
    if (m < kShortColumn)
      for (; j + kPass <= n; j += kPass) columns_pass<kPass, false>(m, alpha, a + j * lda, lda, x + j, y, x, y);
    for (; j + 4 <= n; j += 4) columns_pass<4, false>(m, alpha, a + j * lda, lda, x + j, y, x, y);
    for (; j < n; ++j) axpy(m, alpha * x[j], a + j * lda, y);
  }

  // gemv_n and gemv_t in one pass: each element of A is loaded once for
  // the update and the dot (symv read its rectangles twice: at 1000^2,
  // 44 GB/s against OpenBLAS's 68 on Zen 5). The same operations in the
  // same order as the two, so the same results. kPass columns a pass
  // (eight where the registers hold them), then four: within a pass each
  // four columns' products are added to y in turn, as passes of four add
  // them, so y is read and written once per pass (symv 5-8 % faster).
  static constexpr int kPass = Simd::registers >= 32 ? 8 : 4;

  static void gemv_nt(index_t m, index_t n, R alpha, const R* a, index_t lda, const R* x_n, R* y_n, const R* x_t,
                      R* y_t) {
    index_t j = 0;
    for (; j + kPass <= n; j += kPass)
      columns_pass<kPass, true>(m, alpha, a + j * lda, lda, x_n + j, y_n, x_t, y_t + j);
    for (; j + 4 <= n; j += 4) columns_pass<4, true>(m, alpha, a + j * lda, lda, x_n + j, y_n, x_t, y_t + j);
    if (j == n) return;
    gemv_n(m, n - j, alpha, a + j * lda, lda, x_n + j, y_n);
    gemv_t(m, n - j, alpha, a + j * lda, lda, x_t, y_t + j);
  }

  // Eight, then four column dot products at a time: x is read once per
  // group, and the group's chains of multiply-adds run side by side. When
  // lda is not a whole number of vectors, the columns' places in their
  // vectors repeat every q columns (q = W / gcd(lda, W)); groups of eight
  // columns q apart then share a place and take the rotated loads of
  // column_dots. dgemv_t 300^2 (q = 2) in L2, one thread, A and x 16 bytes
  // past a line: 60-64 GB/s with every load straddling two lines, 105 at
  // lda 304 (Emerald Rapids). Each column's dot is summed as before.
  static void gemv_t(index_t m, index_t n, R alpha, const R* a, index_t lda, const R* x, R* y) {
    index_t j = 0;
    const index_t q = place_period(lda);
    if (q > 1 && m / W * W >= kRotatedRows)
      for (; j + 8 * q <= n; j += 8 * q)
        for (index_t o = 0; o < q; ++o) column_dots<8>(m, alpha, a + (j + o) * lda, lda, q, x, y + j + o);
    for (; j + 8 <= n; j += 8) column_dots<8>(m, alpha, a + j * lda, lda, 1, x, y + j);
    for (; j + 4 <= n; j += 4) column_dots<4>(m, alpha, a + j * lda, lda, 1, x, y + j);
    for (; j < n; ++j) y[j] += alpha * dot(m, a + j * lda, x);
  }

 private:
  // Dots shorter than this many rows do not pay for turning their lanes back.
  static constexpr index_t kRotatedRows = 4 * W;

  // The columns after which A's columns are at the same place in their
  // vectors again: W / gcd(lda, W) (W a power of two).
  static index_t place_period(index_t lda) {
    index_t q = W;
    while (q > 1 && lda % (W / q * 2) == 0) q /= 2;
    return q;
  }

  // y[u step] += alpha A(:, u step) . x for the U columns at a, `step`
  // columns apart.
  template <int U>
  static void column_dots(index_t m, R alpha, const R* a, index_t lda, index_t step, const R* x, R* y) {
    const R* c[U];
    reg acc[U];
#pragma GCC unroll 8
    for (int u = 0; u < U; ++u) {
      c[u] = a + u * step * lda;
      acc[u] = Simd::zero();
    }
    const index_t whole = m / W * W;  // the rows the lanes sum; add_dots the rest
    if (const index_t r = columns_rotation(whole, a, lda * step); r != 0) {
      // Element i at lane (i + r) mod W: the loads of the columns from the
      // vector's place in the line (none straddles two; x's do unless it
      // lies alike), the first and last masked; the lanes turned back at
      // the end. The same sums as below, to the bit.
      const index_t end = whole + r;  // one past the last element's place
      add_rotated_lanes(acc, c, x, r, 0, static_cast<int>(r), static_cast<int>(W));
      index_t p = W;
      for (; p + W <= end; p += W) {
        const reg xv = Simd::loadu(x - r + p);
#pragma GCC unroll 8
        for (int u = 0; u < U; ++u) acc[u] = Simd::fma(Simd::loadu(c[u] - r + p), xv, acc[u]);
      }
      if (p < end) add_rotated_lanes(acc, c, x, r, p, 0, static_cast<int>(end - p));
      turn_back(acc, r);
      return add_dots(acc, c, whole, m, x, alpha, y, step);
    }
    index_t i = 0;
    for (; i + W <= m; i += W) {
      const reg xv = Simd::loadu(x + i);
#pragma GCC unroll 8
      for (int u = 0; u < U; ++u) acc[u] = Simd::fma(Simd::loadu(c[u] + i), xv, acc[u]);
    }
    add_dots(acc, c, i, m, x, alpha, y, step);
  }

  // Rotated dots (column_dots, columns_pass): row i's products at lane
  // (i + r) mod W, loads from the vectors' places in the line. acc[u] +=
  // lanes [lo, hi) of the vector at rotated place p of column c[u] times
  // x's; the lanes outside are zero and not read.
  template <int U>
  __attribute__((always_inline)) static void add_rotated_lanes(reg (&acc)[U], const R* const (&c)[U], const R* x,
                                                               index_t r, index_t p, int lo, int hi) {
    const reg xv = Simd::load_lanes(x - r + p, lo, hi);
#pragma GCC unroll 8
    for (int u = 0; u < U; ++u) acc[u] = Simd::fma(Simd::load_lanes(c[u] - r + p, lo, hi), xv, acc[u]);
  }
  // The rotated accumulators turned back: lane l then sums rows l, l + W, ...
  template <int U>
  __attribute__((always_inline)) static void turn_back(reg (&acc)[U], index_t r) {
#pragma GCC unroll 8
    for (int u = 0; u < U; ++u) acc[u] = Simd::lanes_from(acc[u], acc[u], static_cast<int>(r));
  }

  // Where x and the columns lie in their vectors' places (elements past a
  // multiple of W in a line), when all lie alike and the dots are long
  // enough to pay for turning their lanes back; else 0. Arrays from malloc
  // lie 16 bytes past a line, and every load straddled two (dgemv_t of
  // 200^2 at offset 16: 104 GB/s, 110 from the line; Zen 5, one thread).
  static index_t dots_rotation(index_t whole, const R* a, index_t lda, const R* x) {
    if (whole < kRotatedRows) return 0;
    const R* const operands[2] = {x, a};
    return vector_place(operands, lda);
  }
  // The same for column_dots, whose x loads may straddle (one a group of
  // columns): A's columns alone decide.
  static index_t columns_rotation(index_t whole, const R* a, index_t lda) {
    if (whole < kRotatedRows) return 0;
    const R* const operands[1] = {a};
    return vector_place(operands, lda);
  }

  // The place in their vectors (elements past a multiple of W) shared by
  // the operands and every column of A (lda a multiple of W), else 0.
  template <std::size_t N>
  static index_t vector_place(const R* const (&operands)[N], index_t lda) {
    if constexpr (W == 1)
      return 0;
    else
      return lda % W == 0 ? shared_place(operands, W * sizeof(R)) : 0;
  }

  // One pass of gemv_n over the G columns at a (G a multiple of 4):
  // y_n += alpha A x_n; with Dots (gemv_nt) also y_t[u] += alpha A(:, u) . x_t.
  template <int G, bool Dots>
  __attribute__((always_inline)) static void columns_pass(index_t m, R alpha, const R* a, index_t lda, const R* x_n, R* y_n, const R* x_t,
                           R* y_t) {
    const R* c[G];
    reg v[G], acc[G];
#pragma GCC unroll 8
    for (int u = 0; u < G; ++u) {
      c[u] = a + u * lda;
      v[u] = Simd::set1(alpha * x_n[u]);
      acc[u] = Simd::zero();
    }
    // Rows [i, i + count) of y_n, count < W, on staged copies.
    const auto update_tail = [&](index_t i, index_t count) {
      const R* rest[G];
#pragma GCC unroll 8
      for (int u = 0; u < G; ++u) rest[u] = c[u] + i;
      staged_tail<Simd>(count, rest, y_n + i, [&](const auto& in, R* out) {
        reg col[G];
#pragma GCC unroll 8
        for (int u = 0; u < G; ++u) col[u] = Simd::loadu(in[u]);
        Simd::storeu(out, add_columns(v, col, Simd::loadu(out)));
      });
    };
    // Vectors of rows from i while i + W <= end: y_n updated, and where
    // `dots` holds the products added to acc. Returns where it stopped.
    const auto full_vectors = [&](index_t i, index_t end, auto dots) {
      for (; i + W <= end; i += W) {
        reg col[G];
#pragma GCC unroll 8
        for (int u = 0; u < G; ++u) col[u] = Simd::loadu(c[u] + i);
        Simd::storeu(y_n + i, add_columns(v, col, Simd::loadu(y_n + i)));
        if constexpr (decltype(dots)::value) {
          const reg xv = Simd::loadu(x_t + i);
#pragma GCC unroll 8
          for (int u = 0; u < G; ++u) acc[u] = Simd::fma(col[u], xv, acc[u]);
        }
      }
      return i;
    };
    if constexpr (Dots) {
      const index_t whole = m / W * W;  // the rows the lanes sum; add_dots the rest
      if (const index_t r = dots_rotation(whole, a, lda, x_t); r != 0) {
        // As column_dots: row i's products at lane (i + r) mod W, every
        // load from the vector's place in the line. The dots' rows before
        // the first whole vector and after the last ([0, W - r) and
        // [whole - r, whole)) by masked loads, y_n's there on staged
        // copies; the lanes turned back at the end: the same sums as the
        // loop below, to the bit.
        const index_t head = W - r;
        add_rotated_lanes(acc, c, x_t, r, 0, static_cast<int>(r), static_cast<int>(W));
        update_tail(0, head);
        index_t i = full_vectors(head, whole, std::true_type{});  // whole - i == r
        add_rotated_lanes(acc, c, x_t, r, i + r, 0, static_cast<int>(r));
        i = full_vectors(i, m, std::false_type{});
        update_tail(i, m - i);
        turn_back(acc, r);
        return add_dots(acc, c, whole, m, x_t, alpha, y_t);
      }
    }
    index_t i = 0;
    if constexpr (!Dots) {
      i = column_head(m, a, lda, y_n);
      if (i) update_tail(0, i);
    }
    i = full_vectors(i, m, std::bool_constant<Dots>{});
    update_tail(i, m - i);
    if constexpr (Dots) add_dots(acc, c, i, m, x_t, alpha, y_t);
  }

  // The rows before A's columns reach a vector's place in the line, when
  // they all do at the same row (lda a multiple of W); else the rows before
  // y does: the loads from there on split no lines, or y's loads and stores
  // none. Short misaligned columns paid for the splits: sgemv_n of 160^2,
  // A 16 bytes past a line, 56-67 GB/s against 98 from the line; with lda
  // not whole vectors and y 16 bytes past a line too, sgemv_n of 200^2
  // 59-70 -> 81-102 GB/s, dgemv_n of 100^2 60-69 -> 80-97 (Emerald Rapids,
  // one thread). Columns of 8 vectors or more: on 4-vector ones the staged
  // head cost sgemv_n 64^2 a third.
  static index_t column_head(index_t m, const R* a, index_t lda, const R* y) {
    if (m < 8 * W) return 0;
    const R* const column[1] = {a};
    const R* const rows[1] = {y};
    const index_t past = lda % W == 0 ? vector_place(column, lda) : shared_place(rows, W * sizeof(R));
    return past ? W - past : 0;
  }

  // y + (v[0] a[0] + ... + v[3] a[3]) + (v[4] a[4] + ... + v[7] a[7]) ...:
  // each four columns' products summed before they reach y, in order.
  // Multiply-adds chained through y made each vector of rows wait 16
  // cycles a pass, and gemv_nt's loop (m = 512, four columns) ran at 0.6 of
  // this one on Zen 5. OpenBLAS groups its columns the same way; reference
  // LAPACK's suite passes either way.
  template <int G>
  __attribute__((always_inline)) static reg add_columns(const reg (&v)[G], const reg (&a)[G], reg y) {
    static_assert(G % 4 == 0, "columns are summed four at a time");
#pragma GCC unroll 2
    for (int g = 0; g < G; g += 4) {
      reg p = Simd::mul(v[g], a[g]);
      p = Simd::fma(v[g + 1], a[g + 1], p);
      p = Simd::fma(v[g + 2], a[g + 2], p);
      y = Simd::add(y, Simd::fma(v[g + 3], a[g + 3], p));
    }
    return y;
  }

  // y[u step] += alpha * (acc[u]'s lanes in order, then rows i..m-1 of
  // column c[u] times x), u < U: the end of gemv_t's dots and gemv_nt's.
  template <int U>
  __attribute__((always_inline)) static void add_dots(const reg (&acc)[U], const R* const (&c)[U], index_t i,
                                                      index_t m, const R* x, R alpha, R* y, index_t step = 1) {
    alignas(64) R sums[(U + W - 1) / W * W];
    lane_sums<Simd, U>(acc, sums);
    for (int u = 0; u < U; ++u) {
      R s = sums[u];
      for (index_t t = i; t < m; ++t) s += c[u][t] * x[t];
      y[u * step] += alpha * s;
    }
  }
};

// Complex elements in the registers of the real traits (complex_pairs.h).
template <class T, class Simd>
struct complex_simd_ops : complex_pairs<Simd> {
  using R = real_t<T>;
  using reg = typename Simd::reg;
  static constexpr index_t W = Simd::width;  // reals a register: W / 2 elements
  using complex_pairs<Simd>::alternating;
  using complex_pairs<Simd>::times;

  static void axpy(index_t n, T alpha, const T* x, T* y) {
    const reg re_a = Simd::set1(alpha.real()), im_a = alternating(-alpha.imag(), alpha.imag());
    const R* xr = reinterpret_cast<const R*>(x);
    R* yr = reinterpret_cast<R*>(y);
    index_t i = 0;
    const auto updated = [&](reg xv, reg yv) { return Simd::add(yv, times(re_a, im_a, xv)); };
    const auto update = [&](const R* xi, R* yi) { Simd::storeu(yi, updated(Simd::loadu(xi), Simd::loadu(yi))); };
    // Four vectors a step, their loads first: zaxpy of 1000 at offset 16
    // ran at 346 GB/s a vector a step, 443 so (Zen 5; OpenBLAS 200).
    for (; i + 4 * W <= 2 * n; i += 4 * W) {
      reg xv[4], yv[4];
#pragma GCC unroll 4
      for (int u = 0; u < 4; ++u) {
        xv[u] = Simd::loadu(xr + i + u * W);
        yv[u] = Simd::loadu(yr + i + u * W);
      }
#pragma GCC unroll 4
      for (int u = 0; u < 4; ++u) Simd::storeu(yr + i + u * W, updated(xv[u], yv[u]));
    }
    for (; i + W <= 2 * n; i += W) update(xr + i, yr + i);
    staged_tail<Simd>(2 * n - i, {xr + i}, yr + i, [&](const auto& in, R* out) { update(in[0], out); });
  }

  static void scal(index_t n, T alpha, T* x) {
    const reg re_a = Simd::set1(alpha.real()), im_a = alternating(-alpha.imag(), alpha.imag());
    R* xr = reinterpret_cast<R*>(x);
    index_t i = 0;
    for (; i + W <= 2 * n; i += W) Simd::storeu(xr + i, times(re_a, im_a, Simd::loadu(xr + i)));
    staged_tail<Simd>(2 * n - i, {xr + i}, xr + i, [&](const auto& in, R* out) {
      Simd::storeu(out, times(re_a, im_a, Simd::loadu(in[0])));
    });
  }

  // same: lanes of x y (xr yr | xi yi); cross: of x swap(y) (xr yi | xi yr).
  // x y = (sum same_even - same_odd, sum cross_even + cross_odd), and
  // conj(x) y = (sum same_even + same_odd, sum cross_even - cross_odd).
  template <bool Conj>
  static T dot(index_t n, const T* x, const T* y) {
    const R* xr = reinterpret_cast<const R*>(x);
    const R* yr = reinterpret_cast<const R*>(y);
    using ring = line_ring_sum<Simd, 2, 2, 2>;
    if (ring::rotates(2 * n)) {
      const auto sums = ring::run(2 * n, {xr, yr}, [](const reg (&v)[2], reg (&acc)[2]) {
        acc[0] = Simd::fma(v[0], v[1], acc[0]);
        acc[1] = Simd::fma(v[0], Simd::swap_pairs(v[1]), acc[1]);
      });
      return pair_sums<Conj>(sums.sum[0], sums.sum[1]);
    }
    // Two accumulator pairs; the last few elements (masked) on the next
    // ones: element by element, zdotc of 7 ran at 0.7 of OpenBLAS (Zen 5).
    reg same[2] = {Simd::zero(), Simd::zero()}, cross[2] = {Simd::zero(), Simd::zero()};
    const auto add_products = [&](int u, reg xv, reg yv) {
      same[u] = Simd::fma(xv, yv, same[u]);
      cross[u] = Simd::fma(xv, Simd::swap_pairs(yv), cross[u]);
    };
    index_t i = 0;
    for (; i + 2 * W <= 2 * n; i += 2 * W)
      for (int u = 0; u < 2; ++u) add_products(u, Simd::loadu(xr + i + u * W), Simd::loadu(yr + i + u * W));
#pragma GCC unroll 2
    for (int u = 0; u < 2; ++u) {  // unrolled: the accumulators stay in registers
      const index_t c = std::min<index_t>(W, 2 * n - i - u * W);
      if (c <= 0) break;
      add_products(u, load_count<Simd>(xr + i + u * W, c), load_count<Simd>(yr + i + u * W, c));
    }
    return pair_sums<Conj>(Simd::add(same[0], same[1]), Simd::add(cross[0], cross[1]));
  }

  // The product sum from the lanes of same and cross (see dot).
  template <bool Conj>
  static T pair_sums(reg same, reg cross) {
    alignas(64) R s[W], c[W];
    Simd::storeu(s, same);
    Simd::storeu(c, cross);
    const R sign = Conj ? R(1) : R(-1);
    R re = 0, im = 0;
    for (index_t l = 0; l < W; l += 2) {
      re += s[l] + sign * s[l + 1];
      im += Conj ? c[l] - c[l + 1] : c[l] + c[l + 1];
    }
    return {re, im};
  }

  // y += alpha a and the dot of a (conjugated if Conj) with x, in one pass.
  template <bool Conj>
  static T axpy_dot(index_t n, T alpha, const T* a, const T* x, T* y) {
    const reg re_a = Simd::set1(alpha.real()), im_a = alternating(-alpha.imag(), alpha.imag());
    const R* ar = reinterpret_cast<const R*>(a);
    const R* xr = reinterpret_cast<const R*>(x);
    R* yr = reinterpret_cast<R*>(y);
    reg same = Simd::zero(), cross = Simd::zero();
    index_t i = 0;
    for (; i + W <= 2 * n; i += W) {
      const reg av = Simd::loadu(ar + i), xv = Simd::loadu(xr + i);
      Simd::storeu(yr + i, Simd::add(Simd::loadu(yr + i), times(re_a, im_a, av)));
      same = Simd::fma(av, xv, same);
      cross = Simd::fma(av, Simd::swap_pairs(xv), cross);
    }
    T s = pair_sums<Conj>(same, cross);
    for (index_t e = i / 2; e < n; ++e) s += Conj ? conj_times(a[e], x[e]) : kernels::times(a[e], x[e]);
    staged_tail<Simd>(2 * n - i, {ar + i}, yr + i, [&](const auto& in, R* out) {
      Simd::storeu(out, Simd::add(Simd::loadu(out), times(re_a, im_a, Simd::loadu(in[0]))));
    });
    return s;
  }

  // |re| + |im| summed over the elements: the real sum over 2n reals.
  static R asum(index_t n, const T* x) { return real_vector_ops<Simd>::asum(2 * n, reinterpret_cast<const R*>(x)); }

  // Columns four at a time, as the real gemv_n: y is read and written once
  // per four columns, their products summed before they reach y. With
  // t_u = alpha x_u, sum_u t_u a_u = P + (-1, +1) swap(Q) for P = sum_u
  // re(t_u) a_u and Q = sum_u im(t_u) a_u: one pair swap per vector of
  // rows, not one per column. (Products added to y column by column,
  // each with its swap, ran zgemv_n 2000x16000 at 18 GB/s where dgemv_n
  // of the same bytes ran at 24 on Zen 5: the loop's uops, not memory.)
  // Along columns of at least kFetchedRows, each column's line this many
  // reals ahead is fetched: four columns' uops per line left the hardware
  // prefetcher behind (zgemv_n 4000^2 from memory, Zen 5: 28 GB/s, 36-40
  // with it, one thread; 45-50 and 54-76 on two; 1024 and 512 ahead were
  // no better, 128 worse). Along shorter ones it cost more than it saved,
  // most where the matrix stays in L2 (Zen 5: 150 x 300 took 12 us with
  // it, 6 without; zgemv_n of 300 on two threads, 78 GB/s against 132),
  // and from 1000 to 1500 rows, in L3 or memory, it still paid 10 %.
  static constexpr index_t kFetchAhead = 256, kFetchedRows = 640;
  static void gemv_n(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x, T* y) {
    R* yr = reinterpret_cast<R*>(y);
    const reg sign = alternating(R(-1), R(1));
    index_t j = 0;
    for (; j + 4 <= n; j += 4) {
      reg re[4], im[4];
      const R* c[4];
      for (int u = 0; u < 4; ++u) {
        const T t = kernels::times(alpha, x[j + u]);
        re[u] = Simd::set1(t.real());
        im[u] = Simd::set1(t.imag());
        c[u] = reinterpret_cast<const R*>(a + (j + u) * lda);
      }
      const auto four_columns = [&](const R* r0, const R* r1, const R* r2, const R* r3, R* yi) {
        const reg col[4] = {Simd::loadu(r0), Simd::loadu(r1), Simd::loadu(r2), Simd::loadu(r3)};
        reg p = Simd::mul(re[0], col[0]), q = Simd::mul(im[0], col[0]);
        for (int u = 1; u < 4; ++u) {
          p = Simd::fma(re[u], col[u], p);
          q = Simd::fma(im[u], col[u], q);
        }
        Simd::storeu(yi, Simd::add(Simd::loadu(yi), Simd::fma(sign, Simd::swap_pairs(q), p)));
      };
      index_t i = 0;
      if (m >= kFetchedRows) {
        for (; i + W <= 2 * m; i += W) {
          for (int u = 0; u < 4; ++u) __builtin_prefetch(c[u] + i + kFetchAhead, 0, 3);
          four_columns(c[0] + i, c[1] + i, c[2] + i, c[3] + i, yr + i);
        }
      } else {
        for (; i + W <= 2 * m; i += W) four_columns(c[0] + i, c[1] + i, c[2] + i, c[3] + i, yr + i);
      }
      staged_tail<Simd>(2 * m - i, {c[0] + i, c[1] + i, c[2] + i, c[3] + i}, yr + i,
                        [&](const auto& in, R* out) { four_columns(in[0], in[1], in[2], in[3], out); });
    }
    for (; j < n; ++j) axpy(m, kernels::times(alpha, x[j]), a + j * lda, y);
  }
  template <bool Conj>
  static void gemv_t(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x, T* y) {
    for (index_t j = 0; j < n; ++j) y[j] += kernels::times(alpha, dot<Conj>(m, a + j * lda, x));
  }
};

// Complex elements: plain loops over (re, im) pairs (Simd: the ISA's real
// traits, which only keep each ISA's instantiation apart).
template <class T, class Simd>
struct complex_vector_ops {
  using R = real_t<T>;

  static void axpy(index_t n, T alpha, const T* x, T* y) {
    for (index_t i = 0; i < n; ++i) y[i] += times(alpha, x[i]);
  }
  static void scal(index_t n, T alpha, T* x) {
    for (index_t i = 0; i < n; ++i) x[i] = times(alpha, x[i]);
  }
  template <bool Conj>
  static T dot(index_t n, const T* x, const T* y) {
    R re = 0, im = 0;
    for (index_t i = 0; i < n; ++i) {
      const T p = Conj ? conj_times(x[i], y[i]) : times(x[i], y[i]);
      re += p.real();
      im += p.imag();
    }
    return {re, im};
  }
  static R asum(index_t n, const T* x) {
    R s = 0;
    for (index_t i = 0; i < n; ++i) s += abs1(x[i]);
    return s;
  }
  template <bool Conj>
  static T axpy_dot(index_t n, T alpha, const T* a, const T* x, T* y) {
    T s = 0;
    for (index_t i = 0; i < n; ++i) {
      y[i] += times(alpha, a[i]);
      s += Conj ? conj_times(a[i], x[i]) : times(a[i], x[i]);
    }
    return s;
  }
  static void gemv_n(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x, T* y) {
    for (index_t j = 0; j < n; ++j) axpy(m, times(alpha, x[j]), a + j * lda, y);
  }
  template <bool Conj>
  static void gemv_t(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x, T* y) {
    for (index_t j = 0; j < n; ++j) y[j] += times(alpha, dot<Conj>(m, a + j * lda, x));
  }
};

// The reference's search: strictly larger only, so the first of equal
// maxima wins and a NaN (never larger) is found only at index 0.
template <class T, class Simd>
index_t first_iamax(index_t n, const T* x) {
  if (n < 1) return 0;
  index_t best = 0;
  real_t<T> max = abs1(x[0]);
  for (index_t i = 1; i < n; ++i) {
    const real_t<T> v = abs1(x[i]);
    if (v > max) {
      best = i;
      max = v;
    }
  }
  return best;
}

// One unknown's row of lanes in registers: V vectors per plane, the
// imaginary plane used by a complex T only.
template <class Simd, index_t V>
struct lanes_row {
  typename Simd::reg re[V], im[V];
};

// row -= c solved (across the lanes): x(r) -= coefficient (r, d) x(d), one
// rounding per part. A row takes its removals in solve order however the
// rows are grouped, so the grouping never changes a bit.
template <class T, class Simd, index_t V>
inline void remove_solved(lanes_row<Simd, V>& row, const T& c, const lanes_row<Simd, V>& solved) {
  using reg = typename Simd::reg;
  const real_t<T>* const parts = reinterpret_cast<const real_t<T>*>(&c);  // (re, im) for a complex T
  const reg cr = Simd::broadcast(parts);
  if constexpr (is_complex_v<T>) {  // (cr + i ci)(re + i im)
    const reg ci = Simd::broadcast(parts + 1);
#pragma GCC unroll 16
    for (index_t v = 0; v < V; ++v) {
      row.re[v] = Simd::fnma(cr, solved.re[v], Simd::fma(ci, solved.im[v], row.re[v]));
      row.im[v] = Simd::fnma(cr, solved.im[v], Simd::fnma(ci, solved.re[v], row.im[v]));
    }
  } else {
#pragma GCC unroll 16
    for (index_t v = 0; v < V; ++v) row.re[v] = Simd::fnma(cr, solved.re[v], row.re[v]);
  }
}

// row /= a across the lanes; for a complex a Smith's algorithm, as
// gfortran divides (the branch depends on a alone).
template <class T, class Simd, index_t V>
inline void divide_row(lanes_row<Simd, V>& row, const T& a) {
  using reg = typename Simd::reg;
  if constexpr (is_complex_v<T>) {
    const bool real_larger = std::fabs(a.real()) >= std::fabs(a.imag());
    const real_t<T> q = real_larger ? a.imag() / a.real() : a.real() / a.imag();
    const reg ratio = Simd::set1(q), minus_ratio = Simd::set1(-q);
    const reg denominator = Simd::set1(real_larger ? a.real() + a.imag() * q : a.imag() + a.real() * q);
#pragma GCC unroll 16
    for (index_t v = 0; v < V; ++v) {
      const reg re = row.re[v], im = row.im[v];
      row.re[v] = Simd::div(real_larger ? Simd::fma(im, ratio, re) : Simd::fma(re, ratio, im), denominator);
      row.im[v] = Simd::div(real_larger ? Simd::fma(re, minus_ratio, im)
                                        : Simd::fma(im, ratio, Simd::mul(re, Simd::set1(real_t<T>(-1)))),
                            denominator);
    }
  } else {
    const reg diagonal = Simd::set1(a);
#pragma GCC unroll 16
    for (index_t v = 0; v < V; ++v) row.re[v] = Simd::div(row.re[v], diagonal);
  }
}

// vector_kernels::substitute, left-looking by chunks of Rows unknowns
// held in registers (half the ISA's registers): a chunk takes the removals
// of every unknown solved before it, one load of each per chunk, then is
// solved in registers and stored once. Unknown by unknown through memory,
// each removal was a load and a store, and the stores bounded it.
template <class T, class Simd>
void substitute(index_t nb, bool forward, bool unit, const T* coefficient, real_t<T>* x) {
  constexpr index_t L = kSubstitutionLanes, W = Simd::width, V = L / W;
  static_assert(V * W == L, "a row of lanes is whole registers");
  constexpr index_t planes = is_complex_v<T> ? 2 : 1;
  constexpr index_t Rows = std::max<index_t>(1, Simd::registers / 2 / (V * planes));
  using row_t = lanes_row<Simd, V>;
  real_t<T>* const im = x + nb * L;  // the imaginary plane (complex T only)
  auto load = [&](index_t d, row_t& row) {
#pragma GCC unroll 16
    for (index_t v = 0; v < V; ++v) {
      row.re[v] = Simd::loadu(x + d * L + v * W);
      if constexpr (planes == 2) row.im[v] = Simd::loadu(im + d * L + v * W);
    }
  };
  // The unknown solved at step p.
  auto unknown = [&](index_t p) { return forward ? p : nb - 1 - p; };
  for (index_t p0 = 0; p0 < nb; p0 += Rows) {
    const index_t rows = std::min(Rows, nb - p0);
    row_t chunk[Rows]{};  // rows past nb: zeros, never read
#pragma GCC unroll 16
    for (index_t i = 0; i < Rows; ++i)
      if (i < rows) load(unknown(p0 + i), chunk[i]);
    for (index_t p = 0; p < p0; ++p) {
      const index_t d = unknown(p);
      row_t solved;
      load(d, solved);
#pragma GCC unroll 16
      for (index_t i = 0; i < Rows; ++i)
        if (i < rows) remove_solved<T, Simd, V>(chunk[i], coefficient[unknown(p0 + i) + d * nb], solved);
    }
#pragma GCC unroll 16
    for (index_t i = 0; i < Rows; ++i) {
      if (i >= rows) break;
      const index_t d = unknown(p0 + i);
      if (!unit) divide_row<T, Simd, V>(chunk[i], coefficient[d + d * nb]);
#pragma GCC unroll 16
      for (index_t r = i + 1; r < Rows; ++r)
        if (r < rows) remove_solved<T, Simd, V>(chunk[r], coefficient[unknown(p0 + r) + d * nb], chunk[i]);
#pragma GCC unroll 16
      for (index_t v = 0; v < V; ++v) {
        Simd::storeu(x + d * L + v * W, chunk[i].re[v]);
        if constexpr (planes == 2) Simd::storeu(im + d * L + v * W, chunk[i].im[v]);
      }
    }
  }
}

// B's unknowns back from substitute's planes (for a real T): unknown d of
// lane l from x[d * L + l]. With the lanes strided (trsm on the left) W x W
// blocks transposed in registers, the inverse of panel_packer's; with them
// contiguous (on the right) vector copies.
template <class T, class Simd>
void unpack_planes(index_t nb, const T* x, T* b, index_t unknown_step, index_t lane_step, index_t width) {
  constexpr index_t W = Simd::width, L = kSubstitutionLanes;
  index_t d0 = 0;
  if (unknown_step == 1 && width == L) {
    for (; d0 + W <= nb; d0 += W)
      for (index_t l0 = 0; l0 < L; l0 += W) {
        typename Simd::reg r[W];
#pragma GCC unroll 16
        for (index_t i = 0; i < W; ++i) r[i] = Simd::loadu(x + (d0 + i) * L + l0);
        Simd::transpose(r);
#pragma GCC unroll 16
        for (index_t i = 0; i < W; ++i) Simd::storeu(b + (l0 + i) * lane_step + d0, r[i]);
      }
  } else if (lane_step == 1) {
    for (; d0 < nb; ++d0) {
      index_t l = 0;
      for (; l + W <= width; l += W) Simd::storeu(b + d0 * unknown_step + l, Simd::loadu(x + d0 * L + l));
      for (; l < width; ++l) b[d0 * unknown_step + l] = x[d0 * L + l];
    }
  }
  for (index_t d = d0; d < nb; ++d)
    for (index_t l = 0; l < width; ++l) b[d * unknown_step + l * lane_step] = x[d * L + l];
}

// vector_kernels::substitute_lanes: a real T's lanes copied into planes by
// the GEMM's panel packer (P = kSubstitutionLanes lanes of nb steps, idle
// lanes zero) and back by unpack_planes; a complex T's split into its
// planes element by element.
template <class T, class Simd>
void substitute_lanes(index_t nb, bool forward, bool unit, const T* coefficient, T* b, index_t unknown_step,
                      index_t lane_step, index_t width) {
  constexpr index_t L = kSubstitutionLanes;
  using R = real_t<T>;
  alignas(64) R x[(is_complex_v<T> ? 2 : 1) * kSubstitutionUnknowns * L];
  if constexpr (is_complex_v<T>) {
    R* const im = x + nb * L;
    std::fill(x, x + 2 * nb * L, R(0));  // idle lanes: solved, never stored
    for (index_t l = 0; l < width; ++l)
      for (index_t d = 0; d < nb; ++d) {
        const T v = b[d * unknown_step + l * lane_step];
        x[d * L + l] = v.real();
        im[d * L + l] = v.imag();
      }
    substitute<T, Simd>(nb, forward, unit, coefficient, x);
    for (index_t l = 0; l < width; ++l)
      for (index_t d = 0; d < nb; ++d) b[d * unknown_step + l * lane_step] = T(x[d * L + l], im[d * L + l]);
  } else {
    panel_packer<Simd, L>::pack(width, nb, b, lane_step, unknown_step, x);
    substitute<T, Simd>(nb, forward, unit, coefficient, x);
    unpack_planes<T, Simd>(nb, x, b, unknown_step, lane_step, width);
  }
}

// gemv_nt and gemv_nc of complex types: gemv_n, then gemv_t (gemv_c), two
// passes over A.
template <class T, class Ops, bool Conj>
void gemv_n_then_t(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x_n, T* y_n, const T* x_t,
                   T* y_t) {
  Ops::gemv_n(m, n, alpha, a, lda, x_n, y_n);
  Ops::template gemv_t<Conj>(m, n, alpha, a, lda, x_t, y_t);
}

// symmetric_square and hermitian_square of complex types: column by
// column, each column's update and dot in one pass (axpy_dot).
template <class T, class Ops, bool Hermitian>
void square_by_columns(index_t nb, bool upper, T alpha, const T* a, index_t lda, const T* x, T* y) {
  for (index_t j = 0; j < nb; ++j) {
    const T* c = a + j * lda;
    const index_t first = upper ? 0 : j + 1, count = upper ? j : nb - j - 1;
    const T temp1 = times(alpha, x[j]);
    const T temp2 = Ops::template axpy_dot<Hermitian>(count, temp1, c + first, x + first, y + first);
    const T diagonal = Hermitian ? T(std::real(c[j])) : c[j];
    y[j] = y[j] + times(temp1, diagonal) + times(alpha, temp2);
  }
}

// The set of one ISA for element type T; Simd: the ISA's traits over
// real_t<T> (complex T uses only its name and ISA).
template <class T, class Simd>
constexpr vector_kernels<T> make_vector_kernels(const char* name, isa needs) {
  if constexpr (is_complex_v<T> && swaps_pairs<Simd>(0)) {
    using ops = complex_simd_ops<T, Simd>;
    return {name, needs, &ops::axpy, &ops::scal, &ops::template dot<false>, &ops::template dot<true>,
            &ops::asum, &first_iamax<T, Simd>, &ops::gemv_n, &ops::template gemv_t<false>,
            &ops::template gemv_t<true>, &gemv_n_then_t<T, ops, false>, &gemv_n_then_t<T, ops, true>,
            &ops::template axpy_dot<false>, &ops::template axpy_dot<true>, &substitute<T, Simd>,
            &substitute_lanes<T, Simd>, &triangle_square<T, true>, &triangle_square<T, false>,
            &square_by_columns<T, ops, false>, &square_by_columns<T, ops, true>};
  } else if constexpr (is_complex_v<T>) {
    using ops = complex_vector_ops<T, Simd>;
    return {name, needs, &ops::axpy, &ops::scal, &ops::template dot<false>, &ops::template dot<true>,
            &ops::asum, &first_iamax<T, Simd>, &ops::gemv_n, &ops::template gemv_t<false>,
            &ops::template gemv_t<true>, &gemv_n_then_t<T, ops, false>, &gemv_n_then_t<T, ops, true>,
            &ops::template axpy_dot<false>, &ops::template axpy_dot<true>, &substitute<T, Simd>,
            &substitute_lanes<T, Simd>, &triangle_square<T, true>, &triangle_square<T, false>,
            &square_by_columns<T, ops, false>, &square_by_columns<T, ops, true>};
  } else {
    using ops = real_vector_ops<Simd>;
    return {name, needs, &ops::axpy, &ops::scal, &ops::dot, &ops::dot, &ops::asum, &ops::iamax,
            &ops::gemv_n, &ops::gemv_t, &ops::gemv_t, &ops::gemv_nt, &ops::gemv_nt, &ops::axpy_dot, &ops::axpy_dot,
            &substitute<T, Simd>, &substitute_lanes<T, Simd>, &triangle_square<T, true>,
            &triangle_square<T, false>, &symmetric_square_ops<Simd>::run, &symmetric_square_ops<Simd>::run};
  }
}

}  // namespace swblas::kernels

namespace swblas::kernels {

// An ISA's family: Simd<R> is its traits over the real type R.
template <template <class> class Simd>
constexpr vector_family make_vector_family(const char* name, isa needs) {
  return {make_vector_kernels<float, Simd<float>>(name, needs),
          make_vector_kernels<double, Simd<double>>(name, needs),
          make_vector_kernels<std::complex<float>, Simd<float>>(name, needs),
          make_vector_kernels<std::complex<double>, Simd<double>>(name, needs), needs};
}

}  // namespace swblas::kernels
