// The process's runtime: detection, configuration and the dispatch table,
// built once on first use and printed for SWBLAS_VERBOSE; immutable after.
#include "runtime.h"

#include <cstdio>

#include "call_trace.h"
#include "dispatch.h"
#include "gemm_driver.h"
#include "unpacked_gemm.h"
#include "sunway_route.h"
#include "tiny_gemm.h"

namespace swblas {
namespace {

struct process_runtime {
  machine_info machine;
  dispatch_table table;
  bool trace_calls = false;
  bool verbose = false;
};

void print(const std::vector<std::string>& lines, const char* prefix) {
  for (const std::string& s : lines) std::fprintf(stderr, "swblas: %s%s\n", prefix, s.c_str());
}

// How the driver uses the table (its thresholds live in gemm_driver.h and
// unpacked_gemm.h).
std::vector<std::string> describe_driver(const dispatch_table& t) {
  if (!t.ukernel) return {};
  const dgemm_ukernel_desc& u = *t.ukernel;
  if (!t.small) return {"unpacked path: none (" + std::string(u.name) + " has no small routine)"};
  const std::string skinny =
      t.small->at_full_rate ? ", or skinny (n <= " + std::to_string(kSkinnyColumnBlocks) +
                                  "*nr or m <= " + std::to_string(kSkinnyRows) + ")"
                            : "";
  return {"unpacked path (" + std::string(u.name) + " small routine, k blocked by kc): unit-stride op(A) and m, n, k <= " +
              std::to_string(t.small->max_dim) + skinny + "; threads split the longer of m, n, one per " +
              std::to_string(static_cast<long>(kMinUnpackedWorkPerThread)) + " multiply-adds",
          "packed path team: up to " + std::to_string(t.threads) + " threads, one per " +
              std::to_string(kMinTilesPerThread) +
              " mr x nr x kc tiles of work; the ic or jr loop on a shared B panel, or split rows"
              " (each thread its own rows and B panel), whichever loads the threads more evenly"};
}

process_runtime detect_and_choose() {
  process_runtime rt;
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
  rt.trace_calls = config.verbose >= kCallTraceVerbosity;
  rt.verbose = config.verbose > 0;
  print(log.warnings, "warning: ");
  return rt;
}

// Opens the entry points' shortcut for tiny GEMMs (tiny_gemm.h) where it
// changes nothing but the time: no call tracing, no Sunway routing.
void open_tiny_shortcuts(const process_runtime& rt) {
  if (rt.trace_calls || rt.table.sunway_emu) return;
  if (rt.table.small) tiny_gemm_shortcut<double>.open_with(*rt.table.small);
  if (rt.table.small_f32) tiny_gemm_shortcut<float>.open_with(*rt.table.small_f32);
}

// A function-local static: initialised once, thread-safely, on first use;
// afterwards a call costs one load of its guard (std::call_once touched
// thread-local state and pthread_once on every call: 15 ns of an 8^3 DGEMM).
process_runtime& process() {
  static process_runtime rt = [] {
    process_runtime built = detect_and_choose();
    open_tiny_shortcuts(built);
    return built;
  }();
  return rt;
}

}  // namespace

const dispatch_table& active_dispatch() { return process().table; }

const machine_info& active_machine() { return process().machine; }

bool trace_calls() { return process().trace_calls; }

bool verbose_warnings() { return process().verbose; }

void trace_call(const std::string& what, const std::string& how, double seconds) {
  std::fprintf(stderr, "swblas: call %s: %s, %.3f ms\n", what.c_str(), how.c_str(), seconds * 1e3);
}

template <class T>
std::string problem_text(const basic_gemm_problem<T>& p) {
  char text[160];
  std::snprintf(text, sizeof text, "%ld x %ld x %ld, alpha %g, beta %g", static_cast<long>(p.m),
                static_cast<long>(p.n), static_cast<long>(p.k), double(p.alpha), double(p.beta));
  return text;
}
template std::string problem_text(const basic_gemm_problem<double>&);
template std::string problem_text(const basic_gemm_problem<float>&);

runtime_choice chosen_runtime() {
  const dispatch_table& t = active_dispatch();
  return {t.sunway_emu ? kSunwayEmuTarget : t.target.c_str(), t.ukernel ? t.ukernel->name : "none", t.kernel_name,
          t.threads};
}

}  // namespace swblas
