// The unpacked small-problem path of every kernel, double and float,
// against a naive product: several shapes (below, at and above the register
// block), B in every orientation, lda > m, guard values around C, beta == 0
// with NaN in C. Each test is a function template over the element type.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include "kernel_harness.h"

namespace swblas::test {
namespace {

using any_small = std::variant<const dgemm_small_desc*, const sgemm_small_desc*>;

class small_test : public ::testing::TestWithParam<any_small> {
 protected:
  void SetUp() override {
    std::string why;
    const isa needs = std::visit([](auto* r) { return r->ukernel->needs; }, GetParam());
    if (!cpu_supports(needs, &why)) GTEST_SKIP() << why;
  }
  // Runs test(*routine) for the routine of either element type.
  template <class Test>
  void run(Test test) {
    std::visit([&](auto* r) { test(*r); }, GetParam());
  }
};

bool fatal() { return ::testing::Test::HasFatalFailure(); }

struct shape {
  dim_t m, n, k;
};

template <class T>
void check_small(const small_gemm_desc<T>& r, shape s, bool b_transposed, inc_t b_extra_stride, double alpha,
                 double beta, prefetch_stream* ahead = nullptr, bool by_shape = false) {
  SCOPED_TRACE(testing::Message()
               << r.ukernel->name << " m=" << s.m << " n=" << s.n << " k=" << s.k
               << " bT=" << b_transposed << " bstride+" << b_extra_stride
               << " alpha=" << alpha << " beta=" << beta);
  const dim_t lda = s.m + 2;
  std::vector<T> a(static_cast<std::size_t>(lda * s.k + 1));
  fill_random(a.data(), a.size(), 3);
  // B element (l, j): column-major k x n or its transpose, with an optional
  // extra step so that neither stride is 1.
  const inc_t step = 1 + b_extra_stride;
  const inc_t rs_b = b_transposed ? step * (s.n + 1) : step;
  const inc_t cs_b = b_transposed ? step : step * (s.k + 1);
  std::vector<T> b(static_cast<std::size_t>(rs_b * s.k + cs_b * s.n + 1));
  fill_random(b.data(), b.size(), 4);

  const dim_t ldc = s.m + 3;
  basic_guarded_matrix<T> c(s.m, s.n, ldc);
  std::vector<T> expect(static_cast<std::size_t>(ldc * (s.n > 0 ? s.n : 1)));
  for (dim_t j = 0; j < s.n; ++j)
    for (dim_t i = 0; i < s.m; ++i) {
      const T v = beta == 0.0 ? std::numeric_limits<T>::quiet_NaN() : T(std::cos(0.5 + i - 3.0 * j));
      c.data()[i + j * ldc] = v;
      expect[i + j * ldc] = v;
    }
  std::vector<double> tol;
  naive_gemm(s.m, s.n, s.k, T(alpha), a.data(), 1, lda, b.data(), rs_b, cs_b, T(beta), expect.data(), ldc, &tol);
  const small_gemm_fn<T> routine = by_shape ? r.routine_for(s.m, s.n) : r.gemm;
  routine(s.m, s.n, s.k, T(alpha), a.data(), lda, b.data(), rs_b, cs_b, T(beta), c.data(), ldc, ahead);
  for (dim_t j = 0; j < s.n; ++j)
    for (dim_t i = 0; i < s.m; ++i)
      ASSERT_NEAR(c.data()[i + j * ldc], expect[i + j * ldc], tol[i + j * s.m])
          << "at (" << i << ", " << j << ")";
  EXPECT_EQ(c.guards_changed(), 0u);
}

TEST_P(small_test, ShapesAndStridesMatchNaive) {
  run([](const auto& r) {
    const auto& d = *r.ukernel;
    const dim_t mr = d.mr, nr = d.nr;
    const shape shapes[] = {{1, 1, 1},
                            {3, 5, 7},
                            {mr, nr, 4},
                            {mr - 1, nr + 1, 2},
                            {2 * mr + 3, 2 * nr + 1, 17},
                            {13, 11, 0},
                            {0, 5, 3},
                            {5, 0, 3},
                            {37, 29, 33}};
    const double alpha_beta[][2] = {
        {1.0, 0.0}, {0.7, 1.3}, {-1.0, 1.0}, {0.0, 1.3}};
    for (const shape& s : shapes)
      for (bool transposed : {false, true})
        for (inc_t extra : {0, 2})
          for (const auto& ab : alpha_beta) {
            check_small(r, s, transposed, extra, ab[0], ab[1]);
            if (fatal()) return;
          }
  });
}

// Every column count up to several register blocks (the strip cuts n into
// blocks as even as they come, of every width up to its widest), for a
// one-vector strip, a full strip and a partial one.
TEST_P(small_test, EveryColumnCount) {
  run([](const auto& r) {
    const auto& d = *r.ukernel;
    for (dim_t m : {dim_t{1}, dim_t{d.mr}, dim_t{2 * d.mr + 3}})
      for (dim_t n = 1; n <= 4 * d.nr + 3; ++n) {
        check_small(r, {m, n, 6}, n % 2 == 1, 0, 0.7, 1.3);
        if (fatal()) return;
      }
  });
}

// Every height of the last strip: whole vectors, a partial vector after
// some whole ones, a partial vector alone (masked loads and stores of C and
// A must not touch the guards around C or read past A).
TEST_P(small_test, EveryRowRemainder) {
  run([](const auto& r) {
    const auto& d = *r.ukernel;
    for (dim_t m = 1; m <= 2 * d.mr + 1; ++m)
      for (bool transposed : {false, true}) {
        check_small(r, {m, d.nr + 3, 5}, transposed, 0, 0.7, 1.3);
        check_small(r, {m, 2, 3}, transposed, 1, 1.0, 0.0);
        if (fatal()) return;
      }
  });
}

// Problems of one register block (every height up to a strip of the widest
// blocks, every width up to the widest block, 2 nr at most) go straight to
// their block; around them, the shapes that do not. beta == 1 adds C, other
// betas multiply it, beta == 0 does not read it.
TEST_P(small_test, OneBlockProblems) {
  run([](const auto& r) {
    const auto& d = *r.ukernel;
    const double alpha_beta[][2] = {{1.0, 1.0}, {0.7, 0.0}, {-1.0, 1.3}};
    for (dim_t m = 1; m <= 2 * d.mr + 1; ++m)
      for (dim_t n = 1; n <= 2 * d.nr + 1; ++n)
        for (const auto& ab : alpha_beta) {
          check_small(r, {m, n, 3}, false, 0, ab[0], ab[1]);
          if (fatal()) return;
        }
  });
}

// The routine named for each shape (the entry points' table of tiny
// problems) is the one the small routine would jump to: the same results
// for every m, n up to the table's 32, as its only call would give them.
// k = 50 is past the blocks' prefetch distance (the fetching loop).
TEST_P(small_test, RoutineForEveryShapeMatchesNaive) {
  run([](const auto& r) {
    const auto& d = *r.ukernel;
    for (dim_t m = 1; m <= 32; ++m)
      for (dim_t n = 1; n <= 32; ++n) {
        check_small(r, {m, n, 3}, n % 2 == 0, 0, m % 2 ? 1.0 : 0.7, n % 3 ? 1.0 : 0.0, nullptr, true);
        if (m == 1 || m == d.mr || m == d.mr + 1)
          check_small(r, {m, n, 50}, n % 2 == 1, 0, 1.0, -0.5, nullptr, true);
        if (fatal()) return;
      }
    EXPECT_EQ(r.routine_for(200, 2), r.gemm);  // many strips: no one block
  });
}

// A prefetch stream (the next problem of a batch) changes no result and is
// fetched whole when the call has enough k steps for it, across its ranges,
// and a k = 0 call leaves it as it was.
TEST_P(small_test, PrefetchStreamIsFetchedOnTheWay) {
  run([](const auto& r) {
    const std::vector<double> next(1000, 1.0);
    auto stream = [&next] {
      prefetch_stream s;
      s.add(next.data(), 200);
      s.add(next.data() + 100, 1000);
      s.add(next.data() + 300, 3000);  // 4 + 16 + 47 lines at most
      return s;
    };
    prefetch_stream ahead = stream();
    const std::size_t lines = ahead.lines_left();
    EXPECT_GE(lines, 4u + 16u + 47u);
    check_small(r, {37, 29, 33}, false, 0, 0.7, 1.3, &ahead);
    EXPECT_EQ(ahead.lines_left(), 0u);

    ahead = stream();
    check_small(r, {13, 11, 0}, false, 0, 0.7, 1.3, &ahead);
    EXPECT_EQ(ahead.lines_left(), lines);

    ahead = stream();  // into L2: the same walk
    ahead.into_l1 = false;
    check_small(r, {37, 29, 33}, false, 0, 0.7, 1.3, &ahead);
    EXPECT_EQ(ahead.lines_left(), 0u);
  });
}

// A batch of one shape through small_batch: entry e is checked against the
// naive product; operands as pointer arrays or strided (C strided with a
// spare column between entries that must keep its value). The routine
// takes shapes of one strip of rows only: others must come back false with
// nothing written.
struct batch_case {
  shape s;
  bool b_transposed;
  double alpha, beta;
  bool strided;
  batch_fetch ahead = batch_fetch::whole;
  bool stream_into_l1 = true;
};

// Returns whether run_batch took the shape.
template <class T>
bool check_small_batch(const small_gemm_desc<T>& r, const batch_case& bc) {
  const shape s = bc.s;
  SCOPED_TRACE(testing::Message() << r.ukernel->name << " batch m=" << s.m << " n=" << s.n
                                  << " k=" << s.k << " bT=" << bc.b_transposed
                                  << " beta=" << bc.beta << " strided=" << bc.strided
                                  << " fetch=" << static_cast<int>(bc.ahead));
  constexpr dim_t kCount = 5;
  const dim_t lda = s.m + 2, ldc = s.m + 1;
  const inc_t rs_b = bc.b_transposed ? s.n + 1 : 1;
  const inc_t cs_b = bc.b_transposed ? 1 : s.k + 1;
  const inc_t stride_a = lda * s.k + 3, stride_b = rs_b * s.k + cs_b * s.n + 2;
  const inc_t stride_c = ldc * (s.n + 1);  // one spare column per entry
  std::vector<T> a(static_cast<std::size_t>(stride_a * kCount));
  std::vector<T> b(static_cast<std::size_t>(stride_b * kCount));
  std::vector<T> c(static_cast<std::size_t>(stride_c * kCount));
  fill_random(a.data(), a.size(), 5);
  fill_random(b.data(), b.size(), 6);
  fill_random(c.data(), c.size(), 7);
  if (bc.beta == 0.0)  // C must not be read: NaN everywhere but the spare columns
    for (dim_t e = 0; e < kCount; ++e)
      std::fill_n(c.begin() + e * stride_c, ldc * s.n, std::numeric_limits<T>::quiet_NaN());
  std::vector<T> expect = c;
  std::vector<std::vector<double>> tols(kCount);
  for (dim_t e = 0; e < kCount; ++e)
    naive_gemm(s.m, s.n, s.k, T(bc.alpha), a.data() + e * stride_a, 1, lda, b.data() + e * stride_b, rs_b, cs_b,
               T(bc.beta), expect.data() + e * stride_c, ldc, &tols[e]);
  const std::vector<T> before = c;

  std::vector<const T*> a_ptrs, b_ptrs;
  std::vector<T*> c_ptrs;
  for (dim_t e = 0; e < kCount; ++e) {
    a_ptrs.push_back(a.data() + e * stride_a);
    b_ptrs.push_back(b.data() + e * stride_b);
    c_ptrs.push_back(c.data() + e * stride_c);
  }
  basic_small_batch<T> run;
  run.ahead = bc.ahead;
  run.stream_into_l1 = bc.stream_into_l1;
  run.count = kCount;
  run.m = s.m;
  run.n = s.n;
  run.k = s.k;
  run.alpha = T(bc.alpha);
  run.beta = T(bc.beta);
  run.lda = lda;
  run.rs_b = rs_b;
  run.cs_b = cs_b;
  run.ldc = ldc;
  if (bc.strided) {
    run.a = a.data();
    run.stride_a = stride_a;
    run.b = b.data();
    run.stride_b = stride_b;
    run.c = c.data();
    run.stride_c = stride_c;
  } else {
    run.a_array = a_ptrs.data();
    run.b_array = b_ptrs.data();
    run.c_array = c_ptrs.data();
  }
  const bool taken = r.batch(run);
  for (dim_t e = 0; e < kCount; ++e)
    for (dim_t j = 0; j <= s.n; ++j)
      for (dim_t i = 0; i < ldc; ++i) {
        const std::size_t at = static_cast<std::size_t>(e * stride_c + j * ldc + i);
        const bool element = taken && i < s.m && j < s.n;
        if (element) {
          EXPECT_NEAR(c[at], expect[at], tols[e][i + j * s.m])
              << "entry " << e << " at (" << i << ", " << j << ")";
        } else if (!(std::isnan(c[at]) && std::isnan(before[at]))) {
          EXPECT_EQ(c[at], before[at]) << "entry " << e << " wrote (" << i << ", " << j << ")";
        }
      }
  return taken;
}

TEST_P(small_test, BatchOfOneStripShapes) {
  run([](const auto& r) {
    using fetch = batch_fetch;
    const auto& d = *r.ukernel;
    ASSERT_NE(r.batch, nullptr);
    int taken = 0, refused = 0;
    for (dim_t m = 1; m <= 4 * d.mr + 9; m += (m < 2 * d.mr ? 1 : 7))
      for (dim_t n : {1, 2, 3, 5, 6, 7, 8, 9, 16, 29})
        for (fetch ahead : {fetch::none, fetch::whole, fetch::stream}) {
          const bool strided = ahead != fetch::whole;
          const batch_case bc{{m, n, 7}, n % 2 == 0, 0.7, strided ? 1.3 : 0.0, strided, ahead};
          (check_small_batch(r, bc) ? taken : refused) += 1;
          if (fatal()) return;
        }
    EXPECT_GT(taken, 0);
    EXPECT_GT(refused, 0);  // 4 * mr + 8 rows are more than one strip of any kernel
    // Every kernel's strip holds a 1 x 1 problem (k = 0 scales C, k = 1 and
    // odd k) and a 1 x 29 one with its entries streamed; a stream ahead of a
    // one-block shape is refused (one block fetches one range only).
    for (dim_t k : {0, 1, 9})
      EXPECT_TRUE(check_small_batch(r, {{1, 1, k}, false, -1.0, 1.0, false}));
    EXPECT_TRUE(check_small_batch(r, {{1, 1, 3}, true, 1.0, 0.0, true}));
    EXPECT_TRUE(check_small_batch(r, {{1, 29, 3}, true, 1.0, 0.0, true, fetch::stream}));
    EXPECT_TRUE(check_small_batch(r, {{3, 29, 5}, false, 0.5, 1.0, true, fetch::stream, false}));
    EXPECT_FALSE(check_small_batch(r, {{1, 1, 3}, true, 1.0, 0.0, true, fetch::stream}));
  });
}

std::string kernel_name(const testing::TestParamInfo<any_small>& info) {
  return std::visit([](auto* r) { return std::string(r->ukernel->name); }, info.param);
}

// Every double routine (the registry's and the test-only ones), then every
// float one.
std::vector<any_small> routines_of_every_type() {
  std::vector<any_small> all;
  for (const dgemm_small_desc* r : small_gemms_under_test()) all.emplace_back(r);
  std::size_t count = 0;
  const sgemm_small_desc* const* f32 = small_routines<float>(&count);
  for (std::size_t i = 0; i < count; ++i) all.emplace_back(f32[i]);
  return all;
}

INSTANTIATE_TEST_SUITE_P(Kernels, small_test, testing::ValuesIn(routines_of_every_type()), kernel_name);

}  // namespace
}  // namespace swblas::test
