// Every vector-primitive family of this build that the CPU runs, for the
// four element types, against naive loops: lengths that exercise the
// vector bodies and the scalar tails, leading dimensions above m.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernel_harness.h"
#include "vector_kernels.h"

namespace swblas {
namespace {

template <class T>
T random_value(std::mt19937& gen) {
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  if constexpr (std::is_arithmetic_v<T>)
    return static_cast<T>(d(gen));
  else
    return T(static_cast<real_t<T>>(d(gen)), static_cast<real_t<T>>(d(gen)));
}

template <class T>
std::vector<T> random_vector(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::vector<T> v(n);
  for (T& x : v) x = random_value<T>(gen);
  return v;
}

template <class T>
T conj_of(T x) {
  if constexpr (std::is_arithmetic_v<T>)
    return x;
  else
    return std::conj(x);
}

template <class T>
real_t<T> abs1(T x) {
  if constexpr (std::is_arithmetic_v<T>)
    return std::fabs(x);
  else
    return std::fabs(x.real()) + std::fabs(x.imag());
}

// re + i im (re alone for a real T).
template <class T>
T scalar_of(double re, double im) {
  if constexpr (std::is_arithmetic_v<T>)
    return static_cast<T>(re);
  else
    return T(static_cast<real_t<T>>(re), static_cast<real_t<T>>(im));
}

// Tolerance of a sum of n products of magnitude <= 2.
template <class T>
double tolerance(index_t n) {
  return 8.0 * (n + 1) * std::numeric_limits<real_t<T>>::epsilon();
}

template <class T>
void expect_near(const T& got, const T& want, double tol, const std::string& what) {
  EXPECT_LE(std::abs(got - want), tol) << what;
}

const index_t kLengths[] = {0, 1, 2, 3, 7, 8, 15, 16, 17, 33, 64, 100, 1000};

template <class T>
class vector_kernels_test : public ::testing::Test {};
using element_types = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(vector_kernels_test, element_types);

// The families the CPU can run (each test loops over them).
std::vector<const vector_family*> runnable_families() {
  std::vector<const vector_family*> out;
  for (std::size_t i = 0; i < kBuildVectorFamilies.count; ++i) {
    std::string why;
    if (test::cpu_supports(kBuildVectorFamilies.families[i]->needs, &why)) out.push_back(kBuildVectorFamilies.families[i]);
  }
  return out;
}

TYPED_TEST(vector_kernels_test, LevelOnePrimitivesMatchNaiveLoops) {
  using T = TypeParam;
  const T alpha = scalar_of<T>(0.75, -0.5);
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    for (index_t n : kLengths) {
      const std::string where = std::string(k.name) + " n=" + std::to_string(n);
      const std::vector<T> x = random_vector<T>(n, 1), y0 = random_vector<T>(n, 2);
      std::vector<T> y = y0;
      k.axpy(n, alpha, x.data(), y.data());
      for (index_t i = 0; i < n; ++i) expect_near(y[i], y0[i] + alpha * x[i], tolerance<T>(1), "axpy " + where);
      std::vector<T> s = x;
      k.scal(n, alpha, s.data());
      for (index_t i = 0; i < n; ++i) expect_near(s[i], alpha * x[i], tolerance<T>(1), "scal " + where);
      T dotu{}, dotc{};
      real_t<T> asum = 0;
      for (index_t i = 0; i < n; ++i) {
        dotu += x[i] * y0[i];
        dotc += conj_of(x[i]) * y0[i];
        asum += abs1(x[i]);
      }
      expect_near(k.dotu(n, x.data(), y0.data()), dotu, tolerance<T>(n), "dotu " + where);
      std::vector<T> yu = y0, yc = y0;
      expect_near(k.axpy_dotu(n, alpha, x.data(), s.data(), yu.data()), k.dotu(n, x.data(), s.data()),
                  tolerance<T>(n), "axpy_dotu " + where);
      expect_near(k.axpy_dotc(n, alpha, x.data(), s.data(), yc.data()), k.dotc(n, x.data(), s.data()),
                  tolerance<T>(n), "axpy_dotc " + where);
      for (index_t i = 0; i < n; ++i) {
        expect_near(yu[i], y0[i] + alpha * x[i], tolerance<T>(1), "axpy_dotu's axpy " + where);
        expect_near(yc[i], y0[i] + alpha * x[i], tolerance<T>(1), "axpy_dotc's axpy " + where);
      }
      expect_near(k.dotc(n, x.data(), y0.data()), dotc, tolerance<T>(n), "dotc " + where);
      EXPECT_NEAR(k.asum(n, x.data()), asum, tolerance<T>(n) * 2) << "asum " + where;
    }
  }
}

TYPED_TEST(vector_kernels_test, IamaxTakesTheFirstLargestAndSkipsNaN) {
  using T = TypeParam;
  const T nan = T(std::numeric_limits<real_t<T>>::quiet_NaN());
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    std::vector<T> x(37, T(1));
    EXPECT_EQ(k.iamax(0, x.data()), 0) << k.name;
    x[5] = T(-3);
    x[20] = T(3);
    EXPECT_EQ(k.iamax(37, x.data()), 5) << k.name;
    x[2] = nan;
    EXPECT_EQ(k.iamax(37, x.data()), 5) << k.name;
    x[0] = nan;
    EXPECT_EQ(k.iamax(37, x.data()), 0) << k.name;
  }
}

