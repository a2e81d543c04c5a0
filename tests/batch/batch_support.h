// What the batched tests share: one group's entries stored as a caller of
// the batched routines stores them (every entry of an operand in one buffer
// at a fixed stride, guard values in the gaps and past the leading
// dimension), pointer arrays into them, and a naive reference with an error
// bound derived from k and the precision's epsilon. Elements of type X:
// float, double, std::complex<float> or std::complex<double>.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "../element_types.h"
#include "../product_bound.h"

namespace swblas_batch_test {

using swblas_test::is_complex;
using swblas_test::real_t;

// A value no result takes, in X's range.
template <class X>
inline const X kGuardOf = X(std::is_same_v<real_t<X>, float> ? real_t<X>(-7.25e30) : real_t<X>(-7.25e300));

// One group: count entries C (m x n) := alpha * op(A) * op(B) + beta * C
// (alpha_im and beta_im: the imaginary parts, for complex elements; 'C'
// conjugates there and is 'T' for real ones).
struct group_spec {
  bool row_major = false;
  char transa = 'N', transb = 'N';
  int m = 0, n = 0, k = 0;
  double alpha = 1.0, beta = 0.0;
  int count = 1;
  int extra_ld = 0;  // every leading dimension exceeds its minimum by this
  double alpha_im = 0.0, beta_im = 0.0;
};

inline std::string describe(const group_spec& s) {
  return std::string(s.row_major ? "row-major " : "col-major ") + s.transa + s.transb +
         " m=" + std::to_string(s.m) + " n=" + std::to_string(s.n) +
         " k=" + std::to_string(s.k) + " alpha=" + std::to_string(s.alpha) + (s.alpha_im ? "+" + std::to_string(s.alpha_im) + "i" : "") +
         " beta=" + std::to_string(s.beta) + (s.beta_im ? "+" + std::to_string(s.beta_im) + "i" : "") + " count=" + std::to_string(s.count) +
         " ld+" + std::to_string(s.extra_ld);
}

// Mixed groups: every transpose pair ('C' is 'T' for real elements), odd
// sizes, padded leading dimensions; tiny entries (the small path), tiny
// with A transposed (packed), mid-size, one larger than a cache block (the
// team split), complex alpha and beta (their imaginary parts are ignored
// for real elements), the quick cases and an empty group.
inline std::vector<group_spec> mixed_groups(bool row_major) {
  std::vector<group_spec> specs;
  const char trans[] = {'N', 'T', 'C'};
  int i = 0;
  for (char ta : trans)
    for (char tb : trans) {
      group_spec s;
      s.row_major = row_major;
      s.transa = ta;
      s.transb = tb;
      s.m = 3 + 7 * i;
      s.n = 5 + 3 * i;
      s.k = 1 + 5 * i;
      s.alpha = i % 2 ? -1.5 : 1.0;
      s.alpha_im = i % 3 == 1 ? 0.75 : 0.0;
      s.beta = i % 3 == 0 ? 0.0 : 0.5;
      s.beta_im = i % 4 == 1 ? -0.25 : 0.0;
      s.count = 1 + i;
      s.extra_ld = i % 3;
      specs.push_back(s);
      ++i;
    }
  specs.push_back({row_major, 'N', 'N', 8, 8, 8, 1.0, 1.0, 50, 0, 0.5, 0.0});
  specs.push_back({row_major, 'T', 'N', 13, 11, 9, 2.0, 0.0, 20, 1});
  specs.push_back({row_major, 'C', 'N', 65, 47, 71, 1.0, -1.0, 6, 2, 0.0, 1.0});
  specs.push_back({row_major, 'T', 'C', 301, 130, 257, 0.5, 0.25, 2, 3, -0.5, 0.0});
  specs.push_back({row_major, 'N', 'N', 17, 9, 5, 0.0, 2.0, 3, 1, 0.0, 0.5});  // alpha == 0
  specs.push_back({row_major, 'N', 'N', 17, 9, 0, 1.0, 0.0, 3, 0});            // k == 0, beta == 0
  specs.push_back({row_major, 'N', 'N', 0, 9, 5, 1.0, 0.0, 2, 0});             // m == 0
  specs.push_back({row_major, 'N', 'N', 7, 9, 5, 1.0, 0.0, 0, 0});             // empty group
  return specs;
}

inline bool no_trans(char t) { return t == 'N' || t == 'n'; }
inline bool conjugated(char t) { return t == 'C' || t == 'c'; }

// count matrices of rows x cols (as stored), entry e at buffer[e * stride].
template <class X>
class stored_operand_of {
 public:
  stored_operand_of(int rows, int cols, bool row_major, int extra_ld, int count)
      : rows_(rows), cols_(cols), row_major_(row_major), count_(count) {
    ld_ = std::max(1, (row_major ? cols : rows) + extra_ld);
    stride_ = ld_ * std::max(1, row_major ? rows : cols) + 5;
    buffer_.assign(static_cast<std::size_t>(stride_) * std::max(count, 1) + 5, kGuardOf<X>);
  }

