// Every micro kernel against a naive product of the unpacked operands, for
// every edge shape, several k, alpha and beta (beta == 0 with NaN in C), and
// with guard values around C that must stay untouched.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "kernel_harness.h"

namespace swblas::test {
namespace {

class ukernel_test
    : public ::testing::TestWithParam<const dgemm_ukernel_desc*> {
 protected:
  void SetUp() override {
    std::string why;
    if (!cpu_supports(GetParam()->needs, &why)) GTEST_SKIP() << why;
  }
};

// The packed panels of an MR x k block of A whose first m rows are set (the
// rest zero, as the format demands) and of a k x NR block of B likewise.
struct packed_operands {
  std::vector<double> a, b;    // unpacked, column-major MR x k and k x NR
  std::vector<double> ap, bp;  // packed micro-panels
  double* ap_aligned;
  double* bp_aligned;
};

packed_operands make_operands(int mr, int nr, dim_t m, dim_t n, dim_t k) {
  packed_operands o;
  o.a.assign(static_cast<std::size_t>(mr * k), 0.0);
  o.b.assign(static_cast<std::size_t>(k * nr), 0.0);
  fill_random(o.a.data(), o.a.size(), 11);
  fill_random(o.b.data(), o.b.size(), 29);
  for (dim_t l = 0; l < k; ++l)
    for (dim_t i = m; i < mr; ++i) o.a[i + l * mr] = 0.0;
  for (dim_t j = n; j < nr; ++j)
    for (dim_t l = 0; l < k; ++l) o.b[l + j * k] = 0.0;
  const std::size_t pad = kPackAlignment / sizeof(double);
  o.ap.assign(mr * k + pad, 0.0);
  o.bp.assign(nr * k + pad, 0.0);
  o.ap_aligned = reinterpret_cast<double*>(
      (reinterpret_cast<std::uintptr_t>(o.ap.data()) + kPackAlignment - 1) /
      kPackAlignment * kPackAlignment);
  o.bp_aligned = reinterpret_cast<double*>(
      (reinterpret_cast<std::uintptr_t>(o.bp.data()) + kPackAlignment - 1) /
      kPackAlignment * kPackAlignment);
  for (dim_t l = 0; l < k; ++l) {
    for (dim_t i = 0; i < mr; ++i) o.ap_aligned[l * mr + i] = o.a[i + l * mr];
    for (dim_t j = 0; j < nr; ++j) o.bp_aligned[l * nr + j] = o.b[l + j * k];
  }
  return o;
}

// Runs one case through `run` (the kernel under test on C, leading
// dimension ldc >= m) and compares.
template <class Run>
void check_case(const dgemm_ukernel_desc& d, dim_t m, dim_t n, dim_t k,
                double alpha, double beta, dim_t ldc, Run run) {
  SCOPED_TRACE(testing::Message()
               << d.name << " m=" << m << " n=" << n << " k=" << k
               << " alpha=" << alpha << " beta=" << beta << " ldc=" << ldc);
  const packed_operands o = make_operands(d.mr, d.nr, m, n, k);
  guarded_matrix c(m, n, ldc);
  std::vector<double> expect(static_cast<std::size_t>(ldc * (n > 0 ? n : 1)));
  for (dim_t j = 0; j < n; ++j)
    for (dim_t i = 0; i < m; ++i) {
      const double v = beta == 0.0 ? std::numeric_limits<double>::quiet_NaN()
                                   : std::sin(1.0 + i + 7.0 * j);
      c.data()[i + j * ldc] = v;
      expect[i + j * ldc] = v;
    }
  std::vector<double> tol;
  naive_gemm(m, n, k, alpha, o.a.data(), 1, d.mr, o.b.data(), 1, k, beta,
             expect.data(), ldc, &tol);
  run(o.ap_aligned, o.bp_aligned, c.data(), ldc);
  for (dim_t j = 0; j < n; ++j)
    for (dim_t i = 0; i < m; ++i)
      ASSERT_NEAR(c.data()[i + j * ldc], expect[i + j * ldc], tol[i + j * m])
          << "at (" << i << ", " << j << ")";
  EXPECT_EQ(c.guards_changed(), 0u);
}

const dim_t kDepths[] = {0, 1, 2, 3, 7, 17, 257};
const double kAlphas[] = {0.0, 1.0, -1.0, 0.7};
const double kBetas[] = {0.0, 1.0, 1.3};

TEST_P(ukernel_test, EveryEdgeShapeMatchesNaive) {
  const dgemm_ukernel_desc& d = *GetParam();
  for (dim_t k : kDepths)
    for (dim_t m = 0; m <= d.mr; ++m)
      for (dim_t n = 0; n <= d.nr; ++n)
        for (double alpha : kAlphas)
          for (double beta : kBetas)
            for (dim_t ldc : {dim_t{d.mr} + 3, m > 0 ? m : 1}) {
              check_case(
                  d, m, n, k, alpha, beta, ldc,
                  [&](const double* ap, const double* bp, double* c, dim_t ld) {
                    d.ukernel(m, n, k, alpha, ap, bp, beta, c, ld);
                  });
              if (HasFatalFailure()) return;
            }
}

TEST_P(ukernel_test, FullTileKernelMatchesNaive) {
  const dgemm_ukernel_desc& d = *GetParam();
  for (dim_t k : kDepths)
    for (double alpha : kAlphas)
      for (double beta : kBetas)
        for (dim_t ldc : {dim_t{d.mr} + 3, dim_t{d.mr}}) {
          check_case(
              d, d.mr, d.nr, k, alpha, beta, ldc,
              [&](const double* ap, const double* bp, double* c, dim_t ld) {
                d.ukernel_full(k, alpha, ap, bp, beta, c, ld);
              });
          if (HasFatalFailure()) return;
        }
}

std::string kernel_name(
    const testing::TestParamInfo<const dgemm_ukernel_desc*>& info) {
  return info.param->name;
}

INSTANTIATE_TEST_SUITE_P(Kernels, ukernel_test,
                         testing::ValuesIn(kernels_under_test()), kernel_name);

}  // namespace
}  // namespace swblas::test
