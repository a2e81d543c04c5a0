// The batch prefetch policy from the per-CPU context.
#include "prefetch_policy.h"

#include "cpu_tuning.h"

namespace swblas {
prefetch_policy choose_prefetch_policy(const cpu_identity& id, const cache_sizes& used) {
  prefetch_policy p;
  p.l1d_bytes = used.l1d;
  const tuning_choice c = tuning_for(id, &cpu_tuning::batch_whole_max_doubles);
  p.whole_max_doubles = c.row->batch_whole_max_doubles;
  p.basis = tuning_basis(c);
  return p;
}

std::string describe_policy(const prefetch_policy& p) {
  return "batch prefetch: entries up to " + std::to_string(int(p.whole_max_doubles)) +
         " doubles fetched whole (" + p.basis + "), larger ones streamed, into L1 up to " +
         std::to_string(p.l1d_bytes / (2 * sizeof(double))) + " doubles (two entries in L1d " +
         format_bytes(p.l1d_bytes) + ")";
}

}  // namespace swblas
