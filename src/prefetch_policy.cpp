// The measured whole-entry windows, and the policy built from them.
#include "prefetch_policy.h"

namespace swblas {
namespace {

// The largest entries (doubles of A, B and C) fetched whole: batches of
// entries in memory, 1 and 2 threads, whole against a stream.
constexpr measured_figure kMeasuredWindows[] = {
    // Zen 4 (family 0x19 model 0x11; Zen 3 shares the family, unmeasured):
    // 16^3 entries (768 doubles) 1.2x faster whole than streamed into L1
    // and 1.45x faster than streamed into L2; 28^3 (2352) 1.08x and 32^3
    // (3072) 1.03-1.04x faster whole than into L2 on one thread, 28^3
    // 1.1x and 32^3 the same on two.
    {cpu_vendor::amd, 0x19, 3072.0, "measured on Zen 4"},
    // Zen 5: 8^3 and 12^3 entries 1.25x and 1.15x slower as a stream (its
    // bookkeeping against 40 and 140 ns of work), 16^3 1.4x slower whole.
    {cpu_vendor::amd, 0x1a, 512.0, "measured on Zen 5"},
};

// For the CPUs not in the table: Zen 5's window (the one measured first).
constexpr double kDefaultWholeMaxDoubles = 512.0;

}  // namespace

prefetch_policy choose_prefetch_policy(const cpu_identity& id, const cache_sizes& used) {
  prefetch_policy p;
  p.l1d_bytes = used.l1d;
  const measured_figure window = figure_for(kMeasuredWindows, id, kDefaultWholeMaxDoubles);
  p.whole_max_doubles = window.value;
  p.basis = window.basis;
  return p;
}

std::string describe_policy(const prefetch_policy& p) {
  return "batch prefetch: entries up to " + std::to_string(int(p.whole_max_doubles)) +
         " doubles fetched whole (" + p.basis + "), larger ones streamed, into L1 up to " +
         std::to_string(p.l1d_bytes / (2 * sizeof(double))) + " doubles (two entries in L1d " +
         format_bytes(p.l1d_bytes) + ")";
}

}  // namespace swblas
