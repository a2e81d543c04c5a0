// Target descriptions (generator/targets/*.target): which micro kernel a
// target calls, the register and vector facts the blocking model needs, and
// the cache configurations the runtime chooses its blocking among. No isl
// here.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "blocking.h"

namespace swgen {

using swblas::cache_config;

struct target_desc {
  std::string name;     // e.g. "x86_avx2"
  std::string isa;      // "generic", "avx2", "avx512": swblas::isa enumerator
  std::string ukernel;  // descriptor suffix: swblas::ukernel_<ukernel>
  int mr = 0, nr = 0;   // register block of that micro kernel
  int kr = 1;           // kc granule (constraint 5)
  int vector_doubles = 1;
  int vector_registers = 0;
  // Which micro-panels the tile model keeps resident in L1 (constraint (1')
  // of src/blocking.cpp): both A's and B's, or B's alone, for a micro kernel
  // whose A micro-panel streams from L2 under its own software prefetch.
  enum class l1_panels { a_and_b, b } l1_resident = l1_panels::a_and_b;
  std::vector<cache_config> caches;

  // What the blocking model needs of the target's micro kernel.
  swblas::register_block shape() const {
    return {mr, nr, kr, vector_doubles, l1_resident == l1_panels::b};
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
