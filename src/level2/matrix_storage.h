// Where element (i, j) (0-based) of a Level-2 matrix argument is, for the
// three storages the BLAS uses: full (column-major with leading dimension
// lda), band (the ?gbmv/?sbmv/?tbmv layout: column j's stored rows at
// a + j * lda, with element (i, j) at row ku + i - j of that column), and
// packed (one triangle column by column: ?spmv, ?tpmv, ...).
#pragma once

#include "vector_kernels.h"

namespace swblas::level2 {

// Upper packed: column j holds rows 0..j, (i, j) at i + j (j + 1) / 2.
// Lower packed (order n): column j holds rows j..n-1, (i, j) at
// i + j (2n - j - 1) / 2.
inline index_t packed_upper_offset(index_t i, index_t j) { return i + j * (j + 1) / 2; }
inline index_t packed_lower_offset(index_t i, index_t j, index_t n) { return i + j * (2 * n - j - 1) / 2; }

// Band: element (i, j) for |i - j| within the kl subdiagonals and ku
// superdiagonals (lower-only band storage: ku = 0; upper-only: kl unused).
inline index_t band_offset(index_t i, index_t j, index_t ku, index_t lda) { return ku + i - j + j * lda; }

}  // namespace swblas::level2
