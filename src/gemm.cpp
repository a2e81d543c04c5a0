// swblas::gemm: quick cases, the unpacked path (small and skinny problems),
// then the packed path (src/blocked_gemm.h), its parallel work claimed by
// the caller and the pool's threads (src/thread_pool.h).
#include "gemm.h"

#include <algorithm>

#include "call_trace.h"
#include "fused_ops.h"
#include "gemm_driver.h"
#include "pack_buffer.h"
#include "sunway_route.h"
#include "thread_pool.h"
#include "unpacked_gemm.h"

namespace swblas {
namespace {

// The unpacked path on a team of nt threads, p in nt parts.
void run_unpacked(const gemm_problem& p, unpacked_split s, const dgemm_small_desc& r, dim_t kc,
                  int nt) {
  if (nt <= 1) return run_unpacked_part(p, s, r, kc);
  const dim_t unit = unpacked_detail::unit(s, r);
  run_items(nt, nt, [&](dim_t part) {
    run_unpacked_part(unpacked_detail::part_of(p, s, unit, static_cast<int>(part), nt), s, r, kc);
  });
}

// Part `part` of `parts` of p's rows, in whole mr-row tiles, as a problem of
// its own (possibly empty). A per-row bias moves along with the rows: the
// part's epilogue is a copy of p's, kept in `epi`.
template <class T>
basic_gemm_problem<T> row_part(const basic_gemm_problem<T>& p, dim_t mr, int part, int parts, epilogue_args* epi) {
  basic_gemm_problem<T> q = unpacked_detail::part_of(p, unpacked_split::by_rows, mr, part, parts);
  if (p.epi) {
    *epi = *p.epi;
    if (epi->bias) epi->bias += (q.c - p.c) * epi->rs_bias;  // q.c - p.c: the first row
    q.epi = epi;
  }
  return q;
}

// Split rows: p in nt parts of rows, each run alone on the buffers of the
// thread that claims it.
template <class T>
void run_rows(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, int nt) {
  run_items(nt, nt, [&](dim_t i) {
    epilogue_args epi;
    const basic_gemm_problem<T> part = row_part(p, e.ukernel->mr, static_cast<int>(i), nt, &epi);
    if (part.m > 0) {
      T* a = thread_pack_buffer_of<T>(pack_role::a_private, a_block_elems(part, e));
      T* b = thread_pack_buffer_of<T>(pack_role::b_panel, b_panel_elems(part, e));
      run_blocked(part, e, parallel_loop::ic, a, b);
    }
  });
}

}  // namespace

template <class T>
void run_packed(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, const team_plan& team) {
  const parallel_loop loop = team.loop;
  const int nt = team.threads;
  if (team.split_rows && nt > 1) return run_rows(p, e, nt);
  const std::size_t a_elems = a_block_elems(p, e);
  T* b_pack = thread_pack_buffer_of<T>(pack_role::b_panel, b_panel_elems(p, e));
  T* a_shared = loop == parallel_loop::jr ? thread_pack_buffer_of<T>(pack_role::a_shared, a_elems) : nullptr;
  if (nt == 1) {
    T* a = a_shared ? a_shared : thread_pack_buffer_of<T>(pack_role::a_private, a_elems);
    return run_blocked(p, e, loop, a, b_pack);
  }
  run_blocked_team(p, e, loop, nt, a_shared, b_pack);
}

template void run_packed(const basic_gemm_problem<double>&, const basic_block_engine<double>&, const team_plan&);
template void run_packed(const basic_gemm_problem<float>&, const basic_block_engine<float>&, const team_plan&);

void run_route(const dispatch_table& t, const gemm_problem& p, const gemm_route& r) {
  switch (r.how) {
    case gemm_route::path::nothing: return;
    case gemm_route::path::scale_c: return scale_c(p);
    case gemm_route::path::tiny:
      return t.small->gemm(p.m, p.n, p.k, p.alpha, p.a, p.cs_a, p.b, p.rs_b, p.cs_b, p.beta, p.c,
                           p.ldc, nullptr);
    case gemm_route::path::unpacked:
      return run_unpacked(p, r.split, *t.small, t.blk().kc, r.unpacked_threads);
    case gemm_route::path::packed:
      return run_packed(p, t.engine, r.team);
  }
}

void gemm_with(const dispatch_table& t, const gemm_problem& p, const gemm_options& o) {
  run_route(t, p, route_gemm(t, p, o));
}

void gemm(const basic_gemm_problem<float>& p) {
  switch (quick_case_of(p)) {
    case quick_case::empty: return;
    case quick_case::beta_only: return scale_c(p);
    case quick_case::none: break;
  }
  const dispatch_table& t = active_dispatch();
  const basic_block_engine<float>& e = engine_of<float>(t);
  if (!e.ukernel) no_micro_kernel();
  gemm_options o;
  o.threads = available_threads();
  const team_plan plan = plan_team(e, t.team, p, o);
  run_traced([&] { run_packed(p, e, plan); }, [&] { return "sgemm " + problem_text(p); },
             [&] { return "packed, " + describe_team(plan); });
}

void gemm(const gemm_problem& p) {
  const dispatch_table& t = active_dispatch();
  const auto what = [&] { return "dgemm " + problem_text(p); };
  // The emulated Sunway kernels multiply plain operands only.
  const bool plain = p.a_structure.kind == structure::general && p.b_structure.kind == structure::general;
  if (t.sunway_emu && plain)
    return run_traced([&] { sunway_emu_run(p); }, what, [] { return std::string("Sunway emulation"); });
  gemm_options o;
  o.threads = available_threads();
  const gemm_route r = route_gemm(t, p, o);
  run_traced([&] { run_route(t, p, r); }, what, [&] { return describe_route(r); });
}

}  // namespace swblas
