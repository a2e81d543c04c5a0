// Blocking from cache sizes, after Goto & van de Geijn and paper 004
// (Kuzma et al., constraints (1)-(7)). The loops are jc (nc) -> pc (kc) ->
// ic (mc) -> jr (nr) -> ir (mr); the packed operands live in:
//   L1: one kc x nr micro-panel of B, reused by every A micro-panel of the
//       ir loop, and the mr x kc A micro-panel being multiplied with it;
//   L2: the mc x kc block of A, reused by every B micro-panel of the jr loop;
//   L3: the kc x nc panel of B, reused by every A block of the ic loop.
#include "blocking.h"

#include <algorithm>

namespace swblas {
namespace {

constexpr dim_t kDouble = sizeof(double);

// Multiples that keep packed micro-panels on cache-line boundaries and
// the k loop of the micro kernel free of remainders (constraint (5)).
constexpr dim_t kKcMultiple = 8;
constexpr dim_t kKcMin = 32, kKcMax = 1024;
// Associativity assumed for L1d (hwloc's reading is not needed for this).
constexpr dim_t kL1Ways = 8;

dim_t round_down(dim_t v, dim_t multiple, dim_t at_least) {
  return std::max(v / multiple * multiple, at_least);
}

}  // namespace

blocking model_blocking(const cache_sizes& c, int mr, int nr) {
  const dim_t l1 = static_cast<dim_t>(c.l1d), l2 = static_cast<dim_t>(c.l2),
              l3 = static_cast<dim_t>(c.l3);
  blocking b;
  // (1) kc: one mr x kc A micro-panel and one kc x nr B micro-panel must
  // share L1 with a way left for the C tile and the next lines streaming
  // in (the analytical model of Low et al., TOMS 2016, for an 8-way L1).
  // Paper 004's constraint (1) gives half of L1 to a kc x VL piece of B
  // alone, which lets A micro-panels evict B. For avx2_8x6 and a 32K L1 this
  // gives kc = 256, the value BLIS configures for its zen3 6x8 kernel.
  const dim_t l1_usable = l1 - l1 / kL1Ways;
  b.kc = std::clamp(round_down(l1_usable / (kDouble * (mr + nr)), kKcMultiple, kKcMultiple),
                    kKcMin, kKcMax);
  // (3) The A block in L2 minus what L1 already holds (inclusive caches).
  // Only half of that: the B micro-panels and C tiles of the jr loop pass
  // through L2 too, and a full L2 would evict A between jr iterations.
  b.mc = round_down((l2 - l1) / 2 / (kDouble * b.kc), mr, mr);  // (6)
  // (4) The B panel in the core's share of L3 minus L2, again only half:
  // L3 also carries the A blocks and the C traffic of the ic loop.
  b.nc = round_down(std::max<dim_t>(l3 - l2, 0) / 2 / (kDouble * b.kc), nr, nr);  // (7)
  return b;
}

}  // namespace swblas
