// The measured costs of packing B per thread, and the costs built from them.
#include "team_costs.h"

namespace swblas {
namespace {

// team_costs::pack_b_rows_full_k.
constexpr measured_figure kMeasuredCosts[] = {
    // Zen 4 (family 0x19 model 0x11; Zen 3 shares the family, unmeasured):
    // AVX-512 on 256-bit units, half Zen 5's FMA rate per cycle, so a packed
    // double of B costs fewer FMAs' time. Two threads, interleaved with the
    // loops forced: split rows ahead of jr at 1000^3 by 1-2% on a quiet host
    // and by 10% on a busy one (no barrier per A block to wait at), at
    // 1000x1000x256 by 12% on the busy one, behind it at 512^3 and
    // 600x1000x1000 by 1-3% and at 500x2000x2000 by 5%: 40 splits the first
    // and keeps jr for the others. At k = 64 (k < kc) jr stays ahead at
    // 1000x2000x64 (6-13%), as kPackBPerFma has it.
    {cpu_vendor::amd, 0x19, 40.0, "measured on Zen 4"},
    {cpu_vendor::amd, 0x1a, kPackBPerFma, "measured on Zen 5"},
};

}  // namespace

team_costs choose_team_costs(const cpu_identity& id) {
  const measured_figure cost = figure_for(kMeasuredCosts, id, kPackBPerFma);
  team_costs c;
  c.pack_b_rows_full_k = cost.value;
  c.basis = cost.basis;
  return c;
}

std::string describe_team_costs(const team_costs& c) {
  return "team costs: packing all of B costs a split-rows thread " +
         std::to_string(int(c.pack_b_rows_full_k)) + " rows of its work when k fills a kc block, " +
         std::to_string(int(kPackBPerFma)) + " below (" + c.basis + ")";
}

}  // namespace swblas
