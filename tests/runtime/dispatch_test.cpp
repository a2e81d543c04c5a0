// Dispatch on made-up machines and catalogues: target order, forcing,
// refusals, manifest checks and the choice of variant by cache sizes.
#include <gtest/gtest.h>

#include <algorithm>

#include "dispatch.h"
#include "runtime.h"

namespace swblas {
namespace {

constexpr std::size_t K = 1024, M = 1024 * 1024;

// Descriptors are only read for their name, ISA and shape here.
const dgemm_ukernel_desc fake_generic{"generic_4x4", isa::generic, 4, 4, nullptr, nullptr,
                                      nullptr, {}, nullptr, nullptr, nullptr, nullptr, 0, false};
const dgemm_ukernel_desc fake_avx2{"avx2_8x6", isa::avx2, 8, 6, nullptr, nullptr,
                                   nullptr, {}, nullptr, nullptr, nullptr, nullptr, 0, false};
const dgemm_ukernel_desc fake_avx512{"avx512_24x8", isa::avx512, 24, 8, nullptr, nullptr,
                                     nullptr, {}, nullptr, nullptr, nullptr, nullptr, 0, false};
const dgemm_ukernel_desc* const all_ukernels[] = {&fake_generic, &fake_avx2, &fake_avx512};

void fake_run(const gemm_problem&, double*, double*) {}

macro_kernel_info entry(const char* name, const char* ukernel, isa needs, int mr, int nr,
                        std::size_t l2, parallel_loop loop) {
  return {name, "fake", needs, ukernel, mr, nr, 96, 256, 4080, 32 * K, l2, 2 * M,
          loop, 1000, 1000, fake_run};
}

const macro_kernel_info fake_manifest[] = {
    entry("avx2_l2_256k_ic", "avx2_8x6", isa::avx2, 8, 6, 256 * K, parallel_loop::ic),
    entry("avx2_l2_1m_ic", "avx2_8x6", isa::avx2, 8, 6, 1 * M, parallel_loop::ic),
    entry("avx2_l2_512k_ic", "avx2_8x6", isa::avx2, 8, 6, 512 * K, parallel_loop::ic),
    entry("avx2_l2_512k_jr", "avx2_8x6", isa::avx2, 8, 6, 512 * K, parallel_loop::jr),
    entry("avx2_wrong_shape_jr", "avx2_8x6", isa::avx2, 6, 8, 256 * K, parallel_loop::jr),
    entry("avx512_l2_1m_ic", "avx512_24x8", isa::avx512, 24, 8, 1 * M, parallel_loop::ic),
};

kernel_catalogue fake_catalogue() {
  return {all_ukernels, 3, fake_manifest, sizeof fake_manifest / sizeof fake_manifest[0]};
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
  ASSERT_NE(t.loop(parallel_loop::ic).generated, nullptr);
  EXPECT_STREQ(t.loop(parallel_loop::ic).generated->name, "avx2_l2_512k_ic");
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

TEST(Dispatch, ReferenceUsesBestMicroKernelAndNoGeneratedVariant) {
  dispatch_log log;
  const dispatch_table t = build_dispatch(machine(true, false), forcing("reference"),
                                          x86_targets, fake_catalogue(), &log);
  EXPECT_EQ(t.target, "reference");
  EXPECT_EQ(t.ukernel, &fake_avx2);
  EXPECT_EQ(t.loop(parallel_loop::ic).generated, nullptr);
  EXPECT_EQ(t.loop(parallel_loop::jr).generated, nullptr);
  EXPECT_GT(t.loop(parallel_loop::ic).blk.mc, 0);
}

TEST(Dispatch, PicksVariantsAndRefusesMismatchedShape) {
  dispatch_log log;
  const dispatch_table t =
      build_dispatch(machine(true, false), forcing(""), x86_targets, fake_catalogue(), &log);
  ASSERT_NE(t.loop(parallel_loop::ic).generated, nullptr);
  EXPECT_STREQ(t.loop(parallel_loop::ic).generated->name, "avx2_l2_512k_ic");
  EXPECT_EQ(t.loop(parallel_loop::ic).blk.kc, 256);
  ASSERT_NE(t.loop(parallel_loop::jr).generated, nullptr);
  EXPECT_STREQ(t.loop(parallel_loop::jr).generated->name, "avx2_l2_512k_jr");
  EXPECT_TRUE(has_line(log.lines,
                       "manifest entry avx2_wrong_shape_jr: refused (entry says 6x8 but "
                       "avx2_8x6 is 8x6)"));
}

TEST(Dispatch, NoVariantMeansReferencePath) {
  dispatch_log log;
  const dispatch_table t = build_dispatch(machine(false, false), forcing(""), x86_targets,
                                          fake_catalogue(), &log);
  EXPECT_EQ(t.target, "generic");
  EXPECT_EQ(t.loop(parallel_loop::ic).generated, nullptr);
  const blocking expected = model_blocking({32 * K, 512 * K, 16 * M}, 4, 4);
  EXPECT_EQ(t.loop(parallel_loop::ic).blk.kc, expected.kc);
  EXPECT_EQ(t.loop(parallel_loop::ic).blk.mc, expected.mc);
}

TEST(CheckManifestEntry, UnknownMicroKernel) {
  const macro_kernel_info e =
      entry("x", "avx9_2x2", isa::avx2, 2, 2, 512 * K, parallel_loop::ic);
  std::string why;
  EXPECT_FALSE(check_manifest_entry(e, fake_catalogue(), &why));
  EXPECT_EQ(why, "micro kernel avx9_2x2 is not in this build");
}

std::vector<const macro_kernel_info*> ic_avx2_variants() {
  return {&fake_manifest[0], &fake_manifest[1], &fake_manifest[2]};
}

TEST(PickVariant, LargestThatFits) {
  EXPECT_STREQ(pick_variant(ic_avx2_variants(), {32 * K, 512 * K, 16 * M})->name,
               "avx2_l2_512k_ic");
  EXPECT_STREQ(pick_variant(ic_avx2_variants(), {32 * K, 768 * K, 16 * M})->name,
               "avx2_l2_512k_ic");
  EXPECT_STREQ(pick_variant(ic_avx2_variants(), {48 * K, 2 * M, 16 * M})->name, "avx2_l2_1m_ic");
}

TEST(PickVariant, SmallestWhenNoneFits) {
  EXPECT_STREQ(pick_variant(ic_avx2_variants(), {32 * K, 128 * K, 16 * M})->name,
               "avx2_l2_256k_ic");
  // L1d too small for all of them: the L2 still decides.
  EXPECT_STREQ(pick_variant(ic_avx2_variants(), {16 * K, 512 * K, 16 * M})->name,
               "avx2_l2_512k_ic");
}

// Level by level: an L3 over the detected one (hwloc's 508 MB per core in
// some VMs is replaced by a small safe figure) must not outweigh the L2
// and L1d that match.
TEST(PickVariant, LevelByLevelL2First) {
  auto with = [](const char* name, std::size_t l1d, std::size_t l2, std::size_t l3) {
    macro_kernel_info e = entry(name, "avx512_24x8", isa::avx512, 24, 8, l2, parallel_loop::ic);
    e.l1d = l1d;
    e.l3 = l3;
    return e;
  };
  const macro_kernel_info skx = with("skx", 32 * K, 1 * M, 4 * M);
  const macro_kernel_info zen5 = with("zen5", 48 * K, 1 * M, 4 * M);
  const macro_kernel_info icl = with("icl", 48 * K, 512 * K, 16 * M);
  const macro_kernel_info spr = with("spr", 48 * K, 2 * M, 4 * M);
  const std::vector<const macro_kernel_info*> all = {&skx, &zen5, &icl, &spr};
  EXPECT_STREQ(pick_variant(all, {48 * K, 1 * M, 2 * M})->name, "zen5");
  EXPECT_STREQ(pick_variant(all, {32 * K, 1 * M, 32 * M})->name, "skx");
  EXPECT_STREQ(pick_variant(all, {48 * K, 512 * K, 8 * M})->name, "icl");
  EXPECT_STREQ(pick_variant(all, {48 * K, 2 * M, 100 * M})->name, "spr");
}

TEST(PickVariant, NoneWhenEmpty) { EXPECT_EQ(pick_variant({}, kSafeCaches), nullptr); }

TEST(ActiveDispatch, ChoosesARunnableTargetOnThisMachine) {
  const dispatch_table& t = active_dispatch();
  ASSERT_NE(t.ukernel, nullptr);
  EXPECT_TRUE(can_run(active_machine().cpu, t.ukernel->needs).runnable);
  const runtime_choice c = chosen_runtime();
  EXPECT_EQ(c.target, t.target);
  EXPECT_STREQ(c.ukernel, t.ukernel->name);
  EXPECT_GE(c.threads, 1);
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
