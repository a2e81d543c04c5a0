// The Level-3 routines besides GEMM that swblas-bench-dgemm times through the
// Fortran 77 interface: ?symm, ?hemm, ?syrk, ?herk, ?syr2k, ?her2k, ?trmm,
// ?trsm and ?gemmt, each described once over the element type (operand shapes,
// flop count, call, check) in a table rather than written out per routine.
#pragma once

#include <iosfwd>
#include <string>

#include "bench_harness.h"

namespace swblas_bench {

// True when `routine` (e.g. "dsyrk", "zher2k") is one of them.
bool is_level3_routine(const std::string& routine);

// Their names, for the usage text and error messages.
std::string level3_routine_names();

// Benchmarks `routine`, whose Fortran entry point is `symbol`, on every shape
// of `options` and prints one CSV row per shape.  A shape must give the
// routine's square operand twice: m,n,m for symm, hemm, trmm and trsm (A is
// m x m), n,n,k for the rank-k updates and gemmt (C is n x n).
void run_level3(const run_options& options, const std::string& routine, void* symbol,
                std::ostream& out);

}  // namespace swblas_bench
