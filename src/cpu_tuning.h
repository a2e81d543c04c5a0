// The per-CPU context: every figure swblas measured per microarchitecture
// rather than derived from the caches, one row per CPU measured, each figure
// with its measurement. The policies built from it live beside their users
// (prefetch_policy.h, team_costs.h); docs/tuning.md lists these figures with
// every other one.
#pragma once

#include <string>

#include "cpu_features.h"

namespace swblas {

struct cpu_tuning {
  cpu_vendor vendor;
  int family;        // display family; the row serves every model of it
  const char* name;  // e.g. "Zen 4"
  // Batches of small problems: the largest entries (doubles of A, B and C)
  // whose operands are fetched whole ahead of them, not streamed
  // (prefetch_policy::whole_max_doubles).
  double batch_whole_max_doubles;
  // Split rows: what packing all of B costs a thread, in rows of its own
  // work, when k fills a kc block (team_costs::pack_b_rows_full_k).
  double pack_b_rows_full_k;
};

// The row of CPU `id`; for a CPU not measured, the first CPU measured
// (Zen 5), and `measured` false.
struct tuning_choice {
  const cpu_tuning* row;
  bool measured;
};
tuning_choice tuning_for(const cpu_identity& id);

// "measured on Zen 4", or "not measured on this cpu, Zen 5's".
std::string tuning_basis(const tuning_choice& c);

}  // namespace swblas
