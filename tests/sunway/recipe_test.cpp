// The Sunway schedule tree (paper 000, Figs. 6, 9, 11) built from
// generator/specs/dgemm.c: the mesh band bound to (rid, cid), k strip-mined
// by 8, extension nodes for the DMA and RMA statements in pipeline order,
// the micro-kernel mark; and the printed CPE/MPE sources use the athread API.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "isl_c.h"
#include "polyhedral.h"
#include "spec.h"
#include "sunway_generate.h"
#include "sunway_recipe.h"

namespace {

using ::testing::HasSubstr;
using swgen::sunway::sunway_target;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string dgemm_spec() { return read(SWBLAS_SOURCE_DIR "/generator/specs/dgemm.c"); }

sunway_target default_target() {
  return swgen::sunway::parse_sunway_target(read(SWBLAS_SOURCE_DIR "/generator/targets/sunway.target"), "sunway.target");
}

class SunwayRecipe : public ::testing::Test {
 protected:
  void SetUp() override {
    const swgen::scop s = swgen::parse_spec(dgemm_spec());
    model_ = swgen::build_model(ctx_.get(), s);
    analysis_ = swgen::analyse(model_, s);
    result_ = swgen::sunway::apply_sunway_recipe(model_, analysis_, default_target());
  }

  // Node kinds on the path from the root to the first node satisfying `stop`.
  std::vector<isl::schedule_node> nodes() const {
    std::vector<isl::schedule_node> all;
    result_.schedule.root().foreach_descendant_top_down([&](const isl::schedule_node& n) {
      all.push_back(n);
      return true;
    });
    return all;
  }

