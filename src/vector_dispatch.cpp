// Which vector primitives serve Levels 1 and 2: those of the ISA the GEMM
// dispatch chose (its verdicts and SWBLAS_TARGET apply to both), or the best
// below it (POWER10's MMA target runs the VSX set); the generic set when
// the hand-written reference GEMM is forced.
#include "vector_dispatch.h"

#include "dispatch.h"

namespace swblas {

const vector_family& chosen_vector_family() {
  const dispatch_table& t = active_dispatch();
  const vector_family_list& list = kBuildVectorFamilies;
  const vector_family* chosen = list.families[0];
  if (t.target == kReferenceTarget || !t.ukernel) return *chosen;
  for (std::size_t i = 0; i < list.count; ++i)
    if (static_cast<int>(list.families[i]->needs) <= static_cast<int>(t.ukernel->needs)) chosen = list.families[i];
  return *chosen;
}

}  // namespace swblas
