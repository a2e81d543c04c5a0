#include "level3_routines.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <memory>
#include <ostream>
#include <random>
#include <stdexcept>
#include <vector>

namespace swblas_bench {

namespace {

enum class family { symm, hemm, syrk, herk, syr2k, her2k, trmm, trsm, gemmt };

// What the table knows of a routine family, the same for every element type.
// Every call is side L, uplo U (L for trmm and trsm), no transpose, diag N,
// alpha = beta = 1.
struct routine_description {
  family kind;
  const char* name;      // without the precision letter
  const char* prefixes;  // the precision letters it exists in
  // The output is the n x n upper triangle (rank-k updates, gemmt): shapes
  // are n,n,k; otherwise A is m x m: shapes are m,n,m.
  bool triangle_output;
  // Flops are this times m n k times 2 for real types, 8 for complex ones:
  // 2 m^2 n for symm, n^2 k for syrk, m^2 n for trmm (real).  The triangle
  // outputs count the common n^2 k, not the exact n (n + 1) k.
  double multiply_adds_per_mnk;
};

constexpr routine_description routines[] = {
    {family::symm, "symm", "sdcz", false, 1.0},   {family::hemm, "hemm", "cz", false, 1.0},
    {family::syrk, "syrk", "sdcz", true, 0.5},    {family::herk, "herk", "cz", true, 0.5},
    {family::syr2k, "syr2k", "sdcz", true, 1.0},  {family::her2k, "her2k", "cz", true, 1.0},
    {family::trmm, "trmm", "sdcz", false, 0.5},   {family::trsm, "trsm", "sdcz", false, 0.5},
    {family::gemmt, "gemmt", "sdcz", true, 0.5},
};

const routine_description* find_description(const std::string& routine) {
  if (routine.size() < 2) return nullptr;
  for (const routine_description& d : routines)
    if (routine.substr(1) == d.name && std::strchr(d.prefixes, routine[0])) return &d;
  return nullptr;
}

// A column-major matrix with ld = rows.
template <class T>
struct matrix {
  int rows = 0;
  int cols = 0;
  aligned_matrix<T> data;

