#include "kernel_harness.h"

#include <cmath>
#include <limits>
#include <random>

#include "../random_values.h"

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

std::vector<const sgemm_ukernel_desc*> f32_kernels_under_test() {
  std::size_t count = 0;
  const sgemm_ukernel_desc* const* reg = micro_kernels<float>(&count);
  return {reg, reg + count};
}

std::vector<any_ukernel> kernels_of_every_type() {
  std::vector<any_ukernel> all;
  for (const dgemm_ukernel_desc* d : kernels_under_test()) all.emplace_back(d);
  for (const sgemm_ukernel_desc* d : f32_kernels_under_test()) all.emplace_back(d);
  return all;
}

const char* name_of(const any_ukernel& k) {
  return std::visit([](auto* d) { return d->name; }, k);
}

isa needs_of(const any_ukernel& k) {
  return std::visit([](auto* d) { return d->needs; }, k);
}

std::vector<const dgemm_small_desc*> small_gemms_under_test() {
  return registered_and_extra(small_gemm_registry, extra_test_small_gemms);
}

template <class T>
basic_guarded_matrix<T>::basic_guarded_matrix(std::ptrdiff_t r, std::ptrdiff_t c,
                                              std::ptrdiff_t l)
    : rows(r),
      cols(c),
      ld(l),
      storage(static_cast<std::size_t>(l * (c > 0 ? c : 1) + 2 * kBorder),
              kGuard) {}

template <class T>
std::size_t basic_guarded_matrix<T>::guards_changed() const {
  std::size_t changed = 0;
  for (std::ptrdiff_t p = 0; p < static_cast<std::ptrdiff_t>(storage.size());
       ++p) {
    const std::ptrdiff_t q = p - kBorder;
    const bool inside = q >= 0 && q % ld < rows && q / ld < cols;
    if (!inside && storage[p] != kGuard) ++changed;
  }
  return changed;
}

// The same values for every T: drawn as doubles, then rounded.
template <class T>
void fill_random(T* x, std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<T>(swblas_test::uniform(gen, -1.0, 1.0));
}

template <class T>
double tolerance(std::ptrdiff_t k, double alpha, double sum_abs_products,
                 double beta, double c) {
  const double eps = std::numeric_limits<T>::epsilon();
  const double scale =
      std::fabs(alpha) * sum_abs_products + std::fabs(beta * c);
  return 2.0 * static_cast<double>(k + 2) * eps * scale + std::numeric_limits<T>::min();
}

template <class T>
void naive_gemm(std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k,
                T alpha, const T* a, std::ptrdiff_t rs_a,
                std::ptrdiff_t cs_a, const T* b, std::ptrdiff_t rs_b,
                std::ptrdiff_t cs_b, T beta, T* c, std::ptrdiff_t ldc,
                std::vector<double>* tol) {
  tol->assign(static_cast<std::size_t>(m * n), 0.0);
  for (std::ptrdiff_t j = 0; j < n; ++j)
    for (std::ptrdiff_t i = 0; i < m; ++i) {
      double sum = 0.0, sum_abs = 0.0;
      for (std::ptrdiff_t l = 0; l < k; ++l) {
        const double p = static_cast<double>(a[i * rs_a + l * cs_a]) * b[l * rs_b + j * cs_b];
        sum += p;
        sum_abs += std::fabs(p);
      }
      T& cij = c[i + j * ldc];
      const T c0 = beta == T(0) ? T(0) : cij;
      (*tol)[i + j * m] = tolerance<T>(k, alpha, sum_abs, beta, c0);
      cij = static_cast<T>(alpha * sum + (beta == T(0) ? 0.0 : static_cast<double>(beta) * c0));
    }
}

// The element types with kernels.
#define SWBLAS_TEST_HARNESS_FOR(T)                                                        \
  template struct basic_guarded_matrix<T>;                                                \
  template void fill_random<T>(T*, std::size_t, unsigned);                                \
  template double tolerance<T>(std::ptrdiff_t, double, double, double, double);           \
  template void naive_gemm<T>(std::ptrdiff_t, std::ptrdiff_t, std::ptrdiff_t, T, const T*, \
                              std::ptrdiff_t, std::ptrdiff_t, const T*, std::ptrdiff_t,   \
                              std::ptrdiff_t, T, T*, std::ptrdiff_t, std::vector<double>*);
SWBLAS_TEST_HARNESS_FOR(double)
SWBLAS_TEST_HARNESS_FOR(float)
#undef SWBLAS_TEST_HARNESS_FOR

}  // namespace swblas::test
