// What the runtime chose, for tests, the demo and benchmarks.
#pragma once

namespace swblas {

struct runtime_choice {
  const char* target;      // e.g. "avx2", or "reference" when forced
  const char* ukernel;     // micro kernel, e.g. "avx2_8x6"
  const char* block_kernel;  // generated block kernel name, or "reference"
  int threads;             // configured thread count
};

// Initialises the runtime if needed (reads the CPU, hwloc and SWBLAS_*).
__attribute__((visibility("default"))) runtime_choice chosen_runtime();

}  // namespace swblas
