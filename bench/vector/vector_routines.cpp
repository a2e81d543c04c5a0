#include "vector_routines.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace swblas_bench {

namespace {

enum class operation { dot, axpy, scal, nrm2, asum, iamax, gemv, ger, symv, trmv, trsv };

struct routine_description {
  const char* name;
  const char* symbol;
  char type;  // 's' float, 'd' double, 'z' complex double
  operation op;
  char trans;  // gemv: 'N' or 'T'
};

constexpr routine_description routines[] = {
    {"ddot", "ddot_", 'd', operation::dot, 'N'},
    {"daxpy", "daxpy_", 'd', operation::axpy, 'N'},
    {"dscal", "dscal_", 'd', operation::scal, 'N'},
    {"dnrm2", "dnrm2_", 'd', operation::nrm2, 'N'},
    {"dasum", "dasum_", 'd', operation::asum, 'N'},
    {"idamax", "idamax_", 'd', operation::iamax, 'N'},
    {"zaxpy", "zaxpy_", 'z', operation::axpy, 'N'},
    {"zdotc", "zdotc_", 'z', operation::dot, 'N'},
    {"dgemv_n", "dgemv_", 'd', operation::gemv, 'N'},
    {"dgemv_t", "dgemv_", 'd', operation::gemv, 'T'},
    {"dger", "dger_", 'd', operation::ger, 'N'},
    {"dsymv", "dsymv_", 'd', operation::symv, 'N'},
    {"dtrsv", "dtrsv_", 'd', operation::trsv, 'N'},
    {"dtrmv", "dtrmv_", 'd', operation::trmv, 'N'},
    {"zgemv_n", "zgemv_", 'z', operation::gemv, 'N'},
    {"sgemv_n", "sgemv_", 's', operation::gemv, 'N'},
};

const routine_description* find_description(const std::string& routine) {
  for (const routine_description& d : routines)
    if (routine == d.name) return &d;
  return nullptr;
}

bool is_level2(operation op) { return op >= operation::gemv; }

// Elements moved by one call and real flops (complex multiply-adds: times 4),
// as documented in the header.
double elements_moved(operation op, double n) {
  const double triangle = n * (n + 1) / 2;
  switch (op) {
    case operation::dot: return 2 * n;
    case operation::axpy: return 3 * n;
    case operation::scal: return 2 * n;
    case operation::nrm2:
    case operation::asum:
    case operation::iamax: return n;
    case operation::gemv: return n * n + 3 * n;
    case operation::ger: return 2 * n * n + 2 * n;
    case operation::symv: return triangle + 3 * n;
    case operation::trmv:
    case operation::trsv: return triangle + 2 * n;
  }
  return 0;
}

double real_flops(operation op, double n) {
  switch (op) {
    case operation::dot:
    case operation::axpy:
    case operation::nrm2: return 2 * n;
    case operation::scal:
    case operation::asum:
    case operation::iamax: return n;
    case operation::gemv:
    case operation::ger:
    case operation::symv: return 2 * n * n;
    case operation::trmv:
    case operation::trsv: return n * n;
  }
  return 0;
}

// The Fortran 77 interfaces.  zdotc_ is a COMPLEX*16 function, which gfortran
// returns by value like C's _Complex double: in xmm0 and xmm1 on x86-64, as
// std::complex<double> is returned too (a trivially copyable pair of doubles).
using length = std::size_t;
template <class T>
using fortran_dot = T (*)(const int* n, const T* x, const int* incx, const T* y, const int* incy);
template <class T>
using fortran_axpy = void (*)(const int* n, const T* alpha, const T* x, const int* incx, T* y,
                              const int* incy);
template <class T>
using fortran_scal = void (*)(const int* n, const T* alpha, T* x, const int* incx);
template <class T>
using fortran_norm = real_t<T> (*)(const int* n, const T* x, const int* incx);
template <class T>
using fortran_iamax = int (*)(const int* n, const T* x, const int* incx);
template <class T>
using fortran_gemv = void (*)(const char* trans, const int* m, const int* n, const T* alpha,
                              const T* a, const int* lda, const T* x, const int* incx,
                              const T* beta, T* y, const int* incy, length);
template <class T>
using fortran_ger = void (*)(const int* m, const int* n, const T* alpha, const T* x,
                             const int* incx, const T* y, const int* incy, T* a, const int* lda);
template <class T>
using fortran_symv = void (*)(const char* uplo, const int* n, const T* alpha, const T* a,
                              const int* lda, const T* x, const int* incx, const T* beta, T* y,
                              const int* incy, length);
template <class T>
using fortran_triangular = void (*)(const char* uplo, const char* trans, const char* diag,
                                    const int* n, const T* a, const int* lda, T* x,
                                    const int* incx, length, length, length);

// |re| + |im|: the modulus i?amax compares (|x| for real x); at least the
// modulus and at most sqrt 2 times it.
template <class T>
real_t<T> abs1(T value) {
  if constexpr (is_complex<T>) return std::abs(value.real()) + std::abs(value.imag());
  else return std::abs(value);
}

// An operand that starts `offset` bytes past a 64-byte boundary: 0, or
// where malloc puts a large block (16 bytes past one on glibc), as the
// arrays of C, Fortran and numpy callers start.
template <class T>
class operand_array {
 public:
  operand_array() = default;
  operand_array(aligned_matrix<T> block, std::size_t offset) : block_(std::move(block)), offset_(offset) {}
  T* get() const { return reinterpret_cast<T*>(reinterpret_cast<char*>(block_.get()) + offset_); }
  T& operator[](std::size_t i) const { return get()[i]; }

