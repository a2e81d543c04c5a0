// swblas-bench-call-times: the time of single BLAS calls as a program sees
// them, mean and best, in a loop or after an idle pause: dgemm_ of an n^3
// problem, or a batch of `count` n^3 problems (cblas_dgemm_batch_strided of
// swblas; a library without it runs a loop of cblas_dgemm, as its users
// would). The library is loaded with dlopen, so one executable times
// swblas, OpenBLAS and BLIS alike; the thread count comes from the
// environment (bench/threads/run_threads_bench.py sets it).
//
//   swblas-bench-call-times --lib PATH --n N [--count C] [--calls K] [--idle-ms MS]
//
// Prints one line: "mean_ms best_ms calls".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "../load_library.h"
#include "bench_harness.h"

namespace {

using dgemm_fn = void (*)(const char*, const char*, const int*, const int*, const int*, const double*,
                          const double*, const int*, const double*, const int*, const double*, double*,
                          const int*);
using cblas_dgemm_fn = void (*)(int, int, int, int, int, int, double, const double*, int, const double*, int,
                                double, double*, int);
using batch_strided_fn = void (*)(int, int, int, int, int, int, double, const double*, int, int, const double*,
                                  int, int, double, double*, int, int, int);
constexpr int kColMajor = 102, kNoTrans = 111;

struct options {
  std::string lib;
  int n = 0, count = 0, calls = 200;
  double idle_ms = 0;
};

options parse(int argc, char** argv) {
  const swblas_bench::command_line cl(argc, argv, {"lib", "n", "count", "calls", "idle-ms"}, {});
  options o;
  o.lib = cl.get("lib", o.lib);
  o.n = static_cast<int>(cl.get_long("n", o.n));
  o.count = static_cast<int>(cl.get_long("count", o.count));
  o.calls = static_cast<int>(cl.get_long("calls", o.calls));
  o.idle_ms = cl.get_double("idle-ms", o.idle_ms);
  if (o.lib.empty() || o.n <= 0 || o.calls <= 0) throw std::invalid_argument("need --lib and --n");
  return o;
}

}  // namespace

int main(int argc, char** argv) try {
  const options o = parse(argc, argv);
  const int n = o.n, entries = std::max(o.count, 1);
  const std::size_t size = std::size_t(n) * n;
  std::vector<double> a(size * entries), b(size * entries), c(size * entries, 0.0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = double(i % 13) / 13 - 0.5;
    b[i] = double(i % 7) / 7 - 0.5;
  }
  void* library = swblas_bench::open_library(o.lib);
  if (!library) throw std::runtime_error(std::string("dlopen failed: ") + dlerror());
  const auto dgemm = reinterpret_cast<dgemm_fn>(dlsym(library, "dgemm_"));
  const auto cblas_dgemm = reinterpret_cast<cblas_dgemm_fn>(dlsym(library, "cblas_dgemm"));
  const auto batch = reinterpret_cast<batch_strided_fn>(dlsym(library, "cblas_dgemm_batch_strided"));
  if (!dgemm || !cblas_dgemm) throw swblas_bench::missing_symbol("library lacks dgemm_ or cblas_dgemm");
  const int stride = static_cast<int>(size);
  const auto call = [&] {
    if (o.count == 0) {
      const double one = 1.0, zero = 0.0;
      dgemm("N", "N", &n, &n, &n, &one, a.data(), &n, b.data(), &n, &zero, c.data(), &n);
    } else if (batch) {
      batch(kColMajor, kNoTrans, kNoTrans, n, n, n, 1.0, a.data(), n, stride, b.data(), n, stride, 0.0, c.data(),
            n, stride, o.count);
    } else {
      for (int e = 0; e < o.count; ++e)
        cblas_dgemm(kColMajor, kNoTrans, kNoTrans, n, n, n, 1.0, a.data() + e * size, n, b.data() + e * size, n,
                    0.0, c.data() + e * size, n);
    }
  };
  for (int warm = 0; warm < 3; ++warm) call();
  std::vector<double> ms;
  ms.reserve(std::size_t(o.calls));
  for (int i = 0; i < o.calls; ++i) {
    if (o.idle_ms > 0) std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(o.idle_ms));
    const auto start = std::chrono::steady_clock::now();
    call();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  double mean = 0;
  for (double t : ms) mean += t;
  mean /= double(ms.size());
  std::printf("%.6f %.6f %d\n", mean, *std::min_element(ms.begin(), ms.end()), o.calls);
  return 0;
} catch (const swblas_bench::missing_symbol& e) {
  std::fprintf(stderr, "swblas-bench-call-times: %s\n", e.what());
  return 5;
} catch (const std::exception& e) {
  std::fprintf(stderr, "swblas-bench-call-times: %s\n", e.what());
  return 2;
}
