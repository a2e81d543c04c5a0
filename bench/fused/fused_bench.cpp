// swblas-bench-fused: the fused GEMM + epilogue call against the same GEMM
// without epilogue (the overhead of fusing), against swblas GEMM followed by
// a separate epilogue pass, and against OpenBLAS GEMM followed by the same
// pass. Libraries are loaded with dlopen (as bench/dgemm does) in one child
// process per thread count, whose environment sets the thread counts before
// the libraries are loaded. Prints a markdown table. --precision s times
// swblas_sgemm_fused against cblas_sgemm (the descriptors, bias included,
// are double in both precisions).
#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "../load_library.h"
#include "bench_harness.h"
#include "swblas.h"

namespace {

// cblas_?gemm and swblas_?gemm_fused of element type T (double or float).
template <class T>
using cblas_gemm_fn = std::conditional_t<std::is_same_v<T, float>, decltype(&cblas_sgemm), decltype(&cblas_dgemm)>;
template <class T>
using fused_fn = std::conditional_t<std::is_same_v<T, float>, decltype(&swblas_sgemm_fused),
                                    decltype(&swblas_dgemm_fused)>;

struct options {
  std::string swblas = "libswblas.so";
  std::string openblas = "/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0";
  std::vector<int> threads = {1, 2};
  std::vector<std::vector<int>> shapes = {
      {512, 512, 512}, {1024, 1024, 1024}, {2048, 2048, 256}, {2048, 2048, 64}, {4096, 4096, 64}};
  double min_time = 0.2;  // seconds per run
  int runs = 3;           // best of
  char precision = 'd';   // d or s
};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, sep);)
    if (!item.empty()) out.push_back(item);
  return out;
}

// Thrown by parse for --help: main prints the usage and succeeds.
struct help_asked {};

options parse(int argc, char** argv) {
  const swblas_bench::command_line cl(argc, argv,
                                      {"swblas", "openblas", "threads", "shapes", "min-time", "runs", "precision"},
                                      {"help"});
  if (cl.has("help")) throw help_asked{};
  options o;
  o.swblas = cl.get("swblas", o.swblas);
  o.openblas = cl.get("openblas", o.openblas);
  if (cl.has("threads")) {
    o.threads.clear();
    for (const std::string& t : split(cl.get("threads", ""), ',')) o.threads.push_back(std::stoi(t));
  }
  if (cl.has("shapes")) {
    o.shapes.clear();
    for (const std::string& shape : split(cl.get("shapes", ""), ';')) {
      std::vector<int> mnk;
      for (const std::string& d : split(shape, ',')) mnk.push_back(std::stoi(d));
      if (mnk.size() != 3) throw std::invalid_argument("shape must be m,n,k: " + shape);
      o.shapes.push_back(mnk);
    }
  }
  o.min_time = cl.get_double("min-time", o.min_time);
  o.runs = static_cast<int>(cl.get_long("runs", o.runs));
  const std::string precision = cl.get("precision", std::string(1, o.precision));
  if (precision != "d" && precision != "s") throw std::invalid_argument("precision must be d or s: " + precision);
  o.precision = precision[0];
  return o;
}

template <typename Fn>
Fn symbol(void* library, const char* name) {
  void* s = library ? dlsym(library, name) : nullptr;
  return reinterpret_cast<Fn>(s);
}

using swblas_bench::open_library;

// Best time of each call over `runs` rounds; a round runs every call for at
// least min_time seconds, one after another, so that the calls compared in
// a row are timed side by side (a shared machine's load drifts over
// seconds: timed one after the other, their ratios drift with it). Each
// call starts after a pause in which the threads the previous one left
// spinning (OpenBLAS's, libgomp's) go to sleep, and each round starts with
// the next call: the call after OpenBLAS's still ran up to 10% slower
// (measured on this machine), so no call may always have that place.
std::vector<double> best_seconds(const std::vector<std::function<void()>>& calls,
                                 const options& o) {
  using clock = std::chrono::steady_clock;
  constexpr auto kSettle = std::chrono::milliseconds(100);
  for (const auto& call : calls) call();  // warm-up
  std::vector<double> best(calls.size(), 1e30);
  for (int r = 0; r < o.runs; ++r)
    for (std::size_t j = 0; j < calls.size(); ++j) {
      const std::size_t i = (r + j) % calls.size();
      std::this_thread::sleep_for(kSettle);
      long count = 0;
      const auto start = clock::now();
      double elapsed = 0.0;
      do {
        calls[i]();
        ++count;
        elapsed = std::chrono::duration<double>(clock::now() - start).count();
      } while (elapsed < o.min_time);
      best[i] = std::min(best[i], elapsed / count);
    }
  return best;
}

struct epilogue_case {
  const char* name;
  swblas_epilogue epi;
};

