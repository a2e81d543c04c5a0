// The driver's branch for generated macro kernels, exercised before
// swblas-gen lands: a stand-in manifest entry that runs the reference path
// with its own fixed blocking, on buffers of exactly the sizes the entry
// declares, and counts how many team threads called it.
#include <gtest/gtest.h>

#include <atomic>

#include "gemm_check.h"
#include "reference_gemm.h"

namespace swblas {
namespace {

constexpr blocking kStandInBlocking{8, 16, 12};
std::atomic<int> stand_in_calls{0};

template <parallel_loop L>
void stand_in_run(const gemm_problem& p, double* a_pack, double* b_pack) {
  ++stand_in_calls;
  reference_macro_kernel(p, ukernel_generic_4x4, kStandInBlocking, L, a_pack, b_pack);
}

macro_kernel_info stand_in(const char* name, parallel_loop loop, macro_kernel_fn run) {
  const blocking& b = kStandInBlocking;
  return {name, "test", isa::generic, "generic_4x4", 4, 4, int(b.mc), int(b.kc), int(b.nc),
          32 * 1024, 512 * 1024, 2 * 1024 * 1024, loop,
          std::size_t(b.mc * b.kc), std::size_t(b.nc * b.kc), run};
}

const macro_kernel_info stand_ins[] = {
    stand_in("stand_in_ic", parallel_loop::ic, stand_in_run<parallel_loop::ic>),
    stand_in("stand_in_jr", parallel_loop::jr, stand_in_run<parallel_loop::jr>)};

TEST(GeneratedBranch, EveryTeamThreadRunsTheEntry) {
  dispatch_table t;
  std::string why;
  ASSERT_TRUE(testing_support::table_for("generic", &t, &why)) << why;
  ASSERT_STREQ(t.ukernel->name, "generic_4x4");
  for (const macro_kernel_info& e : stand_ins) {
    EXPECT_TRUE(check_manifest_entry(e, build_catalogue(), &why)) << why;
    t.loops[static_cast<int>(e.parallel)] = loop_variant{&e, kStandInBlocking};
  }
  unsigned seed = 500;
  for (int threads : {1, 2, 3})
    for (parallel_loop loop : {parallel_loop::ic, parallel_loop::jr}) {
      gemm_options o;
      o.threads = threads;
      o.loop = loop;
      o.fit_team_to_work = false;
      o.allow_small = false;
      stand_in_calls = 0;
      testing_support::check_gemm(t, {45, 31, 37, true, false, 1.5, -0.5, 2}, o, seed++);
      EXPECT_EQ(stand_in_calls.load(), threads);
    }
}

}  // namespace
}  // namespace swblas
