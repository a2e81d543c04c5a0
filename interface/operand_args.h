// An operand of a Level-3 call as its caller states it: a column-major
// matrix and its transpose option, as the runtime's product reads it.
#pragma once

#include "options.h"
#include "structured_product.h"

namespace swblas::api {

// op(X) of a column-major X under t: element (i, l) of X, X^T or X^H.
template <class T>
operand_of<T> op_of(const T* x, inc_t ld, trans_op t) {
  if (t == trans_op::none) return {x, 1, ld, {}};
  return {x, ld, 1, {}, t == trans_op::conj_trans};
}

}  // namespace swblas::api
