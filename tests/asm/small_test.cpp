// The unpacked small-problem path of every kernel against a naive product:
// several shapes (below, at and above the register block), B in every
// orientation, lda > m, guard values around C, beta == 0 with NaN in C.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "kernel_harness.h"

namespace swblas::test {
namespace {

class small_test : public ::testing::TestWithParam<const dgemm_ukernel_desc*> {
 protected:
  void SetUp() override {
    std::string why;
    if (!cpu_supports(GetParam()->needs, &why)) GTEST_SKIP() << why;
  }
};

struct shape {
  dim_t m, n, k;
};

void check_small(const dgemm_ukernel_desc& d, shape s, bool b_transposed,
                 inc_t b_extra_stride, double alpha, double beta,
                 prefetch_stream* ahead = nullptr) {
  SCOPED_TRACE(testing::Message()
               << d.name << " m=" << s.m << " n=" << s.n << " k=" << s.k
               << " bT=" << b_transposed << " bstride+" << b_extra_stride
               << " alpha=" << alpha << " beta=" << beta);
  const dim_t lda = s.m + 2;
  std::vector<double> a(static_cast<std::size_t>(lda * s.k + 1));
  fill_random(a.data(), a.size(), 3);
  // B element (l, j): column-major k x n or its transpose, with an optional
  // extra step so that neither stride is 1.
  const inc_t step = 1 + b_extra_stride;
  const inc_t rs_b = b_transposed ? step * (s.n + 1) : step;
  const inc_t cs_b = b_transposed ? step : step * (s.k + 1);
  std::vector<double> b(static_cast<std::size_t>(rs_b * s.k + cs_b * s.n + 1));
  fill_random(b.data(), b.size(), 4);

  const dim_t ldc = s.m + 3;
  guarded_matrix c(s.m, s.n, ldc);
  std::vector<double> expect(
      static_cast<std::size_t>(ldc * (s.n > 0 ? s.n : 1)));
  for (dim_t j = 0; j < s.n; ++j)
    for (dim_t i = 0; i < s.m; ++i) {
      const double v = beta == 0.0 ? std::numeric_limits<double>::quiet_NaN()
                                   : std::cos(0.5 + i - 3.0 * j);
      c.data()[i + j * ldc] = v;
      expect[i + j * ldc] = v;
    }
  std::vector<double> tol;
  naive_gemm(s.m, s.n, s.k, alpha, a.data(), 1, lda, b.data(), rs_b, cs_b, beta,
             expect.data(), ldc, &tol);
  d.small(s.m, s.n, s.k, alpha, a.data(), lda, b.data(), rs_b, cs_b, beta,
          c.data(), ldc, ahead);
  for (dim_t j = 0; j < s.n; ++j)
    for (dim_t i = 0; i < s.m; ++i)
      ASSERT_NEAR(c.data()[i + j * ldc], expect[i + j * ldc], tol[i + j * s.m])
          << "at (" << i << ", " << j << ")";
  EXPECT_EQ(c.guards_changed(), 0u);
}

TEST_P(small_test, ShapesAndStridesMatchNaive) {
  const dgemm_ukernel_desc& d = *GetParam();
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
          check_small(d, s, transposed, extra, ab[0], ab[1]);
          if (HasFatalFailure()) return;
        }
}

// Every height of the last strip: whole vectors, a partial vector after
// some whole ones, a partial vector alone (masked loads and stores of C and
// A must not touch the guards around C or read past A).
TEST_P(small_test, EveryRowRemainder) {
  const dgemm_ukernel_desc& d = *GetParam();
  for (dim_t m = 1; m <= 2 * d.mr + 1; ++m)
    for (bool transposed : {false, true}) {
      check_small(d, {m, d.nr + 3, 5}, transposed, 0, 0.7, 1.3);
      check_small(d, {m, 2, 3}, transposed, 1, 1.0, 0.0);
      if (HasFatalFailure()) return;
    }
}

// A prefetch stream (the next problem of a batch) changes no result and is
// fetched whole when the call has enough k steps for it, across its ranges,
// and a k = 0 call leaves it as it was.
TEST_P(small_test, PrefetchStreamIsFetchedOnTheWay) {
  const dgemm_ukernel_desc& d = *GetParam();
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
  check_small(d, {37, 29, 33}, false, 0, 0.7, 1.3, &ahead);
  EXPECT_EQ(ahead.lines_left(), 0u);

  ahead = stream();
  check_small(d, {13, 11, 0}, false, 0, 0.7, 1.3, &ahead);
  EXPECT_EQ(ahead.lines_left(), lines);
}

std::string kernel_name(
    const testing::TestParamInfo<const dgemm_ukernel_desc*>& info) {
  return info.param->name;
}

INSTANTIATE_TEST_SUITE_P(Kernels, small_test,
                         testing::ValuesIn(kernels_under_test()), kernel_name);

}  // namespace
}  // namespace swblas::test
