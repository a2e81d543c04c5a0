// The first two stages of swblas-gen: the polyhedral model of a parsed spec
// (domains, access relations, initial schedule tree) and its dependence
// analysis, which finds the parallel and reduction loops and refuses input
// that is not GEMM-like.
#pragma once

#include <string>

#include <isl/cpp.h>

#include "spec.h"

namespace swgen {

struct model {
  isl::union_set domain;
  isl::union_map reads, writes;
  isl::schedule schedule;  // one band per statement, in loop order
  element_type elem = element_type::f64;  // the spec's: what the kernel's block holds
};

// Builds the model; throws spec_error for what isl cannot express.
model build_model(isl::ctx ctx, const scop& s);

// A triangular domain: the half-plane a_i * i + a_j * j + a_k * k + c >= 0
// in the whole matrices' coordinates, beyond the box; on C's row i and
// column j (a triangle of C: syrk, gemmt), on i and the reduction k (a
// triangular A: trmm on the left), or on k and j (a triangular B: trmm on
// the right). In the block form (block_domain.h) the condition holds for
// (i + row0, j + col0, k + k0).
struct half_plane {
  long a_i = 0, a_j = 0, a_k = 0, c = 0;
  bool on() const { return a_i != 0 || a_j != 0 || a_k != 0; }
  // The operand whose triangle it is: 'c', 'a' or 'b'.
  char of() const { return a_k == 0 ? 'c' : a_j == 0 ? 'a' : 'b'; }
};

// The runtime's name (swblas::triangle_op, src/macro_kernel.h) of the
// triangles it has kernels for: of C (its c_triangle), "lower" i >= j,
// "upper" i <= j, "lower_row_pairs" i >= 2j, "upper_row_pairs" i <= 2j + 1
// (rows in pairs: the real view of a complex C); of A, "lower" k <= i and
// "upper" k >= i; of B, "lower" k >= j, "upper" k <= j, and with B's rows
// in pairs (the 1m view) k >= 2j and k <= 2j + 1. nullptr for any other.
const char* triangle_shape(const half_plane& h);

// The parameters the block form names the block's first row, column and
// k in the whole matrices by: the block kernel reads them as blk.row0,
// blk.col0 and blk.k0.
inline constexpr const char* kRow0 = "row0";
inline constexpr const char* kCol0 = "col0";
inline constexpr const char* kK0 = "k0";

// Which loop plays which GEMM role, by position in the statement's band
// (= position in its instance tuple).
struct gemm_roles {
  std::string statement;               // e.g. "S0"
  int row = -1, col = -1, reduction = -1;  // band members of i (rows of C), j, k
  int batch = -1;                      // batched specs: the member of b, else -1
  int arity = 3;                       // members of the statement's band
  std::string c, a, b;                 // arrays: C[i][j] += A[i][k] * B[k][j] (or [b][i][j], ...)
  std::string m, n, k;                 // parameters bounding i, j, k
  std::string count;                   // batched specs: the parameter bounding b
  half_plane triangle;                 // a triangular C or A domain, or none
  bool block_form = false;             // the triangle's condition is the block form's
};

// An element-wise statement the recipe fuses into the GEMM:
//   prologue  Q[x][y] = f(X[x][y]) where Q is a factor of the GEMM: becomes
//             a transform of the packed block of X (post-tiling fusion);
//   epilogue  C[i][j] = f(C[i][j] + Bias[i][j]) (f and Bias optional) after
//             the GEMM: runs on each C tile once its last writer has run.
struct fused_statement {
  enum class role { prologue, epilogue } what = role::prologue;
  std::string statement;  // e.g. "S1"
  std::string function;   // the element-wise function; "" for a bias-only epilogue
  char operand = 0;       // prologue: 'a' or 'b', the GEMM factor it produces
  std::string source;     // prologue: the array it transforms
  std::string bias;       // epilogue: the bias array, or ""
  int row = 0;            // epilogue: the position of i (rows of C) in its instance tuple
  isl::union_map after;   // epilogue: GEMM instance -> epilogue instance it must precede (RAW)
};

struct analysis {
  isl::union_map raw, war, waw;  // under the initial schedule
  isl::schedule schedule;        // the model's tree with coincidence and permutability set
  gemm_roles roles;
  std::vector<fused_statement> fused;  // at most one
};

// The band of statement `name` in a model's schedule (its own band below the
// sequence when there are several statements).
isl::schedule_node statement_band_of(const isl::schedule& s, const std::string& name);

// RAW, WAR and WAW dependences of the accesses under `sched` into a's
// raw, war and waw; returns their union.
isl::union_map all_dependences(const isl::union_map& reads, const isl::union_map& writes, const isl::schedule& sched,
                               analysis* a);

// Dependence analysis and the GEMM-likeness checks; throws spec_error naming
// the statement and the reason when the input is refused.
analysis analyse(const model& m, const scop& s);

// Distance set of `deps` on the band at `band` (outer bands' carried
// dependences removed): { [d0, ..., dn-1] }.
isl::set band_distances(const isl::schedule_node& band, const isl::union_map& deps);

}  // namespace swgen
