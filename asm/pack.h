// Packing into the micro-panel formats of ukernel.h, for any strides.
//
// A and B panels are the same operation seen from two sides: a micro-panel
// holds, for each of kc steps, P consecutive "lanes" (P = MR rows of A, or
// P = NR columns of B). Source element (lane, l) is
// src[lane * lane_stride + l * k_stride]:
//   A: lane_stride = rs_a, k_stride = cs_a;
//   B: lane_stride = cs_b, k_stride = rs_b.
// Two unit-stride cases get fast paths:
//   lane_stride == 1 (A not transposed, B transposed): step l of every whole
//     panel is one contiguous run of the source, copied in one pass;
//   k_stride == 1 (A transposed, B not transposed): each lane is contiguous
//     in k; blocks of width x width are transposed in registers.
// The last micro-panel is zero padded to P lanes.
#pragma once

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "complex_pairs.h"
#include "prefetch.h"
#include "ukernel.h"

namespace swblas::kernels {

template <class V, int P>
struct panel_packer {
  using T = typename V::value_type;

  // Packs `lanes` lanes (any count) of kc steps into ceil(lanes/P) panels.
  static void pack(dim_t lanes, dim_t kc, const T* src, inc_t lane_stride,
                   inc_t k_stride, T* dst) {
    dim_t p0 = 0;
    if (lane_stride == 1) {
      const dim_t whole = lanes / P;
      copy_steps(whole, kc, src, k_stride, dst);
      p0 = whole * P;
      dst += whole * P * kc;
    }
    for (; p0 < lanes; p0 += P, dst += P * kc) {
      const T* s = src + p0 * lane_stride;
      const dim_t width = std::min<dim_t>(P, lanes - p0);
      if (width == P && k_stride == 1) {
        interleave_lanes(kc, s, lane_stride, dst);
      } else {
        gather(width, kc, s, lane_stride, k_stride, dst);
      }
    }
  }

  // The 1m A format (pack_a_1m_fn, ukernel.h) of `lanes` real rows: step pair
  // by step pair across every panel, so that the columns of A are read down
  // (as copy_steps reads them). The even step is alpha z (complex_pairs, as
  // the Level-1 kernels scale), the odd one i alpha z: the pairs swapped,
  // the first negated. A partial panel's last vector goes under a mask, so
  // an element gets the same arithmetic wherever it falls; its padding is
  // zero.
  static void pack_1m(dim_t lanes, dim_t kc, const T* a, inc_t cs_a, T alpha_re, T alpha_im, bool conj, T* dst) {
    using pairs = complex_pairs<V>;
    using reg = typename V::reg;
    constexpr int W = V::width;
    static_assert(P % W == 0, "1m panels of whole vectors");
    const reg re_a = V::set1(alpha_re), im_a = pairs::alternating(-alpha_im, alpha_im);
    const reg conj_signs = pairs::alternating(T(1), conj ? T(-1) : T(1));
    const reg times_i = pairs::alternating(T(-1), T(1));
    const auto even_of = [&](reg z) { return pairs::times(re_a, im_a, V::mul(z, conj_signs)); };
    const auto odd_of = [&](reg e) { return V::mul(times_i, V::swap_pairs(e)); };
    const auto put = [&](reg z, T* even, T* odd) {
      const reg e = even_of(z);
      V::storeu(even, e);
      V::storeu(odd, odd_of(e));
    };
    for (dim_t l = 0; l < kc / 2; ++l, a += cs_a) {
      if (l + kAheadSteps < kc / 2) prefetch_span<kIntoL2>(a + kAheadSteps * cs_a, lanes);
      T* even = dst + 2 * l * P;
      for (dim_t p0 = 0; p0 < lanes; p0 += P, even += P * kc) {
        T* odd = even + P;
        const dim_t width = std::min<dim_t>(P, lanes - p0);
        if (width == P) {
#pragma GCC unroll 8
          for (int v = 0; v < P; v += W) put(V::loadu(a + p0 + v), even + v, odd + v);
          continue;
        }
        for (int v = 0; v < P; v += W) {
          const dim_t rest = width - v;
          if (rest >= W) {
            put(V::loadu(a + p0 + v), even + v, odd + v);
            continue;
          }
          V::storeu(even + v, V::zero());
          V::storeu(odd + v, V::zero());
          if (rest <= 0) continue;
          const typename V::mask m = V::first_lanes(static_cast<int>(rest));
          const reg e = even_of(V::load_first(a + p0 + v, m));
          V::store_first(even + v, m, e);
          V::store_first(odd + v, m, odd_of(e));
        }
      }
    }
  }

  // At most this many panels are written side by side. Each is a store
  // stream whose steps lie P * kc elements apart, often a multiple of 4K:
  // a B panel's 120 streams (nc = 960) fell into one L1 set and packed at
  // 10 GB/s against 40 for the transposing path (Zen 5, double).
  static constexpr dim_t kStorePanels = 8;

