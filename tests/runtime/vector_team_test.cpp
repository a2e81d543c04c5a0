// The ranges a vector team splits its work into: they tile [0, count) in
// order, start at multiples of the alignment, and small work stays on one
// thread.
#include <gtest/gtest.h>

#include <omp.h>

#include <algorithm>
#include <complex>

#include "vector_team.h"

namespace swblas {
namespace {

TEST(vector_team, RangesTileTheItemsAtAlignedBoundaries) {
  for (index_t count : {0, 1, 7, 8, 9, 100, 1001})
    for (index_t align : {1, 8, 64})
      for (int nt : {1, 2, 3, 7}) {
        index_t next = 0;
        for (int t = 0; t < nt; ++t) {
          index_t begin, end;
          range_of(count, align, t, nt, &begin, &end);
          EXPECT_EQ(begin, next) << count << " " << align << " " << t << "/" << nt;
          EXPECT_LE(begin, end);
          if (begin < count) {
            EXPECT_EQ(begin % align, 0);
          }
          next = end;
        }
        EXPECT_EQ(next, count) << count << " " << align << " " << nt;
      }
}

TEST(vector_team, AnchoredRangesStartAtTheAnchorPlusWholeUnits) {
  for (index_t count : {7, 100, 1001})
    for (index_t anchor : {0, 1, 5, 7})
      for (int nt : {1, 2, 3}) {
        index_t next = 0;
        for (int t = 0; t < nt; ++t) {
          index_t begin, end;
          anchored_range_of(count, 8, anchor, t, nt, &begin, &end);
          EXPECT_EQ(begin, next) << count << " " << anchor << " " << t << "/" << nt;
          if (t > 0 && begin < count) {
            EXPECT_EQ((begin - anchor) % 8, 0);
          }
          next = std::max(next, end);
        }
        EXPECT_EQ(next, count) << count << " " << anchor << " " << nt;
      }
}

TEST(vector_team, LineAnchorIsTheFirstElementOnALine) {
  alignas(64) static double v[512];
  EXPECT_EQ(line_anchor(v, 512), 0);
  EXPECT_EQ(line_anchor(v + 2, 510), 6);
  EXPECT_EQ(line_anchor(v + 2, 100), 0);  // short: not cut
  EXPECT_EQ(line_anchor(reinterpret_cast<const std::complex<double>*>(v + 2), 255), 3);
}

TEST(vector_team, SmallWorkRunsAlone) {
  EXPECT_EQ(vector_team_size(1000, 8000), 1);
  EXPECT_GE(vector_team_size(index_t{1} << 24, std::size_t{8} << 24), 1);
  EXPECT_LE(vector_team_size(index_t{1} << 24, std::size_t{8} << 24), configured_threads());
}

// Named for the sanitizer stage's filter: TSan cannot see into libgomp.
TEST(vector_team, CallsInAUserParallelRegionRunAlone) {
  int inside = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    inside = vector_team_size(index_t{1} << 24, std::size_t{8} << 24);
  }
  EXPECT_EQ(inside, 1);
}

TEST(vector_team, SumsAddEveryRangeOnce) {
  const index_t count = index_t{1} << 22;
  const double total = sum_over_ranges<double>(count, 8, std::size_t{8} << 22,
                                               [](index_t b, index_t e) { return static_cast<double>(e - b); });
  EXPECT_EQ(total, static_cast<double>(count));
}

}  // namespace
}  // namespace swblas
