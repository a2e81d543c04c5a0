// Portable part of CPU detection: which features each ISA needs, and the
// decoding of an x86 processor signature.
#include "cpu_features.h"

#include <cstdio>

namespace swblas {
namespace {

struct named_flag {
  const char* name;
  bool cpu_features::*flag;
};

// Every flag a kernel of `needs` relies on. AVX-512 kernels are compiled
// with -mavx512f -mavx512vl -mavx512dq -mfma, so they need all four.
std::vector<named_flag> required_flags(isa needs) {
  switch (needs) {
    case isa::generic: return {};
    case isa::avx2: return {{"avx2", &cpu_features::avx2}, {"fma", &cpu_features::fma}};
    case isa::avx512:
      return {{"avx512f", &cpu_features::avx512f},
              {"avx512vl", &cpu_features::avx512vl},
              {"avx512dq", &cpu_features::avx512dq},
              {"fma", &cpu_features::fma}};
    case isa::vsx: return {{"vsx", &cpu_features::vsx}};
    case isa::mma: return {{"mma", &cpu_features::mma}, {"vsx", &cpu_features::vsx}};
  }
  return {{"an unknown isa", nullptr}};
}

std::string join(const std::vector<std::string>& parts, const char* sep) {
  std::string s;
  for (const std::string& p : parts) s += (s.empty() ? "" : sep) + p;
  return s;
}

}  // namespace

cpu_identity decode_x86_signature(cpu_vendor vendor, std::uint32_t eax) {
  const int base_family = static_cast<int>((eax >> 8) & 0xF);
  const int base_model = static_cast<int>((eax >> 4) & 0xF);
  const int ext_family = static_cast<int>((eax >> 20) & 0xFF);
  const int ext_model = static_cast<int>((eax >> 16) & 0xF);
  cpu_identity id;
  id.vendor = vendor;
  id.family = base_family == 0xF ? base_family + ext_family : base_family;
  id.model = base_family == 0xF || base_family == 6 ? ext_model << 4 | base_model : base_model;
  return id;
}

std::string describe_identity(const cpu_identity& id) {
  if (id.vendor == cpu_vendor::unknown) return "unknown cpu model";
  char text[64];
  std::snprintf(text, sizeof text, "%s family 0x%x model 0x%x",
                id.vendor == cpu_vendor::amd ? "AMD" : "Intel", static_cast<unsigned>(id.family),
                static_cast<unsigned>(id.model));
  return text;
}

isa_verdict can_run(const cpu_features& f, isa needs) {
  const std::vector<named_flag> flags = required_flags(needs);
  if (flags.empty()) return {true, "runs on any cpu"};
  std::vector<std::string> have, lack;
  for (const named_flag& nf : flags)
    (nf.flag && f.*nf.flag ? have : lack).push_back(nf.name);
  if (!lack.empty()) return {false, "cpu lacks " + join(lack, "+")};
  return {true, "cpu has " + join(have, "+")};
}

std::string describe_features(const cpu_features& f) {
  const named_flag all[] = {{"avx2", &cpu_features::avx2},         {"fma", &cpu_features::fma},
                            {"avx512f", &cpu_features::avx512f},   {"avx512vl", &cpu_features::avx512vl},
                            {"avx512dq", &cpu_features::avx512dq}, {"vsx", &cpu_features::vsx},
                            {"mma", &cpu_features::mma}};
  std::vector<std::string> set;
  for (const named_flag& nf : all)
    if (f.*nf.flag) set.push_back(nf.name);
  return set.empty() ? "none" : join(set, " ");
}

}  // namespace swblas
