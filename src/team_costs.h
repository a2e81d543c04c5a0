// What sharing or not sharing the packed B costs a team of threads, per
// CPU: the one constant of the team planner (src/planner.h) that two
// measured microarchitectures disagree on, from the per-CPU context
// (src/cpu_tuning.h).
#pragma once

#include <string>

#include "../asm/ukernel.h"
#include "cpu_features.h"

namespace swblas {

// Split rows (team_plan::split_rows) packs all of B on every thread, mostly
// from memory: packing a double of B costs about as much time as this many
// FMAs of the micro kernel, so packing the whole B costs a thread as much as
// this many rows of its own work. Calibrated on Zen 5 with two threads,
// where split rows overtakes the better loop at about 1000 rows a thread
// (measured m = 700..4000, n = 1000..4000, k = 64 and 1000; in-cache packing
// alone would be ~9). It is below ic's cost of reading the others' part of
// B (kIcSharedBRows at nt = 2), so by default a team of two or more never
// runs the ic loop: split rows is at least as even (whole mr tiles against
// mc blocks) and cheaper. Batched team groups, which do not split rows,
// still use it.
inline constexpr double kPackBPerFma = 60.0;

struct team_costs {
  // kPackBPerFma's counterpart when k fills at least one kc block; for
  // shorter k the CPUs measured agree on kPackBPerFma.
  double pack_b_rows_full_k = kPackBPerFma;
  std::string basis = "measured on Zen 5";

  // What packing all of B costs a thread of a split-rows team, in rows of
  // its own work, for depth k on a variant blocked with kc.
  double pack_b_rows(dim_t k, dim_t kc) const {
    return k >= kc ? pack_b_rows_full_k : kPackBPerFma;
  }
};

// The costs for CPU `id`.
team_costs choose_team_costs(const cpu_identity& id);

// One line for SWBLAS_VERBOSE.
std::string describe_team_costs(const team_costs& c);

}  // namespace swblas
