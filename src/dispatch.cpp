// Building the dispatch table: ordered predicates over the targets, then
// the manifest entries for the chosen micro kernel.
#include "dispatch.h"

#include <cstring>
#include <tuple>

namespace swblas {
namespace {

// One target's predicate result.
struct target_verdict {
  isa target;
  bool accepted;
  std::string reason;
  const dgemm_ukernel_desc* ukernel;
};

const dgemm_ukernel_desc* find_ukernel(const kernel_catalogue& k, isa needs) {
  for (std::size_t i = 0; i < k.ukernel_count; ++i)
    if (k.ukernels[i]->needs == needs) return k.ukernels[i];
  return nullptr;
}

const dgemm_ukernel_desc* find_ukernel(const kernel_catalogue& k, const char* name) {
  for (std::size_t i = 0; i < k.ukernel_count; ++i)
    if (std::strcmp(k.ukernels[i]->name, name) == 0) return k.ukernels[i];
  return nullptr;
}

// The predicate of one target: the CPU must run its ISA and the build must
// contain a micro kernel for it.
target_verdict evaluate_target(isa t, const cpu_features& cpu, const kernel_catalogue& k) {
  const isa_verdict v = can_run(cpu, t);
  const dgemm_ukernel_desc* u = find_ukernel(k, t);
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

// The manifest entries generated for micro kernel u that pass their checks
// (refusals are logged).
std::vector<const macro_kernel_info*> usable_variants(const kernel_catalogue& k,
                                                      const dgemm_ukernel_desc& u,
                                                      dispatch_log* log) {
  std::vector<const macro_kernel_info*> usable;
  for (std::size_t i = 0; i < k.variant_count; ++i) {
    const macro_kernel_info& e = k.variants[i];
    if (e.needs != u.needs || std::strcmp(e.ukernel, u.name) != 0) continue;
    if (e.family != kernel_family::dgemm) continue;  // found through sibling_variant
    std::string why;
    if (check_manifest_entry(e, k, &why))
      usable.push_back(&e);
    else
      log->lines.push_back(std::string("manifest entry ") + e.name + ": refused (" + why + ")");
  }
  log->lines.push_back("manifest: " + std::to_string(k.variant_count) +
                       " generated macro kernels, " + std::to_string(usable.size()) +
                       " usable with " + u.name);
  return usable;
}

}  // namespace

const macro_kernel_info* sibling_variant(const macro_kernel_info& base, kernel_family family,
                                         int op, parallel_loop loop, const kernel_catalogue& k) {
  for (std::size_t i = 0; i < k.variant_count; ++i) {
    const macro_kernel_info& e = k.variants[i];
    if (e.family == family && e.op == op && e.parallel == loop &&
        std::strcmp(e.target, base.target) == 0 && e.l1d == base.l1d && e.l2 == base.l2 &&
        e.l3 == base.l3)
      return &e;
  }
  return nullptr;
}

namespace {

std::string describe_blocking(const blocking& b) {
  return "mc=" + std::to_string(b.mc) + " kc=" + std::to_string(b.kc) +
         " nc=" + std::to_string(b.nc);
}

// Fills one loop of the table: the best-fitting generated variant, or the
// reference path.
loop_variant choose_loop(parallel_loop l, const std::vector<const macro_kernel_info*>& usable,
                         const dgemm_ukernel_desc& u, const cache_sizes& caches,
                         bool reference_only, dispatch_log* log) {
  const char* loop_name = l == parallel_loop::ic ? "ic" : "jr";
  loop_variant v;
  v.blk = model_blocking(caches, u.mr, u.nr);
  std::vector<const macro_kernel_info*> candidates;
  for (const macro_kernel_info* e : usable)
    if (e->parallel == l) candidates.push_back(e);
  v.generated = reference_only ? nullptr : pick_variant(candidates, caches);
  if (v.generated) {
    const macro_kernel_info& g = *v.generated;
    v.blk = blocking{g.mc, g.kc, g.nc};
    log->lines.push_back(std::string(loop_name) + " loop: generated " + g.name + " (" +
                         describe_blocking(v.blk) + ", for L1d " + format_bytes(g.l1d) +
                         " L2 " + format_bytes(g.l2) + " L3 " + format_bytes(g.l3) + ")");
  } else {
    const std::string why = reference_only ? "forced by SWBLAS_TARGET"
                                           : std::string("no generated variant for ") + u.name;
    log->lines.push_back(std::string(loop_name) + " loop: reference path (" +
                         describe_blocking(v.blk) + "; " + why + ")");
  }
  return v;
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

kernel_catalogue build_catalogue() {
  kernel_catalogue k;
  k.ukernels = ukernel_registry(&k.ukernel_count);
  k.variants = generated_macro_kernels;
  k.variant_count = generated_macro_kernel_count;
  return k;
}

bool check_manifest_entry(const macro_kernel_info& e, const kernel_catalogue& k,
                          std::string* why) {
  const dgemm_ukernel_desc* u = find_ukernel(k, e.ukernel);
  if (!u) {
    *why = std::string("micro kernel ") + e.ukernel + " is not in this build";
    return false;
  }
  if (u->mr != e.mr || u->nr != e.nr) {
    *why = "entry says " + std::to_string(e.mr) + "x" + std::to_string(e.nr) + " but " +
           u->name + " is " + std::to_string(u->mr) + "x" + std::to_string(u->nr);
    return false;
  }
  if (!e.run || e.mc <= 0 || e.kc <= 0 || e.nc <= 0 || e.a_pack_doubles == 0 ||
      e.b_pack_doubles == 0) {
    *why = "incomplete entry (no function, blocking or buffer size)";
    return false;
  }
  return true;
}

namespace {

// Of `candidates`, those whose `level` best fits `have`: the largest not
// above it, or the smallest when every one is above it.
std::vector<const macro_kernel_info*> best_fits(const std::vector<const macro_kernel_info*>& candidates,
                                                std::size_t macro_kernel_info::*level, std::size_t have) {
  bool any_fits = false;
  std::size_t best = 0;
  for (const macro_kernel_info* e : candidates) {
    const std::size_t size = e->*level;
    const bool fits = size <= have;
    if (fits && (!any_fits || size > best)) best = size;
    if (!fits && !any_fits && (best == 0 || size < best)) best = size;
    any_fits = any_fits || fits;
  }
  std::vector<const macro_kernel_info*> kept;
  for (const macro_kernel_info* e : candidates)
    if (e->*level == best) kept.push_back(e);
  return kept;
}

}  // namespace

const macro_kernel_info* pick_variant(const std::vector<const macro_kernel_info*>& candidates,
                                      const cache_sizes& caches) {
  // Level by level, L2 first: it sets mc, the blocking that matters most;
  // an L3 above the detected one (or an unknown one) still leaves L1 and L2 right.
  std::vector<const macro_kernel_info*> kept = best_fits(candidates, &macro_kernel_info::l2, caches.l2);
  kept = best_fits(kept, &macro_kernel_info::l1d, caches.l1d);
  kept = best_fits(kept, &macro_kernel_info::l3, caches.l3);
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
  const std::size_t chosen = choose_target(verdicts, config.forced_target, log);
  if (chosen == verdicts.size()) {
    log->warnings.push_back("no runnable micro kernel in this build");
    return table;
  }
  const bool reference_only = config.forced_target == kReferenceTarget;
  table.target = reference_only ? kReferenceTarget : isa_name(verdicts[chosen].target);
  table.ukernel = verdicts[chosen].ukernel;
  log->lines.push_back(describe_choice(table, config.forced_target));
  const std::vector<const macro_kernel_info*> usable =
      usable_variants(kernels, *table.ukernel, log);
  for (parallel_loop l : {parallel_loop::ic, parallel_loop::jr})
    table.loops[static_cast<int>(l)] = choose_loop(l, usable, *table.ukernel,
                                                   machine.topo.caches.used, reference_only, log);
  log->lines.push_back(describe_policy(table.prefetch));
  log->lines.push_back(describe_team_costs(table.team));
  return table;
}

}  // namespace swblas
