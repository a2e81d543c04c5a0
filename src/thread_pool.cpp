// The pool behind run_team_job (see thread_pool.h).
//
// One job at a time is published in the pool's slot. Items are claimed by a
// compare-and-swap on one 64-bit word holding the job's generation and the
// next item, so a helper that read an older job can never claim an item of
// a newer one; a helper touches the job itself only after a successful
// claim, and the caller returns only after every claimed item has finished,
// so the job (on the caller's stack) outlives every use of it.
#include "thread_pool.h"

#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <new>

#include "call_trace.h"
#include "config.h"
#include "dispatch.h"
#include "straggler_backoff.h"

// A user's OpenMP region (libgomp loaded by the program): a call from inside
// one runs alone, as an inner level of OpenMP would.
extern "C" int omp_in_parallel() __attribute__((weak));

namespace swblas {
namespace {

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__powerpc64__)
  __asm__ volatile("or 27,27,27" ::: "memory");  // lower the SMT priority while spinning
#endif
}

using futex_word = std::atomic<std::uint32_t>;
static_assert(sizeof(futex_word) == sizeof(std::uint32_t) && futex_word::is_always_lock_free);

void futex_wait(futex_word* word, std::uint32_t expected) {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(word), FUTEX_WAIT_PRIVATE, expected, nullptr, nullptr, 0);
}

void futex_wake_all(futex_word* word) {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(word), FUTEX_WAKE_PRIVATE, INT32_MAX, nullptr, nullptr, 0);
}

// The claim word: generation in the high bits, the next item in the low
// ones; kClosed as the item means the job takes no more claims.
constexpr int kItemBits = 40;
constexpr std::uint64_t kItemMask = (std::uint64_t{1} << kItemBits) - 1;
constexpr std::uint64_t kClosed = kItemMask;
constexpr std::uint64_t generation_of(std::uint64_t word) { return word >> kItemBits; }
constexpr std::uint64_t item_of(std::uint64_t word) { return word & kItemMask; }
constexpr std::uint64_t claim_word(std::uint64_t generation, std::uint64_t item) {
  return (generation << kItemBits) | item;
}

// Waiting for other threads' items: spin briefly, then yield the core, which
// a preempted helper holding the awaited item may need.
template <class Done>
void wait_until(const Done& done) {
  for (int spins = 0; !done(); ++spins) {
    if (spins < 2000)
      cpu_relax();
    else
      sched_yield();
  }
}

using clock = pool_clock;

// The calling thread's CPU time.
clock::duration thread_cpu_time() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return std::chrono::duration_cast<clock::duration>(std::chrono::seconds(t.tv_sec) +
                                                     std::chrono::nanoseconds(t.tv_nsec));
}

// How long an idle helper stays awake (spinning, then yielding the core)
// before it parks: twice the last sleep, between kMin and kMax. A program
// that calls every few milliseconds then finds its helpers awake: a parked
// helper on a virtual machine can take milliseconds to run again (the host
// must reschedule its vCPU), which cost a 500^3 call after a 50 ms pause
// 1.7x its time in a loop. Yielding leaves the core to any other runnable
// thread, so a busy machine loses little to it; after a long idle the
// helpers park within kMax.
class spin_budget {
 public:
  clock::duration now() const { return budget_; }
  void after_park(clock::duration slept) { budget_ = std::clamp<clock::duration>(2 * slept, kMin, kMax); }

 private:
  static constexpr clock::duration kMin = std::chrono::milliseconds(1);
  static constexpr clock::duration kMax = std::chrono::milliseconds(128);
  clock::duration budget_ = kMin;
};

class pool {
 public:
  pool() { pthread_atfork(nullptr, nullptr, [] { instance().forget_helpers_in_child(); }); }

  // Never destroyed (helpers may outlive static destruction), and in
  // static storage, not the heap: a program's first parallel call may come
  // when no memory is left, and an allocation failure would throw through
  // the C interface.
  static pool& instance() {
    alignas(pool) static unsigned char storage[sizeof(pool)];
    static pool* p = new (storage) pool;
    return *p;
  }

