// What the routines with a side and a triangle (symm, hemm, trmm, trsm)
// share: how a row-major call becomes a column-major one, and the checks of
// the dimensions of A (M x M on the left, N x N on the right) and B.
#pragma once

#include <algorithm>
#include <type_traits>
#include <utility>

#include "argument_check.h"
#include "blas_int.h"
#include "options.h"

namespace swblas::api {

// The column-major call of c, whose options must be legal: a row-major
// call is the call of the transposed problem, whose M and N change places.
template <class SidedCall, class = decltype(std::declval<SidedCall>().side_of_a)>
SidedCall column_major(SidedCall c) {
  if (*c.layout == order::row_major) {
    c.side_of_a = transposed(*c.side_of_a);
    c.triangle = transposed(*c.triangle);
    std::swap(c.m, c.n);
  }
  return c;
}

// The first illegal of M, N, lda and ldb of a column-major call c.
template <class SidedCall, class Positions>
int first_illegal_dimension(const SidedCall& c, const Positions& at) {
  const blas_int rows_of_a = *c.side_of_a == side::left ? c.m : c.n;
  return first_illegal({
      {c.m < 0, at.m},
      {c.n < 0, at.n},
      {c.lda < std::max<blas_int>(1, rows_of_a), at.lda},
      {c.ldb < std::max<blas_int>(1, c.m), at.ldb},
  });
}

}  // namespace swblas::api