// One shape and epilogue on the libraries of this process: a table row.
template <class T>
void bench_row(int threads, const std::vector<int>& shape, const epilogue_case& ec,
               cblas_gemm_fn<T> sw_gemm, fused_fn<T> fused, cblas_gemm_fn<T> ob_gemm,
               const options& o) {
  const int m = shape[0], n = shape[1], k = shape[2];
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<T> a(std::size_t(m) * k), b(std::size_t(k) * n), c(std::size_t(m) * n), c_fused;
  std::vector<double> bias(m);
  for (auto* v : {&a, &b})
    for (T& x : *v) x = T(u(gen));
  // Values of T, as a float framework's bias tensor would hold (a float
  // GEMM adds such a bias in registers; any other double goes to the
  // stored tile, see the README).
  for (double& x : bias) x = T(u(gen));
  swblas_epilogue epi = ec.epi;
  epi.bias = epi.bias_kind == SWBLAS_BIAS_NONE ? nullptr : bias.data();
  const auto gemm = [&](cblas_gemm_fn<T> f) {
    f(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, T(1), a.data(), m, b.data(), k, T(0),
      c.data(), m);
  };
  // C := epi(C): the library's element-wise pass (vectorised, OpenMP).
  const auto pass = [&] {
    fused(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, 0, T(0), nullptr, m, nullptr, 1, T(1),
          c.data(), m, nullptr, &epi);
  };
  const auto fused_call = [&] {
    fused(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, T(1), a.data(), m, b.data(), k, T(0),
          c.data(), m, nullptr, &epi);
  };
  // Agreement of the fused call with GEMM + separate pass (sampled).
  fused_call();
  c_fused = c;
  gemm(sw_gemm);
  pass();
  const double tolerance = std::is_same_v<T, float> ? 1e-5 : 1e-10;
  for (std::size_t e = 0; e < c.size(); e += 97)
    if (!(std::fabs(c[e] - c_fused[e]) <= tolerance * (1.0 + std::fabs(c[e])))) {
      std::fprintf(stderr, "fused result differs at %zu: %g vs %g\n", e, double(c_fused[e]), double(c[e]));
      std::exit(3);
    }
  // The epilogue's arithmetic alone: C := epi(0) over a 128 x 192 tile that
  // stays in L2, on one thread (a pass takes a team from 32768 elements
  // on), less the same call on one element (the call's own cost). Branch-free
  // code costs the same for every normal argument, and 0 keeps repeated
  // calls away from subnormals.
  constexpr int kTileRows = 128, kTileCols = 192;
  std::vector<T> tile(std::size_t(kTileRows) * kTileCols);
  const auto tile_pass = [&](int rows, int cols) {
    fused(CblasColMajor, CblasNoTrans, CblasNoTrans, rows, cols, 0, T(0), nullptr, rows, nullptr, 1, T(0),
          tile.data(), rows, nullptr, &epi);
  };
  std::vector<std::function<void()>> calls = {fused_call,
                                               [&] { gemm(sw_gemm); },
                                               [&] { gemm(sw_gemm), pass(); },
                                               [&] { tile_pass(kTileRows, kTileCols); },
                                               [&] { tile_pass(1, 1); }};
  if (ob_gemm) calls.push_back([&] { gemm(ob_gemm), pass(); });
  const std::vector<double> t = best_seconds(calls, o);
  const double t_fused = t[0], t_gemm = t[1], t_sw_pass = t[2];
  // The tile's time per element, for all of C, shared by the threads.
  const double t_alone = (t[3] - t[4]) / (double(kTileRows) * kTileCols - 1.0) * double(m) * n / threads;
  std::string ob = "skipped (not loaded)", ob_ratio = "-";
  if (ob_gemm) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f", t[5] * 1e3);
    ob = buf;
    std::snprintf(buf, sizeof buf, "%.2fx", t[5] / t_fused);
    ob_ratio = buf;
  }
  std::printf("| %d | %d,%d,%d | %s | %.3f | %.3f | %.3f | %.3f | %.2fx | %s | %s | %.3f | %.2f |\n", threads,
              m, n, k, ec.name, t_fused * 1e3, t_gemm * 1e3, t_fused / t_gemm, t_sw_pass * 1e3,
              t_sw_pass / t_fused, ob.c_str(), ob_ratio.c_str(), t_alone * 1e3, (t_fused - t_gemm) / t_alone);
  std::fflush(stdout);
}

