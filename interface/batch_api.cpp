// The batched entry points with Intel MKL's signatures and conventions, in
// the four precisions: cblas_?gemm_batch, cblas_?gemm_batch_strided,
// ?gemm_batch_ and ?gemm_batch_strided_. Every group is checked before
// anything is computed; the first illegal argument (groups in order) is
// reported through cblas_xerbla or xerbla_ as cblas_dgemm reports its own
// (gemm_checks.h). Then the groups, as column-major problems, are solved by
// swblas::gemm_batch as one team job.
#include <complex>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "error_report.h"
#include "export.h"
#include "gemm_checks.h"
#include "runtime_call.h"
#include "swblas.h"

namespace {

using namespace swblas::api;
using zcomplex = std::complex<double>;
using ccomplex = std::complex<float>;

// The integer arrays of a pointer-array batch: one entry per group.
struct group_dims {
  const int *m, *n, *k, *lda, *ldb, *ldc, *size;

  gemm_dims operator[](int i) const {
    return {m[i], n[i], k[i], lda[i], ldb[i], ldc[i], 0, 0, 0, size[i]};
  }
};

// The matrices' pointer arrays as the caller passes them: typed (real
// precisions) or void (CBLAS's complex ones).
template <class P>
using caller_arrays = gemm_operands<const P* const*, std::remove_const_t<P>* const*>;

// The pointer arrays typed for X: the caller's own when they are, else
// typed copies in `copies` (reused by later calls on the same thread, so
// that the steady state allocates nothing).
template <class X>
struct typed_arrays {
  std::vector<const X*> a, b;
  std::vector<X*> c;