  bool try_acquire() { return !busy_.exchange(true, std::memory_order_acquire); }
  bool busy() const { return busy_.load(std::memory_order_relaxed); }
  void release() { busy_.store(false, std::memory_order_release); }

  int helpers() const { return helpers_.load(std::memory_order_relaxed); }

  // The owner (try_acquire) runs job with up to `wanted` helpers.
  void run(team_job& job, dim_t items, int wanted) {
    start_helpers(wanted);
    const std::uint64_t generation = generation_of(claims_.load(std::memory_order_relaxed)) + 1;
    job_.store(&job, std::memory_order_release);
    items_.store(items, std::memory_order_release);
    wanted_.store(std::min(wanted, helpers()), std::memory_order_release);
    done_.store(0, std::memory_order_relaxed);
    caller_cpu_.store(sched_getcpu(), std::memory_order_relaxed);
    // Item 0 is the caller's, claimed before the job is announced: a helper
    // spinning for jobs would often take it first, and in a loop of calls
    // the parts would change threads call after call, each thread then
    // finding another's part in its cache (Zen 5, two threads: dscal on
    // 10^5 doubles, in L2, ran at half its one-thread speed).
    claims_.store(claim_word(generation, 1), std::memory_order_release);
    announce_.fetch_add(1, std::memory_order_seq_cst);
    if (parked_.load(std::memory_order_seq_cst) > 0) futex_wake_all(&announce_);
    caller_times times;
    // The caller's CPU time is a system call each end (1.4 us on a VM):
    // read on one team call in kCpuTimeEvery, a share of a small call's time
    // that does not show, while a caller that shares its core does so for
    // many calls in a row.
    const bool timed = team_calls_++ % kCpuTimeEvery == 0;
    const clock::duration cpu_start = timed ? thread_cpu_time() : clock::duration{};
    const clock::time_point start = clock::now();
    run_claimed(job, 0, 0, &times);
    take_items(0, &times);
    const clock::time_point waiting = clock::now();
    wait_until([&] { return done_.load(std::memory_order_acquire) == items; });
    const clock::time_point end = clock::now();
    times.longest_wait = std::max(times.longest_wait, end - waiting);
    times.elapsed = end - start;
    if (timed) times.off_cpu = times.elapsed - (thread_cpu_time() - cpu_start);
    // Closed before the slot is rewritten for the next job (see run's readers).
    claims_.store(claim_word(generation, kClosed), std::memory_order_release);
    backoff_.after_team_call(times, end);
  }

  // Whether calls run alone now (straggler_backoff.h).
  bool alone_now() const { return backoff_.alone_at(clock::now()); }
  long straggler_events() const { return backoff_.events(); }
  long left_to_caller() const { return left_to_caller_.load(std::memory_order_relaxed); }

 private:
  // Claims and runs items of the published job until none is left; the
  // caller's times go to `times`.
  void take_items(int worker, caller_times* times = nullptr) {
    for (;;) {
      if (!times && on_callers_cpu()) {
        left_to_caller_.fetch_add(1, std::memory_order_relaxed);
        return;
      }
      std::uint64_t word = claims_.load(std::memory_order_acquire);
      const std::uint64_t item = item_of(word);
      if (item == kClosed) return;
      // Read before the claim; a successful claim proves they were this
      // job's (the slot is closed before it is rewritten).
      team_job* job = job_.load(std::memory_order_acquire);
      const auto items = static_cast<std::uint64_t>(items_.load(std::memory_order_acquire));
      if (item >= items) return;
      if (!claims_.compare_exchange_weak(word, word + 1, std::memory_order_acq_rel)) continue;
      run_claimed(*job, static_cast<dim_t>(item), worker, times);
    }
  }

