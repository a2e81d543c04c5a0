// Building the dispatch table: ordered predicates over the targets, then
// the chosen micro kernel's blocking and generated block kernels.
#include "dispatch.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace swblas {
namespace {

// One target's predicate result.
struct target_verdict {
  isa target;
  bool accepted;
  std::string reason;
  const dgemm_ukernel_desc* ukernel;
};

// The catalogue's micro kernels and generated entries of element type T.
template <class T>
struct catalogue_part {
  const ukernel_desc<T>* const* ukernels;
  std::size_t ukernel_count;
  const basic_generated_entry<T>* entries;
  std::size_t entry_count;
};
template <class T>
catalogue_part<T> part_of(const kernel_catalogue& k) {
  if constexpr (std::is_same_v<T, float>)
    return {k.f32_ukernels, k.f32_ukernel_count, k.f32_entries, k.f32_entry_count};
  else
    return {k.ukernels, k.ukernel_count, k.entries, k.entry_count};
}

template <class T>
const ukernel_desc<T>* find_ukernel(const kernel_catalogue& k, isa needs) {
  const catalogue_part<T> c = part_of<T>(k);
  for (std::size_t i = 0; i < c.ukernel_count; ++i)
    if (c.ukernels[i]->needs == needs) return c.ukernels[i];
  return nullptr;
}

template <class T>
const ukernel_desc<T>* find_ukernel(const kernel_catalogue& k, const char* name) {
  const catalogue_part<T> c = part_of<T>(k);
  for (std::size_t i = 0; i < c.ukernel_count; ++i)
    if (std::strcmp(c.ukernels[i]->name, name) == 0) return c.ukernels[i];
  return nullptr;
}

// The predicate of one target: the CPU must run its ISA and the build must
// contain a micro kernel for it.
target_verdict evaluate_target(isa t, const cpu_features& cpu, const kernel_catalogue& k) {
  const isa_verdict v = can_run(cpu, t);
  const dgemm_ukernel_desc* u = find_ukernel<double>(k, t);
  if (!v.runnable) return {t, false, v.reason, u};
  if (!u) return {t, false, std::string("no ") + isa_name(t) + " micro kernel in this build", u};
  return {t, true, v.reason, u};
}

// Every target's predicate, in order, each logged.
std::vector<target_verdict> evaluate_targets(const std::vector<isa>& targets,
                                             const cpu_features& cpu, const kernel_catalogue& k,
                                             dispatch_log* log) {
  std::vector<target_verdict> verdicts;
  for (isa t : targets) {
    verdicts.push_back(evaluate_target(t, cpu, k));
    const target_verdict& v = verdicts.back();
    log->lines.push_back(std::string("target ") + isa_name(t) + ": " +
                         (v.accepted ? "accepted (" : "refused (") + v.reason + ")");
  }
  return verdicts;
}

std::string describe_choice(const dispatch_table& t, const std::string& forced) {
  const std::string why = forced.empty()       ? "first accepted"
                          : forced == t.target ? "forced by SWBLAS_TARGET"
                                               : "first accepted; SWBLAS_TARGET=" + forced +
                                                     " refused";
  const dgemm_ukernel_desc& u = *t.ukernel;
  return "chosen target " + t.target + " (" + why + "), micro kernel " + u.name + " (" +
         std::to_string(u.mr) + "x" + std::to_string(u.nr) + ")";
}

std::string known_targets(const std::vector<target_verdict>& verdicts) {
  std::string s;
  for (const target_verdict& v : verdicts) s += std::string(isa_name(v.target)) + " ";
  return s + kReferenceTarget;
}

// Index of the target to use: the forced one if it can run, else the first
// accepted (with a warning when a forced target was refused or unknown).
// Returns verdicts.size() when nothing is runnable.
std::size_t choose_target(const std::vector<target_verdict>& verdicts, const std::string& forced,
                          dispatch_log* log) {
  std::size_t best = verdicts.size();
  for (std::size_t i = 0; i < verdicts.size() && best == verdicts.size(); ++i)
    if (verdicts[i].accepted) best = i;
  if (forced.empty() || forced == kReferenceTarget) return best;
  const std::string fallback =
      best < verdicts.size() ? isa_name(verdicts[best].target) : "nothing";
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    if (forced != isa_name(verdicts[i].target)) continue;
    if (verdicts[i].accepted) return i;
    log->warnings.push_back("SWBLAS_TARGET=" + forced + " cannot run here (" +
                            verdicts[i].reason + "); using " + fallback + " instead");
    return best;
  }
  log->warnings.push_back("SWBLAS_TARGET=" + forced + " is not a known target (known: " +
                          known_targets(verdicts) + "); using " + fallback + " instead");
  return best;
}