  array_operands_of<X> of(const caller_arrays<X>& x, std::size_t) { return x; }
  array_operands_of<X> of(const caller_arrays<const void>& x, std::size_t entries) {
    a.assign(entries, nullptr);
    b.assign(entries, nullptr);
    c.assign(entries, nullptr);
    for (std::size_t e = 0; e < entries; ++e) {
      a[e] = static_cast<const X*>(x.a[e]);
      b[e] = static_cast<const X*>(x.b[e]);
      c[e] = static_cast<X*>(x.c[e]);
    }
    return {a.data(), b.data(), c.data()};
  }
};

// The groups of one call, reused by later calls on the same thread.
template <class X>
std::vector<batch_type<X>>& group_list() {
  thread_local std::vector<batch_type<X>> groups;
  groups.clear();
  return groups;
}

// A pointer-array batch whose group i the caller states as group(i): every
// group checked, then all solved in one call. Returns the first illegal
// argument's position, 0 when all were legal.
template <class X, class Group, class P>
int check_and_solve(int group_count, const gemm_positions& at, const Group& group, const X* alpha_array,
                    const X* beta_array, const caller_arrays<P>& caller) {
  std::size_t entries = 0;
  for (int i = 0; i < group_count; ++i) {
    if (const int info = first_illegal_argument(group(i), at)) return info;
    entries += static_cast<std::size_t>(group(i).dims.count);
  }
  thread_local typed_arrays<X> copies;
  const array_operands_of<X> x = copies.of(caller, entries);
  std::vector<batch_type<X>>& groups = group_list<X>();
  std::size_t first = 0;
  for (int i = 0; i < group_count; ++i) {
    const gemm_call c = group(i);
    const gemm_args g = column_major(c);
    const array_operands_of<X> group_entries{x.a + first, x.b + first, x.c + first};
    groups.push_back(pointer_group_of(g, alpha_array[i], beta_array[i], column_major(*c.options.layout, group_entries)));
    first += static_cast<std::size_t>(g.count);
  }
  swblas::gemm_batch(groups.data(), groups.size());
  return 0;
}

// A strided batch, checked then solved.
template <class X>
int check_and_solve(const gemm_call& c, const gemm_positions& at, X alpha, X beta,
                    const matrix_operands_of<X>& x) {
  if (const int info = first_illegal_argument(c, at)) return info;
  const batch_type<X> batch = strided_batch_of(column_major(c), alpha, beta, column_major(*c.options.layout, x));
  swblas::gemm_batch(&batch, 1);
  return 0;
}

template <class X, class P>
void cblas_batch(const char* name, const CBLAS_LAYOUT& layout, const CBLAS_TRANSPOSE* transa_array,
                 const CBLAS_TRANSPOSE* transb_array, const group_dims& dims, const X* alpha_array,
                 const X* beta_array, const caller_arrays<P>& arrays, int group_count) {
  constexpr const gemm_positions& at = kCblasDgemmBatch;
  const std::optional<order> o = from_cblas<order>(layout);
  const cblas_report report(name, at, o);
  if (!o) return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (group_count < 0) return report(at.group_count);
  const auto group = [&](int i) { return cblas_call(layout, transa_array[i], transb_array[i], dims[i]); };
  if (const int info = check_and_solve(group_count, at, group, alpha_array, beta_array, arrays)) report(info);
}

template <class X>
void cblas_batch_strided(const char* name, const CBLAS_LAYOUT& layout, const CBLAS_TRANSPOSE& transa,
                         const CBLAS_TRANSPOSE& transb, const gemm_dims& dims, X alpha, X beta,
                         const matrix_operands_of<X>& x) {
  constexpr const gemm_positions& at = kCblasDgemmBatchStrided;
  const gemm_call caller = cblas_call(layout, transa, transb, dims);
  const cblas_report report(name, at, caller.options.layout);
  if (!caller.options.layout) return report(at.layout, "Illegal layout setting, %d\n", raw_int(layout));
  if (const int info = check_and_solve(caller, at, alpha, beta, x)) report(info);
}

template <class X, class P, std::size_t N>
void fortran_batch(const char (&name)[N], const char* transa_array, const char* transb_array,
                   const group_dims& dims, const X* alpha_array, const X* beta_array,
                   const caller_arrays<P>& arrays, int group_count) {
  constexpr const gemm_positions& at = kDgemmBatch;
  if (group_count < 0) return report_fortran(name, at.group_count);
  const auto group = [&](int i) { return fortran_call(transa_array[i], transb_array[i], dims[i]); };
  if (const int info = check_and_solve(group_count, at, group, alpha_array, beta_array, arrays))
    report_fortran(name, info);
}

template <class X, std::size_t N>
void fortran_batch_strided(const char (&name)[N], char transa, char transb, const gemm_dims& dims, X alpha,
                           X beta, const matrix_operands_of<X>& x) {
  if (const int info = check_and_solve(fortran_call(transa, transb, dims), kDgemmBatchStrided, alpha, beta, x))
    report_fortran(name, info);
}

// CBLAS passes complex scalars and matrices as void pointers.
template <class X>
const X* in(const void* x) {
  return static_cast<const X*>(x);
}

}  // namespace

// ---- cblas_?gemm_batch ----

extern "C" SWBLAS_EXPORT void cblas_sgemm_batch(CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE* transa_array,
                                                const CBLAS_TRANSPOSE* transb_array, const int* m_array,
                                                const int* n_array, const int* k_array, const float* alpha_array,
                                                const float** a_array, const int* lda_array, const float** b_array,
                                                const int* ldb_array, const float* beta_array, float** c_array,
                                                const int* ldc_array, int group_count, const int* group_size) {
  cblas_batch("cblas_sgemm_batch", layout, transa_array, transb_array,
              {m_array, n_array, k_array, lda_array, ldb_array, ldc_array, group_size}, alpha_array, beta_array,
              caller_arrays<float>{a_array, b_array, c_array}, group_count);
}

extern "C" SWBLAS_EXPORT void cblas_dgemm_batch(CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE* transa_array,
                                                const CBLAS_TRANSPOSE* transb_array, const int* m_array,
                                                const int* n_array, const int* k_array, const double* alpha_array,
                                                const double** a_array, const int* lda_array, const double** b_array,
                                                const int* ldb_array, const double* beta_array, double** c_array,
                                                const int* ldc_array, int group_count, const int* group_size) {
  cblas_batch("cblas_dgemm_batch", layout, transa_array, transb_array,
              {m_array, n_array, k_array, lda_array, ldb_array, ldc_array, group_size}, alpha_array, beta_array,
              caller_arrays<double>{a_array, b_array, c_array}, group_count);
}

