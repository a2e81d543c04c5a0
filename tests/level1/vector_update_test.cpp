// swap, copy, axpy, scal and rot of every precision against naive loops,
// through the Fortran and the CBLAS entry points: every size and pair of
// increments (0 included: the reference walks a repeated element in
// order), guards around the vectors untouched.
#include "level1_harness.h"

namespace level1_test {
namespace {

template <class T>
class VectorUpdate : public ::testing::Test {};
TYPED_TEST_SUITE(VectorUpdate, element_types);

TYPED_TEST(VectorUpdate, SwapExchangesInTheReferenceOrder) {
  using T = TypeParam;
  std::mt19937 g(1);
  for_all_pairs([&](entry e, int n, int incx, int incy) {
    strided<T> x(n, incx), y(n, incy);
    x.fill(g), y.fill(g);
    strided<T> wx = x, wy = y;
    for (int i = 0; i < n; ++i) std::swap(wx.at(i), wy.at(i));
    api<T>::swap(e, n, x.ptr(), incx, y.ptr(), incy);
    EXPECT_EQ(x.data, wx.data);
    EXPECT_EQ(y.data, wy.data);
  });
}

TYPED_TEST(VectorUpdate, CopyWritesYOnly) {
  using T = TypeParam;
  std::mt19937 g(2);
  for_all_pairs([&](entry e, int n, int incx, int incy) {
    strided<T> x(n, incx), y(n, incy);
    x.fill(g), y.fill(g);
    strided<T> want = y;
    for (int i = 0; i < n; ++i) want.at(i) = x.at(i);
    const std::vector<T> x_before = x.data;
    api<T>::copy(e, n, x.ptr(), incx, y.ptr(), incy);
    EXPECT_EQ(y.data, want.data);
    EXPECT_EQ(x.data, x_before);
  });
}

TYPED_TEST(VectorUpdate, AxpyAddsAlphaX) {
  using T = TypeParam;
  std::mt19937 g(3);
  const T alpha = make<T>(0.75, -1.25);
  for_all_pairs([&](entry e, int n, int incx, int incy) {
    strided<T> x(n, incx), y(n, incy);
    x.fill(g), y.fill(g);
    strided<T> want = y;
    for (int i = 0; i < n; ++i) want.at(i) += alpha * x.at(i);
    api<T>::axpy(e, n, alpha, x.ptr(), incx, y.ptr(), incy);
    for (int i = 0; i < n; ++i) ASSERT_TRUE(near(y.at(i), want.at(i), double(n) * 4)) << "i=" << i;
    EXPECT_TRUE(y.guards_intact());
  });
}

// The reference returns when alpha is zero: a NaN in x does not reach y.
TYPED_TEST(VectorUpdate, AxpyWithZeroAlphaLeavesY) {
  using T = TypeParam;
  for (entry e : kEntries)
    for (int inc : {1, 2, -1}) {
      strided<T> x(5, inc), y(5, inc);
      for (int i = 0; i < 5; ++i) x.at(i) = make<T>(NAN, 1), y.at(i) = make<T>(i, -i);
      const std::vector<T> before = y.data;
      api<T>::axpy(e, 5, T(0), x.ptr(), inc, y.ptr(), inc);
      EXPECT_EQ(y.data, before) << name_of(e) << " inc=" << inc;
    }
}

// x := alpha x; incx < 1 is a no-op (the reference returns).
TYPED_TEST(VectorUpdate, ScalMultipliesOrReturns) {
  using T = TypeParam;
  std::mt19937 g(4);
  const T alpha = make<T>(-1.5, 0.5);
  for_all_vectors([&](entry e, int n, int inc) {
    strided<T> x(n, inc);
    x.fill(g);
    strided<T> want = x;
    if (inc > 0)
      for (int i = 0; i < n; ++i) want.at(i) *= alpha;
    api<T>::scal(e, n, alpha, x.ptr(), inc);
    for (int i = 0; i < n; ++i) ASSERT_TRUE(near(x.at(i), want.at(i), 4)) << "i=" << i;
    EXPECT_TRUE(x.guards_intact());
  });
}

// A product per element, as the reference: 0 * NaN and 0 * Inf are NaN.
TYPED_TEST(VectorUpdate, ScalByZeroKeepsNaN) {
  using T = TypeParam;
  for (entry e : kEntries)
    for (int inc : {1, 2}) {
      strided<T> x(4, inc);
      x.at(0) = make<T>(NAN, 0), x.at(1) = make<T>(INFINITY, 0), x.at(2) = make<T>(3, 4), x.at(3) = make<T>(-2, 1);
      api<T>::scal(e, 4, T(0), x.ptr(), inc);
      EXPECT_TRUE(std::isnan(std::real(x.at(0)))) << name_of(e) << " inc=" << inc;
      EXPECT_TRUE(std::isnan(std::real(x.at(1)))) << name_of(e) << " inc=" << inc;
      EXPECT_EQ(x.at(2), T(0));
      EXPECT_EQ(x.at(3), T(0));
    }
}

TYPED_TEST(VectorUpdate, RotRotatesPairs) {
  using T = TypeParam;
  using R = real_t<T>;
  std::mt19937 g(5);
  const R c = R(0.6), s = R(-0.8);
  for_all_pairs([&](entry e, int n, int incx, int incy) {
    strided<T> x(n, incx), y(n, incy);
    x.fill(g), y.fill(g);
    strided<T> wx = x, wy = y;
    for (int i = 0; i < n; ++i) {
      const T a = wx.at(i), b = wy.at(i);
      wx.at(i) = c * a + s * b;
      wy.at(i) = c * b - s * a;
    }
    api<T>::rot(e, n, x.ptr(), incx, y.ptr(), incy, c, s);
    for (int i = 0; i < n; ++i) {
      ASSERT_TRUE(near(x.at(i), wx.at(i), 4)) << "i=" << i;
      ASSERT_TRUE(near(y.at(i), wy.at(i), 4)) << "i=" << i;
    }
    EXPECT_TRUE(x.guards_intact());
    EXPECT_TRUE(y.guards_intact());
  });
}

template <class T>
class ComplexUpdate : public ::testing::Test {};
using complex_types = ::testing::Types<std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(ComplexUpdate, complex_types);

// csscal / zdscal scale each part: 0 * (NaN, 1) is (NaN, 0).
TYPED_TEST(ComplexUpdate, RealScalScalesEachPart) {
  using T = TypeParam;
  using R = real_t<T>;
  std::mt19937 g(6);
  for_all_vectors([&](entry e, int n, int inc) {
    strided<T> x(n, inc);
    x.fill(g);
    strided<T> want = x;
    if (inc > 0)
      for (int i = 0; i < n; ++i) want.at(i) = T(R(2.5) * want.at(i).real(), R(2.5) * want.at(i).imag());
    api<T>::real_scal(e, n, R(2.5), x.ptr(), inc);
    EXPECT_EQ(x.data, want.data);
  });
  for (entry e : kEntries) {
    T v[2] = {T(R(NAN), R(1)), T(R(-3), R(INFINITY))};
    api<T>::real_scal(e, 2, R(0), v, 1);
    EXPECT_TRUE(std::isnan(v[0].real()));
    EXPECT_EQ(v[0].imag(), R(0));
    EXPECT_EQ(v[1].real(), R(0));
    EXPECT_TRUE(std::isnan(v[1].imag()));
  }
}

// csrot / zdrot multiply by (c, 0) as gfortran does: an infinite part
// times the zero imaginary part of c gives NaN, as in the reference.
TYPED_TEST(ComplexUpdate, RotMultipliesByComplexC) {
  using T = TypeParam;
  using R = real_t<T>;
  for (entry e : kEntries) {
    T x = T(R(INFINITY), R(1)), y = T(R(2), R(0));
    api<T>::rot(e, 1, &x, 1, &y, 1, R(1), R(0.5));
    EXPECT_EQ(x.real(), R(INFINITY)) << name_of(e);
    EXPECT_TRUE(std::isnan(x.imag())) << name_of(e);
  }
}

template <class R>
class RealUpdate : public ::testing::Test {};
using real_types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(RealUpdate, real_types);

extern "C" {
void srotm_(const int*, float*, const int*, float*, const int*, const float*);
void drotm_(const int*, double*, const int*, double*, const int*, const double*);
}

template <class R>
void rotm(entry e, int n, R* x, int incx, R* y, int incy, const R* p) {
  if constexpr (std::is_same_v<R, float>)
    e == entry::f77 ? srotm_(&n, x, &incx, y, &incy, p) : cblas_srotm(n, x, incx, y, incy, p);
  else
    e == entry::f77 ? drotm_(&n, x, &incx, y, &incy, p) : cblas_drotm(n, x, incx, y, incy, p);
}

// H by flag: -1 full, 0 unit diagonal, 1 unit off-diagonal with -1 below,
// -2 identity (nothing written).
TYPED_TEST(RealUpdate, RotmAppliesHOfEachFlag) {
  using R = TypeParam;
  std::mt19937 g(7);
  for (R flag : {R(-2), R(-1), R(0), R(1)})
    for_all_pairs([&](entry e, int n, int incx, int incy) {
      // A repeated element (increment 0) is rotated n times: keep it finite.
      if ((incx == 0 || incy == 0) && n > 7) return;
      const R p[5] = {flag, R(0.5), R(-1.5), R(2.25), R(0.75)};
      const R h11 = flag == 0 ? 1 : p[1], h21 = flag == 1 ? -1 : p[2], h12 = flag == 1 ? 1 : p[3],
              h22 = flag == 0 ? 1 : p[4];
      strided<R> x(n, incx), y(n, incy);
      x.fill(g), y.fill(g);
      strided<R> wx = x, wy = y;
      if (flag != -2)
        for (int i = 0; i < n; ++i) {
          const R a = wx.at(i), b = wy.at(i);
          wx.at(i) = h11 * a + h12 * b;
          wy.at(i) = h21 * a + h22 * b;
        }
      rotm<R>(e, n, x.ptr(), incx, y.ptr(), incy, p);
      for (int i = 0; i < n; ++i) {
        ASSERT_TRUE(near(x.at(i), wx.at(i), 8)) << "flag " << flag << " i=" << i;
        ASSERT_TRUE(near(y.at(i), wy.at(i), 8)) << "flag " << flag << " i=" << i;
      }
      EXPECT_TRUE(x.guards_intact());
      EXPECT_TRUE(y.guards_intact());
    });
}

}  // namespace
}  // namespace level1_test
