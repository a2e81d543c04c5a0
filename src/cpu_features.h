// What the CPU can run: the instruction-set features the dispatch table
// asks about. Detection lives in one file per architecture (cpu_x86_64.cpp,
// cpu_ppc64.cpp, cpu_generic.cpp), chosen by CMake; everything else here is
// portable and pure, so it can be tested with made-up feature sets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../asm/ukernel.h"

namespace swblas {

enum class cpu_vendor : int { unknown = 0, amd, intel };

// Which processor it is, for the few choices that were measured per
// microarchitecture rather than derived from the caches (cpu_tuning.h).
// x86-64 only; elsewhere vendor stays unknown.
struct cpu_identity {
  cpu_vendor vendor = cpu_vendor::unknown;
  int family = 0;  // display family (base + extended), e.g. 0x19 for Zen 3/4
  int model = 0;   // display model (extended model << 4 | base model)
};

// The display family and model of x86 cpuid leaf 1's eax (the extended
// fields count for base family 0xF, the extended model also for family 6:
// Intel's rule; AMD's family 6 parts report no extended model).
cpu_identity decode_x86_signature(cpu_vendor vendor, std::uint32_t eax);

// "AMD family 0x19 model 0x11", or "unknown cpu model".
std::string describe_identity(const cpu_identity& id);

// Features as the CPU and the operating system report them. A flag is true
// only when the instructions may actually be executed: on x86-64 the AVX
// flags already include the OS's support for the register state (XCR0).
struct cpu_features {
  const char* arch = "unknown";  // "x86_64", "ppc64", or "generic"
  cpu_identity id;
  bool avx2 = false;
  bool fma = false;
  bool avx512f = false;
  bool avx512vl = false;
  bool avx512dq = false;
  bool vsx = false;
  bool mma = false;
};

// Reads the features of the CPU this process runs on (architecture file).
cpu_features detect_cpu_features();

// The targets of this architecture, best first (architecture file); the
// last one is always isa::generic, which every CPU runs.
std::vector<isa> architecture_targets();

// Whether a CPU with features f can execute code built for `needs`, and why
// (e.g. "cpu has avx2+fma", "cpu lacks avx512f").
struct isa_verdict {
  bool runnable;
  std::string reason;
};
isa_verdict can_run(const cpu_features& f, isa needs);

// The feature flags that are set, space separated ("avx2 fma"), or "none".
std::string describe_features(const cpu_features& f);

}  // namespace swblas
