#include "dgemm_call.h"

#include <algorithm>

namespace swblas::api {
namespace {

bool is_no_trans(char t) { return t == 'N' || t == 'n'; }
bool is_trans(char t) { return t == 'T' || t == 't' || t == 'C' || t == 'c'; }

// Real matrices: 'C' (conjugate transpose) is the same as 'T'.
bool is_legal_trans(char t) { return is_no_trans(t) || is_trans(t); }

// The reference returns before reading anything when C cannot change.
bool is_quick_return(const f77_dgemm_call& call) {
  return call.m == 0 || call.n == 0 ||
         ((call.alpha == 0.0 || call.k == 0) && call.beta == 1.0);
}

}  // namespace

int first_illegal_argument(const f77_dgemm_call& call) {
  if (!is_legal_trans(call.transa)) return 1;
  if (!is_legal_trans(call.transb)) return 2;
  if (call.m < 0) return 3;
  if (call.n < 0) return 4;
  if (call.k < 0) return 5;
  const int nrowa = is_no_trans(call.transa) ? call.m : call.k;
  const int nrowb = is_no_trans(call.transb) ? call.k : call.n;
  if (call.lda < std::max(1, nrowa)) return 8;
  if (call.ldb < std::max(1, nrowb)) return 10;
  if (call.ldc < std::max(1, call.m)) return 13;
  return 0;
}

void execute(const f77_dgemm_call& call) {
  if (is_quick_return(call)) return;
  gemm_problem p;
  p.m = call.m;
  p.n = call.n;
  p.k = call.k;
  p.alpha = call.alpha;
  // op(A)(i, l): A(i, l) = a[i + l*lda], or A(l, i) = a[l + i*lda].
  p.a = call.a;
  p.rs_a = is_no_trans(call.transa) ? 1 : call.lda;
  p.cs_a = is_no_trans(call.transa) ? call.lda : 1;
  // op(B)(l, j): B(l, j) = b[l + j*ldb], or B(j, l) = b[j + l*ldb].
  p.b = call.b;
  p.rs_b = is_no_trans(call.transb) ? 1 : call.ldb;
  p.cs_b = is_no_trans(call.transb) ? call.ldb : 1;
  p.beta = call.beta;
  p.c = call.c;
  p.ldc = call.ldc;
  gemm(p);
}

}  // namespace swblas::api
