// A BLAS vector argument: n elements at x with increment inc, read as the
// reference reads it (for inc < 0 the first element is x[(1 - n) * inc],
// the last x[0]), and its unit-stride form for the vector primitives.
#pragma once

#include <algorithm>

#include "element_ops.h"
#include "pack_buffer.h"
#include "vector_dispatch.h"

namespace swblas {

template <class T>
struct vector_view {
  T* data;     // as the caller passed it
  index_t n;
  index_t inc;  // nonzero except where a routine allows 0 (then every element is data[0])

  // Element i (0-based) in the reference's order.
  T& operator[](index_t i) const { return data[offset(i)]; }
  index_t offset(index_t i) const { return inc >= 0 ? i * inc : (i - (n - 1)) * inc; }
  bool unit() const { return inc == 1; }
};

template <class T>
vector_view<T> view_of(T* x, index_t n, index_t inc) {
  return {x, n, inc};
}

// A vector the primitives read: the caller's memory when it has unit
// stride and is not to be conjugated, otherwise a copy (conjugated if
// asked) in this thread's buffer for `role`; null when that copy cannot be
// had (memory is short): the caller then reads x in place, element by
// element, as the reference does.
template <class T>
const T* unit_stride_input(const vector_view<const T>& x, pack_role role, bool conjugated = false) {
  if (x.unit() && !conjugated) return x.data;
  T* copy = try_thread_pack_buffer_of<T>(role, static_cast<std::size_t>(std::max<index_t>(x.n, 1)));
  if (!copy) {
    warn_memory_short("a strided vector is read in place, element by element");
    return nullptr;
  }
  for (index_t i = 0; i < x.n; ++i) copy[i] = conjugate_if(conjugated, x[i]);
  return copy;
}

// A vector the primitives update: the caller's memory when it has unit
// stride, otherwise a copy to work on, written back by finish(); data() is
// null when that copy cannot be had (as unit_stride_input).
template <class T>
class unit_stride_output {
 public:
  unit_stride_output(const vector_view<T>& y, pack_role role) : y_(y), work_(y.data) {
    if (y.unit()) return;
    work_ = try_thread_pack_buffer_of<T>(role, static_cast<std::size_t>(std::max<index_t>(y.n, 1)));
    if (!work_) {
      warn_memory_short("a strided vector is updated in place, element by element");
      return;
    }
    for (index_t i = 0; i < y.n; ++i) work_[i] = y[i];
  }
  T* data() const { return work_; }
  void finish() const {
    if (!y_.unit() && work_)
      for (index_t i = 0; i < y_.n; ++i) y_[i] = work_[i];
  }

 private:
  vector_view<T> y_;
  T* work_;
};

// y := beta y on a unit-stride work vector (Level 2's first step); beta == 0
// sets y to zero without reading it (NaN included).
template <class T>
void scale_by_beta(T beta, T* y, index_t n) {
  if (beta == T(1)) return;
  if (beta == T(0))
    std::fill(y, y + n, T(0));
  else
    vector_kernels_of<T>().scal(n, beta, y);
}

}  // namespace swblas
