// Which kernels the POWER CPU running the tests can execute: the kernel's
// auxiliary vector, as the runtime reads it (VSX: AT_HWCAP, MMA: AT_HWCAP2).
#include <sys/auxv.h>

#include <string>

#include "kernel_harness.h"

namespace swblas::test {
namespace {

constexpr unsigned long kFeatureVsx = 0x00000080;   // PPC_FEATURE_HAS_VSX
constexpr unsigned long kFeature2Mma = 0x00020000;  // PPC_FEATURE2_MMA

}  // namespace

bool cpu_supports(isa i, std::string* why) {
  const bool vsx = (getauxval(AT_HWCAP) & kFeatureVsx) != 0;
  bool ok = false;
  switch (i) {
    case isa::generic:
      ok = true;
      break;
    case isa::vsx:
      ok = vsx;
      break;
    case isa::mma:
      ok = vsx && (getauxval(AT_HWCAP2) & kFeature2Mma) != 0;
      break;
    default:
      ok = false;
      break;
  }
  if (!ok && why != nullptr)
    *why = std::string("this CPU does not support ") + isa_name(i) +
           " (AT_HWCAP/AT_HWCAP2)";
  return ok;
}

}  // namespace swblas::test
