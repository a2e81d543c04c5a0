// The schedule tree after each stage of the recipe: dependences and band
// flags, tile sizes, marks, extension positions, pack boxes; and that the
// k-outermost spec ends in the same tree. (The only test file with isl/cpp.h.)
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "codegen.h"
#include "isl_c.h"
#include "polyhedral.h"
#include "recipe.h"
#include "spec.h"

namespace swgen {
namespace {

std::string read_spec(const std::string& name) {
  std::ifstream in(std::string(SWBLAS_GEN_SOURCE_DIR) + "/specs/" + name);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// One spec through model and analysis, in its own isl context.
struct analysed {
  islc::context ctx;
  scop s;
  model m;
  analysis a;
  explicit analysed(const std::string& spec)
      : s(parse_spec(read_spec(spec))), m(build_model(ctx.get(), s)), a(analyse(m, s)) {}
};

template <class T>
std::string str(const T& x) {
  std::ostringstream s;
  s << x;
  return s.str();
}

const tile_sizes kSizes{96, 256, 4080, 8, 6};  // mc, kc, nc, mr, nr

isl::schedule_node_band band_at(const isl::schedule_node& n) {
  EXPECT_TRUE(n.isa<isl::schedule_node_band>());
  return n.as<isl::schedule_node_band>();
}

std::string member(const isl::schedule_node_band& b, int pos) {
  return str(b.partial_schedule().at(pos));
}

void expect_mark(const isl::schedule_node& n, const std::string& name) {
  ASSERT_TRUE(n.isa<isl::schedule_node_mark>());
  EXPECT_EQ(islc::mark_name(n), name);
}

// Descends through extension/sequence/filter nodes to the first node that is
// neither, taking the filter of statement S0 at sequences.
isl::schedule_node skip_to_s0(isl::schedule_node n) {
  const isl::union_set s0(n.ctx(), "{ S0[a, b, c] }");
  while (n.isa<isl::schedule_node_extension>() || n.isa<isl::schedule_node_sequence>() ||
         n.isa<isl::schedule_node_filter>()) {
    if (!n.isa<isl::schedule_node_sequence>()) {
      n = n.child(0);
      continue;
    }
    for (unsigned c = 0; c < n.n_children(); ++c)
      if (!n.child(c).as<isl::schedule_node_filter>().filter().intersect(s0).is_empty()) {
        n = n.child(c);
        break;
      }
  }
  return n;
}

TEST(Analysis, DependencesAreTheReductionOnC) {
  analysed g("dgemm.c");
  const isl::union_map carried(g.ctx.get(),
                               "[M, N, K] -> { S0[i, j, k] -> S0[i, j, k + 1] : 0 <= i < M and 0 <= j < N and 0 <= k < K - 1 }");
  EXPECT_TRUE(g.a.raw.is_equal(carried)) << str(g.a.raw);
  EXPECT_TRUE(g.a.waw.is_equal(carried)) << str(g.a.waw);
  const isl::set d = band_distances(g.a.schedule.root().child(0), g.a.raw.unite(g.a.war).unite(g.a.waw));
  EXPECT_TRUE(d.is_equal(isl::set(g.ctx.get(), "[M, N, K] -> { [0, 0, d] : 0 < d < K and M > 0 and N > 0 }")))
      << str(d);
}

TEST(Analysis, IAndJCoincidentKNotBandPermutable) {
  analysed g("dgemm.c");
  const auto b = band_at(g.a.schedule.root().child(0));
  EXPECT_TRUE(b.permutable());
  EXPECT_TRUE(b.member_get_coincident(0));   // i
  EXPECT_TRUE(b.member_get_coincident(1));   // j
  EXPECT_FALSE(b.member_get_coincident(2));  // k
  EXPECT_EQ(g.a.roles.row, 0);
  EXPECT_EQ(g.a.roles.col, 1);
  EXPECT_EQ(g.a.roles.reduction, 2);
  EXPECT_EQ(g.a.roles.c + g.a.roles.a + g.a.roles.b, "CAB");
  EXPECT_EQ(g.a.roles.m + g.a.roles.n + g.a.roles.k, "MNK");
}

TEST(Analysis, IslSchedulerAgreesOnCoincidence) {
  analysed g("dgemm.c");
  const isl::union_map deps = g.a.raw.unite(g.a.war).unite(g.a.waw);
  const isl::schedule s = isl::schedule_constraints::on_domain(g.m.domain)
                              .set_validity(deps)
                              .set_coincidence(deps)
                              .set_proximity(g.a.raw)
                              .compute_schedule();
  const auto b = band_at(s.root().child(0));
  ASSERT_EQ(b.n_member(), 3u);
  int coincident = 0;
  for (int m = 0; m < 3; ++m) coincident += b.member_get_coincident(m);
  EXPECT_EQ(coincident, 2);
  EXPECT_TRUE(b.permutable());
}

TEST(Analysis, KOutermostSpecHasTheSameRolesByPosition) {
  analysed g("dgemm_kij.c");
  const auto b = band_at(g.a.schedule.root().child(0));
  EXPECT_TRUE(b.permutable());
  EXPECT_FALSE(b.member_get_coincident(0));  // k
  EXPECT_TRUE(b.member_get_coincident(1));   // i
  EXPECT_TRUE(b.member_get_coincident(2));   // j
  EXPECT_EQ(g.a.roles.reduction, 0);
  EXPECT_EQ(g.a.roles.row, 1);
  EXPECT_EQ(g.a.roles.col, 2);
}

TEST(Tiling, GotoLoopOrderWithCacheAndRegisterTiles) {
  analysed g("dgemm.c");
  const isl::schedule_node root =
      tile_registers(tile_cache_blocks(order_goto(g.a.schedule.root().child(0), g.a.roles), kSizes), kSizes).root();
  const auto outer = band_at(root.child(0));  // [jc, pc]
  ASSERT_EQ(outer.n_member(), 2u);
  EXPECT_NE(member(outer, 0).find("(j) mod 4080"), std::string::npos) << member(outer, 0);
  EXPECT_NE(member(outer, 1).find("(k) mod 256"), std::string::npos) << member(outer, 1);
  EXPECT_TRUE(outer.member_get_coincident(0));
  EXPECT_FALSE(outer.member_get_coincident(1));
  expect_mark(root.child(0).child(0), "B_panel");
  const auto ic = band_at(root.child(0).child(0).child(0));
  ASSERT_EQ(ic.n_member(), 1u);
  EXPECT_NE(member(ic, 0).find("(i) mod 96"), std::string::npos) << member(ic, 0);
  expect_mark(ic.child(0), "A_block");
  const auto regs = band_at(ic.child(0).child(0));  // [jr, ir]
  ASSERT_EQ(regs.n_member(), 2u);
  EXPECT_NE(member(regs, 0).find("(j) mod 6"), std::string::npos);
  EXPECT_NE(member(regs, 1).find("(i) mod 8"), std::string::npos);
  EXPECT_TRUE(regs.member_get_coincident(0) && regs.member_get_coincident(1));
  EXPECT_FALSE(regs.ast_isolate_option().is_empty());  // full tiles isolated
  const auto k = band_at(regs.child(0));  // k strip-mined by kc, below the register tiles
  ASSERT_EQ(k.n_member(), 1u);
  EXPECT_EQ(member(k, 0), "{ S0[i, j, k] -> [(k)] }");
  EXPECT_FALSE(k.member_get_coincident(0));
  EXPECT_EQ(band_at(k.child(0)).n_member(), 2u);  // the point loops j, i
}

TEST(Tiling, IsolatedTilesAreExactlyTheFullOnes) {
  analysed g("dgemm.c");
  const isl::schedule_node root =
      tile_registers(tile_cache_blocks(order_goto(g.a.schedule.root().child(0), g.a.roles), kSizes), kSizes).root();
  const auto regs = band_at(root.child(0).child(0).child(0).child(0).child(0));
  const isl::set iso = regs.ast_isolate_option();
  // For M = 20, N = 13 the full 8x6 tiles of the first block start at rows 0, 8 and columns 0, 6.
  // The option may be a hull that only agrees with the tiles on tile origins.
  const isl::set origins(g.ctx.get(), "{ isolate[[0, 0, 0] -> [jr, ir]] : jr % 6 = 0 and ir % 8 = 0 }");
  const isl::set fixed =
      iso.intersect_params(isl::set(g.ctx.get(), "[M, N, K] -> { : M = 20 and N = 13 and K = 5 }")).intersect(origins);
  const isl::set want(g.ctx.get(),
                      "[M, N, K] -> { isolate[[0, 0, 0] -> [jr, ir]] : M = 20 and N = 13 and K = 5 and "
                      "(jr = 0 or jr = 6) and (ir = 0 or ir = 8) }");
  EXPECT_TRUE(fixed.is_equal(want)) << str(fixed);
}

TEST(Packing, ExtensionsAtTheBPanelAndTheABlockWithBoxHullBuffers) {
  analysed g("dgemm.c");
  const recipe_result r = apply_dgemm_recipe(g.m, g.a, kSizes, parallel_level::ic);
  EXPECT_EQ(r.pack_a.box, (std::vector<long>{96, 256}));
  EXPECT_EQ(r.pack_b.box, (std::vector<long>{256, 4080}));
  EXPECT_EQ(r.pack_a.doubles(), 96 * 256);
  EXPECT_EQ(r.pack_b.doubles(), 256 * 4080);
  const isl::schedule_node root = r.schedule.root();
  const isl::schedule_node b_ext = root.child(0).child(0).child(0);
  ASSERT_TRUE(b_ext.isa<isl::schedule_node_extension>());
  EXPECT_NE(str(b_ext.as<isl::schedule_node_extension>().extension()).find("PackB"), std::string::npos);
  // The pack of B comes first in the sequence, then the ic loop.
  expect_mark(b_ext.child(0).child(0).child(0), "pack_b");
  const isl::schedule_node ic = skip_to_s0(b_ext);
  expect_mark(ic, "omp_for");
  const isl::schedule_node a_ext = ic.child(0).child(0).child(0);
  expect_mark(a_ext.parent(), "A_block");
  ASSERT_TRUE(a_ext.isa<isl::schedule_node_extension>());
  EXPECT_NE(str(a_ext.as<isl::schedule_node_extension>().extension()).find("PackA"), std::string::npos);
  expect_mark(a_ext.child(0).child(0).child(0), "pack_a");
}

TEST(Packing, BufferRoundsUpToWholeMicroPanels) {
  pack_plan p;
  p.box = {250, 10};
  p.panel_dim = 0;
  p.panel_width = 8;
  EXPECT_EQ(p.doubles(), 256 * 10);
}

TEST(Marks, MicroKernelAboveTheKBandAndParallelMarkOnIcOrJr) {
  analysed g("dgemm.c");
  for (parallel_level level : {parallel_level::ic, parallel_level::jr}) {
    const recipe_result r = apply_dgemm_recipe(g.m, g.a, kSizes, level);
    const isl::schedule_node ic_pos = skip_to_s0(r.schedule.root().child(0).child(0).child(0));
    const isl::schedule_node ic = level == parallel_level::ic ? ic_pos.child(0) : ic_pos;
    if (level == parallel_level::ic) expect_mark(ic_pos, "omp_for");
    ASSERT_EQ(band_at(ic).n_member(), 1u);
    const isl::schedule_node regs_pos = skip_to_s0(ic.child(0).child(0));
    const isl::schedule_node regs = level == parallel_level::jr ? regs_pos.child(0) : regs_pos;
    if (level == parallel_level::jr) expect_mark(regs_pos, "omp_for");
    ASSERT_EQ(band_at(regs).n_member(), 2u);
    expect_mark(regs.child(0), "ukernel");
    EXPECT_EQ(member(band_at(regs.child(0).child(0)), 0), "{ S0[i, j, k] -> [(k)] }");
  }
}

TEST(Codegen, RefusesToShareALoopThatCarriesADependence) {
  analysed g("dgemm.c");
  recipe_result r = apply_dgemm_recipe(g.m, g.a, kSizes, parallel_level::ic);
  const isl::schedule_node ic = skip_to_s0(r.schedule.root().child(0).child(0).child(0)).child(0);
  const isl::schedule_node k_band = skip_to_s0(ic.child(0).child(0)).child(0).child(0);
  ASSERT_EQ(member(band_at(k_band), 0), "{ S0[i, j, k] -> [(k)] }");
  r.schedule = k_band.insert_mark("omp_for").schedule();  // the k loop is a reduction
  try {
    generate_kernel(r, g.a.roles, {"bad", "swblas::ukernel_generic_4x4", 8, 6, parallel_level::ic});
    FAIL() << "shared the k loop";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("a shared loop carries a dependence"), std::string::npos) << e.what();
  }
}

// The node types, mark names and band sizes of a tree, top down.
std::string shape_of(const isl::schedule& s) {
  std::string out;
  s.root().foreach_descendant_top_down([&](const isl::schedule_node& n) {
    if (n.isa<isl::schedule_node_band>()) out += "band" + std::to_string(n.as<isl::schedule_node_band>().n_member()) + " ";
    else if (n.isa<isl::schedule_node_mark>()) out += islc::mark_name(n) + " ";
    else if (n.isa<isl::schedule_node_extension>()) out += "extension ";
    else if (n.isa<isl::schedule_node_sequence>()) out += "sequence ";
    return true;
  });
  return out;
}

isl::schedule tiled(const analysed& g) {
  return tile_registers(tile_cache_blocks(order_goto(g.a.schedule.root().child(0), g.a.roles), kSizes), kSizes)
      .schedule();
}

TEST(Recipe, KOutermostSpecEndsInTheSameTree) {
  analysed ijk("dgemm.c");
  analysed kij("dgemm_kij.c");
  // The same instance S0(i, j, k) is S0[i, j, k] in one spec, S0[k, i, j] in the other.
  const isl::union_map rename(ijk.ctx.get(), "{ S0[i, j, k] -> S0[k, i, j] }");
  const isl::union_map a = tiled(ijk).get_map();
  const isl::union_map b = isl::union_map(kij.ctx.get(), str(tiled(kij).get_map()));
  EXPECT_TRUE(a.is_equal(isl::union_map(ijk.ctx.get(), str(rename)).apply_range(isl::union_map(ijk.ctx.get(), str(b)))))
      << str(a) << "\n" << str(b);
  for (parallel_level level : {parallel_level::ic, parallel_level::jr}) {
    const recipe_result x = apply_dgemm_recipe(ijk.m, ijk.a, kSizes, level);
    const recipe_result y = apply_dgemm_recipe(kij.m, kij.a, kSizes, level);
    EXPECT_EQ(shape_of(x.schedule), shape_of(y.schedule));
    EXPECT_EQ(x.pack_a.box, y.pack_a.box);
    EXPECT_EQ(x.pack_b.box, y.pack_b.box);
  }
  EXPECT_EQ(shape_of(apply_dgemm_recipe(ijk.m, ijk.a, kSizes, parallel_level::ic).schedule),
            "band2 B_panel extension sequence pack_b band2 omp_for band1 A_block extension sequence pack_a band2 band2 "
            "ukernel band1 band2 ");
}

// The first mark named `name` in a tree (top down), or a null node.
isl::schedule_node first_mark(const isl::schedule& s, const std::string& name) {
  isl::schedule_node found;
  s.root().foreach_descendant_top_down([&](const isl::schedule_node& n) {
    if (found.is_null() && n.isa<isl::schedule_node_mark>() && islc::mark_name(n) == name) found = n;
    return found.is_null();
  });
  return found;
}

std::string code_of(const analysed& g, parallel_level level) {
  const recipe_result r = apply_dgemm_recipe(g.m, g.a, kSizes, level);
  return generate_kernel(r, g.a.roles, {"k", "swblas::ukernel_generic_4x4", 8, 6, level});
}

TEST(Batch, BatchLoopFoundParallelAndOutermost) {
  analysed g("dgemm_batch.c");
  EXPECT_EQ(g.a.roles.batch, 0);
  EXPECT_EQ(g.a.roles.arity, 4);
  EXPECT_EQ(g.a.roles.count, "BATCH");
  EXPECT_EQ(g.a.roles.row, 1);
  EXPECT_EQ(g.a.roles.reduction, 3);
  EXPECT_TRUE(band_at(g.a.schedule.root().child(0)).member_get_coincident(0));
}

TEST(Batch, BatchBandIsolatedAboveTheGemmTreeAndSharedOnlyAtTheBatchLevel) {
  analysed g("dgemm_batch.c");
  for (parallel_level level : {parallel_level::ic, parallel_level::batch}) {
    const recipe_result r = apply_dgemm_recipe(g.m, g.a, kSizes, level);
    const isl::schedule_node top = r.schedule.root().child(0);
    const isl::schedule_node b_band = level == parallel_level::batch ? top.child(0) : top;
    if (level == parallel_level::batch) expect_mark(top, "omp_for");
    ASSERT_EQ(band_at(b_band).n_member(), 1u);
    EXPECT_EQ(member(band_at(b_band), 0), "{ S0[b, i, j, k] -> [(b)] }");
    expect_mark(b_band.child(0), "batch_entry");
    EXPECT_EQ(r.pack_a.dims, 3);
    EXPECT_EQ(r.pack_a.box, (std::vector<long>{96, 256}));
    EXPECT_EQ(r.pack_b.box, (std::vector<long>{256, 4080}));
  }
  const std::string shared = code_of(g, parallel_level::batch);
  EXPECT_NE(shared.find("const swblas::gemm_batch_problem& batch"), std::string::npos);
  EXPECT_NE(shared.find("#pragma omp for schedule(static)\n  for (swblas::dim_t c0 = 0; c0 < batch.count; c0 += 1) {"),
            std::string::npos) << shared;
  EXPECT_EQ(shared.find("pack_b_team"), std::string::npos) << "a thread's own entry packs its own B panel";
  EXPECT_NE(code_of(g, parallel_level::ic).find("pack_b_team"), std::string::npos);
}

TEST(Epilogue, MatchedWithItsLastWriter) {
  analysed g("dgemm_epilogue_gelu_tanh.c");
  ASSERT_EQ(g.a.fused.size(), 1u);
  const fused_statement& f = g.a.fused[0];
  EXPECT_EQ(f.what, fused_statement::role::epilogue);
  EXPECT_EQ(f.function, "gelu_tanh");
  EXPECT_EQ(f.bias, "Bias");
  const isl::union_map last(g.ctx.get(), "[M, N, K] -> { S0[i, j, K - 1] -> S1[i, j] : 0 <= i < M and 0 <= j < N and K > 0 }");
  EXPECT_TRUE(f.after.is_equal(last)) << str(f.after);
}

// A transcendental activation: grafted after the micro-kernel call of each
// tile, guarded by the tile's last k block.
TEST(Epilogue, GraftedAfterTheMicroKernelOfEachTileAndGuardedByTheLastKBlock) {
  analysed g("dgemm_epilogue_gelu_tanh.c");
  const recipe_result r = apply_dgemm_recipe(g.m, g.a, kSizes, parallel_level::ic);
  EXPECT_EQ(r.stages.back().first, "fusion");
  EXPECT_FALSE(r.epilogue_in_ukernel);
  const isl::schedule_node epi = first_mark(r.schedule, "epilogue");
  ASSERT_FALSE(epi.is_null());
  // Its band is over the epilogue's elements; the nearest enclosing band is
  // the [jr, ir] register-tile band that also holds the micro kernel.
  EXPECT_EQ(member(band_at(epi.child(0)), 0), "{ S1[e0, e1] -> [(e1)] }");
  isl::schedule_node up = epi.parent();
  while (!up.isa<isl::schedule_node_band>()) up = up.parent();
  EXPECT_EQ(band_at(up).n_member(), 2u);
  isl::schedule_node uk = first_mark(r.schedule, "ukernel");
  while (!uk.isa<isl::schedule_node_band>()) uk = uk.parent();
  EXPECT_TRUE(uk.is_equal(up)) << "the micro kernel and the epilogue share their register-tile band";
  const std::string code = code_of(g, parallel_level::ic);
  EXPECT_NE(code.find("if (c1 + 256 >= p.k) {"), std::string::npos) << code;
  EXPECT_NE(code.find("swblas::apply_epilogue<swblas::epilogue_op::gelu_tanh>(*p.epi, "), std::string::npos) << code;
}

// An operation the micro kernel applies in registers: grafted inside the
// "ukernel" mark, after the k band, and printed as one call that fuses it on
// the tile's last k block.
TEST(Epilogue, CheapOperationFusedIntoTheMicroKernelCall) {
  analysed g("dgemm_epilogue_relu.c");
  const recipe_result r = apply_dgemm_recipe(g.m, g.a, kSizes, parallel_level::ic);
  EXPECT_EQ(r.stages.back().first, "fusion");
  EXPECT_TRUE(r.epilogue_in_ukernel);
  const isl::schedule_node epi = first_mark(r.schedule, "epilogue");
  ASSERT_FALSE(epi.is_null());
  isl::schedule_node up = epi.parent();
  while (!up.isa<isl::schedule_node_mark>()) up = up.parent();
  EXPECT_EQ(islc::mark_name(up), "ukernel");
  const std::string code = code_of(g, parallel_level::ic);
  EXPECT_NE(code.find("swblas::gen::ukernel_epilogue<swblas::epilogue_op::relu>(swblas::ukernel_generic_4x4, "
                      "c1 + 256 >= p.k, *p.epi, "),
            std::string::npos)
      << code;
  EXPECT_EQ(code.find("apply_epilogue"), std::string::npos) << code;
  EXPECT_EQ(code.find(".ukernel_full("), std::string::npos) << "every tile goes through the fusing call";
}

TEST(Epilogue, BiasFreeSpecIgnoresTheCallersBias) {
  islc::context ctx;
  const scop s = parse_spec(
      "#pragma scop\nfor (i = 0; i < M; i++) for (j = 0; j < N; j++) for (k = 0; k < K; k++)\n"
      "  C[i][j] += A[i][k] * B[k][j];\nfor (j = 0; j < N; j++) for (i = 0; i < M; i++)\n"
      "  C[i][j] = tanh(C[i][j]);\n#pragma endscop\n");
  const model m = build_model(ctx.get(), s);
  const analysis a = analyse(m, s);
  EXPECT_EQ(a.fused.at(0).row, 1);  // written j-outer: i is the second iterator
  const recipe_result r = apply_dgemm_recipe(m, a, kSizes, parallel_level::jr);
  const std::string code = generate_kernel(r, a.roles, {"k", "swblas::ukernel_generic_4x4", 8, 6, parallel_level::jr});
  EXPECT_NE(code.find("apply_epilogue<swblas::epilogue_op::tanh>(swblas::gen::without_bias(*p.epi)"), std::string::npos)
      << code;
}

TEST(Prologue, FusedIntoThePackingOfItsOperand) {
  analysed a_side("dgemm_prologue_fake_quant_a.c");
  ASSERT_EQ(a_side.a.fused.size(), 1u);
  EXPECT_EQ(a_side.a.fused[0].operand, 'a');
  EXPECT_EQ(a_side.a.fused[0].source, "A");
  EXPECT_NE(code_of(a_side, parallel_level::ic).find("swblas::gen::pack_a_prologue<swblas::prologue_op::fake_quant>("),
            std::string::npos);
  EXPECT_NE(code_of(a_side, parallel_level::jr).find("swblas::gen::pack_a_team<swblas::prologue_op::fake_quant>("),
            std::string::npos);
  analysed b_side("dgemm_prologue_scale_b.c");
  EXPECT_EQ(b_side.a.fused.at(0).operand, 'b');
  const std::string code = code_of(b_side, parallel_level::ic);
  EXPECT_NE(code.find("swblas::gen::pack_b_team<swblas::prologue_op::scale>("), std::string::npos) << code;
  EXPECT_EQ(code.find("Q["), std::string::npos);
  EXPECT_EQ(code.find("prologue_op::scale>(swblas::ukernel_generic_4x4.pack_a"), std::string::npos);
}

}  // namespace
}  // namespace swgen
