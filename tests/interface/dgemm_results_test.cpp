// dgemm_ and cblas_dgemm against the naive reference: every transpose and
// layout, the alpha/beta special cases, odd sizes, padded leading dimensions
// with guards, NaN that must not be read, and concurrent callers.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <thread>
#include <tuple>
#include <vector>

#include "gemm_oracle.h"

namespace swblas_test {
namespace {

void expect_matches_reference(const gemm_case& g, std::uint32_t seed) {
  operands x(g);
  x.a.fill_random(seed);
  x.b.fill_random(seed + 1);
  x.c.fill_random(seed + 2);
  const expectation e = expected_result(g, x);
  call_dgemm(g, x);
  EXPECT_EQ(check_result(g, x, e), "") << describe(g);
}

using entry_and_transposes = std::tuple<entry, char, char>;

class DgemmSweep : public ::testing::TestWithParam<entry_and_transposes> {};

TEST_P(DgemmSweep, MatchesReferenceForSmallAndOddSizes) {
  const auto [api, transa, transb] = GetParam();
  const int sizes[] = {0, 1, 2, 3, 17, 33};
  std::uint32_t seed = 1;
  for (int m : sizes)
    for (int n : sizes)
      for (int k : sizes)
        for (double alpha : {0.0, 1.0, -1.0, 0.7})
          for (double beta : {0.0, 1.0, 1.3})
            expect_matches_reference({api, transa, transb, m, n, k, alpha, beta},
                                     seed += 3);
}

TEST_P(DgemmSweep, MatchesReferenceForALargerProblem) {
  const auto [api, transa, transb] = GetParam();
  expect_matches_reference({api, transa, transb, 301, 289, 297, 0.7, 1.3}, 99);
}

TEST_P(DgemmSweep, OverwritesNanInCWhenBetaIsZero) {
  const auto [api, transa, transb] = GetParam();
  for (double alpha : {0.0, 0.7}) {
    const gemm_case g{api, transa, transb, 19, 13, 7, alpha, 0.0};
    operands x(g);
    x.a.fill_random(5);
    x.b.fill_random(6);
    x.c.fill(std::numeric_limits<double>::quiet_NaN());
    const expectation e = expected_result(g, x);
    call_dgemm(g, x);
    EXPECT_EQ(check_result(g, x, e), "") << describe(g);
  }
}

TEST_P(DgemmSweep, DoesNotReadAOrBWhenAlphaIsZero) {
  const auto [api, transa, transb] = GetParam();
  for (double beta : {0.0, 1.0, 1.3}) {
    const gemm_case g{api, transa, transb, 19, 13, 7, 0.0, beta};
    operands x(g);
    x.a.fill(std::numeric_limits<double>::quiet_NaN());
    x.b.fill(std::numeric_limits<double>::infinity());
    x.c.fill_random(7);
    const expectation e = expected_result(g, x);
    call_dgemm(g, x);
    EXPECT_EQ(check_result(g, x, e), "") << describe(g);
  }
}

std::string sweep_name(const ::testing::TestParamInfo<entry_and_transposes>& p) {
  return entry_name(std::get<0>(p.param)) + "_" + std::get<1>(p.param) +
         std::get<2>(p.param);
}

INSTANTIATE_TEST_SUITE_P(
    AllEntriesAndTransposes, DgemmSweep,
    ::testing::Combine(::testing::Values(entry::f77, entry::cblas_col,
                                         entry::cblas_row),
                       ::testing::Values('N', 'T', 'C'),
                       ::testing::Values('N', 'T', 'C')),
    sweep_name);

TEST(Dgemm, AcceptsLowerCaseTransposeCharacters) {
  for (char ta : {'n', 't', 'c'})
    for (char tb : {'n', 't', 'c'})
      expect_matches_reference({entry::f77, ta, tb, 5, 4, 3, 0.7, 1.3}, 11);
}

// m == 0 or n == 0 (and alpha*A*B that cannot change C when beta == 1) must
// return before touching any operand: null pointers must not be dereferenced.
TEST(Dgemm, QuickReturnsReadNothing) {
  const int zero = 0, one = 1, three = 3;
  const double alpha = 0.7, beta = 1.3;
  dgemm_("N", "N", &zero, &three, &three, &alpha, nullptr, &one, nullptr,
         &three, &beta, nullptr, &one);
  dgemm_("T", "N", &three, &zero, &three, &alpha, nullptr, &three, nullptr,
         &three, &beta, nullptr, &three);
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 0, 3, 3, alpha, nullptr,
              3, nullptr, 3, beta, nullptr, 3);
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 3, 0, 3, alpha,
              nullptr, 3, nullptr, 3, beta, nullptr, 3);
  const double zero_alpha = 0.0, unit_beta = 1.0;
  double c[9] = {std::nan("")};
  dgemm_("N", "N", &three, &three, &three, &zero_alpha, nullptr, &three,
         nullptr, &three, &unit_beta, c, &three);
  dgemm_("N", "N", &three, &three, &zero, &alpha, nullptr, &three, nullptr,
         &one, &unit_beta, c, &three);
  EXPECT_TRUE(std::isnan(c[0]));
  for (int i = 1; i < 9; ++i) EXPECT_EQ(c[i], 0.0);
}

TEST(Dgemm, KZeroScalesC) {
  for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
    for (double beta : {0.0, 1.3})
      expect_matches_reference({api, 'N', 'T', 7, 5, 0, 0.7, beta}, 21);
}

// Several user threads at once, each with its own problem shapes.
TEST(Dgemm, ConcurrentCallsFromSeveralThreads) {
  constexpr int kThreads = 4;
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([t, &failures] {
      for (int rep = 0; rep < 12 && failures[t].empty(); ++rep) {
        const entry api = static_cast<entry>((t + rep) % 3);
        const gemm_case g{api, "NTC"[rep % 3], "NTC"[t % 3], 40 + 7 * t,
                          33 + rep, 25 + 3 * rep, 0.7, 1.3};
        operands x(g);
        x.a.fill_random(100 * t + rep);
        x.b.fill_random(100 * t + rep + 50);
        x.c.fill_random(100 * t + rep + 75);
        const expectation e = expected_result(g, x);
        call_dgemm(g, x);
        const std::string r = check_result(g, x, e);
        if (!r.empty()) failures[t] = describe(g) + ": " + r;
      }
    });
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(failures[t], "") << "thread " << t;
}

TEST(SwblasHeader, VersionMacrosMatchTheProjectVersion) {
  EXPECT_STREQ(SWBLAS_VERSION_STRING, SWBLAS_PROJECT_VERSION);
  const std::string from_parts = std::to_string(SWBLAS_VERSION_MAJOR) + "." +
                                 std::to_string(SWBLAS_VERSION_MINOR) + "." +
                                 std::to_string(SWBLAS_VERSION_PATCH);
  EXPECT_EQ(from_parts, SWBLAS_PROJECT_VERSION);
}

}  // namespace
}  // namespace swblas_test
