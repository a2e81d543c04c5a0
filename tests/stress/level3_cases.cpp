// Random calls of every Level-3 routine, four precisions, through the
// Fortran entry points (hidden CHARACTER lengths passed as gfortran does).
#include <cstddef>
#include <vector>

#include "fuzz_draw.h"

namespace swblas_stress {
namespace {

using gemm_fn = void (*)(cc, cc, ci, ci, ci, cv, cv, ci, cv, ci, cv, void*, ci, len, len);
using symm_fn = void (*)(cc, cc, ci, ci, cv, cv, ci, cv, ci, cv, void*, ci, len, len);
using rank_k_fn = void (*)(cc, cc, ci, ci, cv, cv, ci, cv, void*, ci, len, len);
using rank_2k_fn = void (*)(cc, cc, ci, ci, cv, cv, ci, cv, ci, cv, void*, ci, len, len);
using triangular_fn = void (*)(cc, cc, cc, cc, ci, ci, cv, cv, ci, void*, ci, len, len, len, len);
using gemmt_fn = void (*)(cc, cc, cc, ci, ci, cv, cv, ci, cv, ci, cv, void*, ci, len, len, len);

// op(X) is rows x cols: X itself is that or its transpose.
struct stored_shape {
  int rows, cols;
};
stored_shape stored(char trans, int rows, int cols) {
  return is(trans, 'N') ? stored_shape{rows, cols} : stored_shape{cols, rows};
}

// C := alpha op(A) op(B) + beta C, m x n x k: what ?gemm and ?gemmt draw alike.
template <class T>
struct product_draw {
  char ta, tb;
  fint m, n, k;
  stored_shape a, b;
  fint lda, ldb, ldc;
  T alpha, beta;

  product_draw(rng_t& rng, fint rows, fint cols, fint depth)
      : ta(pick(rng, "NTC")), tb(pick(rng, "NTC")), m(rows), n(cols), k(depth), a(stored(ta, m, k)),
        b(stored(tb, k, n)), lda(leading_dimension(rng, a.rows)), ldb(leading_dimension(rng, b.rows)),
        ldc(leading_dimension(rng, m)), alpha(alpha_over(k, scalar<T>(rng))), beta(scalar<T>(rng)) {}

