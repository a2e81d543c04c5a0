// swblas::gemm: quick cases, the unpacked path (small and skinny problems),
// then the packed macro kernel run by an OpenMP team on per-thread packing
// buffers.
#include "gemm.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <omp.h>

#include "call_trace.h"
#include "fused_ops.h"
#include "gemm_driver.h"
#include "pack_buffer.h"
#include "reference_gemm.h"
#include "sunway_route.h"
#include "unpacked_gemm.h"

namespace swblas {
namespace {

dim_t ceil_div(dim_t a, dim_t b) { return (a + b - 1) / b; }

// Buffer sizes of the variant that will run.
std::size_t a_pack_doubles(const gemm_problem& p, const dgemm_ukernel_desc& u,
                           const loop_variant& v) {
  return v.generated ? v.generated->a_pack_doubles : reference_a_pack_doubles(p, u, v.blk);
}

std::size_t b_pack_doubles(const gemm_problem& p, const dgemm_ukernel_desc& u,
                           const loop_variant& v) {
  return v.generated ? v.generated->b_pack_doubles : reference_b_pack_doubles(p, u, v.blk);
}

// What every team thread runs.
void run_variant(const gemm_problem& p, const dgemm_ukernel_desc& u, const loop_variant& v,
                 parallel_loop loop, double* a_pack, double* b_pack) {
  if (v.generated)
    v.generated->run(p, a_pack, b_pack);
  else
    reference_macro_kernel(p, u, v.blk, loop, a_pack, b_pack);
}

// The unpacked path on a team of nt threads, each on its own part of p.
void run_unpacked(const gemm_problem& p, unpacked_split s, const dgemm_ukernel_desc& u, dim_t kc,
                  int nt) {
  if (nt <= 1) return run_unpacked_part(p, s, u, kc);
  const dim_t unit = unpacked_detail::unit(s, u);
#pragma omp parallel num_threads(nt)
  run_unpacked_part(
      unpacked_detail::part_of(p, s, unit, omp_get_thread_num(), omp_get_num_threads()), s, u,
      kc);
}

// Part `part` of `parts` of p's rows, in whole mr-row tiles, as a problem of
// its own (possibly empty). A per-row bias moves along with the rows: the
// part's epilogue is a copy of p's, kept in `epi`.
gemm_problem row_part(const gemm_problem& p, dim_t mr, int part, int parts,
                      epilogue_args* epi) {
  gemm_problem q = unpacked_detail::part_of(p, unpacked_split::by_rows, mr, part, parts);
  if (p.epi) {
    *epi = *p.epi;
    if (epi->bias) epi->bias += (q.c - p.c) * epi->rs_bias;  // q.c - p.c: the first row
    q.epi = epi;
  }
  return q;
}

// Split rows: every thread its part of p, alone. The kernel's orphaned
// work-sharing must bind to a team of one of the thread's own, not to nt.
void run_rows(const gemm_problem& p, const dgemm_ukernel_desc& u, const loop_variant& v, int nt) {
#pragma omp parallel num_threads(nt)
  {
    epilogue_args epi;
    const gemm_problem part = row_part(p, u.mr, omp_get_thread_num(), omp_get_num_threads(), &epi);
    if (part.m > 0) {
      double* a = thread_pack_buffer(pack_role::a_private, a_pack_doubles(part, u, v));
      double* b = thread_pack_buffer(pack_role::b_panel, b_pack_doubles(part, u, v));
#pragma omp parallel num_threads(1)
      run_variant(part, u, v, parallel_loop::ic, a, b);
    }
  }
}

[[noreturn]] void no_kernel() {
  std::fputs("swblas: fatal: no runnable micro kernel in this build\n", stderr);
  std::abort();
}

}  // namespace

void run_packed(const gemm_problem& p, const dgemm_ukernel_desc& u, const loop_variant& v,
                const team_plan& team) {
  const parallel_loop loop = team.loop;
  const int nt = team.threads;
  if (team.split_rows && nt > 1) return run_rows(p, u, v, nt);
  const std::size_t a_doubles = a_pack_doubles(p, u, v);
  double* b_pack = thread_pack_buffer(pack_role::b_panel, b_pack_doubles(p, u, v));
  double* a_shared =
      loop == parallel_loop::jr ? thread_pack_buffer(pack_role::a_shared, a_doubles) : nullptr;
  // Alone, the kernel runs without a region of its own, unless the caller
  // is inside an OpenMP region: its orphaned `omp for` would then bind to the
  // caller's team and split this one problem across the caller's threads.
  if (nt == 1 && !omp_in_parallel()) {
    double* a = a_shared ? a_shared : thread_pack_buffer(pack_role::a_private, a_doubles);
    run_variant(p, u, v, loop, a, b_pack);
    return;
  }
#pragma omp parallel num_threads(nt)
  {
    double* a = a_shared ? a_shared : thread_pack_buffer(pack_role::a_private, a_doubles);
    run_variant(p, u, v, loop, a, b_pack);
  }
}

int team_size(const gemm_problem& p, const dgemm_ukernel_desc& u, const blocking& b,
              int configured) {
  // In double: m*n*k may exceed the range of dim_t for huge problems.
  const double tile_work = double(u.mr) * u.nr * double(std::min(b.kc, p.k));
  const double worth = double(p.m) * double(p.n) * double(p.k) / (kMinTilesPerThread * tile_work);
  const int cap = std::max(configured, 1);
  return worth >= cap ? cap : std::max(static_cast<int>(worth), 1);
}

double loop_balance(const gemm_problem& p, const dgemm_ukernel_desc& u, const blocking& b,
                    parallel_loop loop, int nt) {
  if (nt <= 1) return 1.0;
  if (loop == parallel_loop::ic) {
    // The blocks go round-robin (the ic kernels' schedule(static, 1)):
    // thread t has blocks t, t + nt, ..., one of them the partial last one.
    const dim_t blocks = ceil_div(p.m, b.mc);
    const dim_t last_rows = p.m - (blocks - 1) * b.mc;
    dim_t most_rows = 0;
    for (dim_t t = 0; t < std::min<dim_t>(nt, blocks); ++t) {
      const dim_t mine = ceil_div(blocks - t, dim_t{nt});
      const bool has_last = (blocks - 1) % nt == t;
      most_rows = std::max(most_rows, mine * b.mc - (has_last ? b.mc - last_rows : 0));
    }
    const double per_thread = double(p.m) / nt;
    const double shared_b = (1.0 - 1.0 / nt) * kIcSharedBRows;
    return per_thread / double(most_rows) * per_thread / (per_thread + shared_b);
  }
  const dim_t panels = ceil_div(std::min(b.nc, p.n), u.nr);
  const double per_thread = double(panels) / nt;
  return per_thread / double(ceil_div(panels, nt)) * per_thread / (per_thread + kJrSharingPanels);
}

double rows_balance(const gemm_problem& p, const dgemm_ukernel_desc& u, int nt,
                    double pack_b_rows) {
  if (nt <= 1) return 1.0;
  const dim_t most_rows = std::min(p.m, ceil_div(ceil_div(p.m, u.mr), nt) * u.mr);
  return (double(p.m) / nt + pack_b_rows / nt) / (double(most_rows) + pack_b_rows);
}

team_plan plan_team(const dispatch_table& t, const gemm_problem& p, const gemm_options& o) {
  const dgemm_ukernel_desc& u = *t.ukernel;
  const blocking& ic = t.loop(parallel_loop::ic).blk;
  const blocking& jr = t.loop(parallel_loop::jr).blk;
  team_plan plan;
  plan.threads = o.fit_team_to_work ? team_size(p, u, ic, o.threads) : std::max(o.threads, 1);
  const double ic_balance = loop_balance(p, u, ic, parallel_loop::ic, plan.threads);
  const double jr_balance = loop_balance(p, u, jr, parallel_loop::jr, plan.threads);
  plan.loop = o.loop.value_or(jr_balance > ic_balance ? parallel_loop::jr : parallel_loop::ic);
  plan.split_rows = o.split_rows.value_or(
      !o.loop && rows_balance(p, u, plan.threads, t.team.pack_b_rows(p.k, ic.kc)) >
                     std::max(ic_balance, jr_balance));
  if (plan.split_rows) plan.loop = parallel_loop::ic;
  if (plan.loop == parallel_loop::jr && o.fit_team_to_work)
    plan.threads = static_cast<int>(std::min<dim_t>(plan.threads, ceil_div(std::min(jr.nc, p.n), u.nr)));
  return plan;
}

gemm_route route_gemm(const dispatch_table& t, const gemm_problem& p, const gemm_options& o) {
  using path = gemm_route::path;
  gemm_route r;
  if (p.m <= 0 || p.n <= 0) return r;
  if (p.alpha == 0.0 || p.k <= 0) {
    r.how = path::scale_c;
    return r;
  }
  if (!t.ukernel) no_kernel();
  const dgemm_ukernel_desc& u = *t.ukernel;
  // A tiny problem goes straight to the small routine: one thread, one call.
  if (o.allow_small && !o.loop && u.small && p.rs_a == 1 &&
      double(p.m) * double(p.n) * double(p.k) <= kTinyWork) {
    r.how = path::tiny;
    return r;
  }
  const unpacked_split split =
      o.allow_small && !o.loop ? classify_unpacked(p, u) : unpacked_split::none;
  if (split != unpacked_split::none) {
    r.how = path::unpacked;
    r.split = split;
    r.unpacked_threads = o.fit_team_to_work
                             ? unpacked_team(p, split, u, o.threads)
                             : unpacked_team(p, split, u, o.threads, /*any_work=*/true);
    return r;
  }
  r.how = path::packed;
  r.team = plan_team(t, p, o);
  return r;
}

std::string thread_count_text(int n) { return std::to_string(n) + (n == 1 ? " thread" : " threads"); }

std::string describe_team(const team_plan& team) {
  return std::string(team.split_rows ? "split rows" : team.loop == parallel_loop::jr ? "jr loop" : "ic loop") +
         ", " + thread_count_text(team.threads);
}

std::string describe_route(const gemm_route& r) {
  switch (r.how) {
    case gemm_route::path::nothing: return "nothing to do";
    case gemm_route::path::scale_c: return "C := beta C only";
    case gemm_route::path::tiny: return "small routine, 1 thread";
    case gemm_route::path::unpacked:
      return std::string("unpacked by ") +
             (r.split == unpacked_split::by_rows ? "rows" : "columns") + ", " +
             thread_count_text(r.unpacked_threads);
    case gemm_route::path::packed: return "packed, " + describe_team(r.team);
  }
  return "?";
}

void run_route(const dispatch_table& t, const gemm_problem& p, const gemm_route& r) {
  switch (r.how) {
    case gemm_route::path::nothing: return;
    case gemm_route::path::scale_c: return scale_c(p);
    case gemm_route::path::tiny:
      return t.ukernel->small(p.m, p.n, p.k, p.alpha, p.a, p.cs_a, p.b, p.rs_b, p.cs_b, p.beta, p.c,
                              p.ldc, nullptr);
    case gemm_route::path::unpacked:
      return run_unpacked(p, r.split, *t.ukernel,
                          t.loop(parallel_loop::ic).blk.kc, r.unpacked_threads);
    case gemm_route::path::packed:
      return run_packed(p, *t.ukernel, t.loop(r.team.loop), r.team);
  }
}

void gemm_with(const dispatch_table& t, const gemm_problem& p, const gemm_options& o) {
  run_route(t, p, route_gemm(t, p, o));
}

void gemm(const gemm_problem& p) {
  const dispatch_table& t = active_dispatch();
  const auto what = [&] { return "dgemm " + problem_text(p); };
  if (t.sunway_emu)
    return run_traced([&] { sunway_emu_run(p); }, what, [] { return std::string("Sunway emulation"); });
  gemm_options o;
  o.threads = t.threads;
  const gemm_route r = route_gemm(t, p, o);
  run_traced([&] { run_route(t, p, r); }, what, [&] { return describe_route(r); });
}

}  // namespace swblas
