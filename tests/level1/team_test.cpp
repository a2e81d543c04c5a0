// Level 1 on vectors long enough for a team (vector_team.h; this binary
// runs with SWBLAS_NUM_THREADS=3, so ranges are uneven): every element
// updated once, reductions equal to one pass, and i?amax's rule across
// range boundaries (a NaN starting a later range, ties between ranges);
// the same from every offset of a cache line, where a range is cut at the
// line (line_anchor, vector_team.h).
#include <gtest/gtest.h>

#include <cblas.h>

#include <cmath>
#include <cstdint>
#include <complex>
#include <limits>
#include <vector>

namespace {

constexpr int kN = 3 * 65536 + 5;  // 1.5 MB of doubles: three ranges
// Where the second range starts: whole cache lines, a third of them.
constexpr int kSecondRange = (kN + 7) / 8 / 3 * 8;

std::vector<double> ramp(int n, double scale) {
  std::vector<double> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[std::size_t(i)] = scale * ((i % 97) - 48);
  return v;
}

TEST(level1_team, UpdatesTouchEveryElementOnce) {
  const std::vector<double> x = ramp(kN, 0.5);
  std::vector<double> y = ramp(kN, 0.25);
  cblas_daxpy(kN, 2.0, x.data(), 1, y.data(), 1);
  for (int i = 0; i < kN; ++i) ASSERT_EQ(y[std::size_t(i)], 0.25 * ((i % 97) - 48) + 2.0 * x[std::size_t(i)]) << i;
  cblas_dscal(kN, -1.0, y.data(), 1);
  cblas_dcopy(kN, y.data(), 1, y.data(), 1);  // in place: a no-op
  std::vector<double> z(static_cast<std::size_t>(kN), 7.0);
  cblas_dswap(kN, y.data(), 1, z.data(), 1);
  for (int i = 0; i < kN; ++i) {
    ASSERT_EQ(y[std::size_t(i)], 7.0) << i;
    ASSERT_EQ(z[std::size_t(i)], -(0.25 * ((i % 97) - 48) + 2.0 * x[std::size_t(i)])) << i;
  }
}

TEST(level1_team, ReductionsMatchOnePass) {
  const std::vector<double> x = ramp(kN, 0.5), y = ramp(kN, -0.25);
  long double dot = 0, asum = 0, sumsq = 0;
  for (int i = 0; i < kN; ++i) {
    dot += (long double)x[std::size_t(i)] * y[std::size_t(i)];
    asum += std::fabs(x[std::size_t(i)]);
    sumsq += (long double)x[std::size_t(i)] * x[std::size_t(i)];
  }
  EXPECT_NEAR(cblas_ddot(kN, x.data(), 1, y.data(), 1), double(dot), 1e-9 * double(asum));
  EXPECT_NEAR(cblas_dasum(kN, x.data(), 1), double(asum), 1e-12 * double(asum));
  EXPECT_NEAR(cblas_dnrm2(kN, x.data(), 1), double(std::sqrt(sumsq)), 1e-12 * double(std::sqrt(sumsq)));
  std::vector<std::complex<double>> u(static_cast<std::size_t>(kN), {1.0, -2.0});
  std::complex<double> dotc;
  cblas_zdotc_sub(kN, u.data(), 1, u.data(), 1, &dotc);
  EXPECT_EQ(dotc, std::complex<double>(5.0 * kN, 0.0));
}

TEST(level1_team, IamaxKeepsTheReferenceRuleAcrossRanges) {
  std::vector<double> x(static_cast<std::size_t>(kN), 1.0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  x[std::size_t(kSecondRange)] = nan;  // a later range starting with a NaN
  x[std::size_t(kSecondRange) + 3] = 4.0;
  EXPECT_EQ(cblas_idamax(kN, x.data(), 1), std::size_t(kSecondRange) + 3);
  x[100] = -4.0;  // a tie in the first range wins
  EXPECT_EQ(cblas_idamax(kN, x.data(), 1), 100u);
  x[std::size_t(kN) - 1] = 5.0;
  EXPECT_EQ(cblas_idamax(kN, x.data(), 1), std::size_t(kN) - 1);
  x[0] = nan;  // the reference never moves past a leading NaN
  EXPECT_EQ(cblas_idamax(kN, x.data(), 1), 0u);
}

// A vector of n doubles starting `offset` elements past a 64-byte
// boundary, and the index of its first element on one.
struct offset_vector {
  std::vector<double> storage;
  double* x;
  int anchor;
  offset_vector(int n, int offset) : storage(std::size_t(n) + 16) {
    const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(storage.data());
    x = storage.data() + (64 - base % 64) % 64 / 8 + offset;
    anchor = (8 - offset) % 8;
  }
};

TEST(level1_team, EveryOffsetOfALineGivesTheSameResults) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (int n : {1000, kN}) {  // one thread, a team
    double first_dot = 0, first_nrm2 = 0, first_asum = 0;
    std::complex<double> first_dotc;
    for (int offset = 0; offset < 8; ++offset) {
      offset_vector u(n, offset), v(n, offset);
      for (int i = 0; i < n; ++i) {
        u.x[i] = 0.5 * ((i % 97) - 48);
        v.x[i] = 0.25 * ((i % 89) - 44);
      }
      long double dot = 0, asum = 0;
      for (int i = 0; i < n; ++i) {
        dot += (long double)u.x[i] * v.x[i];
        asum += std::fabs(u.x[i]);
      }
      EXPECT_NEAR(cblas_ddot(n, u.x, 1, v.x, 1), double(dot), 1e-12 * double(asum)) << n << " " << offset;
      EXPECT_EQ(cblas_dasum(n, u.x, 1), double(asum)) << n << " " << offset;  // halves and integers: exact
      // Sums do not depend on where the vectors lie, to the last bit:
      // callers compare results computed on copies (SciPy's cossin test).
      // One thread only: a team's size follows the pool's free helpers.
      for (int i = 0; i < n; ++i) v.x[i] /= 3.0;
      const double dot3 = cblas_ddot(n, u.x, 1, v.x, 1), nrm2 = cblas_dnrm2(n, v.x, 1),
                   asum3 = cblas_dasum(n, v.x, 1);
      std::complex<double> dotc;  // n / 2 complex elements: offsets 0, 2, 4, 6 keep them whole
      cblas_zdotc_sub(n / 2, u.x, 1, v.x, 1, &dotc);
      if (offset == 0) {
        first_dot = dot3;
        first_nrm2 = nrm2;
        first_asum = asum3;
        first_dotc = dotc;
      }
      if (n < kN) {
        EXPECT_EQ(dot3, first_dot) << n << " " << offset;
        EXPECT_EQ(nrm2, first_nrm2) << n << " " << offset;
        EXPECT_EQ(asum3, first_asum) << n << " " << offset;
        EXPECT_EQ(dotc, first_dotc) << n << " " << offset;
      }
      for (int i = 0; i < n; ++i) v.x[i] = 0.25 * ((i % 89) - 44);
      cblas_daxpy(n, 2.0, u.x, 1, v.x, 1);
      cblas_dscal(n, 0.5, v.x, 1);
      for (int i = 0; i < n; ++i)
        ASSERT_EQ(v.x[i], 0.125 * ((i % 89) - 44) + u.x[i]) << n << " " << offset << " " << i;
      // i?amax: a NaN where the cut is, then the maximum; a tie before the
      // cut wins; a leading NaN stops the search.
      const int cut = u.anchor > 0 ? u.anchor : 8;  // on a line: where a range would start
      for (int i = 0; i < n; ++i) u.x[i] = 1.0;
      u.x[cut] = nan;
      u.x[cut + 2] = 3.0;
      EXPECT_EQ(cblas_idamax(n, u.x, 1), std::size_t(cut) + 2) << n << " " << offset;
      if (u.anchor >= 2) {
        u.x[1] = -3.0;
        EXPECT_EQ(cblas_idamax(n, u.x, 1), 1u) << n << " " << offset;
      }
      u.x[0] = nan;
      EXPECT_EQ(cblas_idamax(n, u.x, 1), 0u) << n << " " << offset;
    }
  }
}

}  // namespace

