// swblas-bench-batch: one cblas_?gemm_batch call of swblas against a loop of
// cblas_?gemm calls of OpenBLAS, a loop of cblas_?gemm calls of swblas and
// (real precisions, one thread, when built with it) a loop of libxsmm's JIT
// kernels, on batches of square problems, for each thread count and one
// precision (--precision s, d, c or z); and each batch's roofline bound from
// the FMA peak and the memory floor measured in the same run. Every (library,
// thread count) is measured in its own child process, forked before anything
// is loaded: the thread counts are read from the environment at load time,
// and one library's spinning worker threads must not steal the cores another
// is being timed on. Prints a markdown table (times and ratios); exits with 3
// if a result is wrong.
#include <dlfcn.h>
#include <omp.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <complex>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "../load_library.h"
#include "bench_harness.h"
#include "fma_peak.h"
#include "memory_loops.h"

#if defined(SWBLAS_BENCH_WITH_LIBXSMM)
// Linked statically with libxsmmnoblas, whose stub dgemm_ stays out of this
// executable's dynamic symbols (no -rdynamic), so the BLAS libraries the other
// children dlopen keep their own.
#include <libxsmm.h>
#endif

namespace {

// CBLAS with LP64 integers (MKL's batched signature); enum values as in cblas.h.
enum { kColMajor = 102, kNoTrans = 111 };

template <class X>
inline constexpr bool is_complex = !std::is_floating_point_v<X>;
// CBLAS's types for elements X: complex scalars and matrices are void
// pointers, real scalars are passed by value.
template <class X>
using stored_t = std::conditional_t<is_complex<X>, void, X>;
template <class X>
using scalar_arg_t = std::conditional_t<is_complex<X>, const void*, X>;
template <class X>
using cblas_gemm_fn = void (*)(int layout, int transa, int transb, int m, int n, int k, scalar_arg_t<X> alpha,
                               const stored_t<X>* a, int lda, const stored_t<X>* b, int ldb, scalar_arg_t<X> beta,
                               stored_t<X>* c, int ldc);
template <class X>
using cblas_gemm_batch_fn = void (*)(int layout, const int* transa, const int* transb, const int* m, const int* n,
                                     const int* k, const stored_t<X>* alpha, const stored_t<X>** a, const int* lda,
                                     const stored_t<X>** b, const int* ldb, const stored_t<X>* beta,
                                     stored_t<X>** c, const int* ldc, int group_count, const int* group_size);

template <class X>
scalar_arg_t<X> scalar_arg(const X& x) {
  if constexpr (is_complex<X>)
    return &x;
  else
    return x;
}

template <class X>
char precision_letter() {
  if constexpr (std::is_same_v<X, float>) return 's';
  if constexpr (std::is_same_v<X, double>) return 'd';
  if constexpr (std::is_same_v<X, std::complex<float>>) return 'c';
  return 'z';
}

struct batch_shape {
  int count = 0, size = 0;  // count problems of size^3
  std::string name() const {
    return std::to_string(count) + "x" + std::to_string(size) + "^3";
  }
};

struct options {
  std::string swblas, openblas = "/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0";
  std::vector<int> threads = {1, 2};
  std::vector<batch_shape> shapes = {{10000, 8}, {10000, 16}, {4000, 32},
                                     {1000, 64}, {100, 128},  {16, 256}};
  double min_run_seconds = 0.2;
  int runs = 5;
  int rounds = 1;  // every child this many times, rounds apart in time
  char precision = 'd';  // s, d, c or z
};

// The operands of one batch: count column-major size x size matrices each,
// contiguous, C := A * B + C (alpha = beta = 1 for every library).
template <class X>
class batch_operands {
  using S = stored_t<X>;

 public:
  explicit batch_operands(const batch_shape& s) : shape_(s), elements_(std::size_t(s.size) * s.size) {
    const std::size_t total = elements_ * s.count;
    a_.resize(total);
    b_.resize(total);
    c_.assign(total, X(0));
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const auto random = [&] {
      if constexpr (is_complex<X>) {
        const double re = u(rng);
        return X(re, u(rng));
      } else {
        return X(u(rng));
      }
    };
    for (X& x : a_) x = random();
    for (X& x : b_) x = random();
    for (int e = 0; e < s.count; ++e) {
      a_ptrs_.push_back(&a_[e * elements_]);
      b_ptrs_.push_back(&b_[e * elements_]);
      c_ptrs_.push_back(&c_[e * elements_]);
    }
  }

