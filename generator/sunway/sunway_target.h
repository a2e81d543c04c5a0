// The Sunway SW26010Pro target description (generator/targets/sunway.target):
// the CPE mesh, the CPE tile the micro kernel computes, the LDM budget the
// generator checks, and the DMA/RMA limits the printed code must respect.
// The x86/POWER target parser (generator/src/target.h) holds caches and
// register blocks; none of these fields, hence a parser of its own.
#pragma once

#include <cstddef>
#include <string>

#include "element_type.h"

namespace swgen::sunway {

// As the file gives it, the CPE tile and micro kernel are double's; the
// recipe's target_for_element derives another element type's (elem then
// says which).
struct sunway_target {
  std::string name = "sunway";
  int mesh_rows = 8, mesh_cols = 8;
  int tile_m = 64, tile_n = 64, tile_k = 32;
  std::size_t ldm_bytes = 256 * 1024;
  std::size_t ldm_budget = 216 * 1024;
  std::size_t ldm_align = 64;
  std::string ukernel = "sw_dgemm_ukernel";
  std::string ukernel_f32;  // the single-precision micro kernel; none: float specs are refused
  std::size_t dma_max_bytes = (1u << 18) - 1;
  int rma_align = 4;
  element_type elem = element_type::f64;

  std::size_t elem_bytes() const { return static_cast<std::size_t>(bytes_of(elem)); }

  // One mesh step: every CPE computes one tile; k is split across the mesh
  // (A tiles reach a row by row broadcast, B tiles a column by column broadcast),
  // so a k block is mesh_cols tiles deep.
  long step_m() const { return static_cast<long>(mesh_rows) * tile_m; }
  long step_n() const { return static_cast<long>(mesh_cols) * tile_n; }
  long step_k() const { return static_cast<long>(mesh_cols) * tile_k; }
};

// Parses a .target text (key = value, '#' comments). Throws
// std::runtime_error naming `file` and the line for a bad key or value.
sunway_target parse_sunway_target(const std::string& text, const std::string& file);

}  // namespace swgen::sunway
