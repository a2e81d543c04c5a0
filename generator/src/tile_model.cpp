// Tile sizes for the Goto/BLIS loop order jc -> pc -> ic -> jr -> ir.
//
// Paper 004 (Kuzma et al., SPE 2023), section 3.1, with S = sizeof(double)
// and VL the vector length in doubles:
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
//        panel (Low et al., "Analytical modeling is enough for
//        high-performance BLIS", TOMS 2016). Merely fitting both panels in
//        L1 by size (kc = 288 for 8x6 on a 32K L1) measured slower than
//        kc = 256 on Zen 3.
//        A target with `l1_panels = b` keeps only the B micro-panel resident:
//          ways(kc*nr*S) + 1 <= W - 1
//        (one way for the A micro-panel streaming through, one for C). For a
//        tall register block the A micro-panel is the larger one (24x8:
//        3x B's), and keeping it resident too cuts kc to where C's traffic
//        per k step dominates: kc = 104 on Zen 4's 32K L1 ran 4% slower than
//        kc = 256 with A streamed from L2.
//   (3') mc*kc*S <= L2 / 2                    the packed A block in half of L2
//   (4') kc*nc*S <= (L3 - L2) / 2             the packed B panel in half of the L3 share
// Each size is the largest multiple of its register tile under all its bounds
// (and at least one register tile).
#include "tile_model.h"

#include <algorithm>
#include <sstream>

namespace swgen {

namespace {

constexpr long kDouble = sizeof(double);

long round_down(long value, long granule) { return std::max(granule, value / granule * granule); }

long ways(long bytes, long way_bytes) { return (bytes + way_bytes - 1) / way_bytes; }

// The ways of L1 that the micro-panels of depth kc occupy: A's and B's, or
// B's and one for the A stream.
long panel_ways(long kc, const target_desc& t, long way_bytes) {
  const long b = ways(kc * t.nr * kDouble, way_bytes);
  if (t.l1_resident == target_desc::l1_panels::b) return b + 1;
  return ways(t.mr * kc * kDouble, way_bytes) + b;
}

// The largest kc (a multiple of kr, at most `bound`) whose resident
// micro-panels fit in W - 1 ways of L1: constraint (1').
long kc_by_ways(long bound, const target_desc& t, long l1, long w) {
  const long way_bytes = l1 / w;
  long kc = bound / t.kr * t.kr;
  while (kc > t.kr && panel_ways(kc, t, way_bytes) > w - 1) kc -= t.kr;
  return kc;
}

}  // namespace

blocking choose_blocking(const target_desc& t, const cache_config& c) {
  const long l1 = static_cast<long>(c.l1d), l2 = static_cast<long>(c.l2), l3 = static_cast<long>(c.l3);
  const long vl = t.vector_doubles, mr = t.mr, nr = t.nr;
  std::ostringstream why;
  blocking b;

  const long kc1 = l1 / 2 / kDouble / vl;
  const long kc1p = kc_by_ways(kc1, t, l1, c.l1d_ways);
  b.kc = static_cast<int>(round_down(std::min(kc1, kc1p), t.kr));
  const char* resident = t.l1_resident == target_desc::l1_panels::b ? " (B resident)" : "";
  why << "kc: (1) <= " << kc1 << ", (1')" << resident << " <= " << kc1p << ", (5) multiple of " << t.kr << " -> "
      << b.kc << "\n";

  b.k1 = static_cast<int>(std::max(1L, (l1 / 2 / kDouble - vl * vl) / (2 * vl)));
  why << "k1: (2) <= " << b.k1 << "\n";

  const long mc3 = (l2 - l1) / kDouble / b.k1;
  const long mc3p = l2 / 2 / (kDouble * b.kc);
  b.mc = static_cast<int>(round_down(std::min(mc3, mc3p), mr));
  why << "mc: (3) <= " << mc3 << ", (3') <= " << mc3p << ", (6) multiple of " << mr << " -> " << b.mc << "\n";

  const long nc4 = (l3 - l2) / kDouble / b.k1;
  const long nc4p = (l3 - l2) / 2 / (kDouble * b.kc);
  b.nc = static_cast<int>(round_down(std::min(nc4, nc4p), nr));
  why << "nc: (4) <= " << nc4 << ", (4') <= " << nc4p << ", (7) multiple of " << nr << " -> " << b.nc << "\n";

  b.reasoning = why.str();
  return b;
}

}  // namespace swgen