  const batch_shape& shape() const { return shape_; }
  const X* a(int e) const { return &a_[e * elements_]; }
  const X* b(int e) const { return &b_[e * elements_]; }
  X* c(int e) { return &c_[e * elements_]; }
  const S** a_array() { return a_ptrs_.data(); }
  const S** b_array() { return b_ptrs_.data(); }
  S** c_array() { return c_ptrs_.data(); }
  void clear_c() { std::fill(c_.begin(), c_.end(), X(0)); }

  // After one call from C = 0: sampled entries of every problem against dot
  // products, within a bound derived from k and the precision.
  bool check() const {
    const int n = shape_.size;
    const double eps = std::numeric_limits<decltype(std::abs(X(0)))>::epsilon();
    for (int e = 0; e < shape_.count; e += std::max(1, shape_.count / 97))
      for (int s = 0; s < 5; ++s) {
        const int i = (s * 7 + e) % n, j = (s * 13 + 3 * e) % n;
        std::complex<double> want = 0.0;
        double magnitude = 0.0;
        for (int l = 0; l < n; ++l) {
          const std::complex<double> product = wide(a_[e * elements_ + i + l * n]) * wide(b_[e * elements_ + l + j * n]);
          want += product;
          magnitude += std::fabs(product.real()) + std::fabs(product.imag());
        }
        if (!(std::abs(wide(c_[e * elements_ + i + j * n]) - want) <= 4.0 * (n + 2) * eps * magnitude)) return false;
      }
    return true;
  }

 private:
  static std::complex<double> wide(const X& x) {
    if constexpr (is_complex<X>)
      return {double(x.real()), double(x.imag())};
    else
      return double(x);
  }

