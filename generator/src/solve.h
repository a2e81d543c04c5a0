// Triangular solves (trsm's spec, specs/trsm_left_lower.c): a statement
// that removes solved unknowns from an unknown of the array it writes,
//   S0  X[i][j] -= L[i][k] * X[k][j]   (k < i)
//   S1  X[i][j] = X[i][j] / L[i][i]
// in one i loop. The analysis proves with isl's dependences that j is
// parallel, i the solve and k S0's reduction; the recipe makes the block
// kernel of a diagonal block: register tiles in order of their rows, each
// one's removals of the rows above it one micro-kernel call (k up to the
// tile's first row), then its own triangle one tile solve.
#pragma once

#include <isl/cpp.h>

#include "polyhedral.h"
#include "recipe.h"

namespace swgen {

struct solve_roles {
  gemm_roles update;   // S0 as the product C[i][j] += A[i][k] * B[k][j] with C = B = X, A = L (m, n: M, N; no k)
  std::string divide;  // S1
  int divide_row = -1, divide_col = -1;
  isl::union_map dependences;  // all of them, between instances
};

// Whether the spec is a solve: a statement subtracts from an element of an
// array another element of which it reads (a GEMM's statement adds, and
// reading C elsewhere is its refusal).
bool is_solve(const scop& s);

// The checks above; throws spec_error naming the statement and the reason.
solve_roles analyse_solve(const model& m, const scop& s);

// The solve's block kernel schedule: marks "parallel" (the column tiles),
// "in_order" (the row tiles, which carry the solve), "ukernel" (a tile's
// removals of the rows above it) and "solve" (its triangle).
recipe_result apply_solve_recipe(const model& m, const solve_roles& r, const register_tile& t);

}  // namespace swgen
