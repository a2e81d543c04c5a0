// Random calls of every Level-2 routine, four precisions, through the
// Fortran entry points (hidden CHARACTER lengths passed as gfortran does).
#include <algorithm>
#include <complex>
#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "fuzz_draw.h"

namespace swblas_stress {
namespace {

using gemv_fn = void (*)(cc, ci, ci, cv, cv, ci, cv, ci, cv, void*, ci, len);
using gbmv_fn = void (*)(cc, ci, ci, ci, ci, cv, cv, ci, cv, ci, cv, void*, ci, len);
using symv_fn = void (*)(cc, ci, cv, cv, ci, cv, ci, cv, void*, ci, len);
using sbmv_fn = void (*)(cc, ci, ci, cv, cv, ci, cv, ci, cv, void*, ci, len);
using spmv_fn = void (*)(cc, ci, cv, cv, cv, ci, cv, void*, ci, len);
using trmv_fn = void (*)(cc, cc, cc, ci, cv, ci, void*, ci, len, len, len);
using tbmv_fn = void (*)(cc, cc, cc, ci, ci, cv, ci, void*, ci, len, len, len);
using tpmv_fn = void (*)(cc, cc, cc, ci, cv, void*, ci, len, len, len);
using ger_fn = void (*)(ci, ci, cv, cv, ci, cv, ci, void*, ci);
using syr_fn = void (*)(cc, ci, cv, cv, ci, void*, ci, len);
using spr_fn = void (*)(cc, ci, cv, cv, ci, void*, len);
using syr2_fn = void (*)(cc, ci, cv, cv, ci, cv, ci, void*, ci, len);
using spr2_fn = void (*)(cc, ci, cv, cv, ci, cv, ci, void*, len);

// The real routines are symmetric, the complex ones Hermitian: "symv" or "hemv".
template <class T>
std::string symmetric_name(const char* real_operation, const char* complex_operation) {
  return routine_name<T>(is_complex<T> ? complex_operation : real_operation);
}

// A band width for order n: often narrow, as bands are used, else anything up to n + 2 (wider than the matrix is
// legal and must read nothing beyond it).
int band_width(rng_t& rng, int n) {
  if (chance(rng, 0.5)) return std::uniform_int_distribution<int>(0, 3)(rng);
  return std::uniform_int_distribution<int>(0, n + 2)(rng);
}

std::size_t packed_extent(int n) { return n > 0 ? static_cast<std::size_t>(n) * (n + 1) / 2 : 0; }

// Level 2 is cheap: orders up to this reach the thread teams (symv's from n = 362 in double, gemv's above 512 KB of
// A), which the default 300 seldom does.
constexpr int kLarge = 700;

// What a routine must not read of a matrix operand: the entries `outside(row, column)` names in its column-major
// storage of leading dimension `lead` (the other triangle, a band's corners, the gaps), and of the entry at
// `diagonal(j)` for j < n: all of it when implicitly one (`unit`), else the imaginary part when Hermitian.
struct unread_parts {
  std::size_t lead = 1;
  std::function<bool(std::size_t, std::size_t)> outside;
  int n = 0;
  std::function<std::size_t(int)> diagonal;
  bool unit = false, hermitian = false;
};

// Fills `elements` entries (uniform, or by `base`), then in one call of five puts a NaN into every scalar the routine
// must not read: it must reach no result, and a random single NaN seldom lands in a Hermitian diagonal's imaginary
// part or a band's corner.
template <class T>
std::function<void(void*, rng_t&)> poison_unread(std::size_t elements, std::function<void(void*, rng_t&)> base,
                                                 unread_parts parts) {
  return [=](void* data, rng_t& rng) {
    using R = real_t<T>;
    T* a = static_cast<T*>(data);
    if (base) {
      base(data, rng);
    } else {
      R* r = static_cast<R*>(data);
      for (std::size_t i = 0; i < elements * reals_per<T>; ++i) r[i] = R(unit(rng));
    }
    if (!chance(rng, 0.2)) return;
    const R nan = std::numeric_limits<R>::quiet_NaN();
    if (parts.outside)
      for (std::size_t e = 0; e < elements; ++e)
        if (parts.outside(e % parts.lead, e / parts.lead)) a[e] = T(nan);
    if (!parts.diagonal) return;
    for (int j = 0; j < parts.n; ++j) {
      T& d = a[parts.diagonal(j)];
      if (parts.unit) d = T(nan);
      if constexpr (is_complex<T>)
        if (!parts.unit && parts.hermitian) d = T(d.real(), nan);
    }
  };
}

// ?gemv, and ?gbmv with `band` (A stored in kl + ku + 1 rows).
template <class T, bool band>
fuzz_case general_product_case(rng_t& rng) {
  const char trans = pick(rng, "NTC");
  const fint m = dimension(rng, kLarge), n = dimension(rng, kLarge);
  const fint kl = band ? band_width(rng, m) : 0, ku = band ? band_width(rng, n) : 0;
  const fint rows = band ? kl + ku + 1 : m;
  const fint lda = leading_dimension(rng, rows), incx = increment(rng), incy = increment(rng);
  const bool plain = is(trans, 'N');
  const fint x_length = plain ? n : m, y_length = plain ? m : n;
  // A band leaves the sums of y's last entries empty when y is longer than the band reaches.
  const bool some_sum_empty = x_length == 0 || (band && (plain ? m > n + kl : n > m + ku));
  const fint depth = band ? std::min(x_length, kl + ku + 1) : x_length;
  const T alpha = alpha_over(some_sum_empty ? 0 : depth, scalar<T>(rng)), beta = scalar<T>(rng);
  fuzz_case c;
  c.routine = routine_name<T>(band ? "gbmv" : "gemv");
  c.arguments = describe("trans", trans) + describe("m", m) + describe("n", n) +
                (band ? describe("kl", kl) + describe("ku", ku) : std::string()) + describe("alpha", alpha) +
                describe("lda", lda) + describe("incx", incx) + describe("beta", beta) + describe("incy", incy);
  operand a = input_matrix<T>("A", rows, n, lda);
  unread_parts outside_band;
  outside_band.lead = lda;
  outside_band.outside = [=](std::size_t r, std::size_t col) {
    const long row = band ? long(col) - ku + long(r) : long(r);  // the matrix row stored there
    return long(r) >= rows || row < 0 || row >= m;
  };
  a.fill = poison_unread<T>(a.count / reals_per<T>, {}, outside_band);
  c.operands = {a, input_vector<T>("x", x_length, incx),
                output_vector<T>("y", y_length, incy, product_tolerance<T>(depth, magnitude(alpha), magnitude(beta)))};
  c.call = [=](void* fn, void* const* d) {
    if constexpr (band)
      reinterpret_cast<gbmv_fn>(fn)(&trans, &m, &n, &kl, &ku, &alpha, d[0], &lda, d[1], &incx, &beta, d[2], &incy, 1);
    else
      reinterpret_cast<gemv_fn>(fn)(&trans, &m, &n, &alpha, d[0], &lda, d[1], &incx, &beta, d[2], &incy, 1);
  };
  return c;
}

// How a symmetric or triangular matrix is stored.
enum class layout { full, band, packed };

// The routines of each storage, by layout.
template <class T>
std::string triangular_name(layout shape, bool solve) {
  const char* products[] = {"trmv", "tbmv", "tpmv"};
  const char* solves[] = {"trsv", "tbsv", "tpsv"};
  return routine_name<T>((solve ? solves : products)[static_cast<int>(shape)]);
}
template <class T>
std::string symmetric_product_name(layout shape) {
  const char* symmetric[] = {"symv", "sbmv", "spmv"};
  const char* hermitian[] = {"hemv", "hbmv", "hpmv"};
  return symmetric_name<T>(symmetric[static_cast<int>(shape)], hermitian[static_cast<int>(shape)]);
}

// The element index of the j-th diagonal entry in `shape` storage (k off-diagonals of a band, leading dimension ld).
std::function<std::size_t(int)> diagonal_index(layout shape, bool upper, int n, int k, int ld) {
  const std::size_t lead = ld, order = n, width = k;
  switch (shape) {
    case layout::full: return [=](int j) { return j * (lead + 1); };
    case layout::band: return [=](int j) { return (upper ? width : 0) + j * lead; };
    case layout::packed:
      return [=](int j) {
        const std::size_t c = j;
        return upper ? c * (c + 1) / 2 + c : c * order - c * (c - 1) / 2;
      };
  }
  return {};
}

// What a routine must not read of a stored triangle of order n.
unread_parts unread_of_triangle(layout shape, bool upper, int n, int k, int ld, bool unit, bool hermitian) {
  unread_parts u;
  u.lead = shape == layout::packed ? 1 : ld;
  if (shape != layout::packed) {
    const long order = n, width = shape == layout::band ? k : 0;
    const bool band = shape == layout::band;
    u.outside = [=](std::size_t r, std::size_t col) {
      const long row = band ? long(col) + long(r) - (upper ? width : 0) : long(r);  // the matrix row stored there
      if (row < 0 || row >= order || (band && long(r) > width)) return true;
      return upper ? row > long(col) : row < long(col);
    };
  }
  u.n = n;
  u.diagonal = diagonal_index(shape, upper, n, k, ld);
  u.unit = unit;
  u.hermitian = hermitian;
  return u;
}

// The order-n triangle "A" or "AP" a product or solve reads, in `shape` storage, filled by `base` (or uniform) and
// now and then with NaNs where it must not be read.
template <class T>
operand structured_matrix(layout shape, bool upper, int n, int k, int ld, bool unit, bool hermitian,
                          std::function<void(void*, rng_t&)> base = {}) {
  operand a = shape == layout::packed ? input_storage<T>("AP", packed_extent(n))
                                      : input_matrix<T>("A", shape == layout::band ? k + 1 : n, n, ld);
  a.fill = poison_unread<T>(a.count / reals_per<T>, std::move(base),
                            unread_of_triangle(shape, upper, n, k, ld, unit, hermitian));
  return a;
}

// ?symv/?hemv, ?sbmv/?hbmv and ?spmv/?hpmv by `shape`.
template <class T, layout shape>
fuzz_case symmetric_product_case(rng_t& rng) {
  const char uplo = pick(rng, "UL");
  const fint n = dimension(rng, kLarge);
  const fint k = shape == layout::band ? band_width(rng, n) : 0;
  const fint lda = leading_dimension(rng, shape == layout::band ? k + 1 : n);
  const fint incx = increment(rng), incy = increment(rng);
  const fint depth = shape == layout::band ? std::min(n, 2 * k + 1) : n;
  const T alpha = alpha_over(depth, scalar<T>(rng)), beta = scalar<T>(rng);
  fuzz_case c;
  c.routine = symmetric_product_name<T>(shape);
  c.arguments = describe("uplo", uplo) + describe("n", n) +
                (shape == layout::band ? describe("k", k) : std::string()) + describe("alpha", alpha) +
                (shape != layout::packed ? describe("lda", lda) : std::string()) + describe("incx", incx) +
                describe("beta", beta) + describe("incy", incy);
  c.operands = {structured_matrix<T>(shape, is(uplo, 'U'), n, k, lda, false, is_complex<T>),
                input_vector<T>("x", n, incx),
                output_vector<T>("y", n, incy, product_tolerance<T>(depth, magnitude(alpha), magnitude(beta)))};
  c.call = [=](void* fn, void* const* d) {
    if constexpr (shape == layout::full)
      reinterpret_cast<symv_fn>(fn)(&uplo, &n, &alpha, d[0], &lda, d[1], &incx, &beta, d[2], &incy, 1);
    else if constexpr (shape == layout::band)
      reinterpret_cast<sbmv_fn>(fn)(&uplo, &n, &k, &alpha, d[0], &lda, d[1], &incx, &beta, d[2], &incy, 1);
    else
      reinterpret_cast<spmv_fn>(fn)(&uplo, &n, &alpha, d[0], d[1], &incx, &beta, d[2], &incy, 1);
  };
  return c;
}

// ?trmv, ?tbmv, ?tpmv by `shape`, and ?trsv, ?tbsv, ?tpsv with `solve` (the triangle well conditioned).
template <class T, layout shape, bool solve>
fuzz_case triangular_case(rng_t& rng) {
  const char uplo = pick(rng, "UL"), trans = pick(rng, "NTC"), diag = pick(rng, "NU");
  const fint n = dimension(rng, kLarge);
  const fint k = shape == layout::band ? band_width(rng, n) : 0;
  const fint lda = leading_dimension(rng, shape == layout::band ? k + 1 : n), incx = increment(rng);
  fuzz_case c;
  c.routine = triangular_name<T>(shape, solve);
  c.arguments = describe("uplo", uplo) + describe("trans", trans) + describe("diag", diag) + describe("n", n) +
                (shape == layout::band ? describe("k", k) : std::string()) +
                (shape != layout::packed ? describe("lda", lda) : std::string()) + describe("incx", incx);
  const bool upper = is(uplo, 'U');
  const std::size_t elements = shape == layout::packed ? packed_extent(n)
                                                       : matrix_extent(shape == layout::band ? k + 1 : n, n, lda);
  const operand a =
      structured_matrix<T>(shape, upper, n, k, lda, is(diag, 'U'), false,
                           solve ? triangle_solve_fill<T>(n, elements, diagonal_index(shape, upper, n, k, lda))
                                 : std::function<void(void*, rng_t&)>());
  const fint depth = shape == layout::band ? std::min(n, k + 1) : n;
  const double tolerance = solve ? solve_tolerance<T>(n, 1.0) : product_tolerance<T>(depth, 1.0, 0.0);
  c.operands = {a, output_vector<T>("x", n, incx, tolerance)};
  c.call = [=](void* fn, void* const* d) {
    if constexpr (shape == layout::full)
      reinterpret_cast<trmv_fn>(fn)(&uplo, &trans, &diag, &n, d[0], &lda, d[1], &incx, 1, 1, 1);
    else if constexpr (shape == layout::band)
      reinterpret_cast<tbmv_fn>(fn)(&uplo, &trans, &diag, &n, &k, d[0], &lda, d[1], &incx, 1, 1, 1);
    else
      reinterpret_cast<tpmv_fn>(fn)(&uplo, &trans, &diag, &n, d[0], d[1], &incx, 1, 1, 1);
  };
  return c;
}

// ?ger, ?geru, and ?gerc with `conjugate`.
template <class T, bool conjugate>
fuzz_case general_rank_1_case(rng_t& rng) {
  const fint m = dimension(rng, kLarge), n = dimension(rng, kLarge);
  const fint lda = leading_dimension(rng, m), incx = increment(rng), incy = increment(rng);
  const T alpha = scalar<T>(rng);
  fuzz_case c;
  c.routine = routine_name<T>(!is_complex<T> ? "ger" : (conjugate ? "gerc" : "geru"));
  c.arguments = describe("m", m) + describe("n", n) + describe("alpha", alpha) + describe("incx", incx) +
                describe("incy", incy) + describe("lda", lda);
  c.operands = {input_vector<T>("x", m, incx), input_vector<T>("y", n, incy),
                output_matrix<T>("A", m, n, lda, product_tolerance<T>(1, magnitude(alpha), 1.0))};
  c.call = [=](void* fn, void* const* d) {
    reinterpret_cast<ger_fn>(fn)(&m, &n, &alpha, d[0], &incx, d[1], &incy, d[2], &lda);
  };
  return c;
}

// The triangle "A" (full) or "AP" (packed) a rank update writes; a Hermitian diagonal's imaginary part is not read
// (the update zeroes it, unless alpha = 0 returns at once), so now and then a NaN there.
template <class T>
operand updated_triangle(bool packed, int n, int ld, char uplo, double tolerance) {
  operand a = packed ? output_storage<T>("AP", packed_extent(n), tolerance)
                     : output_triangle<T>("A", n, ld, uplo, tolerance);
  unread_parts u;
  u.n = n;
  u.diagonal = diagonal_index(packed ? layout::packed : layout::full, is(uplo, 'U'), n, 0, ld);
  u.hermitian = is_complex<T>;
  a.fill = poison_unread<T>(a.count / reals_per<T>, {}, u);
  return a;
}

// ?syr/?her, and ?spr/?hpr with `packed` (Hermitian: real alpha).
template <class T, bool packed>
fuzz_case rank_1_case(rng_t& rng) {
  using S = std::conditional_t<is_complex<T>, real_t<T>, T>;
  const char uplo = pick(rng, "UL");
  const fint n = dimension(rng, kLarge);
  const fint lda = leading_dimension(rng, n), incx = increment(rng);
  const S alpha = scalar<S>(rng);
  fuzz_case c;
  c.routine = packed ? symmetric_name<T>("spr", "hpr") : symmetric_name<T>("syr", "her");
  c.arguments = describe("uplo", uplo) + describe("n", n) + describe("alpha", alpha) + describe("incx", incx) +
                (packed ? std::string() : describe("lda", lda));
  c.operands = {input_vector<T>("x", n, incx),
                updated_triangle<T>(packed, n, lda, uplo, product_tolerance<T>(1, magnitude(alpha), 1.0))};
  c.call = [=](void* fn, void* const* d) {
    if constexpr (packed)
      reinterpret_cast<spr_fn>(fn)(&uplo, &n, &alpha, d[0], &incx, d[1], 1);
    else
      reinterpret_cast<syr_fn>(fn)(&uplo, &n, &alpha, d[0], &incx, d[1], &lda, 1);
  };
  return c;
}

// ?syr2/?her2, and ?spr2/?hpr2 with `packed`.
template <class T, bool packed>
fuzz_case rank_2_case(rng_t& rng) {
  const char uplo = pick(rng, "UL");
  const fint n = dimension(rng, kLarge);
  const fint lda = leading_dimension(rng, n), incx = increment(rng), incy = increment(rng);
  const T alpha = scalar<T>(rng);
  fuzz_case c;
  c.routine = packed ? symmetric_name<T>("spr2", "hpr2") : symmetric_name<T>("syr2", "her2");
  c.arguments = describe("uplo", uplo) + describe("n", n) + describe("alpha", alpha) + describe("incx", incx) +
                describe("incy", incy) + (packed ? std::string() : describe("lda", lda));
  c.operands = {input_vector<T>("x", n, incx), input_vector<T>("y", n, incy),
                updated_triangle<T>(packed, n, lda, uplo, product_tolerance<T>(2, magnitude(alpha), 1.0))};
  c.call = [=](void* fn, void* const* d) {
    if constexpr (packed)
      reinterpret_cast<spr2_fn>(fn)(&uplo, &n, &alpha, d[0], &incx, d[1], &incy, d[2], 1);
    else
      reinterpret_cast<syr2_fn>(fn)(&uplo, &n, &alpha, d[0], &incx, d[1], &incy, d[2], &lda, 1);
  };
  return c;
}

template <class T, layout shape>
void add_structured_routines(std::vector<case_maker>& makers) {
  makers.push_back({triangular_name<T>(shape, false), &triangular_case<T, shape, false>});
  makers.push_back({triangular_name<T>(shape, true), &triangular_case<T, shape, true>});
  makers.push_back({symmetric_product_name<T>(shape), &symmetric_product_case<T, shape>});
}

template <class T>
void add_every_precision_routine(std::vector<case_maker>& makers) {
  makers.push_back({routine_name<T>("gemv"), &general_product_case<T, false>});
  makers.push_back({routine_name<T>("gbmv"), &general_product_case<T, true>});
  add_structured_routines<T, layout::full>(makers);
  add_structured_routines<T, layout::band>(makers);
  add_structured_routines<T, layout::packed>(makers);
  makers.push_back({routine_name<T>(is_complex<T> ? "geru" : "ger"), &general_rank_1_case<T, false>});
  if constexpr (is_complex<T>) makers.push_back({routine_name<T>("gerc"), &general_rank_1_case<T, true>});
  makers.push_back({symmetric_name<T>("syr", "her"), &rank_1_case<T, false>});
  makers.push_back({symmetric_name<T>("spr", "hpr"), &rank_1_case<T, true>});
  makers.push_back({symmetric_name<T>("syr2", "her2"), &rank_2_case<T, false>});
  makers.push_back({symmetric_name<T>("spr2", "hpr2"), &rank_2_case<T, true>});
}

}  // namespace

std::vector<case_maker> level2_makers() {
  std::vector<case_maker> makers;
  for_each_precision([&](auto t) { add_every_precision_routine<decltype(t)>(makers); });
  return makers;
}

}  // namespace swblas_stress
