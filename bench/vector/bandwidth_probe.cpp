#include "bandwidth_probe.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>

#include "bench_harness.h"
#include "fma_peak.h"
#include "memory_loops.h"

namespace swblas_bench {

namespace {

std::string read_word(const std::string& path) {
  std::ifstream file(path);
  std::string word;
  file >> word;
  return word;
}

// "32768K" -> bytes; 0 when unreadable.
std::size_t parse_cache_size(const std::string& text) {
  std::size_t used = 0;
  std::size_t value = 0;
  try {
    value = std::stoul(text, &used);
  } catch (const std::exception&) {
    return 0;
  }
  const char unit = used < text.size() ? text[used] : ' ';
  return value * (unit == 'K' ? 1024 : unit == 'M' ? 1024 * 1024 : 1);
}

// Thread t's share of n elements, whole cache lines: the same split in the
// first touch and in every kernel, so each thread works on the pages it
// placed.
std::pair<std::size_t, std::size_t> share(std::size_t n, int t, int threads) {
  const std::size_t lines = n / 8;
  return {lines * t / threads * 8, t + 1 == threads ? n : lines * (t + 1) / threads * 8};
}

double sink = 0.0;  // keeps the read kernel's sums alive

enum class kernel { read, update, triad };

// One pass of the kernel over the arrays, a share per thread (one pinned to
// each of cpus); its seconds.
double run_pass(kernel k, double* a, const double* b, const double* c, std::size_t n,
                const std::vector<int>& cpus) {
  const double s = 1e-3;
  std::vector<double> totals(cpus.size());
  const double seconds = timed_parallel_run(cpus, [&](std::size_t t) {
    const auto [begin, end] = share(n, static_cast<int>(t), static_cast<int>(cpus.size()));
    const std::size_t length = end - begin;
    if (k == kernel::read)
      totals[t] = read_sum(a + begin, length);
    else if (k == kernel::update)
      update(a + begin, b + begin, s, length);
    else
      triad(a + begin, b + begin, c + begin, s, length);
  });
  for (double total : totals) sink += total;
  return seconds;
}

}  // namespace

// No CPU has a last-level cache of this size per die: hypervisors report
// such figures (a 2-vCPU KVM guest of a Zen 5: 508 MiB), which made the
// probe's arrays 2 GiB each and counted 80 MB vectors as in cache. (The
// library rejects them as well: src/topology.cpp.)
constexpr std::size_t kMostPlausibleLlc = std::size_t{256} << 20;
constexpr std::size_t kFallbackLlc = std::size_t{32} << 20;

std::size_t last_level_cache_bytes() {
  int best_level = 0;
  std::size_t best = 0;
  for (int index = 0; index < 16; ++index) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    const std::string level = read_word(dir + "/level");
    if (level.empty()) break;
    if (read_word(dir + "/type") == "Instruction") continue;
    const std::size_t size = parse_cache_size(read_word(dir + "/size"));
    if (std::stoi(level) >= best_level && size > 0) best_level = std::stoi(level), best = size;
  }
  if (best > 0 && best <= kMostPlausibleLlc) return best;
  const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
  return l3 > 0 && std::size_t(l3) <= kMostPlausibleLlc ? static_cast<std::size_t>(l3) : kFallbackLlc;
}

std::vector<bandwidth> measure_bandwidth(int threads, double min_seconds) {
  const std::size_t n = 4 * last_level_cache_bytes() / sizeof(double);
  const std::vector<int> cores = one_cpu_per_core();
  std::vector<int> cpus;
  for (int t = 0; t < threads; ++t) cpus.push_back(cores[t % cores.size()]);
  aligned_matrix<double> a = allocate_matrix<double>(n);
  aligned_matrix<double> b = allocate_matrix<double>(n);
  aligned_matrix<double> c = allocate_matrix<double>(n);
  // First touch by the thread that later works on the share.
  timed_parallel_run(cpus, [&](std::size_t t) {
    const auto [begin, end] = share(n, static_cast<int>(t), threads);
    std::fill(a.get() + begin, a.get() + end, 1.0);
    std::fill(b.get() + begin, b.get() + end, 2.0);
    std::fill(c.get() + begin, c.get() + end, 0.5);
  });
  const struct {
    kernel k;
    const char* name;
    int bytes;
  } kernels[] = {{kernel::read, "read", 8}, {kernel::update, "update", 24},
                 {kernel::triad, "triad", 32}};
  std::vector<bandwidth> results;
  for (const auto& kind : kernels) {
    double best = 1e300;
    double spent = 0.0;
    for (int run = 0; run < 5 || spent < min_seconds; ++run) {
      const double seconds = run_pass(kind.k, a.get(), b.get(), c.get(), n, cpus);
      best = std::min(best, seconds);
      spent += seconds;
    }
    results.push_back({kind.name, threads, static_cast<double>(kind.bytes) * n / best * 1e-9,
                       kind.bytes, n * sizeof(double)});
  }
  return results;
}

}  // namespace swblas_bench
