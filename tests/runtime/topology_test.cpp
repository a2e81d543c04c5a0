// Plausibility of cache readings (pure) and the real hwloc reading.
#include <gtest/gtest.h>

#include "topology.h"

namespace swblas {
namespace {

constexpr std::size_t K = 1024, M = 1024 * 1024;

TEST(AssessCaches, KeepsPlausibleReadings) {
  const cache_assessment a = assess_caches({32 * K, 512 * K, 16 * M});
  EXPECT_TRUE(a.l1d_plausible && a.l2_plausible && a.l3_plausible);
  EXPECT_EQ(a.used.l1d, 32 * K);
  EXPECT_EQ(a.used.l2, 512 * K);
  EXPECT_EQ(a.used.l3, 16 * M);
}

TEST(AssessCaches, Rejects508MegabyteL3PerCore) {
  const cache_assessment a = assess_caches({32 * K, 512 * K, 508 * M});
  EXPECT_TRUE(a.l1d_plausible);
  EXPECT_TRUE(a.l2_plausible);
  EXPECT_FALSE(a.l3_plausible);
  EXPECT_EQ(a.read.l3, 508 * M);  // what was read is kept for the report
  EXPECT_EQ(a.used.l3, 2 * M);
}

TEST(AssessCaches, MissingReadingsUseSafeFigures) {
  const cache_assessment a = assess_caches({0, 0, 0});
  EXPECT_FALSE(a.l1d_plausible || a.l2_plausible || a.l3_plausible);
  EXPECT_EQ(a.used.l1d, kSafeCaches.l1d);
  EXPECT_EQ(a.used.l2, kSafeCaches.l2);
  EXPECT_EQ(a.used.l3, kSafeCaches.l3);
}

TEST(AssessCaches, RangeBounds) {
  EXPECT_FALSE(assess_caches({4 * K, 512 * K, 16 * M}).l1d_plausible);
  EXPECT_TRUE(assess_caches({8 * K, 512 * K, 16 * M}).l1d_plausible);
  EXPECT_TRUE(assess_caches({256 * K, 512 * K, 16 * M}).l1d_plausible);
  EXPECT_FALSE(assess_caches({512 * K, 1 * M, 16 * M}).l1d_plausible);
  EXPECT_FALSE(assess_caches({32 * K, 64 * K, 16 * M}).l2_plausible);
  EXPECT_FALSE(assess_caches({32 * K, 16 * M, 32 * M}).l2_plausible);
  EXPECT_TRUE(assess_caches({32 * K, 8 * M, 32 * M}).l2_plausible);
  EXPECT_TRUE(assess_caches({32 * K, 512 * K, 64 * M}).l3_plausible);
  EXPECT_FALSE(assess_caches({32 * K, 128 * K, 128 * K}).l3_plausible);
}

TEST(AssessCaches, LevelsMustIncrease) {
  const cache_assessment l2_small = assess_caches({256 * K, 192 * K, 8 * M});
  EXPECT_FALSE(l2_small.l2_plausible);
  const cache_assessment l3_small = assess_caches({32 * K, 4 * M, 3 * M});
  EXPECT_TRUE(l3_small.l2_plausible);
  EXPECT_FALSE(l3_small.l3_plausible);
  // A fallback never undercuts the level below it.
  EXPECT_EQ(l3_small.used.l3, 8 * M);
  EXPECT_LT(l3_small.used.l2, l3_small.used.l3);
}

TEST(ReadTopology, GivesUsableFigures) {
  const topology t = read_topology();
  EXPECT_GE(t.cores, 1);
  const cache_sizes& c = t.caches.used;
  EXPECT_GE(c.l1d, 8 * K);
  EXPECT_LT(c.l1d, c.l2);
  EXPECT_LT(c.l2, c.l3);
  const cache_assessment again = assess_caches(t.caches.read);
  EXPECT_EQ(again.used.l3, c.l3);
}

// hwloc synthetic machines: what is read per core, and what is used.
TEST(ReadTopology, SharedCachesAreDividedAmongCores) {
  const topology t = read_topology(
      "pack:2 l3:1(size=33554432) l2:4(size=2097152) core:2 l1d:1(size=49152) pu:2");
  EXPECT_EQ(t.cores, 16);  // physical cores, not the 32 PUs
  EXPECT_EQ(t.caches.read.l1d, 48 * K);
  EXPECT_EQ(t.caches.read.l2, 1 * M);  // 2M shared by a cluster of 2 cores
  EXPECT_EQ(t.caches.read.l3, 4 * M);  // 32M shared by 8 cores
  EXPECT_TRUE(t.caches.l1d_plausible && t.caches.l2_plausible && t.caches.l3_plausible);
}

TEST(ReadTopology, HypervisorsHugeL3IsReadButNotUsed) {
  const topology t = read_topology(
      "pack:1 l3:1(size=1065353216) l2:2(size=524288) l1d:1(size=32768) core:1 pu:1");
  EXPECT_EQ(t.cores, 2);
  EXPECT_EQ(t.caches.read.l3, 508 * M);
  EXPECT_FALSE(t.caches.l3_plausible);
  EXPECT_EQ(t.caches.used.l3, 2 * M);
  EXPECT_EQ(t.caches.used.l2, 512 * K);
}

TEST(ReadTopology, NoCacheInformation) {
  const topology t = read_topology("pack:1 core:4 pu:2");
  EXPECT_EQ(t.cores, 4);
  EXPECT_EQ(t.caches.read.l1d, 0u);
  EXPECT_EQ(t.caches.used.l1d, kSafeCaches.l1d);
  EXPECT_EQ(t.caches.used.l3, kSafeCaches.l3);
}

TEST(FormatBytes, Units) {
  EXPECT_EQ(format_bytes(32 * K), "32K");
  EXPECT_EQ(format_bytes(16 * M), "16M");
  EXPECT_EQ(format_bytes(1000), "1000B");
}

}  // namespace
}  // namespace swblas