 private:
  // Source steps (columns of A) are fetched into L2 this many steps ahead.
  // Step by step down the source, each a run of `panels` * P lanes, with the
  // runs ahead prefetched, A packs from memory 1.75x faster than panel by
  // panel (P lanes of a step, then P lanes of the next one lda elements
  // away): measured on Zen 4 for the 240 x 256 blocks of a 2016^2 matrix,
  // 7.5 -> 13.3 GB/s (1.3x without the prefetch, 1.1x with it panel by panel).
  static constexpr dim_t kAheadSteps = 4;

  // `panels` whole panels, kStorePanels at a time; the source of step l is
  // s + l * k_stride.
  static void copy_steps(dim_t panels, dim_t kc, const T* s, inc_t k_stride, T* d) {
    for (dim_t p = 0; p < panels; p += kStorePanels)
      copy_group_steps(std::min(kStorePanels, panels - p), kc, s + p * P, k_stride, d + p * P * kc);
  }

  static void copy_group_steps(dim_t panels, dim_t kc, const T* s, inc_t k_stride, T* d) {
    const dim_t run = panels * P;
    for (dim_t l = 0; l < kc; ++l, s += k_stride, d += P) {
      if (l + kAheadSteps < kc) prefetch_span<kIntoL2>(s + kAheadSteps * k_stride, run);
      const T* from = s;
      T* to = d;
      for (dim_t p = 0; p < panels; ++p, from += P, to += P * kc) {
        constexpr int kVectorLanes = P / V::width * V::width;
#pragma GCC unroll 8
        for (int r = 0; r < kVectorLanes; r += V::width) V::storeu(to + r, V::loadu(from + r));
        // A float B panel's 8 lanes, half a zmm: one narrower move, not 8.
        if constexpr (kVectorLanes < P)
          std::memcpy(to + kVectorLanes, from + kVectorLanes, (P - kVectorLanes) * sizeof(T));
      }
    }
  }

  // Each lane of interleave_lanes is fetched into L2 this many elements (4
  // lines) ahead: P streams at once, which the hardware prefetcher left
  // waiting on memory. Measured on Zen 4, the 240 x 256 blocks of a
  // transposed 2016^2 A: 6.6 -> 11.6 GB/s on one core, 7.8 -> 15.3 on two.
  static constexpr dim_t kAheadLaneElements = 4 * 64 / sizeof(T);

  // W steps of W lanes at a time: W vector loads along k, one in-register
  // transpose, W vector stores of one step each; the lanes past the last
  // whole vector (P % W of them: all 8 of a float B panel on AVX-512, 6 of
  // AVX2's) by the same transpose with the missing lanes zero.
  static void interleave_lanes(dim_t kc, const T* s, inc_t lane_stride,
                               T* d) {
    constexpr int W = V::width;
    constexpr int kVectorLanes = P / W * W;
    dim_t l = 0;
    for (; l + W <= kc; l += W) {
      if (l + kAheadLaneElements < kc)
#pragma GCC unroll 32
        for (int r = 0; r < P; ++r) __builtin_prefetch(s + r * lane_stride + l + kAheadLaneElements, 0, kIntoL2);
#pragma GCC unroll 8
      for (int r0 = 0; r0 < kVectorLanes; r0 += W)
        transpose_block(s + r0 * lane_stride + l, lane_stride, d + l * P + r0);
      if constexpr (kVectorLanes < P)
        transpose_last_lanes<P - kVectorLanes>(s + kVectorLanes * lane_stride + l, lane_stride,
                                               d + l * P + kVectorLanes);
    }
    for (; l < kc; ++l)
      for (int r = 0; r < P; ++r) d[l * P + r] = s[r * lane_stride + l];
  }

  // A W x W block: W lanes of W steps from s, stored as W steps of W lanes.
  static void transpose_block(const T* s, inc_t lane_stride, T* d) {
    typename V::reg x[V::width];
#pragma GCC unroll 8
    for (int i = 0; i < V::width; ++i) x[i] = V::loadu(s + i * lane_stride);
    V::transpose(x);
#pragma GCC unroll 8
    for (int i = 0; i < V::width; ++i) V::storeu(d + i * P, x[i]);
  }

  // The first Lanes (< W) lanes of W steps from s: transposed as a W x W
  // block whose other lanes are zero, each step's Lanes lanes stored.
  // Zen 5, a two-thread 2000^3 SGEMM (split rows: every thread packs all of
  // B): B's 8-lane float panels took 5.3 % of the time copied one element
  // at a time, 2.4 % this way (the call 2-7 % faster).
  template <int Lanes>
  static void transpose_last_lanes(const T* s, inc_t lane_stride, T* d) {
    typename V::reg x[V::width];
#pragma GCC unroll 16
    for (int i = 0; i < V::width; ++i) x[i] = i < Lanes ? V::loadu(s + i * lane_stride) : V::zero();
    V::transpose(x);
    const typename V::mask step_lanes = V::first_lanes(Lanes);
#pragma GCC unroll 16
    for (int i = 0; i < V::width; ++i) V::store_first(d + i * P, step_lanes, x[i]);
  }

