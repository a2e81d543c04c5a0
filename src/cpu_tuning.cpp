// The measured rows of the per-CPU context (see cpu_tuning.h).
#include "cpu_tuning.h"

namespace swblas {
namespace {

constexpr cpu_tuning kMeasured[] = {
    // Zen 5 (family 0x1a), the first machine: the fallback for every other.
    // Batch windows: 8^3 and 12^3 entries 1.25x and 1.15x slower as a stream
    // (its bookkeeping against 40 and 140 ns of work), 16^3 1.4x slower
    // whole. Split rows: two threads overtake the better loop at about 1000
    // rows a thread (m = 700..4000, n = 1000..4000, k = 64 and 1000).
    {cpu_vendor::amd, 0x1a, "Zen 5", 512.0, 60.0},
    // Zen 4 (family 0x19 model 0x11; Zen 3 shares the family, unmeasured).
    // Batch windows: 16^3 entries (768 doubles) 1.2x faster whole than
    // streamed into L1 and 1.45x faster than into L2; 28^3 (2352) 1.08x and
    // 32^3 (3072) 1.03-1.04x faster whole than into L2 on one thread, 28^3
    // 1.1x and 32^3 the same on two. Split rows: AVX-512 on 256-bit units,
    // half Zen 5's FMA rate per cycle, so a packed double of B costs fewer
    // FMAs' time; two threads, loops forced, interleaved: split rows ahead
    // of jr at 1000^3 by 1-2% on a quiet host and 10% on a busy one, at
    // 1000x1000x256 by 12% on the busy one, behind it at 512^3 and
    // 600x1000x1000 by 1-3% and at 500x2000x2000 by 5%: 40 splits the first
    // and keeps jr for the others.
    {cpu_vendor::amd, 0x19, "Zen 4", 3072.0, 40.0},
};

}  // namespace

tuning_choice tuning_for(const cpu_identity& id) {
  for (const cpu_tuning& row : kMeasured)
    if (row.vendor == id.vendor && row.family == id.family) return {&row, true};
  return {&kMeasured[0], false};
}

std::string tuning_basis(const tuning_choice& c) {
  return c.measured ? std::string("measured on ") + c.row->name
                    : std::string("not measured on this cpu, ") + c.row->name + "'s";
}

}  // namespace swblas
