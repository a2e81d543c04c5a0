// Random values for the tests' operands: one generator draw each (std's
// distribution takes two for a double, which was most of the time some
// tests spent filling their matrices).
#pragma once

#include <random>

namespace swblas_test {

// A uniform value in [lo, hi] (hi itself only by rounding).
template <class R>
R uniform(std::mt19937& g, R lo, R hi) {
  return R(double(lo) + double(hi - lo) * (double(g()) * 0x1p-32));
}

}  // namespace swblas_test