// The reference's rule on long vectors: ties, NaNs and maxima at every
// position relative to the blocks a SIMD search takes.
TYPED_TEST(vector_kernels_test, IamaxMatchesTheReferenceOnLongVectors) {
  using T = TypeParam;
  const T nan = T(std::numeric_limits<real_t<T>>::quiet_NaN());
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    // 40000: beyond the two-pass search's 128 KiB, in both types.
    for (index_t n : {100, 1000, 9000, 40000}) {
      for (index_t where : {index_t{1}, index_t{31}, index_t{32}, index_t{33}, n / 2, n - 1}) {
        std::vector<T> x = random_vector<T>(n, static_cast<unsigned>(where));
        x[n / 3] = nan;
        x[where] = T(5);
        x[n - 1 - where / 2] = where / 2 > 0 ? T(-5) : x[n - 1];  // a tie after it
        index_t want = 0;
        real_t<T> max = abs1(x[0]);
        for (index_t i = 1; i < n; ++i)
          if (abs1(x[i]) > max) {
            want = i;
            max = abs1(x[i]);
          }
        EXPECT_EQ(k.iamax(n, x.data()), want) << k.name << " n=" << n << " max at " << where;
        // x[0] a NaN (nothing is larger), the largest, or tied with it.
        for (real_t<T> first : {std::numeric_limits<real_t<T>>::quiet_NaN(), real_t<T>(7), real_t<T>(-5)}) {
          std::vector<T> y = x;
          y[0] = T(first);
          EXPECT_EQ(k.iamax(n, y.data()), 0) << k.name << " n=" << n << " x[0]=" << first;
        }
      }
      std::vector<T> rising(n);
      for (index_t i = 0; i < n; ++i) rising[i] = T(static_cast<real_t<T>>(i));
      EXPECT_EQ(k.iamax(n, rising.data()), n - 1) << k.name;
    }
  }
}

TYPED_TEST(vector_kernels_test, GemvPrimitivesMatchNaiveLoops) {
  using T = TypeParam;
  const T alpha = scalar_of<T>(-1.25, 0.5);
  const index_t shapes[][2] = {{0, 3}, {3, 0}, {1, 1}, {7, 5}, {17, 9}, {33, 4}, {100, 13}};
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    for (const auto& shape : shapes) {
      const index_t m = shape[0], n = shape[1], lda = m + 3;
      const std::string where = std::string(k.name) + " " + std::to_string(m) + "x" + std::to_string(n);
      const std::vector<T> a = random_vector<T>(static_cast<std::size_t>(lda * n), 3);
      const std::vector<T> xn = random_vector<T>(n, 4), xm = random_vector<T>(m, 5);
      const std::vector<T> ym0 = random_vector<T>(m, 6), yn0 = random_vector<T>(n, 7);
      std::vector<T> y = ym0;
      k.gemv_n(m, n, alpha, a.data(), lda, xn.data(), y.data());
      for (index_t i = 0; i < m; ++i) {
        T s{};
        for (index_t j = 0; j < n; ++j) s += a[i + j * lda] * xn[j];
        expect_near(y[i], ym0[i] + alpha * s, tolerance<T>(n) * 2, "gemv_n " + where);
      }
      std::vector<T> yt = yn0, yc = yn0;
      k.gemv_t(m, n, alpha, a.data(), lda, xm.data(), yt.data());
      k.gemv_c(m, n, alpha, a.data(), lda, xm.data(), yc.data());
      for (index_t j = 0; j < n; ++j) {
        T t{}, c{};
        for (index_t i = 0; i < m; ++i) {
          t += a[i + j * lda] * xm[i];
          c += conj_of(a[i + j * lda]) * xm[i];
        }
        expect_near(yt[j], yn0[j] + alpha * t, tolerance<T>(m) * 2, "gemv_t " + where);
        expect_near(yc[j], yn0[j] + alpha * c, tolerance<T>(m) * 2, "gemv_c " + where);
      }
    }
  }
}