// The rows of one child: every shape and epilogue in element type T.
template <class T>
int run_rows(int threads, const options& o, void* sw) {
  const bool single = std::is_same_v<T, float>;
  const auto sw_gemm = symbol<cblas_gemm_fn<T>>(sw, single ? "cblas_sgemm" : "cblas_dgemm");
  const auto fused = symbol<fused_fn<T>>(sw, single ? "swblas_sgemm_fused" : "swblas_dgemm_fused");
  if (!sw_gemm || !fused) return 2;
  const auto ob_gemm = symbol<cblas_gemm_fn<T>>(open_library(o.openblas), single ? "cblas_sgemm" : "cblas_dgemm");
  std::vector<epilogue_case> cases = {
      {"bias+relu", {SWBLAS_BIAS_PER_ROW, nullptr, SWBLAS_ACT_RELU, 0.0, 0.0, 0.0}},
      {"gelu_tanh", {SWBLAS_BIAS_NONE, nullptr, SWBLAS_ACT_GELU_TANH, 0.0, 0.0, 0.0}}};
  // The fast mode (float arithmetic) exists for single precision only.
  if (single) {
    cases.push_back({"gelu_tanh fast", {SWBLAS_BIAS_NONE, nullptr, SWBLAS_ACT_GELU_TANH_FAST, 0.0, 0.0, 0.0}});
    cases.push_back({"gelu_erf", {SWBLAS_BIAS_NONE, nullptr, SWBLAS_ACT_GELU_ERF, 0.0, 0.0, 0.0}});
    cases.push_back({"gelu_erf fast", {SWBLAS_BIAS_NONE, nullptr, SWBLAS_ACT_GELU_ERF_FAST, 0.0, 0.0, 0.0}});
  }
  for (const std::vector<int>& shape : o.shapes)
    for (const epilogue_case& ec : cases) bench_row<T>(threads, shape, ec, sw_gemm, fused, ob_gemm, o);
  return 0;
}

// openblas_core: OPENBLAS_CORETYPE for the child, or "" for OpenBLAS's own
// choice (the variable removed: this machine's environment may set one).
int run_child(int threads, const options& o, const std::string& openblas_core) {
  const std::string t = std::to_string(threads);
  for (const char* name : {"OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "SWBLAS_NUM_THREADS"})
    setenv(name, t.c_str(), 1);
  if (openblas_core.empty())
    unsetenv("OPENBLAS_CORETYPE");
  else
    setenv("OPENBLAS_CORETYPE", openblas_core.c_str(), 1);
  void* sw = open_library(o.swblas);
  if (!sw) {
    std::fprintf(stderr, "cannot load %s: %s\n", o.swblas.c_str(), dlerror());
    return 2;
  }
  return o.precision == 's' ? run_rows<float>(threads, o, sw) : run_rows<double>(threads, o, sw);
}

// Runs f in a child process; returns its exit status, or 128 + the signal.
template <typename F>
int in_child(const F& f) {
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid == 0) std::_Exit(f());
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

// Whether OpenBLAS runs its SkylakeX (AVX-512) kernels here, its best on an
// AVX-512 CPU (OpenBLAS 0.3.21 takes Zen 4/5 for Haswell on its own); they
// die with SIGILL without AVX-512. Returns the status of the probe.
int probe_skylakex(const options& o) {
  const int status = in_child([&] {
    setenv("OPENBLAS_CORETYPE", "SkylakeX", 1);
    setenv("OPENBLAS_NUM_THREADS", "1", 1);
    const auto gemm = symbol<cblas_gemm_fn<double>>(open_library(o.openblas), "cblas_dgemm");
    if (!gemm) return 2;
    std::vector<double> a(64 * 64, 1.0), c(64 * 64);
    gemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 64, 64, 64, 1.0, a.data(), 64, a.data(), 64,
         0.0, c.data(), 64);
    return c[0] == 64.0 ? 0 : 1;
  });
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  const char* const usage =
      "usage: swblas-bench-fused [--swblas PATH] [--openblas PATH] "
      "[--threads 1,2] [--shapes \"m,n,k;...\"] [--min-time S] [--runs N] [--precision d|s]\n";
  try {
    o = parse(argc, argv);
  } catch (const help_asked&) {
    std::fputs(usage, stdout);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n%s", e.what(), usage);
    return 2;
  }
  std::printf(
      "| threads | m,n,k | epilogue | fused ms | swblas GEMM ms | fused / GEMM | "
      "swblas GEMM + pass ms | vs fused | OpenBLAS GEMM + pass ms | vs fused | epilogue alone ms | "
      "(fused - GEMM) / alone |\n"
      "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  const int skylakex = probe_skylakex(o);
  const std::string core = skylakex == 0 ? "SkylakeX" : "";
  int worst = 0;
  for (int threads : o.threads)
    worst = std::max(worst, in_child([&] { return run_child(threads, o, core); }));
  if (skylakex == 0)
    std::printf("\nOpenBLAS: OPENBLAS_CORETYPE=SkylakeX (its AVX-512 kernels).\n");
  else
    std::printf("\nOpenBLAS: its own core choice (OPENBLAS_CORETYPE removed); SkylakeX %s.\n",
                skylakex == 128 + SIGILL ? "dies with SIGILL here (no AVX-512)" : "failed to run");
  return worst;
}
