// In-cache throughput of every micro kernel the CPU can run, as GFLOP/s and
// as a share of the FMA peak measured here, plus packing bandwidth.
//
//   l1:  one A and one B micro-panel (kc = 256), the same C tile: what the
//        register block and its k loop reach with everything in L1.
//   l1 edge: the same through the edge adapter, as an (MR-1) x (NR-1) tile.
//   l2:  the macro kernel's ir loop: an A block of ~192 KiB (L2) streamed
//        panel by panel against one B micro-panel (L1), C strip mc x NR.
//   l2 k64: the same loop at k = 64 with beta = 0, then with a row bias and
//        relu fused into the tile's store (the epilogue's in-cache cost).
//   smallN: the unpacked small path on N x N x N.
// Times are the best of many short repetitions (~0.5 ms each): on a shared
// machine the best one is the one that ran without being preempted. The
// peak is measured before and after each kernel; the larger one counts.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "fma_peak.h"
#include "small_gemm.h"
#include "ukernel.h"

namespace swblas::bench {
namespace {

constexpr dim_t kKc = 256;
constexpr int kRepetitions = 200;

struct aligned_free {
  void operator()(double* p) const { std::free(p); }
};
using buffer = std::unique_ptr<double[], aligned_free>;

buffer make_buffer(std::size_t n, double fill) {
  const std::size_t bytes = (n * sizeof(double) + kPackAlignment - 1) /
                            kPackAlignment * kPackAlignment;
  buffer b(static_cast<double*>(std::aligned_alloc(kPackAlignment, bytes)));
  for (std::size_t i = 0; i < n; ++i)
    b[i] = fill + 1e-3 * static_cast<double>(i % 97);
  return b;
}

bool cpu_supports(isa i) {
  switch (i) {
    case isa::generic:
      return true;
    case isa::avx2:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case isa::avx512:
      return __builtin_cpu_supports("avx512f") &&
             __builtin_cpu_supports("avx512vl") &&
             __builtin_cpu_supports("avx512dq");  // the avx512 kernel flags
    default:
      return false;
  }
}

// Best time in seconds of `run` over kRepetitions.
double best_seconds(const std::function<void()>& run) {
  double best = 1e30;
  for (int r = 0; r < kRepetitions; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
  }
  return best;
}

double peak_gflops(isa i) {
  using chains = std::int64_t (*)(std::int64_t);
  chains f = nullptr;
  if (i == isa::avx2) f = fma_chains_avx2;
  if (i == isa::avx512) f = fma_chains_avx512;
  if (f == nullptr) return 0.0;
  constexpr std::int64_t kIterations = 250'000;
  std::int64_t flops = 0;
  const double t = best_seconds([&] { flops = f(kIterations); });
  return static_cast<double>(flops) / t * 1e-9;
}

// One measured throughput of a kernel.
struct rate {
  std::string what;
  double gflops;
};

// Full tiles with A, B and C in L1, then the same tile through the edge
// adapter as an (MR-1) x (NR-1) edge tile, counted as full-tile flops so
// that the gap between the two is the adapter's cost.
void bench_l1(const dgemm_ukernel_desc& d, std::vector<rate>* out) {
  const buffer ap = make_buffer(d.mr * kKc, 0.5);
  const buffer bp = make_buffer(d.nr * kKc, 0.25);
  buffer c = make_buffer(d.mr * d.nr, 0.0);
  constexpr int kCalls = 250;
  const double flops = 2.0 * d.mr * d.nr * kKc * kCalls;
  const double t = best_seconds([&] {
    for (int i = 0; i < kCalls; ++i)
      d.ukernel_full(kKc, 1.0, ap.get(), bp.get(), 1.0, c.get(), d.mr);
  });
  out->push_back({"l1", flops / t * 1e-9});
  const double te = best_seconds([&] {
    for (int i = 0; i < kCalls; ++i)
      d.ukernel(d.mr - 1, d.nr - 1, kKc, 1.0, ap.get(), bp.get(), 1.0, c.get(),
                d.mr);
  });
  out->push_back({"l1 edge", flops / te * 1e-9});
}

// The macro kernel's ir loop: mc / MR packed A panels (about 96 rows) swept
// against one B micro-panel of depth k, each into its own MR-row strip of an
// mc x NR C. A sweep count that keeps the work per timing at 250 sweeps of
// kc = 256 (about 0.5 ms).
struct ir_loop {
  ir_loop(const dgemm_ukernel_desc& desc, dim_t depth, double b_fill)
      : d(desc),
        k(depth),
        panels(std::max<dim_t>(1, 96 / desc.mr)),
        mc(panels * desc.mr),
        sweeps(static_cast<int>(250 * kKc / depth / panels)),
        ap(make_buffer(mc * depth, 0.5)),
        bp(make_buffer(desc.nr * depth, b_fill)),
        c(make_buffer(mc * desc.nr, 0.0)) {}

  // GFLOP/s of tile(p, A panel p, its C strip) over every panel and sweep.
  template <class Tile>
  double gflops(const Tile& tile) {
    const double t = best_seconds([&] {
      for (int s = 0; s < sweeps; ++s)
        for (dim_t p = 0; p < panels; ++p) tile(p, ap.get() + p * d.mr * k, c.get() + p * d.mr);
    });
    return 2.0 * mc * d.nr * k * sweeps / t * 1e-9;
  }

