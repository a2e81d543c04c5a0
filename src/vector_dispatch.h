// The vector primitives this process runs (vector_dispatch.cpp chooses
// them once). Inline: a length-8 ddot spent 5 % of its call in an
// out-of-line lookup. For src/ only: a kernel file compiled with ISA flags
// must not instantiate it (asm/README.md).
#pragma once

#include "vector_kernels.h"

namespace swblas {

// The family of the ISA of the dispatched GEMM target (the generic one
// under SWBLAS_TARGET=reference or generic), chosen anew on every call.
const vector_family& chosen_vector_family();

// The process's set for T, chosen on the first call.
template <class T>
inline const vector_kernels<T>& vector_kernels_of() {
  static const vector_family& family = chosen_vector_family();
  return member_of<T>(family);
}

}  // namespace swblas
