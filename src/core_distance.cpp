// The probe of core_distance.h: a ping-pong of one cache line between the
// caller (the pool's item 0, always the caller's) and whichever helper
// claims item 1.
#include "core_distance.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>

#include "call_trace.h"
#include "cpu_relax.h"
#include "thread_pool.h"

namespace swblas {
namespace {

using probe_clock = std::chrono::steady_clock;

constexpr int kBatches = 8;
constexpr std::uint32_t kTripsPerBatch = 16;
// How long the caller waits for a helper to join: one that is awake joins
// within microseconds; a parked one (a millisecond or more to run again on
// a VM) or one sharing the caller's CPU is left for a later probe, so a
// failed probe costs a call this long at most.
constexpr auto kJoinWait = std::chrono::microseconds(200);
// Until the first success, a failed probe is tried again no sooner than
// this after it (a share of 2 % of the time at most). A helper that has
// just found itself on the caller's CPU sleeps 10 ms (the pool's
// step_aside), so the second team call's probe fails now and then.
constexpr auto kRetryAfter = std::chrono::milliseconds(10);
// Where the threads run can change while a program runs (a hypervisor
// moves vCPUs; on this Zen 5 guest the jr loop ran 500^3 at 172-180
// GFLOP/s in one benchmark run and at 127-142 in the runs minutes before
// and after), so the round trip is measured again this long after the
// last probe: one in a second costs about 0.005 % of the time.
constexpr auto kRemeasureAfter = std::chrono::seconds(1);
// Probes failed in a row after which none is tried again.
constexpr int kMaxProbes = 20;

// The line the two threads pass: odd values are pings, even ones pongs.
struct alignas(64) line {
  std::atomic<std::uint32_t> value{0};
};

enum partner : int { waiting = 0, joined = 1, abandoned = 2 };

// Item 0: waits for the partner, then times the round trips.
double ping(line& l, std::atomic<int>& state) {
  const probe_clock::time_point until = probe_clock::now() + kJoinWait;
  while (state.load(std::memory_order_acquire) == waiting) {
    int expected = waiting;
    if (probe_clock::now() > until && state.compare_exchange_strong(expected, abandoned)) return 0;
    cpu_relax();
  }
  double best = 0;
  std::uint32_t sent = 0;
  for (int b = 0; b < kBatches; ++b) {
    const probe_clock::time_point start = probe_clock::now();
    for (std::uint32_t t = 0; t < kTripsPerBatch; ++t) {
      sent += 2;
      l.value.store(sent - 1, std::memory_order_release);
      while (l.value.load(std::memory_order_acquire) != sent) cpu_relax();
    }
    const double ns = std::chrono::duration<double, std::nano>(probe_clock::now() - start).count() / kTripsPerBatch;
    best = b == 0 ? ns : std::min(best, ns);
  }
  return best;
}

// Item 1 on a helper: answers every ping, unless the caller gave up first.
void pong(line& l, std::atomic<int>& state) {
  int expected = waiting;
  if (!state.compare_exchange_strong(expected, joined)) return;
  for (std::uint32_t answer = 2; answer <= 2 * kBatches * kTripsPerBatch; answer += 2) {
    while (l.value.load(std::memory_order_acquire) != answer - 1) cpu_relax();
    l.value.store(answer, std::memory_order_release);
  }
}

// The measurement and when to take the next one, in steady-clock ticks
// (read lock-free on every plan; written under probe_mutex).
std::mutex probe_mutex;
std::atomic<double> round_trip{0.0};  // 0: not measured yet
std::atomic<probe_clock::rep> next_probe{0};
int failed_in_a_row = 0;  // under probe_mutex

probe_clock::rep ticks(probe_clock::time_point t) { return t.time_since_epoch().count(); }

// Takes a probe if one is due, and returns the round trip to plan with.
double current_round_trip() {
  const probe_clock::time_point now = probe_clock::now();
  if (ticks(now) < next_probe.load(std::memory_order_relaxed)) return round_trip.load(std::memory_order_relaxed);
  std::unique_lock<std::mutex> lock(probe_mutex, std::try_to_lock);  // another thread probing: the last value
  // Not before the pool has helpers: one just started may take longer than
  // kJoinWait to run (a vCPU woken); after a team call it is awake.
  if (!lock.owns_lock() || ticks(now) < next_probe.load(std::memory_order_relaxed) || pool_helpers() == 0 ||
      available_threads() < 2)
    return round_trip.load(std::memory_order_relaxed);
  const double ns = measure_round_trip_ns();
  const double before = round_trip.load(std::memory_order_relaxed);
  if (ns > 0.0) {
    failed_in_a_row = 0;
    round_trip.store(ns, std::memory_order_relaxed);
    if (verbose_warnings() && (before == 0.0 || (before >= kFarRoundTripNs) != (ns >= kFarRoundTripNs)))
      std::fprintf(stderr, "swblas: team cores: a cache line's round trip %.0f ns (%s, loops' sharing costs x%g)\n",
                   ns, ns >= kFarRoundTripNs ? "far apart" : "near", ns >= kFarRoundTripNs ? kFarSharingScale : 1.0);
  }
  // Until a first success, soon; after it, what the threads' placement may
  // have become; after too many failures in a row, no more.
  const bool measured = ns > 0.0 || before > 0.0;
  const probe_clock::duration wait = ns == 0.0 && ++failed_in_a_row >= kMaxProbes ? probe_clock::duration::max() / 2
                                     : measured ? probe_clock::duration(kRemeasureAfter)
                                                : probe_clock::duration(kRetryAfter);
  next_probe.store(ticks(now + wait), std::memory_order_relaxed);
  return ns > 0.0 ? ns : before;
}

}  // namespace

double measure_round_trip_ns() {
  line l;
  std::atomic<int> state{waiting};
  double ns = 0;
  run_items(2, 2, [&](dim_t item, int) {
    if (item == 0)
      ns = ping(l, state);
    else
      pong(l, state);  // on the caller (the pool ran alone), the caller has given up already
  });
  return ns;
}

double sharing_cost_scale(int threads) {
  if (threads < 2) return 1.0;
  return current_round_trip() >= kFarRoundTripNs ? kFarSharingScale : 1.0;
}

}  // namespace swblas