 private:
  aligned_matrix<T> block_;
  std::size_t offset_ = 0;
};

// Everything one size of one routine works on; a, y and before only where the
// routine uses them.
template <class T>
struct vector_operands {
  const routine_description* routine = nullptr;
  int n = 0;
  operand_array<T> x, y, a;  // a is n x n, lda = n
  std::vector<T> before;      // the output before the checked call
  std::vector<int> columns;   // ger: the columns of A that are checked
  T alpha = T(1);
  T result = T(0);  // of dot, nrm2, asum
  int index = 0;    // of iamax

  T& a_at(int i, int j) { return a[i + static_cast<std::size_t>(j) * n]; }
  T a_at(int i, int j) const { return a[i + static_cast<std::size_t>(j) * n]; }
};

// An upper triangle that is its own inverse: a diagonal D of signs plus
// entries of modulus at most 1/n that only lead from a +1 column to a -1 row,
// whence D N + N D = N N = 0 and A A = I.  trmv and trsv then turn x into
// A x and back call after call, so it neither grows nor decays and needs no
// refresh inside the timed loop; A is diagonally dominant, so trsv is well
// conditioned.  The strictly lower part is left random (never referenced).
template <class T>
void make_self_inverse_upper(vector_operands<T>& v) {
  const real_t<T> scale = real_t<T>(1) / static_cast<real_t<T>>(v.n);
  std::vector<bool> negative(v.n);
  for (int i = 0; i < v.n; ++i) negative[i] = std::real(v.a_at(i, i)) < 0;
  for (int j = 0; j < v.n; ++j)
    for (int i = 0; i <= j; ++i) {
      T& e = v.a_at(i, j);
      e = i == j ? T(negative[i] ? -1 : 1) : negative[i] && !negative[j] ? e * scale : T(0);
    }
}

// count elements, 64-byte aligned, uniform in [-1, 1] (real and imaginary
// parts alike) from splitmix64: the harness's Mersenne twister costs more
// than a second for the 10^7-element complex vectors and 4000 x 4000
// matrices, in every one of a run's hundreds of child processes.
template <class T>
operand_array<T> random_operand(std::size_t count, std::size_t offset, std::uint64_t& state) {
  operand_array<T> operand(allocate_matrix<T>(count + (offset + sizeof(T) - 1) / sizeof(T)), offset);
  real_t<T>* parts = reinterpret_cast<real_t<T>*>(operand.get());
  for (std::size_t i = 0; i < count * (is_complex<T> ? 2 : 1); ++i) {
    std::uint64_t z = state += 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    parts[i] = static_cast<real_t<T>>(static_cast<double>(z >> 11) * 0x1p-52 - 1.0);
  }
  return operand;
}

template <class T>
vector_operands<T> make_operands(const routine_description& d, int n, std::size_t offset, std::uint64_t seed) {
  vector_operands<T> v;
  v.routine = &d;
  v.n = n;
  v.x = random_operand<T>(n, offset, seed);
  if (d.op == operation::dot || d.op == operation::axpy || d.op == operation::gemv ||
      d.op == operation::ger || d.op == operation::symv)
    v.y = random_operand<T>(n, offset, seed);
  if (is_level2(d.op)) v.a = random_operand<T>(static_cast<std::size_t>(n) * n, offset, seed);
  if (d.op == operation::trmv || d.op == operation::trsv) make_self_inverse_upper(v);
  if (d.op == operation::axpy) {
    if constexpr (is_complex<T>) v.alpha = T(0.5, 0.25);
    else v.alpha = T(0.5);
  }
  if (d.op == operation::scal) v.alpha = T(2);
  return v;
}

template <class T>
void call_routine(void* symbol, vector_operands<T>& v) {
  static const int one = 1;
  static const T unit = T(1);
  const int n = v.n;
  switch (v.routine->op) {
    case operation::dot:
      v.result = reinterpret_cast<fortran_dot<T>>(symbol)(&n, v.x.get(), &one, v.y.get(), &one);
      break;
    case operation::axpy:
      reinterpret_cast<fortran_axpy<T>>(symbol)(&n, &v.alpha, v.x.get(), &one, v.y.get(), &one);
      break;
    case operation::scal:
      reinterpret_cast<fortran_scal<T>>(symbol)(&n, &v.alpha, v.x.get(), &one);
      break;
    case operation::nrm2:
    case operation::asum:
      v.result = reinterpret_cast<fortran_norm<T>>(symbol)(&n, v.x.get(), &one);
      break;
    case operation::iamax:
      v.index = reinterpret_cast<fortran_iamax<T>>(symbol)(&n, v.x.get(), &one);
      break;
    case operation::gemv:
      reinterpret_cast<fortran_gemv<T>>(symbol)(&v.routine->trans, &n, &n, &unit, v.a.get(), &n,
                                                v.x.get(), &one, &unit, v.y.get(), &one, 1);
      break;
    case operation::ger:
      reinterpret_cast<fortran_ger<T>>(symbol)(&n, &n, &unit, v.x.get(), &one, v.y.get(), &one,
                                               v.a.get(), &n);
      break;
    case operation::symv:
      reinterpret_cast<fortran_symv<T>>(symbol)("U", &n, &unit, v.a.get(), &n, v.x.get(), &one,
                                                &unit, v.y.get(), &one, 1);
      break;
    case operation::trmv:
    case operation::trsv:
      reinterpret_cast<fortran_triangular<T>>(symbol)("U", "N", "N", &n, v.a.get(), &n,
                                                      v.x.get(), &one, 1, 1, 1);
      break;
  }
}

// Adds a term to a reference with |re| + |im| for its modulus: hypot on
// every term of a 4000 x 4000 zgemv costs more than the timing.
template <class T>
void add(naive_entry<T>& r, T term) {
  r.add(term, abs1(term));
}

// "" when `computed` is within rounding_bound of the reference, else a
// description naming the entry: name, name(i) or name(i,j) (from 1; i, j < 0
// when absent), built only then.
template <class T>
std::string compare(const char* name, long i, long j, T computed, const naive_entry<T>& r) {
  const real_t<T> bound = rounding_bound<T>(r.magnitude, std::max(1, r.products));
  if (std::abs(computed - r.value) <= bound) return "";
  std::ostringstream message;
  message.precision(17);
  message << name;
  if (i >= 0) message << "(" << i + 1 << (j >= 0 ? "," + std::to_string(j + 1) : "") << ")";
  message << " = " << computed << ", expected " << r.value << " (allowed error " << bound << ")";
  return message.str();
}

// Every entry of the vector `out` against its reference.
template <class T>
std::string compare_vector(const char* name, const T* out, const std::vector<naive_entry<T>>& r) {
  for (std::size_t i = 0; i < r.size(); ++i) {
    const std::string error = compare(name, static_cast<long>(i), -1, out[i], r[i]);
    if (!error.empty()) return error;
  }
  return "";
}

// out(i) = start(i) + the product of the stored upper triangle (symmetric:
// mirrored; triangular: as it is) or of the whole A (op 'N' or 'T') with v.
template <class T>
std::vector<naive_entry<T>> product_references(const vector_operands<T>& x, const T* v,
                                               const std::vector<T>& start) {
  const int n = x.n;
  std::vector<naive_entry<T>> r(n);
  for (int i = 0; i < n && !start.empty(); ++i) add(r[i], start[i]);
  const operation op = x.routine->op;
  const bool whole = op == operation::gemv;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < (whole ? n : j + 1); ++i) {
      const T a = x.a_at(i, j);
      if (op == operation::gemv && x.routine->trans == 'T') {
        add(r[j], a * v[i]);
        continue;
      }
      add(r[i], a * v[j]);
      if (op == operation::symv && i != j) add(r[j], a * v[i]);
    }
  return r;
}