  const dgemm_ukernel_desc& d;
  const dim_t k, panels, mc;
  const int sweeps;
  const buffer ap, bp;
  buffer c;
};

// A panels from L2 against one B panel in L1, beta = 1.
void bench_l2(const dgemm_ukernel_desc& d, std::vector<rate>* out) {
  ir_loop l(d, kKc, 0.25);
  out->push_back({"l2", l.gflops([&](dim_t, const double* ap, double* c) {
                    d.ukernel_full(kKc, 1.0, ap, l.bp.get(), 1.0, c, l.mc);
                  })});
}

// The ir loop at k = 64, the shape of the fused-GEMM benchmark's k = 64
// problems, beta = 0: the plain full tile, then the same with a row bias and
// relu applied in registers. The gap is the epilogue's in-cache cost.
void bench_l2_epilogue(const dgemm_ukernel_desc& d, std::vector<rate>* out) {
  constexpr dim_t kK = 64;
  ir_loop l(d, kK, -0.25);
  out->push_back({"l2 k64", l.gflops([&](dim_t, const double* ap, double* c) {
                    d.ukernel_full(kK, 1.0, ap, l.bp.get(), 0.0, c, l.mc);
                  })});
  const buffer bias = make_buffer(l.mc, 0.125);
  tile_epilogue e;
  e.op = tile_op::relu;
  e.rs_bias = 1;
  out->push_back({"l2 k64 bias+relu", l.gflops([&](dim_t p, const double* ap, double* c) {
                    e.bias = bias.get() + p * d.mr;
                    d.ukernel_epilogue(d.mr, d.nr, kK, 1.0, ap, l.bp.get(), 0.0, c, l.mc, e);
                  })});
}

// The unpacked small path on cubes that stay in L1/L2 (what the runtime
// weighs against pack + macro kernel for small problems).
void bench_small(const dgemm_small_desc& r, std::vector<rate>* out) {
  for (dim_t n : {16, 32, 64, 128}) {
    const buffer a = make_buffer(n * n, 0.5);
    const buffer b = make_buffer(n * n, 0.25);
    buffer c = make_buffer(n * n, 0.0);
    const int calls =
        static_cast<int>(std::max<dim_t>(1, 500'000 / (n * n * n)));
    const double t = best_seconds([&] {
      for (int i = 0; i < calls; ++i)
        r.gemm(n, n, n, 1.0, a.get(), n, b.get(), 1, n, 1.0, c.get(), n, nullptr);
    });
    out->push_back(
        {"small" + std::to_string(n), 2.0 * n * n * n * calls / t * 1e-9});
  }
}

void report(const dgemm_ukernel_desc& d, const std::vector<rate>& rates,
            double peak) {
  if (peak > 0.0)
    std::printf("%-12s peak     %7.2f GFLOP/s (FMA chains, %s)\n", d.name, peak,
                isa_name(d.needs));
  for (const rate& r : rates) {
    std::printf("%-12s %-16s %7.2f GFLOP/s", d.name, r.what.c_str(), r.gflops);
    if (peak > 0.0) std::printf("  %5.1f%% of peak", 100.0 * r.gflops / peak);
    std::printf("\n");
  }
}

// Packing of an mc x kc block of A and a kc x nc panel of B from a
// 1000 x 1000 column-major matrix (8 MB: in L3, as in an n = 1000 DGEMM),
// both orientations. GB/s counts the doubles packed.
void bench_pack(const dgemm_ukernel_desc& d) {
  constexpr dim_t kLd = 1000, kMc = 192, kNc = 960;
  const buffer src = make_buffer(kLd * kLd, 1.0);
  buffer dst = make_buffer(kNc * kKc + d.mr * kKc, 0.0);
  struct pack_case {
    const char* name;
    dim_t doubles;
    std::function<void()> run;
  };
  const pack_case cases[] = {
      {"pack_a N", kMc * kKc,
       [&] { d.pack_a(kMc, kKc, src.get(), 1, kLd, dst.get()); }},
      {"pack_a T", kMc * kKc,
       [&] { d.pack_a(kMc, kKc, src.get(), kLd, 1, dst.get()); }},
      {"pack_b N", kNc * kKc,
       [&] { d.pack_b(kKc, kNc, src.get(), 1, kLd, dst.get()); }},
      {"pack_b T", kNc * kKc,
       [&] { d.pack_b(kKc, kNc, src.get(), kLd, 1, dst.get()); }},
  };
  for (const pack_case& pc : cases) {
    const double t = best_seconds(pc.run);
    std::printf("%-12s %-8s %7.2f GB/s (%lld doubles, %.1f us)\n", d.name,
                pc.name, pc.doubles * 8.0 / t * 1e-9,
                static_cast<long long>(pc.doubles), t * 1e6);
  }
}

}  // namespace
}  // namespace swblas::bench

int main() {
  using namespace swblas;
  std::size_t count = 0;
  const dgemm_ukernel_desc* const* kernels = ukernel_registry(&count);
  for (std::size_t i = 0; i < count; ++i) {
    const dgemm_ukernel_desc& d = *kernels[i];
    if (!bench::cpu_supports(d.needs)) {
      std::printf("%-12s skipped: this CPU lacks %s\n", d.name,
                  isa_name(d.needs));
      continue;
    }
    const double peak_before = bench::peak_gflops(d.needs);
    std::vector<bench::rate> rates;
    bench::bench_l1(d, &rates);
    bench::bench_l2(d, &rates);
    bench::bench_l2_epilogue(d, &rates);
    if (const dgemm_small_desc* r = small_gemm_for(d)) bench::bench_small(*r, &rates);
    const double peak_after = bench::peak_gflops(d.needs);
    bench::report(d, rates, std::max(peak_before, peak_after));
    bench::bench_pack(d);
  }
  return 0;
}
