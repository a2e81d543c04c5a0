// The cache blocking policy of the hand-written (reference) macro kernel,
// in one place. Generated variants carry the blocking swblas-gen chose.
#pragma once

#include "../asm/ukernel.h"
#include "topology.h"

namespace swblas {

// Block sizes of the five loops: jc steps by nc, pc by kc, ic by mc.
struct blocking {
  dim_t mc = 0, kc = 0, nc = 0;
};

// The analytical model (paper 004, constraints (1)-(7), adapted to a
// register block of mr x nr; see blocking.cpp) for per-core caches c.
blocking model_blocking(const cache_sizes& c, int mr, int nr);

}  // namespace swblas
