// The double- and single-precision FMA peaks of this CPU, measured rather
// than computed from nominal clocks (a virtual machine's clock and turbo are
// unknown): the ceilings every GFLOP/s figure of the benchmark is compared
// with (s and c routines against the float peak, d and z against the double).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace swblas_bench {

// Which vfmadd231 the loop runs: pd (f64) or ps (f32, twice the lanes).
enum class fma_precision { f64, f32 };
const char* precision_name(fma_precision precision);  // "double" or "float"

struct fma_peak {
  std::string isa;  // "avx512" or "avx2"
  int threads = 0;
  double gflops = 0.0;
};

// One CPU of each physical core this process may run on (SMT siblings of an
// already chosen core are left out), from sysfs and the affinity mask.
std::vector<int> one_cpu_per_core();

// Starts one thread pinned to each entry of cpus, releases them together to
// run work(index of the entry) and returns the wall time until the last one
// finished (also the bandwidth probe of bench/vector).
double timed_parallel_run(const std::vector<int>& cpus,
                          const std::function<void(std::size_t index)>& work);

// Runs the widest FMA loop of that precision the CPU supports on `threads`
// threads, pinned one per core, and returns the best rate over short runs
// lasting total_seconds.
fma_peak measure_fma_peak(int threads, double total_seconds, fma_precision precision);

}  // namespace swblas_bench
