// The vector primitives on AVX-512F: 8 doubles or 16 floats a register.
#include <type_traits>

#include "../vector_body.h"
#include "simd_avx512.h"

namespace swblas {
namespace {

template <class R>
using avx512_of = std::conditional_t<std::is_same_v<R, float>, kernels::avx512_simd_f32, kernels::avx512_simd>;

}  // namespace

extern const vector_family vector_avx512 = kernels::make_vector_family<avx512_of>("avx512", isa::avx512);

}  // namespace swblas
