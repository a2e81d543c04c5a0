// How a row-major CBLAS GEMM error is numbered.
//
// The reference cblas_dgemm checks a row-major call as the Fortran DGEMM of
// the transposed problem (A and B swapped, M and N swapped) and passes that
// call's position + 1 to cblas_xerbla, leaving the global RowMajorStrg set:
// M arrives as 5, N as 4, lda as 11, ldb as 9. Handlers written for the
// reference, such as the CBLAS tester's, swap them back themselves, so swblas
// passes the same numbers. Its own default handler learns from this
// per-thread flag (instead of a global) that it must swap them back too.
#pragma once

#include <cstring>

namespace swblas::api {

inline thread_local bool reporting_row_major = false;

// Sets reporting_row_major for the duration of one cblas_xerbla call.
class row_major_report_scope {
 public:
  explicit row_major_report_scope(bool row_major) {
    reporting_row_major = row_major;
  }
  ~row_major_report_scope() { reporting_row_major = false; }
  row_major_report_scope(const row_major_report_scope&) = delete;
  row_major_report_scope& operator=(const row_major_report_scope&) = delete;
};

// The CBLAS parameter number of an error cblas_xerbla received for routine
// rout, undoing the row-major swap of the GEMM routines.
inline int cblas_parameter_number(int info, const char* rout) {
  if (!reporting_row_major || std::strstr(rout, "gemm") == nullptr) return info;
  switch (info) {
    case 4: return 5;
    case 5: return 4;
    case 9: return 11;
    case 11: return 9;
    default: return info;
  }
}

}  // namespace swblas::api