  batch_shape shape_;
  std::size_t elements_;
  std::vector<X> a_, b_, c_;
  std::vector<const S*> a_ptrs_, b_ptrs_;
  std::vector<S*> c_ptrs_;
};

template <class X>
using batch_call = std::function<void(batch_operands<X>&)>;

template <class X>
batch_call<X> loop_of(cblas_gemm_fn<X> gemm) {
  return [gemm](batch_operands<X>& x) {
    const int n = x.shape().size;
    const X one(1);
    for (int e = 0; e < x.shape().count; ++e)
      gemm(kColMajor, kNoTrans, kNoTrans, n, n, n, scalar_arg(one), x.a(e), n, x.b(e), n, scalar_arg(one), x.c(e), n);
  };
}

template <class X>
batch_call<X> batched(cblas_gemm_batch_fn<X> gemm_batch) {
  return [gemm_batch](batch_operands<X>& x) {
    const int trans = kNoTrans, n = x.shape().size, count = x.shape().count;
    const X one(1);
    gemm_batch(kColMajor, &trans, &trans, &n, &n, &n, &one, x.a_array(), &n, x.b_array(), &n, &one, x.c_array(), &n,
               1, &count);
  };
}

#if defined(SWBLAS_BENCH_WITH_LIBXSMM)
// A loop of libxsmm's JIT kernel for the batch's shape (C += A * B, fixed
// leading dimensions), with the prefetch variant libxsmm picks for this CPU
// (LIBXSMM_PREFETCH_AUTO: the kernel is also given the next entry's
// operands) or none; both are timed and the faster kept, as a user tuning a
// loop would. Real precisions only (libxsmm has no complex GEMM kernels);
// null when libxsmm has no kernel for the shape.
template <class X>
batch_call<X> xsmm_loop(int size, bool prefetch) {
  if constexpr (is_complex<X>) {
    return nullptr;
  } else {
    const libxsmm_blasint n = size;
    const X one(1);
    const int flags = LIBXSMM_GEMM_FLAG_NONE;
    const int prefetch_kind = prefetch ? LIBXSMM_PREFETCH_AUTO : LIBXSMM_GEMM_PREFETCH_NONE;
    using kernel_t = void (*)(const X*, const X*, X*, ...);
    kernel_t kernel = nullptr;
    if constexpr (std::is_same_v<X, double>)
      kernel = libxsmm_dmmdispatch(n, n, n, &n, &n, &n, &one, &one, &flags, &prefetch_kind);
    else
      kernel = libxsmm_smmdispatch(n, n, n, &n, &n, &n, &one, &one, &flags, &prefetch_kind);
    if (!kernel) return nullptr;
    return [kernel, prefetch](batch_operands<X>& x) {
      const int last = x.shape().count - 1;
      for (int e = 0; e <= last; ++e) {
        if (!prefetch) {
          kernel(x.a(e), x.b(e), x.c(e));
        } else {
          const int next = std::min(e + 1, last);
          kernel(x.a(e), x.b(e), x.c(e), x.a(next), x.b(next), x.c(next));
        }
      }
    };
  }
}
#endif

// Floating-point operations of one batch: 2 n^3 per real product, four real
// products' worth per complex one.
double batch_flops(const batch_shape& s, bool complex_elements) {
  return (complex_elements ? 8.0 : 2.0) * s.count * double(s.size) * s.size * s.size;
}

// The memory floor: the least traffic any batched GEMM needs (read A, B and
// C, write C: c := c + a + b element by element, entry after entry) on
// `threads` threads, each taking a contiguous range of entries. Batches
// larger than the caches cannot run faster than this whatever the kernel;
// its ratio to the OpenBLAS loop is the largest speed-up the machine allows.
// The threads are an OpenMP team, kept between calls as the libraries keep
// theirs (starting threads at every call cost 50 us, a third of a 2-thread
// 8^3 batch), and the loop has the CPU's widest vectors (memory_loops.h), so
// only the memory limits it. The entries lie one after the other, so a
// thread's range is one stream of each operand: one loop over it, not one
// call per entry (whose cost made the floor of 10000 x 8^3 slower than a
// loop of libxsmm's kernels).
template <class X>
batch_call<X> memory_floor(int threads) {
  return [threads](batch_operands<X>& x) {
    const long count = x.shape().count;
    const long elements = long(x.shape().size) * x.shape().size;
#pragma omp parallel num_threads(threads)
    {
      const int t = omp_get_thread_num(), nt = omp_get_num_threads();
      const long first = count * t / nt, last = count * (t + 1) / nt;
      // A complex entry as its real and imaginary parts, one after the other.
      using real = decltype(std::real(X{}));
      constexpr long parts = sizeof(X) / sizeof(real);
      if (first < last)
        swblas_bench::add_into(reinterpret_cast<real*>(x.c(int(first))),
                               reinterpret_cast<const real*>(x.a(int(first))),
                               reinterpret_cast<const real*>(x.b(int(first))),
                               std::size_t((last - first) * elements * parts));
    }
  };
}

// Best time of one call over `runs` runs, each repeating it for at least
// min_run_seconds (after one checked call, which also warms up).
template <class X>
double time_call(const batch_call<X>& call, batch_operands<X>& x, const options& o, bool checked = true) {
  x.clear_c();
  call(x);
  if (checked && !x.check()) return -1.0;
  using clock = std::chrono::steady_clock;
  double best = 1e30;
  for (int r = 0; r < o.runs; ++r) {
    long calls = 0;
    const clock::time_point start = clock::now();
    double elapsed = 0.0;
    do {
      call(x);
      ++calls;
      elapsed = std::chrono::duration<double>(clock::now() - start).count();
    } while (elapsed < o.min_run_seconds);
    best = std::min(best, elapsed / calls);
  }
  return best;
}

void* load(const std::string& path) {
  void* library = swblas_bench::open_library(path);
  if (!library) throw std::runtime_error("dlopen failed: " + std::string(dlerror()));
  return library;
}

template <typename Fn>
Fn symbol(void* library, const char* name) {
  void* s = dlsym(library, name);
  if (!s) throw std::runtime_error(std::string("missing symbol ") + name);
  return reinterpret_cast<Fn>(s);
}

// The measurements one child makes, as "label shape seconds" lines.
template <class X>
void measure_as(const std::string& which, int threads, const options& o, FILE* out) {
  const std::string t = std::to_string(threads);
  for (const char* name : {"OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "SWBLAS_NUM_THREADS"})
    setenv(name, t.c_str(), 1);
  // OpenBLAS's own core choice, or SkylakeX forced (dies with SIGILL
  // without AVX-512: the parent records that as skipped).
  if (which == "openblas_skx")
    setenv("OPENBLAS_CORETYPE", "SkylakeX", 1);
  else
    unsetenv("OPENBLAS_CORETYPE");
  std::vector<std::pair<std::string, batch_call<X>>> calls;
  if (which == "peak") {
    const bool single = std::is_same_v<X, float> || std::is_same_v<X, std::complex<float>>;
    // A second's worth of short runs for a table, less for a smoke test.
    const double seconds = std::min(1.0, std::max(0.05, 5.0 * o.min_run_seconds));
    const swblas_bench::fma_peak peak = swblas_bench::measure_fma_peak(
        threads, seconds, single ? swblas_bench::fma_precision::f32 : swblas_bench::fma_precision::f64);
    std::fprintf(out, "peak %.6g %s\n", peak.gflops, peak.isa.c_str());
    return;
  }
#if defined(SWBLAS_BENCH_WITH_LIBXSMM)
  if (which == "libxsmm") {
    libxsmm_init();
    for (const batch_shape& s : o.shapes) {
      batch_operands<X> x(s);
      double best = 0.0;  // no kernel: n/a
      for (bool prefetch : {false, true})
        if (const batch_call<X> loop = xsmm_loop<X>(s.size, prefetch)) {
          const double t = time_call(loop, x, o);
          if (t < 0.0 || best == 0.0 || (best > 0.0 && t < best)) best = t;
        }
      std::fprintf(out, "time libxsmm_loop %s %.9g\n", s.name().c_str(), best);
      std::fflush(out);
    }
    libxsmm_finalize();
    return;
  }
#endif
  if (which == "memory") {
    for (const batch_shape& s : o.shapes) {
      batch_operands<X> x(s);
      std::fprintf(out, "time memory_floor %s %.9g\n", s.name().c_str(),
                   time_call(memory_floor<X>(threads), x, o, false));
    }
    return;
  }
  const std::string gemm = std::string("cblas_") + precision_letter<X>() + "gemm";
  if (which == "swblas") {
    void* lib = load(o.swblas);
    calls.emplace_back("swblas_batch", batched<X>(symbol<cblas_gemm_batch_fn<X>>(lib, (gemm + "_batch").c_str())));
    calls.emplace_back("swblas_loop", loop_of<X>(symbol<cblas_gemm_fn<X>>(lib, gemm.c_str())));
  } else {
    void* lib = load(o.openblas);
    if (void* set = dlsym(lib, "openblas_set_num_threads"))
      reinterpret_cast<void (*)(int)>(set)(threads);
    if (void* core = dlsym(lib, "openblas_get_corename"))
      std::fprintf(out, "core %s %s\n", which.c_str(), reinterpret_cast<char* (*)()>(core)());
    calls.emplace_back(which + "_loop", loop_of<X>(symbol<cblas_gemm_fn<X>>(lib, gemm.c_str())));
  }
  for (const batch_shape& s : o.shapes) {
    batch_operands<X> x(s);
    for (const auto& [label, call] : calls)
      std::fprintf(out, "time %s %s %.9g\n", label.c_str(), s.name().c_str(),
                   time_call(call, x, o));
    std::fflush(out);
  }
}

void measure(const std::string& which, int threads, const options& o, FILE* out) {
  switch (o.precision) {
    case 's': return measure_as<float>(which, threads, o, out);
    case 'c': return measure_as<std::complex<float>>(which, threads, o, out);
    case 'z': return measure_as<std::complex<double>>(which, threads, o, out);
    default: return measure_as<double>(which, threads, o, out);
  }
}

// Runs measure() in a child; returns its lines.
std::vector<std::string> in_child(const std::string& which, int threads, const options& o) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    FILE* out = fdopen(fds[1], "w");
    try {
      measure(which, threads, o, out);
    } catch (const std::exception& e) {
      std::fprintf(out, "error %s\n", e.what());
    }
    std::fclose(out);
    _exit(0);
  }
  close(fds[1]);
  FILE* in = fdopen(fds[0], "r");
  std::vector<std::string> lines;
  char line[512];
  while (std::fgets(line, sizeof line, in)) lines.emplace_back(line);
  std::fclose(in);
  int status = 0;
  waitpid(child, &status, 0);
  if (WIFSIGNALED(status))
    lines.push_back("died " + which + " " + strsignal(WTERMSIG(status)) + "\n");
  else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    lines.push_back("error " + which + " child failed\n");
  return lines;
}

std::vector<std::string> split(const std::string& s, char by) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  for (std::string p; std::getline(in, p, by);)
    if (!p.empty()) parts.push_back(p);
  return parts;
}

