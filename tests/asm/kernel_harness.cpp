#include "kernel_harness.h"

#include <cfloat>
#include <cmath>
#include <limits>
#include <random>

namespace swblas::test {

namespace {

// The registered descriptors, then the test-only ones.
template <class Desc>
std::vector<const Desc*> registered_and_extra(const Desc* const* (*registry)(std::size_t*),
                                              const Desc* const* (*extra)(std::size_t*)) {
  std::size_t count = 0;
  const Desc* const* reg = registry(&count);
  std::vector<const Desc*> all(reg, reg + count);
  const Desc* const* more = extra(&count);
  all.insert(all.end(), more, more + count);
  return all;
}

}  // namespace

std::vector<const dgemm_ukernel_desc*> kernels_under_test() {
  return registered_and_extra(ukernel_registry, extra_test_kernels);
}

std::vector<const dgemm_small_desc*> small_gemms_under_test() {
  return registered_and_extra(small_gemm_registry, extra_test_small_gemms);
}

guarded_matrix::guarded_matrix(std::ptrdiff_t r, std::ptrdiff_t c,
                               std::ptrdiff_t l)
    : rows(r),
      cols(c),
      ld(l),
      storage(static_cast<std::size_t>(l * (c > 0 ? c : 1) + 2 * kBorder),
              kGuard) {}

std::size_t guarded_matrix::guards_changed() const {
  std::size_t changed = 0;
  for (std::ptrdiff_t p = 0; p < static_cast<std::ptrdiff_t>(storage.size());
       ++p) {
    const std::ptrdiff_t q = p - kBorder;
    const bool inside = q >= 0 && q % ld < rows && q / ld < cols;
    if (!inside && storage[p] != kGuard) ++changed;
  }
  return changed;
}

void fill_random(double* x, std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  for (std::size_t i = 0; i < n; ++i) x[i] = dist(gen);
}

double tolerance(std::ptrdiff_t k, double alpha, double sum_abs_products,
                 double beta, double c) {
  const double eps = std::numeric_limits<double>::epsilon();
  const double scale =
      std::fabs(alpha) * sum_abs_products + std::fabs(beta * c);
  return 2.0 * static_cast<double>(k + 2) * eps * scale + DBL_MIN;
}

void naive_gemm(std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k,
                double alpha, const double* a, std::ptrdiff_t rs_a,
                std::ptrdiff_t cs_a, const double* b, std::ptrdiff_t rs_b,
                std::ptrdiff_t cs_b, double beta, double* c, std::ptrdiff_t ldc,
                std::vector<double>* tol) {
  tol->assign(static_cast<std::size_t>(m * n), 0.0);
  for (std::ptrdiff_t j = 0; j < n; ++j)
    for (std::ptrdiff_t i = 0; i < m; ++i) {
      long double sum = 0.0L, sum_abs = 0.0L;
      for (std::ptrdiff_t l = 0; l < k; ++l) {
        const long double p = static_cast<long double>(a[i * rs_a + l * cs_a]) *
                              b[l * rs_b + j * cs_b];
        sum += p;
        sum_abs += std::fabs(p);
      }
      double& cij = c[i + j * ldc];
      const double c0 = beta == 0.0 ? 0.0 : cij;
      (*tol)[i + j * m] =
          tolerance(k, alpha, static_cast<double>(sum_abs), beta, c0);
      cij = static_cast<double>(
          alpha * sum +
          (beta == 0.0 ? 0.0L : static_cast<long double>(beta) * c0));
    }
}

}  // namespace swblas::test