namespace {

// The sums of short lengths and of lengths about where the kernels start
// summing in line-aligned rings (2 KiB of input: ddot and zdotc from 128
// reals, dasum from 256), from every offset of a line: every rotation of
// the first block with every length of the last.
TEST(level1_team, SumsOfEveryLengthFromEveryOffset) {
  std::vector<int> lengths;
  for (int n = 0; n <= 40; ++n) lengths.push_back(n);
  for (int n = 120; n <= 290; ++n) lengths.push_back(n);
  for (int n : lengths) {
    double first_dot = 0, first_asum = 0;
    std::complex<double> first_dotc;
    for (int offset = 0; offset < 8; ++offset) {
      offset_vector u(n, offset), v(n, offset);
      long double dot = 0, asum = 0;
      std::complex<long double> dotc = 0;
      for (int i = 0; i < n; ++i) {
        u.x[i] = (i % 13) - 6;
        v.x[i] = (i % 7) - 3.5;
        dot += (long double)u.x[i] * v.x[i];
        asum += std::fabs(v.x[i]);
      }
      for (int e = 0; e < n / 2; ++e)
        dotc += std::conj(std::complex<long double>(u.x[2 * e], u.x[2 * e + 1])) *
                std::complex<long double>(v.x[2 * e], v.x[2 * e + 1]);
      // Integers and halves: every sum is exact, whatever its order.
      ASSERT_EQ(cblas_ddot(n, u.x, 1, v.x, 1), double(dot)) << n << " " << offset;
      ASSERT_EQ(cblas_dasum(n, v.x, 1), double(asum)) << n << " " << offset;
      std::complex<double> got;
      cblas_zdotc_sub(n / 2, u.x, 1, v.x, 1, &got);
      ASSERT_EQ(got, std::complex<double>(double(dotc.real()), double(dotc.imag()))) << n << " " << offset;
      // Thirds round: the same bits from every offset (the order is the
      // elements', not the lines').
      for (int i = 0; i < n; ++i) v.x[i] /= 3.0;
      const double dot3 = cblas_ddot(n, u.x, 1, v.x, 1), asum3 = cblas_dasum(n, v.x, 1);
      cblas_zdotc_sub(n / 2, u.x, 1, v.x, 1, &got);
      if (offset == 0) {
        first_dot = dot3;
        first_asum = asum3;
        first_dotc = got;
      }
      ASSERT_EQ(dot3, first_dot) << n << " " << offset;
      ASSERT_EQ(asum3, first_asum) << n << " " << offset;
      ASSERT_EQ(got, first_dotc) << n << " " << offset;
    }
  }
}

}  // namespace