  int ld() const { return ld_; }
  int stride() const { return stride_; }
  X* entry(int e) { return buffer_.data() + static_cast<std::size_t>(e) * stride_; }
  const X* entry(int e) const {
    return buffer_.data() + static_cast<std::size_t>(e) * stride_;
  }
  std::size_t index(int e, int i, int j) const {
    return static_cast<std::size_t>(e) * stride_ +
           static_cast<std::size_t>(row_major_ ? i * ld_ + j : i + j * ld_);
  }
  X at(int e, int i, int j) const { return buffer_[index(e, i, j)]; }
  X& at(int e, int i, int j) { return buffer_[index(e, i, j)]; }

  template <typename Value>
  void fill(Value value) {
    for (int e = 0; e < count_; ++e)
      for (int i = 0; i < rows_; ++i)
        for (int j = 0; j < cols_; ++j) at(e, i, j) = value();
  }
  const std::vector<X>& buffer() const { return buffer_; }

 private:
  int rows_, cols_;
  bool row_major_;
  int count_;
  int ld_ = 1, stride_ = 1;
  std::vector<X> buffer_;
};
using stored_operand = stored_operand_of<double>;

template <class X>
X scalar_of(double re, double im) {
  if constexpr (is_complex<X>)
    return X(real_t<X>(re), real_t<X>(im));
  else
    return X(re);
}

template <class X>
bool same_or_both_nan(X a, X b) {
  if constexpr (is_complex<X>)
    return same_or_both_nan(a.real(), b.real()) && same_or_both_nan(a.imag(), b.imag());
  else
    return a == b || (std::isnan(a) && std::isnan(b));
}

// A group's operands, filled with random values (C with NaN when beta == 0,
// which must then never be read).
template <class X>
class group_data_of {
  using R = real_t<X>;

 public:
  group_data_of(const group_spec& s, unsigned seed)
      : spec(s),
        alpha(scalar_of<X>(s.alpha, s.alpha_im)),
        beta(scalar_of<X>(s.beta, s.beta_im)),
        a(no_trans(s.transa) ? s.m : s.k, no_trans(s.transa) ? s.k : s.m, s.row_major,
          s.extra_ld, s.count),
        b(no_trans(s.transb) ? s.k : s.n, no_trans(s.transb) ? s.n : s.k, s.row_major,
          s.extra_ld, s.count),
        c(s.m, s.n, s.row_major, s.extra_ld, s.count),
        c0(c) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<R> u(-1, 1);
    const auto random = [&] { return scalar_of<X>(u(rng), is_complex<X> ? u(rng) : 0.0); };
    a.fill(random);
    b.fill(random);
    if (beta == X(0))
      c.fill([] { return scalar_of<X>(std::numeric_limits<double>::quiet_NaN(), 0.0); });
    else
      c.fill(random);
    a0 = a.buffer();
    b0 = b.buffer();
    c0 = c;
    for (int e = 0; e < s.count; ++e) {
      a_ptrs.push_back(a.entry(e));
      b_ptrs.push_back(b.entry(e));
      c_ptrs.push_back(c.entry(e));
    }
  }

  X op_a(int e, int i, int l) const {
    return maybe_conj(spec.transa, no_trans(spec.transa) ? a.at(e, i, l) : a.at(e, l, i));
  }
  X op_b(int e, int l, int j) const {
    return maybe_conj(spec.transb, no_trans(spec.transb) ? b.at(e, l, j) : b.at(e, j, l));
  }