// dot (conjugating x), nrm2 and asum against long double sums: the reference
// is good to far below the bound.
template <class T>
std::string check_scalar_result(const vector_operands<T>& v) {
  using wide = std::conditional_t<is_complex<T>, std::complex<long double>, long double>;
  naive_entry<T> r;
  wide sum = 0;
  for (int i = 0; i < v.n; ++i) {
    const T xi = v.x[i];
    switch (v.routine->op) {
      case operation::dot:
        sum += wide(conjugate(xi)) * wide(v.y[i]);
        r.magnitude += abs1(xi) * abs1(v.y[i]);
        break;
      case operation::nrm2:
        sum += wide(xi) * wide(xi);
        break;
      default:  // asum (real only)
        sum += std::abs(wide(xi));
        break;
    }
  }
  r.products = v.n;
  if (v.routine->op == operation::nrm2) sum = std::sqrt(sum);
  r.value = static_cast<T>(sum);
  if (v.routine->op != operation::dot) r.magnitude = std::abs(r.value);
  return compare(v.routine->name, -1, -1, v.result, r);
}

// The first index (from 1) of the largest |re| + |im|.
template <class T>
std::string check_iamax(const vector_operands<T>& v) {
  int expected = 1;
  for (int i = 1; i < v.n; ++i)
    if (abs1(v.x[i]) > abs1(v.x[expected - 1])) expected = i + 1;
  if (v.index == expected) return "";
  return std::string(v.routine->name) + " = " + std::to_string(v.index) + ", expected " +
         std::to_string(expected);
}