// gemv_nt and gemv_nc (symv's rectangles) give exactly what gemv_n, then
// gemv_t or gemv_c, give: each of the two outputs the same arithmetic.
TYPED_TEST(vector_kernels_test, FusedGemvIsBothGemvsExactly) {
  using T = TypeParam;
  const T alpha = scalar_of<T>(0.75, -1.5);
  const index_t shapes[][2] = {{0, 5}, {5, 0}, {1, 1}, {7, 5}, {16, 8}, {33, 4}, {100, 13}, {70, 11}};
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    for (const auto& shape : shapes)
      for (bool conj : {false, true}) {
        const index_t m = shape[0], n = shape[1], lda = m + 2;
        const std::string where = std::string(k.name) + " " + std::to_string(m) + "x" + std::to_string(n) +
                                  (conj ? " gemv_nc" : " gemv_nt");
        const std::vector<T> a = random_vector<T>(static_cast<std::size_t>(lda * n), 31);
        const std::vector<T> x_n = random_vector<T>(n, 32), x_t = random_vector<T>(m, 33);
        const std::vector<T> y_n0 = random_vector<T>(m, 34), y_t0 = random_vector<T>(n, 35);
        std::vector<T> y_n = y_n0, y_t = y_t0, want_n = y_n0, want_t = y_t0;
        (conj ? k.gemv_nc : k.gemv_nt)(m, n, alpha, a.data(), lda, x_n.data(), y_n.data(), x_t.data(), y_t.data());
        k.gemv_n(m, n, alpha, a.data(), lda, x_n.data(), want_n.data());
        (conj ? k.gemv_c : k.gemv_t)(m, n, alpha, a.data(), lda, x_t.data(), want_t.data());
        for (index_t i = 0; i < m; ++i) ASSERT_EQ(y_n[i], want_n[i]) << where << " y_n[" << i << "]";
        for (index_t j = 0; j < n; ++j) ASSERT_EQ(y_t[j], want_t[j]) << where << " y_t[" << j << "]";
      }
  }
}

// LAPACK compares results of calls over different ranges of one vector bit
// for bit (its eigenvalue drivers must give the same eigenvalues whether or
// not eigenvectors are computed): an updated element must come out the same
// whether it falls in a vector body or a tail, so every sub-range
// [b, b + len) of an update equals the whole update there exactly.
TYPED_TEST(vector_kernels_test, UpdatedElementsDoNotDependOnTheirPositionInTheCall) {
  using T = TypeParam;
  constexpr index_t n = 41, cols = 6, lda = n + 2;
  const T alpha = scalar_of<T>(0.3, -0.7);
  const std::vector<T> x = random_vector<T>(n, 11), y0 = random_vector<T>(n, 12);
  const std::vector<T> a = random_vector<T>(static_cast<std::size_t>(lda * cols), 13);
  const std::vector<T> xc = random_vector<T>(cols, 14);
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    std::vector<T> axpy_all = y0, scal_all = x, gemv_all = y0, axpy_dot_all = y0, gemv_nt_all = y0;
    std::vector<T> dots(cols);
    k.axpy(n, alpha, x.data(), axpy_all.data());
    k.scal(n, alpha, scal_all.data());
    k.gemv_n(n, cols, alpha, a.data(), lda, xc.data(), gemv_all.data());
    k.axpy_dotu(n, alpha, x.data(), y0.data(), axpy_dot_all.data());
    k.gemv_nt(n, cols, alpha, a.data(), lda, xc.data(), gemv_nt_all.data(), x.data(), dots.data());
    for (index_t b = 0; b < 9; ++b)
      for (index_t len = 1; b + len <= n; ++len) {
        std::vector<T> axpy_part = y0, scal_part = x, gemv_part = y0, axpy_dot_part = y0, gemv_nt_part = y0;
        k.axpy(len, alpha, x.data() + b, axpy_part.data() + b);
        k.scal(len, alpha, scal_part.data() + b);
        k.gemv_n(len, cols, alpha, a.data() + b, lda, xc.data(), gemv_part.data() + b);
        k.axpy_dotu(len, alpha, x.data() + b, y0.data() + b, axpy_dot_part.data() + b);
        k.gemv_nt(len, cols, alpha, a.data() + b, lda, xc.data(), gemv_nt_part.data() + b, x.data() + b,
                  dots.data());
        for (index_t i = b; i < b + len; ++i) {
          const std::string where = std::string(k.name) + " element " + std::to_string(i) + " of [" +
                                    std::to_string(b) + ", " + std::to_string(b + len) + ")";
          ASSERT_EQ(axpy_part[i], axpy_all[i]) << "axpy " << where;
          ASSERT_EQ(scal_part[i], scal_all[i]) << "scal " << where;
          ASSERT_EQ(gemv_part[i], gemv_all[i]) << "gemv_n " << where;
          ASSERT_EQ(axpy_dot_part[i], axpy_dot_all[i]) << "axpy_dotu " << where;
          ASSERT_EQ(gemv_nt_part[i], gemv_nt_all[i]) << "gemv_nt " << where;
        }
      }
  }
}

