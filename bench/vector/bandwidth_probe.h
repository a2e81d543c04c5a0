// The memory bandwidth the Level-1 and Level-2 routines are judged against,
// measured here (a virtual machine's memory system is unknown): STREAM-like
// loops over arrays of 4 times the last-level cache, split between `threads`
// threads pinned one per core (as the FMA peak's), best of several runs.  Three kernels, each with the bytes
// it is counted as moving per element:
//   read    s += a[i]              8 B: the bound of the read-only routines
//                                     (dot, nrm2, asum, iamax) and of the
//                                     matrix-reading Level 2 (gemv, symv, trmv,
//                                     trsv), whose output is a vector
//   update  a[i] += s * b[i]      24 B: read a and b, write a back, the
//                                     pattern of axpy, scal and ger (what an
//                                     optimised Level-1 routine can reach when
//                                     it writes)
//   triad   a[i] = b[i] + s * c[i] 32 B: STREAM's triad counted with the
//                                     write-allocate read of a that ordinary
//                                     stores cause (STREAM counts 24 B, i.e.
//                                     reports 3/4 of this figure)
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace swblas_bench {

struct bandwidth {
  std::string kernel;  // "read", "update" or "triad"
  int threads = 0;
  double gbytes_per_s = 0.0;
  int bytes_per_element = 0;
  std::size_t array_bytes = 0;  // each array
};

// The size of the largest cache of CPU 0 (sysfs, else sysconf, else 32 MiB).
std::size_t last_level_cache_bytes();

// The three kernels on `threads` threads, each repeated for at least
// min_seconds and 5 runs, the best run counting.
std::vector<bandwidth> measure_bandwidth(int threads, double min_seconds);

}  // namespace swblas_bench
