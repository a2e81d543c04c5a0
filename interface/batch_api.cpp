// The batched entry points with Intel MKL's signatures and conventions:
// cblas_dgemm_batch, cblas_dgemm_batch_strided, dgemm_batch_ and
// dgemm_batch_strided_. Every group is checked before anything is computed;
// the first illegal argument (lowest position, groups in order) is reported
// through cblas_xerbla or xerbla_ with its position in the caller's own
// argument list (also for row-major calls: unlike cblas_dgemm there is no
// reference CBLAS whose transposed numbering handlers would expect). Then
// the groups, normalised to column-major problems as cblas_dgemm does, are
// solved by swblas::gemm_batch in one parallel region.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "batch.h"
#include "cblas.h"
#include "export.h"
#include "swblas.h"

namespace {

using swblas::gemm_batch_problem;
using swblas::gemm_problem;

// Where a routine's arguments stand in its argument list (1-based); 0 for
// arguments the routine does not have.
struct positions {
  int transa, transb, m, n, k, lda, stride_a, ldb, stride_b, ldc, stride_c, count;
};
constexpr positions kCblasBatch{2, 3, 4, 5, 6, 9, 0, 11, 0, 14, 0, 16};
constexpr positions kCblasStrided{2, 3, 4, 5, 6, 9, 10, 12, 13, 16, 17, 18};
constexpr positions kF77Batch{1, 2, 3, 4, 5, 8, 0, 10, 0, 13, 0, 15};
constexpr positions kF77Strided{1, 2, 3, 4, 5, 8, 9, 11, 12, 15, 16, 17};

bool is_no_trans(char t) { return t == 'N' || t == 'n'; }
bool is_trans(char t) { return t == 'T' || t == 't' || t == 'C' || t == 'c'; }

// One group (or the strided batch) as the caller states it.
struct group_args {
  bool row_major = false;
  char transa = 0, transb = 0;  // Fortran TRANS characters; 0 when illegal
  int m = 0, n = 0, k = 0;
  int lda = 0, ldb = 0, ldc = 0;
  int stride_a = 0, stride_b = 0, stride_c = 0;  // strided batches only
  int count = 0;                                 // group_size or batch_size
};

// The lowest position among the illegal arguments of g, 0 if none. Leading
// dimensions follow dgemm (and, for row-major storage, cblas_dgemm read in
// row-major terms); strides must not be negative.
int first_illegal(const group_args& g, const positions& at) {
  const bool legal_ta = is_no_trans(g.transa) || is_trans(g.transa);
  const bool legal_tb = is_no_trans(g.transb) || is_trans(g.transb);
  // Rows of A and B as stored: column-major stores op()'s source by columns.
  const int a_extent = g.row_major == is_no_trans(g.transa) ? g.k : g.m;
  const int b_extent = g.row_major == is_no_trans(g.transb) ? g.n : g.k;
  const int c_extent = g.row_major ? g.n : g.m;
  struct check {
    bool illegal;
    int position;
  };
  const check checks[] = {
      {!legal_ta, at.transa},
      {!legal_tb, at.transb},
      {g.m < 0, at.m},
      {g.n < 0, at.n},
      {g.k < 0, at.k},
      {legal_ta && g.lda < std::max(1, a_extent), at.lda},
      {legal_tb && g.ldb < std::max(1, b_extent), at.ldb},
      {g.ldc < std::max(1, c_extent), at.ldc},
      {at.stride_a != 0 && g.stride_a < 0, at.stride_a},
      {at.stride_b != 0 && g.stride_b < 0, at.stride_b},
      {at.stride_c != 0 && g.stride_c < 0, at.stride_c},
      {g.count < 0, at.count},
  };
  int first = 0;
  for (const check& c : checks)
    if (c.illegal && (first == 0 || c.position < first)) first = c.position;
  return first;
}

// The column-major problem of g (pointers and strides still to be set by
// the caller): row-major C (M x N) is column-major C^T (N x M), and
// C^T := alpha * op(B)^T * op(A)^T + beta * C^T, so B plays A's part.
gemm_problem column_major_shape(const group_args& g, double alpha, double beta) {
  const char ta = g.row_major ? g.transb : g.transa;
  const char tb = g.row_major ? g.transa : g.transb;
  const int lda = g.row_major ? g.ldb : g.lda;
  const int ldb = g.row_major ? g.lda : g.ldb;
  gemm_problem p;
  p.m = g.row_major ? g.n : g.m;
  p.n = g.row_major ? g.m : g.n;
  p.k = g.k;
  p.alpha = alpha;
  p.rs_a = is_no_trans(ta) ? 1 : lda;
  p.cs_a = is_no_trans(ta) ? lda : 1;
  p.rs_b = is_no_trans(tb) ? 1 : ldb;
  p.cs_b = is_no_trans(tb) ? ldb : 1;
  p.beta = beta;
  p.ldc = g.ldc;
  return p;
}

// The groups of one call, reused by later calls on the same thread so that
// the steady state allocates nothing.
std::vector<gemm_batch_problem>& group_list() {
  thread_local std::vector<gemm_batch_problem> groups;
  groups.clear();
  return groups;
}

// Group g of a pointer-array batch whose entries start at `first`.
gemm_batch_problem pointer_group(const group_args& g, double alpha, double beta,
                                 const double** a_array, const double** b_array,
                                 double** c_array, std::size_t first) {
  gemm_batch_problem p;
  p.shape = column_major_shape(g, alpha, beta);
  p.count = g.count;
  p.a_array = (g.row_major ? b_array : a_array) + first;
  p.b_array = (g.row_major ? a_array : b_array) + first;
  p.c_array = c_array + first;
  return p;
}

gemm_batch_problem strided_group(const group_args& g, double alpha, double beta,
                                 const double* a, const double* b, double* c) {
  gemm_batch_problem p;
  p.shape = column_major_shape(g, alpha, beta);
  p.count = g.count;
  p.shape.a = g.row_major ? b : a;
  p.shape.b = g.row_major ? a : b;
  p.shape.c = c;
  p.stride_a = g.row_major ? g.stride_b : g.stride_a;
  p.stride_b = g.row_major ? g.stride_a : g.stride_b;
  p.stride_c = g.stride_c;
  return p;
}

// The Fortran TRANS character for a CBLAS transpose, or 0 if it is illegal.
char trans_char(CBLAS_TRANSPOSE t) {
  switch (t) {
    case CblasNoTrans: return 'N';
    case CblasTrans: return 'T';
    case CblasConjTrans: return 'C';
  }
  return 0;
}

bool legal_layout(CBLAS_LAYOUT layout) {
  return layout == CblasRowMajor || layout == CblasColMajor;
}

// Both go through the PLT, so that a program's own handler takes their place.
void report_cblas(int info, const char* routine) { cblas_xerbla(info, routine, ""); }

void report_layout(CBLAS_LAYOUT layout, const char* routine) {
  cblas_xerbla(1, routine, "Illegal layout setting, %d\n", static_cast<int>(layout));
}

void report_f77(int info, const char* routine, std::size_t length) {
  xerbla_(routine, &info, length);
}

constexpr char kCblasBatchName[] = "cblas_dgemm_batch";
constexpr char kCblasStridedName[] = "cblas_dgemm_batch_strided";
constexpr char kF77BatchName[] = "DGEMM_BATCH";
constexpr char kF77StridedName[] = "DGEMM_BATCH_STRIDED";

group_args cblas_group(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m,
                       int n, int k, int lda, int ldb, int ldc, int count) {
  group_args g;
  g.row_major = layout == CblasRowMajor;
  g.transa = trans_char(ta);
  g.transb = trans_char(tb);
  g.m = m;
  g.n = n;
  g.k = k;
  g.lda = lda;
  g.ldb = ldb;
  g.ldc = ldc;
  g.count = count;
  return g;
}

group_args f77_group(char ta, char tb, int m, int n, int k, int lda, int ldb, int ldc,
                     int count) {
  group_args g;
  g.transa = ta;
  g.transb = tb;
  g.m = m;
  g.n = n;
  g.k = k;
  g.lda = lda;
  g.ldb = ldb;
  g.ldc = ldc;
  g.count = count;
  return g;
}

// A pointer-array batch: every group checked (group(i) gives group i's
// arguments as the caller states them), then all solved in one call.
// Returns the first illegal argument's position, 0 when all were legal.
template <class Group>
int check_and_solve(int group_count, const positions& at, const Group& group,
                    const double* alpha_array, const double* beta_array, const double** a_array,
                    const double** b_array, double** c_array) {
  for (int i = 0; i < group_count; ++i)
    if (const int info = first_illegal(group(i), at)) return info;
  std::vector<gemm_batch_problem>& groups = group_list();
  std::size_t first = 0;
  for (int i = 0; i < group_count; ++i) {
    const group_args g = group(i);
    groups.push_back(
        pointer_group(g, alpha_array[i], beta_array[i], a_array, b_array, c_array, first));
    first += static_cast<std::size_t>(g.count);
  }
  swblas::gemm_batch(groups.data(), groups.size());
  return 0;
}

}  // namespace

