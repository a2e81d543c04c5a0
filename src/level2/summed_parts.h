// A product whose parts each write all of y (symv's column blocks, gemv_n's
// column ranges) on a team: part t accumulates into a vector of its own (the
// first into y itself), then the team adds the others into y by ranges of
// rows, in part order, so the result depends on the team's size and not on
// which thread ran which part.
#pragma once

#include <algorithm>
#include <cstddef>

#include "pack_buffer.h"
#include "vector_team.h"

namespace swblas::level2 {

// Items [0, nt) are the parts, [nt, 2 nt) the ranges of y, a section of their
// own (they start once every part is done). part(t, nt, w) adds part t of nt
// into w, y's n elements.
template <class T, class Part>
class summed_parts_job final : public team_job {
 public:
  // own: nt - 1 vectors of n.
  summed_parts_job(index_t n, int nt, T* y, T* own, const Part& part) : n_(n), nt_(nt), y_(y), own_(own), part_(part) {}

  dim_t section_start(dim_t item) const override { return item < nt_ ? 0 : nt_; }

  void run_item(dim_t item, int) override {
    const int t = static_cast<int>(item < nt_ ? item : item - nt_);
    if (item < nt_) {
      T* w = part_vector(t);
      if (t > 0) std::fill(w, w + n_, T(0));
      return part_(t, nt_, w);
    }
    index_t r0, r1;
    range_of(n_, 16, t, nt_, &r0, &r1);
    for (int u = 1; u < nt_; ++u) {
      const T* w = part_vector(u);
      for (index_t i = r0; i < r1; ++i) y_[i] += w[i];
    }
  }

 private:
  T* part_vector(int t) const { return t == 0 ? y_ : own_ + std::size_t(t - 1) * std::size_t(n_); }

  index_t n_;
  int nt_;
  T* y_;
  T* own_;
  const Part& part_;
};

// part(t, nt, w) for t in [0, nt) summed into y (n elements) as
// summed_parts_job says; the vectors are the calling thread's, and when they
// cannot be had, fewer threads (one needs none: part(0, 1, y)).
template <class T, class Part>
void run_summed_parts(index_t n, int nt, T* y, const char* short_of_memory, const Part& part) {
  T* own = nullptr;
  for (; nt > 1; --nt) {
    own = try_thread_pack_buffer_of<T>(pack_role::operand_copy, std::size_t(n) * std::size_t(nt - 1));
    if (own) break;
    warn_memory_short(short_of_memory);
  }
  if (nt <= 1) return part(0, 1, y);
  summed_parts_job<T, Part> job(n, nt, y, own, part);
  run_team_job(job, 2 * dim_t{nt}, nt);
}

}  // namespace swblas::level2
