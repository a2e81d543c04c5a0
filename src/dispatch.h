// The dispatch table: which micro kernel and which macro kernel variant
// serve a call, chosen once per process from an ordered list of targets,
// each accepted or refused by a predicate on the CPU (BLIS-style), and
// explained line by line for SWBLAS_VERBOSE.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "blocking.h"
#include "config.h"
#include "cpu_features.h"
#include "macro_kernel.h"
#include "prefetch_policy.h"
#include "team_costs.h"
#include "topology.h"

namespace swblas {

// The name SWBLAS_TARGET uses for the hand-written blocked path.
inline constexpr const char* kReferenceTarget = "reference";

// How one parallel loop is run: a generated macro kernel, or the reference
// path with the model's blocking.
struct loop_variant {
  const macro_kernel_info* generated = nullptr;  // nullptr: reference path
  blocking blk;                                  // the blocking it uses
};

struct dispatch_table {
  std::string target;                       // "avx2", ..., or "reference"
  const dgemm_ukernel_desc* ukernel = nullptr;
  loop_variant loops[2];                    // indexed by parallel_loop
  int threads = 1;                          // configured team size
  bool sunway_emu = false;                  // plain DGEMM routed to the Sunway emulation (sunway_route.h)
  prefetch_policy prefetch;                 // how batches of small problems fetch ahead
  team_costs team;                          // what split rows' packing of B costs (gemm_driver.h)
  const loop_variant& loop(parallel_loop l) const { return loops[static_cast<int>(l)]; }
};

// What the table is built from; the defaults are this build's registry and
// generated manifest, tests substitute their own.
struct kernel_catalogue {
  const dgemm_ukernel_desc* const* ukernels = nullptr;
  std::size_t ukernel_count = 0;
  const macro_kernel_info* variants = nullptr;
  std::size_t variant_count = 0;
};
kernel_catalogue build_catalogue();

// The machine as detected once.
struct machine_info {
  cpu_features cpu;
  topology topo;
};

// Lines for SWBLAS_VERBOSE, and warnings printed whatever the verbosity.
struct dispatch_log {
  std::vector<std::string> lines;
  std::vector<std::string> warnings;
};

// Builds the table: evaluates every target of `targets` (best first) in
// order, honours config.forced_target when it can run and falls back to the
// best runnable target with a warning otherwise, then picks the variants.
dispatch_table build_dispatch(const machine_info& machine, const runtime_config& config,
                              const std::vector<isa>& targets, const kernel_catalogue& kernels,
                              dispatch_log* log);

// Of the manifest entries that passed their checks, those generated for
// ukernel u and loop l; then the one whose caches best fit `caches`, level
// by level: of the entries with the best-fitting L2 (the largest not above
// the detected one, else the smallest), those with the best-fitting L1d,
// of those the one with the best-fitting L3. nullptr when there is none.
const macro_kernel_info* pick_variant(const std::vector<const macro_kernel_info*>& candidates,
                                      const cache_sizes& caches);

// The entry of `family` (fusing `op`) for parallel loop `loop` generated
// alongside `base`: same target and cache configuration. nullptr when the
// manifest has none (the caller then takes its unfused path). The table's
// loops only ever hold kernel_family::dgemm entries.
const macro_kernel_info* sibling_variant(const macro_kernel_info& base, kernel_family family,
                                         int op, parallel_loop loop, const kernel_catalogue& k);

// Whether a manifest entry agrees with the micro kernel it names (present
// in the catalogue, same mr and nr); `why` explains a refusal.
bool check_manifest_entry(const macro_kernel_info& e, const kernel_catalogue& kernels,
                          std::string* why);

// The process's table, built on first use (std::call_once) from the CPU,
// hwloc and the environment; SWBLAS_VERBOSE output is printed then.
const dispatch_table& active_dispatch();

// The machine as detected by active_dispatch().
const machine_info& active_machine();

}  // namespace swblas
