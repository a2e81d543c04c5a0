// Target descriptions (generator/targets/*.target): which micro kernel a
// target calls for each element type, the register and vector facts the
// blocking model needs, and the cache configurations the runtime chooses
// its blocking among. No isl here.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "blocking.h"
#include "element_type.h"

namespace swgen {

using swblas::cache_config;

// One register block of a target: its micro kernel for one element type and
// what the blocking model needs of it.
struct register_block_desc {
  element_type elem = element_type::f64;
  std::string isa;      // "generic", "avx2", "avx512", "vsx", "mma": swblas::isa enumerator
  std::string ukernel;  // descriptor suffix: swblas::ukernel_<ukernel>
  int mr = 0, nr = 0;   // register block of that micro kernel
  int kr = 1;           // kc granule (constraint 5)
  int vector_elems = 1;  // VL in elements of elem
  // Which micro-panels the tile model keeps resident in L1 (constraint (1')
  // of src/blocking.cpp): both A's and B's, or B's alone, for a micro kernel
  // whose A micro-panel streams from L2 under its own software prefetch.
  enum class l1_panels { a_and_b, b } l1_resident = l1_panels::a_and_b;

  swblas::register_block shape() const {
    return {mr, nr, kr, vector_elems, l1_resident == l1_panels::b, bytes_of(elem)};
  }
};

struct target_desc {
  std::string name;  // e.g. "x86_avx2"
  int vector_registers = 0;
  // One per element type the target has a micro kernel for, double's first.
  std::vector<register_block_desc> blocks;
  std::vector<cache_config> caches;

  // The register block of element type e, or null: no micro kernel for it.
  const register_block_desc* block_of(element_type e) const {
    for (const register_block_desc& b : blocks)
      if (b.elem == e) return &b;
    return nullptr;
  }
};

// Parses the text of a target file; throws std::runtime_error naming the
// file and line on a bad key or value. Format: see generator/targets/README.md.
target_desc parse_target(const std::string& text, const std::string& file);

// "32K" -> 32768, "2M" -> 2097152, plain numbers are bytes.
std::size_t parse_bytes(const std::string& text);
// 32768 -> "32k", 2097152 -> "2m": for kernel names.
std::string bytes_label(std::size_t bytes);

}  // namespace swgen
