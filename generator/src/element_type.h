// The element types swblas-gen generates kernels for: what a spec declares
// its arrays as, and what a target file gives a register block for. The
// manifest prints them as swblas::element_type enumerators
// (src/macro_kernel.h). No isl here.
#pragma once

namespace swgen {

enum class element_type { f64, f32 };

// "double", "float": the C type of a spec's arrays and of a kernel's block.
inline const char* c_type(element_type e) { return e == element_type::f32 ? "float" : "double"; }

// "f64", "f32": the swblas::element_type enumerator, and the prefix of a
// target file's keys for that type's register block.
inline const char* enumerator(element_type e) { return e == element_type::f32 ? "f32" : "f64"; }

// "d", "s": the BLAS letter of the kernels' names (dgemm_block_, sgemm_block_).
inline const char* blas_letter(element_type e) { return e == element_type::f32 ? "s" : "d"; }

inline int bytes_of(element_type e) { return e == element_type::f32 ? 4 : 8; }

}  // namespace swgen
