// How a batch of small problems fetches each entry's operands while the
// entry before it is multiplied (src/batch.cpp, and the small routine of
// asm/small.h): whole, as the entry before starts, or as a stream of a few
// lines per k step; a stream into L1 or into L2.
//
// Where a stream goes follows from the size of L1d. When a stream beats
// fetching whole did not follow from the caches: the two AMD cores it was
// measured on want opposite windows, so it comes from the per-CPU context
// (cpu_tuning.h).
#pragma once

#include <cstddef>
#include <string>

#include "../asm/ukernel.h"
#include "cpu_features.h"
#include "topology.h"

namespace swblas {

// Operands of at most this many doubles (512 KiB) are worth fetching ahead:
// more would not stay in L2 (1 MiB on Zen 4 and 5) with the problem being
// solved until used. Measured on Zen 5, one thread, batches in memory: 80^3
// and 96^3 entries 1.8x faster fetched ahead than not (128 KiB was the
// window before), 128^3 1.1x.
inline constexpr double kPrefetchedOperandDoubles = 65536.0;

struct prefetch_policy {
  // Entries whose operands (A, B and C) are at most this many doubles are
  // fetched whole, larger ones (up to kPrefetchedOperandDoubles) as a stream.
  double whole_max_doubles = 512.0;
  // A stream goes into L1 while the entry being multiplied and the next one
  // fit there together; else into L2, where it does not evict the lines in
  // use. Measured: 32^3 entries (24 KiB each) 1.2x faster streamed into L1
  // on Zen 5 (48 KiB L1d) and 1.4x slower on Zen 4 (32 KiB L1d), 1 thread;
  // 64^3 the same either way on Zen 5, 1.3x faster into L2 on Zen 4.
  std::size_t l1d_bytes = 32 * 1024;
  std::string basis;  // where whole_max_doubles comes from (cpu_tuning.h)

  small_batch::fetch ahead_for(double operand_doubles) const {
    if (operand_doubles > kPrefetchedOperandDoubles) return small_batch::fetch::none;
    return operand_doubles > whole_max_doubles ? small_batch::fetch::stream
                                               : small_batch::fetch::whole;
  }
  bool stream_into_l1(double operand_doubles) const {
    return 2.0 * sizeof(double) * operand_doubles <= double(l1d_bytes);
  }
};

// The policy for CPU `id` with the caches the blocking uses.
prefetch_policy choose_prefetch_policy(const cpu_identity& id, const cache_sizes& used);

// One line for SWBLAS_VERBOSE.
std::string describe_policy(const prefetch_policy& p);

}  // namespace swblas
