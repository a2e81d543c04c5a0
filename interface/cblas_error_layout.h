// How a row-major CBLAS error is numbered.
//
// The reference cblas_dgemm checks a row-major call as the Fortran DGEMM of
// the transposed problem (A and B swapped, M and N swapped) and passes that
// call's position + 1 to cblas_xerbla, leaving the global RowMajorStrg set:
// M arrives as 5, N as 4, lda as 11, ldb as 9. Handlers written for the
// reference, such as the CBLAS tester's, swap them back themselves, so swblas
// passes the same numbers (its batched and fused GEMMs too). Its own default
// handler learns from this per-thread state (instead of a global) which
// positions it must swap back.
#pragma once

namespace swblas::api {

// The pairs of positions a row-major call of one signature exchanges
// (M and N, lda and ldb, ...); unused pairs are {0, 0}.
struct position_exchange {
  int pairs[4][2] = {};

  // The position exchanged with p, p itself if none is.
  constexpr int partner(int p) const {
    for (const auto& pair : pairs) {
      if (p == pair[0]) return pair[1];
      if (p == pair[1]) return pair[0];
    }
    return p;
  }
};

inline thread_local position_exchange reporting_exchange{};

// Sets reporting_exchange for the duration of one cblas_xerbla call.
// The reference CBLAS's globals, which handlers written for it read
// (cblas_globals.cpp): RowMajorStrg is 1 while a row-major call reports.
extern "C" int RowMajorStrg;
extern "C" int CBLAS_CallFromC;

class row_major_report_scope {
 public:
  row_major_report_scope(const position_exchange& exchange, bool row_major) {
    reporting_exchange = exchange;
    RowMajorStrg = row_major ? 1 : 0;
    CBLAS_CallFromC = 1;
  }
  ~row_major_report_scope() {
    reporting_exchange = {};
    RowMajorStrg = 0;
    CBLAS_CallFromC = 0;
  }
  row_major_report_scope(const row_major_report_scope&) = delete;
  row_major_report_scope& operator=(const row_major_report_scope&) = delete;
};

// The CBLAS parameter number of an error cblas_xerbla received, undoing
// the row-major exchange of the call being reported.
inline int cblas_parameter_number(int info) { return reporting_exchange.partner(info); }

}  // namespace swblas::api
