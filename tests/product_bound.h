// A bound for the rounding of many dot products at once. The error of
// sum_l x_l y_l is bounded through sum_l |x_l y_l|, which Cauchy-Schwarz
// bounds in turn by |x| |y|: the norms of op(A)'s rows and op(B)'s columns,
// made once per matrix, replace an absolute value and a sum per term of the
// reference's inner loop (under qemu each floating-point operation is a
// call). On uniform random operands the bound is about 4/3 of the sum.
#pragma once

#include <cmath>
#include <complex>
#include <cstddef>
#include <vector>

namespace swblas_test {

// The Euclidean norms of `count` vectors of k elements each, stored one
// after the other, rounded up a little so that their own rounding never
// shrinks the bound. A complex element counts |re| + |im| (the bound then
// covers the sum of |re| + |im| of the products too).
template <class W>
std::vector<double> norms_of(const std::vector<W>& vectors, std::size_t count, std::size_t k) {
  std::vector<double> norms(count);
  for (std::size_t v = 0; v < count; ++v) {
    double squares = 0.0;
    for (std::size_t l = 0; l < k; ++l) {
      const W& x = vectors[v * k + l];
      const double m = std::fabs(std::real(x)) + std::fabs(std::imag(x));
      squares += m * m;
    }
    norms[v] = std::sqrt(squares) * (1 + 1e-12);
  }
  return norms;
}

}  // namespace swblas_test
