// A product by a symmetric matrix read through one stored triangle (symm):
// two accumulations into C[i][j] under the same i and j loops, one reading
// the matrix S as S[i][k] (or S[k][j]) on its side of the diagonal, the
// other its mirror S[k][i] (S[j][k]) on the other side. isl shows that the
// two k ranges split the whole of S's order and that every element read
// lies in one triangle; the pair is then one
// GEMM C[i][j] += S[i][k] * B[k][j] by the full symmetric S, which the
// runtime's packing expands from that triangle (src/operand_packing.h), so
// the rest of the recipe is the plain GEMM's. No runtime code here.
#pragma once

#include <isl/cpp.h>

#include "spec.h"

namespace swgen {

struct symmetric_operand {
  char operand = 0;    // the GEMM factor S is: 'a' (C += S * B) or 'b' (C += A * S); 0: none
  bool upper = false;  // the triangle read: upper (column >= row) or lower (column <= row)
};

// When s is such a pair, *found says so and the result is s with the pair
// folded into one GEMM statement S0 over the box, its k bound a fresh
// parameter (the block kernel does not need it to equal S's order); a scop
// with fewer than two accumulations comes back unchanged, *found empty.
// Throws spec_error naming the reason when two accumulations are not a
// symmetric product.
scop fold_symmetric_pair(isl::ctx ctx, scop s, symmetric_operand* found);

}  // namespace swgen
