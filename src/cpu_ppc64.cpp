// CPU detection for 64-bit POWER: the kernel's auxiliary vector. VSX is
// part of every POWER7+ Linux ABI the build supports (ppc64le requires
// POWER8); MMA (POWER10) is bit PPC_FEATURE2_MMA of AT_HWCAP2.
#include <sys/auxv.h>

#include "cpu_features.h"

namespace swblas {
namespace {

constexpr unsigned long kFeature2Mma = 0x00020000;  // PPC_FEATURE2_MMA
constexpr unsigned long kFeatureVsx = 0x00000080;   // PPC_FEATURE_HAS_VSX

}  // namespace

cpu_features detect_cpu_features() {
  cpu_features f;
  f.arch = "ppc64";
  f.vsx = (getauxval(AT_HWCAP) & kFeatureVsx) != 0;
  f.mma = f.vsx && (getauxval(AT_HWCAP2) & kFeature2Mma) != 0;
  return f;
}

std::vector<isa> architecture_targets() {
  return {isa::mma, isa::vsx, isa::generic};
}

}  // namespace swblas
