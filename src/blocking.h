// The one cache-blocking model of swblas: block sizes (mc, kc, nc) of the
// five loops from a register block and one cache configuration. No isl and
// no runtime state here: swblas-gen links it to explain a target's blocking
// in its manifest, the runtime to block every packed problem.
#pragma once

#include <cstddef>
#include <string>

#include "../asm/ukernel.h"

namespace swblas {

// One cache configuration per core: sizes in bytes (L3: the core's share,
// L2 + L3 share for a non-inclusive L3) and the L1d associativity.
struct cache_config {
  std::size_t l1d = 0, l2 = 0, l3 = 0;
  int l1d_ways = 8;
};

// What the model needs of a micro kernel: its register block, the kc
// granule, the vector length and which micro-panels stay in L1 (an A
// micro-panel that streams from L2 under the kernel's own prefetch leaves
// L1 to B's).
struct register_block {
  int mr = 0, nr = 0;
  int kr = 1;
  int vector_elems = 1;
  bool a_panel_streams = false;
  int elem_bytes = sizeof(double);
};

// Block sizes of the loops jc (nc) -> pc (kc) -> ic (mc) -> jr (nr) -> ir (mr).
struct blocking {
  dim_t mc = 0, kc = 0, nc = 0;
};

// The model (blocking.cpp states its constraints). `reasoning`, when given,
// receives each bound with its value, one line per size.
blocking choose_blocking(const register_block& r, const cache_config& c,
                         std::string* reasoning = nullptr);

// "mc=240 kc=256 nc=1024".
std::string describe_blocking(const blocking& b);

}  // namespace swblas