// Room for n elements from every place in a cache line: `line` is the
// first element on one, and line + place (place < kPlaces) starts a vector.
template <class T>
struct line_buffer {
  static constexpr index_t kPlaces = index_t(64 / sizeof(T));
  std::vector<T> storage;
  T* line;
  explicit line_buffer(index_t n) : storage(static_cast<std::size_t>(n + 2 * kPlaces)) {
    const index_t past = index_t(reinterpret_cast<std::uintptr_t>(storage.data()) % 64 / sizeof(T));
    line = storage.data() + (kPlaces - past) % kPlaces;
  }
};

// dot, dotc and asum give the same bits wherever their vectors start in a
// cache line, on each family (its line-aligned rotated sums: the lanes
// read from the line's start and turned back at the end), at short
// lengths and lengths about where rotation starts; and small integers,
// whose sums are exact in any order, give the exact sums.
TYPED_TEST(vector_kernels_test, SumsHaveTheSameBitsFromEveryPlaceInALine) {
  using T = TypeParam;
  using R = real_t<T>;
  constexpr index_t kPlaces = line_buffer<T>::kPlaces;
  std::vector<index_t> lengths;
  for (index_t n = 0; n <= 70; ++n) lengths.push_back(n);
  for (index_t n = 120; n <= 300; n += 7) lengths.push_back(n);
  lengths.push_back(1000);
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    for (index_t n : lengths) {
      line_buffer<T> xs(n), ys(n);
      T first_dotu{}, first_dotc{};
      R first_asum = 0;
      for (index_t place = 0; place < kPlaces; ++place) {
        T* const x = xs.line + place;
        T* const y = ys.line + place;
        T want_dotu{}, want_dotc{};
        R want_asum = 0;
        for (index_t i = 0; i < n; ++i) {
          x[i] = scalar_of<T>(double(i % 13) - 6, double(i % 5) - 2);
          y[i] = scalar_of<T>(double(i % 7) - 3.5, double(i % 3) - 1);
          want_dotu += x[i] * y[i];
          want_dotc += conj_of(x[i]) * y[i];
          want_asum += abs1(y[i]);
        }
        const std::string where = std::string(k.name) + " n=" + std::to_string(n) + " place " + std::to_string(place);
        ASSERT_EQ(k.dotu(n, x, y), want_dotu) << where;
        ASSERT_EQ(k.dotc(n, x, y), want_dotc) << where;
        ASSERT_EQ(k.asum(n, y), want_asum) << where;
        for (index_t i = 0; i < n; ++i) y[i] /= R(3);  // thirds round: only the order decides the bits
        const T dotu = k.dotu(n, x, y), dotc = k.dotc(n, x, y);
        const R asum = k.asum(n, y);
        if (place == 0) {
          first_dotu = dotu;
          first_dotc = dotc;
          first_asum = asum;
        }
        ASSERT_EQ(dotu, first_dotu) << where;
        ASSERT_EQ(dotc, first_dotc) << where;
        ASSERT_EQ(asum, first_asum) << where;
      }
    }
  }
}

// gemv_t and gemv_c give the same bits wherever A and x start in a line
// (the dots read from the line when both lie alike and lda is whole
// vectors), with a leading dimension of whole lines and one that is not;
// small integers give the exact sums. Nine columns: a group of eight and
// one dot.
TYPED_TEST(vector_kernels_test, GemvTHasTheSameBitsFromEveryPlaceInALine) {
  using T = TypeParam;
  using R = real_t<T>;
  constexpr index_t kPlaces = line_buffer<T>::kPlaces, n = 9;
  std::vector<index_t> rows;
  for (index_t m = 0; m <= 70; ++m) rows.push_back(m);
  for (index_t m = 120; m <= 300; m += 13) rows.push_back(m);
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    for (index_t m : rows)
      for (index_t lda : {(m / kPlaces + 1) * kPlaces, m + 1}) {
        line_buffer<T> as(lda * n), xs(m);
        std::vector<T> first_t, first_c;
        for (index_t place = 0; place < kPlaces; ++place) {
          T* const a = as.line + place;
          T* const x = xs.line + place;
          std::vector<T> want_t(n), want_c(n);
          for (index_t j = 0; j < n; ++j)
            for (index_t i = 0; i < m; ++i) {
              a[i + j * lda] = scalar_of<T>(double((i + 3 * j) % 11) - 5, double((i + j) % 4) - 1.5);
              if (j == 0) x[i] = scalar_of<T>(double(i % 7) - 3.5, double(i % 3) - 1);
            }
          for (index_t j = 0; j < n; ++j)
            for (index_t i = 0; i < m; ++i) {
              want_t[j] += a[i + j * lda] * x[i];
              want_c[j] += conj_of(a[i + j * lda]) * x[i];
            }
          const std::string where = std::string(k.name) + " m=" + std::to_string(m) + " lda=" +
                                    std::to_string(lda) + " place " + std::to_string(place);
          std::vector<T> yt(n), yc(n);
          k.gemv_t(m, n, T(1), a, lda, x, yt.data());
          k.gemv_c(m, n, T(1), a, lda, x, yc.data());
          ASSERT_EQ(yt, want_t) << where;
          ASSERT_EQ(yc, want_c) << where;
          for (index_t i = 0; i < m; ++i) x[i] /= R(3);  // thirds round: only the order decides the bits
          std::fill(yt.begin(), yt.end(), T(0));
          std::fill(yc.begin(), yc.end(), T(0));
          k.gemv_t(m, n, T(1), a, lda, x, yt.data());
          k.gemv_c(m, n, T(1), a, lda, x, yc.data());
          if (place == 0) {
            first_t = yt;
            first_c = yc;
          }
          ASSERT_EQ(yt, first_t) << where;
          ASSERT_EQ(yc, first_c) << where;
        }
      }
  }
}

