// The fusion pass of the block recipe (see recipe.h): a fused epilogue
// grafted after the last writer of each register tile.
#include "recipe.h"

#include <stdexcept>

#include "isl_c.h"
#include "schedule_tree.h"

namespace swgen {

bool epilogue_in_registers(const fused_statement& f) {
  return f.function.empty() || f.function == "relu" || f.function == "leaky_relu" || f.function == "clamp";
}

isl::schedule_node fuse_epilogue(isl::schedule_node root, const model& m, const fused_statement& f) {
  const isl::schedule_node at = find_mark(root, "ukernel");
  const isl::union_map prefix = at.prefix_schedule_union_map().intersect_domain(islc::node_domain(at));
  // prefix -> epilogue instance: the register tile that runs its last writer.
  const isl::union_map ext = prefix.reverse().apply_range(f.after);
  // Every element of a non-empty problem (the GEMM's own instances exist).
  const isl::union_set gemm_instances = islc::node_domain(at);
  const isl::set nonempty = isl::manage(isl_union_set_params(gemm_instances.copy()));
  const isl::union_set all = m.domain.intersect(isl::union_set(m.domain.ctx(), "{ " + instance_tuple(f.statement, 2) + " }"))
                                 .intersect_params(nonempty);
  if (!ext.range().is_equal(all) || !ext.reverse().is_single_valued())
    throw std::logic_error("recipe: the epilogue does not run exactly once per element after its last writer");
  const std::string inst = instance_tuple(f.statement, 2, "e");
  const std::string i = "e" + std::to_string(f.row), j = "e" + std::to_string(1 - f.row);
  const isl::multi_union_pw_aff elements(root.ctx(), "[{ " + inst + " -> [(" + j + ")] }, { " + inst + " -> [(" + i + ")] }]");
  const isl::schedule_node graft = isl::schedule_node::from_extension(ext)
                                       .child(0)
                                       .insert_partial_schedule(elements)
                                       .insert_mark("epilogue")
                                       .root();
  // Inside the mark: after the band of the micro kernel's k loop.
  return epilogue_in_registers(f) ? at.child(0).graft_after(graft).root() : at.graft_after(graft).root();
}

}  // namespace swgen