  std::string arguments() const {
    return describe("transa", ta) + describe("transb", tb) + describe("m", m) + describe("n", n) + describe("k", k) +
           describe("alpha", alpha) + describe("lda", lda) + describe("ldb", ldb) + describe("beta", beta) +
           describe("ldc", ldc);
  }
  std::vector<operand> factors() const {
    return {input_matrix<T>("A", a.rows, a.cols, lda), input_matrix<T>("B", b.rows, b.cols, ldb)};
  }
  double tolerance() const { return product_tolerance<T>(k, magnitude(alpha), magnitude(beta)); }
  void gemm(void* fn, void* const* d) const {
    reinterpret_cast<gemm_fn>(fn)(&ta, &tb, &m, &n, &k, &alpha, d[0], &lda, d[1], &ldb, &beta, d[2], &ldc, 1, 1);
  }
};

template <class T>
fuzz_case gemm_case(rng_t& rng) {
  const fint m = dimension(rng), n = dimension(rng), k = dimension(rng);
  const product_draw<T> p(rng, m, n, k);
  fuzz_case c;
  c.routine = routine_name<T>("gemm");
  c.arguments = p.arguments();
  c.operands = p.factors();
  c.operands.push_back(output_matrix<T>("C", m, n, p.ldc, p.tolerance()));
  c.call = [=](void* fn, void* const* d) { p.gemm(fn, d); };
  return c;
}

// ?symm, and ?hemm with `hermitian`.
template <class T, bool hermitian>
fuzz_case symm_case(rng_t& rng) {
  const char side = pick(rng, "LR"), uplo = pick(rng, "UL");
  const fint m = dimension(rng), n = dimension(rng);
  const fint order = is(side, 'L') ? m : n;
  const fint lda = leading_dimension(rng, order), ldb = leading_dimension(rng, m), ldc = leading_dimension(rng, m);
  const T alpha = scalar<T>(rng), beta = scalar<T>(rng);
  fuzz_case c;
  c.routine = routine_name<T>(hermitian ? "hemm" : "symm");
  c.arguments = describe("side", side) + describe("uplo", uplo) + describe("m", m) + describe("n", n) +
                describe("alpha", alpha) + describe("lda", lda) + describe("ldb", ldb) + describe("beta", beta) +
                describe("ldc", ldc);
  c.operands = {input_matrix<T>("A", order, order, lda), input_matrix<T>("B", m, n, ldb),
                output_matrix<T>("C", m, n, ldc, product_tolerance<T>(order, magnitude(alpha), magnitude(beta)))};
  c.call = [=](void* fn, void* const* d) {
    reinterpret_cast<symm_fn>(fn)(&side, &uplo, &m, &n, &alpha, d[0], &lda, d[1], &ldb, &beta, d[2], &ldc, 1, 1);
  };
  return c;
}

// ?syrk, and ?herk with `hermitian` (real alpha and beta).
template <class T, bool hermitian>
fuzz_case rank_k_case(rng_t& rng) {
  using S = std::conditional_t<hermitian, real_t<T>, T>;
  const char uplo = pick(rng, "UL");
  const char trans = pick(rng, hermitian ? "NC" : (is_complex<T> ? "NT" : "NTC"));
  const fint n = dimension(rng), k = dimension(rng);
  const stored_shape a = stored(trans, n, k);
  const fint lda = leading_dimension(rng, a.rows), ldc = leading_dimension(rng, n);
  const S alpha = alpha_over(k, scalar<S>(rng)), beta = scalar<S>(rng);
  fuzz_case c;
  c.routine = routine_name<T>(hermitian ? "herk" : "syrk");
  c.arguments = describe("uplo", uplo) + describe("trans", trans) + describe("n", n) + describe("k", k) +
                describe("alpha", alpha) + describe("lda", lda) + describe("beta", beta) + describe("ldc", ldc);
  c.operands = {input_matrix<T>("A", a.rows, a.cols, lda),
                output_triangle<T>("C", n, ldc, uplo, product_tolerance<T>(k, magnitude(alpha), magnitude(beta)))};
  c.call = [=](void* fn, void* const* d) {
    reinterpret_cast<rank_k_fn>(fn)(&uplo, &trans, &n, &k, &alpha, d[0], &lda, &beta, d[1], &ldc, 1, 1);
  };
  return c;
}

// ?syr2k, and ?her2k with `hermitian` (real beta).
template <class T, bool hermitian>
fuzz_case rank_2k_case(rng_t& rng) {
  using B = std::conditional_t<hermitian, real_t<T>, T>;
  const char uplo = pick(rng, "UL");
  const char trans = pick(rng, hermitian ? "NC" : (is_complex<T> ? "NT" : "NTC"));
  const fint n = dimension(rng), k = dimension(rng);
  const stored_shape a = stored(trans, n, k);
  const fint lda = leading_dimension(rng, a.rows), ldb = leading_dimension(rng, a.rows);
  const fint ldc = leading_dimension(rng, n);
  const T alpha = alpha_over(k, scalar<T>(rng));
  const B beta = scalar<B>(rng);
  fuzz_case c;
  c.routine = routine_name<T>(hermitian ? "her2k" : "syr2k");
  c.arguments = describe("uplo", uplo) + describe("trans", trans) + describe("n", n) + describe("k", k) +
                describe("alpha", alpha) + describe("lda", lda) + describe("ldb", ldb) + describe("beta", beta) +
                describe("ldc", ldc);
  c.operands = {input_matrix<T>("A", a.rows, a.cols, lda), input_matrix<T>("B", a.rows, a.cols, ldb),
                output_triangle<T>("C", n, ldc, uplo, product_tolerance<T>(2 * k, magnitude(alpha), magnitude(beta)))};
  c.call = [=](void* fn, void* const* d) {
    reinterpret_cast<rank_2k_fn>(fn)(&uplo, &trans, &n, &k, &alpha, d[0], &lda, d[1], &ldb, &beta, d[2], &ldc, 1, 1);
  };
  return c;
}

// ?trmm, and ?trsm with `solve` (A well conditioned).
template <class T, bool solve>
fuzz_case triangular_case(rng_t& rng) {
  const char side = pick(rng, "LR"), uplo = pick(rng, "UL"), transa = pick(rng, "NTC"), diag = pick(rng, "NU");
  const fint m = dimension(rng), n = dimension(rng);
  const fint order = is(side, 'L') ? m : n;
  const fint lda = leading_dimension(rng, order), ldb = leading_dimension(rng, m);
  const T alpha = scalar<T>(rng);
  fuzz_case c;
  c.routine = routine_name<T>(solve ? "trsm" : "trmm");
  c.arguments = describe("side", side) + describe("uplo", uplo) + describe("transa", transa) + describe("diag", diag) +
                describe("m", m) + describe("n", n) + describe("alpha", alpha) + describe("lda", lda) +
                describe("ldb", ldb);
  operand a = input_matrix<T>("A", order, order, lda);
  if (solve) {
    const std::size_t lead = lda;
    a.fill = triangle_solve_fill<T>(order, matrix_extent(order, order, lda),
                                    [=](int j) { return static_cast<std::size_t>(j) * (lead + 1); });
  }
  const double tolerance =
      solve ? solve_tolerance<T>(order, magnitude(alpha)) : product_tolerance<T>(order, magnitude(alpha), 0.0);
  c.operands = {a, output_matrix<T>("B", m, n, ldb, tolerance)};
  c.call = [=](void* fn, void* const* d) {
    reinterpret_cast<triangular_fn>(fn)(&side, &uplo, &transa, &diag, &m, &n, &alpha, d[0], &lda, d[1], &ldb, 1, 1,
                                        1, 1);
  };
  return c;
}

// ?gemmt: netlib has none, so the reference is its ?gemm on the whole of C
// with the other triangle put back.
template <class T>
fuzz_case gemmt_case(rng_t& rng) {
  const char uplo = pick(rng, "UL");
  const fint n = dimension(rng), k = dimension(rng);
  const product_draw<T> p(rng, n, n, k);
  fuzz_case c;
  c.routine = routine_name<T>("gemmt");
  c.arguments = describe("uplo", uplo) + p.arguments();
  c.operands = p.factors();
  c.operands.push_back(output_triangle<T>("C", n, p.ldc, uplo, p.tolerance()));
  c.call = [=](void* fn, void* const* d) {
    reinterpret_cast<gemmt_fn>(fn)(&uplo, &p.ta, &p.tb, &p.n, &p.k, &p.alpha, d[0], &p.lda, d[1], &p.ldb, &p.beta,
                                   d[2], &p.ldc, 1, 1, 1);
  };
  c.reference_routine = routine_name<T>("gemm");
  const operand triangle = c.operands[2];
  c.call_reference = [=](void* fn, void* const* d) {
    T* C = static_cast<T*>(d[2]);
    std::vector<std::size_t> other;  // C's elements off the triangle (not its gaps: ldc may be huge)
    for (std::size_t j = 0; j < std::size_t(n); ++j)
      for (std::size_t i = 0; i < std::size_t(n); ++i)
        if (!triangle.written((i + j * p.ldc) * reals_per<T>)) other.push_back(i + j * p.ldc);
    std::vector<T> saved;
    for (std::size_t e : other) saved.push_back(C[e]);
    p.gemm(fn, d);
    for (std::size_t e = 0; e < other.size(); ++e) C[other[e]] = saved[e];
  };
  return c;
}

template <class T>
void add_every_precision_routine(std::vector<case_maker>& makers) {
  makers.push_back({routine_name<T>("gemm"), &gemm_case<T>});
  makers.push_back({routine_name<T>("symm"), &symm_case<T, false>});
  makers.push_back({routine_name<T>("syrk"), &rank_k_case<T, false>});
  makers.push_back({routine_name<T>("syr2k"), &rank_2k_case<T, false>});
  makers.push_back({routine_name<T>("trmm"), &triangular_case<T, false>});
  makers.push_back({routine_name<T>("trsm"), &triangular_case<T, true>});
  makers.push_back({routine_name<T>("gemmt"), &gemmt_case<T>});
  if constexpr (is_complex<T>) {
    makers.push_back({routine_name<T>("hemm"), &symm_case<T, true>});
    makers.push_back({routine_name<T>("herk"), &rank_k_case<T, true>});
    makers.push_back({routine_name<T>("her2k"), &rank_2k_case<T, true>});
  }
}

}  // namespace

std::vector<case_maker> level3_makers() {
  std::vector<case_maker> makers;
  for_each_precision([&](auto t) { add_every_precision_routine<decltype(t)>(makers); });
  return makers;
}

}  // namespace swblas_stress