// The generated target of micro kernel u that passes its checks, or null
// (refusals are logged).
template <class T>
const generated_target* target_of(const kernel_catalogue& k, const ukernel_desc<T>& u, dispatch_log* log) {
  for (std::size_t i = 0; i < k.target_count; ++i) {
    const generated_target& g = k.targets[i];
    if (g.elem != element_of<T> || g.needs != u.needs || std::strcmp(g.ukernel, u.name) != 0) continue;
    std::string why;
    if (check_generated_target<T>(g, k, &why)) return &g;
    log->lines.push_back(std::string("generated target ") + g.name + ": refused (" + why + ")");
  }
  return nullptr;
}

// The register block the model blocks for when no generated target
// describes micro kernel u: its shape, a one-element vector and a resident
// A micro-panel, which keeps kc within L1.
template <class T>
register_block plain_shape(const ukernel_desc<T>& u) {
  return {u.mr, u.nr, 8, 1, false, static_cast<int>(sizeof(T))};
}

// The blocking: the model on the target's best-fitting cache configuration,
// or on the detected caches when there is no target.
template <class T>
blocking choose_table_blocking(const generated_target* g, const ukernel_desc<T>& u, const cache_sizes& have,
                               dispatch_log* log) {
  const cache_config* c = g ? pick_cache_config(g->caches, g->cache_count, have) : nullptr;
  const cache_config detected{have.l1d, have.l2, have.l3};
  const blocking b = choose_blocking(g ? g->shape : plain_shape(u), c ? *c : detected);
  const cache_config& used = c ? *c : detected;
  log->lines.push_back(std::string(std::is_same_v<T, float> ? "single precision " : "") + "blocking: " + describe_blocking(b) + " (for L1d " + format_bytes(used.l1d) + " L2 " +
                       format_bytes(used.l2) + " L3 " + format_bytes(used.l3) +
                       (c ? std::string(", the best fit of ") + g->name + "'s cache configurations)"
                          : ", the detected caches)"));
  return b;
}

// Entry x's kernel into the engine's slot of its structured-operand family
// (c_, a_ or b_triangle; a_ or b_symmetric) and op; entries of other
// families, or with an op out of range, change nothing.
template <class T>
void take_structured_kernel(const basic_generated_entry<T>& x, basic_block_engine<T>* e) {
  const auto take = [&](basic_block_kernel_fn<T>* slots, int count) {
    if (x.op >= 0 && x.op < count) slots[x.op] = x.run;
  };
  if (x.family == kernel_family::c_triangle) take(e->triangle, kTriangleOpCount);
  if (x.family == kernel_family::a_triangle) take(e->a_triangle, 2);
  if (x.family == kernel_family::b_triangle) take(e->b_triangle, kTriangleOpCount);
  if (x.family == kernel_family::a_symmetric) take(e->a_symmetric, 2);
  if (x.family == kernel_family::b_symmetric) take(e->b_symmetric, 2);
}

// An epilogue entry's block kernel into the table of its element type.
template <class T>
void take_epilogue_kernel(const basic_generated_entry<T>& x, basic_epilogue_kernels<T>* f) {
  if (x.op < 0 || x.op >= kEpilogueOpCount) return;
  f->epilogue[x.op] = x.run;
  f->epilogue_name[x.op] = x.kernel;
}

// The block kernels generated for target g: the plain one into the engine,
// the fused ones into the table.
void resolve_kernels(const generated_target& g, const kernel_catalogue& k, dispatch_table* t, dispatch_log* log) {
  std::size_t specs = 0;
  for (std::size_t i = 0; i < k.entry_count; ++i) {
    const generated_entry& e = k.entries[i];
    if (std::strcmp(e.target, g.name) != 0 || !e.run) continue;
    ++specs;
    switch (e.family) {
      case kernel_family::dgemm:
        t->engine.kernel = e.run;
        t->kernel_name = e.kernel;
        break;
      case kernel_family::epilogue: take_epilogue_kernel(e, &t->fused); break;
      case kernel_family::prologue_a:
      case kernel_family::prologue_b:
        if (e.op >= 0 && e.op < kPrologueOpCount) t->fused.prologue[e.family == kernel_family::prologue_b][e.op] = true;
        break;
      case kernel_family::c_triangle:
      case kernel_family::a_triangle:
      case kernel_family::b_triangle:
      case kernel_family::a_symmetric:
      case kernel_family::b_symmetric: take_structured_kernel(e, &t->engine); break;
      case kernel_family::solve: break;  // trsm keeps its recursion (docs/design.md, "Growing to the whole BLAS")
      case kernel_family::batch: break;  // its entries run the plain kernel
    }
  }
  log->lines.push_back(std::string("generated target ") + g.name + ": " + std::to_string(specs) +
                       " specs, block kernel " + t->kernel_name);
}

