// CPU detection for x86-64: cpuid for what the processor implements, xgetbv
// for what the operating system saves on a context switch. An AVX or
// AVX-512 instruction is only safe when both agree (a hypervisor or kernel
// may hide the ymm/zmm state even though cpuid advertises the feature).
#include <cpuid.h>

#include <cstdint>
#include <cstring>

#include "cpu_features.h"

namespace swblas {
namespace {

struct cpuid_regs {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
};

cpuid_regs cpuid(unsigned leaf, unsigned subleaf) {
  cpuid_regs r;
  if (!__get_cpuid_count(leaf, subleaf, &r.eax, &r.ebx, &r.ecx, &r.edx)) return {};
  return r;
}

bool bit(unsigned word, int n) { return (word >> n) & 1u; }

// XCR0 via xgetbv; only legal when cpuid says the OS enabled XSAVE.
std::uint64_t read_xcr0() {
  unsigned lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (std::uint64_t{hi} << 32) | lo;
}

// XCR0 bits: 1 SSE (xmm), 2 AVX (upper ymm), 5 opmask, 6 ZMM_Hi256,
// 7 Hi16_ZMM.
constexpr std::uint64_t kYmmState = 0x6;
constexpr std::uint64_t kZmmState = 0xE6;

// Leaf 0's vendor string, ebx-edx-ecx.
cpu_vendor read_vendor() {
  const cpuid_regs leaf0 = cpuid(0, 0);
  char name[13] = {};
  std::memcpy(name, &leaf0.ebx, 4);
  std::memcpy(name + 4, &leaf0.edx, 4);
  std::memcpy(name + 8, &leaf0.ecx, 4);
  if (std::strcmp(name, "AuthenticAMD") == 0) return cpu_vendor::amd;
  if (std::strcmp(name, "GenuineIntel") == 0) return cpu_vendor::intel;
  return cpu_vendor::unknown;
}

}  // namespace

cpu_features detect_cpu_features() {
  cpu_features f;
  f.arch = "x86_64";
  const cpuid_regs leaf1 = cpuid(1, 0);
  f.id = decode_x86_signature(read_vendor(), leaf1.eax);
  const bool osxsave = bit(leaf1.ecx, 27);
  const std::uint64_t xcr0 = osxsave ? read_xcr0() : 0;
  const bool os_ymm = (xcr0 & kYmmState) == kYmmState;
  const bool os_zmm = (xcr0 & kZmmState) == kZmmState;
  const bool avx = bit(leaf1.ecx, 28) && os_ymm;
  const cpuid_regs leaf7 = cpuid(7, 0);
  f.fma = avx && bit(leaf1.ecx, 12);
  f.avx2 = avx && bit(leaf7.ebx, 5);
  f.avx512f = os_zmm && bit(leaf7.ebx, 16);
  f.avx512dq = f.avx512f && bit(leaf7.ebx, 17);
  f.avx512vl = f.avx512f && bit(leaf7.ebx, 31);
  return f;
}

std::vector<isa> architecture_targets() {
  return {isa::avx512, isa::avx2, isa::generic};
}

}  // namespace swblas
