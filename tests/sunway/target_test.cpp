// The Sunway target description and the generator's LDM-budget refusal.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "spec.h"
#include "sunway_generate.h"
#include "sunway_recipe.h"
#include "sunway_target.h"

namespace {

using ::testing::HasSubstr;
using swgen::sunway::parse_sunway_target;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(SunwayTarget, TheShippedDescription) {
  const auto t = parse_sunway_target(read(SWBLAS_SOURCE_DIR "/generator/targets/sunway.target"), "sunway.target");
  EXPECT_EQ(t.mesh_rows, 8);
  EXPECT_EQ(t.mesh_cols, 8);
  EXPECT_EQ(t.tile_m, 64);
  EXPECT_EQ(t.tile_n, 64);
  EXPECT_EQ(t.tile_k, 32);
  EXPECT_EQ(t.step_m(), 512);
  EXPECT_EQ(t.step_n(), 512);
  EXPECT_EQ(t.step_k(), 256);
  EXPECT_EQ(t.ldm_bytes, 256u * 1024);
  EXPECT_EQ(t.ldm_budget, 216u * 1024);
  EXPECT_EQ(t.ukernel, "sw_dgemm_ukernel");
  EXPECT_EQ(t.ukernel_f32, "sw_sgemm_ukernel");
}

// Float kernels: the float micro kernel, m and n as the file gives them, and
// k doubled while the buffers fit: 64x64x64 takes 147728 bytes of the 221184
// (64x64x128 would take 278800), so each tile moves as many bytes as
// double's 64x64x32 and a mesh step is 512 deep.
TEST(SunwayTarget, FloatTilesAreAsDeepAsTheBudgetAllows) {
  const auto file = parse_sunway_target(read(SWBLAS_SOURCE_DIR "/generator/targets/sunway.target"), "sunway.target");
  const auto d = swgen::sunway::target_for_element(file, swgen::element_type::f64);
  EXPECT_EQ(d.tile_k, 32);
  EXPECT_EQ(d.ukernel, "sw_dgemm_ukernel");
  const auto f = swgen::sunway::target_for_element(file, swgen::element_type::f32);
  EXPECT_EQ(f.tile_m, 64);
  EXPECT_EQ(f.tile_n, 64);
  EXPECT_EQ(f.tile_k, 64);
  EXPECT_EQ(f.step_k(), 512);
  EXPECT_EQ(f.ukernel, "sw_sgemm_ukernel");
  std::size_t total = 0;
  for (const auto& b : swgen::sunway::ldm_plan(f, swgen::sunway::kernel_param_bytes)) total += b.bytes;
  EXPECT_EQ(total, 16384u + 8 * 16384u + 256u + 16u);
  // A budget that 64x64x64 exceeds (147776 bytes with each buffer rounded
  // to 64) keeps the file's depth (82240 bytes).
  auto tight = file;
  tight.ldm_budget = 100 * 1024;
  EXPECT_EQ(swgen::sunway::target_for_element(tight, swgen::element_type::f32).tile_k, 32);
}

TEST(SunwayTarget, FloatSpecsNeedAFloatMicroKernel) {
  const auto t = parse_sunway_target("name = doubles\n", "doubles.target");
  EXPECT_THAT([&] { swgen::sunway::generate(read(SWBLAS_SOURCE_DIR "/generator/specs/sgemm.c"), t); },
              ::testing::ThrowsMessage<swgen::spec_error>(HasSubstr("target doubles has no single-precision CPE micro kernel (ukernel_f32)")));
}

TEST(SunwayTarget, BadLinesNameTheFileAndLine) {
  EXPECT_THAT([] { parse_sunway_target("name = x\ncpe_tile = 64 64\n", "t.target"); },
              ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("t.target:2")));
  EXPECT_THAT([] { parse_sunway_target("colour = red\n", "t.target"); },
              ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("unknown key 'colour'")));
  EXPECT_THAT([] { parse_sunway_target("cpe_tile = 32 32 32\nmesh_step = 512 512 256\n", "t.target"); },
              ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("mesh_step must be mesh x cpe_tile")));
}

// Nine LDM buffers (C, and A and B double-buffered for both DMA and RMA) plus
// the parameter block and reply words: 164112 bytes for 64x64x32.
TEST(SunwayLdmBudget, TheDefaultTileFits) {
  const auto t = parse_sunway_target("", "defaults");
  std::size_t total = 0;
  for (const auto& b : swgen::sunway::ldm_plan(t, swgen::sunway::kernel_param_bytes)) total += b.bytes;
  EXPECT_EQ(total, 32768u + 8 * 16384u + 256u + 16u);
  EXPECT_NO_THROW(swgen::sunway::check_ldm_budget(t, swgen::sunway::ldm_plan(t, swgen::sunway::kernel_param_bytes)));
}

TEST(SunwayLdmBudget, ATooLargeTileIsRefusedNamingTheBuffers) {
  const auto t = parse_sunway_target("name = big\ncpe_tile = 128 128 32\n", "big.target");
  try {
    swgen::sunway::generate(read(SWBLAS_SOURCE_DIR "/generator/specs/dgemm.c"), t);
    FAIL() << "a 128x128x32 tile was accepted";
  } catch (const swgen::spec_error& e) {
    const std::string m = e.what();
    EXPECT_THAT(m, HasSubstr("CPE tile 128x128x32 needs 393536 bytes"));
    EXPECT_THAT(m, HasSubstr("c_tile 131072"));
    EXPECT_THAT(m, HasSubstr("a_rma[1] 32768"));
    EXPECT_THAT(m, HasSubstr("budget is 221184 bytes"));
  }
}

// A smaller budget refuses the default tile too (one byte short).
TEST(SunwayLdmBudget, TheBudgetIsTheTargetsNotAConstant) {
  const auto t = parse_sunway_target("ldm_budget = 160K\n", "small.target");
  EXPECT_THROW(swgen::sunway::check_ldm_budget(t, swgen::sunway::ldm_plan(t, swgen::sunway::kernel_param_bytes)), swgen::spec_error);
}

}  // namespace
