// The vector primitives in plain C++: one lane, no ISA beyond the ABI's.
#include "../simd_scalar.h"
#include "../vector_body.h"

namespace swblas {
namespace {

struct generic_vector_tag {};
template <class R>
using lane = kernels::scalar_simd<generic_vector_tag, R>;

}  // namespace

extern const vector_family vector_generic = kernels::make_vector_family<lane>("generic", isa::generic);

}  // namespace swblas
