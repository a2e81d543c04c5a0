// swblas::gemm: quick cases, the unpacked path (small and skinny problems),
// then the packed path (src/blocked_gemm.h), its parallel work claimed by
// the caller and the pool's threads (src/thread_pool.h).
#include "gemm.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>

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
template <class T>
void run_unpacked(const basic_gemm_problem<T>& p, unpacked_split s, const small_gemm_desc<T>& r, dim_t kc,
                  off_line_a_copy when, int nt) {
  if (nt <= 1) return run_unpacked_part(p, s, r, kc, when);
  const dim_t unit = unpacked_detail::unit(s, r);
  run_items(nt, nt, [&](dim_t part) {
    run_unpacked_part(unpacked_detail::part_of(p, s, unit, static_cast<int>(part), nt), s, r, kc, when);
  });
}

// Part `part` of `parts` of p's rows, in whole mr-row tiles, as a problem of
// its own (possibly empty). A per-row bias moves along with the rows: the
// part's epilogue is a copy of p's, kept in `epi`.
template <class T>
basic_gemm_problem<T> row_part(const basic_gemm_problem<T>& p, dim_t mr, int part, int parts, epilogue_args* epi) {
  basic_gemm_problem<T> q = unpacked_detail::part_of(p, unpacked_split::by_rows, mr, part, parts);
  q.c_domain.shift += q.c - p.c;  // q.c - p.c: the first row
  if (p.epi) {
    *epi = p.epi->from(q.c - p.c, 0);  // q.c - p.c: the first row
    q.epi = epi;
  }
  return q;
}

// The least k block the packed path shrinks to when memory is short.
constexpr dim_t kLeastKc = 16;

[[noreturn]] void no_memory_at_all() {
  std::fprintf(stderr, "swblas: fatal: the packing arena is too small for this micro kernel\n");
  std::abort();
}

// The packing buffers of a packed run, all the calling thread's: one B
// panel (one per worker for split rows) and one A block (per worker for the
// ic loop and split rows, the team's for jr); slices are a_step, b_step apart.
template <class T>
struct packed_buffers {
  T* a = nullptr;
  T* b = nullptr;
  std::size_t a_step = 0, b_step = 0;
};

template <class T>
bool get_buffers(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, const team_plan& plan,
                 packed_buffers<T>* out) {
  const std::size_t workers = std::size_t(std::max(plan.threads, 1));
  const bool private_a = plan.split_rows || plan.loop == parallel_loop::ic;
  out->a_step = slice_elems<T>(a_block_elems(p, e));
  out->b_step = slice_elems<T>(b_panel_elems(p, e));
  out->b = try_thread_pack_buffer_of<T>(pack_role::b_panel, out->b_step * (plan.split_rows ? workers : 1));
  out->a = try_thread_pack_buffer_of<T>(private_a ? pack_role::a_private : pack_role::a_shared,
                                        out->a_step * (private_a ? workers : 1));
  return out->a && out->b;
}

// When the buffers cannot be had: first one thread, then smaller blocks
// (nc, then mc, then kc, halved in whole micro-panels); false at the least.
template <class T>
bool shrink(team_plan* plan, basic_block_engine<T>* e) {
  blocking& b = e->blk;
  const dim_t mr = e->ukernel->mr, nr = e->ukernel->nr;
  if (plan->threads > 1 || plan->split_rows) {
    plan->threads = 1;
    plan->split_rows = false;
  } else if (b.nc > nr) {
    b.nc = std::max(nr, b.nc / 2 / nr * nr);
  } else if (b.mc > mr) {
    b.mc = std::max(mr, b.mc / 2 / mr * mr);
  } else if (b.kc > kLeastKc) {
    b.kc = std::max(kLeastKc, b.kc / 2);
  } else {
    return false;
  }
  return true;
}

// The last resort: the least blocking on one static arena, one call at a
// time. It holds mr + nr micro-panels of kLeastKc for every micro kernel.
template <class T>
void run_on_arena(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e) {
  constexpr std::size_t kArenaBytes = std::size_t{64} << 10;
  alignas(kPackAlignment) static unsigned char arena[kArenaBytes];
  static std::mutex one_at_a_time;
  const std::lock_guard<std::mutex> lock(one_at_a_time);
  T* a = reinterpret_cast<T*>(arena);
  const std::size_t a_step = slice_elems<T>(a_block_elems(p, e));
  if ((a_step + b_panel_elems(p, e)) * sizeof(T) > kArenaBytes) no_memory_at_all();
  run_blocked(p, e, parallel_loop::ic, a, a + a_step);
}

// The process's one memory warning (pack_buffer.h), with the blocking.
void warn_smaller_buffers(const blocking& b, int threads) {
  if (!verbose_warnings()) return;
  char what[128];
  std::snprintf(what, sizeof what, "a GEMM runs with smaller packing buffers (mc %ld, kc %ld, nc %ld) on %d thread(s)",
                static_cast<long>(b.mc), static_cast<long>(b.kc), static_cast<long>(b.nc), threads);
  warn_memory_short(what);
}

// Whether an operand in C (p.in_c) lies within C and the blocking takes
// it in place: all of k in one k block, and for op(A) all of n in one
// column panel.
template <class T>
bool fits_in_place(const basic_gemm_problem<T>& p, const blocking& b) {
  const bool columns = p.in_c.which == operand_in_c::part::a_columns;
  const dim_t extent = columns ? a_columns_in_c(p) : p.k, within = columns ? p.n : p.m;
  return p.in_c.first >= 0 && p.in_c.first + extent <= within && b.kc >= p.k && (!columns || b.nc >= p.n);
}

}  // namespace