// The output of an elementwise update, y = y + alpha x or x = alpha x,
// entry by entry.
template <class T>
std::string check_update(const vector_operands<T>& v) {
  const bool axpy = v.routine->op == operation::axpy;
  const T* out = axpy ? v.y.get() : v.x.get();
  for (int i = 0; i < v.n; ++i) {
    naive_entry<T> r;
    if (axpy) add(r, v.before[i]);
    add(r, v.alpha * (axpy ? v.x[i] : v.before[i]));
    const std::string error = compare(axpy ? "y" : "x", i, -1, out[i], r);
    if (!error.empty()) return error;
  }
  return "";
}

// ger: the sampled columns of A against A + x y^T.
template <class T>
std::string check_ger(const vector_operands<T>& v) {
  for (std::size_t c = 0; c < v.columns.size(); ++c) {
    const int j = v.columns[c];
    for (int i = 0; i < v.n; ++i) {
      naive_entry<T> r;
      add(r, v.before[c * v.n + i]);
      add(r, v.x[i] * v.y[j]);
      const std::string error = compare("A", i, j, v.a_at(i, j), r);
      if (!error.empty()) return error;
    }
  }
  return "";
}

// trsv: the upper triangle times the solution against the right-hand side.
template <class T>
std::string check_solution(const vector_operands<T>& v) {
  std::vector<naive_entry<T>> r = product_references(v, v.x.get(), {});
  std::vector<T> product(v.n);
  for (int i = 0; i < v.n; ++i) {
    product[i] = r[i].value;
    r[i].value = v.before[i];
    r[i].magnitude += abs1(v.before[i]);
  }
  return compare_vector("(A x)", product.data(), r);
}