  static void gather(dim_t width, dim_t kc, const T* s, inc_t lane_stride,
                     inc_t k_stride, T* d) {
    for (dim_t l = 0; l < kc; ++l, d += P) {
      const T* sl = s + l * k_stride;
      for (dim_t r = 0; r < width; ++r) d[r] = sl[r * lane_stride];
      for (dim_t r = width; r < P; ++r) d[r] = T(0);
    }
  }
};

// pack_a_fn<V::value_type> for an MR-row register block.
template <class V, int MR>
void pack_a(dim_t mc, dim_t kc, const typename V::value_type* a, inc_t rs_a, inc_t cs_a,
            typename V::value_type* ap) {
  panel_packer<V, MR>::pack(mc, kc, a, rs_a, cs_a, ap);
}

// pack_a_1m_fn<V::value_type> for an MR-row register block.
template <class V, int MR>
void pack_a_1m(dim_t mc, dim_t kc, const typename V::value_type* a, inc_t cs_a, typename V::value_type alpha_re,
               typename V::value_type alpha_im, bool conj, typename V::value_type* ap) {
  panel_packer<V, MR>::pack_1m(mc, kc, a, cs_a, alpha_re, alpha_im, conj, ap);
}

// pack_a_1m for traits that hold complex pairs, else none.
template <class V, int MR>
constexpr pack_a_1m_fn<typename V::value_type> pack_a_1m_of() {
  if constexpr (swaps_pairs<V>(0))
    return &pack_a_1m<V, MR>;
  else
    return nullptr;
}

// pack_b_fn<V::value_type> for an NR-column register block.
template <class V, int NR>
void pack_b(dim_t kc, dim_t nc, const typename V::value_type* b, inc_t rs_b, inc_t cs_b,
            typename V::value_type* bp) {
  panel_packer<V, NR>::pack(nc, kc, b, cs_b, rs_b, bp);
}

// The signed integer type of T's size (a GCC vector shuffle's index).
template <class T>
using same_size_int_t = std::conditional_t<sizeof(T) == 8, long long, int>;

// NR complex elements at z (2 NR reals) split into NR real parts at even and
// NR imaginary parts times im_sign at odd: for a power-of-two NR by two
// two-input GCC vector shuffles of NR reals (vpermt2ps / vpermt2pd on
// AVX-512), else by element.
template <class T, int NR>
[[gnu::always_inline]] inline void split_pairs(const T* z, T im_sign, T* even, T* odd) {
  if constexpr ((NR & (NR - 1)) == 0) {
    typedef T reals __attribute__((vector_size(NR * sizeof(T))));
    typedef same_size_int_t<T> lanes __attribute__((vector_size(NR * sizeof(T))));
    lanes re_lanes, im_lanes;
    for (int c = 0; c < NR; ++c) {
      re_lanes[c] = 2 * c;
      im_lanes[c] = 2 * c + 1;
    }
    reals lo, hi;
    std::memcpy(&lo, z, sizeof lo);
    std::memcpy(&hi, z + NR, sizeof hi);
    const reals re = __builtin_shuffle(lo, hi, re_lanes), im = __builtin_shuffle(lo, hi, im_lanes) * im_sign;
    std::memcpy(even, &re, sizeof re);
    std::memcpy(odd, &im, sizeof im);
  } else {
    for (int c = 0; c < NR; ++c) {
      even[c] = z[2 * c];
      odd[c] = im_sign * z[2 * c + 1];
    }
  }
}

// pack_b_1m_fn<V::value_type> for an NR-column register block: complex row
// by complex row across kStorePanels panels at a time (as copy_steps), each
// panel's 2 NR reals split into real and imaginary parts. Zen 5, a 1000^3
// csyrk: 6 % of the time packed element by element.
template <class V, int NR>
void pack_b_1m(dim_t kc, dim_t nc, const typename V::value_type* b, inc_t rs_b, bool conj,
               typename V::value_type* bp) {
  using T = typename V::value_type;
  constexpr dim_t kGroupCols = panel_packer<V, NR>::kStorePanels * NR;
  constexpr dim_t kAheadRows = 4;  // complex rows fetched into L2 ahead
  const T im_sign = conj ? T(-1) : T(1);
  for (dim_t g = 0; g < nc; g += kGroupCols) {
    const dim_t cols = std::min(kGroupCols, nc - g);
    const T* row = b + 2 * g;
    for (dim_t l = 0; l < kc / 2; ++l, row += rs_b) {
      if (l + kAheadRows < kc / 2) prefetch_span<kIntoL2>(row + kAheadRows * rs_b, 2 * cols);
      for (dim_t j0 = 0; j0 < cols; j0 += NR) {
        T* even = bp + (g + j0) * kc + 2 * l * NR;
        T* odd = even + NR;
        const T* z = row + 2 * j0;
        if (cols - j0 >= NR) {
          split_pairs<T, NR>(z, im_sign, even, odd);
          continue;
        }
        for (dim_t c = 0; c < NR; ++c) {
          const bool in = c < cols - j0;
          even[c] = in ? z[2 * c] : T(0);
          odd[c] = in ? im_sign * z[2 * c + 1] : T(0);
        }
      }
    }
  }
}

}  // namespace swblas::kernels
