// The per-CPU context: every figure swblas measured per microarchitecture
// rather than derived from the caches, one row per CPU measured, each figure
// with its measurement. The policies built from it live beside their users
// (prefetch_policy.h, team_costs.h); docs/tuning.md lists these figures with
// every other one.
#pragma once

#include <string>

#include "cpu_features.h"

namespace swblas {

// When the unpacked path (src/unpacked_gemm.h) copies an A that starts off a
// cache line with a leading dimension of whole KiB before multiplying it:
// its vector loads then span two lines each, and its columns share a few of
// L1's sets.
enum class off_line_a_copy : unsigned char {
  not_measured,             // a row without the figure (tuning_for gives Zen 5's)
  streamed_double_batches,  // by rows, double entries of a batch streaming the next one in
  always,                   // every call that reads A in place, float and double, by rows or columns
};

// A double figure a row has not measured.
inline constexpr double kNotMeasured = 0.0;

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
  // Which calls copy an aliased A off a line first (off_line_a_copy).
  off_line_a_copy off_line_a;
};

// The row of CPU `id`; for a CPU not measured, the first CPU measured
// (Zen 5), and `measured` false.
struct tuning_choice {
  const cpu_tuning* row;
  bool measured;
};
tuning_choice tuning_for(const cpu_identity& id);

// The same for one figure: the CPU's row where it has measured the figure,
// else Zen 5's (which has every figure), `measured` false.
tuning_choice tuning_for(const cpu_identity& id, double cpu_tuning::*figure);
tuning_choice tuning_for(const cpu_identity& id, off_line_a_copy cpu_tuning::*figure);

// "measured on Zen 4", or "not measured on this cpu, Zen 5's".
std::string tuning_basis(const tuning_choice& c);

}  // namespace swblas
