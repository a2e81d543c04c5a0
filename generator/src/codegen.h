// AST generation and the C++ printer: turns the recipe's schedule tree into
// one `swblas::basic_block_kernel_fn<T>`. The "ukernel" mark becomes a call
// through the target's micro-kernel descriptor, the "epilogue" mark a call
// of the fused epilogue; the loops below the "parallel" mark are checked to
// carry no dependence.
#pragma once

#include <string>

#include "recipe.h"

namespace swgen {

struct kernel_naming {
  std::string function;     // e.g. "dgemm_block_x86_avx2_8x6"
  std::string descriptor;   // e.g. "swblas::ukernel_avx2_8x6"
  std::string block;        // the packed block's type, e.g. "swblas::basic_packed_block<float>"
  int mr = 0, nr = 0;
};

// The C++ definition of the block kernel (without the file preamble).
std::string generate_kernel(const recipe_result& r, const gemm_roles& roles, const kernel_naming& k);

}  // namespace swgen
