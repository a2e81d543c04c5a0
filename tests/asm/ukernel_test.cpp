// Every micro kernel, double and float, against a naive product of the
// unpacked operands, for every edge shape, several k, alpha and beta
// (beta == 0 with NaN in C), and with guard values around C that must stay
// untouched. The checks are written once over the element type T.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include "kernel_harness.h"

namespace swblas::test {
namespace {

class ukernel_test : public ::testing::TestWithParam<any_ukernel> {
 protected:
  void SetUp() override {
    std::string why;
    if (!cpu_supports(needs_of(GetParam()), &why)) GTEST_SKIP() << why;
  }
};

using ::testing::Test;

// The packed panels of an MR x k block of A whose first m rows are set (the
// rest zero, as the format demands) and of a k x NR block of B likewise.
template <class T>
struct packed_operands {
  std::vector<T> a, b;    // unpacked, column-major MR x k and k x NR
  std::vector<T> ap, bp;  // packed micro-panels
  T* ap_aligned;
  T* bp_aligned;
};

// The random MR x k A and k x NR B of one depth, the same for every tile
// shape (generated again for each case, they were most of the time of
// the edge-shape tests).
template <class T>
struct random_factors {
  int mr = -1, nr = -1;
  dim_t k = -1;
  std::vector<T> a, b;