extern "C" SWBLAS_EXPORT void cblas_cgemm_batch(CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE* transa_array,
                                                const CBLAS_TRANSPOSE* transb_array, const int* m_array,
                                                const int* n_array, const int* k_array, const void* alpha_array,
                                                const void** a_array, const int* lda_array, const void** b_array,
                                                const int* ldb_array, const void* beta_array, void** c_array,
                                                const int* ldc_array, int group_count, const int* group_size) {
  cblas_batch("cblas_cgemm_batch", layout, transa_array, transb_array,
              {m_array, n_array, k_array, lda_array, ldb_array, ldc_array, group_size}, in<ccomplex>(alpha_array),
              in<ccomplex>(beta_array), caller_arrays<const void>{a_array, b_array, c_array}, group_count);
}

extern "C" SWBLAS_EXPORT void cblas_zgemm_batch(CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE* transa_array,
                                                const CBLAS_TRANSPOSE* transb_array, const int* m_array,
                                                const int* n_array, const int* k_array, const void* alpha_array,
                                                const void** a_array, const int* lda_array, const void** b_array,
                                                const int* ldb_array, const void* beta_array, void** c_array,
                                                const int* ldc_array, int group_count, const int* group_size) {
  cblas_batch("cblas_zgemm_batch", layout, transa_array, transb_array,
              {m_array, n_array, k_array, lda_array, ldb_array, ldc_array, group_size}, in<zcomplex>(alpha_array),
              in<zcomplex>(beta_array), caller_arrays<const void>{a_array, b_array, c_array}, group_count);
}

// ---- cblas_?gemm_batch_strided ----

extern "C" SWBLAS_EXPORT void cblas_sgemm_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                                        CBLAS_TRANSPOSE transb, int m, int n, int k, float alpha,
                                                        const float* a, int lda, int stridea, const float* b, int ldb,
                                                        int strideb, float beta, float* c, int ldc, int stridec,
                                                        int batch_size) {
  cblas_batch_strided("cblas_sgemm_batch_strided", layout, transa, transb,
                      {m, n, k, lda, ldb, ldc, stridea, strideb, stridec, batch_size}, alpha, beta,
                      matrix_operands_of<float>{a, b, c});
}

extern "C" SWBLAS_EXPORT void cblas_dgemm_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                                        CBLAS_TRANSPOSE transb, int m, int n, int k, double alpha,
                                                        const double* a, int lda, int stridea, const double* b,
                                                        int ldb, int strideb, double beta, double* c, int ldc,
                                                        int stridec, int batch_size) {
  cblas_batch_strided("cblas_dgemm_batch_strided", layout, transa, transb,
                      {m, n, k, lda, ldb, ldc, stridea, strideb, stridec, batch_size}, alpha, beta,
                      matrix_operands_of<double>{a, b, c});
}

extern "C" SWBLAS_EXPORT void cblas_cgemm_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                                        CBLAS_TRANSPOSE transb, int m, int n, int k, const void* alpha,
                                                        const void* a, int lda, int stridea, const void* b, int ldb,
                                                        int strideb, const void* beta, void* c, int ldc, int stridec,
                                                        int batch_size) {
  cblas_batch_strided("cblas_cgemm_batch_strided", layout, transa, transb,
                      {m, n, k, lda, ldb, ldc, stridea, strideb, stridec, batch_size}, *in<ccomplex>(alpha),
                      *in<ccomplex>(beta),
                      matrix_operands_of<ccomplex>{in<ccomplex>(a), in<ccomplex>(b), static_cast<ccomplex*>(c)});
}