// The single-precision engine: the float micro kernel of the chosen
// target's ISA or, where the build has none (POWER10's MMA), of the best
// accepted target below it; its blocking and generated plain block kernel.
void choose_f32_engine(const std::vector<target_verdict>& verdicts, std::size_t chosen, const kernel_catalogue& k,
                       const cache_sizes& have, bool reference_only, dispatch_table* t, dispatch_log* log) {
  const ukernel_desc<float>* u = nullptr;
  for (std::size_t i = chosen; i < verdicts.size() && !u; ++i)
    if (i == chosen || verdicts[i].accepted) u = find_ukernel<float>(k, verdicts[i].target);
  if (!u) {
    log->lines.push_back("single precision: no micro kernel in this build");
    return;
  }
  basic_block_engine<float>& e = t->engine_f32;
  e.ukernel = u;
  const generated_target* g = target_of(k, *u, log);
  e.blk = choose_table_blocking(g, *u, have, log);
  const catalogue_part<float> c = part_of<float>(k);
  for (std::size_t i = 0; g && !reference_only && i < c.entry_count; ++i) {
    const basic_generated_entry<float>& x = c.entries[i];
    if (!x.run || std::strcmp(x.target, g->name) != 0) continue;
    if (x.family == kernel_family::dgemm) {
      e.kernel = x.run;
      t->kernel_name_f32 = x.kernel;
    } else if (x.family == kernel_family::epilogue) {
      take_epilogue_kernel(x, &t->fused_f32);
    } else {
      take_structured_kernel(x, &e);
    }
  }
  log->lines.push_back(std::string("single precision: micro kernel ") + u->name + " (" + std::to_string(u->mr) + "x" +
                       std::to_string(u->nr) + "), block kernel " + t->kernel_name_f32);
}

std::string describe_level(const char* name, std::size_t used, std::size_t read, bool ok) {
  std::string s = std::string(name) + " " + format_bytes(used);
  if (ok) return s + " (hwloc)";
  return s + " (hwloc read " + (read ? format_bytes(read) : std::string("nothing")) +
         ": implausible, using safe figure)";
}

void describe_machine(const machine_info& m, const runtime_config& config, dispatch_log* log) {
  const cache_assessment& c = m.topo.caches;
  log->lines.push_back(std::string("cpu ") + m.cpu.arch + ": " + describe_features(m.cpu) +
                       " (" + describe_identity(m.cpu.id) + ")");
  log->lines.push_back("caches per core: " +
                       describe_level("L1d", c.used.l1d, c.read.l1d, c.l1d_plausible) + ", " +
                       describe_level("L2", c.used.l2, c.read.l2, c.l2_plausible) + ", " +
                       describe_level("L3", c.used.l3, c.read.l3, c.l3_plausible));
  log->lines.push_back("cores " + std::to_string(m.topo.cores) +
                       (m.topo.cores_read ? " (hwloc)" : " (hwloc could not tell)") +
                       ", threads " + std::to_string(config.threads) + " (from " +
                       config.threads_source + ")");
}

}  // namespace

void no_micro_kernel() {
  std::fputs("swblas: fatal: no runnable micro kernel in this build\n", stderr);
  std::abort();
}

kernel_catalogue build_catalogue() {
  kernel_catalogue k;
  k.ukernels = ukernel_registry(&k.ukernel_count);
  k.targets = generated_targets;
  k.target_count = generated_target_count;
  k.entries = generated_entries;
  k.entry_count = generated_entry_count;
  k.f32_ukernels = micro_kernels<float>(&k.f32_ukernel_count);
  k.f32_entries = generated_f32_entries;
  k.f32_entry_count = generated_f32_entry_count;
  return k;
}