// gemv_n from every place of A in a line, with columns that share it
// (lda a multiple of a line) and ones that do not, and y at another place
// each time: the rows before A's place (columns that share one) or else
// before y's go on their own (column_head). Small integers: every sum
// exact, so y must equal the naive loop's.
TYPED_TEST(vector_kernels_test, GemvNMatchesNaiveLoopsFromEveryPlaceInALine) {
  using T = TypeParam;
  constexpr index_t kPlaces = line_buffer<T>::kPlaces, n = 13;  // passes of 8 and 4, and one column
  std::vector<index_t> rows;
  for (index_t m = 0; m <= 40; ++m) rows.push_back(m);
  for (index_t m = 60; m <= 300; m += 17) rows.push_back(m);
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    for (index_t m : rows)
      for (index_t lda : {(m / kPlaces + 1) * kPlaces, m + 1}) {
        line_buffer<T> as(lda * n);
        for (index_t place = 0; place < kPlaces; ++place) {
          T* const a = as.line + place;
          line_buffer<T> ys(m);
          T* const y = ys.line + (3 * place + 1) % kPlaces;
          std::vector<T> x(n), want(m);
          for (index_t j = 0; j < n; ++j) {
            x[j] = scalar_of<T>(double(j % 5) - 2, double(j % 3) - 1);
            for (index_t i = 0; i < m; ++i)
              a[i + j * lda] = scalar_of<T>(double((i + 3 * j) % 11) - 5, double((i + j) % 4) - 1.5);
          }
          for (index_t i = 0; i < m; ++i) {
            y[i] = scalar_of<T>(double(i % 7) - 3, 0.5);
            want[i] = y[i];
            for (index_t j = 0; j < n; ++j) want[i] += T(2) * (a[i + j * lda] * x[j]);
          }
          k.gemv_n(m, n, T(2), a, lda, x.data(), y);
          ASSERT_EQ(std::vector<T>(y, y + m), want) << k.name << " m=" << m << " lda=" << lda << " place " << place;
        }
      }
  }
}

// gemv_nt and gemv_nc give what gemv_n, then gemv_t or gemv_c, give,
// wherever A, x and y start in a line (their dots read from the line when
// all lie alike and lda is whole vectors): the same bits everywhere, as
// gemv_t's. Thirteen columns: a pass of kPass, one of four where that is
// eight, and the rest by gemv_n and gemv_t.
TYPED_TEST(vector_kernels_test, FusedGemvIsBothGemvsExactlyFromEveryPlaceInALine) {
  using T = TypeParam;
  constexpr index_t kPlaces = line_buffer<T>::kPlaces, n = 13;
  const T alpha = scalar_of<T>(0.75, -1.5);
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    for (index_t m : {31, 64, 67, 100, 131, 257})
      for (bool conj : {false, true}) {
        const index_t lda = (m / kPlaces + 1) * kPlaces;
        line_buffer<T> as(lda * n), x_ts(m), y_ns(m);
        const std::vector<T> x_n = random_vector<T>(n, 42), y_t0 = random_vector<T>(n, 43);
        for (index_t place = 0; place < kPlaces; ++place) {
          T* const a = as.line + place;
          T* const x_t = x_ts.line + place;
          T* const y_n = y_ns.line + place;
          const std::vector<T> a0 = random_vector<T>(static_cast<std::size_t>(lda * n), 44);
          const std::vector<T> x_t0 = random_vector<T>(m, 45), y_n0 = random_vector<T>(m, 46);
          std::copy(a0.begin(), a0.end(), a);
          std::copy(x_t0.begin(), x_t0.end(), x_t);
          std::copy(y_n0.begin(), y_n0.end(), y_n);
          std::vector<T> y_t = y_t0, want_n = y_n0, want_t = y_t0;
          (conj ? k.gemv_nc : k.gemv_nt)(m, n, alpha, a, lda, x_n.data(), y_n, x_t, y_t.data());
          k.gemv_n(m, n, alpha, a0.data(), lda, x_n.data(), want_n.data());
          (conj ? k.gemv_c : k.gemv_t)(m, n, alpha, a, lda, x_t, want_t.data());
          const std::string where = std::string(k.name) + " m=" + std::to_string(m) + " place " +
                                    std::to_string(place) + (conj ? " gemv_nc" : " gemv_nt");
          for (index_t i = 0; i < m; ++i) ASSERT_EQ(y_n[i], want_n[i]) << where << " y_n[" << i << "]";
          ASSERT_EQ(y_t, want_t) << where;
        }
      }
  }
}

