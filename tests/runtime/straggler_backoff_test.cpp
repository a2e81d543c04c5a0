// The pool's response to a helper taken off its core while it held an item
// (src/straggler_backoff.h): which waits count, how long calls then run
// alone, and that the pool does so.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "straggler_backoff.h"
#include "thread_pool.h"

namespace swblas {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;

caller_times seen(microseconds busy, long items, microseconds wait, microseconds elapsed) {
  caller_times t;
  t.busy = busy;
  t.items = items;
  t.longest_wait = wait;
  t.elapsed = elapsed;
  return t;
}

// A quiet machine's waits (the last items others hold, a helper's late
// first item) stay under two of the caller's items plus the slack; a
// scheduler slice does not, unless the call is four times as long.
TEST(StragglerBackoff, OnlyWaitsBeyondTwoItemsTheSlackAndAQuarterOfTheCallCount) {
  const microseconds ms(1000);
  EXPECT_FALSE(straggled(seen(ms, 10, microseconds(200), ms)));
  EXPECT_FALSE(straggled(seen(10 * ms, 10, 2 * ms, 4 * ms)));
  EXPECT_TRUE(straggled(seen(10 * ms, 10, microseconds(2300), 4 * ms)));
  EXPECT_TRUE(straggled(seen(microseconds(500), 10, 4 * ms, 5 * ms)));
  EXPECT_FALSE(straggled(seen(microseconds(500), 10, 4 * ms, 16 * ms)));
  EXPECT_FALSE(straggled(seen(microseconds(0), 0, microseconds(100), microseconds(100))));
  EXPECT_TRUE(straggled(seen(microseconds(0), 0, 3 * ms, 3 * ms)));
}

// Alone for the factor times the wait after a straggled call; the factor
// doubles with each such call up to its cap and loses an eighth with each
// clean one, never below its floor; never alone longer than kMaxAlone.
TEST(StragglerBackoff, AloneForAFactorOfTheWaitThatGrowsWithWaitsAndShrinksWithoutThem) {
  const microseconds wait(10000);
  const caller_times stalled = seen(microseconds(100), 2, wait, wait);
  const caller_times clean = seen(microseconds(100), 2, microseconds(10), microseconds(200));
  constexpr int kMin = straggler_backoff::kMinFactor, kMax = straggler_backoff::kMaxFactor;
  const microseconds tick(1);
  straggler_backoff b;
  pool_clock::time_point t{std::chrono::hours(1)};
  EXPECT_FALSE(b.alone_at(t));
  b.after_team_call(clean, t);
  EXPECT_FALSE(b.alone_at(t));
  b.after_team_call(stalled, t);
  EXPECT_TRUE(b.alone_at(t + kMin * wait - tick));
  EXPECT_FALSE(b.alone_at(t + kMin * wait));
  t += kMin * wait;
  b.after_team_call(stalled, t);  // twice the floor
  EXPECT_TRUE(b.alone_at(t + 2 * kMin * wait - tick));
  EXPECT_FALSE(b.alone_at(t + 2 * kMin * wait));
  for (int i = 0; i < 20; ++i) b.after_team_call(stalled, t);  // the cap: 256 x 10 ms is over 2 s
  EXPECT_TRUE(b.alone_at(t + straggler_backoff::kMaxAlone - tick));
  EXPECT_FALSE(b.alone_at(t + straggler_backoff::kMaxAlone));
  b.after_team_call(clean, t);  // kMax - kMax / 8
  const caller_times short_stall = seen(microseconds(100), 2, microseconds(1000), microseconds(1000));
  b.after_team_call(short_stall, t);
  EXPECT_TRUE(b.alone_at(t + (kMax - kMax / 8) * microseconds(1000) - tick));
  EXPECT_FALSE(b.alone_at(t + (kMax - kMax / 8) * microseconds(1000)));
  for (int i = 0; i < 40; ++i) b.after_team_call(clean, t);
  b.after_team_call(short_stall, t);
  EXPECT_FALSE(b.alone_at(t + kMin * microseconds(1000)));
  EXPECT_EQ(b.events(), 24);
}

// Makes a helper hold an item for 30 ms (as one the OS took off its core
// would), until a call loses time to it. The caller spends 2 ms on its
// first item, time for a parked helper to wake and claim the second; one
// that does not (its CPU busy, or the OS put it on the caller's CPU, where
// it takes no items) leaves it to the caller: tried for up to 10 s.
struct straggle_attempt {
  long events_before;
  bool helper_held_an_item, helper_slept;
};
straggle_attempt make_a_helper_straggle() {
  straggle_attempt seen{pool_straggler_events(), false, false};
  std::atomic<bool> held{false}, slept{false};
  const auto give_up = pool_clock::now() + std::chrono::seconds(10);
  while (pool_straggler_events() == seen.events_before && pool_clock::now() < give_up) {
    slept = false;
    run_items(2, 2, [&](dim_t i, int worker) {
      if (worker == 0) {
        // Spun, not slept: time off the CPU would count as the caller's.
        const auto head_start = pool_clock::now() + milliseconds(2);
        while (i == 0 && pool_clock::now() < head_start) {
        }
        return;
      }
      held = true;
      std::this_thread::sleep_for(milliseconds(30));
      slept = true;
    });
  }
  seen.helper_held_an_item = held;
  seen.helper_slept = slept;
  return seen;
}

// A machine so busy that no helper took an item in 10 s cannot show a
// straggler (a TSan run beside another test on two cores once did not):
// skipped, not failed.
bool too_busy_to_straggle(const straggle_attempt& attempt) {
  return pool_straggler_events() == attempt.events_before && !attempt.helper_held_an_item;
}
constexpr const char* kTooBusy = "no helper took an item in 10 s: the machine is too busy to show a straggler";

// After a helper held an item the pool runs the next calls alone.
TEST(StragglerBackoff, ThePoolRunsAloneAfterWaitingForAHelper) {
  const straggle_attempt attempt = make_a_helper_straggle();
  if (too_busy_to_straggle(attempt)) GTEST_SKIP() << kTooBusy;
  ASSERT_EQ(pool_straggler_events(), attempt.events_before + 1) << "a helper held an item for 30 ms, and no call lost time";
  // The shortest time alone: where the helper slept the call lasted 30 ms
  // and a loss counts beyond a quarter of it; else the loss was the
  // caller's own time off its CPU (qemu beside another test on two cores),
  // which counts beyond kStragglerSlack.
  const pool_clock::duration shortest =
      attempt.helper_slept ? pool_clock::duration(milliseconds(30)) / 4 : kStragglerSlack;
  const auto after_wait = pool_clock::now();
  const std::thread::id me = std::this_thread::get_id();
  std::atomic<int> elsewhere{0};
  const int available = available_threads();
  run_items(64, 2, [&](dim_t) { elsewhere += std::this_thread::get_id() != me; });
  // Within that time (unless this thread itself was held up).
  if (pool_clock::now() - after_wait < straggler_backoff::kMinFactor * shortest) {
    EXPECT_EQ(available, 1);
    EXPECT_EQ(elsewhere.load(), 0);
  }
}

// A call sent alone by a straggler can outlast its time alone; calls from
// inside its items still run alone, on their thread (they once took the
// pool, freed when the time alone ended, and ran beside their caller).
TEST(StragglerBackoff, CallsFromInsideAnItemRunAloneAfterTheTimeAloneEnds) {
  if (configured_threads() < 2) GTEST_SKIP() << "one thread configured";
  const straggle_attempt attempt = make_a_helper_straggle();
  if (too_busy_to_straggle(attempt)) GTEST_SKIP() << kTooBusy;
  if (available_threads() != 1) GTEST_SKIP() << "the time alone ended before the call (this thread held up)";
  const std::thread::id me = std::this_thread::get_id();
  bool time_alone_ended = false;
  int available_inside = 0;
  std::atomic<int> elsewhere{0};
  run_items(2, 2, [&](dim_t item) {
    if (item != 0) return;
    // Another user thread finds the pool free once the time alone ends
    // (unless this call holds it: then it never does, and gives up).
    std::thread other([&] {
      const auto give_up = pool_clock::now() + straggler_backoff::kMaxAlone + std::chrono::seconds(1);
      while (available_threads() < 2 && pool_clock::now() < give_up) std::this_thread::sleep_for(milliseconds(1));
      time_alone_ended = available_threads() >= 2;
    });
    other.join();
    available_inside = available_threads();
    run_items(16, 2, [&](dim_t) { elsewhere += std::this_thread::get_id() != me; });
  });
  EXPECT_EQ(available_inside, 1) << (time_alone_ended ? "after the time alone ended" : "the call held the pool");
  EXPECT_EQ(elsewhere.load(), 0);
}

// A fork child has none of its parent's helpers and none of their history:
// the parent's time alone does not follow it (it did: a child forked in
// that time ran its first calls alone, and one test's child, made to show a
// helper, failed under ASan on a busy host).
TEST(StragglerBackoff, AForkChildStartsWithoutItsParentsTimeAlone) {
  if (configured_threads() < 2) GTEST_SKIP() << "one thread configured";
  const straggle_attempt attempt = make_a_helper_straggle();
  if (too_busy_to_straggle(attempt)) GTEST_SKIP() << kTooBusy;
  if (available_threads() != 1) GTEST_SKIP() << "the time alone ended before the fork (this thread held up)";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) _exit(available_threads() >= 2 ? 0 : 1);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the child runs alone in its parent's time alone";
}

}  // namespace
}  // namespace swblas
