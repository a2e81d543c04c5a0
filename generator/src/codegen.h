// AST generation and the C++ printer: turns the recipe's schedule tree into
// one `swblas::macro_kernel_fn`. The "ukernel", "pack_a" and "pack_b" marks
// become calls through the target's micro-kernel descriptor; the "omp_for"
// mark makes the loops of its band's first member orphaned `omp for` loops.
#pragma once

#include <string>

#include "recipe.h"

namespace swgen {

struct kernel_naming {
  std::string function;     // e.g. "dgemm_x86_avx2_8x6_l1_32k_l2_512k_ic"
  std::string descriptor;   // e.g. "swblas::ukernel_avx2_8x6"
  int mr = 0, nr = 0;
  parallel_level level = parallel_level::ic;
};

// The C++ definition of the macro kernel (without the file preamble).
std::string generate_kernel(const recipe_result& r, const gemm_roles& roles, const kernel_naming& k);

}  // namespace swgen