  T& operator()(int i, int j) { return data[i + static_cast<std::size_t>(j) * rows]; }
  T operator()(int i, int j) const { return data[i + static_cast<std::size_t>(j) * rows]; }
  std::size_t size() const { return static_cast<std::size_t>(rows) * cols; }
};

template <class T>
matrix<T> random_operand(int rows, int cols, std::mt19937_64& engine) {
  return {rows, cols, random_matrix<T>(static_cast<std::size_t>(rows) * cols, engine)};
}

// A (m x m or n x k), B (absent for trmm and trsm), the output C (B of trmm
// and trsm) and C as it was before the checked call.
template <class T>
struct level3_operands {
  const routine_description* routine;
  int m;  // rows of C
  int n;  // columns of C
  int k;  // the inner dimension: m for symm, hemm, trmm, trsm
  matrix<T> a, b, c, c_before;
};

template <class T>
level3_operands<T> make_operands(const routine_description& d, const gemm_shape& s,
                                 std::uint64_t seed) {
  const std::string name = d.name;
  if (s.transa != 'N' || s.transb != 'N')
    throw std::invalid_argument(name + " is timed without transposes: use m,n,k or n");
  if (d.triangle_output ? s.m != s.n : s.k != s.m)
    throw std::invalid_argument(name + (d.triangle_output ? " shapes are n,n,k" : " shapes are m,n,m"));
  std::mt19937_64 engine(seed);
  level3_operands<T> x{&d, s.m, s.n, s.k, {}, {}, {}, {}};
  const family f = d.kind;
  x.a = f == family::gemmt || d.triangle_output ? random_operand<T>(s.n, s.k, engine)
                                                : random_operand<T>(s.m, s.m, engine);
  if (f == family::symm || f == family::hemm) x.b = random_operand<T>(s.m, s.n, engine);
  if (f == family::syr2k || f == family::her2k) x.b = random_operand<T>(s.n, s.k, engine);
  if (f == family::gemmt) x.b = random_operand<T>(s.k, s.n, engine);
  x.c = random_operand<T>(s.m, s.n, engine);
  x.c_before = {s.m, s.n, allocate_matrix<T>(x.c.size())};  // filled by the checked call
  if (f == family::trmm || f == family::trsm) {
    // The calls of a run overwrite B again and again, so A is made its own
    // inverse: a diagonal D of signs plus entries at most 1/m in modulus
    // that only lead from a +1 column to a -1 row, whence D N + N D = N N = 0
    // and A A = I.  B then alternates between two values instead of growing
    // or decaying into subnormals; A is diagonally dominant for trsm.
    const real_t<T> scale = real_t<T>(1) / static_cast<real_t<T>>(s.m);
    std::vector<real_t<T>> sign(s.m);
    for (int i = 0; i < s.m; ++i) sign[i] = std::real(x.a(i, i)) < 0 ? -1 : 1;
    for (int j = 0; j < s.m; ++j)
      for (int i = 0; i < s.m; ++i) {
        T& e = x.a(i, j);
        e = i == j ? T(sign[i]) : i > j && sign[i] < 0 && sign[j] > 0 ? e * scale : T(0);
      }
  }
  return x;
}

// The Fortran 77 interfaces with LP64 integers and gfortran's hidden string
// lengths; complex scalars by address as (re, im) pairs.  herk takes real
// alpha and beta, her2k a real beta.
using length = std::size_t;
template <class T, class A, class B>
using fortran_mm = void (*)(const char*, const char*, const int*, const int*, const A*,
                            const T*, const int*, const T*, const int*, const B*, T*,
                            const int*, length, length);
template <class T, class A>
using fortran_rank_k = void (*)(const char*, const char*, const int*, const int*, const A*,
                                const T*, const int*, const A*, T*, const int*, length, length);
template <class T>
using fortran_triangular = void (*)(const char*, const char*, const char*, const char*,
                                    const int*, const int*, const T*, const T*, const int*, T*,
                                    const int*, length, length, length, length);
template <class T>
using fortran_gemmt = void (*)(const char*, const char*, const char*, const int*, const int*,
                               const T*, const T*, const int*, const T*, const int*, const T*,
                               T*, const int*, length, length, length);

template <class T>
void call_routine(void* symbol, level3_operands<T>& x) {
  using real = real_t<T>;
  static const T one = T(1);
  static const real real_one = 1;
  const char* const L = "L";
  const char* const U = "U";
  const char* const N = "N";
  const int lda = x.a.rows, ldb = std::max(1, x.b.rows), ldc = x.c.rows;
  switch (x.routine->kind) {
    case family::symm:
    case family::hemm:
      reinterpret_cast<fortran_mm<T, T, T>>(symbol)(L, U, &x.m, &x.n, &one, x.a.data.get(), &lda,
                                                    x.b.data.get(), &ldb, &one, x.c.data.get(),
                                                    &ldc, 1, 1);
      break;
    case family::syrk:
      reinterpret_cast<fortran_rank_k<T, T>>(symbol)(U, N, &x.n, &x.k, &one, x.a.data.get(),
                                                     &lda, &one, x.c.data.get(), &ldc, 1, 1);
      break;
    case family::herk:
      reinterpret_cast<fortran_rank_k<T, real>>(symbol)(U, N, &x.n, &x.k, &real_one,
                                                        x.a.data.get(), &lda, &real_one,
                                                        x.c.data.get(), &ldc, 1, 1);
      break;
    case family::syr2k:
      reinterpret_cast<fortran_mm<T, T, T>>(symbol)(U, N, &x.n, &x.k, &one, x.a.data.get(), &lda,
                                                    x.b.data.get(), &ldb, &one, x.c.data.get(),
                                                    &ldc, 1, 1);
      break;
    case family::her2k:
      reinterpret_cast<fortran_mm<T, T, real>>(symbol)(U, N, &x.n, &x.k, &one, x.a.data.get(),
                                                       &lda, x.b.data.get(), &ldb, &real_one,
                                                       x.c.data.get(), &ldc, 1, 1);
      break;
    case family::trmm:
    case family::trsm:
      reinterpret_cast<fortran_triangular<T>>(symbol)(L, L, N, N, &x.m, &x.n, &one,
                                                      x.a.data.get(), &lda, x.c.data.get(), &ldc,
                                                      1, 1, 1, 1);
      break;
    case family::gemmt:
      reinterpret_cast<fortran_gemmt<T>>(symbol)(U, N, N, &x.n, &x.k, &one, x.a.data.get(), &lda,
                                                 x.b.data.get(), &ldb, &one, x.c.data.get(), &ldc,
                                                 1, 1, 1);
      break;
  }
}

// A(i, p) of the symmetric or Hermitian A stored in its upper triangle (the
// Hermitian diagonal is real: its imaginary parts are not read).
template <class T>
T upper_stored(const matrix<T>& a, int i, int p, bool hermitian) {
  if (i < p) return a(i, p);
  if (i > p) return hermitian ? conjugate(a(p, i)) : a(p, i);
  return hermitian ? T(std::real(a(i, i))) : a(i, i);
}

// C(i, j) after the call with alpha = beta = 1, from the operands before it.
template <class T>
naive_entry<T> expected_entry(const level3_operands<T>& x, int i, int j) {
  naive_entry<T> e;
  const matrix<T>& a = x.a;
  const matrix<T>& b = x.b;
  switch (x.routine->kind) {
    case family::symm:
    case family::hemm:
      for (int p = 0; p < x.m; ++p)
        e.add(upper_stored(a, i, p, x.routine->kind == family::hemm) * b(p, j));
      break;
    case family::syrk:
      for (int p = 0; p < x.k; ++p) e.add(a(i, p) * a(j, p));
      break;
    case family::herk:
      for (int p = 0; p < x.k; ++p) e.add(a(i, p) * conjugate(a(j, p)));
      break;
    case family::syr2k:
      for (int p = 0; p < x.k; ++p) e.add(a(i, p) * b(j, p)), e.add(b(i, p) * a(j, p));
      break;
    case family::her2k:
      for (int p = 0; p < x.k; ++p)
        e.add(a(i, p) * conjugate(b(j, p))), e.add(b(i, p) * conjugate(a(j, p)));
      break;
    case family::trmm:
      for (int p = 0; p <= i; ++p) e.add(a(i, p) * x.c_before(p, j));
      return e;  // B := A B, no beta term
    case family::gemmt:
      for (int p = 0; p < x.k; ++p) e.add(a(i, p) * b(p, j));
      break;
    case family::trsm:
      break;  // checked by its residual instead
  }
  e.value += x.c_before(i, j);
  e.magnitude += std::abs(x.c_before(i, j));
  // The Hermitian updates keep the diagonal real.
  const family f = x.routine->kind;
  if (i == j && (f == family::herk || f == family::her2k)) e.value = T(std::real(e.value));
  return e;
}

// The residual of one solved entry: (A X)(i, j) against B(i, j).
template <class T>
std::string check_solved_entry(const level3_operands<T>& x, int i, int j) {
  naive_entry<T> product;
  for (int p = 0; p <= i; ++p) product.add(x.a(i, p) * x.c(p, j));
  const T b = x.c_before(i, j);
  return compare_entry(i, j, product.value, b, product.magnitude + std::abs(b), product.products);
}

// The corners catch edge-tile mistakes, the random entries the interior;
// entries of a triangle output come from the upper triangle.
std::vector<std::pair<int, int>> sample_positions(int m, int n, bool upper) {
  std::vector<std::pair<int, int>> positions = {{0, 0}, {m - 1, 0}, {0, n - 1}, {m - 1, n - 1}};
  std::mt19937_64 engine(0x5eed);
  std::uniform_int_distribution<int> row(0, m - 1);
  std::uniform_int_distribution<int> column(0, n - 1);
  for (int r = 0; r < 12; ++r) positions.emplace_back(row(engine), column(engine));
  if (upper)
    for (auto& [i, j] : positions)
      if (i > j) std::swap(i, j);
  return positions;
}

template <class T>
std::string check_sample(const level3_operands<T>& x, int i, int j) {
  if (x.routine->kind == family::trsm) return check_solved_entry(x, i, j);
  const naive_entry<T> e = expected_entry(x, i, j);
  return compare_entry(i, j, x.c(i, j), e.value, e.magnitude, e.products);
}

// The first call and its check: sampled entries against naive sums, or for
// trsm against the residual of the solve.
template <class T>
std::string checked_call(void* symbol, level3_operands<T>& x) {
  std::copy(x.c.data.get(), x.c.data.get() + x.c.size(), x.c_before.data.get());
  call_routine(symbol, x);
  for (const auto& [i, j] : sample_positions(x.m, x.n, x.routine->triangle_output)) {
    const std::string error = check_sample(x, i, j);
    if (!error.empty()) return error;
  }
  return "";
}

template <class T>
void run_routine(const run_options& options, const routine_description& d, void* symbol,
                 std::ostream& out) {
  if (options.offset_bytes != 0) throw std::invalid_argument(std::string("--offset is for ?gemm only, not ") + d.name);
  run_cases(options, [&](const gemm_shape& shape) {
    const auto x = std::make_shared<level3_operands<T>>(make_operands<T>(d, shape, options.seed));
    const double flops = (is_complex<T> ? 8.0 : 2.0) * d.multiply_adds_per_mnk *
                         shape.multiply_adds();
    return bench_case{flops, [symbol, x] { return checked_call(symbol, *x); },
                      [symbol, x] { call_routine(symbol, *x); }};
  }, out);
}

}  // namespace

bool is_level3_routine(const std::string& routine) { return find_description(routine); }

std::string level3_routine_names() {
  std::string names;
  for (const routine_description& d : routines)
    names += (names.empty() ? "" : ", ") + std::string("?") + d.name + " (" + d.prefixes + ")";
  return names;
}

void run_level3(const run_options& options, const std::string& routine, void* symbol,
                std::ostream& out) {
  const routine_description* d = find_description(routine);
  if (!d) throw std::invalid_argument("unknown routine " + routine);
  switch (routine[0]) {
    case 's': return run_routine<float>(options, *d, symbol, out);
    case 'd': return run_routine<double>(options, *d, symbol, out);
    case 'c': return run_routine<std::complex<float>>(options, *d, symbol, out);
    default: return run_routine<std::complex<double>>(options, *d, symbol, out);
  }
}

}  // namespace swblas_bench
