// The cache-blocking model: tile sizes (mc, kc, nc) from a target's register
// block and vector length and one cache configuration. No isl here.
#pragma once

#include <string>

#include "target.h"

namespace swgen {

struct blocking {
  int mc = 0, kc = 0, nc = 0;
  int k1 = 0;             // paper 004's k1 (constraint 2), used by (3) and (4)
  std::string reasoning;  // each bound with its value, for --dump-sizes and the manifest
};

// Paper 004, section 3.1, constraints (1)-(7), tightened by the Goto/BLIS
// residency rules the swblas packing relies on (see tile_model.cpp).
blocking choose_blocking(const target_desc& t, const cache_config& c);

}  // namespace swgen