  const random_factors& of(int mr_, int nr_, dim_t k_) {
    if (mr_ == mr && nr_ == nr && k_ == k) return *this;
    mr = mr_, nr = nr_, k = k_;
    a.assign(static_cast<std::size_t>(mr * k), T(0));
    b.assign(static_cast<std::size_t>(k * nr), T(0));
    fill_random(a.data(), a.size(), 11);
    fill_random(b.data(), b.size(), 29);
    return *this;
  }
};

template <class T>
packed_operands<T> make_operands(int mr, int nr, dim_t m, dim_t n, dim_t k) {
  static thread_local random_factors<T> last;
  packed_operands<T> o;
  const random_factors<T>& random = last.of(mr, nr, k);
  o.a = random.a;
  o.b = random.b;
  for (dim_t l = 0; l < k; ++l)
    for (dim_t i = m; i < mr; ++i) o.a[i + l * mr] = T(0);
  for (dim_t j = n; j < nr; ++j)
    for (dim_t l = 0; l < k; ++l) o.b[l + j * k] = T(0);
  const std::size_t pad = kPackAlignment / sizeof(T);
  o.ap.assign(mr * k + pad, T(0));
  o.bp.assign(nr * k + pad, T(0));
  o.ap_aligned = reinterpret_cast<T*>(
      (reinterpret_cast<std::uintptr_t>(o.ap.data()) + kPackAlignment - 1) /
      kPackAlignment * kPackAlignment);
  o.bp_aligned = reinterpret_cast<T*>(
      (reinterpret_cast<std::uintptr_t>(o.bp.data()) + kPackAlignment - 1) /
      kPackAlignment * kPackAlignment);
  for (dim_t l = 0; l < k; ++l) {
    for (dim_t i = 0; i < mr; ++i) o.ap_aligned[l * mr + i] = o.a[i + l * mr];
    for (dim_t j = 0; j < nr; ++j) o.bp_aligned[l * nr + j] = o.b[l + j * k];
  }
  return o;
}

// What a case expects of element (i, j) beyond the product: nothing.
struct product_only {
  template <class T>
  T operator()(dim_t, dim_t, T x) const { return x; }
};

// Runs one case through `run` (the kernel under test on C, leading
// dimension ldc >= m) and compares; `finish` turns the expected product of
// element (i, j) into the expected result (the fused epilogue's tests).
template <class T, class Run, class Finish = product_only>
void check_case(const ukernel_desc<T>& d, dim_t m, dim_t n, dim_t k,
                T alpha, T beta, dim_t ldc, Run run, Finish finish = {}) {
  SCOPED_TRACE(testing::Message()
               << d.name << " m=" << m << " n=" << n << " k=" << k
               << " alpha=" << alpha << " beta=" << beta << " ldc=" << ldc);
  const packed_operands<T> o = make_operands<T>(d.mr, d.nr, m, n, k);
  basic_guarded_matrix<T> c(m, n, ldc);
  std::vector<T> expect(static_cast<std::size_t>(ldc * (n > 0 ? n : 1)));
  for (dim_t j = 0; j < n; ++j)
    for (dim_t i = 0; i < m; ++i) {
      const T v = beta == T(0) ? std::numeric_limits<T>::quiet_NaN()
                               : static_cast<T>(std::sin(1.0 + i + 7.0 * j));
      c.data()[i + j * ldc] = v;
      expect[i + j * ldc] = v;
    }
  std::vector<double> tol;
  naive_gemm<T>(m, n, k, alpha, o.a.data(), 1, d.mr, o.b.data(), 1, k, beta,
             expect.data(), ldc, &tol);
  run(o.ap_aligned, o.bp_aligned, c.data(), ldc);
  for (dim_t j = 0; j < n; ++j)
    for (dim_t i = 0; i < m; ++i) {
      const T want = finish(i, j, expect[i + j * ldc]);
      const T got = c.data()[i + j * ldc];
      if (std::isnan(want)) {
        ASSERT_TRUE(std::isnan(got)) << "at (" << i << ", " << j << "): " << got;
        continue;
      }
      // The expected value's own rounding to T, beyond the tolerance.
      const double rounding = std::numeric_limits<T>::epsilon() * std::fabs(want);
      ASSERT_NEAR(got, want, tol[i + j * m] + rounding)
          << "at (" << i << ", " << j << ")";
    }
  EXPECT_EQ(c.guards_changed(), 0u);
}

const dim_t kDepths[] = {0, 1, 2, 3, 7, 17, 256, 257};
const double kAlphas[] = {0.0, 1.0, -1.0, 0.7};
const double kBetas[] = {0.0, 1.0, 1.3};

// Whether an m x n tile is among those tried at depth k: every one at the
// short depths; at the long ones (which take nearly all the time, and
// whose k loop does not depend on the tile) the full tile and its edges by
// one element and to one.
bool edge_shape_at_depth(dim_t m, dim_t n, dim_t k, dim_t mr, dim_t nr) {
  if (k < 256) return true;
  const auto edge = [](dim_t x, dim_t r) { return x == r || x == r - 1 || x == 1; };
  return edge(m, mr) && edge(n, nr);
}

template <class T>
void every_edge_shape_matches_naive(const ukernel_desc<T>& d) {
  for (dim_t k : kDepths)
    for (dim_t m = 0; m <= d.mr; ++m)
      for (dim_t n = 0; n <= d.nr; ++n) {
        if (!edge_shape_at_depth(m, n, k, d.mr, d.nr)) continue;
        for (const T alpha : kAlphas)
          for (const T beta : kBetas)
            for (dim_t ldc : {dim_t{d.mr} + 3, m > 0 ? m : 1}) {
              check_case(
                  d, m, n, k, alpha, beta, ldc,
                  [&](const T* ap, const T* bp, T* c, dim_t ld) {
                    d.ukernel(m, n, k, alpha, ap, bp, beta, c, ld);
                  });
              if (Test::HasFatalFailure()) return;
            }
      }
}

TEST_P(ukernel_test, EveryEdgeShapeMatchesNaive) {
  std::visit([](auto* d) { every_edge_shape_matches_naive(*d); }, GetParam());
}

template <class T>
void full_tile_kernel_matches_naive(const ukernel_desc<T>& d) {
  for (dim_t k : kDepths)
    for (const T alpha : kAlphas)
      for (const T beta : kBetas)
        for (dim_t ldc : {dim_t{d.mr} + 3, dim_t{d.mr}}) {
          check_case(
              d, d.mr, d.nr, k, alpha, beta, ldc,
              [&](const T* ap, const T* bp, T* c, dim_t ld) {
                d.ukernel_full(k, alpha, ap, bp, beta, c, ld);
              });
          if (Test::HasFatalFailure()) return;
        }
}

TEST_P(ukernel_test, FullTileKernelMatchesNaive) {
  std::visit([](auto* d) { full_tile_kernel_matches_naive(*d); }, GetParam());
}

// The fused epilogue's definition, written out independently of the kernels.
template <class T>
T apply_op(tile_op op, const basic_tile_epilogue<T>& e, T x) {
  switch (op) {
    case tile_op::bias_only: return x;
    case tile_op::relu: return x < T(0) ? T(0) : x;
    case tile_op::leaky_relu: return x > T(0) ? x : e.slope * x;
    case tile_op::clamp: return x < e.lo ? e.lo : (x > e.hi ? e.hi : x);
  }
  return x;
}

constexpr tile_op kTileOps[] = {tile_op::bias_only, tile_op::relu, tile_op::leaky_relu,
                                tile_op::clamp};

// The epilogue of op with bias layout 0 (none), 1 (per row) or 2 (per
// column) read from `bias`, and constants that put the operations' branch
// points inside the tile's values.
template <class T>
basic_tile_epilogue<T> test_epilogue(tile_op op, int layout, const T* bias) {
  basic_tile_epilogue<T> e;
  e.op = op;
  e.bias = layout == 0 ? nullptr : bias;
  e.rs_bias = layout == 1 ? 1 : 0;
  e.cs_bias = layout == 2 ? 1 : 0;
  e.slope = T(0.125);
  e.lo = T(-0.25);
  e.hi = T(0.5);
  return e;
}

// Every operation and bias layout on every tile shape (full tiles through
// the kernel's own epilogue in registers, partial ones through the edge
// adapter), with C holding NaN where beta == 0 and x + bias where the
// operation decides between its branches.
template <class T>
void epilogue_on_every_edge_shape(const ukernel_desc<T>& d) {
  ASSERT_NE(d.ukernel_epilogue, nullptr);
  std::vector<T> bias(64);
  fill_random(bias.data(), bias.size(), 5);
  for (tile_op op : kTileOps)
    for (int layout = 0; layout < 3; ++layout)
      for (dim_t k : {0, 3, 17})
        for (dim_t m = 1; m <= d.mr; ++m)
          for (dim_t n = 1; n <= d.nr; ++n)
            for (const T beta : {T(0), T(1.3)}) {
              const basic_tile_epilogue<T> e = test_epilogue(op, layout, bias.data() + 3);
              const T alpha = k == 3 ? T(1) : T(0.7);
              SCOPED_TRACE(testing::Message() << "op " << int(op) << " bias layout " << layout);
              check_case(
                  d, m, n, k, alpha, beta, d.mr + 1,
                  [&](const T* ap, const T* bp, T* c, dim_t ld) {
                    d.ukernel_epilogue(m, n, k, alpha, ap, bp, beta, c, ld, e);
                  },
                  [&](dim_t i, dim_t j, T x) {
                    const T b = e.bias ? e.bias[i * e.rs_bias + j * e.cs_bias] : T(0);
                    return apply_op(op, e, T(x + b));
                  });
              if (Test::HasFatalFailure()) return;
            }
}

TEST_P(ukernel_test, EpilogueOnEveryEdgeShape) {
  std::visit([](auto* d) { epilogue_on_every_edge_shape(*d); }, GetParam());
}

// The full-tile entries by operation (what generated fused kernels call on
// full tiles) give the same tile as the general entry, to the bit.
template <class T>
void full_epilogue_entries_match_the_general_one(const ukernel_desc<T>& d) {
  std::vector<T> bias(64);
  fill_random(bias.data(), bias.size(), 9);
  int entries = 0;
  for (tile_op op : kTileOps) {
    const ukernel_full_epilogue_fn<T> full = d.ukernel_full_epilogue.of[static_cast<int>(op)];
    if (!full) continue;
    ++entries;
    for (int layout = 0; layout < 3; ++layout)
      for (dim_t k : {0, 1, 17})
        for (const T beta : {T(0), T(1.3)}) {
          const basic_tile_epilogue<T> e = test_epilogue(op, layout, bias.data() + 5);
          const T alpha = k == 17 ? T(1) : T(0.7);
          const dim_t ldc = d.mr + 2;
          const packed_operands<T> o = make_operands<T>(d.mr, d.nr, d.mr, d.nr, k);
          std::vector<T> direct(ldc * d.nr);
          fill_random(direct.data(), direct.size(), 13);
          std::vector<T> general = direct;
          full(k, alpha, o.ap_aligned, o.bp_aligned, beta, direct.data(), ldc, e);
          d.ukernel_epilogue(d.mr, d.nr, k, alpha, o.ap_aligned, o.bp_aligned, beta, general.data(), ldc, e);
          ASSERT_EQ(0, std::memcmp(direct.data(), general.data(), direct.size() * sizeof(T)))
              << "op " << int(op) << " bias layout " << layout << " k " << k << " beta " << beta;
        }
  }
  // Either every operation or none (the MMA and generic kernels apply the
  // epilogue to the stored tile).
  EXPECT_TRUE(entries == 0 || entries == kTileOpCount) << entries;
}

TEST_P(ukernel_test, FullEpilogueEntriesMatchTheGeneralOne) {
  std::visit([](auto* d) { full_epilogue_entries_match_the_general_one(*d); }, GetParam());
}

std::string kernel_name(const testing::TestParamInfo<any_ukernel>& info) {
  return name_of(info.param);
}

INSTANTIATE_TEST_SUITE_P(Kernels, ukernel_test,
                         testing::ValuesIn(kernels_of_every_type()), kernel_name);

}  // namespace
}  // namespace swblas::test