// A diagonal block's coefficients for substitute (nb x nb, (r, d) at r + d
// nb): small off-diagonal ones keep the solution bounded, unit diagonal or
// not; complex diagonals take both of Smith's branches (|re| >= |im| and
// |re| < |im|).
template <class T>
std::vector<T> substitution_coefficients(index_t nb, unsigned seed) {
  std::vector<T> coefficient = random_vector<T>(static_cast<std::size_t>(nb * nb), seed);
  for (T& c : coefficient) c *= real_t<T>(1) / real_t<T>(nb);
  for (index_t d = 0; d < nb; ++d)
    coefficient[d + d * nb] = d % 2 ? scalar_of<T>(0.5, 3.0 + d) : scalar_of<T>(3.0 + d, -0.5);
  return coefficient;
}

// trsm's diagonal-block substitution against a naive one on the same
// planes: both directions, unit and stored diagonals (for complex ones,
// both of Smith's branches: |re| >= |im| and |re| < |im|), and every lane
// its own right-hand side.
TYPED_TEST(vector_kernels_test, SubstituteSolvesEveryLane) {
  using T = TypeParam;
  using R = real_t<T>;
  constexpr index_t L = kSubstitutionLanes;
  constexpr int parts = std::is_arithmetic_v<T> ? 1 : 2;
  for (index_t nb : {1, 2, 5, 17, 32}) {
    const std::vector<T> coefficient = substitution_coefficients<T>(nb, 21);
    const std::vector<T> rhs = random_vector<T>(static_cast<std::size_t>(nb * L), 22);
    std::vector<R> planes(static_cast<std::size_t>(parts * nb * L));
    for (index_t i = 0; i < nb * L; ++i) {
      planes[i] = std::real(rhs[i]);
      if constexpr (parts == 2) planes[nb * L + i] = std::imag(rhs[i]);
    }
    for (bool forward : {true, false})
      for (bool unit : {false, true}) {
        std::vector<T> want = rhs;  // unknown d of lane l at d * L + l
        for (index_t s = 0; s < nb; ++s) {
          const index_t d = forward ? s : nb - 1 - s;
          for (index_t l = 0; l < L; ++l) {
            if (!unit) want[d * L + l] /= coefficient[d + d * nb];
            for (index_t r = forward ? d + 1 : 0; r < (forward ? nb : d); ++r)
              want[r * L + l] -= coefficient[r + d * nb] * want[d * L + l];
          }
        }
        for (const vector_family* f : runnable_families()) {
          const vector_kernels<T>& k = member_of<T>(*f);
          std::vector<R> got = planes;
          k.substitute(nb, forward, unit, coefficient.data(), got.data());
          for (index_t i = 0; i < nb * L; ++i) {
            T value;
            if constexpr (parts == 2)
              value = T(got[i], got[nb * L + i]);
            else
              value = got[i];
            expect_near(value, want[i], tolerance<T>(4 * nb),
                        std::string(k.name) + " nb=" + std::to_string(nb) + (forward ? " forward" : " backward") +
                            (unit ? " unit" : "") + " unknown " + std::to_string(i / L) + " lane " +
                            std::to_string(i % L));
          }
        }
      }
  }
}