extern "C" SWBLAS_EXPORT void cblas_zgemm_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                                        CBLAS_TRANSPOSE transb, int m, int n, int k, const void* alpha,
                                                        const void* a, int lda, int stridea, const void* b, int ldb,
                                                        int strideb, const void* beta, void* c, int ldc, int stridec,
                                                        int batch_size) {
  cblas_batch_strided("cblas_zgemm_batch_strided", layout, transa, transb,
                      {m, n, k, lda, ldb, ldc, stridea, strideb, stridec, batch_size}, *in<zcomplex>(alpha),
                      *in<zcomplex>(beta),
                      matrix_operands_of<zcomplex>{in<zcomplex>(a), in<zcomplex>(b), static_cast<zcomplex*>(c)});
}

// ---- ?gemm_batch_ and ?gemm_batch_strided_ (Fortran) ----
// Fortran passes the lengths of the TRANS arrays' elements after the last
// argument; they are never read (always 1). S is the type swblas.h gives
// the scalars and matrices (void for complex, as zgemm_), X their element
// type: complex ones are (re, im) pairs, which std::complex is.

#define SWBLAS_FORTRAN_BATCH(x, S, X, NAME)                                                                      \
  extern "C" SWBLAS_EXPORT void x##gemm_batch_(                                                                  \
      const char* transa_array, const char* transb_array, const int* m_array, const int* n_array,                \
      const int* k_array, const S* alpha_array, const S** a_array, const int* lda_array, const S** b_array,      \
      const int* ldb_array, const S* beta_array, S** c_array, const int* ldc_array, const int* group_count,      \
      const int* group_size) {                                                                                   \
    fortran_batch(NAME "_BATCH", transa_array, transb_array,                                                     \
                  {m_array, n_array, k_array, lda_array, ldb_array, ldc_array, group_size},                      \
                  static_cast<const X*>(alpha_array), static_cast<const X*>(beta_array),                         \
                  caller_arrays<const S>{a_array, b_array, c_array}, *group_count);                              \
  }                                                                                                              \
  extern "C" SWBLAS_EXPORT void x##gemm_batch_strided_(                                                          \
      const char* transa, const char* transb, const int* m, const int* n, const int* k, const S* alpha,          \
      const S* a, const int* lda, const int* stridea, const S* b, const int* ldb, const int* strideb,            \
      const S* beta, S* c, const int* ldc, const int* stridec, const int* batch_size) {                          \
    fortran_batch_strided(NAME "_BATCH_STRIDED", *transa, *transb,                                               \
                          {*m, *n, *k, *lda, *ldb, *ldc, *stridea, *strideb, *stridec, *batch_size},             \
                          *static_cast<const X*>(alpha), *static_cast<const X*>(beta),                           \
                          matrix_operands_of<X>{static_cast<const X*>(a), static_cast<const X*>(b),              \
                                                static_cast<X*>(c)});                                            \
  }                                                                                                              \
  /* For compilers that do not append an underscore, as ?gemm_ has; weak so */                                  \
  /* that a program's own functions of these names win. */                                                      \
  extern "C" SWBLAS_EXPORT __attribute__((weak, alias(#x "gemm_batch_"))) void x##gemm_batch(                    \
      const char*, const char*, const int*, const int*, const int*, const S*, const S**, const int*, const S**,  \
      const int*, const S*, S**, const int*, const int*, const int*);                                            \
  extern "C" SWBLAS_EXPORT __attribute__((weak, alias(#x "gemm_batch_strided_"))) void x##gemm_batch_strided(    \
      const char*, const char*, const int*, const int*, const int*, const S*, const S*, const int*, const int*,  \
      const S*, const int*, const int*, const S*, S*, const int*, const int*, const int*);

SWBLAS_FORTRAN_BATCH(s, float, float, "SGEMM")
SWBLAS_FORTRAN_BATCH(d, double, double, "DGEMM")
SWBLAS_FORTRAN_BATCH(c, void, ccomplex, "CGEMM")
SWBLAS_FORTRAN_BATCH(z, void, zcomplex, "ZGEMM")
#undef SWBLAS_FORTRAN_BATCH
