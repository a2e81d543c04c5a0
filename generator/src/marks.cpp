// The marking pass of the block recipe (see recipe.h): the register-tile
// band the runtime may share, and the micro kernel's k band.
#include "recipe.h"

#include <stdexcept>

namespace swgen {

isl::schedule_node mark_micro_kernel(isl::schedule_node tiles) {
  // The AST generator may drop a member it can fix (jr of the last partial
  // column panel), so every member must be parallel for the runtime to
  // share any loop the band prints as.
  const auto b = tiles.as<isl::schedule_node_band>();
  for (unsigned m = 0; m < b.n_member(); ++m)
    if (!b.member_get_coincident(static_cast<int>(m)))
      throw std::logic_error("recipe: the register-tile band is not parallel");
  return tiles.child(0).insert_mark("ukernel").parent().insert_mark("parallel");
}

}  // namespace swgen