  swgen::islc::context ctx_;
  swgen::model model_;
  swgen::analysis analysis_;
  swgen::sunway::sunway_recipe_result result_;
};

TEST_F(SunwayRecipe, MarksTheMeshAndTheMicroKernel) {
  std::vector<std::string> marks;
  for (const auto& n : nodes())
    if (n.isa<isl::schedule_node_mark>()) marks.push_back(swgen::islc::mark_name(n));
  EXPECT_EQ(marks, (std::vector<std::string>{"cpe_mesh", "ukernel"}));
}

// The band below "cpe_mesh" is bound to the CPE's ids by a filter on rid, cid.
TEST_F(SunwayRecipe, BindsTheTileBandToTheMeshIds) {
  for (const auto& n : nodes()) {
    if (!n.isa<isl::schedule_node_mark>() || swgen::islc::mark_name(n) != "cpe_mesh") continue;
    const isl::schedule_node filter = n.child(0);
    ASSERT_TRUE(filter.isa<isl::schedule_node_filter>());
    const isl::union_set f = filter.as<isl::schedule_node_filter>().filter();
    const isl::space space = f.space();
    EXPECT_GE(isl_space_find_dim_by_name(space.get(), isl_dim_param, "rid"), 0);
    EXPECT_GE(isl_space_find_dim_by_name(space.get(), isl_dim_param, "cid"), 0);
    const isl::schedule_node band = filter.child(0);
    ASSERT_TRUE(band.isa<isl::schedule_node_band>());
    EXPECT_EQ(band.as<isl::schedule_node_band>().n_member(), 2u);
    // Element (i, j) = (64*rid + 5, 64*cid + 3) of a mesh step belongs to CPE (rid, cid).
    const isl::union_set owned(ctx_.get(), "[rid, cid] -> { S0[i, j, k] : 0 <= rid < 8 and 0 <= cid < 8 and i = 512 + 64*rid + 5 and j = 64*cid + 3 }");
    EXPECT_TRUE(owned.is_subset(f));
    const isl::union_set neighbour(ctx_.get(), "[rid, cid] -> { S0[i, j, k] : i = 64*rid + 69 and j = 64*cid + 3 }");
    EXPECT_TRUE(neighbour.intersect(f).is_empty());
    return;
  }
  FAIL() << "no cpe_mesh mark";
}

// Three extension nodes, outermost first: C tiles and the first k block's A
// and B tiles (DMA); per k block the wait, the next block's prefetch and the
// first sub-step's broadcasts; per sub-step the wait, the barrier and the
// next sub-step's broadcasts. Their sequences give the pipeline order.
TEST_F(SunwayRecipe, ExtensionNodesInPipelineOrder) {
  std::vector<std::vector<std::string>> levels;
  for (const auto& n : nodes()) {
    if (!n.isa<isl::schedule_node_sequence>()) continue;
    std::vector<std::string> order;
    for (unsigned c = 0; c < n.n_children(); ++c) {
      const isl::union_set f = n.child(static_cast<int>(c)).as<isl::schedule_node_filter>().filter();
      f.foreach_set([&](const isl::set& s) { order.push_back(isl_set_get_tuple_name(s.get())); });
    }
    levels.push_back(order);
  }
  ASSERT_EQ(levels.size(), 3u);
  EXPECT_EQ(levels[0], (std::vector<std::string>{"getC", "fetch_first_a", "fetch_first_b", "waitC", "S0", "putC",
                                                 "wait_putC"}));
  EXPECT_EQ(levels[1], (std::vector<std::string>{"wait_block", "fetch_next_a", "fetch_next_b", "ssync_block", "bcast_first_a",
                                                 "bcast_first_b", "S0"}));
  EXPECT_EQ(levels[2], (std::vector<std::string>{"wait_step", "ssync_step", "bcast_next_a", "bcast_next_b", "S0"}));
  int extensions = 0;
  for (const auto& n : nodes()) extensions += n.isa<isl::schedule_node_extension>();
  EXPECT_EQ(extensions, 3);
}

// Tile boxes from the access relations (isl's fixed box hull).
TEST_F(SunwayRecipe, TileBoxesMatchTheCpeTile) {
  EXPECT_EQ(result_.boxes.a, (std::vector<long>{64, 32}));
  EXPECT_EQ(result_.boxes.b, (std::vector<long>{32, 64}));
  EXPECT_EQ(result_.boxes.c, (std::vector<long>{64, 64}));
  EXPECT_EQ(result_.boxes.compute, (std::vector<long>{64, 64, 32}));
}

// The broadcast of sub-step s comes from the CPE whose column (A) or row (B)
// is s: isl guards the statements by it.
TEST(SunwaySources, PrintTheAthreadApi) {
  const auto files = swgen::sunway::generate(dgemm_spec(), default_target());
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0].first, "dgemm_sunway.h");
  const std::string& cpe = files[1].second;
  const std::string& mpe = files[2].second;
  for (const char* call : {"sw_tile_get", "sw_tile_put", "athread_dma_wait_value", "sw_row_bcast", "sw_col_bcast",
                           "athread_rma_wait_value", "athread_ssync_array", "ldm_malloc", "SW_EMU_CHECK_READ",
                           "SW_EMU_COUNT_FLOPS", "sw_dgemm_ukernel(", "_ROW", "_COL"})
    EXPECT_NE(cpe.find(call), std::string::npos) << call;
  // The statements' helpers, in the header every CPE source includes.
  EXPECT_THAT(cpe, HasSubstr("#include \"sunway/cpe_support.h\""));
  const std::string support = read(SWBLAS_SOURCE_DIR "/generator/sunway/include/sunway/cpe_support.h");
  for (const char* call : {"athread_dma_iget_stride", "athread_dma_iput_stride", "athread_rma_row_ibcast",
                           "athread_rma_col_ibcast", "sim_check_ldm_read", "sim_count_flops"})
    EXPECT_NE(support.find(call), std::string::npos) << call;
  EXPECT_THAT(cpe, HasSubstr("if (cid == 0) {\n          // bcast_first_a"));
  EXPECT_THAT(cpe, HasSubstr("c5 + 1 == cid"));
  EXPECT_THAT(mpe, HasSubstr("athread_spawn(SLAVE_FUN(dgemm_sunway_cpe), params);"));
  EXPECT_THAT(mpe, HasSubstr("athread_join();"));
}