template <class T>
bool run_packed(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, const team_plan& team) {
  team_plan plan = team;
  basic_block_engine<T> engine = e;
  if (plan.mc > 0) engine.blk.mc = std::min(engine.blk.mc, plan.mc);
  const bool in_place = p.in_c.on();
  if (in_place) plan.split_rows = false;  // a thread would pack rows another has written
  packed_buffers<T> buf;
  bool shrunk = false;
  while (!get_buffers(p, engine, plan, &buf)) {
    if (!shrink(&plan, &engine)) {
      if (in_place) return false;  // the arena's k block is too shallow
      run_on_arena(p, engine);
      return true;
    }
    shrunk = true;
  }
  if (in_place && !fits_in_place(p, engine.blk)) return false;
  if (shrunk) warn_smaller_buffers(engine.blk, plan.threads);
  const int nt = plan.threads;
  if (plan.split_rows && nt > 1) {  // every worker its rows, alone, on its slices
    run_items(nt, nt, [&](dim_t i, int worker) {
      epilogue_args epi;
      const basic_gemm_problem<T> part = row_part(p, engine.ukernel->mr, static_cast<int>(i), nt, &epi);
      if (part.m > 0)
        run_blocked(part, engine, parallel_loop::ic, buf.a + std::size_t(worker) * buf.a_step,
                    buf.b + std::size_t(worker) * buf.b_step);
    });
  } else if (nt == 1) {
    run_blocked(p, engine, plan.loop, buf.a, buf.b);
  } else {
    run_blocked_team(p, engine, plan.loop, nt, buf.a, buf.a_step, buf.b);
  }
  return true;
}

template bool run_packed(const basic_gemm_problem<double>&, const basic_block_engine<double>&, const team_plan&);
template bool run_packed(const basic_gemm_problem<float>&, const basic_block_engine<float>&, const team_plan&);

template <class T>
void run_route(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_route& r) {
  const small_gemm_desc<T>* small = small_of<T>(t);
  const basic_block_engine<T>& e = engine_of<T>(t);
  switch (r.how) {
    case gemm_route::path::nothing: return;
    case gemm_route::path::scale_c: return scale_c(p);
    case gemm_route::path::tiny:
      return small->gemm(p.m, p.n, p.k, p.alpha, p.a, p.cs_a, p.b, p.rs_b, p.cs_b, p.beta, p.c, p.ldc, nullptr);
    case gemm_route::path::unpacked:
      return run_unpacked(p, r.split, *small, e.blk.kc, t.off_line_a, r.unpacked_threads);
    case gemm_route::path::packed:
      run_packed(p, e, r.team);
      return;
  }
}

template <class T>
void gemm_with(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_options& o) {
  run_route(t, p, route_gemm(t, p, o));
}

template void run_route(const dispatch_table&, const basic_gemm_problem<double>&, const gemm_route&);
template void run_route(const dispatch_table&, const basic_gemm_problem<float>&, const gemm_route&);
template void gemm_with(const dispatch_table&, const basic_gemm_problem<double>&, const gemm_options&);
template void gemm_with(const dispatch_table&, const basic_gemm_problem<float>&, const gemm_options&);

namespace {

// What the emulated Sunway kernels take here: plain real operands (fused
// calls come through gemm_fused, which stays on the CPU target).
template <class T>
bool sunway_emu_takes(const basic_gemm_problem<T>& p) {
  return p.a_structure.kind == structure::general && p.b_structure.kind == structure::general &&
         !p.c_domain.on && !p.in_c.on() && !p.complex && !p.pro && !p.epi;
}

// A GEMM of T's: on the emulated Sunway kernels when routed there, else by
// the planner's route.
template <class T>
void gemm_of(const basic_gemm_problem<T>& p, const char* name) {
  const dispatch_table& t = active_dispatch();
  const auto what = [&] { return name + (" " + problem_text(p)); };
  if (t.sunway_emu && sunway_emu_takes(p))
    return run_traced([&] { sunway_emu_run(p); }, what, [] { return std::string("Sunway emulation"); });
  gemm_options o;
  // Only a product asks for threads: the pool's check reads the clock, and
  // LAPACK's blocked codes make many calls with nothing to multiply (an
  // m = 0 dgemm_ took 37 ns, Zen 5).
  if (quick_case_of(p) == quick_case::none) o.threads = available_threads();
  const gemm_route r = route_gemm(t, p, o);
  run_traced([&] { run_route(t, p, r); }, what, [&] { return describe_route(r); });
}

// gemm_in_place: the packed path's route, which never splits rows for it.
template <class T>
bool gemm_in_place_of(const basic_gemm_problem<T>& p, const char* name) {
  if (quick_case_of(p) != quick_case::none) return false;
  const dispatch_table& t = active_dispatch();
  gemm_options o;
  o.threads = available_threads();
  const gemm_route r = route_gemm(t, p, o);
  bool done = false;
  run_traced([&] { done = run_packed(p, engine_of<T>(t), r.team); },
             [&] { return name + (" in place " + problem_text(p)); }, [&] { return describe_route(r); });
  return done;
}

}  // namespace

void gemm(const basic_gemm_problem<float>& p) { gemm_of(p, "sgemm"); }

void gemm(const gemm_problem& p) { gemm_of(p, "dgemm"); }

bool gemm_in_place(const basic_gemm_problem<float>& p) { return gemm_in_place_of(p, "sgemm"); }

bool gemm_in_place(const gemm_problem& p) { return gemm_in_place_of(p, "dgemm"); }

}  // namespace swblas
