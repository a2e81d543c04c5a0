// The planner (see planner.h): every decision the drivers take before
// anything runs.
#include "planner.h"

#include <algorithm>

namespace swblas {

template <class T>
int team_size(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, const blocking& b, int configured) {
  // In double: m*n*k may exceed the range of dim_t for huge problems.
  const double tile_work = double(u.mr) * u.nr * double(std::min(b.kc, p.k));
  const double worth = double(p.m) * double(p.n) * double(p.k) / (kMinTilesPerThread * tile_work);
  const int cap = std::max(configured, 1);
  return worth >= cap ? cap : std::max(static_cast<int>(worth), 1);
}

template <class T>
double loop_balance(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, const blocking& b, parallel_loop loop,
                    int nt) {
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

template <class T>
double rows_balance(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, int nt, double pack_b_rows) {
  if (nt <= 1) return 1.0;
  const dim_t most_rows = std::min(p.m, ceil_div(ceil_div(p.m, u.mr), nt) * u.mr);
  return (double(p.m) / nt + pack_b_rows / nt) / (double(most_rows) + pack_b_rows);
}

template <class T>
team_plan plan_team(const basic_block_engine<T>& e, const team_costs& costs, const basic_gemm_problem<T>& p,
                    const gemm_options& o) {
  const ukernel_desc<T>& u = *e.ukernel;
  const blocking& ic = e.blk;
  const blocking& jr = e.blk;
  team_plan plan;
  plan.threads = o.fit_team_to_work ? team_size(p, u, ic, o.threads) : std::max(o.threads, 1);
  const double ic_balance = loop_balance(p, u, ic, parallel_loop::ic, plan.threads);
  const double jr_balance = loop_balance(p, u, jr, parallel_loop::jr, plan.threads);
  plan.loop = o.loop.value_or(jr_balance > ic_balance ? parallel_loop::jr : parallel_loop::ic);
  const double work_per_thread = double(p.m) * double(p.n) * double(p.k) / plan.threads;
  plan.split_rows = o.split_rows.value_or(
      !o.loop && work_per_thread >= kMinSplitRowsWork &&
      rows_balance(p, u, plan.threads, costs.pack_b_rows(p.k, ic.kc)) > std::max(ic_balance, jr_balance));
  if (p.in_c.on()) plan.split_rows = false;  // a thread would pack rows another has written
  if (plan.split_rows) plan.loop = parallel_loop::ic;
  // One triangle of C: equal row ranges hold unequal work. A blocks
  // (claimed one at a time, the B panel shared) do better than jr's column
  // chunks: Zen 4, two threads, dsyrk 1000 / 2000: 98 / 85-102 against 64-79
  // / 75-85 GFLOP/s.
  if (p.c_domain.on && !o.loop && !o.split_rows) {
    plan.split_rows = false;
    plan.loop = parallel_loop::ic;
    // Lower A blocks where the triangle's rows would make too few of them
    // for the team: Zen 4, two threads, at 1000 ssyrk 123-133 -> 156-188,
    // ssyr2k 124 -> 158, sgemmt 121 -> 149 GFLOP/s (3 blocks of 480 rows
    // -> 7 of 144); dsyrk, zherk, csyrk the same within the noise. Four
    // blocks a thread (96 rows) gave ssyrk 160.
    const dim_t wanted = kTriangleBlocksPerThread * plan.threads;
    if (plan.threads > 1 && ceil_div(p.m, ic.mc) < wanted)
      plan.mc = std::max<dim_t>(u.mr, ceil_div(p.m, wanted) / u.mr * u.mr);
  }
  if (plan.loop == parallel_loop::jr && o.fit_team_to_work)
    plan.threads = static_cast<int>(std::min<dim_t>(plan.threads, ceil_div(std::min(jr.nc, p.n), u.nr)));
  return plan;
}

#define SWBLAS_INSTANTIATE_PLANNER(T)                                                                      \
  template int team_size(const basic_gemm_problem<T>&, const ukernel_desc<T>&, const blocking&, int);        \
  template double loop_balance(const basic_gemm_problem<T>&, const ukernel_desc<T>&, const blocking&,      \
                               parallel_loop, int);                                                         \
  template double rows_balance(const basic_gemm_problem<T>&, const ukernel_desc<T>&, int, double);          \
  template team_plan plan_team(const basic_block_engine<T>&, const team_costs&, const basic_gemm_problem<T>&, \
                               const gemm_options&);
SWBLAS_INSTANTIATE_PLANNER(double)
SWBLAS_INSTANTIATE_PLANNER(float)
#undef SWBLAS_INSTANTIATE_PLANNER

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

}  // namespace swblas
