// Architectures without kernels that exist only for tests.
#include "kernel_harness.h"

namespace swblas::test {

const dgemm_ukernel_desc* const* extra_test_kernels(std::size_t* count) {
  *count = 0;
  return nullptr;
}

const dgemm_small_desc* const* extra_test_small_gemms(std::size_t* count) {
  *count = 0;
  return nullptr;
}

}  // namespace swblas::test