template <class T>
bool check_generated_target(const generated_target& g, const kernel_catalogue& k, std::string* why) {
  const ukernel_desc<T>* u = find_ukernel<T>(k, g.ukernel);
  if (!u) {
    *why = std::string("micro kernel ") + g.ukernel + " is not in this build";
    return false;
  }
  if (u->mr != g.shape.mr || u->nr != g.shape.nr) {
    *why = "target says " + std::to_string(g.shape.mr) + "x" + std::to_string(g.shape.nr) + " but " + u->name +
           " is " + std::to_string(u->mr) + "x" + std::to_string(u->nr);
    return false;
  }
  if (g.cache_count == 0) {
    *why = "no cache configuration";
    return false;
  }
  return true;
}

template bool check_generated_target<double>(const generated_target&, const kernel_catalogue&, std::string*);
template bool check_generated_target<float>(const generated_target&, const kernel_catalogue&, std::string*);

namespace {

// Of `candidates`, those whose `level` best fits `have`: the largest not
// above it, or the smallest when every one is above it.
std::vector<const cache_config*> best_fits(const std::vector<const cache_config*>& candidates,
                                           std::size_t cache_config::*level, std::size_t have) {
  bool any_fits = false;
  std::size_t best = 0;
  for (const cache_config* c : candidates) {
    const std::size_t size = c->*level;
    const bool fits = size <= have;
    if (fits && (!any_fits || size > best)) best = size;
    if (!fits && !any_fits && (best == 0 || size < best)) best = size;
    any_fits = any_fits || fits;
  }
  std::vector<const cache_config*> kept;
  for (const cache_config* c : candidates)
    if (c->*level == best) kept.push_back(c);
  return kept;
}

}  // namespace

const cache_config* pick_cache_config(const cache_config* caches, std::size_t count, const cache_sizes& have) {
  // Level by level, L2 first: it sets mc, the blocking that matters most;
  // an L3 above the detected one (or an unknown one) still leaves L1 and L2 right.
  std::vector<const cache_config*> kept;
  for (std::size_t i = 0; i < count; ++i) kept.push_back(&caches[i]);
  kept = best_fits(kept, &cache_config::l2, have.l2);
  kept = best_fits(kept, &cache_config::l1d, have.l1d);
  kept = best_fits(kept, &cache_config::l3, have.l3);
  return kept.empty() ? nullptr : kept.front();
}

dispatch_table build_dispatch(const machine_info& machine, const runtime_config& config,
                              const std::vector<isa>& targets, const kernel_catalogue& kernels,
                              dispatch_log* log) {
  describe_machine(machine, config, log);
  const std::vector<target_verdict> verdicts =
      evaluate_targets(targets, machine.cpu, kernels, log);
  dispatch_table table;
  table.threads = config.threads;
  table.prefetch = choose_prefetch_policy(machine.cpu.id, machine.topo.caches.used);
  table.team = choose_team_costs(machine.cpu.id);
  const tuning_choice off_line_a = tuning_for(machine.cpu.id, &cpu_tuning::off_line_a);
  table.off_line_a = off_line_a.row->off_line_a;
  const std::size_t chosen = choose_target(verdicts, config.forced_target, log);
  if (chosen == verdicts.size()) {
    log->warnings.push_back("no runnable micro kernel in this build");
    return table;
  }
  const bool reference_only = config.forced_target == kReferenceTarget;
  table.target = reference_only ? kReferenceTarget : isa_name(verdicts[chosen].target);
  table.ukernel = verdicts[chosen].ukernel;
  table.small = small_gemm_for(*table.ukernel);
  table.engine.ukernel = table.ukernel;
  log->lines.push_back(describe_choice(table, config.forced_target));
  const generated_target* g = target_of(kernels, *table.ukernel, log);
  table.engine.blk = choose_table_blocking(g, *table.ukernel, machine.topo.caches.used, log);
  if (g && !reference_only)
    resolve_kernels(*g, kernels, &table, log);
  else
    log->lines.push_back(std::string("block kernel: reference (") +
                         (reference_only ? "forced by SWBLAS_TARGET" : "no generated target for " + std::string(table.ukernel->name)) + ")");
  choose_f32_engine(verdicts, chosen, kernels, machine.topo.caches.used, reference_only, &table, log);
  if (table.engine_f32.ukernel) table.small_f32 = small_gemm_for(*table.engine_f32.ukernel);
  log->lines.push_back(describe_policy(table.prefetch));
  log->lines.push_back(describe_team_costs(table.team));
  const bool always = table.off_line_a == off_line_a_copy::always;
  log->lines.push_back(std::string("small GEMMs: an A off a cache line is copied ") +
                       (always ? "in every call (lda of whole KiB, or long strips)"
                               : "in streamed double batches (lda of whole KiB)") +
                       " (" + tuning_basis(off_line_a) + ")");
  return table;
}

}  // namespace swblas
