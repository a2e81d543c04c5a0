// The DGEMM recipe: schedule-tree passes that turn the analysed loop nest
// into the Goto/BLIS macro kernel jc -> pc -> ic -> jr -> ir. Each pass is a
// `schedule_node -> schedule_node` function with one job; marks are the
// protocol between passes and with the AST generator:
//   "B_panel"  above the ic band: the work on one packed kc x nc B panel
//   "A_block"  above the jr/ir band: the work on one packed mc x kc A block
//   "pack_b", "pack_a"  above the band of a packing extension statement
//   "ukernel"  above the k band of one mr x nr register tile
//   "omp_for"  above the band whose first member the thread team shares out
//   "batch_entry"  below the batch band of a batched spec: one entry's GEMM
//   "epilogue" above the band of the fused epilogue extension statement
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <isl/cpp.h>

#include "polyhedral.h"

namespace swgen {

struct tile_sizes {
  int mc, kc, nc;  // cache blocking
  int mr, nr;      // register block
};

// ic/jr: the loop of one GEMM the team shares; batch: the team shares the
// batch entries (batched specs only), each thread packing privately.
enum class parallel_level { ic, jr, batch };

// One packed operand, as the packing pass derived it from the footprint.
struct pack_plan {
  std::string statement;    // extension statement: "PackA" / "PackB"
  std::string array;        // the spec's array it copies
  isl::union_map prefix;    // statement instance -> prefix schedule at the pack position
  isl::multi_aff origin;    // prefix schedule -> first element of the footprint box
  std::vector<long> box;    // fixed box hull of the footprint (rows, columns; a batch dimension dropped)
  int dims = 2;             // dimensions of the array (3 when batched)
  int panel_dim = 0;        // the box dimension cut into micro-panels (A: rows, B: columns)
  long panel_width = 1;     // mr or nr
  long doubles() const;     // buffer size in doubles, rounded up to whole micro-panels
};

struct recipe_result {
  isl::schedule schedule;
  bool epilogue_in_ukernel = false;  // the epilogue is applied by the micro-kernel call
  isl::union_map dependences;  // all of them, between statement instances
  pack_plan pack_a, pack_b;
  std::vector<fused_statement> fused;  // the analysis's, for the printer
  std::vector<std::pair<std::string, std::string>> stages;  // (stage, schedule tree) for --dump-schedule
};

// Runs all passes on the analysed tree. The first two stages (model,
// analysis) are recorded too.
recipe_result apply_dgemm_recipe(const model& m, const analysis& a, const tile_sizes& t, parallel_level level);

// --- the passes ---------------------------------------------------------
// Permutes the statement band to (j, k, i): column, reduction, row.
isl::schedule_node order_goto(isl::schedule_node band, const gemm_roles& r);
// Tiles (j, k, i) by (nc, kc, mc) into [jc, pc] ; "B_panel" ; [ic] ; point band.
isl::schedule_node tile_cache_blocks(isl::schedule_node band, const tile_sizes& t);
// Tiles the point band into "A_block" ; [jr, ir] ; [k] ; [j, i], isolating full
// register tiles so that they print as ukernel_full calls.
isl::schedule_node tile_registers(isl::schedule_node point_band, const tile_sizes& t);
// Grafts the packing extension statements at the B_panel and A_block marks.
isl::schedule_node insert_packing(isl::schedule_node root, const model& m, const gemm_roles& r, pack_plan* a,
                                  pack_plan* b);
// Marks the register-tile subtree "ukernel".
isl::schedule_node mark_micro_kernel(isl::schedule_node root, const gemm_roles& r);
// Marks the ic, the jr or the batch band "omp_for".
isl::schedule_node mark_parallel(isl::schedule_node root, const gemm_roles& r, parallel_level level);
// Whether a micro kernel applies epilogue f to its tile in registers
// (tile_op of asm/ukernel.h: bias, relu, leaky_relu, clamp), rather than the
// macro kernel to the stored tile (the transcendental activations).
bool epilogue_in_registers(const fused_statement& f);
// Grafts the epilogue at the micro-kernel call of each register tile,
// restricted to the tiles that hold the last writer of its elements: inside
// the "ukernel" mark when the micro kernel applies it in registers (one call
// does both), else right after the mark.
isl::schedule_node fuse_epilogue(isl::schedule_node root, const model& m, const fused_statement& f);

// "S0[a0, a1, a2]": the universe of a statement's instances.
std::string instance_tuple(const std::string& statement, int arity, const std::string& prefix = "a");
// "PackA[o0, o1, e0, e1]": a packing statement's instances (origin, element).
std::string pack_instance(const pack_plan& p);

}  // namespace swgen
