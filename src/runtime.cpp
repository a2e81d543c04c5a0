// The process's runtime: detection, configuration and the dispatch table,
// built once on first use and printed for SWBLAS_VERBOSE; immutable after.
#include "runtime.h"

#include <cstdio>
#include <mutex>

#include "dispatch.h"
#include "gemm_driver.h"
#include "skinny_gemm.h"
#include "sunway_route.h"

namespace swblas {
namespace {

struct process_runtime {
  machine_info machine;
  dispatch_table table;
};

void print(const std::vector<std::string>& lines, const char* prefix) {
  for (const std::string& s : lines) std::fprintf(stderr, "swblas: %s%s\n", prefix, s.c_str());
}

// How the driver uses the table (its thresholds live in gemm_driver.h).
std::vector<std::string> describe_driver(const dispatch_table& t) {
  if (!t.ukernel) return {};
  const std::string small = t.ukernel->small ? t.ukernel->name : "none";
  return {"small problems (m*n*k <= " + std::to_string(kSmallProblemFlops) +
              ", unit-stride op(A)): unpacked " + small + " path, 1 thread",
          "skinny problems (n <= " + std::to_string(kSkinnyColumnBlocks) + "*nr or m <= " +
              std::to_string(kSkinnyRowBlocks) +
              "*mr, unit-stride op(A), not MMA): unpacked path blocked by kc, threads split the long side",
          "team: up to " + std::to_string(t.threads) + " threads, one per " +
              std::to_string(kMinTilesPerThread) +
              " mr x nr x kc tiles of work; ic loop when every thread gets an mc block, "
              "else jr"};
}

process_runtime& process() {
  static process_runtime rt;
  static std::once_flag once;
  std::call_once(once, [] {
    rt.machine.cpu = detect_cpu_features();
    rt.machine.topo = read_topology();
    runtime_config config = config_from_environment(rt.machine.topo.cores);
    // sunway-emu is not a CPU target: the table is chosen as usual, then routed.
    const bool sunway = config.forced_target == kSunwayEmuTarget;
    if (sunway) config.forced_target.clear();
    dispatch_log log;
    log.warnings = config.warnings;
    rt.table = build_dispatch(rt.machine, config, architecture_targets(), build_catalogue(), &log);
    if (sunway) route_to_sunway_emu(&rt.table, &log);
    if (config.verbose) {
      print(log.lines, "");
      print(describe_driver(rt.table), "");
    }
    print(log.warnings, "warning: ");
  });
  return rt;
}

}  // namespace

const dispatch_table& active_dispatch() { return process().table; }

const machine_info& active_machine() { return process().machine; }

runtime_choice chosen_runtime() {
  const dispatch_table& t = active_dispatch();
  auto variant = [&](parallel_loop l) {
    const macro_kernel_info* g = t.loop(l).generated;
    return g ? g->name : kReferenceTarget;
  };
  return {t.sunway_emu ? kSunwayEmuTarget : t.target.c_str(), t.ukernel ? t.ukernel->name : "none", variant(parallel_loop::ic),
          variant(parallel_loop::jr), t.threads};
}

}  // namespace swblas
