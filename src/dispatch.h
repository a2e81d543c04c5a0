// The dispatch table: which micro kernel, blocking and block kernels serve
// a call, chosen once per process from an ordered list of targets, each
// accepted or refused by a predicate on the CPU (BLIS-style), and explained
// line by line for SWBLAS_VERBOSE.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "../asm/small_gemm.h"
#include "blocked_gemm.h"
#include "config.h"
#include "cpu_features.h"
#include "fused_ops.h"
#include "macro_kernel.h"
#include "cpu_tuning.h"
#include "prefetch_policy.h"
#include "team_costs.h"
#include "topology.h"

namespace swblas {

// The name SWBLAS_TARGET uses for the hand-written block kernel.
inline constexpr const char* kReferenceTarget = "reference";

// The generated kernels that fuse an operation, resolved once: an epilogue
// by its block kernel, a prologue by the packing rule that applies it (the
// plain block kernel multiplies). Null / false: not generated, the fused
// driver takes its unfused path. The epilogue kernels are per element type;
// the prologue's packing rule serves both, so its flags are held once.
template <class T>
struct basic_epilogue_kernels {
  basic_block_kernel_fn<T> epilogue[kEpilogueOpCount] = {};
  const char* epilogue_name[kEpilogueOpCount] = {};
};
struct fused_kernels : basic_epilogue_kernels<double> {
  bool prologue[2][kPrologueOpCount] = {};  // [prologue_operand][prologue_op]
};

struct dispatch_table {
  std::string target;                        // "avx2", ..., or "reference"
  const dgemm_ukernel_desc* ukernel = nullptr;
  const dgemm_small_desc* small = nullptr;   // ukernel's small routine, if it has one
  block_engine engine;                       // the blocking and the plain block kernel
  const char* kernel_name = kReferenceTarget;  // the plain block kernel's
  basic_block_engine<float> engine_f32;      // single precision (and complex float, by 1m)
  const char* kernel_name_f32 = kReferenceTarget;
  const small_gemm_desc<float>* small_f32 = nullptr;  // engine_f32's small routine, if it has one
  fused_kernels fused;
  basic_epilogue_kernels<float> fused_f32;   // engine_f32's epilogue kernels
  int threads = 1;                           // configured team size
  bool sunway_emu = false;                   // plain DGEMM and SGEMM routed to the Sunway emulation (sunway_route.h)
  prefetch_policy prefetch;                  // how batches of small problems fetch ahead
  team_costs team;                           // what split rows' packing of B costs (gemm_driver.h)
  off_line_a_copy off_line_a = off_line_a_copy::streamed_double_batches;  // unpacked_gemm.h
  const blocking& blk() const { return engine.blk; }
};

// What the table is built from; the defaults are this build's registry and
// generated manifest, tests substitute their own.
struct kernel_catalogue {
  const dgemm_ukernel_desc* const* ukernels = nullptr;
  std::size_t ukernel_count = 0;
  const generated_target* targets = nullptr;
  std::size_t target_count = 0;
  const generated_entry* entries = nullptr;
  std::size_t entry_count = 0;
  // Single precision (none: sgemm and cgemm have no engine).
  const ukernel_desc<float>* const* f32_ukernels = nullptr;
  std::size_t f32_ukernel_count = 0;
  const basic_generated_entry<float>* f32_entries = nullptr;
  std::size_t f32_entry_count = 0;
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

// Of `caches` (a target's configurations), the one that best fits the
// detected caches `have`, level by level: of those with the best-fitting L2
// (the largest not above the detected one, else the smallest), those with
// the best-fitting L1d, of those the one with the best-fitting L3.
// nullptr when there is none.
const cache_config* pick_cache_config(const cache_config* caches, std::size_t count, const cache_sizes& have);

// Whether a generated target agrees with the micro kernel it names (present
// in the catalogue, same mr and nr, a cache configuration); `why` explains a
// refusal.
// (T: the element type of g's row; double and float.)
template <class T>
bool check_generated_target(const generated_target& g, const kernel_catalogue& kernels, std::string* why);

// Reports on stderr that this build has no micro kernel the CPU runs, and
// aborts: such a build cannot compute anything.
[[noreturn]] void no_micro_kernel();

// The table's micro kernel (no_micro_kernel() when there is none).
inline const dgemm_ukernel_desc& micro_kernel(const dispatch_table& t) {
  if (!t.ukernel) no_micro_kernel();
  return *t.ukernel;
}

// The table's engine of element type T (complex GEMM uses its real type's).
template <class T>
const basic_block_engine<T>& engine_of(const dispatch_table& t) {
  if constexpr (std::is_same_v<T, float>)
    return t.engine_f32;
  else
    return t.engine;
}

// The table's epilogue kernels of element type T.
template <class T>
const basic_epilogue_kernels<T>& fused_of(const dispatch_table& t) {
  if constexpr (std::is_same_v<T, float>)
    return t.fused_f32;
  else
    return t.fused;
}

// The table's small routine of element type T (null: none).
template <class T>
const small_gemm_desc<T>* small_of(const dispatch_table& t) {
  if constexpr (std::is_same_v<T, float>)
    return t.small_f32;
  else
    return t.small;
}

// The process's table, built on first use (std::call_once) from the CPU,
// hwloc and the environment; SWBLAS_VERBOSE output is printed then.
const dispatch_table& active_dispatch();

// The machine as detected by active_dispatch().
const machine_info& active_machine();

}  // namespace swblas
