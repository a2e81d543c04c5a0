// The blocking model (src/blocking.cpp): its constraints, and the figures it
// gives for the register blocks and caches the targets describe.
#include <gtest/gtest.h>

#include "blocking.h"

namespace swblas {
namespace {

constexpr std::size_t K = 1024, M = 1024 * 1024;

const register_block kAvx2_8x6{8, 6, 8, 4, false};

TEST(Blocking, ThisMachineClassAvx2) {
  // L1d 32K, L2 512K, L3 32M shared by 2 cores (16M each).
  const blocking b = choose_blocking(kAvx2_8x6, {32 * K, 512 * K, 16 * M});
  EXPECT_EQ(b.kc, 256);   // (1') 4K ways: A 16K = 4 ways + B 12K = 3 ways <= 7 (kc 264 needs 5 + 4)
  EXPECT_EQ(b.mc, 128);   // (3') 262144 / (8 * 256) = 128
  EXPECT_EQ(b.nc, 3966);  // (4') (16M - 512K) / 2 / (8 * 256) = 3968 -> multiple of 6
}

TEST(Blocking, StreamedAPanelLeavesL1ToB) {
  // The AVX-512 24x8 block on Zen 4 (L1d 32K 8-way, L2 1M + 4M of L3).
  register_block r{24, 8, 8, 8, false};
  const cache_config zen4{32 * K, 1 * M, 5 * M};
  // Both micro-panels resident: A 24 x 104 = 5 ways of 4K, B 104 x 8 = 2.
  EXPECT_EQ(choose_blocking(r, zen4).kc, 104);
  r.a_panel_streams = true;
  std::string why;
  const blocking b = choose_blocking(r, zen4, &why);
  EXPECT_EQ(b.kc, 256);   // (1) 32768 / 2 / 8 / 8; (1') B 16K = 4 ways + 1 <= 7
  EXPECT_EQ(b.mc, 240);   // (3') 524288 / (8 * 256) = 256 -> multiple of 24
  EXPECT_EQ(b.nc, 1024);  // (4') (5M - 1M) / 2 / (8 * 256)
  EXPECT_NE(why.find("(1') (B resident) <= 256"), std::string::npos) << why;
  EXPECT_NE(why.find("k1: (2) <= 124"), std::string::npos) << why;
  // (1') binds when L1 has few ways: with 4 ways of 8K, B gets 2 (kc 256),
  // under (1)'s 512 for 4-element vectors.
  r.vector_elems = 4;
  EXPECT_EQ(choose_blocking(r, {32 * K, 1 * M, 4 * M, 4}).kc, 256);
}

TEST(Blocking, PaperConstraintOneBindsForWideVectors) {
  const register_block r{4, 4, 8, 16, false};  // kc <= 32768 / 2 / 8 / 16 = 128
  EXPECT_EQ(choose_blocking(r, {32 * K, 256 * K, 2 * M}).kc, 128);
}

TEST(Blocking, ElementSizeScalesTheBlocks) {
  // Single precision: twice the elements in the same bytes, VL doubled.
  const register_block d{8, 6, 8, 4, false}, s{8, 6, 8, 8, false, 4};
  const blocking bd = choose_blocking(d, {32 * K, 512 * K, 16 * M});
  const blocking bs = choose_blocking(s, {32 * K, 512 * K, 16 * M});
  EXPECT_EQ(bs.kc, 2 * bd.kc);
  EXPECT_EQ(bs.mc * bs.kc * 4, bd.mc * bd.kc * 8);
}

TEST(Blocking, BiggerL2GivesBiggerMc) {
  const blocking small = choose_blocking(kAvx2_8x6, {32 * K, 256 * K, 8 * M});
  const blocking big = choose_blocking(kAvx2_8x6, {32 * K, 1 * M, 8 * M});
  EXPECT_EQ(small.kc, big.kc);
  EXPECT_LT(small.mc, big.mc);
}

TEST(Blocking, AtLeastOneRegisterTileOnTinyCaches) {
  const blocking b = choose_blocking({24, 8, 8, 8, true}, {8 * K, 16 * K, 32 * K});
  EXPECT_GE(b.kc, 8);
  EXPECT_GE(b.mc, 24);
  EXPECT_GE(b.nc, 8);
}

TEST(Blocking, Described) { EXPECT_EQ(describe_blocking({240, 256, 1024}), "mc=240 kc=256 nc=1024"); }

}  // namespace
}  // namespace swblas
