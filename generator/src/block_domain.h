// The block form of a spec with a triangular domain (see polyhedral.h,
// half_plane). A block kernel multiplies one packed block: rows [0, M),
// columns [0, N) and k [0, K) of the block, whose (i, j, k) is
// (i + row0, j + col0, k + k0) of the whole matrices. The GEMM statement's
// loops become that box and the triangle's half-plane, moved by the
// block's place, a condition; row0, col0 and k0 (those the half-plane
// uses) become parameters, which the block kernel reads from its block.
// No isl here.
#pragma once

#include "polyhedral.h"
#include "spec.h"

namespace swgen {

// s with the GEMM statement (roles r, its triangle on) in block form.
scop block_domain(scop s, const gemm_roles& r);

}  // namespace swgen
