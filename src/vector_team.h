// Memory-bound work (Levels 1 and 2) split into contiguous ranges, one per
// thread of a team, claimed as a team job's items (thread_pool.h). Waking
// a thread costs a few microseconds, so a range must move at least
// kMinBytesPerThread; a call inside a user's parallel region or while the
// pool is busy runs alone.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "thread_pool.h"
#include "vector_kernels.h"

namespace swblas {

// About twice what one core streams in the time a team takes to start
// (about 5 us at ~25 GB/s); below that one thread finishes first.
inline constexpr std::size_t kMinBytesPerThread = std::size_t{256} << 10;
// Memory-bound work stops scaling long before this; it bounds the partial
// sums kept on the stack.
inline constexpr int kMaxVectorTeam = 64;

// Whether a call of `bytes` of traffic may take a team at all, whatever
// the threads: below this every call runs alone.
inline bool may_take_a_team(std::size_t bytes) { return bytes >= 2 * kMinBytesPerThread; }

// How many threads `bytes` of traffic over `count` items are worth.
inline int vector_team_size(index_t count, std::size_t bytes) {
  if (!may_take_a_team(bytes)) return 1;  // first: short calls cost nothing more
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

// Where part t of nt starts among the `blocks` blocks of a triangle cut
// across (a triangle's column blocks, or the blocks of rows of its
// product): equal shares of its area. Block b holds about b + 1/2 blocks'
// worth if `growing`, blocks - b - 1/2 if not.
inline index_t triangle_part_start(int t, int nt, index_t blocks, bool growing) {
  const double share = double(blocks) * double(blocks) / 2 * t / nt;
  double area = 0;
  for (index_t b = 0; b < blocks; ++b) {
    if (area >= share) return b;
    area += growing ? double(b) + 0.5 : double(blocks - b) - 0.5;
  }
  return blocks;
}

// Vectors shorter than this are not cut at a line boundary (line_anchor):
// the second kernel call would cost more than the straddling loads.
inline constexpr std::size_t kMinAnchoredBytes = 1024;

// The first index of the unit-stride vector p[0, n) on a 64-byte boundary,
// where an element-wise update (or a search) may be cut: each element's
// arithmetic is the same either way (a sum's would not be, see team_dot),
// or 0: p is on one, its misalignment is not a whole number of elements,
// or the vector is short. A vector load that straddles two cache lines
// costs two, and one that misses costs two misses: from where malloc puts
// a large block (16 bytes past a line), ddot of 10^7 ran at 27 GB/s
// against 39 aligned and zaxpy at 30 against 59 (Zen 5, one thread).
template <class T>
index_t line_anchor(const T* p, index_t n) {
  const std::uintptr_t past = bytes_past_line(p);
  if (past == 0 || past % sizeof(T) != 0 || std::size_t(n) * sizeof(T) < kMinAnchoredBytes) return 0;
  return std::min(n, index_t((kCacheLineBytes - past) / sizeof(T)));
}

// fn over [begin, end) in one call, or in two where `anchor` (line_anchor)
// falls inside, so that the second's loads start on a line.
template <class Fn>
void run_from_anchor(index_t begin, index_t end, index_t anchor, Fn& fn) {
  if (anchor <= begin || anchor >= end) return fn(begin, end);
  fn(begin, anchor);
  fn(anchor, end);
}

// Range t of nt over [0, count) whose boundaries lie at `anchor` plus
// multiples of `align`: every range but the first starts where the
// first one's data after the anchor does (on a line, when the anchor is
// line_anchor's).
inline void anchored_range_of(index_t count, index_t align, index_t anchor, int t, int nt, index_t* begin,
                              index_t* end) {
  range_of(count - anchor, align, t, nt, begin, end);
  *begin = t == 0 ? 0 : *begin + anchor;
  *end += anchor;
}

// fn(begin, end) for each range, on a team sized by vector_team_size;
// `anchor` as in run_from_anchor (0: the ranges start at multiples of
// `align`).
template <class Fn>
void for_each_range(index_t count, index_t align, std::size_t bytes, Fn&& fn, index_t anchor = 0) {
  const int nt = vector_team_size(count, bytes);
  if (nt <= 1) return run_from_anchor(0, count, anchor, fn);
  run_items(nt, nt, [&](dim_t t) {
    index_t begin, end;
    anchored_range_of(count, align, anchor, static_cast<int>(t), nt, &begin, &end);
    if (begin < end) run_from_anchor(begin, end, anchor, fn);
  });
}

// The sum of fn(begin, end) over the ranges, added in range order (the
// result depends on the team size, not on which thread ran which range,
// nor on where the data lie: sums are not cut at lines).
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
