// Which kernels the x86-64 CPU running the tests can execute (cpuid and the
// OS-enabled register state, as checked by __builtin_cpu_supports).
#include <string>

#include "kernel_harness.h"

namespace swblas::test {

bool cpu_supports(isa i, std::string* why) {
  bool ok = false;
  switch (i) {
    case isa::generic:
      ok = true;
      break;
    case isa::avx2:
      ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
      break;
    case isa::avx512:
      ok = __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512dq");  // the avx512 kernel flags
      break;
    default:
      ok = false;
      break;
  }
  if (!ok && why != nullptr)
    *why = std::string("this CPU does not support ") + isa_name(i);
  return ok;
}

}  // namespace swblas::test
