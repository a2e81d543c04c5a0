// The probe of how far apart a team's cores are (src/core_distance.h): it
// ends whether or not a helper takes part, and reports 0 when none does.
#include <gtest/gtest.h>

#include <chrono>

#include "core_distance.h"
#include "thread_pool.h"

namespace swblas {
namespace {

// On a quiet machine a helper joins and the round trip is positive; on a
// loaded one it may not join in time (0). Either way the probe ends.
TEST(CoreDistance, ProbeEndsWithARoundTripOrNone) {
  const double ns = measure_round_trip_ns();
  EXPECT_GE(ns, 0.0);
  EXPECT_LT(ns, 1e6);  // a millisecond: not a round trip of a cache line
}

// From inside an item the pool is busy: the items run alone, in order, so
// the caller gives up waiting for a partner (200 us) and item 1
// finds it gone instead of waiting for pings that never come.
TEST(CoreDistance, ProbeAloneFindsNoPartner) {
  double ns = -1.0;
  const auto start = std::chrono::steady_clock::now();
  run_items(2, 2, [&](dim_t item) {
    if (item == 0) ns = measure_round_trip_ns();
  });
  EXPECT_EQ(ns, 0.0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

TEST(CoreDistance, OneThreadSharesNothing) { EXPECT_EQ(sharing_cost_scale(1), 1.0); }

}  // namespace
}  // namespace swblas
