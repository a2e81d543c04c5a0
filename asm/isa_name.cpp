// Names of the instruction sets, as logged by the runtime (SWBLAS_VERBOSE).
#include "ukernel.h"

namespace swblas {

const char* isa_name(isa i) {
  switch (i) {
    case isa::generic:
      return "generic";
    case isa::avx2:
      return "avx2";
    case isa::avx512:
      return "avx512";
    case isa::vsx:
      return "vsx";
    case isa::mma:
      return "mma";
  }
  return "unknown";
}

}  // namespace swblas