extern "C" SWBLAS_EXPORT void cblas_dgemm_batch(
    CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE* transa_array,
    const CBLAS_TRANSPOSE* transb_array, const int* m_array, const int* n_array,
    const int* k_array, const double* alpha_array, const double** a_array,
    const int* lda_array, const double** b_array, const int* ldb_array,
    const double* beta_array, double** c_array, const int* ldc_array, int group_count,
    const int* group_size) {
  if (!legal_layout(layout)) return report_layout(layout, kCblasBatchName);
  if (group_count < 0) return report_cblas(15, kCblasBatchName);
  const auto group = [&](int i) {
    return cblas_group(layout, transa_array[i], transb_array[i], m_array[i], n_array[i],
                       k_array[i], lda_array[i], ldb_array[i], ldc_array[i], group_size[i]);
  };
  if (const int info = check_and_solve(group_count, kCblasBatch, group, alpha_array, beta_array,
                                       a_array, b_array, c_array))
    report_cblas(info, kCblasBatchName);
}

extern "C" SWBLAS_EXPORT void cblas_dgemm_batch_strided(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m, int n, int k,
    double alpha, const double* a, int lda, int stridea, const double* b, int ldb, int strideb,
    double beta, double* c, int ldc, int stridec, int batch_size) {
  if (!legal_layout(layout)) return report_layout(layout, kCblasStridedName);
  group_args g = cblas_group(layout, transa, transb, m, n, k, lda, ldb, ldc, batch_size);
  g.stride_a = stridea;
  g.stride_b = strideb;
  g.stride_c = stridec;
  if (const int info = first_illegal(g, kCblasStrided))
    return report_cblas(info, kCblasStridedName);
  const gemm_batch_problem group = strided_group(g, alpha, beta, a, b, c);
  swblas::gemm_batch(&group, 1);
}

