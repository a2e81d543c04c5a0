// The team planner's packing costs from the per-CPU context.
#include "team_costs.h"

#include "cpu_tuning.h"

namespace swblas {
team_costs choose_team_costs(const cpu_identity& id) {
  const tuning_choice t = tuning_for(id, &cpu_tuning::pack_b_rows_full_k);
  team_costs c;
  c.pack_b_rows_full_k = t.row->pack_b_rows_full_k;
  c.basis = tuning_basis(t);
  return c;
}

std::string describe_team_costs(const team_costs& c) {
  return "team costs: packing all of B costs a split-rows thread " +
         std::to_string(int(c.pack_b_rows_full_k)) + " rows of its work when k fills a kc block, " +
         std::to_string(int(kPackBPerFma)) + " below (" + c.basis + ")";
}

}  // namespace swblas