// Thrown by parse for --help: main prints the usage and succeeds.
struct help_asked {};

options parse(int argc, char** argv) {
  const swblas_bench::command_line cl(
      argc, argv, {"swblas", "openblas", "min-time", "runs", "rounds", "precision", "threads", "shapes"}, {"help"});
  if (cl.has("help")) throw help_asked{};
  options o;
  o.swblas = cl.get("swblas", o.swblas);
  o.openblas = cl.get("openblas", o.openblas);
  o.min_run_seconds = cl.get_double("min-time", o.min_run_seconds);
  o.runs = static_cast<int>(cl.get_long("runs", o.runs));
  o.rounds = static_cast<int>(cl.get_long("rounds", o.rounds));
  const std::string precision = cl.get("precision", std::string(1, o.precision));
  if (precision.size() != 1 || std::string("sdcz").find(precision[0]) == std::string::npos)
    throw std::invalid_argument("--precision must be s, d, c or z: " + precision);
  o.precision = precision[0];
  if (cl.has("threads")) {
    o.threads.clear();
    for (const std::string& t : split(cl.get("threads", ""), ',')) o.threads.push_back(std::stoi(t));
  }
  if (cl.has("shapes")) {
    o.shapes.clear();
    for (const std::string& s : split(cl.get("shapes", ""), ',')) {
      const std::size_t x = s.find('x');
      o.shapes.push_back({std::stoi(s.substr(0, x)), std::stoi(s.substr(x + 1))});
    }
  }
  if (o.swblas.empty()) throw std::invalid_argument("--swblas PATH is required");
  return o;
}

