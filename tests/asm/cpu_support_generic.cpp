// Architectures whose builds carry only the generic kernel.
#include <string>

#include "kernel_harness.h"

namespace swblas::test {

bool cpu_supports(isa i, std::string* why) {
  if (i == isa::generic) return true;
  if (why != nullptr)
    *why = std::string("no ") + isa_name(i) + " support in this build's tests";
  return false;
}

}  // namespace swblas::test
