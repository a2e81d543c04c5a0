// make_small_gemm: a micro kernel's small routine (small_gemm.h) from the
// same SIMD traits V and the shape of the routine's register blocks,
// Rows x Columns (Rows a whole number of V's vectors), with the limits
// measured for it. Its templates are instantiated over V, as make_ukernel's.
#pragma once

#include "small.h"
#include "small_gemm.h"

namespace swblas::kernels {

template <class V, int Rows, int Columns>
constexpr small_gemm_desc<typename V::value_type> make_small_gemm(
    const ukernel_desc<typename V::value_type>& micro_kernel, dim_t max_dim, bool at_full_rate) {
  static_assert(Rows % V::width == 0, "the blocks' rows must be whole vectors");
  using routine = small_gemm<V, Rows / V::width, Columns>;
  return {&micro_kernel, &routine::run, &routine::run_batch, &routine::routine_for, max_dim, at_full_rate,
          V::width, Rows};
}

}  // namespace swblas::kernels