std::string cell(double seconds) {
  if (seconds == 0.0) return "n/a";
  if (seconds < 0.0) return "WRONG";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds * 1e3);
  return text;
}

std::string ratio(double slow, double fast) {
  if (slow <= 0.0 || fast <= 0.0) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%.2fx", slow / fast);
  return text;
}

// A share as a percentage ("n/a" when either side is missing).
std::string share(double part, double whole) {
  if (part <= 0.0 || whole <= 0.0) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%.0f%%", 100.0 * part / whole);
  return text;
}

// Which children run for a thread count: libxsmm's kernels run on the calling
// thread only, so its loop is a single-threaded peer.
std::vector<std::string> children(int threads) {
  std::vector<std::string> which = {"swblas", "openblas", "openblas_skx", "memory", "peak"};
#if defined(SWBLAS_BENCH_WITH_LIBXSMM)
  if (threads == 1) which.push_back("libxsmm");
#else
  (void)threads;
#endif
  return which;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  const char* const usage =
      "usage: swblas-bench-batch --swblas PATH [--openblas PATH] "
      "[--threads 1,2] [--shapes 10000x8,16x256] [--min-time S] [--runs N] "
      "[--rounds R] [--precision s|d|c|z]\n";
  try {
    o = parse(argc, argv);
  } catch (const help_asked&) {
    std::fputs(usage, stdout);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n%s", e.what(), usage);
    return 2;
  }
  // seconds[label][threads][shape]
  std::map<std::string, std::map<int, std::map<std::string, double>>> seconds;
  std::map<int, double> peak_gflops;  // the best over the rounds
  std::map<int, std::string> peak_isa;
  std::map<std::string, std::string> core = {{"openblas", "?"}, {"openblas_skx", "?"}};
  std::string skx_status = "measured";
  bool failed = false;
  // Rounds: the machines here are shared, and a burst of another tenant's
  // memory traffic can slow one child down for seconds; every cell keeps
  // its best round, so the libraries are compared at their quietest.
  for (int round = 0; round < o.rounds; ++round) {
    for (int threads : o.threads)
      for (const std::string& which : children(threads))
        for (const std::string& line : in_child(which, threads, o)) {
          const std::vector<std::string> f = split(line.substr(0, line.size() - 1), ' ');
          if (f.size() == 4 && f[0] == "time") {
            const double t = std::stod(f[3]);
            double& cell = seconds[f[1]][threads][f[2]];
            if (t < 0.0 || cell == 0.0 || (cell > 0.0 && t < cell)) cell = t;
            failed = failed || t < 0.0;
          } else if (f.size() == 3 && f[0] == "peak") {
            peak_gflops[threads] = std::max(peak_gflops[threads], std::stod(f[1]));
            peak_isa[threads] = f[2];
          } else if (f.size() == 3 && f[0] == "core") {
            core[f[1]] = f[2];
          } else if (f.size() >= 2 && f[0] == "died" && f[1] == "openblas_skx") {
            skx_status = "skipped (the child died: " + line.substr(f[0].size() + f[1].size() + 2);
            skx_status.back() = ')';
          } else {
            std::fprintf(stderr, "%s", line.c_str());
            failed = failed || which == "swblas";
          }
        }
  }
  const bool complex_elements = o.precision == 'c' || o.precision == 'z';
  const bool single = o.precision == 's' || o.precision == 'c';
  // The ratio is taken against the faster OpenBLAS loop: its own core
  // choice or its SkylakeX kernels where they run. The roofline bound is the
  // larger of the batch's flops at the measured FMA peak and the memory
  // floor; "bound / batch" is the share of it the batched call reaches.
  std::printf("Precision %c: cblas_%cgemm_batch against loops of cblas_%cgemm%s.\n\n", o.precision, o.precision,
              o.precision, complex_elements ? "" : " and of libxsmm's JIT kernels");
  std::printf("| batch | threads | swblas batch (ms) | swblas loop (ms) | OpenBLAS loop (ms) | "
              "OpenBLAS SkylakeX loop (ms) | libxsmm loop (ms) | batch / best OpenBLAS loop | "
              "batch / libxsmm loop (target >= 1.00x) | memory floor (ms) | flops at FMA peak (ms) | "
              "bound / batch (target >= 90%%) |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  const bool skx_ran = skx_status == "measured";
  for (int threads : o.threads)
    for (const batch_shape& s : o.shapes) {
      const std::string n = s.name();
      const double batch = seconds["swblas_batch"][threads][n];
      const double openblas = seconds["openblas_loop"][threads][n];
      const double loop = seconds["swblas_loop"][threads][n];
      const double skx = seconds["openblas_skx_loop"][threads][n];
      const double xsmm = seconds["libxsmm_loop"][threads][n];
      const double floor = seconds["memory_floor"][threads][n];
      const double compute =
          peak_gflops[threads] > 0.0 ? batch_flops(s, complex_elements) / (peak_gflops[threads] * 1e9) : 0.0;
      const double bound = std::max(floor, compute);
      const double best = skx_ran && skx > 0.0 && skx < openblas ? skx : openblas;
      std::printf("| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", n.c_str(), threads,
                  cell(batch).c_str(), cell(loop).c_str(), cell(openblas).c_str(),
                  skx_ran ? cell(skx).c_str() : "skipped", cell(xsmm).c_str(), ratio(best, batch).c_str(),
                  ratio(xsmm, batch).c_str(), cell(floor).c_str(), cell(compute).c_str(),
                  share(bound, batch).c_str());
    }
  std::printf("\nFMA peak (%s, measured in this run):", single ? "float" : "double");
  for (int threads : o.threads)
    std::printf(" %.1f GFLOP/s on %d thread%s (%s);", peak_gflops[threads], threads, threads == 1 ? "" : "s",
                peak_isa[threads].c_str());
  std::printf("\nOpenBLAS core: %s (its own choice). OPENBLAS_CORETYPE=SkylakeX: %s, core %s.\n",
              core["openblas"].c_str(), skx_status.c_str(), core["openblas_skx"].c_str());
  return failed ? 3 : 0;
}
