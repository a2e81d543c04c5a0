// The schedule tree after each stage of the block recipe: dependences and
// band flags, register tiles, marks, the fused epilogue's position, a batch
// reduced to one entry; and that the k-outermost spec ends in the same tree.
// (The only test file with isl/cpp.h.)
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "batch_entry.h"
#include "codegen.h"
#include "isl_c.h"
#include "kernel_printer.h"
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

const register_tile kTile{8, 6};  // mr, nr

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

isl::schedule_node tiled_root(const analysed& g) {
  return tile_registers(order_block(g.a.schedule.root().child(0), g.a.roles), kTile).root();
}

TEST(Tiling, RegisterTilesOverColumnsThenRowsWithKBelow) {
  analysed g("dgemm.c");
  const auto regs = band_at(tiled_root(g).child(0));  // [jr, ir]
  ASSERT_EQ(regs.n_member(), 2u);
  EXPECT_NE(member(regs, 0).find("(j) mod 6"), std::string::npos) << member(regs, 0);
  EXPECT_NE(member(regs, 1).find("(i) mod 8"), std::string::npos) << member(regs, 1);
  EXPECT_TRUE(regs.member_get_coincident(0) && regs.member_get_coincident(1));
  EXPECT_FALSE(regs.ast_isolate_option().is_empty());  // full tiles isolated
  const auto k = band_at(regs.child(0));  // the whole k extent of the block, below the register tiles
  ASSERT_EQ(k.n_member(), 1u);
  EXPECT_EQ(member(k, 0), "{ S0[i, j, k] -> [(k)] }");
  EXPECT_FALSE(k.member_get_coincident(0));
  EXPECT_EQ(band_at(k.child(0)).n_member(), 2u);  // the point loops j, i
}

TEST(Tiling, IsolatedTilesAreExactlyTheFullOnes) {
  analysed g("dgemm.c");
  const auto regs = band_at(tiled_root(g).child(0));
  const isl::set iso = regs.ast_isolate_option();
  // For M = 20, N = 13 the full 8x6 tiles start at rows 0, 8 and columns 0, 6.
  // The option may be a hull that only agrees with the tiles on tile origins.
  const isl::set origins(g.ctx.get(), "{ isolate[[] -> [jr, ir]] : jr % 6 = 0 and ir % 8 = 0 }");
  const isl::set fixed =
      iso.intersect_params(isl::set(g.ctx.get(), "[M, N, K] -> { : M = 20 and N = 13 and K = 5 }")).intersect(origins);
  const isl::set want(g.ctx.get(),
                      "[M, N, K] -> { isolate[[] -> [jr, ir]] : M = 20 and N = 13 and K = 5 and "
                      "(jr = 0 or jr = 6) and (ir = 0 or ir = 8) }");
  EXPECT_TRUE(fixed.is_equal(want)) << str(fixed);
}

TEST(Marks, ParallelAboveTheRegisterTilesMicroKernelAboveTheKBand) {
  analysed g("dgemm.c");
  const recipe_result r = apply_block_recipe(g.m, g.a, kTile);
  const isl::schedule_node top = r.schedule.root().child(0);
  expect_mark(top, "parallel");
  ASSERT_EQ(band_at(top.child(0)).n_member(), 2u);
  expect_mark(top.child(0).child(0), "ukernel");
  EXPECT_EQ(member(band_at(top.child(0).child(0).child(0)), 0), "{ S0[i, j, k] -> [(k)] }");
}

TEST(Marks, RefusesARegisterTileBandThatIsNotParallel) {
  analysed g("dgemm.c");
  // The k band in place of the register tiles: a reduction.
  const isl::schedule_node k = tiled_root(g).child(0).child(0);
  EXPECT_THROW(mark_micro_kernel(k), std::logic_error);
}

