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
// Failed probes are tried again no sooner than this after the last one
// (a share of 2 % of the time at most), up to kMaxProbes in all. A helper
// that has just found itself on the caller's CPU sleeps 10 ms (the pool's
// step_aside), so the second team call's probe fails now and then.
constexpr auto kRetryAfter = std::chrono::milliseconds(10);
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

std::mutex probe_mutex;
std::atomic<double> round_trip{0.0};  // 0: not measured
int probes_tried = 0;                 // under probe_mutex, as is last_probe
probe_clock::time_point last_probe;

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
  double ns = round_trip.load(std::memory_order_acquire);
  if (ns == 0.0) {
    std::unique_lock<std::mutex> lock(probe_mutex, std::try_to_lock);  // another thread probing: defaults
    if (!lock.owns_lock() || probes_tried >= kMaxProbes || available_threads() < 2) return 1.0;
    // Not before the pool has helpers: one just started may take longer than
    // kJoinWait to run (a vCPU woken); after a team call it is awake.
    if (pool_helpers() == 0) return 1.0;
    const probe_clock::time_point now = probe_clock::now();
    if (probes_tried > 0 && now - last_probe < kRetryAfter) return 1.0;
    ++probes_tried;
    last_probe = now;
    ns = measure_round_trip_ns();
    round_trip.store(ns, std::memory_order_release);
    if (verbose_warnings() && ns > 0.0)
      std::fprintf(stderr, "swblas: team cores: a cache line's round trip %.0f ns (%s, loops' sharing costs x%g)\n",
                   ns, ns >= kFarRoundTripNs ? "far apart" : "near", ns >= kFarRoundTripNs ? kFarSharingScale : 1.0);
  }
  return ns >= kFarRoundTripNs ? kFarSharingScale : 1.0;
}

double measured_round_trip_ns() { return round_trip.load(std::memory_order_acquire); }

}  // namespace swblas