  // Runs item i, claimed by this thread, once its section may start.
  void run_claimed(team_job& job, dim_t i, int worker, caller_times* times) {
    const dim_t after = job.section_start(i);
    const auto stamp = [times] { return times ? clock::now() : clock::time_point{}; };
    const clock::time_point waiting = stamp();
    wait_until([&] { return done_.load(std::memory_order_acquire) >= after; });
    const clock::time_point start = stamp();
    job.run_item(i, worker);
    done_.fetch_add(1, std::memory_order_release);
    if (!times) return;
    times->longest_wait = std::max(times->longest_wait, start - waiting);
    times->busy += clock::now() - start;
    ++times->items;
  }

  // A helper that the OS placed on the caller's CPU (the other cores busy)
  // only takes turns with the caller there: it takes no items, and rather
  // than spin it sleeps a while, leaving the CPU to the caller (parked, it
  // would cost every call a wake-up that runs it on that CPU again; woken
  // every millisecond, it cost a 1000 x 64^3 batch 7 %). With one core
  // busy, a 500^3 call took 1.1-1.3x its time alone, the helper beside its
  // caller most of the time.
  bool on_callers_cpu() const { return sched_getcpu() == caller_cpu_.load(std::memory_order_relaxed); }
  static void step_aside() {
    const timespec a_while{0, 10 * 1000 * 1000};
    nanosleep(&a_while, nullptr);
  }

  // `seen`: the announcements made before the helper was started; the job
  // it was started for comes after them, perhaps before this thread runs.
  void serve(int index, std::uint32_t seen) {
    spin_budget budget;
    for (;;) {
      wait_for_job(&seen, &budget);
      if (index < wanted_.load(std::memory_order_acquire)) take_items(index + 1);
    }
  }

  void wait_for_job(std::uint32_t* seen, spin_budget* budget) {
    const clock::time_point until = clock::now() + budget->now();
    for (int spins = 0;; ++spins) {
      const std::uint32_t now = announce_.load(std::memory_order_acquire);
      if (now != *seen) {
        *seen = now;
        return;
      }
      if (on_callers_cpu()) {
        step_aside();
        continue;
      }
      if (spins < 1000) {
        cpu_relax();
        continue;
      }
      // While calls run alone (straggler_backoff.h) a helper parks: yielding,
      // it would keep its core from the caller, whom the OS could otherwise
      // move there from the busy one it shares (a 500^3 call alone beside a
      // busy process took 1.7x its time).
      if (clock::now() < until && !alone_now()) {
        sched_yield();  // on a busy machine the other process gets the core
        continue;
      }
      const clock::time_point parked_at = clock::now();
      parked_.fetch_add(1, std::memory_order_seq_cst);
      if (announce_.load(std::memory_order_seq_cst) == *seen) futex_wait(&announce_, *seen);
      parked_.fetch_sub(1, std::memory_order_seq_cst);
      budget->after_park(clock::now() - parked_at);
      spins = 0;
    }
  }

  // A helper's start: its index and the announcements seen before it, in
  // the argument's bits (index below kIndexBits, kMaxThreads fits).
  static constexpr int kIndexBits = 16;
  static_assert(kMaxThreads <= (1 << kIndexBits) && sizeof(std::uintptr_t) >= 8);
  static void* start_argument(int index, std::uint32_t seen) {
    return reinterpret_cast<void*>(std::uintptr_t{seen} << kIndexBits | static_cast<std::uintptr_t>(index));
  }
  static void* helper_main(void* arg) {
    const auto bits = reinterpret_cast<std::uintptr_t>(arg);
    instance().serve(static_cast<int>(bits & ((1u << kIndexBits) - 1)), static_cast<std::uint32_t>(bits >> kIndexBits));
    return nullptr;
  }