// Fortran passes the lengths of the TRANS arrays' elements after the last
// argument; they are never read (always 1).
extern "C" SWBLAS_EXPORT void dgemm_batch_(
    const char* transa_array, const char* transb_array, const int* m_array,
    const int* n_array, const int* k_array, const double* alpha_array,
    const double** a_array, const int* lda_array, const double** b_array,
    const int* ldb_array, const double* beta_array, double** c_array, const int* ldc_array,
    const int* group_count, const int* group_size) {
  if (*group_count < 0) return report_f77(14, kF77BatchName, sizeof kF77BatchName - 1);
  const auto group = [&](int i) {
    return f77_group(transa_array[i], transb_array[i], m_array[i], n_array[i], k_array[i],
                     lda_array[i], ldb_array[i], ldc_array[i], group_size[i]);
  };
  if (const int info = check_and_solve(*group_count, kF77Batch, group, alpha_array, beta_array,
                                       a_array, b_array, c_array))
    report_f77(info, kF77BatchName, sizeof kF77BatchName - 1);
}

extern "C" SWBLAS_EXPORT void dgemm_batch_strided_(
    const char* transa, const char* transb, const int* m, const int* n, const int* k,
    const double* alpha, const double* a, const int* lda, const int* stridea, const double* b,
    const int* ldb, const int* strideb, const double* beta, double* c, const int* ldc,
    const int* stridec, const int* batch_size) {
  group_args g = f77_group(*transa, *transb, *m, *n, *k, *lda, *ldb, *ldc, *batch_size);
  g.stride_a = *stridea;
  g.stride_b = *strideb;
  g.stride_c = *stridec;
  if (const int info = first_illegal(g, kF77Strided))
    return report_f77(info, kF77StridedName, sizeof kF77StridedName - 1);
  const gemm_batch_problem group = strided_group(g, *alpha, *beta, a, b, c);
  swblas::gemm_batch(&group, 1);
}

// For compilers that do not append an underscore, as dgemm_ has; weak so
// that a program's own functions of these names win.
extern "C" SWBLAS_EXPORT __attribute__((weak, alias("dgemm_batch_"))) void dgemm_batch(
    const char* transa_array, const char* transb_array, const int* m_array,
    const int* n_array, const int* k_array, const double* alpha_array,
    const double** a_array, const int* lda_array, const double** b_array,
    const int* ldb_array, const double* beta_array, double** c_array, const int* ldc_array,
    const int* group_count, const int* group_size);

extern "C" SWBLAS_EXPORT __attribute__((weak, alias("dgemm_batch_strided_"))) void
dgemm_batch_strided(const char* transa, const char* transb, const int* m, const int* n,
                    const int* k, const double* alpha, const double* a, const int* lda,
                    const int* stridea, const double* b, const int* ldb, const int* strideb,
                    const double* beta, double* c, const int* ldc, const int* stridec,
                    const int* batch_size);
