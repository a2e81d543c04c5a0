// Generic schedule-tree helpers (see schedule_tree.h).
#include "schedule_tree.h"

#include <stdexcept>

#include "isl_c.h"

namespace swgen {

isl::schedule_node find_mark(const isl::schedule_node& root, const std::string& name) {
  isl::schedule_node found;
  root.foreach_descendant_top_down([&](const isl::schedule_node& node) {
    if (found.is_null() && node.isa<isl::schedule_node_mark>() &&
        islc::mark_name(node) == name)
      found = node;
    return found.is_null();
  });
  if (found.is_null()) throw std::logic_error("recipe: mark '" + name + "' not found");
  return found;
}

void check_legal(const isl::schedule& sched, const isl::union_map& deps) {
  const isl::union_map s = sched.get_map();
  const isl::union_map moved = deps.apply_domain(s).apply_range(s);
  isl::union_map forward = isl::union_map(sched.ctx(), "{ }");
  s.range().foreach_set([&](const isl::set& set) { forward = forward.unite(isl::union_map(islc::lex_lt(set.space()))); });
  if (!moved.is_subset(forward)) throw std::logic_error("recipe: the transformed schedule violates a dependence");
}

}  // namespace swgen
