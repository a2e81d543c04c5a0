// The Sunway recipe (paper 000, sections 3-6): schedule-tree passes that turn
// the analysed GEMM loop nest into the work of one 8x8 CPE mesh.
//
//  (band [b]              batched specs: entries in turn, inside one launch
//   extension            batch_entry)
//   band [I, J]          mesh steps: 512x512 blocks of C (every CPE runs all)
//   mark "cpe_mesh"
//   filter               binds the next band to the parameters (rid, cid)
//   band [r, c]          the CPE's 64x64 tile inside the step (= rid, cid)
//   extension            getC, fetch_first_a/b | waitC ... (epilogue,) putC, wait_putC
//   band [Kb]            256-deep k blocks (DMA level)
//   extension            wait_block, (prologue_a/b,) fetch_next_a/b, ssync_block, bcast_first_a/b
//   band [s]             k strip-mined by 8: sub-step s of the block (RMA level)
//   extension            wait_step, ssync_step, bcast_next_a/b
//   mark "ukernel"       printed as one CPE micro-kernel call
//   band [i, j, k]
//
// Extension statements carry the tile origins isl computed from the access
// relations (fixed box hull offsets), so the printer never re-derives an
// index. The *_first statements before a loop and the *_next statements in
// its body (guarded by isl where a next iteration exists) are the peeled
// two-level software pipeline; their buffers alternate by block (DMA) and by
// sub-step (RMA) parity.
//
// Edge tiles: the iteration domain is padded to whole mesh steps so that all
// 64 CPEs run the same steps (the barriers and broadcasts need every CPE);
// the printed calls clip each tile to the real M, N, K and skip empty ones.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <isl/cpp.h>

#include "polyhedral.h"
#include "spec.h"
#include "sunway_target.h"

namespace swgen::sunway {

// One LDM buffer of the CPE kernel, for the budget check and the printer.
struct ldm_buffer {
  std::string name;    // e.g. "a_dma[1]"
  std::size_t bytes;   // as requested from ldm_malloc
};

// Box hull sizes of the tiles (rows, columns), from isl.
struct tile_boxes {
  std::vector<long> a, b, c, compute;  // A 64x32, B 32x64, C 64x64, S 64x64x32
};

// An extension statement: its name, how many leading coordinates of its
// instances are the prefix schedule, and how many payload coordinates after
// them are the batch index of a batched array (the printer drops both).
struct extension_statement {
  std::string name;
  int prefix_dims;
  int batch_dims;
};

// The statement as the recipe sees it: positional iterator names ("d0"...)
// for the GEMM roles and, for a batched spec, the batch iterator b (the
// member that is neither i, j nor k).
struct statement_shape {
  gemm_roles roles;
  std::string tuple;  // "S0[d0, d1, d2]" or "S0[d0, d1, d2, d3]"
  std::string i, j, k, b;
  bool batched() const { return !b.empty(); }
};

// A fused element-wise statement (paper 000 7.3, Fig. 12):
//   epilogue     C[i][j] = f(C[i][j] + Bias[i][j]) (f and Bias optional),
//                applied to each C tile in LDM after its last k block, before
//                the tile goes back by DMA;
//   prologue_a   Q[i][k] = f(A[i][k]) with Q the GEMM's A factor, applied to
//                each A tile in LDM once its DMA has landed, before it is
//                broadcast (prologue_b: the same for B).
struct fused_spec {
  enum class role { none, prologue_a, prologue_b, epilogue } what = role::none;
  std::string statement;  // e.g. "S1"
  std::string op;         // swblas::epilogue_op / prologue_op enumerator (none: bias only)
};

// The fused statement of `s`, if any. The analysis (swblas_gen_core) decides
// whether the spec is acceptable; this only reads its role and function.
fused_spec find_fused(const scop& s, const gemm_roles& r);

struct sunway_recipe_result {
  isl::schedule schedule;
  tile_boxes boxes;
  std::vector<extension_statement> statements;
  std::vector<ldm_buffer> buffers;
  std::string batch_parameter;  // batched specs: the parameter bounding b
  fused_spec fused;             // fused prologue or epilogue, if any
  std::vector<std::pair<std::string, std::string>> stages;  // --dump-schedule
};

// Pass 1 (paper 000 section 3): the tree above on the padded domain, before
// any extension statement.
isl::schedule_node decompose_for_mesh(const model& m, const statement_shape& sh, const sunway_target& t);

// Runs all passes; throws spec_error when the tiles do not fit the LDM budget.
sunway_recipe_result apply_sunway_recipe(const model& m, const analysis& a, const sunway_target& t,
                                         const fused_spec& fused = {});

// The LDM the CPE kernel allocates for target `t` (every double buffer
// counted), and the check against the budget (spec_error naming each buffer).
std::vector<ldm_buffer> ldm_plan(const sunway_target& t, std::size_t param_bytes);
void check_ldm_budget(const sunway_target& t, const std::vector<ldm_buffer>& buffers);

// Bytes of the CPE kernel's parameter block (copied into LDM at start).
constexpr std::size_t kernel_param_bytes = 256;

// Target `t` for kernels of element type `e`: double's as the file gives
// it; float's with the file's ukernel_f32 (spec_error when there is none)
// and the deepest CPE tile, k doubled from the file's, whose buffers fit
// the LDM budget (64x64x64 for sunway.target).
sunway_target target_for_element(const sunway_target& t, element_type e);

}  // namespace swgen::sunway