  // Starts helpers up to `wanted`; when the system refuses a thread (limits,
  // memory), the job runs with those it has.
  void start_helpers(int wanted) {
    int have = helpers();
    if (have >= wanted) return;
    // Helpers block every signal: they belong to the program's threads.
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    const std::uint32_t seen = announce_.load(std::memory_order_relaxed);  // only the owner announces
    for (; have < wanted; ++have) {
      pthread_t thread;
      if (pthread_create(&thread, nullptr, helper_main, start_argument(have, seen)) != 0) {
        if (verbose_warnings())
          std::fprintf(stderr, "swblas: warning: cannot start a thread; running with %d helper(s)\n", have);
        break;
      }
      pthread_detach(thread);
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    helpers_.store(have, std::memory_order_relaxed);
  }

  // In a fork child only the forking thread exists: the helpers are gone,
  // and a job the parent ran on another thread will never finish here; the
  // waits for them say nothing of the child's threads.
  void forget_helpers_in_child() {
    backoff_.forget();
    helpers_.store(0, std::memory_order_relaxed);
    parked_.store(0, std::memory_order_relaxed);
    wanted_.store(0, std::memory_order_relaxed);
    claims_.store(claim_word(generation_of(claims_.load(std::memory_order_relaxed)), kClosed),
                  std::memory_order_relaxed);
    busy_.store(false, std::memory_order_relaxed);
  }

  std::atomic<bool> busy_{false};
  std::atomic<std::uint64_t> claims_{claim_word(0, kClosed)};
  std::atomic<team_job*> job_{nullptr};
  std::atomic<dim_t> items_{0};
  std::atomic<dim_t> done_{0};
  std::atomic<int> wanted_{0};
  std::atomic<int> helpers_{0};
  std::atomic<long> left_to_caller_{0};  // jobs a helper left to the caller on its CPU
  futex_word announce_{0};
  std::atomic<int> parked_{0};
  std::atomic<int> caller_cpu_{-1};  // the CPU the current or last job's caller was on
  static constexpr unsigned kCpuTimeEvery = 16;
  unsigned team_calls_ = 0;
  straggler_backoff backoff_;
};

// Whether this thread is inside run_team_job. A call from inside an item
// must run alone whether or not the outer call holds the pool: one that
// ran alone because of a straggler outlives the time alone it started in.
thread_local bool running_a_team_job = false;

class team_job_scope {
 public:
  team_job_scope() { running_a_team_job = true; }
  ~team_job_scope() { running_a_team_job = false; }
  team_job_scope(const team_job_scope&) = delete;
  team_job_scope& operator=(const team_job_scope&) = delete;
};

// Items run by the caller alone, in order (every section's barrier holds).
void run_alone(team_job& job, dim_t items) {
  for (dim_t i = 0; i < items; ++i) job.run_item(i, 0);
}

std::atomic<int> threads_override{0};  // 0: the configuration's

bool in_user_parallel_region() { return omp_in_parallel && omp_in_parallel(); }

}  // namespace

void run_team_job(team_job& job, dim_t items, int threads) {
  if (items <= 0) return;
  if (running_a_team_job) return run_alone(job, items);
  const team_job_scope scope;
  if (threads <= 1 || items == 1 || in_user_parallel_region()) return run_alone(job, items);
  pool& p = pool::instance();
  if (p.alone_now() || !p.try_acquire()) return run_alone(job, items);
  p.run(job, items, std::min<int>(threads - 1, kMaxThreads - 1));
  p.release();
}

void wait_for_count(const std::atomic<dim_t>& counter, dim_t value) {
  wait_until([&] { return counter.load(std::memory_order_acquire) >= value; });
}

int configured_threads() {
  const int set = threads_override.load(std::memory_order_relaxed);
  return set > 0 ? set : active_dispatch().threads;
}

void set_configured_threads(int threads) {
  threads_override.store(threads < 1 ? 0 : capped_thread_count(threads), std::memory_order_relaxed);
}

int available_threads() {
  const pool& p = pool::instance();
  if (in_user_parallel_region() || p.busy() || p.alone_now() || running_a_team_job) return 1;
  return configured_threads();
}

int pool_helpers() { return pool::instance().helpers(); }

long pool_straggler_events() { return pool::instance().straggler_events(); }

long pool_jobs_left_to_caller() { return pool::instance().left_to_caller(); }

}  // namespace swblas
