#include "bench_harness.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>

namespace swblas_bench {

namespace {

char parse_trans(const std::string& field) {
  if (field == "N" || field == "n") return 'N';
  if (field == "T" || field == "t") return 'T';
  if (field == "C" || field == "c") return 'C';
  throw std::invalid_argument("transpose must be N, T or C, got '" + field + "'");
}

int parse_dimension(const std::string& field) {
  std::size_t used = 0;
  const long value = std::stol(field, &used);
  if (used != field.size() || value < 1 || value > std::numeric_limits<int>::max())
    throw std::invalid_argument("bad matrix dimension '" + field + "'");
  return static_cast<int>(value);
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> fields;
  std::stringstream stream(text);
  std::string field;
  while (std::getline(stream, field, separator)) fields.push_back(field);
  return fields;
}

gemm_shape parse_shape(const std::string& item) {
  const std::vector<std::string> fields = split(item, ',');
  gemm_shape shape;
  if (fields.size() == 1) {
    shape.m = shape.n = shape.k = parse_dimension(fields[0]);
    return shape;
  }
  if (fields.size() != 3 && fields.size() != 5)
    throw std::invalid_argument("shape '" + item + "' is not m,n,k[,ta,tb]");
  shape.m = parse_dimension(fields[0]);
  shape.n = parse_dimension(fields[1]);
  shape.k = parse_dimension(fields[2]);
  if (fields.size() == 5) {
    shape.transa = parse_trans(fields[3]);
    shape.transb = parse_trans(fields[4]);
  }
  return shape;
}

template <class T>
struct sampled_entry {
  int i;
  int j;
  T c_before;
};

// The four corners catch edge-tile mistakes; the random ones the interior.
template <class T>
std::vector<sampled_entry<T>> pick_samples(gemm_operands<T>& operands, std::uint64_t seed) {
  const gemm_shape& s = operands.shape();
  std::vector<sampled_entry<T>> samples = {
      {0, 0, T(0)}, {s.m - 1, 0, T(0)}, {0, s.n - 1, T(0)}, {s.m - 1, s.n - 1, T(0)}};
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<int> row(0, s.m - 1);
  std::uniform_int_distribution<int> column(0, s.n - 1);
  for (int r = 0; r < 12; ++r) samples.push_back({row(engine), column(engine), T(0)});
  for (sampled_entry<T>& e : samples)
    e.c_before = operands.c()[e.i + static_cast<std::size_t>(e.j) * operands.ldc()];
  return samples;
}

// Checks one entry against a dot product (see compare_entry).
template <class T>
std::string check_entry(const gemm_operands<T>& operands, const sampled_entry<T>& e,
                        T computed) {
  T dot = T(0);
  real_t<T> magnitude = 0;
  for (int p = 0; p < operands.shape().k; ++p) {
    const T term = operands.op_a(e.i, p) * operands.op_b(p, e.j);
    dot += term;
    magnitude += std::abs(term);
  }
  const T expected = bench_beta<T> * e.c_before + bench_alpha<T> * dot;
  const real_t<T> scale =
      std::abs(bench_alpha<T>) * magnitude + std::abs(bench_beta<T> * e.c_before);
  return compare_entry(e.i, e.j, computed, expected, scale, operands.shape().k);
}

double seconds_for_calls(const std::function<void()>& call, long calls) {
  const auto start = std::chrono::steady_clock::now();
  for (long c = 0; c < calls; ++c) call();
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  return elapsed.count();
}

// How many calls the next calibration run makes: enough to reach the target
// by extrapolation (with a margin), at least twice as many, at most 100 times.
long next_call_count(long calls, double seconds, double target) {
  const double growth = seconds > 0.0 ? std::min(1.2 * target / seconds, 100.0) : 100.0;
  return std::max(2 * calls, static_cast<long>(std::ceil(calls * growth)));
}

// Calls per window: a whole number lasting at least window_seconds, or the
// whole run when windows are off (window_seconds = 0).
long window_calls(long calls, double run_seconds, double window_seconds) {
  if (window_seconds <= 0.0) return calls;
  const double per_call = run_seconds / calls;
  return std::min(calls, std::max(1L, static_cast<long>(std::ceil(window_seconds / per_call))));
}

struct timed_run {
  double seconds = 0.0;                // the whole run
  double best_seconds_per_call = 1e300;  // in its fastest window
};

// One run of `calls` calls timed window by window: on a shared machine a few
// milliseconds often pass without another process on the core, while a whole
// run is always slowed down by some of them.
timed_run run_in_windows(const std::function<void()>& call, long calls, long window) {
  timed_run result;
  for (long done = 0; done < calls; done += window) {
    const long these = std::min(window, calls - done);
    const double seconds = seconds_for_calls(call, these);
    result.seconds += seconds;
    result.best_seconds_per_call = std::min(result.best_seconds_per_call, seconds / these);
  }
  return result;
}

void print_row(std::ostream& out, const run_options& options, const gemm_shape& s,
               double flops, const timing_result& t) {
  char numbers[96];
  std::snprintf(numbers, sizeof numbers, "%.6e,%.3f,%ld,%d", t.seconds,
                flops / t.seconds * 1e-9, t.calls_per_run, t.runs);
  out << options.label << ',' << options.threads << ',' << s.m << ',' << s.n << ',' << s.k
      << ',' << s.transa << ',' << s.transb << ',' << numbers << '\n';
}

}  // namespace

std::vector<gemm_shape> parse_shapes(const std::string& list) {
  std::string normalised = list;
  std::replace_if(normalised.begin(), normalised.end(),
                  [](char c) { return c == ';' || c == ' ' || c == '\t' || c == '\n'; }, ';');
  std::vector<gemm_shape> shapes;
  for (const std::string& item : split(normalised, ';'))
    if (!item.empty()) shapes.push_back(parse_shape(item));
  if (shapes.empty()) throw std::invalid_argument("no shape given");
  return shapes;
}

void free_deleter::operator()(void* p) const { std::free(p); }

// Two correct summation orders differ by at most twice the classical bound
// (terms + 2) * eps * scale, so this cannot reject a right answer yet catches
// any wrong term.  A complex entry is two real sums of twice the products each
// (as the 1m method computes it), and its modulus errs by at most sqrt(2)
// times theirs.
template <class T>
real_t<T> rounding_bound(real_t<T> scale, int products) {
  using real = real_t<T>;
  const real terms = is_complex<T> ? 2 * products : products;
  const real spread = is_complex<T> ? std::sqrt(real(2)) : real(1);
  return 2 * (terms + 2) * std::numeric_limits<real>::epsilon() * scale * spread +
         std::numeric_limits<real>::min();
}

template <class T>
std::string compare_entry(int i, int j, T computed, T expected, real_t<T> scale, int products) {
  const real_t<T> bound = rounding_bound<T>(scale, products);
  if (std::abs(computed - expected) <= bound) return "";
  std::ostringstream message;
  message << "C(" << i << "," << j << ") = " << computed << ", expected " << expected
          << " (allowed error " << bound << ")";
  return message.str();
}

template <class T>
gemm_operands<T>::gemm_operands(const gemm_shape& shape, std::uint64_t seed, int offset_bytes)
    : shape_(shape),
      lda_(shape.transa == 'N' ? shape.m : shape.k),
      ldb_(shape.transb == 'N' ? shape.k : shape.n),
      shift_(static_cast<std::size_t>(offset_bytes) / sizeof(T)) {
  if (offset_bytes < 0 || offset_bytes >= 64 || offset_bytes % sizeof(T) != 0)
    throw std::invalid_argument("--offset must be whole elements below a cache line (64 bytes)");
  std::mt19937_64 engine(seed);
  const std::size_t m = shape.m, n = shape.n, k = shape.k;
  a_ = random_matrix<T>(m * k + shift_, engine);
  b_ = random_matrix<T>(k * n + shift_, engine);
  c_ = random_matrix<T>(m * n + shift_, engine);
}

template <class T>
T gemm_operands<T>::op_a(int i, int p) const {
  const std::size_t ld = lda_;
  const T* a = this->a();
  if (shape_.transa == 'N') return a[i + p * ld];
  return shape_.transa == 'C' ? conjugate(a[p + i * ld]) : a[p + i * ld];
}

template <class T>
T gemm_operands<T>::op_b(int p, int j) const {
  const std::size_t ld = ldb_;
  const T* b = this->b();
  if (shape_.transb == 'N') return b[p + j * ld];
  return shape_.transb == 'C' ? conjugate(b[j + p * ld]) : b[j + p * ld];
}

template <class T>
std::string verify_sampled_entries(const gemm_call<T>& call, gemm_operands<T>& operands) {
  const std::vector<sampled_entry<T>> samples = pick_samples(operands, 0x5eed);
  call(operands);
  for (const sampled_entry<T>& e : samples) {
    const T computed = operands.c()[e.i + static_cast<std::size_t>(e.j) * operands.ldc()];
    const std::string error = check_entry(operands, e, computed);
    if (!error.empty()) return error;
  }
  return "";
}

timing_result time_best_of_runs(const std::function<void()>& call,
                                const timing_options& options) {
  long calls = std::max(1L, options.min_calls);
  double run = seconds_for_calls(call, calls);
  double spent = run;
  while (run < options.min_run_seconds) {
    calls = next_call_count(calls, run, options.min_run_seconds);
    run = seconds_for_calls(call, calls);
    spent += run;
  }
  timing_result result{run / calls, calls, 1};
  const long window = window_calls(calls, run, options.window_seconds);
  while (result.runs < options.runs && spent + run <= options.max_seconds) {
    const timed_run next = run_in_windows(call, calls, window);
    run = next.seconds;
    spent += run;
    result.seconds = std::min(result.seconds, next.best_seconds_per_call);
    ++result.runs;
  }
  return result;
}

command_line::command_line(int argc, char** argv, const std::set<std::string>& valued,
                           const std::set<std::string>& flags) {
  for (int i = 1; i < argc; ++i) {
    std::string name = argv[i];
    if (name.rfind("--", 0) != 0) throw std::invalid_argument("unexpected argument " + name);
    name = name.substr(2);
    const std::size_t equals = name.find('=');
    if (equals != std::string::npos) {
      if (!valued.count(name.substr(0, equals))) throw std::invalid_argument("unknown option --" + name);
      values_[name.substr(0, equals)] = name.substr(equals + 1);
    } else if (flags.count(name)) {
      values_[name] = "1";
    } else if (valued.count(name)) {
      if (i + 1 >= argc) throw std::invalid_argument("--" + name + " needs a value");
      values_[name] = argv[++i];
    } else {
      throw std::invalid_argument("unknown option --" + name);
    }
  }
}

std::string command_line::get(const std::string& name, const std::string& fallback) const {
  const auto found = values_.find(name);
  return found == values_.end() ? fallback : found->second;
}

double command_line::get_double(const std::string& name, double fallback) const {
  return has(name) ? std::stod(get(name, "")) : fallback;
}

long command_line::get_long(const std::string& name, long fallback) const {
  return has(name) ? std::stol(get(name, "")) : fallback;
}

const std::set<std::string> run_option_names = {"label",    "threads",   "shapes", "min-time",
                                                "runs",     "max-time",  "min-calls", "seed",
                                                "window",   "offset"};
const std::set<std::string> run_flag_names = {"no-header", "help"};

run_options read_run_options(const command_line& cl, const std::string& default_label) {
  run_options options;
  options.label = cl.get("label", default_label);
  const char* omp_threads = std::getenv("OMP_NUM_THREADS");
  options.threads = cl.get("threads", omp_threads ? omp_threads : "default");
  options.shapes = parse_shapes(cl.get("shapes", "1000"));
  options.timing.min_run_seconds = cl.get_double("min-time", options.timing.min_run_seconds);
  options.timing.runs = static_cast<int>(cl.get_long("runs", options.timing.runs));
  options.timing.max_seconds = cl.get_double("max-time", options.timing.max_seconds);
  options.timing.min_calls = cl.get_long("min-calls", options.timing.min_calls);
  options.timing.window_seconds = cl.get_double("window", options.timing.window_seconds);
  options.seed = static_cast<std::uint64_t>(cl.get_long("seed", 1));
  options.offset_bytes = static_cast<int>(cl.get_long("offset", 0));
  options.header = !cl.has("no-header");
  return options;
}

std::string run_options_usage() {
  return "  --label NAME       first CSV column\n"
         "  --threads N        thread count (sets OMP/OPENBLAS/BLIS/SWBLAS_NUM_THREADS)\n"
         "  --shapes LIST      'm,n,k[,ta,tb]' or 'n' items separated by ';' (default 1000)\n"
         "  --min-time S       one timed run lasts at least S seconds (default 0.2)\n"
         "  --runs R           report the best of R runs (default 5)\n"
         "  --max-time S       stop adding runs once S seconds are spent (default 10)\n"
         "  --min-calls C      calls per run at least (default 1)\n"
         "  --window S         time each run in windows of >= S seconds (whole calls)\n"
         "                     and keep the fastest window (default 0: whole runs)\n"
         "  --seed X           random data seed (default 1)\n"
         "  --offset B         ?gemm operands B bytes past a cache line (default 0; 16 as\n"
         "                     malloc and numpy place large blocks)\n"
         "  --no-header        omit the CSV header\n";
}

void run_cases(const run_options& options,
               const std::function<bench_case(const gemm_shape&)>& make_case,
               std::ostream& out) {
  if (options.header)
    out << "library,threads,m,n,k,transa,transb,seconds,gflops,calls_per_run,runs" << std::endl;
  for (const gemm_shape& shape : options.shapes) {
    const bench_case problem = make_case(shape);
    const std::string error = problem.checked_call();
    if (!error.empty()) {
      std::cerr << "swblas-bench: wrong result from " << options.label << " for m=" << shape.m
                << " n=" << shape.n << " k=" << shape.k << " " << shape.transa << shape.transb
                << ": " << error << std::endl;
      std::exit(3);
    }
    const timing_result timing = time_best_of_runs(problem.call, options.timing);
    print_row(out, options, shape, problem.flops, timing);
    out.flush();
  }
}

template <class T>
void run_shapes(const run_options& options,
                const std::function<gemm_call<T>(const gemm_shape&)>& make_call,
                std::ostream& out) {
  run_cases(options, [&](const gemm_shape& shape) {
    const auto operands = std::make_shared<gemm_operands<T>>(shape, options.seed, options.offset_bytes);
    const gemm_call<T> call = make_call(shape);
    return bench_case{gemm_flops<T>(shape),
                      [call, operands] { return verify_sampled_entries(call, *operands); },
                      [call, operands] { call(*operands); }};
  }, out);
}

// The four element types of the BLAS GEMMs (sgemm_, dgemm_, cgemm_, zgemm_).
#define SWBLAS_BENCH_ELEMENT_TYPE(T)                                                         \
  template real_t<T> rounding_bound<T>(real_t<T>, int);                                       \
  template std::string compare_entry(int, int, T, T, real_t<T>, int);                        \
  template class gemm_operands<T>;                                                           \
  template std::string verify_sampled_entries(const gemm_call<T>&, gemm_operands<T>&);       \
  template void run_shapes<T>(const run_options&,                                            \
                              const std::function<gemm_call<T>(const gemm_shape&)>&,         \
                              std::ostream&);
SWBLAS_BENCH_ELEMENT_TYPE(float)
SWBLAS_BENCH_ELEMENT_TYPE(double)
SWBLAS_BENCH_ELEMENT_TYPE(std::complex<float>)
SWBLAS_BENCH_ELEMENT_TYPE(std::complex<double>)
#undef SWBLAS_BENCH_ELEMENT_TYPE

}  // namespace swblas_bench
