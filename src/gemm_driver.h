// The driver behind swblas::gemm, with the choices it makes exposed so that
// tests can run any table, thread count and parallel loop explicitly.
#pragma once

#include "blocked_gemm.h"
#include "planner.h"
#include "scale_c.h"

namespace swblas {

// The packed path of p on engine e (its plain block kernel, or an epilogue
// block kernel for a fused problem) run as the team plan says: the calling
// thread provides the B panel (and for jr the shared A block) from its
// reused buffers, each team thread its private A block (ic) and, for split
// rows, its own B panel. False, nothing done, only for an operand in C
// (p.in_c) that does not fit one k block (and column panel) of the buffers
// it gets.
// Instantiated for double and float.
template <class T>
bool run_packed(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, const team_plan& team);

// Runs p along route r (from route_gemm for the same table and problem).
// Instantiated for double and float.
template <class T>
void run_route(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_route& r);

// Solves p with table t: run_route(t, p, route_gemm(t, p, o)).
template <class T>
void gemm_with(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_options& o);
// The double one, for callers that write the problem as a braced list.
inline void gemm_with(const dispatch_table& t, const gemm_problem& p, const gemm_options& o) {
  gemm_with<double>(t, p, o);
}

}  // namespace swblas
