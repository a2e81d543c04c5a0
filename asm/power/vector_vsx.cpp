// The vector primitives on VSX (POWER8 and later): 2 doubles or 4 floats a
// register. POWER10 runs these too: MMA accumulates outer products, which
// matrix-vector work does not have.
#include <type_traits>

#include "../vector_body.h"
#include "simd_vsx.h"

namespace swblas {
namespace {

struct vsx_vector_tag {};
template <class R>
using vsx_of = std::conditional_t<std::is_same_v<R, float>, kernels::vsx_simd_f32<vsx_vector_tag>,
                                  kernels::vsx_simd<vsx_vector_tag>>;

}  // namespace

extern const vector_family vector_vsx = kernels::make_vector_family<vsx_of>("vsx", isa::vsx);

}  // namespace swblas
