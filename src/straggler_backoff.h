// When a call's team cannot be trusted to run: a helper that the OS takes
// off its core while it holds an item (another process on that core, a
// vCPU the host took away) makes the caller wait for that item, which no
// one else can finish: milliseconds, on calls of a fraction of one (a
// 200^3 dgemm with one core busy averaged 6x its single-threaded time);
// a caller that shares its core makes every section wait for it.
// After such a wait the pool's calls run alone for a few times that wait,
// more after each wait that follows and fewer after each team call without
// one: a busy machine then costs a call about its single-threaded time,
// and a quiet one, whose rare waits (a host's hiccup) send only a few
// calls alone, runs its teams as before.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>

namespace swblas {

using pool_clock = std::chrono::steady_clock;

// What the calling thread saw of one team call: its own items' time and
// count, the longest it waited for items other threads held, the call's
// time and the part of it the caller was off its CPU (its core shared).
struct caller_times {
  pool_clock::duration busy{};
  long items = 0;
  pool_clock::duration longest_wait{};
  pool_clock::duration elapsed{};
  pool_clock::duration off_cpu{};
};

// The time the team lost to the machine: the longest wait for another
// thread's item, or the caller's time off its CPU (a caller placed beside
// another process while its helper has a core: every section waits for
// the caller).
inline pool_clock::duration lost(const caller_times& t) { return std::max(t.longest_wait, t.off_cpu); }

// Lost time longer than two of the caller's own items plus
// kStragglerSlack, and than a quarter of the call: on a quiet machine the
// caller waits at most for the last items other threads hold (about one of
// its own), or for a helper that woke late and still has its first; a
// helper taken off its core costs a scheduler slice (milliseconds). A long
// call loses little to one such wait, and running its successors alone
// would cost it more.
constexpr pool_clock::duration kStragglerSlack = std::chrono::microseconds(250);
inline bool straggled(const caller_times& t) {
  const pool_clock::duration item = t.items > 0 ? t.busy / t.items : pool_clock::duration{};
  return lost(t) > std::max(2 * item + kStragglerSlack, t.elapsed / 4);
}

// Written by the thread that holds the pool, read by any (alone_at).
class straggler_backoff {
 public:
  // Calls run alone for `factor` times the time lost that sent them, the
  // factor doubling with each such loss and shrinking by an eighth (one at
  // least) with each team call without one, within these bounds: where
  // most team calls between two losses are clean (a quiet host's hiccups,
  // a machine busy now and then) it stays small; where losses keep coming
  // (a core that stays busy) it grows, and calls run alone but for a probe
  // now and then.
  static constexpr int kMinFactor = 1, kMaxFactor = 256;
  static constexpr pool_clock::duration kMaxAlone = std::chrono::seconds(2);

  // Whether a call starting at `now` runs alone.
  bool alone_at(pool_clock::time_point now) const {
    return now.time_since_epoch().count() < alone_until_.load(std::memory_order_relaxed);
  }

  // After a team call that ended at `now`.
  void after_team_call(const caller_times& t, pool_clock::time_point now) {
    if (!straggled(t)) {
      factor_ = std::max(factor_ - std::max(factor_ / 8, 1), kMinFactor);
      return;
    }
    const pool_clock::duration alone = std::min<pool_clock::duration>(factor_ * lost(t), kMaxAlone);
    alone_until_.store((now + alone).time_since_epoch().count(), std::memory_order_relaxed);
    factor_ = std::min(2 * factor_, kMaxFactor);
    events_.fetch_add(1, std::memory_order_relaxed);
  }

  // Back to no time alone and the smallest factor: in a fork child, whose
  // helpers (and their waits) were the parent's.
  void forget() {
    alone_until_.store(pool_clock::time_point{}.time_since_epoch().count(), std::memory_order_relaxed);
    factor_ = kMinFactor;
  }

  // Waits that sent calls alone, since the start (tests read it).
  long events() const { return events_.load(std::memory_order_relaxed); }

 private:
  std::atomic<pool_clock::rep> alone_until_{pool_clock::time_point{}.time_since_epoch().count()};
  int factor_ = kMinFactor;
  std::atomic<long> events_{0};
};

}  // namespace swblas
