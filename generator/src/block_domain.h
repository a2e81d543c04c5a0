// The block form of a spec with a triangular C domain (see polyhedral.h,
// c_half_plane). A block kernel multiplies one packed block: rows [0, M)
// and columns [0, N) of the block, whose element (i, j) is element
// (i + row0, j + col0) of the whole C. The GEMM statement's C loops become
// that box and the triangle's half-plane, moved by (row0, col0), a
// condition; row0 and col0 become parameters, which the block kernel reads
// from its block. No isl here.
#pragma once

#include "polyhedral.h"
#include "spec.h"

namespace swgen {

// s with the GEMM statement (roles r, its triangle on) in block form.
scop block_domain(scop s, const gemm_roles& r);

}  // namespace swgen
