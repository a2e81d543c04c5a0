// CPU detection for architectures swblas has no optimised kernels for:
// only the portable C++ micro kernel runs there.
#include "cpu_features.h"

namespace swblas {

cpu_features detect_cpu_features() {
  cpu_features f;
  f.arch = "generic";
  return f;
}

std::vector<isa> architecture_targets() { return {isa::generic}; }

}  // namespace swblas
