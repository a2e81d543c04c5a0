// The memory hierarchy the blocking is computed for, read from hwloc and
// checked for plausibility (hwloc is not always right: under some
// hypervisors it reports a 508 MB L3 per core).
#pragma once

#include <cstddef>
#include <string>

namespace swblas {

// Per-core cache capacities in bytes; 0 means unknown. A shared cache
// counts as its size divided by the cores that share it (the L3 usually).
struct cache_sizes {
  std::size_t l1d = 0, l2 = 0, l3 = 0;
};

// Figures used when a reading is missing or implausible.
inline constexpr cache_sizes kSafeCaches{32 * 1024, 512 * 1024, 2 * 1024 * 1024};

// Both what was read and what is used, and why they differ.
struct cache_assessment {
  cache_sizes read;
  cache_sizes used;
  bool l1d_plausible = false, l2_plausible = false, l3_plausible = false;
};

// Pure: keeps each reading that lies in its plausible range
// (L1d 8K..256K, L2 128K..8M, L3 per core 256K..64M) and exceeds the
// plausible level below it; replaces the others with safe figures, never
// smaller than twice the level below (so the used levels always increase).
cache_assessment assess_caches(const cache_sizes& read);

struct topology {
  cache_assessment caches;
  int cores = 1;       // physical cores (not hardware threads) this process may use
  int cores_read = 0;  // what hwloc said (0: it could not tell)
};

// Reads the machine with hwloc (once per call; the dispatch table calls it
// once per process). `synthetic`, for tests, replaces the machine by an
// hwloc synthetic description ("pack:1 l3:1(size=33554432) ... pu:1").
topology read_topology(const char* synthetic = nullptr);

// "32K", "512K", "32M": how cache sizes are printed.
std::string format_bytes(std::size_t bytes);

}  // namespace swblas
