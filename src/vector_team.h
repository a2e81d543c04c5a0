// Memory-bound work (Levels 1 and 2) split into contiguous ranges, one per
// thread of a team, claimed as a team job's items (thread_pool.h). Waking
// a thread costs a few microseconds, so a range must move at least
// kMinBytesPerThread; a call inside a user's parallel region or while the
// pool is busy runs alone.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>

#include "thread_pool.h"
#include "vector_kernels.h"

namespace swblas {

// About twice what one core streams in the time a team takes to start
// (about 5 us at ~25 GB/s); below that one thread finishes first.
inline constexpr std::size_t kMinBytesPerThread = std::size_t{256} << 10;
// Memory-bound work stops scaling long before this; it bounds the partial
// sums kept on the stack.
inline constexpr int kMaxVectorTeam = 64;

// How many threads `bytes` of traffic over `count` items are worth.
inline int vector_team_size(index_t count, std::size_t bytes) {
  if (bytes < 2 * kMinBytesPerThread) return 1;  // first: short calls cost nothing more
  const int configured = available_threads();
  const std::size_t by_bytes = std::max<std::size_t>(bytes / kMinBytesPerThread, 1);
  return static_cast<int>(std::min<std::size_t>({by_bytes, static_cast<std::size_t>(std::max<index_t>(count, 1)),
                                                 static_cast<std::size_t>(std::clamp(configured, 1, kMaxVectorTeam))}));
}

// Range t of nt over [0, count), with boundaries at multiples of `align`
// items (whole cache lines per thread, whole blocks for blocked loops).
inline void range_of(index_t count, index_t align, int t, int nt, index_t* begin, index_t* end) {
  const part_range r = even_part(count, align, t, nt);
  *begin = r.first;
  *end = r.last;
}

// fn(begin, end) for each range, on a team sized by vector_team_size.
template <class Fn>
void for_each_range(index_t count, index_t align, std::size_t bytes, Fn&& fn) {
  const int nt = vector_team_size(count, bytes);
  if (nt <= 1) return fn(index_t{0}, count);
  run_items(nt, nt, [&](dim_t t) {
    index_t begin, end;
    range_of(count, align, static_cast<int>(t), nt, &begin, &end);
    if (begin < end) fn(begin, end);
  });
}

// The sum of fn(begin, end) over the ranges, added in range order (the
// result depends on the team size, not on which thread ran which range).
template <class S, class Fn>
S sum_over_ranges(index_t count, index_t align, std::size_t bytes, Fn&& fn) {
  const int nt = vector_team_size(count, bytes);
  if (nt <= 1) return fn(index_t{0}, count);
  std::array<S, kMaxVectorTeam> partial{};
  run_items(nt, nt, [&](dim_t t) {
    index_t begin, end;
    range_of(count, align, static_cast<int>(t), nt, &begin, &end);
    if (begin < end) partial[static_cast<std::size_t>(t)] = fn(begin, end);
  });
  S total{};
  for (int t = 0; t < nt; ++t) total += partial[static_cast<std::size_t>(t)];
  return total;
}

}  // namespace swblas
