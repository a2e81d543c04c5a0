// The batched entry points with Intel MKL's signatures and conventions:
// cblas_dgemm_batch, cblas_dgemm_batch_strided, dgemm_batch_ and
// dgemm_batch_strided_. Every group is checked before anything is computed;
// the first illegal argument (groups in order) is reported through
// cblas_xerbla or xerbla_ as cblas_dgemm reports its own (gemm_checks.h).
// Then the groups, as column-major problems, are solved by
// swblas::gemm_batch in one parallel region.
#include <cstddef>
#include <vector>

#include "batch.h"
#include "error_report.h"
#include "export.h"
#include "gemm_checks.h"
#include "runtime_call.h"
#include "swblas.h"

namespace {

using namespace swblas::api;
using swblas::gemm_batch_problem;

// The integer arrays of a pointer-array batch: one entry per group.
struct group_dims {
  const int *m, *n, *k, *lda, *ldb, *ldc, *size;

  gemm_dims operator[](int i) const {
    return {m[i], n[i], k[i], lda[i], ldb[i], ldc[i], 0, 0, 0, size[i]};
  }
};

// The groups of one call, reused by later calls on the same thread so that
// the steady state allocates nothing.
std::vector<gemm_batch_problem>& group_list() {
  thread_local std::vector<gemm_batch_problem> groups;
  groups.clear();
  return groups;
}

// A pointer-array batch whose group i the caller states as group(i): every
// group checked, then all solved in one call. Returns the first illegal
// argument's position, 0 when all were legal.
template <class Group>
int check_and_solve(int group_count, const gemm_positions& at, const Group& group,
                    const double* alpha_array, const double* beta_array,
                    const array_operands& x) {
  for (int i = 0; i < group_count; ++i)
    if (const int info = first_illegal_argument(group(i), at)) return info;
  std::vector<gemm_batch_problem>& groups = group_list();
  std::size_t first = 0;
  for (int i = 0; i < group_count; ++i) {
    const gemm_call c = group(i);
    const gemm_args g = column_major(c);
    const array_operands entries{x.a + first, x.b + first, x.c + first};
    groups.push_back(pointer_group_of(g, alpha_array[i], beta_array[i],
                                      column_major(*c.options.layout, entries)));
    first += static_cast<std::size_t>(g.count);
  }
  swblas::gemm_batch(groups.data(), groups.size());
  return 0;
}

// A strided batch, checked then solved.
int check_and_solve(const gemm_call& c, const gemm_positions& at, double alpha, double beta,
                    const matrix_operands& x) {
  if (const int info = first_illegal_argument(c, at)) return info;
  const gemm_batch_problem batch =
      strided_batch_of(column_major(c), alpha, beta, column_major(*c.options.layout, x));
  swblas::gemm_batch(&batch, 1);
  return 0;
}

constexpr char kDgemmBatchName[] = "DGEMM_BATCH";
constexpr char kDgemmBatchStridedName[] = "DGEMM_BATCH_STRIDED";

}  // namespace

extern "C" SWBLAS_EXPORT void cblas_dgemm_batch(
    CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE* transa_array,
    const CBLAS_TRANSPOSE* transb_array, const int* m_array, const int* n_array,
    const int* k_array, const double* alpha_array, const double** a_array,
    const int* lda_array, const double** b_array, const int* ldb_array,
    const double* beta_array, double** c_array, const int* ldc_array, int group_count,
    const int* group_size) {
  constexpr const gemm_positions& at = kCblasDgemmBatch;
  const std::optional<order> o = from_cblas<order>(layout);
  const cblas_report report("cblas_dgemm_batch", at, o);
  if (!o) return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (group_count < 0) return report(at.group_count);
  const group_dims dims{m_array, n_array, k_array, lda_array, ldb_array, ldc_array, group_size};
  const auto group = [&](int i) {
    return cblas_call(layout, transa_array[i], transb_array[i], dims[i]);
  };
  if (const int info = check_and_solve(group_count, at, group, alpha_array, beta_array,
                                       {a_array, b_array, c_array}))
    report(info);
}

extern "C" SWBLAS_EXPORT void cblas_dgemm_batch_strided(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m, int n, int k,
    double alpha, const double* a, int lda, int stridea, const double* b, int ldb, int strideb,
    double beta, double* c, int ldc, int stridec, int batch_size) {
  constexpr const gemm_positions& at = kCblasDgemmBatchStrided;
  const gemm_call caller = cblas_call(
      layout, transa, transb, {m, n, k, lda, ldb, ldc, stridea, strideb, stridec, batch_size});
  const cblas_report report("cblas_dgemm_batch_strided", at, caller.options.layout);
  if (!caller.options.layout)
    return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (const int info = check_and_solve(caller, at, alpha, beta, {a, b, c})) report(info);
}

// Fortran passes the lengths of the TRANS arrays' elements after the last
// argument; they are never read (always 1).
extern "C" SWBLAS_EXPORT void dgemm_batch_(
    const char* transa_array, const char* transb_array, const int* m_array,
    const int* n_array, const int* k_array, const double* alpha_array,
    const double** a_array, const int* lda_array, const double** b_array,
    const int* ldb_array, const double* beta_array, double** c_array, const int* ldc_array,
    const int* group_count, const int* group_size) {
  constexpr const gemm_positions& at = kDgemmBatch;
  if (*group_count < 0) return report_fortran(kDgemmBatchName, at.group_count);
  const group_dims dims{m_array, n_array, k_array, lda_array, ldb_array, ldc_array, group_size};
  const auto group = [&](int i) {
    return fortran_call(transa_array[i], transb_array[i], dims[i]);
  };
  if (const int info = check_and_solve(*group_count, at, group, alpha_array, beta_array,
                                       {a_array, b_array, c_array}))
    report_fortran(kDgemmBatchName, info);
}

extern "C" SWBLAS_EXPORT void dgemm_batch_strided_(
    const char* transa, const char* transb, const int* m, const int* n, const int* k,
    const double* alpha, const double* a, const int* lda, const int* stridea, const double* b,
    const int* ldb, const int* strideb, const double* beta, double* c, const int* ldc,
    const int* stridec, const int* batch_size) {
  const gemm_call caller = fortran_call(
      *transa, *transb, {*m, *n, *k, *lda, *ldb, *ldc, *stridea, *strideb, *stridec, *batch_size});
  if (const int info = check_and_solve(caller, kDgemmBatchStrided, *alpha, *beta, {a, b, c}))
    report_fortran(kDgemmBatchStridedName, info);
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
