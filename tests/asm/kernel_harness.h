// Shared by the micro-kernel tests: which kernels this CPU can run, naive
// reference computations on unpacked data, and tolerances.
#pragma once

#include <cstddef>
#include <string>
#include <variant>
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
// The float micro kernels (micro_kernels<float>).
std::vector<const sgemm_ukernel_desc*> f32_kernels_under_test();
// A micro kernel of either element type, for the tests written once over T
// (the kernel's own test code is a function template over its descriptor).
using any_ukernel = std::variant<const dgemm_ukernel_desc*, const sgemm_ukernel_desc*>;
// kernels_under_test(), then f32_kernels_under_test().
std::vector<any_ukernel> kernels_of_every_type();
// What every parameterised kernel test needs: its name and whether the CPU
// runs it.
const char* name_of(const any_ukernel& k);
isa needs_of(const any_ukernel& k);
// Their small routines, in the same order.
std::vector<const dgemm_small_desc*> small_gemms_under_test();
const dgemm_small_desc* const* extra_test_small_gemms(std::size_t* count);

// A column-major matrix of T with a guard border around it: `rows` x `cols`
// at stride ld, surrounded by kGuard values that must never change.
// Defined for double and float.
template <class T>
struct basic_guarded_matrix {
  static constexpr T kGuard = T(-7777.25);  // exact in float too
  static constexpr std::ptrdiff_t kBorder = 8;
  basic_guarded_matrix(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t ld);
  T* data() { return storage.data() + kBorder; }
  // Number of elements outside [0:rows, 0:cols] that differ from kGuard.
  std::size_t guards_changed() const;

  std::ptrdiff_t rows, cols, ld;
  std::vector<T> storage;
};
using guarded_matrix = basic_guarded_matrix<double>;

// Deterministic values in [-1, 1] (double and float), one generator draw each.
template <class T>
void fill_random(T* x, std::size_t n, unsigned seed);

// Bound on |computed - exact| for one element of alpha * sum(a*b) + beta * c
// computed in T: (k + 2) roundings of T, each relative to the magnitudes
// involved.
template <class T>
double tolerance(std::ptrdiff_t k, double alpha, double sum_abs_products,
                 double beta, double c);

// C[i, j] := alpha * sum_l A(i, l) * B(l, j) + beta * C[i, j] (beta == 0:
// C not read) in double, rounded to T; returns the per-element tolerance
// of a computation in T in tol (column-major m x n, leading dimension m),
// which covers a double reference's own rounding too (twice T's). Not long
// double: on POWER a double-double in software, under qemu most of the
// kernel tests' time. T: double or float.
template <class T>
void naive_gemm(std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k,
                T alpha, const T* a, std::ptrdiff_t rs_a,
                std::ptrdiff_t cs_a, const T* b, std::ptrdiff_t rs_b,
                std::ptrdiff_t cs_b, T beta, T* c, std::ptrdiff_t ldc,
                std::vector<double>* tol);

}  // namespace swblas::test