  // Empty when every C entry matches the reference within its bound, the
  // guards of C are intact and A and B are unchanged; else the first failure.
  std::string check() const {
    if (a.buffer() != a0 || b.buffer() != b0) return describe(spec) + ": A or B was written";
    std::vector<bool> element(c.buffer().size(), false);
    const double eps = std::numeric_limits<R>::epsilon();
    // Each entry's op(A) by rows and op(B) by columns, copied once so that
    // every element's sum reads them contiguously (read in place, term by
    // term, the reference was nearly all of the batch driver's sweep: 40 s
    // of it under TSan).
    // Real elements in double: the same sums as in complex<double>, whose
    // imaginary parts stay 0, without its multiplication.
    using W = swblas_test::wide_t<X>;
    // At least one element a row and column: &x[i * k] is then valid at k == 0.
    const std::size_t k = static_cast<std::size_t>(spec.k), kept = std::max<std::size_t>(k, 1);
    std::vector<W> a_rows(static_cast<std::size_t>(spec.m) * kept), b_columns(static_cast<std::size_t>(spec.n) * kept);
    for (int e = 0; e < spec.count; ++e) {
      for (int i = 0; i < spec.m; ++i)
        for (int l = 0; l < spec.k; ++l) a_rows[i * k + l] = W(op_a(e, i, l));
      for (int j = 0; j < spec.n; ++j)
        for (int l = 0; l < spec.k; ++l) b_columns[j * k + l] = W(op_b(e, l, j));
      // The sum of |re| + |im| of the products (>= |product|, no hypot), bounded by norms.
      const std::vector<double> a_norms = swblas_test::norms_of(a_rows, static_cast<std::size_t>(spec.m), k);
      const std::vector<double> b_norms = swblas_test::norms_of(b_columns, static_cast<std::size_t>(spec.n), k);
      for (int i = 0; i < spec.m; ++i)
        for (int j = 0; j < spec.n; ++j) {
          element[c.index(e, i, j)] = true;
          W sum = 0.0;
          const W* x = &a_rows[i * k];
          const W* y = &b_columns[j * k];
          for (std::size_t l = 0; l < k; ++l) sum += x[l] * y[l];
          const double magnitude = a_norms[static_cast<std::size_t>(i)] * b_norms[static_cast<std::size_t>(j)];
          const std::complex<double> old = beta == X(0) ? 0.0 : wide(beta) * wide(c0.at(e, i, j));
          const std::complex<double> want = wide(alpha) * std::complex<double>(sum) + old;
          const double bound = (is_complex<X> ? 4.0 : 2.0) * (spec.k + 2) * eps * (std::abs(wide(alpha)) * magnitude + std::abs(old)) +
                               double(std::numeric_limits<R>::min());
          const std::complex<double> got = wide(c.at(e, i, j));
          if (!(std::abs(got - want) <= bound))
            return describe(spec) + ": entry " + std::to_string(e) + " C(" + std::to_string(i) + "," +
                   std::to_string(j) + ") = " + text(got) + ", expected " + text(want);
        }
    }
    for (std::size_t x = 0; x < element.size(); ++x)
      if (!element[x] && !(c.buffer()[x] == kGuardOf<X>))
        return describe(spec) + ": guard of C overwritten at " + std::to_string(x);
    return "";
  }

  // True if C is exactly as it was filled (nothing written).
  bool c_untouched() const {
    const std::vector<X>& now = c.buffer();
    const std::vector<X>& then = c0.buffer();
    for (std::size_t x = 0; x < now.size(); ++x)
      if (!same_or_both_nan(now[x], then[x])) return false;
    return true;
  }

  group_spec spec;
  X alpha, beta;
  stored_operand_of<X> a, b, c, c0;
  std::vector<X> a0, b0;
  std::vector<const X*> a_ptrs, b_ptrs;
  std::vector<X*> c_ptrs;

 private:
  static X maybe_conj(char t, X x) {
    if constexpr (is_complex<X>)
      return conjugated(t) ? std::conj(x) : x;
    else
      return x;
  }
  static std::complex<double> wide(X x) {
    if constexpr (is_complex<X>)
      return {double(x.real()), double(x.imag())};
    else
      return double(x);
  }
  static std::string text(std::complex<double> x) {
    return is_complex<X> ? "(" + std::to_string(x.real()) + ", " + std::to_string(x.imag()) + ")"
                         : std::to_string(x.real());
  }
};
using group_data = group_data_of<double>;

}  // namespace swblas_batch_test
