// The one planner: how a problem is solved, decided before anything runs
// (so that SWBLAS_VERBOSE=2 can say it) by the plain, batched and fused
// drivers alike: the quick cases (macro_kernel.h's quick_case_of), the
// unpacked path for small and skinny problems (unpacked_gemm.h), or the
// packed path with a team plan. Exposed so that tests can run any table,
// thread count and parallel loop explicitly.
#pragma once

#include <optional>
#include <string>

#include "dispatch.h"
#include "unpacked_gemm.h"

namespace swblas {

// A thread only joins the team if it gets at least this many mr x nr x kc
// micro-kernel calls' worth of work; below that waking it costs more.
inline constexpr dim_t kMinTilesPerThread = 16;

struct gemm_options {
  int threads = 1;                      // upper bound on the team size
  std::optional<parallel_loop> loop;    // default: chosen by the driver (set:
                                        // the packed path with that loop)
  std::optional<bool> split_rows;       // default: chosen by the driver when
                                        // `loop` is not set, else false
  bool allow_small = true;              // false: always the packed path (no
                                        // unpacked path, src/unpacked_gemm.h)
  bool fit_team_to_work = true;         // false: exactly `threads` (tests)
};

// The team size the driver uses for p blocked by b (at most `configured`).
// (team_size, loop_balance and rows_balance are instantiated for double and
// float.)
template <class T>
int team_size(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, const blocking& b, int configured);

// What a team of nt threads running one loop statically keeps busy: the
// average thread's work over the most loaded thread's (1: perfect balance),
// each discounted for what sharing costs:
//   ic: mc-row blocks dealt round-robin (the last one may be partial)
//       (kIcSharedBRows below);
//   jr: nr-wide panels of one nc block (kJrSharingPanels below).
template <class T>
double loop_balance(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, const blocking& b, parallel_loop loop,
                    int nt);

// With the ic loop every thread reads the part of the shared B panel that
// the others packed (from their caches; 1 - 1/nt of it) and waits at two
// barriers per B panel: measured on Zen 5 with two threads (m = 768..3072,
// balanced ic blocks, against jr and split rows), that costs about as much
// as 70 rows of its own work, i.e. (1 - 1/nt) times this many.
inline constexpr double kIcSharedBRows = 140.0;

// With the jr loop every thread reads the A block the others packed (from
// their caches) and waits at a barrier per A block: that costs about as
// much as this many of its own nr-wide panels of work per A block. First
// measured as 3 on Zen 5 with two threads (2000x200x2000 against an ideal
// row split, nc = 512); at nc = 1024 jr ran 7-8 % behind split rows at
// 1000^3-2000^3 (Zen 5, two threads), where 3 had the planner choose jr.
inline constexpr double kJrSharingPanels = 6.0;

// Split rows hands each thread its whole part as one item, so a helper that
// starts late (parked after an idle pause, or its core busy) holds the call
// up by its delay, where the claimed ic/jr blocks let the caller take its
// share. Split rows is only chosen for at least this many multiply-adds a
// thread: Zen 5, two threads, first call after 50 ms idle / in-loop time,
// split rows 500^3 1.21-1.34, 700^3 1.12-1.17 (jr at 500^3 1.04-1.12).
inline constexpr double kMinSplitRowsWork = double(1 << 27);

// loop_balance for split rows (team_plan::split_rows): each of nt threads
// takes ceil(tiles / nt) or fewer mr-row tiles of C and packs the whole B
// for them, which costs it pack_b_rows rows of its own work (per CPU:
// team_costs::pack_b_rows, src/team_costs.h), against a perfect split that
// packs B once for the team.
template <class T>
double rows_balance(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, int nt,
                    double pack_b_rows = kPackBPerFma);

// How a team runs the packed path.
//   split_rows false: one run of the loop's macro kernel by the whole team,
//     which shares the packed B panel and splits the loop (ic or jr);
//   split_rows true: each thread solves its own range of whole mr-row tiles
//     of C alone, with a B panel of its own: an even split with nothing
//     shared, for one more packing of B per thread. `loop` is then ic.
struct team_plan {
  parallel_loop loop = parallel_loop::ic;
  int threads = 1;
  bool split_rows = false;
  dim_t mc = 0;  // nonzero: the A blocks' height instead of the engine's
};

// A team on a triangle of C shares A blocks of unequal work: it wants at
// least this many a thread.
inline constexpr dim_t kTriangleBlocksPerThread = 3;

// For the packed path of p on table t: the team from team_size (at most
// o.threads; exactly o.threads when !o.fit_team_to_work), the loop o.loop
// or, by default, the one loop_balance rates higher (ic on a tie); jr
// never takes more threads than one nc block has panels.
// Split rows when o.split_rows says so or, by default with no o.loop, when
// rows_balance beats both loops; never for an operand in C (p.in_c).
// plan_team for engine e of any element type, with the table's team costs.
template <class T>
team_plan plan_team(const basic_block_engine<T>& e, const team_costs& costs, const basic_gemm_problem<T>& p,
                    const gemm_options& o);
inline team_plan plan_team(const dispatch_table& t, const gemm_problem& p, const gemm_options& o) {
  return plan_team(t.engine, t.team, p, o);
}

// How gemm_with solves a problem, decided before anything runs (so that
// SWBLAS_VERBOSE=2 can say it): nothing (an empty C), C := beta C (k == 0 or
// alpha == 0), the small routine alone on a tiny problem, the unpacked path
// with `unpacked_threads` splitting rows or columns, or the packed path as
// `team` says.
struct gemm_route {
  enum class path : int { nothing, scale_c, tiny, unpacked, packed };
  path how = path::nothing;
  unpacked_split split = unpacked_split::none;  // unpacked: which side the threads split
  int unpacked_threads = 1;
  team_plan team;                               // packed
};

// Inline: an 8^3 DGEMM takes about 40 ns, and a call into another
// translation unit for the decision cost it 7%.
// Every element type: T's engine and small routine (float: the float ones).
template <class T>
inline gemm_route route_gemm(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_options& o) {
  using path = gemm_route::path;
  gemm_route r;
  switch (quick_case_of(p)) {
    case quick_case::empty: return r;
    case quick_case::beta_only: r.how = p.beta == T(1) ? path::nothing : path::scale_c; return r;
    case quick_case::none: break;
  }
  const basic_block_engine<T>& e = engine_of<T>(t);
  if (!e.ukernel) no_micro_kernel();
  const small_gemm_desc<T>* small = small_of<T>(t);
  // Structured operands are read by the packing only (operand_packing.h),
  // a triangle of C by the packed path's block loop.
  const bool allow_small = o.allow_small && p.a_structure.kind == structure::general &&
                           p.b_structure.kind == structure::general && !p.complex && !p.c_domain.on &&
                           !p.in_c.on();
  // A tiny problem goes straight to the small routine: one thread, one call.
  if (allow_small && !o.loop && small && p.rs_a == 1 && tiny_work(p.m, p.n, p.k)) {
    r.how = path::tiny;
    return r;
  }
  const unpacked_split split = allow_small && !o.loop ? classify_unpacked(p, small) : unpacked_split::none;
  if (split != unpacked_split::none) {
    r.how = path::unpacked;
    r.split = split;
    r.unpacked_threads = o.fit_team_to_work ? unpacked_team(p, split, *small, o.threads)
                                            : unpacked_team(p, split, *small, o.threads, /*any_work=*/true);
    return r;
  }
  r.how = path::packed;
  r.team = plan_team(e, t.team, p, o);
  return r;
}


// "1 thread", "2 threads".
std::string thread_count_text(int n);

// e.g. "split rows, 2 threads" or "jr loop, 1 thread".
std::string describe_team(const team_plan& team);

// e.g. "packed, split rows, 2 threads" or "unpacked by rows, 1 thread".
std::string describe_route(const gemm_route& r);

}  // namespace swblas
