// SWBLAS_VERBOSE=2: one line per call on stderr saying what was solved, how
// (path, loop, threads) and how long it took, as MKL_VERBOSE does. The
// entry points decide their route first, run it, then print; nothing is
// formatted unless tracing is on.
#pragma once

#include <chrono>
#include <string>

#include "macro_kernel.h"

namespace swblas {

// Whether SWBLAS_VERBOSE asks for a line per call (kCallTraceVerbosity);
// read once with the rest of the runtime.
bool trace_calls();

// Whether SWBLAS_VERBOSE is at least 1: run-time events that change how a
// call runs (a thread that could not be started) print a warning.
bool verbose_warnings();

// "swblas: call <what>: <how>, <ms> ms", written whole (one stdio call), so
// that lines of concurrent calls do not interleave.
void trace_call(const std::string& what, const std::string& how, double seconds);

// "m x n x k, alpha a, beta b" of a problem.
// "m x n x k, alpha a, beta b" (double and float).
template <class T>
std::string problem_text(const basic_gemm_problem<T>& p);

// run(), then with tracing on the line of what() and how() (both return
// std::string, called only then) and the time run() took.
template <class Run, class What, class How>
void run_traced(Run&& run, What&& what, How&& how) {
  if (!trace_calls()) return run();
  const auto start = std::chrono::steady_clock::now();
  run();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  trace_call(what(), how(), took.count());
}

}  // namespace swblas
