// Test problems for the driver: operands in any of the four transposes,
// C with padding rows that must survive, and a naive triple loop with an
// error bound derived from k and machine epsilon, computed once per spec
// and seed (the sweeps run one problem on many targets, blockings and
// teams).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "dispatch.h"
#include "gemm_driver.h"

namespace swblas::testing_support {

struct problem_spec {
  dim_t m, n, k;
  bool trans_a = false, trans_b = false;
  double alpha = 1.0, beta = 0.0;
  dim_t ldc_pad = 0;  // ldc = m + ldc_pad
  dim_t lda = 0;      // 0: A's rows + 3
  // >= 0: A starts this many bytes (a multiple of 8) past a cache line.
  int a_line_offset = -1;
};

inline std::string describe(const problem_spec& s) {
  return "m=" + std::to_string(s.m) + " n=" + std::to_string(s.n) + " k=" + std::to_string(s.k) +
         (s.trans_a ? " A^T" : " A") + (s.trans_b ? " B^T" : " B") +
         " alpha=" + std::to_string(s.alpha) + " beta=" + std::to_string(s.beta) +
         " ldc=m+" + std::to_string(s.ldc_pad) + (s.lda ? " lda=" + std::to_string(s.lda) : "") +
         (s.a_line_offset >= 0 ? " A " + std::to_string(s.a_line_offset) + " bytes past a line" : "");
}

// The padding of C (rows m..ldc-1) holds this; it must never change.
inline constexpr double kSentinel = -7777.0;

// The naive product's value and rounding bound per element of C (column
// by column, m x n).
struct naive_product {
  std::vector<double> want, bound;
};

class test_problem {
 public:
  test_problem(const problem_spec& s, unsigned seed) : spec_(s), seed_(seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    // A is stored m x k (or k x m when transposed) with a padded leading
    // dimension, so the strides are never the trivial ones.
    const dim_t lda = s.lda ? s.lda : (s.trans_a ? s.k : s.m) + 3, ldb = (s.trans_b ? s.n : s.k) + 2;
    constexpr dim_t kLineDoubles = 64 / sizeof(double);
    a_.resize(std::max<dim_t>(lda * (s.trans_a ? s.m : s.k), 1) + 2 * kLineDoubles);
    b_.resize(std::max<dim_t>(ldb * (s.trans_b ? s.k : s.n), 1));
    for (double& x : a_) x = u(rng);
    const double* a = a_.data();
    if (s.a_line_offset >= 0) {
      const auto past = static_cast<dim_t>(reinterpret_cast<std::uintptr_t>(a) % 64 / sizeof(double));
      a += (kLineDoubles - past) % kLineDoubles + s.a_line_offset / dim_t(sizeof(double));
    }
    for (double& x : b_) x = u(rng);
    const dim_t ldc = s.m + s.ldc_pad;
    c_.assign(std::max<dim_t>(ldc * s.n, 1), kSentinel);
    for (dim_t j = 0; j < s.n; ++j)
      for (dim_t i = 0; i < s.m; ++i)
        c_[i + j * ldc] = s.beta == 0.0 ? std::numeric_limits<double>::quiet_NaN() : u(rng);
    c0_ = c_;
    p_ = gemm_problem{s.m, s.n, s.k, s.alpha, a, s.trans_a ? lda : 1,
                      s.trans_a ? 1 : lda, b_.data(), s.trans_b ? ldb : 1, s.trans_b ? 1 : ldb,
                      s.beta, c_.data(), ldc};
  }

  const gemm_problem& problem() const { return p_; }
  // C updated on one triangle only (the rest must stay as it was).
  void set_c_domain(const c_triangle& d) { p_.c_domain = d; }

  // Every element of C within k-and-epsilon of the naive result, padding
  // untouched.
  void expect_correct(const std::string& context) const {
    const gemm_problem& p = p_;
    const naive_product& naive = naive_of_spec_and_seed();
    int failures = 0;
    for (dim_t j = 0; j < p.n; ++j)
      for (dim_t i = 0; i < p.ldc; ++i) {
        const double got = c_[i + j * p.ldc];
        if (i >= p.m) {
          if (got != kSentinel && failures++ < 5)
            ADD_FAILURE() << context << ": padding C(" << i << "," << j << ") overwritten";
          continue;
        }
        const c_triangle& d = p.c_domain;
        if (d.on && (d.upper ? (i + d.shift) / d.row_unit > j : (i + d.shift) / d.row_unit < j)) {
          const double c0 = c0_[i + j * p.ldc];
          if (!(got == c0 || (std::isnan(got) && std::isnan(c0))) && failures++ < 5)
            ADD_FAILURE() << context << ": C(" << i << "," << j << ") outside the triangle written";
          continue;
        }
        const double want = naive.want[i + j * p.m], bound = naive.bound[i + j * p.m];
        if (!(std::fabs(got - want) <= bound) && failures++ < 5)
          ADD_FAILURE() << context << ": C(" << i << "," << j << ") = " << got << ", want "
                        << want << " (bound " << bound << ")";
      }
  }

