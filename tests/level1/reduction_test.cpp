// dot products, nrm2, asum and i?amax of every precision against naive
// loops, through the Fortran functions, the CBLAS forms (0-based i?amax,
// ?dot?_sub) and netlib CBLAS's Fortran wrappers (*sub_); nrm2 of huge,
// tiny and subnormal entries against a long double sum, and the
// reference's NaN and tie rules of i?amax.
#include "level1_harness.h"

namespace level1_test {
namespace {

template <class T>
class Reduction : public ::testing::Test {};
TYPED_TEST_SUITE(Reduction, element_types);

template <class T>
real_t<T> abs1(T v) {
  if constexpr (is_complex<T>)
    return std::fabs(v.real()) + std::fabs(v.imag());
  else
    return std::fabs(v);
}

TYPED_TEST(Reduction, DotProductsSumTheProducts) {
  using T = TypeParam;
  std::mt19937 g(11);
  for_all_pairs([&](entry e, int n, int incx, int incy) {
    strided<T> x(n, incx), y(n, incy);
    x.fill(g), y.fill(g);
    T u = 0, c = 0;
    double terms = 0;  // sum |x_i y_i|: summation errors grow with n times it
    for (int i = 0; i < n; ++i) {
      u += x.at(i) * y.at(i), c += conj_of(x.at(i)) * y.at(i);
      terms += std::abs(std::complex<double>(x.at(i))) * std::abs(std::complex<double>(y.at(i)));
    }
    EXPECT_TRUE(near(api<T>::dotu(e, n, x.ptr(), incx, y.ptr(), incy), u, n * terms / 4));
    EXPECT_TRUE(near(api<T>::dotc(e, n, x.ptr(), incx, y.ptr(), incy), c, n * terms / 4));
    if (e == entry::f77) {
      EXPECT_EQ(api<T>::dotu_sub(n, x.ptr(), incx, y.ptr(), incy), api<T>::dotu(e, n, x.ptr(), incx, y.ptr(), incy));
      EXPECT_EQ(api<T>::dotc_sub(n, x.ptr(), incx, y.ptr(), incy), api<T>::dotc(e, n, x.ptr(), incx, y.ptr(), incy));
    }
  });
}

// asum and i?amax return 0 for n < 1 or incx < 1, as the reference.
TYPED_TEST(Reduction, AsumAndIamaxOfEveryShape) {
  using T = TypeParam;
  using R = real_t<T>;
  std::mt19937 g(12);
  for_all_vectors([&](entry e, int n, int inc) {
    strided<T> x(n, inc);
    x.fill(g);
    R sum = 0, best = -1;
    long index = 0;
    if (inc > 0)
      for (int i = 0; i < n; ++i) {
        sum += abs1(x.at(i));
        if (abs1(x.at(i)) > best) best = abs1(x.at(i)), index = i + 1;
      }
    EXPECT_TRUE(near(api<T>::asum(e, n, x.ptr(), inc), sum, double(n)));
    EXPECT_EQ(api<T>::iamax(e, n, x.ptr(), inc), index);
    if (e == entry::f77) {
      EXPECT_EQ(api<T>::asum_sub(n, x.ptr(), inc), api<T>::asum(e, n, x.ptr(), inc));
      EXPECT_EQ(api<T>::iamax_sub(n, x.ptr(), inc), index);
    }
  });
}

// Strictly larger only: the first of equal maxima wins, and a NaN is
// never larger (found only as the first element).
TYPED_TEST(Reduction, IamaxTiesAndNaN) {
  using T = TypeParam;
  for (entry e : kEntries)
    for (int inc : {1, 2}) {
      SCOPED_TRACE(::testing::Message() << name_of(e) << " inc=" << inc);
      strided<T> x(40, inc);
      for (int i = 0; i < 40; ++i) x.at(i) = make<T>(0.5, 0.25);
      x.at(9) = make<T>(-2, 1), x.at(17) = make<T>(1, -2), x.at(30) = make<T>(2, -1);
      EXPECT_EQ(api<T>::iamax(e, 40, x.ptr(), inc), 10);
      x.at(3) = make<T>(NAN, 0);
      EXPECT_EQ(api<T>::iamax(e, 40, x.ptr(), inc), 10);
      x.at(0) = make<T>(NAN, 0);
      EXPECT_EQ(api<T>::iamax(e, 40, x.ptr(), inc), 1);
      x.at(0) = make<T>(0, 0), x.at(35) = make<T>(INFINITY, 0);
      EXPECT_EQ(api<T>::iamax(e, 40, x.ptr(), inc), 36);
    }
}

// Every length up to five vectors of the widest SIMD (16 floats), the
// largest |x| at every place: short vectors are read by whole vectors and
// a masked last one, and the largest may sit in any lane of either. A tie
// after it loses; a NaN before it is never larger; the sums of quarters
// are exact.
TYPED_TEST(Reduction, ShortVectorsWithTheLargestAtEveryPlace) {
  using T = TypeParam;
  using R = real_t<T>;
  for (entry e : kEntries)
    for (int n = 1; n <= 80; ++n)
      for (int p = 0; p < n; ++p) {
        SCOPED_TRACE(::testing::Message() << name_of(e) << " n=" << n << " largest at " << p);
        std::vector<T> x(static_cast<std::size_t>(n), make<T>(0.5, -0.25));
        x[p] = make<T>(-3, 0);
        if (p + 1 < n) x[n - 1] = make<T>(3, 0);
        R sum = 0;
        for (const T& v : x) sum += abs1(v);
        EXPECT_EQ(api<T>::asum(e, n, x.data(), 1), sum);
        EXPECT_EQ(api<T>::iamax(e, n, x.data(), 1), p + 1);
        if (p >= 2) {
          x[1] = make<T>(NAN, 0);
          EXPECT_EQ(api<T>::iamax(e, n, x.data(), 1), p + 1);
        }
      }
}

// The norm as a long double sum of squares scaled by the largest part, so
// that it neither overflows nor underflows where long double has no wider
// exponent than double (POWER's double-double).
template <class T>
long double exact_norm(const strided<T>& x) {
  std::vector<long double> parts;
  for (int i = 0; i < x.n; ++i) {
    const auto v = x.at(i);
    if constexpr (is_complex<T>) {
      parts.push_back(std::fabs((long double)v.real()));
      parts.push_back(std::fabs((long double)v.imag()));
    } else {
      parts.push_back(std::fabs((long double)v));
    }
  }
  long double scale = 0;
  for (long double p : parts) scale = std::max(scale, p);
  if (scale == 0 || !std::isfinite(scale)) return scale;
  long double s = 0;
  for (long double p : parts) s += (p / scale) * (p / scale);
  return scale * std::sqrt(s);
}

template <class T>
void expect_norm(entry e, const strided<T>& x, const char* what) {
  using R = real_t<T>;
  const long double want = exact_norm(x);
  const R got = api<T>::nrm2(e, x.n, x.ptr(), x.inc);
  ASSERT_TRUE(std::isfinite(want));
  EXPECT_LE(std::fabs((long double)got - want),
            4 * x.n * std::numeric_limits<R>::epsilon() * want + std::numeric_limits<R>::denorm_min())
      << what << " " << name_of(e) << " n=" << x.n << " inc=" << x.inc << ": got " << got << " want " << (double)want;
  if (e == entry::f77) {
    EXPECT_EQ(api<T>::nrm2_sub(x.n, x.ptr(), x.inc), got);
  }
}

// Every shape (incx 0 counts x[0] n times and a negative one walks back,
// as the reference's 3.10 algorithm), at ordinary, huge, tiny and subnormal
// sizes and mixed.
TYPED_TEST(Reduction, Nrm2NeitherOverflowsNorUnderflows) {
  using T = TypeParam;
  using R = real_t<T>;
  std::mt19937 g(13);
  // Huge enough that the squares overflow, small enough that the norm of
  // 2000 of them does not.
  const R huge = std::is_same_v<R, float> ? R(1e36) : R(1e300);
  const R tiny = std::is_same_v<R, float> ? R(1e-38) : R(1e-300);
  const R subnormal = std::numeric_limits<R>::denorm_min() * 12345;
  for_all_vectors([&](entry e, int n, int inc) {
    strided<T> x(n, inc);
    x.fill(g);
    expect_norm(e, x, "ordinary");
    const int distinct = inc == 0 ? std::min(n, 1) : n;  // incx 0: one element
    for (R scale : {huge, tiny, subnormal}) {
      strided<T> y = x;
      for (int i = 0; i < distinct; ++i) y.at(i) *= scale;
      expect_norm(e, y, "scaled");
    }
    strided<T> mixed = x;
    for (int i = 0; i < distinct; ++i) mixed.at(i) *= (i % 3 == 0 ? huge : i % 3 == 1 ? tiny : R(1));
    expect_norm(e, mixed, "mixed");
  });
}

// Entries near the largest finite value: the norm of one is exact.
TYPED_TEST(Reduction, Nrm2OfTheLargestEntries) {
  using T = TypeParam;
  using R = real_t<T>;
  const R top = std::numeric_limits<R>::max() / 2;
  for (entry e : kEntries) {
    const T one[1] = {make<T>(top, 0)};
    EXPECT_EQ(api<T>::nrm2(e, 1, one, 1), top);
    const T two[2] = {make<T>(-top / 2, 0), make<T>(0, 0)};
    EXPECT_EQ(api<T>::nrm2(e, 2, two, 1), top / 2);
  }
}

TYPED_TEST(Reduction, Nrm2OfNaNAndInfinity) {
  using T = TypeParam;
  for (entry e : kEntries)
    for (int inc : {1, -2}) {
      strided<T> x(9, inc);
      for (int i = 0; i < 9; ++i) x.at(i) = make<T>(i, 1);
      x.at(4) = make<T>(INFINITY, 0);
      EXPECT_TRUE(std::isinf(api<T>::nrm2(e, 9, x.ptr(), inc))) << name_of(e);
      x.at(7) = make<T>(NAN, 0);
      EXPECT_TRUE(std::isnan(api<T>::nrm2(e, 9, x.ptr(), inc))) << name_of(e);
      x.at(4) = make<T>(1e-30, 0);
      EXPECT_TRUE(std::isnan(api<T>::nrm2(e, 9, x.ptr(), inc))) << name_of(e);
    }
}

TEST(MixedPrecisionDot, SdsdotAndDsdotAccumulateInDouble) {
  std::mt19937 g(14);
  for (int n : kSizes)
    for (int incx : kIncrements)
      for (int incy : kIncrements) {
        strided<float> x(n, incx), y(n, incy);
        x.fill(g), y.fill(g);
        double sum = 0;
        for (int i = 0; i < n; ++i) sum += double(x.at(i)) * double(y.at(i));
        const float sb = 0.375f;
        float s1, s3;
        double d3;
        const float s0 = sdsdot_(&n, &sb, x.ptr(), &incx, y.ptr(), &incy);
        sdsdotsub_(&n, &sb, x.ptr(), &incx, y.ptr(), &incy, &s1);
        const float s2 = cblas_sdsdot(n, sb, x.ptr(), incx, y.ptr(), incy);
        const double d0 = dsdot_(&n, x.ptr(), &incx, y.ptr(), &incy);
        const double d1 = cblas_dsdot(n, x.ptr(), incx, y.ptr(), incy);
        dsdotsub_(&n, x.ptr(), &incx, y.ptr(), &incy, &d3);
        s3 = float(sb + sum);
        EXPECT_EQ(s0, s3) << n << " " << incx << " " << incy;
        EXPECT_EQ(s1, s3);
        EXPECT_EQ(s2, s3);
        EXPECT_NEAR(d0, sum, 1e-14 * (n + 1));
        EXPECT_EQ(d1, d0);
        EXPECT_EQ(d3, d0);
      }
  // Cancellation a float sum would lose.
  const float x[3] = {1e8f, 1.0f, -1e8f}, y[3] = {1.0f, 1.0f, 1.0f};
  const int n = 3, one = 1;
  EXPECT_EQ(dsdot_(&n, x, &one, y, &one), 1.0);
  EXPECT_EQ(cblas_sdsdot(3, 0.5f, x, 1, y, 1), 1.5f);
}

}  // namespace
}  // namespace level1_test
