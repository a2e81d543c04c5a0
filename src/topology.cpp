// hwloc readings of caches and cores, and their plausibility check.
#include "topology.h"

#include <hwloc.h>

namespace swblas {
namespace {

constexpr std::size_t KiB = 1024, MiB = 1024 * 1024;

struct plausible_range {
  std::size_t low, high;
  bool contains(std::size_t v) const { return v >= low && v <= high; }
};

constexpr plausible_range kL1dRange{8 * KiB, 256 * KiB};
constexpr plausible_range kL2Range{128 * KiB, 8 * MiB};
constexpr plausible_range kL3Range{256 * KiB, 64 * MiB};

// One level: kept if within its range and above the level beneath it,
// otherwise the safe figure (at least twice the level beneath).
std::size_t assess_level(std::size_t read, plausible_range range, std::size_t below,
                         std::size_t safe, bool* plausible) {
  *plausible = range.contains(read) && read > below;
  if (*plausible) return read;
  return safe > 2 * below ? safe : 2 * below;
}

// The first data (or unified) cache of `type`, divided among the physical
// cores below it: an L3 is shared by a whole package or CCX, an L2 may be
// shared by a cluster of small cores, an L1d only by one core's threads.
std::size_t per_core_cache(hwloc_topology_t topo, hwloc_obj_type_t type) {
  const int count = hwloc_get_nbobjs_by_type(topo, type);
  for (int i = 0; i < count; ++i) {
    hwloc_obj_t obj = hwloc_get_obj_by_type(topo, type, i);
    if (!obj->attr || obj->attr->cache.type == HWLOC_OBJ_CACHE_INSTRUCTION) continue;
    const int sharing = hwloc_get_nbobjs_inside_cpuset_by_type(topo, obj->cpuset, HWLOC_OBJ_CORE);
    return static_cast<std::size_t>(obj->attr->cache.size) /
           static_cast<std::size_t>(sharing > 0 ? sharing : 1);
  }
  return 0;
}

// Physical cores this process may run on: those that share a PU with its
// CPU binding (taskset, cgroups), or all cores when the binding is unknown.
int usable_cores(hwloc_topology_t topo) {
  const int all = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
  hwloc_bitmap_t bound = hwloc_bitmap_alloc();
  int usable = 0;
  if (bound && hwloc_topology_is_thissystem(topo) &&
      hwloc_get_cpubind(topo, bound, HWLOC_CPUBIND_PROCESS) == 0)
    for (int i = 0; i < all; ++i)
      usable += hwloc_bitmap_intersects(hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, i)->cpuset,
                                        bound);
  hwloc_bitmap_free(bound);
  return usable > 0 ? usable : all;
}

}  // namespace

cache_assessment assess_caches(const cache_sizes& read) {
  cache_assessment a;
  a.read = read;
  a.used.l1d = assess_level(read.l1d, kL1dRange, 0, kSafeCaches.l1d, &a.l1d_plausible);
  a.used.l2 = assess_level(read.l2, kL2Range, a.used.l1d, kSafeCaches.l2, &a.l2_plausible);
  a.used.l3 = assess_level(read.l3, kL3Range, a.used.l2, kSafeCaches.l3, &a.l3_plausible);
  return a;
}

topology read_topology(const char* synthetic) {
  topology t;
  cache_sizes read;
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) == 0) {
    if ((!synthetic || hwloc_topology_set_synthetic(topo, synthetic) == 0) &&
        hwloc_topology_load(topo) == 0) {
      read.l1d = per_core_cache(topo, HWLOC_OBJ_L1CACHE);
      read.l2 = per_core_cache(topo, HWLOC_OBJ_L2CACHE);
      read.l3 = per_core_cache(topo, HWLOC_OBJ_L3CACHE);
      const int cores = usable_cores(topo);
      t.cores_read = cores > 0 ? cores : 0;
    }
    hwloc_topology_destroy(topo);
  }
  t.caches = assess_caches(read);
  t.cores = t.cores_read > 0 ? t.cores_read : 1;
  return t;
}

std::string format_bytes(std::size_t bytes) {
  if (bytes >= MiB && bytes % MiB == 0) return std::to_string(bytes / MiB) + "M";
  if (bytes >= KiB && bytes % KiB == 0) return std::to_string(bytes / KiB) + "K";
  return std::to_string(bytes) + "B";
}

}  // namespace swblas
