// The measuring protocol shared by the GEMM benchmark executables
// (swblas-bench-dgemm for any BLAS loaded with dlopen, swblas-bench-xsmm for
// libxsmm): problem shapes, operands filled with random data, verification of
// sampled entries, best-of-runs timing and the CSV rows run_bench.py reads.
// Operands, checks and calls are written once over the element type T:
// float, double, std::complex<float>, std::complex<double> (s, d, c, z).
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <new>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace swblas_bench {

// The real type under an element type: its precision and its epsilon.
template <class T>
struct real_of {
  using type = T;
};
template <class R>
struct real_of<std::complex<R>> {
  using type = R;
};
template <class T>
using real_t = typename real_of<T>::type;
template <class T>
constexpr bool is_complex = !std::is_same_v<T, real_t<T>>;

// One GEMM problem: C (m x n) += op(A) (m x k) * op(B) (k x n), op one of
// N, T and C (conjugate transpose; the same as T for real types).
struct gemm_shape {
  int m = 0;
  int n = 0;
  int k = 0;
  char transa = 'N';
  char transb = 'N';

  double multiply_adds() const { return static_cast<double>(m) * n * k; }
};

// A real multiply-add is 2 flops, a complex one 8 (four real products and
// four additions), so 2mnk for sgemm/dgemm and 8mnk for cgemm/zgemm.
template <class T>
double gemm_flops(const gemm_shape& shape) {
  return (is_complex<T> ? 8.0 : 2.0) * shape.multiply_adds();
}

// Parses "m,n,k[,ta,tb]" items separated by ';' or whitespace; a lone "n"
// means the square NN problem.  Throws std::invalid_argument.
std::vector<gemm_shape> parse_shapes(const std::string& list);

struct free_deleter {
  void operator()(void* p) const;
};
template <class T>
using aligned_matrix = std::unique_ptr<T[], free_deleter>;

// Uniform in [-1, 1], real and imaginary parts alike.
template <class T>
T random_element(std::uniform_real_distribution<real_t<T>>& uniform, std::mt19937_64& engine) {
  if constexpr (is_complex<T>) {
    const real_t<T> re = uniform(engine);
    return T(re, uniform(engine));
  } else {
    return uniform(engine);
  }
}

template <class T>
inline T conjugate(const T& x) {
  if constexpr (is_complex<T>) return std::conj(x);
  else return x;
}

// count elements, 64-byte aligned, not initialised.
template <class T>
aligned_matrix<T> allocate_matrix(std::size_t count) {
  // aligned_alloc wants a size that is a multiple of the alignment.
  const std::size_t bytes = (count * sizeof(T) + 63) / 64 * 64;
  aligned_matrix<T> matrix(static_cast<T*>(std::aligned_alloc(64, bytes)));
  if (!matrix) throw std::bad_alloc();
  return matrix;
}

// count elements, 64-byte aligned, uniform random in [-1, 1].
template <class T>
aligned_matrix<T> random_matrix(std::size_t count, std::mt19937_64& engine) {
  aligned_matrix<T> matrix = allocate_matrix<T>(count);
  std::uniform_real_distribution<real_t<T>> uniform(-1, 1);
  for (std::size_t i = 0; i < count; ++i) matrix[i] = random_element<T>(uniform, engine);
  return matrix;
}

// Column-major operands stored with the smallest legal leading dimensions
// (lda = m for A not transposed, k otherwise; ldb = k or n; ldc = m), each
// starting offset_bytes past a cache line (0: on one; 16 is where malloc and
// numpy put large blocks), filled with uniform random numbers in [-1, 1]
// (real and imaginary parts alike).
template <class T>
class gemm_operands {
 public:
  gemm_operands(const gemm_shape& shape, std::uint64_t seed, int offset_bytes = 0);

  const gemm_shape& shape() const { return shape_; }
  const T* a() const { return a_.get() + shift_; }
  const T* b() const { return b_.get() + shift_; }
  T* c() { return c_.get() + shift_; }
  int lda() const { return lda_; }
  int ldb() const { return ldb_; }
  int ldc() const { return shape_.m; }

  T op_a(int i, int p) const;  // op(A)(i, p)
  T op_b(int p, int j) const;  // op(B)(p, j)

 private:
  gemm_shape shape_;
  int lda_;
  int ldb_;
  std::size_t shift_;  // elements past the line
  aligned_matrix<T> a_;
  aligned_matrix<T> b_;
  aligned_matrix<T> c_;
};

// Every benchmarked call computes C = 1 * op(A) * op(B) + 1 * C: alpha = 1 and
// beta = 1 are the only scalars libxsmm's JIT kernels take, so all libraries
// get the same problem.
template <class T>
constexpr T bench_alpha = T(1);
template <class T>
constexpr T bench_beta = T(1);
template <class T>
using gemm_call = std::function<void(gemm_operands<T>&)>;

// A naive value of one output entry: the sum, the sum of its terms' moduli
// and their number (compare_entry's scale and products).
template <class T>
struct naive_entry {
  T value = T(0);
  real_t<T> magnitude = 0;
  int products = 0;

  void add(T term) { add(term, std::abs(term)); }

  // With a bound on |term| that is cheaper than the modulus of a complex term
  // (e.g. |re| + |im|, at most sqrt 2 times it: the check loosens as much).
  void add(T term, real_t<T> modulus) {
    value += term;
    magnitude += modulus;
    ++products;
  }
};

// How far two correct evaluations of a sum of `products` products whose
// moduli add up to `scale` may lie apart (see compare_entry).
template <class T>
real_t<T> rounding_bound(real_t<T> scale, int products);

// "" when `computed` lies within rounding_bound of `expected`, an entry
// computed as a sum of `products` products whose moduli add up to `scale`;
// else a description naming C(i, j).
template <class T>
std::string compare_entry(int i, int j, T computed, T expected, real_t<T> scale, int products);

// Calls `call` once (this is also the warm-up call) and compares sampled
// entries of C with dot products computed here.  Returns an empty string when
// all agree within a rounding bound derived from k, else a description.
template <class T>
std::string verify_sampled_entries(const gemm_call<T>& call, gemm_operands<T>& operands);

struct timing_options {
  double min_run_seconds = 0.2;  // one run repeats the call at least this long
  int runs = 5;                  // best of this many runs ...
  double max_seconds = 10.0;     // ... unless the runs would exceed this budget
  long min_calls = 1;            // calls per run at least
  double window_seconds = 0.0;   // > 0: best window of at least this long counts
};

struct timing_result {
  double seconds = 0.0;  // best (smallest) time of one call over all runs
  long calls_per_run = 0;
  int runs = 0;
};

// Times an already warm call (its operands bound in): finds how many calls
// make one run last min_run_seconds (that run counts), then repeats runs and
// keeps the best time per call, of whole runs or, with window_seconds > 0, of
// the fastest window of whole calls inside them.
timing_result time_best_of_runs(const std::function<void()>& call,
                                const timing_options& options);

// Command-line options of the form "--name value", plus value-less flags.
class command_line {
 public:
  command_line(int argc, char** argv, const std::set<std::string>& valued,
               const std::set<std::string>& flags);

  bool has(const std::string& name) const { return values_.count(name) != 0; }
  std::string get(const std::string& name, const std::string& fallback) const;
  double get_double(const std::string& name, double fallback) const;
  long get_long(const std::string& name, long fallback) const;

 private:
  std::map<std::string, std::string> values_;
};

// The options both executables share, read from the command line.
struct run_options {
  std::string label;
  std::string threads;
  std::vector<gemm_shape> shapes;
  timing_options timing;
  std::uint64_t seed = 1;
  int offset_bytes = 0;  // GEMM operands this far past a cache line (gemm_operands)
  bool header = true;
};
extern const std::set<std::string> run_option_names;
extern const std::set<std::string> run_flag_names;
run_options read_run_options(const command_line& cl, const std::string& default_label);
std::string run_options_usage();

// One benchmarked problem of any routine: its flop count, the first call
// (warm-up and check, "" when the result is right) and the call to time, all
// bound to operands the case owns.
struct bench_case {
  double flops = 0.0;
  std::function<std::string()> checked_call;
  std::function<void()> call;
};

// Benchmarks the case make_case builds for every shape and prints one CSV row
// per shape.  A wrong result ends the process with exit status 3.
void run_cases(const run_options& options,
               const std::function<bench_case(const gemm_shape&)>& make_case,
               std::ostream& out);

// run_cases for the GEMM of T with the call make_call returns for each shape.
template <class T>
void run_shapes(const run_options& options,
                const std::function<gemm_call<T>(const gemm_shape&)>& make_call,
                std::ostream& out);

}  // namespace swblas_bench
