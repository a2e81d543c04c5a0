// With every dimension below 2^31, an ILP64 call computes what the LP64
// call does: the same routines of libswblas.so (loaded beside libswblas64,
// its symbols bound to itself) and of libswblas64 on the same operands give
// the same bits. The netlib testers check the rest of the ILP64 library.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <vector>

#include "cblas.h"
#include "swblas.h"

namespace {

using lp64_int = std::int32_t;

// libswblas.so, deep-bound: its own entry points call each other, not
// libswblas64's of the same names.
void* lp64_library() {
  static void* const handle = dlopen(SWBLAS_LP64_LIBRARY, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  return handle;
}

template <class Fn>
Fn lp64(const char* name) {
  void* const library = lp64_library();
  return library ? reinterpret_cast<Fn>(dlsym(library, name)) : nullptr;
}

template <class T>
std::vector<T> operand(std::size_t count, int seed) {
  std::vector<T> v(count);
  for (std::size_t i = 0; i < count; ++i) {
    const double x = double((i * 7919 + std::size_t(seed) * 104729) % 2001) / 1000.0 - 1.0;
    if constexpr (std::is_same_v<T, std::complex<double>>)
      v[i] = {x, 0.5 - x * x};
    else
      v[i] = T(x);
  }
  return v;
}

class lp64_agreement : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!lp64_library()) GTEST_FAIL() << "dlopen " << SWBLAS_LP64_LIBRARY << ": " << dlerror();
  }
};

TEST_F(lp64_agreement, dgemm_and_zgemm) {
  using dgemm_fn =
      void (*)(const char*, const char*, const lp64_int*, const lp64_int*, const lp64_int*, const double*,
               const double*, const lp64_int*, const double*, const lp64_int*, const double*, double*, const lp64_int*);
  using zgemm_fn =
      void (*)(const char*, const char*, const lp64_int*, const lp64_int*, const lp64_int*, const void*, const void*,
               const lp64_int*, const void*, const lp64_int*, const void*, void*, const lp64_int*);
  const std::int64_t m = 97, n = 61, k = 130;
  const lp64_int m32 = m, n32 = n, k32 = k;
  {
    const auto a = operand<double>(k * m, 1), b = operand<double>(k * n, 2);
    auto c64 = operand<double>(m * n, 3), c32 = c64;
    const double alpha = 1.25, beta = -0.5;
    dgemm_("T", "N", &m, &n, &k, &alpha, a.data(), &k, b.data(), &k, &beta, c64.data(), &m);
    lp64<dgemm_fn>("dgemm_")("T", "N", &m32, &n32, &k32, &alpha, a.data(), &k32, b.data(), &k32, &beta, c32.data(),
                             &m32);
    EXPECT_EQ(c64, c32);
  }
  {
    using Z = std::complex<double>;
    const auto a = operand<Z>(m * k, 4), b = operand<Z>(n * k, 5);
    auto c64 = operand<Z>(m * n, 6), c32 = c64;
    const Z alpha{0.5, -1.0}, beta{2.0, 0.25};
    zgemm_("N", "C", &m, &n, &k, &alpha, a.data(), &m, b.data(), &n, &beta, c64.data(), &m);
    lp64<zgemm_fn>("zgemm_")("N", "C", &m32, &n32, &k32, &alpha, a.data(), &m32, b.data(), &n32, &beta, c32.data(),
                             &m32);
    EXPECT_EQ(c64, c32);
  }
}

TEST_F(lp64_agreement, dtrsm_and_dtrmm) {
  using triangular_fn = void (*)(const char*, const char*, const char*, const char*, const lp64_int*, const lp64_int*,
                                 const double*, const double*, const lp64_int*, double*, const lp64_int*);
  const std::int64_t m = 150, n = 40;
  const lp64_int m32 = m, n32 = n;
  auto a = operand<double>(m * m, 7);
  for (std::int64_t i = 0; i < m; ++i) a[i + i * m] += 4.0;  // well conditioned
  auto b64 = operand<double>(m * n, 8), b32 = b64;
  const double alpha = 0.75;
  dtrsm_("L", "L", "N", "N", &m, &n, &alpha, a.data(), &m, b64.data(), &m);
  lp64<triangular_fn>("dtrsm_")("L", "L", "N", "N", &m32, &n32, &alpha, a.data(), &m32, b32.data(), &m32);
  EXPECT_EQ(b64, b32);

  dtrmm_("R", "U", "T", "U", &n, &m, &alpha, a.data(), &m, b64.data(), &n);
  lp64<triangular_fn>("dtrmm_")("R", "U", "T", "U", &n32, &m32, &alpha, a.data(), &m32, b32.data(), &n32);
  EXPECT_EQ(b64, b32);
}

TEST_F(lp64_agreement, dgemv_ddot_idamax_and_cblas_dgemm) {
  using dgemv_fn = void (*)(const char*, const lp64_int*, const lp64_int*, const double*, const double*,
                            const lp64_int*, const double*, const lp64_int*, const double*, double*, const lp64_int*);
  using ddot_fn = double (*)(const lp64_int*, const double*, const lp64_int*, const double*, const lp64_int*);
  using idamax_fn = lp64_int (*)(const lp64_int*, const double*, const lp64_int*);
  using cblas_dgemm_fn = void (*)(CBLAS_LAYOUT, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, lp64_int, lp64_int, lp64_int, double,
                                  const double*, lp64_int, const double*, lp64_int, double, double*, lp64_int);
  const std::int64_t m = 300, n = 211, inc = 2;
  const lp64_int m32 = m, n32 = n, inc32 = inc;
  const auto a = operand<double>(m * n, 10), x = operand<double>(inc * m, 11);
  auto y64 = operand<double>(n, 12), y32 = y64;
  const double alpha = -1.5, beta = 0.5;
  const std::int64_t one = 1;
  const lp64_int one32 = 1;
  dgemv_("T", &m, &n, &alpha, a.data(), &m, x.data(), &inc, &beta, y64.data(), &one);
  lp64<dgemv_fn>("dgemv_")("T", &m32, &n32, &alpha, a.data(), &m32, x.data(), &inc32, &beta, y32.data(), &one32);
  EXPECT_EQ(y64, y32);

  EXPECT_EQ(ddot_(&m, x.data(), &inc, a.data(), &one),
            lp64<ddot_fn>("ddot_")(&m32, x.data(), &inc32, a.data(), &one32));
  EXPECT_EQ(idamax_(&m, x.data(), &inc), lp64<idamax_fn>("idamax_")(&m32, x.data(), &inc32));

  auto c64 = operand<double>(m * m, 13), c32 = c64;
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, m, m, n, alpha, a.data(), n, a.data(), n, beta, c64.data(), m);
  lp64<cblas_dgemm_fn>("cblas_dgemm")(CblasRowMajor, CblasNoTrans, CblasTrans, m32, m32, n32, alpha, a.data(), n32,
                                      a.data(), n32, beta, c32.data(), m32);
  EXPECT_EQ(c64, c32);
}

}  // namespace
