// ?rotg and ?rotmg through the Fortran and the CBLAS entry points: the
// rotation they build zeroes b (checked by applying it), with the
// reference's special cases and signs, for ordinary, huge and tiny inputs.
#include "level1_harness.h"

extern "C" {
void srotm_(const int*, float*, const int*, float*, const int*, const float*);
void drotm_(const int*, double*, const int*, double*, const int*, const double*);
}

namespace level1_test {
namespace {

template <class T>
struct rotg_result {
  T r, b_out, s;
  real_t<T> c;
};

template <class T>
rotg_result<T> rotg(entry e, T a, T b) {
  real_t<T> c = -9;
  T s = T(-9);
  if constexpr (std::is_same_v<T, float>) e == entry::f77 ? srotg_(&a, &b, &c, &s) : cblas_srotg(&a, &b, &c, &s);
  if constexpr (std::is_same_v<T, double>) e == entry::f77 ? drotg_(&a, &b, &c, &s) : cblas_drotg(&a, &b, &c, &s);
  if constexpr (std::is_same_v<T, std::complex<float>>)
    e == entry::f77 ? crotg_(&a, &b, &c, &s) : cblas_crotg(&a, &b, &c, &s);
  if constexpr (std::is_same_v<T, std::complex<double>>)
    e == entry::f77 ? zrotg_(&a, &b, &c, &s) : cblas_zrotg(&a, &b, &c, &s);
  return {a, b, s, c};
}

template <class T>
class Rotg : public ::testing::Test {};
TYPED_TEST_SUITE(Rotg, element_types);

// [c s; -conj(s) c] [a; b] = [r; 0] with c^2 + |s|^2 = 1, at every scale.
TYPED_TEST(Rotg, ZeroesTheSecondComponent) {
  using T = TypeParam;
  using R = real_t<T>;
  std::mt19937 g(21);
  const R scales[] = {R(1), std::is_same_v<R, float> ? R(1e35) : R(1e300),
                      std::is_same_v<R, float> ? R(1e-35) : R(1e-300)};
  for (entry e : kEntries)
    for (R sa : scales)
      for (R sb : scales)
        for (int t = 0; t < 50; ++t) {
          const T a = random_value<T>(g) * sa, b = random_value<T>(g) * sb;
          const rotg_result<T> q = rotg(e, a, b);
          const R big = std::max(std::abs(a), std::abs(b));
          EXPECT_NEAR(double(q.c) * q.c + double(std::norm(std::complex<double>(q.s))), 1.0, 1e-5);
          EXPECT_TRUE(near(T(q.c * (a / big) + q.s * (b / big)), T(q.r / big), 4)) << a << " " << b;
          EXPECT_TRUE(near(T(q.c * (b / big) - conj_of(q.s) * (a / big)), T(0), 4)) << a << " " << b;
          EXPECT_TRUE(std::isfinite(std::abs(q.r)));
        }
}

// b == 0: c = 1, s = 0, r = a (a real z = 0); a == 0: c = 0, and for a
// real T s = 1, r = b, z = 1, for a complex one r = |b|, s = conj(b)/|b|.
TYPED_TEST(Rotg, SpecialCases) {
  using T = TypeParam;
  using R = real_t<T>;
  for (entry e : kEntries) {
    const T a = make<T>(-3, 4), b = make<T>(6, -8);
    rotg_result<T> q = rotg(e, a, T(0));
    EXPECT_EQ(q.c, R(1));
    EXPECT_EQ(q.s, T(0));
    EXPECT_EQ(q.r, a);
    if constexpr (!is_complex<T>) {
      EXPECT_EQ(q.b_out, T(0));
    }
    q = rotg(e, T(0), b);
    EXPECT_EQ(q.c, R(0));
    if constexpr (is_complex<T>) {
      EXPECT_TRUE(near(q.r, T(10), 2));
      EXPECT_TRUE(near(q.s, T(R(0.6), R(0.8)), 2));
      EXPECT_EQ(q.b_out, b);
    } else {
      EXPECT_EQ(q.s, T(1));
      EXPECT_EQ(q.r, b);
      EXPECT_EQ(q.b_out, T(1));
    }
  }
}

// Real: r takes the sign of the larger of a and b, and z rebuilds c and s
// (z = s when |a| > |b|, 1/c otherwise).
template <class R>
class RealRotg : public ::testing::Test {};
using real_types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(RealRotg, real_types);

TYPED_TEST(RealRotg, SignAndReconstructionValue) {
  using R = TypeParam;
  for (entry e : kEntries) {
    rotg_result<R> q = rotg(e, R(-4), R(3));
    EXPECT_TRUE(near(q.r, R(-5), 2));
    EXPECT_TRUE(near(q.c, R(0.8), 2));
    EXPECT_TRUE(near(q.s, R(-0.6), 2));
    EXPECT_TRUE(near(q.b_out, R(-0.6), 2));
    q = rotg(e, R(3), R(-4));
    EXPECT_TRUE(near(q.r, R(-5), 2));
    EXPECT_TRUE(near(q.c, R(-0.6), 2));
    EXPECT_TRUE(near(q.s, R(0.8), 2));
    EXPECT_TRUE(near(q.b_out, R(1) / R(-0.6), 2));
  }
}

template <class R>
void rotmg(entry e, R& d1, R& d2, R& x1, R y1, R* p) {
  if constexpr (std::is_same_v<R, float>)
    e == entry::f77 ? srotmg_(&d1, &d2, &x1, &y1, p) : cblas_srotmg(&d1, &d2, &x1, y1, p);
  else
    e == entry::f77 ? drotmg_(&d1, &d2, &x1, &y1, p) : cblas_drotmg(&d1, &d2, &x1, y1, p);
}

template <class R>
void rotm(int n, R* x, R* y, const R* p) {
  const int one = 1;
  if constexpr (std::is_same_v<R, float>)
    srotm_(&n, x, &one, y, &one, p);
  else
    drotm_(&n, x, &one, y, &one, p);
}

// H from rotmg maps (x1, y1) to (x1', 0), and keeps the weighted norm:
// d1 x1^2 + d2 y1^2 = d1' x1'^2, also where d1 or d2 needed rescaling
// (both at once too: the rescaling of d2 must not undo that of d1).
TYPED_TEST(RealRotg, RotmgZeroesYThroughRotm) {
  using R = TypeParam;
  std::mt19937 g(22);
  std::uniform_real_distribution<double> u(0.1, 1.0);
  const double exps[] = {-30, -10, 0, 10, 30};
  for (entry e : kEntries)
    for (double ed1 : exps)
      for (double ed2 : exps)
        for (int t = 0; t < 20; ++t) {
          R d1 = R(u(g) * std::pow(2.0, ed1)), d2 = R(u(g) * std::pow(2.0, ed2));
          const R x1 = R(u(g) * (t % 2 ? 1 : -1)), y1 = R(u(g) * (t % 3 ? 1 : -1));
          const double before = double(d1) * x1 * x1 + double(d2) * y1 * y1;
          R x1_out = x1, p[5] = {9, 9, 9, 9, 9};
          rotmg(e, d1, d2, x1_out, y1, p);
          ASSERT_NE(p[0], R(9));
          ASSERT_TRUE(p[0] == -1 || p[0] == 0 || p[0] == 1) << p[0];
          R x[1] = {x1}, y[1] = {y1};
          rotm(1, x, y, p);
          EXPECT_NEAR(double(x[0]), double(x1_out), 1e-4 * std::fabs(x1_out)) << ed1 << " " << ed2;
          EXPECT_NEAR(double(y[0]), 0.0, 1e-4 * std::fabs(x1_out)) << ed1 << " " << ed2;
          EXPECT_NEAR(double(d1) * x1_out * x1_out, before, 1e-4 * before) << ed1 << " " << ed2;
        }
}

TYPED_TEST(RealRotg, RotmgFlags) {
  using R = TypeParam;
  for (entry e : kEntries) {
    R d1 = -1, d2 = 2, x1 = 3, p[5] = {9, 9, 9, 9, 9};
    rotmg(e, d1, d2, x1, R(4), p);  // d1 < 0: zero H, d and x1
    EXPECT_EQ(p[0], R(-1));
    for (int i = 1; i < 5; ++i) EXPECT_EQ(p[i], R(0));
    EXPECT_EQ(d1, R(0));
    EXPECT_EQ(d2, R(0));
    EXPECT_EQ(x1, R(0));
    d1 = 2, d2 = 3, x1 = 5;
    R q[5] = {9, 9, 9, 9, 9};
    rotmg(e, d1, d2, x1, R(0), q);  // d2 y1 == 0: H = I, nothing else written
    EXPECT_EQ(q[0], R(-2));
    EXPECT_EQ(q[1], R(9));
    EXPECT_EQ(d1, R(2));
    EXPECT_EQ(x1, R(5));
    R r[5] = {9, 9, 9, 9, 9};
    d1 = 4, d2 = 1, x1 = 2;
    rotmg(e, d1, d2, x1, R(1), r);  // |d1 x1^2| > |d2 y1^2|: flag 0, h21 and h12 only
    EXPECT_EQ(r[0], R(0));
    EXPECT_EQ(r[1], R(9));
    EXPECT_EQ(r[4], R(9));
    EXPECT_TRUE(near(r[2], R(-0.5), 2));
    EXPECT_TRUE(near(r[3], R(0.125), 2));
    R s[5] = {9, 9, 9, 9, 9};
    d1 = 1, d2 = 4, x1 = 1;
    rotmg(e, d1, d2, x1, R(2), s);  // flag 1: h11 and h22 only
    EXPECT_EQ(s[0], R(1));
    EXPECT_EQ(s[2], R(9));
    EXPECT_EQ(s[3], R(9));
    EXPECT_TRUE(near(s[1], R(0.125), 2));
    EXPECT_TRUE(near(s[4], R(0.5), 2));
    // An infinite d1 cannot be rescaled: it returns (the reference loops).
    R t[5] = {9, 9, 9, 9, 9};
    d1 = R(INFINITY), d2 = 1, x1 = 1;
    rotmg(e, d1, d2, x1, R(1), t);
    EXPECT_NE(t[0], R(9));
  }
}

}  // namespace
}  // namespace level1_test
