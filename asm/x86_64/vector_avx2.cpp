// The vector primitives on AVX2 + FMA: 4 doubles or 8 floats a register.
#include <type_traits>

#include "../vector_body.h"
#include "simd_avx2.h"

namespace swblas {
namespace {

template <class R>
using avx2_of = std::conditional_t<std::is_same_v<R, float>, kernels::avx2_simd_f32, kernels::avx2_simd>;

}  // namespace

extern const vector_family vector_avx2 = kernels::make_vector_family<avx2_of>("avx2", isa::avx2);

}  // namespace swblas
