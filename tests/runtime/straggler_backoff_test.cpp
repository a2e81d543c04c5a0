// The pool's response to a helper taken off its core while it held an item
// (src/straggler_backoff.h): which waits count, how long calls then run
// alone, and that the pool does so.
#include <gtest/gtest.h>

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

// A helper that holds an item for 30 ms (as one the OS took off its core
// would) makes the pool run the next calls alone. The helper may not come
// in time to claim an item (then the caller runs both; a new helper may
// take milliseconds to start): tried until it does.
TEST(StragglerBackoff, ThePoolRunsAloneAfterWaitingForAHelper) {
  const long before = pool_straggler_events();
  const auto give_up = pool_clock::now() + std::chrono::seconds(10);
  while (pool_straggler_events() == before && pool_clock::now() < give_up)
    run_items(2, 2, [](dim_t, int worker) {
      if (worker != 0) std::this_thread::sleep_for(milliseconds(30));
    });
  ASSERT_EQ(pool_straggler_events(), before + 1) << "no helper ever claimed an item";
  const auto after_wait = pool_clock::now();
  const std::thread::id me = std::this_thread::get_id();
  std::atomic<int> elsewhere{0};
  const int available = available_threads();
  run_items(64, 2, [&](dim_t) { elsewhere += std::this_thread::get_id() != me; });
  // Within the shortest time alone (unless this thread itself was held up).
  if (pool_clock::now() - after_wait < straggler_backoff::kMinFactor * std::chrono::milliseconds(30)) {
    EXPECT_EQ(available, 1);
    EXPECT_EQ(elsewhere.load(), 0);
  }
}

}  // namespace
}  // namespace swblas