TEST(Codegen, RefusesALoopOfTheParallelBandThatCarriesADependence) {
  analysed g("dgemm.c");
  recipe_result r = apply_block_recipe(g.m, g.a, kTile);
  // A parallel mark on the k band, outside any micro-kernel call.
  const isl::schedule_node k_band = tiled_root(g).child(0).child(0);
  ASSERT_EQ(member(band_at(k_band), 0), "{ S0[i, j, k] -> [(k)] }");
  r.schedule = k_band.insert_mark("parallel").schedule();
  try {
    generate_kernel(r, g.a.roles, {"bad", "swblas::ukernel_generic_4x4", "swblas::packed_block", 8, 6});
    FAIL() << "a dependence carried by a shared loop";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("a loop of the parallel band carries a dependence"), std::string::npos)
        << e.what();
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

TEST(Recipe, KOutermostSpecEndsInTheSameTree) {
  analysed ijk("dgemm.c");
  analysed kij("dgemm_kij.c");
  // The same instance S0(i, j, k) is S0[i, j, k] in one spec, S0[k, i, j] in the other.
  const isl::union_map rename(ijk.ctx.get(), "{ S0[i, j, k] -> S0[k, i, j] }");
  const isl::union_map a = tiled_root(ijk).schedule().get_map();
  const isl::union_map b = isl::union_map(kij.ctx.get(), str(tiled_root(kij).schedule().get_map()));
  EXPECT_TRUE(a.is_equal(isl::union_map(ijk.ctx.get(), str(rename)).apply_range(isl::union_map(ijk.ctx.get(), str(b)))))
      << str(a) << "\n" << str(b);
  const recipe_result x = apply_block_recipe(ijk.m, ijk.a, kTile);
  const recipe_result y = apply_block_recipe(kij.m, kij.a, kTile);
  EXPECT_EQ(shape_of(x.schedule), shape_of(y.schedule));
  EXPECT_EQ(shape_of(x.schedule), "parallel band2 ukernel band1 band2 ");
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

std::string code_of(const model& m, const analysis& a) {
  return generate_kernel(apply_block_recipe(m, a, kTile), a.roles,
                         {"k", "swblas::ukernel_generic_4x4", "swblas::packed_block", 8, 6});
}

std::string code_of(const analysed& g) { return code_of(g.m, g.a); }

TEST(Batch, BatchLoopFoundParallelAndOutermost) {
  analysed g("dgemm_batch.c");
  EXPECT_EQ(g.a.roles.batch, 0);
  EXPECT_EQ(g.a.roles.arity, 4);
  EXPECT_EQ(g.a.roles.count, "BATCH");
  EXPECT_EQ(g.a.roles.row, 1);
  EXPECT_EQ(g.a.roles.reduction, 3);
  EXPECT_TRUE(band_at(g.a.schedule.root().child(0)).member_get_coincident(0));
}

// The runtime shares the entries out; an entry is the plain GEMM, so its
// kernel is the plain kernel.
TEST(Batch, OneEntryIsThePlainGemm) {
  analysed g("dgemm_batch.c");
  const scop entry = one_entry(parse_spec(read_spec("dgemm_batch.c")), "b");
  EXPECT_EQ(entry.parameters, (std::vector<std::string>{"M", "N", "K"}));
  const model m = build_model(g.ctx.get(), entry);
  const analysis a = analyse(m, entry);
  EXPECT_EQ(a.roles.batch, -1);
  EXPECT_EQ(a.roles.arity, 3);
  EXPECT_THROW(apply_block_recipe(g.m, g.a, kTile), std::logic_error) << "a batch is generated one entry at a time";
  analysed plain("dgemm.c");
  EXPECT_EQ(code_of(m, a), code_of(plain));
}

TEST(Epilogue, MatchedWithItsLastWriter) {
  analysed g("gemm_epilogue_gelu_tanh.c");
  ASSERT_EQ(g.a.fused.size(), 1u);
  const fused_statement& f = g.a.fused[0];
  EXPECT_EQ(f.what, fused_statement::role::epilogue);
  EXPECT_EQ(f.function, "gelu_tanh");
  EXPECT_EQ(f.bias, "Bias");
  const isl::union_map last(g.ctx.get(), "[M, N, K] -> { S0[i, j, K - 1] -> S1[i, j] : 0 <= i < M and 0 <= j < N and K > 0 }");
  EXPECT_TRUE(f.after.is_equal(last)) << str(f.after);
}

// A transcendental activation: grafted after the micro-kernel call of each
// tile, and applied on the block that ends C's reduction.
TEST(Epilogue, GraftedAfterTheMicroKernelOfEachTileAndGuardedByTheLastBlock) {
  analysed g("gemm_epilogue_gelu_tanh.c");
  const recipe_result r = apply_block_recipe(g.m, g.a, kTile);
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
  const std::string code = code_of(g);
  EXPECT_NE(code.find("if (blk.last) {"), std::string::npos) << code;
  EXPECT_NE(code.find("swblas::apply_epilogue(*blk.epi, "), std::string::npos) << code;
  EXPECT_EQ(code.find("gelu"), std::string::npos) << "the operation is read at run time";
}

// An operation the micro kernel applies in registers: grafted inside the
// "ukernel" mark, after the k band, and printed as one call that fuses it on
// the block that ends C's reduction.
TEST(Epilogue, CheapOperationFusedIntoTheMicroKernelCall) {
  analysed g("gemm_epilogue_relu.c");
  const recipe_result r = apply_block_recipe(g.m, g.a, kTile);
  EXPECT_EQ(r.stages.back().first, "fusion");
  EXPECT_TRUE(r.epilogue_in_ukernel);
  const isl::schedule_node epi = first_mark(r.schedule, "epilogue");
  ASSERT_FALSE(epi.is_null());
  isl::schedule_node up = epi.parent();
  while (!up.isa<isl::schedule_node_mark>()) up = up.parent();
  EXPECT_EQ(islc::mark_name(up), "ukernel");
  const std::string code = code_of(g);
  EXPECT_NE(code.find("swblas::gen::ukernel_epilogue(swblas::ukernel_generic_4x4, blk.last, *blk.epi, "),
            std::string::npos)
      << code;
  EXPECT_EQ(code.find("apply_epilogue"), std::string::npos) << code;
  EXPECT_EQ(code.find(".ukernel_full("), std::string::npos) << "every tile goes through the fusing call";
  analysed clamp("gemm_epilogue_clamp.c");
  EXPECT_EQ(code_of(clamp), code) << "one kernel for every register epilogue";
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
  const std::string code = code_of(m, a);
  EXPECT_NE(code.find("apply_epilogue(swblas::gen::without_bias(*blk.epi)"), std::string::npos) << code;
}

// A prologue is the runtime's packing rule: the analysis names the operand
// it transforms, and the kernel is the plain one.
TEST(Prologue, FoundOnItsOperandWithThePlainKernel) {
  analysed a_side("dgemm_prologue_fake_quant_a.c");
  ASSERT_EQ(a_side.a.fused.size(), 1u);
  EXPECT_EQ(a_side.a.fused[0].operand, 'a');
  EXPECT_EQ(a_side.a.fused[0].source, "A");
  analysed b_side("dgemm_prologue_scale_b.c");
  EXPECT_EQ(b_side.a.fused.at(0).operand, 'b');
  analysed plain("dgemm.c");
  EXPECT_EQ(code_of(a_side), code_of(plain));
  EXPECT_EQ(code_of(b_side), code_of(plain));
}

}  // namespace
}  // namespace swgen

namespace swgen {
namespace {

// A quotient right of `*` once printed as `8 * n / 6`: (8 * n) / 6 in C,
// not 8 * (n / 6) (the triangle kernels' loop bounds have such terms).
TEST(AstPrinter, QuotientRightOfAProductKeepsItsParentheses) {
  islc::context ctx;
  const isl::ast_build build = isl::ast_build::from_context(isl::set(ctx.get(), "[n] -> { : n >= 1 }"));
  const isl::pw_aff e(ctx.get(), "[n] -> { [(8 * floor(n / 6) + n)] }");
  kernel_printer p({});
  p.node(islc::user_node(islc::call("f", {build.expr_from(e)})), 0);
  const std::string text = p.text();
  EXPECT_NE(text.find("8 * (n / 6)"), std::string::npos) << text;
}

}  // namespace
}  // namespace swgen
