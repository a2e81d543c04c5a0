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
};

// Builds the model; throws spec_error for what isl cannot express.
model build_model(isl::ctx ctx, const scop& s);

// Which loop plays which GEMM role, by position in the statement's band.
struct gemm_roles {
  std::string statement;               // e.g. "S0"
  int row = -1, col = -1, reduction = -1;  // band members of i (rows of C), j, k
  std::string c, a, b;                 // arrays: C[i][j] += A[i][k] * B[k][j]
  std::string m, n, k;                 // parameters bounding i, j, k
};

struct analysis {
  isl::union_map raw, war, waw;  // under the initial schedule
  isl::schedule schedule;        // the model's tree with coincidence and permutability set
  gemm_roles roles;
};

// Dependence analysis and the GEMM-likeness checks; throws spec_error naming
// the statement and the reason when the input is refused.
analysis analyse(const model& m, const scop& s);

// Distance set of `deps` on the band at `band` (outer bands' carried
// dependences removed): { [d0, ..., dn-1] }.
isl::set band_distances(const isl::schedule_node& band, const isl::union_map& deps);

}  // namespace swgen