// A float spec: the same kernel with float elements, the float micro kernel
// and the float tile (64x64x64: 16384-byte A and B buffers, as double's).
TEST(SunwaySources, AFloatSpecPrintsAFloatKernel) {
  const auto out = swgen::sunway::generate_kernel_files(read(SWBLAS_SOURCE_DIR "/generator/specs/sgemm.c"),
                                                        default_target(), "sgemm_sunway");
  EXPECT_EQ(out.kernel.elem, swgen::element_type::f32);
  EXPECT_EQ(out.kernel.family, "dgemm");
  const std::string& header = out.files[0].second;
  const std::string& cpe = out.files[1].second;
  EXPECT_THAT(header, HasSubstr("  float alpha, beta;\n  const float* a;"));
  EXPECT_THAT(cpe, HasSubstr("sw_sgemm_ukernel(m, n, k, p->alpha, a, at.rs, at.cs, b, bt.rs, bt.cs, c, m);"));
  EXPECT_THAT(cpe, HasSubstr("a_dma[slot] = static_cast<float*>(ldm_malloc(16384));"));
  EXPECT_THAT(cpe, HasSubstr("float* c_tile = static_cast<float*>(ldm_malloc(16384));"));
  EXPECT_EQ(cpe.find("double"), std::string::npos);
}

// Float kernels are plain GEMM on Sunway: a float batched spec is refused.
TEST(SunwaySources, AFloatBatchedSpecIsRefused) {
  std::string spec = read(SWBLAS_SOURCE_DIR "/generator/specs/dgemm_batch.c");
  for (std::size_t at; (at = spec.find("double")) != std::string::npos;) spec.replace(at, 6, "float");
  EXPECT_THAT([&] { swgen::sunway::generate_kernel_files(spec, default_target(), "sgemm_batch_sunway"); },
              ::testing::ThrowsMessage<swgen::spec_error>(HasSubstr("float kernels are plain GEMM only")));
}

// The loop order of the spec does not matter: every index the printer uses
// comes from the GEMM roles, so k-outermost prints the same kernel.
TEST(SunwaySources, LoopOrderOfTheSpecDoesNotChangeTheKernel) {
  const auto ijk = swgen::sunway::generate(dgemm_spec(), default_target());
  const auto kij = swgen::sunway::generate(read(SWBLAS_SOURCE_DIR "/generator/specs/dgemm_kij.c"), default_target());
  ASSERT_EQ(ijk.size(), kij.size());
  for (std::size_t f = 0; f < ijk.size(); ++f) EXPECT_EQ(ijk[f].second, kij[f].second) << ijk[f].first;
}

// Golden files (tests/sunway/golden/*.txt): the printed sources and the
// dumped schedule trees of the Sunway stages for specs/dgemm.c. After an
// intended change, regenerate them with swblas-gen --target
// generator/targets/sunway.target (--out-dir, --dump-schedule without the
// model and analysis stages; add the .txt suffix) and re-run the numerical
// tests.
TEST(SunwayGolden, SourcesAndScheduleAreUnchanged) {
  const auto out = swgen::sunway::generate_kernel_files(dgemm_spec(), default_target(), "dgemm_sunway");
  for (const auto& [file, text] : out.files) EXPECT_EQ(text, read(SWBLAS_SOURCE_DIR "/tests/sunway/golden/" + file + ".txt")) << file;
  std::string dump;  // the Sunway stages (model and analysis belong to swblas_gen_core)
  for (const auto& [stage, tree] : out.stages)
    if (stage != "model" && stage != "analysis") dump += "## stage " + stage + "\n" + tree + "\n";
  EXPECT_EQ(dump, read(SWBLAS_SOURCE_DIR "/tests/sunway/golden/dgemm_sunway.schedule.txt"));
}

TEST(SunwayDumps, EveryStageIsRecorded) {
  const auto out = swgen::sunway::generate_kernel_files(dgemm_spec(), default_target(), "k");
  std::vector<std::string> names;
  for (const auto& [stage, tree] : out.stages) names.push_back(stage);
  EXPECT_EQ(names, (std::vector<std::string>{"model", "analysis", "mesh decomposition", "dma", "rma and pipeline"}));
  EXPECT_THAT(out.stages.back().second, HasSubstr("mark: \"ukernel\""));
}

}  // namespace
