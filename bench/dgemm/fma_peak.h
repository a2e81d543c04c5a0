// The double-precision FMA peak of this CPU, measured rather than computed
// from nominal clocks (a virtual machine's clock and turbo are unknown): the
// ceiling every GFLOP/s figure of the benchmark is compared with.
#pragma once

#include <string>
#include <vector>

namespace swblas_bench {

struct fma_peak {
  std::string isa;  // "avx512" or "avx2"
  int threads = 0;
  double gflops = 0.0;
};

// One CPU of each physical core this process may run on (SMT siblings of an
// already chosen core are left out), from sysfs and the affinity mask.
std::vector<int> one_cpu_per_core();

// Runs the widest FMA loop the CPU supports on `threads` threads, pinned one
// per core, and returns the best rate over short runs lasting total_seconds.
fma_peak measure_fma_peak(int threads, double total_seconds);

}  // namespace swblas_bench
