// Run-time configuration from the environment, read once by the dispatch
// table: SWBLAS_NUM_THREADS (else OMP_NUM_THREADS), SWBLAS_OVERSUBSCRIBE,
// SWBLAS_VERBOSE, SWBLAS_TARGET. Parsing is pure so that tests can feed it
// any strings and machines.
#pragma once

#include <string>
#include <vector>

namespace swblas {

struct runtime_config {
  int threads = 1;
  std::string threads_source;  // "SWBLAS_NUM_THREADS", "OMP_NUM_THREADS" or "cores"
  // SWBLAS_VERBOSE: 0 quiet, 1 the choice at start-up, 2 also one line per
  // call (kCallTraceVerbosity); any other value warns and means 0.
  int verbose = 0;
  std::string forced_target;   // lower case; empty: choose automatically
  std::vector<std::string> warnings;  // about values that were ignored
};

inline constexpr int kCallTraceVerbosity = 2;

// The largest thread count accepted from the environment.
inline constexpr int kMaxThreads = 1024;

// Thread count: SWBLAS_NUM_THREADS, else the first entry of OMP_NUM_THREADS
// (a list such as "4,2" sets nested levels; swblas opens one level), else
// `cores`. A variable that is not a positive integer is ignored with a
// warning. A count above `hardware_threads`, the hardware threads (PUs) in
// the process's CPU affinity mask (0: unknown), becomes that many, with a
// warning, unless `oversubscribe` (SWBLAS_OVERSUBSCRIBE) is 1; none exceeds
// kMaxThreads. nullptr means the variable is unset.
void parse_thread_count(const char* swblas_num_threads, const char* omp_num_threads,
                        const char* oversubscribe, int cores, int hardware_threads,
                        runtime_config* config);

// Everything, from explicit values (nullptr = unset).
runtime_config parse_config(const char* swblas_num_threads, const char* omp_num_threads,
                            const char* oversubscribe, const char* verbose, const char* target,
                            int cores, int hardware_threads);

// The same from this process's environment and CPU affinity mask.
runtime_config config_from_environment(int cores);

// A thread count set at run time (swblas_set_num_threads) under the
// environment's rule: at most the affinity mask's hardware threads unless
// SWBLAS_OVERSUBSCRIBE=1, and at most kMaxThreads.
int capped_thread_count(int threads);

}  // namespace swblas
