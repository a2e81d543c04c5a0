// The Level-1 and Level-2 routines swblas-bench-vector times through the
// Fortran 77 interface (LP64 integers, gfortran's hidden string lengths),
// each described once in a table: its symbol, element type, operation, the
// bytes one call moves (the memory-traffic model the bandwidth bound uses)
// and its flops.  Sizes are the vector length n, or the order n of the n x n
// matrix (lda = n) of the Level-2 routines; increments are 1.
//
// Bytes per call (e = element size: 8 double, 16 complex double, 4 float;
// every operand counted once per call as if it came from memory, a vector
// both read and written counted twice):
//   dot (ddot, zdotc)   2 n e     read x and y
//   axpy (daxpy, zaxpy) 3 n e     read x, read and write y
//   scal (dscal)        2 n e     read and write x
//   nrm2, asum, iamax   n e       read x
//   gemv (N and T)      (n^2 + 3 n) e        read A once, x, read and write y
//   ger                 (2 n^2 + 2 n) e      read and write A, read x and y
//   symv (uplo U)       (n (n+1)/2 + 3 n) e  one triangle of A read once
//   trmv, trsv (U N N)  (n (n+1)/2 + 2 n) e  the triangle, read and write x
// Flops (real; complex multiply-adds count 4 times as many): dot, axpy, nrm2
// 2 n; scal, asum n; iamax n (one comparison an element); gemv, ger, symv
// 2 n^2; trmv, trsv n^2.
#pragma once

#include <cstdint>
#include <string>

#include "bench_harness.h"

namespace swblas_bench {

// True when `routine` (e.g. "ddot", "dgemv_t") is one of them.
bool is_vector_routine(const std::string& routine);

// Their names, for the usage text and error messages.
std::string vector_routine_names();

// The Fortran symbol `routine` calls: "dgemv_" for dgemv_n and dgemv_t.
std::string vector_routine_symbol(const std::string& routine);

// One size of one routine, bound to operands it owns (filled once, here):
// the flops, the first call (warm-up and check against a reference computed
// here, "" when right) and the call to time.
struct vector_case {
  bench_case run;
  double bytes = 0.0;  // moved by one call, per the model above
};

// The case of `routine` (whose entry point is `symbol`) at size n.  Operands
// are uniform random in [-1, 1], each `offset` bytes past a 64-byte boundary
// (a multiple of the element's real part); alpha = beta = 1 except
// axpy (0.5; zaxpy 0.5 + 0.25i) and scal (2 and 0.5 in turn, so that x stays
// bounded); trmv and trsv take an upper triangle that is its own inverse, so
// that x alternates between two values call after call (see the .cpp).
vector_case make_vector_case(const std::string& routine, void* symbol, int n, std::size_t offset,
                             std::uint64_t seed);

}  // namespace swblas_bench
