// Shared by the micro-kernel tests: which kernels this CPU can run, naive
// reference computations on unpacked data, and tolerances.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "small_gemm.h"
#include "ukernel.h"

namespace swblas::test {

// Whether the CPU running the tests can execute code for `i`; `why` names
// what is missing otherwise.
bool cpu_supports(isa i, std::string* why);

// Every kernel to test: the build's registry, then kernels that exist only
// to test shared logic (the 24x8 template with AVX2 traits, x86-64 only).
std::vector<const dgemm_ukernel_desc*> kernels_under_test();
const dgemm_ukernel_desc* const* extra_test_kernels(std::size_t* count);
// Their small routines, in the same order.
std::vector<const dgemm_small_desc*> small_gemms_under_test();
const dgemm_small_desc* const* extra_test_small_gemms(std::size_t* count);

// A column-major matrix with a guard border around it: `rows` x `cols` at
// stride ld, surrounded by kGuard doubles that must never change.
struct guarded_matrix {
  static constexpr double kGuard = -7777.25;
  static constexpr std::ptrdiff_t kBorder = 8;
  guarded_matrix(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t ld);
  double* data() { return storage.data() + kBorder; }
  // Number of elements outside [0:rows, 0:cols] that differ from kGuard.
  std::size_t guards_changed() const;

  std::ptrdiff_t rows, cols, ld;
  std::vector<double> storage;
};

// Deterministic values in [-1, 1).
void fill_random(double* x, std::size_t n, unsigned seed);

// Bound on |computed - exact| for one element of alpha * sum(a*b) + beta * c:
// (k + 2) roundings, each relative to the magnitudes involved.
double tolerance(std::ptrdiff_t k, double alpha, double sum_abs_products,
                 double beta, double c);

// C[i, j] := alpha * sum_l A(i, l) * B(l, j) + beta * C[i, j] (beta == 0:
// C not read) in long double; returns the per-element tolerance in tol
// (column-major m x n, leading dimension m).
void naive_gemm(std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k,
                double alpha, const double* a, std::ptrdiff_t rs_a,
                std::ptrdiff_t cs_a, const double* b, std::ptrdiff_t rs_b,
                std::ptrdiff_t cs_b, double beta, double* c, std::ptrdiff_t ldc,
                std::vector<double>* tol);

}  // namespace swblas::test