// The same substitution on B itself: the lanes strided (trsm on the left)
// or contiguous (on the right), every width, equal to the planes' result
// to the bit, and nothing of B written outside the lanes and unknowns.
TYPED_TEST(vector_kernels_test, SubstituteLanesInBEqualsThePlanes) {
  using T = TypeParam;
  using R = real_t<T>;
  constexpr index_t L = kSubstitutionLanes;
  constexpr int parts = std::is_arithmetic_v<T> ? 1 : 2;
  for (index_t nb : {1, 3, 8, 17, 32}) {
    const std::vector<T> coefficient = substitution_coefficients<T>(nb, 31);
    for (index_t width : {index_t{1}, index_t{5}, L - 1, L})
      for (bool left : {true, false})
        for (const vector_family* f : runnable_families()) {
          const vector_kernels<T>& k = member_of<T>(*f);
          // B with room around the block: ld 3 more than the unknowns (left) or lanes (right).
          const index_t ld = (left ? nb : width) + 3, columns = left ? width : nb;
          const std::vector<T> b0 = random_vector<T>(static_cast<std::size_t>(ld * columns), 32);
          const index_t unknown_step = left ? 1 : ld, lane_step = left ? ld : 1;
          std::vector<T> b = b0;
          k.substitute_lanes(nb, true, false, coefficient.data(), b.data(), unknown_step, lane_step, width);
          std::vector<R> planes(static_cast<std::size_t>(parts * nb * L), R(0));
          for (index_t d = 0; d < nb; ++d)
            for (index_t l = 0; l < width; ++l) {
              planes[d * L + l] = std::real(b0[d * unknown_step + l * lane_step]);
              if constexpr (parts == 2) planes[nb * L + d * L + l] = std::imag(b0[d * unknown_step + l * lane_step]);
            }
          k.substitute(nb, true, false, coefficient.data(), planes.data());
          const std::string where = std::string(k.name) + " nb=" + std::to_string(nb) + " width=" +
                                    std::to_string(width) + (left ? " left" : " right");
          for (index_t i = 0; i < ld * columns; ++i) {
            const index_t row = i % ld, column = i / ld;
            const index_t d = left ? row : column, l = left ? column : row;
            if (d >= nb || l >= width) {
              EXPECT_EQ(b[i], b0[i]) << where << ": written outside at " << i;
              continue;
            }
            T want;
            if constexpr (parts == 2)
              want = T(planes[d * L + l], planes[nb * L + d * L + l]);
            else
              want = planes[d * L + l];
            EXPECT_EQ(b[i], want) << where << ": unknown " << d << " lane " << l;
          }
        }
  }
}

// trsv's and trmv's squares: every order up to kTriangleSquare, the four
// orientations a driver passes (steps transposed or not, reversed from the
// last element), unit and stored diagonals, conjugated or not. A solve is
// checked by its residual, a product by its sums; and with skip_zero a
// zero x_j keeps the NaN of its column out, as the reference does.
TYPED_TEST(vector_kernels_test, TriangleSquaresMatchNaiveLoops) {
  using T = TypeParam;
  constexpr index_t N = kTriangleSquare, ld = N + 3;
  std::vector<T> storage = random_vector<T>(static_cast<std::size_t>(ld * ld), 41);
  for (T& e : storage) e *= real_t<T>(1) / real_t<T>(N);
  for (index_t d = 0; d < ld; ++d) storage[d + d * ld] = scalar_of<T>(3.0 + d % 5, d % 2 ? 0.5 : -1.0);
  const std::vector<T> x0 = random_vector<T>(N, 42);
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    for (index_t n : {index_t{1}, index_t{2}, index_t{7}, N - 1, N})
      for (bool transposed : {false, true})
        for (bool reversed : {false, true})
          for (bool unit : {false, true})
            for (bool conj : {false, true}) {
              index_t row_step = transposed ? ld : 1, column_step = transposed ? 1 : ld;
              const T* a = storage.data();
              if (reversed) {
                a += (n - 1) * (ld + 1);
                row_step = -row_step;
                column_step = -column_step;
              }
              // The square's (i, j) as the kernel reads it, and x's i-th element.
              auto element = [&](index_t i, index_t j) {
                if (i == j && unit) return T(1);
                const T e = a[i * row_step + j * column_step];
                return conj ? conj_of(e) : e;
              };
              auto position = [&](index_t i) { return reversed ? n - 1 - i : i; };
              const std::string where = std::string(k.name) + " n=" + std::to_string(n) +
                                        (transposed ? " transposed" : "") + (reversed ? " reversed" : "") +
                                        (unit ? " unit" : "") + (conj ? " conj" : "");
              const index_t x_step = reversed ? -1 : 1;
              for (bool skip_zero : {false, true}) {
                std::vector<T> x(x0.begin(), x0.begin() + n);
                k.solve_lower_square(n, unit, skip_zero, conj, a, row_step, column_step, x.data() + position(0), x_step);
                for (index_t i = 0; i < n; ++i) {  // L x = x0
                  T sum{};
                  for (index_t j = 0; j <= i; ++j) sum += element(i, j) * x[position(j)];
                  expect_near(sum, x0[position(i)], tolerance<T>(N), "solve " + where + " row " + std::to_string(i));
                }
                x.assign(x0.begin(), x0.begin() + n);
                k.multiply_upper_square(n, unit, skip_zero, conj, a, row_step, column_step, x.data() + position(0),
                                        x_step);
                for (index_t i = 0; i < n; ++i) {  // U x0
                  T sum{};
                  for (index_t j = i; j < n; ++j) sum += element(i, j) * x0[position(j)];
                  expect_near(x[position(i)], sum, tolerance<T>(N), "multiply " + where + " row " + std::to_string(i));
                }
              }
              // A zero x_c whose column's other elements are NaN: skipped, the
              // NaN never reaches another row (c = 0 solved: still zero; c = n - 1
              // multiplied: the column every other row reads).
              auto keeps_nan_out = [&](bool solve, index_t c) {
                std::vector<T> nan_storage = storage;
                const T nan = scalar_of<T>(std::numeric_limits<double>::quiet_NaN(), 0.0);
                for (index_t i = 0; i < n; ++i)
                  if (i != c) nan_storage[&a[i * row_step + c * column_step] - storage.data()] = nan;
                const T* const nan_a = nan_storage.data() + (a - storage.data());
                std::vector<T> x(x0.begin(), x0.begin() + n);
                x[position(c)] = T(0);
                (solve ? k.solve_lower_square : k.multiply_upper_square)(n, unit, true, conj, nan_a, row_step,
                                                                         column_step, x.data() + position(0), x_step);
                for (index_t i = 0; i < n; ++i)
                  EXPECT_FALSE(std::isnan(std::abs(x[i]))) << (solve ? "solve " : "multiply ") << where;
              };
              keeps_nan_out(true, 0);
              keeps_nan_out(false, n - 1);
            }
  }
}

