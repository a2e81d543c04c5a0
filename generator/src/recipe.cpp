// The block recipe: its passes in order (tiling.cpp, marks.cpp,
// epilogue_fusion.cpp), each stage recorded for --dump-schedule.
#include "recipe.h"

#include <stdexcept>

#include "isl_c.h"
#include "schedule_tree.h"

namespace swgen {

namespace {

std::string stmt_set(const gemm_roles& r) { return "{ " + instance_tuple(r.statement, r.arity) + " }"; }

std::string tree_text(const isl::schedule& s) { return islc::schedule_text(s); }

// The schedule with only the GEMM statement: a fused epilogue comes back as
// an extension, a prologue is the runtime's packing rule.
isl::schedule gemm_only(const analysis& a) {
  const isl::union_set gemm(a.schedule.ctx(), stmt_set(a.roles));
  return isl::manage(isl_schedule_intersect_domain(a.schedule.copy(), gemm.copy()));
}

}  // namespace

std::string dim_list(const std::string& prefix, int n) {
  std::string out;
  for (int d = 0; d < n; ++d) out += (d ? ", " : "") + prefix + std::to_string(d);
  return out;
}

std::string instance_tuple(const std::string& statement, int arity, const std::string& prefix) {
  return statement + "[" + dim_list(prefix, arity) + "]";
}

recipe_result apply_block_recipe(const model& m, const analysis& a, const register_tile& t) {
  if (a.roles.batch >= 0) throw std::logic_error("recipe: a batched spec is generated one entry at a time");
  recipe_result res;
  res.stages.emplace_back("model", tree_text(m.schedule));
  res.stages.emplace_back("analysis", tree_text(a.schedule));
  res.dependences = a.raw.unite(a.war).unite(a.waw);
  res.fused = a.fused;
  const isl::schedule gemm = gemm_only(a);
  isl::schedule_node node = tile_registers(order_block(statement_band_of(gemm, a.roles.statement), a.roles), t);
  check_legal(node.schedule(), res.dependences);
  res.stages.emplace_back("tiling", tree_text(node.schedule()));
  node = mark_micro_kernel(node);
  res.stages.emplace_back("marks", tree_text(node.schedule()));
  for (const fused_statement& f : a.fused)
    if (f.what == fused_statement::role::epilogue) {
      node = fuse_epilogue(node.root(), m, f);
      res.epilogue_in_ukernel = epilogue_in_registers(f);
      res.stages.emplace_back("fusion", tree_text(node.schedule()));
    }
  res.schedule = node.schedule();
  return res;
}

}  // namespace swgen