// The first call and its check.
template <class T>
std::string checked_call(void* symbol, vector_operands<T>& v) {
  const std::size_t n = v.n;
  const operation op = v.routine->op;
  switch (op) {
    case operation::axpy:
    case operation::gemv:
    case operation::symv: v.before.assign(v.y.get(), v.y.get() + n); break;
    case operation::scal:
    case operation::trmv:
    case operation::trsv: v.before.assign(v.x.get(), v.x.get() + n); break;
    case operation::ger: {
      std::mt19937_64 engine(0x5eed);
      std::uniform_int_distribution<int> column(0, v.n - 1);
      v.columns = {0, v.n - 1, column(engine), column(engine), column(engine), column(engine)};
      for (int j : v.columns)
        v.before.insert(v.before.end(), &v.a_at(0, j), &v.a_at(0, j) + n);
      break;
    }
    default: break;
  }
  call_routine(symbol, v);
  switch (op) {
    case operation::dot:
    case operation::nrm2:
    case operation::asum: return check_scalar_result(v);
    case operation::iamax: return check_iamax(v);
    case operation::axpy:
    case operation::scal: return check_update(v);
    case operation::ger: return check_ger(v);
    case operation::gemv:
    case operation::symv:
      return compare_vector("y", v.y.get(), product_references(v, v.x.get(), v.before));
    case operation::trmv:
      return compare_vector("x", v.x.get(), product_references(v, v.before.data(), {}));
    case operation::trsv: return check_solution(v);
  }
  return "";
}

template <class T>
vector_case make_case(const routine_description& d, void* symbol, int n, std::size_t offset, std::uint64_t seed) {
  const auto v = std::make_shared<vector_operands<T>>(make_operands<T>(d, n, offset, seed));
  const double flops = real_flops(d.op, n) * (is_complex<T> ? 4 : 1);
  std::function<void()> call = [symbol, v] { call_routine(symbol, *v); };
  if (d.op == operation::scal)  // x = 2 x, then x = x / 2: bounded, and exact
    call = [symbol, v] {
      call_routine(symbol, *v);
      v->alpha = real_t<T>(1) / v->alpha;
    };
  return {bench_case{flops, [symbol, v] { return checked_call(symbol, *v); }, call},
          elements_moved(d.op, n) * sizeof(T)};
}

}  // namespace

bool is_vector_routine(const std::string& routine) { return find_description(routine); }

std::string vector_routine_names() {
  std::string names;
  for (const routine_description& d : routines)
    names += (names.empty() ? "" : " ") + std::string(d.name);
  return names;
}

std::string vector_routine_symbol(const std::string& routine) {
  const routine_description* d = find_description(routine);
  if (!d) throw std::invalid_argument("unknown routine " + routine);
  return d->symbol;
}

vector_case make_vector_case(const std::string& routine, void* symbol, int n, std::size_t offset,
                             std::uint64_t seed) {
  const routine_description* d = find_description(routine);
  if (!d) throw std::invalid_argument("unknown routine " + routine);
  if (offset % (d->type == 's' ? sizeof(float) : sizeof(double)) != 0)
    throw std::invalid_argument("offset " + std::to_string(offset) + " splits an element of " + routine);
  switch (d->type) {
    case 's': return make_case<float>(*d, symbol, n, offset, seed);
    case 'z': return make_case<std::complex<double>>(*d, symbol, n, offset, seed);
    default: return make_case<double>(*d, symbol, n, offset, seed);
  }
}

}  // namespace swblas_bench
