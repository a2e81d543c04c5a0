// The analytical blocking model respects its cache constraints.
#include <gtest/gtest.h>

#include "blocking.h"

namespace swblas {
namespace {

constexpr std::size_t K = 1024, M = 1024 * 1024;

void expect_model_constraints(const cache_sizes& c, int mr, int nr) {
  const blocking b = model_blocking(c, mr, nr);
  SCOPED_TRACE(testing::Message() << "mr " << mr << " nr " << nr << " -> mc " << b.mc
                                  << " kc " << b.kc << " nc " << b.nc);
  EXPECT_EQ(b.kc % 8, 0);
  EXPECT_EQ(b.mc % mr, 0);
  EXPECT_EQ(b.nc % nr, 0);
  EXPECT_GE(b.mc, mr);
  EXPECT_GE(b.nc, nr);
  EXPECT_LE(std::size_t(b.kc * (mr + nr) * 8), c.l1d * 7 / 8);  // A and B micro-panels in L1
  EXPECT_LE(std::size_t(b.mc * b.kc * 8), c.l2 - c.l1d);  // A block in L2
  EXPECT_LE(std::size_t(b.kc * b.nc * 8), c.l3 - c.l2);   // B panel in L3
}

TEST(ModelBlocking, ThisMachineClass) {
  expect_model_constraints({32 * K, 512 * K, 16 * M}, 8, 6);
  expect_model_constraints({32 * K, 512 * K, 16 * M}, 4, 4);
  expect_model_constraints({48 * K, 2 * M, 2 * M + 1 * M}, 24, 8);
}

TEST(ModelBlocking, SafeFigures) { expect_model_constraints(kSafeCaches, 8, 6); }

TEST(ModelBlocking, BiggerL2GivesBiggerMc) {
  const blocking small = model_blocking({32 * K, 256 * K, 8 * M}, 8, 6);
  const blocking big = model_blocking({32 * K, 1 * M, 8 * M}, 8, 6);
  EXPECT_EQ(small.kc, big.kc);
  EXPECT_LT(small.mc, big.mc);
}

}  // namespace
}  // namespace swblas
