// The batch prefetch policy: the measured whole-entry windows by CPU, and
// where streams go by L1d size.
#include <gtest/gtest.h>

#include "prefetch_policy.h"

namespace swblas {
namespace {

constexpr std::size_t K = 1024;
const cpu_identity kZen4{cpu_vendor::amd, 0x19, 0x11};
const cpu_identity kZen5{cpu_vendor::amd, 0x1a, 0x02};
const cpu_identity kEmeraldRapids{cpu_vendor::intel, 6, 207};
const cpu_identity kZen2{cpu_vendor::amd, 0x17, 0x31};

double cube_operands(double n) { return 3.0 * n * n * n / n; }  // A, B and C of an n^3 problem

TEST(PrefetchPolicy, WholeWindowIsTheMeasuredOneForTheCpu) {
  const cache_sizes caches{32 * K, 1024 * K, 4096 * K};
  EXPECT_EQ(choose_prefetch_policy(kZen4, caches).whole_max_doubles, 3072.0);
  EXPECT_EQ(choose_prefetch_policy(kZen4, caches).basis, "measured on Zen 4");
  EXPECT_EQ(choose_prefetch_policy(kZen5, caches).whole_max_doubles, 512.0);
  EXPECT_EQ(choose_prefetch_policy(kZen5, caches).basis, "measured on Zen 5");
  EXPECT_EQ(choose_prefetch_policy(kEmeraldRapids, caches).whole_max_doubles, 512.0);
  EXPECT_EQ(choose_prefetch_policy(kEmeraldRapids, caches).basis, "measured on Emerald Rapids");
  // Unmeasured CPUs get the default and say so.
  const prefetch_policy zen2 = choose_prefetch_policy(kZen2, caches);
  EXPECT_EQ(zen2.whole_max_doubles, 512.0);
  EXPECT_NE(std::string(zen2.basis).find("not measured"), std::string::npos);
  EXPECT_EQ(choose_prefetch_policy(cpu_identity{}, caches).whole_max_doubles, 512.0);
}

TEST(PrefetchPolicy, EntriesWholeThenStreamedThenNotAtAll) {
  using fetch = small_batch::fetch;
  const prefetch_policy zen4 = choose_prefetch_policy(kZen4, {32 * K, 1024 * K, 4096 * K});
  const prefetch_policy zen5 = choose_prefetch_policy(kZen5, {48 * K, 1024 * K, 4096 * K});
  EXPECT_EQ(zen4.ahead_for(cube_operands(8)), fetch::whole);
  EXPECT_EQ(zen5.ahead_for(cube_operands(8)), fetch::whole);
  EXPECT_EQ(zen4.ahead_for(cube_operands(16)), fetch::whole);  // 768 doubles
  EXPECT_EQ(zen5.ahead_for(cube_operands(16)), fetch::stream);
  EXPECT_EQ(zen4.ahead_for(cube_operands(32)), fetch::whole);  // 3072 doubles
  EXPECT_EQ(zen5.ahead_for(cube_operands(32)), fetch::stream);
  EXPECT_EQ(zen4.ahead_for(3073.0), fetch::stream);
  EXPECT_EQ(zen4.ahead_for(cube_operands(64)), fetch::stream);
  EXPECT_EQ(zen4.ahead_for(kPrefetchedOperandDoubles), fetch::stream);
  EXPECT_EQ(zen4.ahead_for(kPrefetchedOperandDoubles + 1.0), fetch::none);
  EXPECT_EQ(zen5.ahead_for(cube_operands(160)), fetch::none);
}

// Into L1 while two entries fit in L1d: 32^3 entries (24 KiB) on a 48 KiB
// L1d, not on a 32 KiB one; 64^3 on neither.
TEST(PrefetchPolicy, StreamIntoL1WhileTwoEntriesFitL1d) {
  const prefetch_policy l1_32k = choose_prefetch_policy(kZen4, {32 * K, 1024 * K, 4096 * K});
  const prefetch_policy l1_48k = choose_prefetch_policy(kZen5, {48 * K, 1024 * K, 4096 * K});
  EXPECT_EQ(l1_32k.l1d_bytes, 32 * K);
  EXPECT_TRUE(l1_32k.stream_into_l1(cube_operands(16)));
  EXPECT_TRUE(l1_32k.stream_into_l1(2048.0));
  EXPECT_FALSE(l1_32k.stream_into_l1(2049.0));
  EXPECT_FALSE(l1_32k.stream_into_l1(cube_operands(32)));
  EXPECT_TRUE(l1_48k.stream_into_l1(cube_operands(32)));
  EXPECT_FALSE(l1_48k.stream_into_l1(cube_operands(64)));
}

TEST(PrefetchPolicy, DescribedInOneLine) {
  const prefetch_policy p = choose_prefetch_policy(kZen4, {32 * K, 1024 * K, 4096 * K});
  EXPECT_EQ(describe_policy(p),
            "batch prefetch: entries up to 3072 doubles fetched whole (measured on Zen 4), "
            "larger ones streamed, into L1 up to 2048 doubles (two entries in L1d 32K)");
}

}  // namespace
}  // namespace swblas