// symv's diagonal blocks: orders about every register width and the row
// groups, either triangle, symmetric and Hermitian. The other triangle
// holds NaN, which must not reach y; x's rows after the block hold NaN and
// y's hold sentinels: neither is read into the result or written.
TYPED_TEST(vector_kernels_test, SymmetricSquaresMatchNaiveLoops) {
  using T = TypeParam;
  const T nan = scalar_of<T>(std::numeric_limits<double>::quiet_NaN(), 0.0);
  const T alpha = scalar_of<T>(0.75, -0.5), sentinel = scalar_of<T>(12.5, 3.0);
  constexpr index_t kGuard = 16;
  for (const vector_family* f : runnable_families()) {
    const vector_kernels<T>& k = member_of<T>(*f);
    for (index_t nb : {1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 70})
      for (bool upper : {true, false})
        for (bool hermitian : {false, true}) {
          const index_t lda = nb + 5;
          std::vector<T> a = random_vector<T>(static_cast<std::size_t>(lda * nb), 51 + unsigned(nb));
          for (index_t j = 0; j < nb; ++j)
            for (index_t i = 0; i < nb; ++i)
              if (upper ? i > j : i < j) a[i + j * lda] = nan;
          std::vector<T> x = random_vector<T>(static_cast<std::size_t>(nb + kGuard), 52);
          std::vector<T> y = random_vector<T>(static_cast<std::size_t>(nb + kGuard), 53);
          for (index_t i = nb; i < nb + kGuard; ++i) {
            x[i] = nan;
            y[i] = sentinel;
          }
          // A(i, j) through the stored triangle.
          auto element = [&](index_t i, index_t j) {
            if (i == j) return hermitian ? T(std::real(a[i + i * lda])) : a[i + i * lda];
            const bool stored = upper ? i < j : i > j;
            const T e = stored ? a[i + j * lda] : a[j + i * lda];
            return hermitian && !stored ? conj_of(e) : e;
          };
          std::vector<T> want(y);
          for (index_t i = 0; i < nb; ++i) {
            T sum{};
            for (index_t j = 0; j < nb; ++j) sum += element(i, j) * x[j];
            want[i] += alpha * sum;
          }
          (hermitian ? k.hermitian_square : k.symmetric_square)(nb, upper, alpha, a.data(), lda, x.data(), y.data());
          const std::string where = std::string(k.name) + " nb=" + std::to_string(nb) + (upper ? " upper" : " lower") +
                                    (hermitian ? " hermitian" : "");
          for (index_t i = 0; i < nb; ++i)
            expect_near(y[i], want[i], 2 * tolerance<T>(nb), where + " row " + std::to_string(i));
          for (index_t i = nb; i < nb + kGuard; ++i) EXPECT_EQ(y[i], sentinel) << where << " wrote row " << i;
        }
  }
}

}  // namespace
}  // namespace swblas
