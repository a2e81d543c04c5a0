// Reports an illegal argument to the error handlers. Both are reached
// through the PLT, so that a program's own xerbla_ or cblas_xerbla takes
// their place.
#pragma once

#include <cstddef>
#include <optional>

#include "blas_int.h"
#include "cblas.h"
#include "cblas_error_layout.h"
#include "gemm_positions.h"
#include "options.h"
#include "swblas.h"

namespace swblas::api {

// A Fortran routine's name as xerbla_ receives it (not NUL-terminated).
template <std::size_t N>
void report_fortran(const char (&routine)[N], int position) {
  const blas_int info = position;
  xerbla_(routine, &info, N - 1);
}

// A CBLAS routine: reported positions of a row-major call are those of its
// transposed call (cblas_error_layout.h), which exchanges the given pairs.
class cblas_report {
 public:
  cblas_report(const char* routine, const position_exchange& row_major_pairs, std::optional<order> layout)
      : routine_(routine),
        exchange_(layout == order::row_major ? row_major_pairs : position_exchange{}),
        row_major_(layout == order::row_major) {}
  // A GEMM signature's.
  cblas_report(const char* routine, const gemm_positions& at, std::optional<order> layout)
      : cblas_report(routine, row_major_exchange(at), layout) {}

  void operator()(int position) const { (*this)(position, ""); }

  // With the reference's message, which names the illegal value.
  template <class... Value>
  void operator()(int position, const char* form, Value... value) const {
    row_major_report_scope scope(exchange_, row_major_);
    cblas_xerbla(position, routine_, form, value...);
  }

 private:
  const char* routine_;
  position_exchange exchange_;
  bool row_major_;
};

}  // namespace swblas::api
