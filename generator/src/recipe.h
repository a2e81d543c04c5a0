// The block recipe: schedule-tree passes (one file each: tiling.cpp,
// marks.cpp, epilogue_fusion.cpp; recipe.cpp runs them) that turn the
// analysed loop nest of one GEMM into the macro kernel of one packed block,
// the jr -> ir loops around the micro kernel (BLIS's macro kernel). The loops over blocks
// (jc -> pc -> ic), the packing and the thread team are the runtime's: block
// sizes come from the machine at run time, so one kernel serves every cache
// configuration. Each pass is a `schedule_node -> schedule_node` function
// with one job; marks are the protocol between passes and with the AST
// generator:
//   "parallel"  above the register-tile band [jr, ir]: its loops carry no
//               dependence, so the runtime may share a block's tiles out
//   "ukernel"   above the k band of one mr x nr register tile
//   "epilogue"  above the band of the fused epilogue extension statement
// and in a solve's kernel (solve.h):
//   "in_order"  above the row-tile band, which carries the solve: never shared
//   "solve"     above one register tile's triangle (the micro kernel's solve_tile)
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <isl/cpp.h>

#include "polyhedral.h"

namespace swgen {

struct register_tile {
  int mr, nr;
};

// A solve kernel's division statement (solve.h), whose instances under a
// "solve" mark are one register tile's triangle: row and column are the
// positions of i and j in its instance tuple.
struct solve_statement {
  std::string name;
  int row = 0, col = 1;
};

struct recipe_result {
  isl::schedule schedule;
  std::optional<solve_statement> solve;  // a solve kernel (solve.h)
  bool epilogue_in_ukernel = false;  // the epilogue is applied by the micro-kernel call
  isl::union_map dependences;        // all of them, between statement instances
  std::vector<fused_statement> fused;  // the analysis's, for the printer
  std::vector<std::pair<std::string, std::string>> stages;  // (stage, schedule tree) for --dump-schedule
};

// Runs all passes on the analysed tree of a GEMM spec (one entry of a
// batched spec: see one_entry in polyhedral.h). The first two stages (model,
// analysis) are recorded too.
recipe_result apply_block_recipe(const model& m, const analysis& a, const register_tile& t);

// --- the passes ---------------------------------------------------------
// Permutes the statement band to (j, i, k): columns, rows, reduction.
isl::schedule_node order_block(isl::schedule_node band, const gemm_roles& r);
// Tiles (j, i) by (nr, mr) into [jr, ir] ; [k] ; [j, i], isolating full
// register tiles so that they print as ukernel_full calls.
isl::schedule_node tile_registers(isl::schedule_node band, const register_tile& t);
// Marks the register-tile band "parallel" after checking that every member
// is coincident, and the k band below it "ukernel".
isl::schedule_node mark_micro_kernel(isl::schedule_node tiles);
// Whether a micro kernel applies epilogue f to its tile in registers
// (tile_op of asm/ukernel.h: bias, relu, leaky_relu, clamp), rather than the
// macro kernel to the stored tile (the transcendental activations).
bool epilogue_in_registers(const fused_statement& f);
// Grafts the epilogue at the micro-kernel call of each register tile,
// restricted to the tiles that hold the last writer of its elements: inside
// the "ukernel" mark when the micro kernel applies it in registers (one call
// does both), else right after the mark.
isl::schedule_node fuse_epilogue(isl::schedule_node root, const model& m, const fused_statement& f);

// "a0, a1, a2": n dimension names.
std::string dim_list(const std::string& prefix, int n);
// "S0[a0, a1, a2]": the universe of a statement's instances.
std::string instance_tuple(const std::string& statement, int arity, const std::string& prefix = "a");

}  // namespace swgen
