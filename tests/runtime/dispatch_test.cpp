// Dispatch on made-up machines and catalogues: target order, forcing,
// refusals, generated-target checks, the kernels resolved and the cache
// configuration chosen by the detected caches.
#include <gtest/gtest.h>

#include <algorithm>

#include "dispatch.h"
#include "runtime.h"

namespace swblas {
namespace {

constexpr std::size_t K = 1024, M = 1024 * 1024;

// Descriptors are only read for their name, ISA and shape here.
const dgemm_ukernel_desc fake_generic{"generic_4x4", isa::generic, 4, 4, nullptr, nullptr,
                                      nullptr, {}, nullptr, nullptr, nullptr, nullptr, nullptr};
const dgemm_ukernel_desc fake_avx2{"avx2_8x6", isa::avx2, 8, 6, nullptr, nullptr,
                                   nullptr, {}, nullptr, nullptr, nullptr, nullptr, nullptr};
const dgemm_ukernel_desc fake_avx512{"avx512_24x8", isa::avx512, 24, 8, nullptr, nullptr,
                                     nullptr, {}, nullptr, nullptr, nullptr, nullptr, nullptr};
const dgemm_ukernel_desc* const all_ukernels[] = {&fake_generic, &fake_avx2, &fake_avx512};

void fake_plain(const packed_block&) {}
void fake_relu(const packed_block&) {}
void fake_upper(const packed_block&) {}

const cache_config fake_avx2_caches[] = {
    {32 * K, 256 * K, 2 * M, 8}, {32 * K, 1 * M, 2 * M, 8}, {32 * K, 512 * K, 2 * M, 8}};
const cache_config fake_avx512_caches[] = {{32 * K, 1 * M, 2 * M, 8}};

const generated_target fake_targets[] = {
    {"fake_avx2_wrong_shape", isa::avx2, element_type::f64, "avx2_8x6", {6, 8, 8, 4, false}, fake_avx2_caches, 3},
    {"fake_avx2", isa::avx2, element_type::f64, "avx2_8x6", {8, 6, 8, 4, false}, fake_avx2_caches, 3},
    {"fake_avx512", isa::avx512, element_type::f64, "avx512_24x8", {24, 8, 8, 8, true}, fake_avx512_caches, 1},
};

const generated_entry fake_entries[] = {
    {"dgemm", "fake_avx2", "avx2_plain", fake_plain, kernel_family::dgemm, 0},
    {"dgemm_epilogue_relu", "fake_avx2", "avx2_relu", fake_relu, kernel_family::epilogue,
     static_cast<int>(epilogue_op::relu)},
    {"dgemm_prologue_scale_b", "fake_avx2", "avx2_plain", fake_plain, kernel_family::prologue_b,
     static_cast<int>(prologue_op::scale)},
    {"dgemmt_upper", "fake_avx2", "avx2_upper", fake_upper, kernel_family::c_triangle,
     static_cast<int>(triangle_op::upper)},
    {"dgemm", "fake_avx512", "avx512_plain", fake_plain, kernel_family::dgemm, 0},
};

kernel_catalogue fake_catalogue() {
  return {all_ukernels, 3, fake_targets, 3, fake_entries, sizeof fake_entries / sizeof fake_entries[0]};
}

machine_info machine(bool avx2, bool avx512, cache_sizes caches = {32 * K, 512 * K, 16 * M}) {
  machine_info m;
  m.cpu.arch = "x86_64";
  m.cpu.avx2 = m.cpu.fma = avx2;
  m.cpu.avx512f = m.cpu.avx512vl = m.cpu.avx512dq = avx512;
  m.topo.caches = assess_caches(caches);
  m.topo.cores = m.topo.cores_read = 2;
  return m;
}

runtime_config forcing(const char* target) {
  runtime_config c;
  c.threads = 2;
  c.threads_source = "cores";
  c.forced_target = target;
  return c;
}

const std::vector<isa> x86_targets{isa::avx512, isa::avx2, isa::generic};

bool has_line(const std::vector<std::string>& lines, const std::string& text) {
  return std::find(lines.begin(), lines.end(), text) != lines.end();
}

TEST(Dispatch, FirstAcceptedTargetWins) {
  dispatch_log log;
  const dispatch_table t =
      build_dispatch(machine(true, true), forcing(""), x86_targets, fake_catalogue(), &log);
  EXPECT_EQ(t.target, "avx512");
  EXPECT_EQ(t.ukernel, &fake_avx512);
  EXPECT_EQ(t.small, nullptr);  // no small routine names a made-up micro kernel
  EXPECT_TRUE(log.warnings.empty());
}

TEST(Dispatch, ExplainsEachPredicate) {
  dispatch_log log;
  const dispatch_table t =
      build_dispatch(machine(true, false), forcing(""), x86_targets, fake_catalogue(), &log);
  EXPECT_EQ(t.target, "avx2");
  EXPECT_TRUE(has_line(log.lines, "target avx512: refused (cpu lacks avx512f+avx512vl+avx512dq)"));
  EXPECT_TRUE(has_line(log.lines, "target avx2: accepted (cpu has avx2+fma)"));
  EXPECT_TRUE(has_line(log.lines, "target generic: accepted (runs on any cpu)"));
}

TEST(Dispatch, ReportsImplausibleCachesWithWhatWasRead) {
  dispatch_log log;
  const dispatch_table t = build_dispatch(machine(true, false, {32 * K, 512 * K, 508 * M}),
                                          forcing(""), x86_targets, fake_catalogue(), &log);
  EXPECT_TRUE(has_line(log.lines,
                       "caches per core: L1d 32K (hwloc), L2 512K (hwloc), L3 2M (hwloc read "
                       "508M: implausible, using safe figure)"));
  EXPECT_STREQ(t.kernel_name, "avx2_plain");
  const blocking want = choose_blocking({8, 6, 8, 4, false}, fake_avx2_caches[2]);  // L2 512K
  EXPECT_EQ(t.blk().mc, want.mc);
}

// The batch prefetch policy comes from the CPU's identity and the caches
// the blocking uses, and is explained.
TEST(Dispatch, PrefetchPolicyFollowsCpuAndL1d) {
  dispatch_log log;
  machine_info zen4 = machine(true, true, {32 * K, 1024 * K, 16 * M});
  zen4.cpu.id = {cpu_vendor::amd, 0x19, 0x11};
  const dispatch_table t = build_dispatch(zen4, forcing(""), x86_targets, fake_catalogue(), &log);
  EXPECT_EQ(t.prefetch.whole_max_doubles, 3072.0);
  EXPECT_EQ(t.prefetch.l1d_bytes, 32 * K);
  EXPECT_TRUE(has_line(log.lines, "cpu x86_64: avx2 fma avx512f avx512vl avx512dq (AMD family "
                                  "0x19 model 0x11)"));
  EXPECT_TRUE(has_line(log.lines, describe_policy(t.prefetch)));
}

TEST(Dispatch, TargetWithoutMicroKernelIsRefused) {
  kernel_catalogue k = fake_catalogue();
  k.ukernel_count = 1;  // generic only
  dispatch_log log;
  const dispatch_table t = build_dispatch(machine(true, true), forcing(""), x86_targets, k, &log);
  EXPECT_EQ(t.target, "generic");
  EXPECT_TRUE(has_line(log.lines, "target avx2: refused (no avx2 micro kernel in this build)"));
}

TEST(Dispatch, ForcingARunnableTarget) {
  dispatch_log log;
  const dispatch_table t = build_dispatch(machine(true, true), forcing("generic"), x86_targets,
                                          fake_catalogue(), &log);
  EXPECT_EQ(t.target, "generic");
  EXPECT_EQ(t.ukernel, &fake_generic);
  EXPECT_TRUE(log.warnings.empty());
}

TEST(Dispatch, ForcingAnUnrunnableTargetFallsBackWithWarning) {
  dispatch_log log;
  const dispatch_table t = build_dispatch(machine(true, false), forcing("avx512"), x86_targets,
                                          fake_catalogue(), &log);
  EXPECT_EQ(t.target, "avx2");
  ASSERT_EQ(log.warnings.size(), 1u);
  EXPECT_EQ(log.warnings[0],
            "SWBLAS_TARGET=avx512 cannot run here (cpu lacks avx512f+avx512vl+avx512dq); "
            "using avx2 instead");
}

TEST(Dispatch, ForcingAnUnknownTargetFallsBackWithWarning) {
  dispatch_log log;
  const dispatch_table t = build_dispatch(machine(true, false), forcing("sse9"), x86_targets,
                                          fake_catalogue(), &log);
  EXPECT_EQ(t.target, "avx2");
  ASSERT_EQ(log.warnings.size(), 1u);
  EXPECT_NE(log.warnings[0].find("not a known target"), std::string::npos);
}

TEST(Dispatch, ReferenceUsesBestMicroKernelAndNoGeneratedKernel) {
  dispatch_log log;
  const dispatch_table t = build_dispatch(machine(true, false), forcing("reference"),
                                          x86_targets, fake_catalogue(), &log);
  EXPECT_EQ(t.target, "reference");
  EXPECT_EQ(t.ukernel, &fake_avx2);
  EXPECT_EQ(t.engine.kernel, nullptr);
  EXPECT_EQ(t.fused.epilogue[static_cast<int>(epilogue_op::relu)], nullptr);
  EXPECT_GT(t.blk().mc, 0);
}

TEST(Dispatch, ResolvesTheTargetsKernelsAndRefusesAMismatchedShape) {
  dispatch_log log;
  const dispatch_table t =
      build_dispatch(machine(true, false), forcing(""), x86_targets, fake_catalogue(), &log);
  EXPECT_EQ(t.engine.kernel, &fake_plain);
  EXPECT_STREQ(t.kernel_name, "avx2_plain");
  EXPECT_EQ(t.blk().kc, 256);
  EXPECT_EQ(t.fused.epilogue[static_cast<int>(epilogue_op::relu)], &fake_relu);
  EXPECT_STREQ(t.fused.epilogue_name[static_cast<int>(epilogue_op::relu)], "avx2_relu");
  EXPECT_EQ(t.fused.epilogue[static_cast<int>(epilogue_op::gelu_tanh)], nullptr);
  EXPECT_TRUE(t.fused.prologue[static_cast<int>(prologue_operand::b)][static_cast<int>(prologue_op::scale)]);
  EXPECT_FALSE(t.fused.prologue[static_cast<int>(prologue_operand::a)][static_cast<int>(prologue_op::scale)]);
  EXPECT_EQ(t.engine.triangle[static_cast<int>(triangle_op::upper)], &fake_upper);
  EXPECT_EQ(t.engine.triangle[static_cast<int>(triangle_op::lower)], nullptr);  // the reference triangle kernel
  EXPECT_TRUE(has_line(log.lines,
                       "generated target fake_avx2_wrong_shape: refused (target says 6x8 but "
                       "avx2_8x6 is 8x6)"));
}

TEST(Dispatch, NoGeneratedTargetMeansReferenceKernelOnTheDetectedCaches) {
  dispatch_log log;
  const dispatch_table t = build_dispatch(machine(false, false), forcing(""), x86_targets,
                                          fake_catalogue(), &log);
  EXPECT_EQ(t.target, "generic");
  EXPECT_EQ(t.engine.kernel, nullptr);
  const blocking expected = choose_blocking({4, 4, 8, 1, false}, {32 * K, 512 * K, 16 * M, 8});
  EXPECT_EQ(t.blk().kc, expected.kc);
  EXPECT_EQ(t.blk().mc, expected.mc);
}

TEST(CheckGeneratedTarget, UnknownMicroKernel) {
  const generated_target g{"x", isa::avx2, element_type::f64, "avx9_2x2", {2, 2, 8, 4, false}, fake_avx2_caches, 3};
  std::string why;
  EXPECT_FALSE(check_generated_target<double>(g, fake_catalogue(), &why));
  EXPECT_EQ(why, "micro kernel avx9_2x2 is not in this build");
}

const cache_config* pick(const std::vector<cache_config>& caches, const cache_sizes& have) {
  return pick_cache_config(caches.data(), caches.size(), have);
}

TEST(PickCacheConfig, LargestThatFits) {
  const std::vector<cache_config> c(std::begin(fake_avx2_caches), std::end(fake_avx2_caches));
  EXPECT_EQ(pick(c, {32 * K, 512 * K, 16 * M})->l2, 512 * K);
  EXPECT_EQ(pick(c, {32 * K, 768 * K, 16 * M})->l2, 512 * K);
  EXPECT_EQ(pick(c, {48 * K, 2 * M, 16 * M})->l2, 1 * M);
}

TEST(PickCacheConfig, SmallestWhenNoneFits) {
  const std::vector<cache_config> c(std::begin(fake_avx2_caches), std::end(fake_avx2_caches));
  EXPECT_EQ(pick(c, {32 * K, 128 * K, 16 * M})->l2, 256 * K);
  // L1d too small for all of them: the L2 still decides.
  EXPECT_EQ(pick(c, {16 * K, 512 * K, 16 * M})->l2, 512 * K);
}

// Level by level: an L3 over the detected one (hwloc's 508 MB per core in
// some VMs is replaced by a small safe figure) must not outweigh the L2
// and L1d that match.
TEST(PickCacheConfig, LevelByLevelL2First) {
  const cache_config skx{32 * K, 1 * M, 4 * M, 8}, zen5{48 * K, 1 * M, 4 * M, 12},
      icl{48 * K, 512 * K, 16 * M, 12}, spr{48 * K, 2 * M, 4 * M, 12};
  const std::vector<cache_config> all = {skx, zen5, icl, spr};
  EXPECT_EQ(pick(all, {48 * K, 1 * M, 2 * M}) - all.data(), 1);
  EXPECT_EQ(pick(all, {32 * K, 1 * M, 32 * M}) - all.data(), 0);
  EXPECT_EQ(pick(all, {48 * K, 512 * K, 8 * M}) - all.data(), 2);
  EXPECT_EQ(pick(all, {48 * K, 2 * M, 100 * M}) - all.data(), 3);
}

TEST(PickCacheConfig, NoneWhenEmpty) { EXPECT_EQ(pick({}, kSafeCaches), nullptr); }

TEST(ActiveDispatch, ChoosesARunnableTargetOnThisMachine) {
  const dispatch_table& t = active_dispatch();
  ASSERT_NE(t.ukernel, nullptr);
  EXPECT_TRUE(can_run(active_machine().cpu, t.ukernel->needs).runnable);
  const runtime_choice c = chosen_runtime();
  EXPECT_EQ(c.target, t.target);
  EXPECT_STREQ(c.ukernel, t.ukernel->name);
  EXPECT_GE(c.threads, 1);
  // The small routine is the chosen micro kernel's own.
  ASSERT_NE(t.small, nullptr);
  EXPECT_EQ(t.small->ukernel, t.ukernel);
}

TEST(ActiveDispatch, ForcingAvx512HereFallsBackWithWarningWhenCpuLacksIt) {
  const machine_info& m = active_machine();
  if (can_run(m.cpu, isa::avx512).runnable) GTEST_SKIP() << "this cpu runs avx512";
  dispatch_log log;
  const dispatch_table t =
      build_dispatch(m, forcing("avx512"), architecture_targets(), build_catalogue(), &log);
  EXPECT_NE(t.target, "avx512");
  ASSERT_NE(t.ukernel, nullptr);
  EXPECT_NE(t.ukernel->needs, isa::avx512);
  ASSERT_EQ(log.warnings.size(), 1u);
  // "cannot run here" on x86-64, "is not a known target" elsewhere.
  EXPECT_EQ(log.warnings[0].rfind("SWBLAS_TARGET=avx512 ", 0), 0u) << log.warnings[0];
}

}  // namespace
}  // namespace swblas