 private:
  // The operands are a function of the spec, the seed and where A starts in
  // its buffer (a_line_offset follows the allocation's alignment), and so is
  // the naive product: kept for the next problem made from them. Under qemu
  // the naive loops were most of the driver sweeps' time. Tests check from
  // several user threads at once (ConcurrentCallers): the map is shared
  // under a lock, and a product once in it is never changed or moved.
  const naive_product& naive_of_spec_and_seed() const {
    using key_type = std::tuple<std::string, double, double, unsigned, std::ptrdiff_t>;
    static std::map<key_type, naive_product> made;
    static std::mutex lock;
    // describe() rounds alpha and beta to six places: they join the key whole.
    const key_type key = std::make_tuple(describe(spec_), spec_.alpha, spec_.beta, seed_, p_.a - a_.data());
    {
      const std::lock_guard<std::mutex> hold(lock);
      const auto found = made.find(key);
      if (found != made.end()) return found->second;
    }
    naive_product product = naive();  // outside the lock: the threads' products overlap
    const std::lock_guard<std::mutex> hold(lock);
    return made.emplace(key, std::move(product)).first->second;
  }

  naive_product naive() const {
    const gemm_problem& p = p_;
    const double eps = std::numeric_limits<double>::epsilon();
    naive_product r;
    r.want.resize(std::size_t(p.m * p.n));
    r.bound.resize(std::size_t(p.m * p.n));
    for (dim_t j = 0; j < p.n; ++j)
      for (dim_t i = 0; i < p.m; ++i) {
        double sum = 0.0, magnitude = 0.0;
        for (dim_t l = 0; l < p.k; ++l) {
          const double prod = p.a[i * p.rs_a + l * p.cs_a] * p.b[l * p.rs_b + j * p.cs_b];
          sum += prod;
          magnitude += std::fabs(prod);
        }
        const double beta_c = p.beta == 0.0 ? 0.0 : p.beta * c0_[i + j * p.ldc];
        r.want[i + j * p.m] = p.alpha * sum + beta_c;
        r.bound[i + j * p.m] = 2.0 * (p.k + 2) * eps * (std::fabs(p.alpha) * magnitude + std::fabs(beta_c)) +
                               std::numeric_limits<double>::min();
      }
    return r;
  }

  problem_spec spec_;
  unsigned seed_;
  std::vector<double> a_, b_, c_, c0_;
  gemm_problem p_;
};

// The table SWBLAS_TARGET=target would give on this machine, or nothing
// (with the reason) when the CPU or the build cannot run it.
inline bool table_for(const std::string& target, dispatch_table* t, std::string* why) {
  runtime_config c;
  c.forced_target = target;
  dispatch_log log;
  *t = build_dispatch(active_machine(), c, architecture_targets(), build_catalogue(), &log);
  if (t->target == target && t->ukernel) return true;
  *why = log.warnings.empty() ? "no table for " + target : log.warnings[0];
  return false;
}

// fn(target, table) for every target this machine and build can run; the
// others are skipped (GemmOnTarget reports why).
template <class Fn>
void for_each_runnable_table(Fn&& fn) {
  for (const char* target : {"avx512", "avx2", "mma", "vsx", "generic", "reference"}) {
    dispatch_table t;
    std::string why;
    if (table_for(target, &t, &why)) fn(target, t);
  }
}

// Runs one spec on table t and checks it.
inline void check_gemm(const dispatch_table& t, const problem_spec& s, const gemm_options& o,
                       unsigned seed) {
  test_problem tp(s, seed);
  gemm_with(t, tp.problem(), o);
  tp.expect_correct(t.target + " threads=" + std::to_string(o.threads) + " " + describe(s));
}

}  // namespace swblas::testing_support
