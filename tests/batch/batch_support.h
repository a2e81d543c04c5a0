// What the batched tests share: one group's entries stored as a caller of
// the batched routines stores them (every entry of an operand in one buffer
// at a fixed stride, guard values in the gaps and past the leading
// dimension), pointer arrays into them, and a naive reference with an error
// bound derived from k and DBL_EPSILON.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace swblas_batch_test {

inline constexpr double kGuard = -7.25e300;

// One group: count entries C (m x n) := alpha * op(A) * op(B) + beta * C.
struct group_spec {
  bool row_major = false;
  char transa = 'N', transb = 'N';
  int m = 0, n = 0, k = 0;
  double alpha = 1.0, beta = 0.0;
  int count = 1;
  int extra_ld = 0;  // every leading dimension exceeds its minimum by this
};

inline std::string describe(const group_spec& s) {
  return std::string(s.row_major ? "row-major " : "col-major ") + s.transa + s.transb +
         " m=" + std::to_string(s.m) + " n=" + std::to_string(s.n) +
         " k=" + std::to_string(s.k) + " alpha=" + std::to_string(s.alpha) +
         " beta=" + std::to_string(s.beta) + " count=" + std::to_string(s.count) +
         " ld+" + std::to_string(s.extra_ld);
}

inline bool no_trans(char t) { return t == 'N' || t == 'n'; }

// count matrices of rows x cols (as stored), entry e at buffer[e * stride].
class stored_operand {
 public:
  stored_operand(int rows, int cols, bool row_major, int extra_ld, int count)
      : rows_(rows), cols_(cols), row_major_(row_major), count_(count) {
    ld_ = std::max(1, (row_major ? cols : rows) + extra_ld);
    stride_ = ld_ * std::max(1, row_major ? rows : cols) + 5;
    buffer_.assign(static_cast<std::size_t>(stride_) * std::max(count, 1) + 5, kGuard);
  }

  int ld() const { return ld_; }
  int stride() const { return stride_; }
  double* entry(int e) { return buffer_.data() + static_cast<std::size_t>(e) * stride_; }
  const double* entry(int e) const {
    return buffer_.data() + static_cast<std::size_t>(e) * stride_;
  }
  std::size_t index(int e, int i, int j) const {
    return static_cast<std::size_t>(e) * stride_ +
           static_cast<std::size_t>(row_major_ ? i * ld_ + j : i + j * ld_);
  }
  double at(int e, int i, int j) const { return buffer_[index(e, i, j)]; }
  double& at(int e, int i, int j) { return buffer_[index(e, i, j)]; }

  template <typename Value>
  void fill(Value value) {
    for (int e = 0; e < count_; ++e)
      for (int i = 0; i < rows_; ++i)
        for (int j = 0; j < cols_; ++j) at(e, i, j) = value();
  }
  const std::vector<double>& buffer() const { return buffer_; }

 private:
  int rows_, cols_;
  bool row_major_;
  int count_;
  int ld_ = 1, stride_ = 1;
  std::vector<double> buffer_;
};

// A group's operands, filled with random values (C with NaN when beta == 0,
// which must then never be read).
class group_data {
 public:
  group_data(const group_spec& s, unsigned seed)
      : spec(s),
        a(no_trans(s.transa) ? s.m : s.k, no_trans(s.transa) ? s.k : s.m, s.row_major,
          s.extra_ld, s.count),
        b(no_trans(s.transb) ? s.k : s.n, no_trans(s.transb) ? s.n : s.k, s.row_major,
          s.extra_ld, s.count),
        c(s.m, s.n, s.row_major, s.extra_ld, s.count),
        c0(c) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    a.fill([&] { return u(rng); });
    b.fill([&] { return u(rng); });
    if (s.beta == 0.0)
      c.fill([] { return std::numeric_limits<double>::quiet_NaN(); });
    else
      c.fill([&] { return u(rng); });
    a0 = a.buffer();
    b0 = b.buffer();
    c0 = c;
    for (int e = 0; e < s.count; ++e) {
      a_ptrs.push_back(a.entry(e));
      b_ptrs.push_back(b.entry(e));
      c_ptrs.push_back(c.entry(e));
    }
  }

  double op_a(int e, int i, int l) const {
    return no_trans(spec.transa) ? a.at(e, i, l) : a.at(e, l, i);
  }
  double op_b(int e, int l, int j) const {
    return no_trans(spec.transb) ? b.at(e, l, j) : b.at(e, j, l);
  }

  // Empty when every C entry matches the reference within its bound, the
  // guards of C are intact and A and B are unchanged; else the first failure.
  std::string check() const {
    if (a.buffer() != a0 || b.buffer() != b0) return describe(spec) + ": A or B was written";
    std::vector<bool> element(c.buffer().size(), false);
    for (int e = 0; e < spec.count; ++e)
      for (int i = 0; i < spec.m; ++i)
        for (int j = 0; j < spec.n; ++j) {
          element[c.index(e, i, j)] = true;
          double sum = 0.0, magnitude = 0.0;
          for (int l = 0; l < spec.k; ++l) {
            sum += op_a(e, i, l) * op_b(e, l, j);
            magnitude += std::fabs(op_a(e, i, l) * op_b(e, l, j));
          }
          const double old = spec.beta == 0.0 ? 0.0 : spec.beta * c0.at(e, i, j);
          const double want = spec.alpha * sum + old;
          const double bound =
              2.0 * (spec.k + 2) * DBL_EPSILON * (std::fabs(spec.alpha) * magnitude +
                                                  std::fabs(old)) + DBL_MIN;
          const double got = c.at(e, i, j);
          if (!(std::fabs(got - want) <= bound))
            return describe(spec) + ": entry " + std::to_string(e) + " C(" +
                   std::to_string(i) + "," + std::to_string(j) + ") = " + std::to_string(got) +
                   ", expected " + std::to_string(want);
        }
    for (std::size_t x = 0; x < element.size(); ++x)
      if (!element[x] && c.buffer()[x] != kGuard)
        return describe(spec) + ": guard of C overwritten at " + std::to_string(x);
    return "";
  }

  // True if C is exactly as it was filled (nothing written).
  bool c_untouched() const {
    const std::vector<double>& now = c.buffer();
    const std::vector<double>& then = c0.buffer();
    for (std::size_t x = 0; x < now.size(); ++x)
      if (!(now[x] == then[x] || (std::isnan(now[x]) && std::isnan(then[x])))) return false;
    return true;
  }

  group_spec spec;
  stored_operand a, b, c, c0;
  std::vector<double> a0, b0;
  std::vector<const double*> a_ptrs, b_ptrs;
  std::vector<double*> c_ptrs;
};

}  // namespace swblas_batch_test
