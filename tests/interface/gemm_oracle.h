// What the interface tests share: matrices stored with guard values around
// them, the three ways of calling DGEMM, and a naive reference with an error
// bound derived from k and DBL_EPSILON.
#pragma once

#include <cblas.h>
#include <swblas.h>

#include <cstdint>
#include <string>
#include <vector>

namespace swblas_test {

// The entry point a case goes through.
enum class entry { f77, cblas_col, cblas_row };
std::string entry_name(entry e);

// A rows x cols matrix in column- or row-major storage with leading
// dimension ld > the minimum; every other element of the buffer (the gap
// between rows/columns and a tail) holds a guard value.
struct stored_matrix {
  int rows = 0, cols = 0, ld = 1;
  bool row_major = false;
  std::vector<double> buffer;

  stored_matrix(int rows, int cols, bool row_major, int extra_ld);
  double& at(int i, int j);
  double at(int i, int j) const;
  bool is_element(std::size_t index) const;
  // Fills the matrix elements uniformly in [-1, 1] (fixed seed).
  void fill_random(std::uint32_t seed);
  void fill(double value);
  // True if every guard still holds its value.
  bool guards_intact() const;
};

inline constexpr double kGuard = -7.25e300;

// One DGEMM: C (m x n) := alpha * op(A) * op(B) + beta * C.
struct gemm_case {
  entry api = entry::f77;
  char transa = 'N', transb = 'N';  // 'N', 'T' or 'C' (any case for f77)
  int m = 0, n = 0, k = 0;
  double alpha = 1.0, beta = 0.0;
};

// The operands of a case, stored as the entry point expects them (A is
// k x m when transposed, and so on).
struct operands {
  stored_matrix a, b, c;
  explicit operands(const gemm_case& g, int extra_ld = 3);
};

// Calls the case's entry point on the operands.
void call_dgemm(const gemm_case& g, operands& x);

// The expected C and, per element, the bound on |computed - expected|.
struct expectation {
  std::vector<double> c, bound;
};
expectation expected_result(const gemm_case& g, const operands& before);

// Empty if x.c matches e within its bound and no guard of A, B or C moved;
// otherwise a description of the first failure.
std::string check_result(const gemm_case& g, const operands& x,
                         const expectation& e);

std::string describe(const gemm_case& g);

}  // namespace swblas_test
