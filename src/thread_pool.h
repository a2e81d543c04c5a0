// swblas's own threads: a call's parallel work is a list of items that the
// calling thread and whichever pool threads are running claim one at a
// time. Only item 0 is the caller's (its part stays in its cache from call
// to call); nothing else is assigned to a thread, so a helper that the OS
// has not scheduled (a busy machine, a lost vCPU) delays no one: the caller
// takes what is left, and a helper that arrives late finds only that. The caller
// never waits for a thread that holds no item.
//
// Items come in sections, each a barrier for the next: an item of section s
// starts only after every item of the sections before s has finished (the
// team packs a B panel, then multiplies against it). Helpers spin a
// bounded, adaptive time after a job, then park on a futex. A child of
// fork() starts with no helpers and creates them on its first parallel
// call. A call made while the pool is busy (another user thread, a call
// from inside an item, a user's OpenMP region) runs its items alone, as do
// calls for a while after one waited for a helper the OS took off its core.
#pragma once

#include <atomic>
#include <cstddef>
#include <type_traits>

#include "../asm/ukernel.h"

namespace swblas {

// Part `part` of `parts` of [0, count), cut at multiples of `unit` (the
// last part ends at count): as equal as whole units allow. Every split of
// the drivers' work into parts goes through it.
struct part_range {
  dim_t first, last;
};
constexpr part_range even_part(dim_t count, dim_t unit, dim_t part, dim_t parts) {
  const dim_t units = (count + unit - 1) / unit;
  const dim_t first = units * part / parts * unit, last = units * (part + 1) / parts * unit;
  return {first < count ? first : count, last < count ? last : count};
}

// A call's parallel work. run_item may run on any thread, in any order
// allowed by the sections; it must not throw. `worker` numbers the threads
// of the call, [0, threads) with the caller 0: at most one item runs on a
// worker at a time, so per-worker slices of buffers that the caller
// allocated serve every item (helpers allocate nothing).
class team_job {
 public:
  // The first item of item's section (0: items without barriers).
  virtual dim_t section_start(dim_t item) const = 0;
  virtual void run_item(dim_t item, int worker) = 0;

 protected:
  ~team_job() = default;
};

// Runs items [0, items) of job on the caller and up to threads - 1 helpers;
// returns when every item has finished.
void run_team_job(team_job& job, dim_t items, int threads);

// Returns once `counter` reaches `value`, spinning a while, then yielding:
// for an item that needs what an earlier item of its job publishes as it
// goes (trsv's solved blocks). Items are claimed in order, and run in order
// when alone, so an item that waits only on earlier ones never deadlocks.
void wait_for_count(const std::atomic<dim_t>& counter, dim_t value);

// The team size calls use unless told otherwise: from SWBLAS_NUM_THREADS
// (and the like) at start-up, changed by swblas_set_num_threads (below 1:
// back to the start-up value; capped as the environment's count is).
int configured_threads();
void set_configured_threads(int threads);

// What a call can have now: configured_threads(), or 1 inside a user's
// OpenMP region, inside an item of a call, and while the pool runs
// another call (from another user thread), so that cores are not
// oversubscribed. Calls plan their teams with it.
int available_threads();

// Pool threads started in this process (a fork child starts with none).
int pool_helpers();

// Team calls whose caller waited for a helper that had been taken off its
// core, each sending the calls after it alone for a while
// (straggler_backoff.h); since the start.
long pool_straggler_events();

// Jobs a helper left to their caller because the OS had put it on the
// caller's CPU (a helper there takes turns with the caller, no items); since
// the start.
long pool_jobs_left_to_caller();

namespace detail {
template <class Fn>
class independent_items final : public team_job {
 public:
  explicit independent_items(Fn& fn) : fn_(fn) {}
  dim_t section_start(dim_t) const override { return 0; }
  void run_item(dim_t item, int worker) override {
    if constexpr (std::is_invocable_v<Fn&, dim_t, int>)
      fn_(item, worker);
    else
      fn_(item);
  }

 private:
  Fn& fn_;
};
}  // namespace detail

// fn(i) (or fn(i, worker)) for each i in [0, items), independent of each
// other.
template <class Fn>
void run_items(dim_t items, int threads, Fn&& fn) {
  detail::independent_items<Fn> job(fn);
  run_team_job(job, items, threads);
}

}  // namespace swblas
