// What the case makers share: random dimensions, leading dimensions,
// increments, options and scalars, the operands of the usual shapes with
// the scalars each routine may write, and the tolerances of a product and of
// a well-conditioned triangular solve.
#pragma once

#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>

#include "element_types.h"
#include "fuzz_case.h"
#include "swblas.h"

namespace swblas_stress {

using swblas_test::is_complex;
using swblas_test::real_t;

template <class T>
constexpr storage storage_of = std::is_same_v<real_t<T>, float> ? storage::f32 : storage::f64;
template <class T>
constexpr std::size_t reals_per = is_complex<T> ? 2 : 1;

// The Fortran calls' ABI: INTEGER is int (LP64), every argument goes by
// address, and gfortran's hidden CHARACTER lengths come last.
using fint = int;
using len = std::size_t;
using cv = const void*;
using ci = const fint*;
using cc = const char*;

// Whether option character `option` is `upper` in either case.
inline bool is(char option, char upper) { return option == upper || option == upper + ('a' - 'A'); }

// A function's value as gfortran returns it: a COMPLEX as C's _Complex.
template <class T>
using fortran_value_t =
    std::conditional_t<std::is_same_v<T, std::complex<float>>, SWBLAS_FLOAT_COMPLEX,
                       std::conditional_t<std::is_same_v<T, std::complex<double>>, SWBLAS_DOUBLE_COMPLEX, T>>;

// f(T()) for each of the four element types: a level's makers, added
// precision by precision.
template <class F>
void for_each_precision(F f) {
  f(float());
  f(double());
  f(std::complex<float>());
  f(std::complex<double>());
}

// The BLAS prefix: s, d, c, z.
template <class T>
constexpr char prefix_of() {
  if constexpr (is_complex<T>) return std::is_same_v<real_t<T>, float> ? 'c' : 'z';
  return std::is_same_v<T, float> ? 's' : 'd';
}
// "gemm" -> "dgemm_" for double.
template <class T>
std::string routine_name(const char* operation) {
  return std::string(1, prefix_of<T>()) + operation + "_";
}

// A dimension: mostly 0..40 (the edges, odd sizes, register-block tails),
// sometimes up to `large` so that packing, cache blocks and threads run.
int dimension(rng_t& rng, int large = 300);
// A leading dimension for `rows` rows: mostly tight, sometimes with a gap,
// now and then a gap of thousands of elements, rarely of billions.
int leading_dimension(rng_t& rng, int rows);
// -3..3 without 0.
int increment(rng_t& rng);
// One of the characters of `options`, in either case now and then (the
// reference takes 'n' as 'N').
char pick(rng_t& rng, const char* options);
// The probability `p` came up.
bool chance(rng_t& rng, double p);
// Uniform in [-1, 1].
double unit(rng_t& rng);

// alpha or beta: 0, 1, -1 and NaN as often as each special case deserves,
// else random (complex: both parts random).
template <class T>
T scalar(rng_t& rng) {
  using R = real_t<T>;
  const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
  if (u < 0.12) return T(R(0));
  if (u < 0.24) return T(R(1));
  if (u < 0.29) return T(R(-1));
  if (u < 0.33) return T(std::numeric_limits<R>::quiet_NaN());
  if constexpr (is_complex<T>) return T(R(unit(rng)), R(unit(rng)));
  return T(R(unit(rng)));
}

// alpha for a product whose sum may be empty (depth 0): not NaN there. The
// reference's NaN * (empty sum) depends on its loop order (?gemm gives NaN
// for op(A) = A^T and beta * C for A), which no BLAS reproduces or should.
template <class T>
T alpha_over(int depth, T alpha) {
  if (depth == 0 && std::isnan(std::abs(alpha))) return T(1);
  return alpha;
}

// |s| for a tolerance: NaN counts as 1 (where the reference's result is
// NaN only NaN passes, whatever the tolerance).
template <class T>
double magnitude(T s) {
  const double m = std::abs(s);
  return std::isnan(m) ? 1.0 : m;
}

// Elements (not reals) a vector of n elements with increment inc spans.
std::size_t vector_extent(int n, int inc);
// Elements a rows x cols matrix with leading dimension ld spans.
std::size_t matrix_extent(int rows, int cols, int ld);

// Within rounding for alpha * (a sum of `depth` products of entries of
// magnitude <= 1) + beta * (an entry), computed in T.
template <class T>
double product_tolerance(int depth, double alpha, double beta) {
  const double eps = std::numeric_limits<real_t<T>>::epsilon();
  const double terms = depth > 1 ? depth : 1;
  const double entry = is_complex<T> ? 2.0 : 1.0;
  return 8.0 * eps * (terms + 2.0) * (alpha * terms * entry + beta * entry + 1.0);
}
// Within rounding for a solve of order n with the matrices of
// triangle_solve_fill (solutions stay within a few times the right side).
template <class T>
double solve_tolerance(int n, double alpha) {
  return 8.0 * product_tolerance<T>(n, 4.0 * alpha, 0.0);
}

// Operands of the common shapes. Matrices are column-major with leading
// dimension ld; vectors have increment inc (negative: the reference starts at
// the far end, the storage is the same).
template <class T>
operand input_storage(std::string name, std::size_t elements) {
  operand o;
  o.name = std::move(name);
  o.type = storage_of<T>;
  o.count = elements * reals_per<T>;
  o.parts = reals_per<T>;
  return o;
}
template <class T>
operand input_matrix(std::string name, int rows, int cols, int ld) {
  operand o = input_storage<T>(std::move(name), matrix_extent(rows, cols, ld));
  const std::size_t width = reals_per<T>, lead = ld;
  o.declared = [=](const std::function<void(std::size_t)>& visit) {
    for (std::size_t j = 0; j < std::size_t(cols > 0 ? cols : 0); ++j)
      for (std::size_t i = 0; i < std::size_t(rows > 0 ? rows : 0); ++i)
        for (std::size_t part = 0; part < width; ++part) visit((i + j * lead) * width + part);
  };
  return o;
}
template <class T>
operand input_vector(std::string name, int n, int inc) {
  operand o = input_storage<T>(std::move(name), vector_extent(n, inc));
  const std::size_t width = reals_per<T>, step = inc < 0 ? -inc : inc;
  o.declared = [=](const std::function<void(std::size_t)>& visit) {
    for (std::size_t e = 0; e < std::size_t(n > 0 ? n : 0); ++e)
      for (std::size_t part = 0; part < width; ++part) visit(e * step * width + part);
  };
  return o;
}
// An input operand made an output: every scalar may be written (the
// shapes below narrow that), within `tolerance`.
inline operand as_output(operand o, double tolerance) {
  o.output = true;
  o.written = [](std::size_t) { return true; };
  o.tolerance = tolerance;
  return o;
}
// Packed matrices, results.
template <class T>
operand output_storage(std::string name, std::size_t elements, double tolerance) {
  return as_output(input_storage<T>(std::move(name), elements), tolerance);
}
template <class T>
operand output_matrix(std::string name, int rows, int cols, int ld, double tolerance) {
  operand o = as_output(input_matrix<T>(std::move(name), rows, cols, ld), tolerance);
  const std::size_t width = reals_per<T>, lead = ld, height = rows;
  o.written = [=](std::size_t i) { return i / width % lead < height; };
  return o;
}
// The uplo triangle of an n x n matrix ('U': row <= column).
template <class T>
operand output_triangle(std::string name, int n, int ld, char uplo, double tolerance) {
  operand o = as_output(input_matrix<T>(std::move(name), n, n, ld), tolerance);
  const std::size_t width = reals_per<T>, lead = ld;
  const bool upper = uplo == 'U' || uplo == 'u';
  o.written = [=](std::size_t i) {
    const std::size_t row = i / width % lead, col = i / width / lead;
    return upper ? row <= col : row >= col;
  };
  return o;
}
template <class T>
operand output_vector(std::string name, int n, int inc, double tolerance) {
  operand o = as_output(input_vector<T>(std::move(name), n, inc), tolerance);
  const std::size_t width = reals_per<T>, step = inc < 0 ? -inc : inc;
  o.written = [=](std::size_t i) { return i / width % step == 0; };
  return o;
}

// A well-conditioned triangular matrix for the solves: entries off the
// diagonal of magnitude <= 1/(2n), on it 1..2 with a random sign, so the
// solution stays within a few times the right-hand side whatever the
// triangle, transpose or unit diagonal. `diagonal(j)` is the element index
// of the j-th diagonal entry in the storage (full, band or packed).
template <class T, class DiagonalIndex>
std::function<void(void*, rng_t&)> triangle_solve_fill(int n, std::size_t elements, DiagonalIndex diagonal) {
  return [=](void* data, rng_t& rng) {
    using R = real_t<T>;
    T* a = static_cast<T*>(data);
    const double scale = 0.5 / (n > 0 ? n : 1);
    for (std::size_t e = 0; e < elements; ++e) {
      if constexpr (is_complex<T>)
        a[e] = T(R(scale * unit(rng)), R(scale * unit(rng)));
      else
        a[e] = T(R(scale * unit(rng)));
    }
    for (int j = 0; j < n; ++j) {
      const double d = (1.0 + 0.5 * (unit(rng) + 1.0)) * (unit(rng) < 0 ? -1.0 : 1.0);
      a[diagonal(j)] = T(R(d));
    }
  };
}

// "name=value" pieces of a call's description.
std::string describe(const char* name, char value);
template <class T>
std::string describe(const char* name, T value) {
  if constexpr (is_complex<T>)
    return std::string(name) + "=(" + std::to_string(value.real()) + "," + std::to_string(value.imag()) + ") ";
  else
    return std::string(name) + "=" + std::to_string(value) + " ";
}

}  // namespace swblas_stress
