// Tile sizes for the Goto/BLIS loop order jc -> pc -> ic -> jr -> ir.
//
// Paper 004 (Kuzma et al., SPE 2023), section 3.1, with S the element size
// and VL the vector length in elements:
//   (1) kc <= L1 / 2 / S / VL                 a kc x VL sliver of B in half of L1
//   (2) k1 <= (L1 / 2 / S - VL*VL) / (2 VL)   the rest of L1: C from memory, A and B vectors
//   (3) mc <= (L2 - L1) / S / k1              an mc x k1 piece of A in L2 (inclusive caches)
//   (4) nc <= (L3 - L2) / S / k1              a k1 x nc piece of B in L3
//   (5)-(7) kc, mc, nc multiples of kr, mr, nr.
// swblas packs whole micro-panels and its micro kernels stream a full
// mr x kc A micro-panel against a kc x nr B micro-panel, so three residency
// rules of Goto/BLIS are added:
//   (1') ways(mr*kc*S) + ways(kc*nr*S) <= W - 1
//        the A and B micro-panels in L1 without evicting each other: in a
//        W-way L1 each panel occupies whole ways (ways(x) = ceil(x / (L1/W))),
//        and one way is left for the C tile and the streaming of the next A
//        panel (Low et al., TOMS 2016). Fitting both panels by size alone
//        (kc = 288 for 8x6 on a 32K L1) measured slower than kc = 256.
//        A register block whose A micro-panel streams keeps only B's:
//          ways(kc*nr*S) + 1 <= W - 1
//        (one way for the A stream, one for C). For a tall block (24x8: A is
//        3x B) keeping A resident too cuts kc to where C's traffic per k step
//        dominates: kc = 104 on a 32K L1 ran 4% slower than kc = 256.
//   (3') mc*kc*S <= L2 / 2                    the packed A block in half of L2
//   (4') kc*nc*S <= (L3 - L2) / 2             the packed B panel in half of the L3 share
// Each size is the largest multiple of its register tile under all its
// bounds, and at least one register tile.
#include "blocking.h"

#include <algorithm>
#include <sstream>

namespace swblas {
namespace {

dim_t round_down(dim_t value, dim_t granule) {
  return std::max(granule, value / granule * granule);
}

dim_t ways(dim_t bytes, dim_t way_bytes) { return (bytes + way_bytes - 1) / way_bytes; }

// The ways of L1 that the micro-panels of depth kc occupy: A's and B's, or
// B's and one for the A stream.
dim_t panel_ways(dim_t kc, const register_block& r, dim_t way_bytes) {
  const dim_t b = ways(kc * r.nr * r.elem_bytes, way_bytes);
  if (r.a_panel_streams) return b + 1;
  return ways(r.mr * kc * r.elem_bytes, way_bytes) + b;
}

// The largest kc (a multiple of kr, at most `bound`) whose resident
// micro-panels fit in W - 1 ways of L1: constraint (1').
dim_t kc_by_ways(dim_t bound, const register_block& r, dim_t l1, dim_t w) {
  const dim_t way_bytes = l1 / w;
  dim_t kc = bound / r.kr * r.kr;
  while (kc > r.kr && panel_ways(kc, r, way_bytes) > w - 1) kc -= r.kr;
  return kc;
}

}  // namespace

blocking choose_blocking(const register_block& r, const cache_config& c, std::string* reasoning) {
  const dim_t l1 = static_cast<dim_t>(c.l1d), l2 = static_cast<dim_t>(c.l2),
              l3 = static_cast<dim_t>(c.l3);
  const dim_t s = r.elem_bytes, vl = r.vector_elems;
  blocking b;

  const dim_t kc1 = l1 / 2 / s / vl;
  const dim_t kc1p = kc_by_ways(kc1, r, l1, c.l1d_ways);
  b.kc = round_down(std::min(kc1, kc1p), r.kr);
  const dim_t k1 = std::max<dim_t>(1, (l1 / 2 / s - vl * vl) / (2 * vl));

  const dim_t mc3 = (l2 - l1) / s / k1;
  const dim_t mc3p = l2 / 2 / (s * b.kc);
  b.mc = round_down(std::min(mc3, mc3p), r.mr);

  const dim_t nc4 = std::max<dim_t>(l3 - l2, 0) / s / k1;
  const dim_t nc4p = std::max<dim_t>(l3 - l2, 0) / 2 / (s * b.kc);
  b.nc = round_down(std::min(nc4, nc4p), r.nr);

  if (reasoning) {
    std::ostringstream why;
    why << "kc: (1) <= " << kc1 << ", (1')" << (r.a_panel_streams ? " (B resident)" : "")
        << " <= " << kc1p << ", (5) multiple of " << r.kr << " -> " << b.kc << "\n"
        << "k1: (2) <= " << k1 << "\n"
        << "mc: (3) <= " << mc3 << ", (3') <= " << mc3p << ", (6) multiple of " << r.mr << " -> "
        << b.mc << "\n"
        << "nc: (4) <= " << nc4 << ", (4') <= " << nc4p << ", (7) multiple of " << r.nr << " -> "
        << b.nc << "\n";
    *reasoning = why.str();
  }
  return b;
}

std::string describe_blocking(const blocking& b) {
  return "mc=" + std::to_string(b.mc) + " kc=" + std::to_string(b.kc) +
         " nc=" + std::to_string(b.nc);
}

}  // namespace swblas
