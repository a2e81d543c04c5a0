// The Sunway performance model (see sunway_model.h).
//
// Time is modelled per mesh step (512x512 of C) as the slowest CPE sees it
// (a full 64x64 tile), following the structure of the generated code:
//   C tile in and out by DMA, not hidden (C stays in LDM across k);
//   per k block: DMA of the CG's A and B tiles (2 x 512 x 256 doubles), which
//     the whole core group shares the DMA bandwidth for;
//   per sub-step: the RMA broadcasts (each CPE receives a 64x32 A and a 32x64
//     B tile) and one micro-kernel call (2 x 64 x 64 x 32 flops per CPE).
// The four variants of paper 000 Fig. 13:
//   DMA only      every CPE fetches its own A and B tile of every sub-step
//                 (8x the DMA traffic), naive CPE loops, nothing overlapped;
//   + ukernel     the same with the micro kernel;
//   + RMA         one DMA per block, tiles shared by row/column broadcast;
//                 transfers and compute still serialised;
//   + hiding      next block's DMA behind this block's compute, next
//                 sub-step's broadcasts behind this sub-step's micro kernel.
//
// Fitted figures. The DMA bandwidth the paper's code sees, the rate of its
// naive CPE code and the RMA bandwidth are not public. They were fitted to
// three of the four averages the paper gives for Fig. 13 (84.89, 240.39 and
// 1052.94 GFLOPS), for 8192^3: 34 GB/s, 0.86 flop/cycle, 64 GB/s per CPE.
// The fourth average (1849.06 GFLOPS with hiding) and the drop for small K
// (few DMA overlaps, the C traffic per step not hidden) are then predictions.
#include "sunway_model.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace swsim::model {

namespace {

constexpr long step_mn = 512, block_k = 256, tile_mn = 64, tile_k = 32, mesh = 8;

long ceil_div(long a, long b) { return (a + b - 1) / b; }

// Depth of sub-step `s` (0-based over the whole K) and of block `b`.
long sub_depth(long k, long s) { return std::min(tile_k, k - s * tile_k); }
long block_depth(long k, long b) { return std::min(block_k, k - b * block_k); }

// Costs of one mesh step, per unit of k depth, from the counted work (so
// that counts from the emulation and from count_workload give the same
// model): flops and RMA bytes per CPE, A and B DMA bytes per core group.
struct step_costs {
  const sunway_figures& f;
  double flops_per_k, rma_per_k, dma_ab_per_k, c_bytes;

  step_costs(const sunway_figures& fig, const workload& w, long k) : f(fig) {
    const double steps_k = static_cast<double>(w.mesh_steps) * k;
    flops_per_k = w.flops / (f.cpes * steps_k);
    rma_per_k = w.rma_bytes_received / (f.cpes * steps_k);
    const double c_get = static_cast<double>(w.dma_put_bytes);  // beta != 0: C comes in as it goes out
    dma_ab_per_k = (w.dma_get_bytes - c_get) / steps_k;
    c_bytes = (c_get + w.dma_put_bytes) / w.mesh_steps;
  }
  double dma(double bytes) const { return bytes / f.dma_bandwidth + f.dma_latency_s; }
  double rma(long depth) const { return rma_per_k * depth / f.rma_bandwidth + f.rma_latency_s; }
  double compute(long depth, double flops_per_cycle) const { return flops_per_k * depth / (flops_per_cycle * f.clock_hz); }
  double ukernel(long depth) const { return compute(depth, f.flops_per_cycle * f.ukernel_efficiency); }
  double c_in_out() const { return c_bytes / f.dma_bandwidth + 2 * f.dma_latency_s; }
  double block_dma(long depth) const { return dma(dma_ab_per_k * depth); }
  // Without RMA every CPE fetches by DMA what it would have received.
  double own_tiles_dma(long depth) const { return dma(f.cpes * rma_per_k * depth); }
};

// One mesh step without RMA: every sub-step fetches, then computes.
double step_without_rma(const step_costs& c, long k, double flops_per_cycle) {
  double t = c.c_in_out();
  for (long s = 0; s < ceil_div(k, tile_k); ++s) t += c.own_tiles_dma(sub_depth(k, s)) + c.compute(sub_depth(k, s), flops_per_cycle);
  return t;
}

double step_serial(const step_costs& c, long k) {
  double t = c.c_in_out();
  for (long b = 0; b < ceil_div(k, block_k); ++b) {
    t += c.block_dma(block_depth(k, b));
    for (long s = b * mesh; s < std::min(ceil_div(k, tile_k), (b + 1) * mesh); ++s) t += c.rma(sub_depth(k, s)) + c.ukernel(sub_depth(k, s));
  }
  return t;
}

// The two-level pipeline: the first block's DMA and each block's first
// broadcasts are exposed; the rest overlaps.
double step_pipelined(const step_costs& c, long k) {
  const long blocks = ceil_div(k, block_k), subs = ceil_div(k, tile_k);
  double t = c.c_in_out() + c.block_dma(block_depth(k, 0));
  for (long b = 0; b < blocks; ++b) {
    const long first = b * mesh, last = std::min(subs, first + mesh);
    double compute = c.rma(sub_depth(k, first));
    for (long s = first; s < last; ++s)
      compute += s + 1 < last ? std::max(c.ukernel(sub_depth(k, s)), c.rma(sub_depth(k, s + 1))) : c.ukernel(sub_depth(k, s));
    t += b + 1 < blocks ? std::max(compute, c.block_dma(block_depth(k, b + 1))) : compute;
  }
  return t;
}

double gflops(const shape& s, double seconds) { return 2.0 * s.m * s.n * s.k / seconds / 1e9; }

}  // namespace

sunway_figures measured_dma_figures() {
  sunway_figures f;
  f.dma_bandwidth = 25e9;
  return f;
}

workload count_workload(const shape& s) {
  workload w;
  const long steps_m = ceil_div(s.m, step_mn), steps_n = ceil_div(s.n, step_mn);
  w.mesh_steps = steps_m * steps_n;
  w.k_blocks = ceil_div(s.k, block_k);
  w.sub_steps = ceil_div(s.k, tile_k);
  const std::uint64_t a = 8ull * s.m * s.k * steps_n, b = 8ull * s.k * s.n * steps_m, c = 8ull * s.m * s.n;
  w.flops = 2ull * s.m * s.n * s.k;
  w.dma_get_bytes = a + b + c;
  w.dma_put_bytes = c;
  w.rma_bytes_received = mesh * (a + b);  // each tile lands in the 8 CPEs of its row / column
  return w;
}

workload workload_from_counters(const cpe_counters& total, const shape& s, std::uint64_t other_get_bytes) {
  workload w = count_workload(s);  // the loop structure
  w.flops = total.flops;
  w.dma_get_bytes = total.dma_get_bytes - other_get_bytes;
  w.dma_put_bytes = total.dma_put_bytes;
  w.rma_bytes_received = total.rma_bytes_received;
  return w;
}

breakdown model_times(const workload& w, long k, const sunway_figures& f) {
  const step_costs c(f, w, k);
  const double steps = static_cast<double>(w.mesh_steps);
  return {steps * step_without_rma(c, k, f.naive_flops_per_cycle),
          steps * step_without_rma(c, k, f.flops_per_cycle * f.ukernel_efficiency), steps * step_serial(c, k),
          steps * step_pipelined(c, k)};
}

breakdown model_times(const shape& s, const sunway_figures& f) { return model_times(count_workload(s), s.k, f); }

std::string breakdown_table(const std::vector<shape>& shapes, const sunway_figures& f) {
  std::ostringstream out;
  char line[200];
  out << "Modelled DGEMM on one SW26010Pro core group (peak " << f.peak_flops() / 1e9 << " GFLOPS), GFLOPS\n";
  std::snprintf(line, sizeof line, "%-20s %10s %10s %10s %10s %8s %12s %14s\n", "shape (MxNxK)", "DMA only",
                "+ukernel", "+RMA", "+hiding", "% peak", "hiding@25GB/s", "cycles(hiding)");
  out << line;
  double sum[5] = {0, 0, 0, 0, 0};
  for (const shape& s : shapes) {
    const breakdown t = model_times(s, f);
    const double g[5] = {gflops(s, t.dma_only), gflops(s, t.with_ukernel), gflops(s, t.with_rma),
                         gflops(s, t.with_hiding), gflops(s, model_times(s, measured_dma_figures()).with_hiding)};
    for (int v = 0; v < 5; ++v) sum[v] += g[v];
    const std::string name = std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
    std::snprintf(line, sizeof line, "%-20s %10.1f %10.1f %10.1f %10.1f %7.1f%% %12.1f %14.4g\n", name.c_str(), g[0], g[1],
                  g[2], g[3], 100.0 * g[3] * 1e9 / f.peak_flops(), g[4], t.with_hiding * f.clock_hz);
    out << line;
  }
  const double n = static_cast<double>(shapes.size());
  std::snprintf(line, sizeof line, "%-20s %10.1f %10.1f %10.1f %10.1f %7.1f%% %12.1f\n", "model, mean", sum[0] / n,
                sum[1] / n, sum[2] / n, sum[3] / n, 100.0 * sum[3] / n * 1e9 / f.peak_flops(), sum[4] / n);
  out << line;
  std::snprintf(line, sizeof line, "%-20s %10.2f %10.2f %10.2f %10.2f %7.1f%% %12s\n", "paper 000, mean", 84.89,
                240.39, 1052.94, 1849.06, 100.0 * 1849.06e9 / f.peak_flops(), "-");
  out << line;
  out << "speedups (model): ukernel x" << sum[1] / sum[0] << ", RMA x" << sum[2] / sum[1] << ", hiding x"
      << sum[3] / sum[2] << "; paper: x2.83, x4.38, x1.76\n";
  return out.str();
}

}  // namespace swsim::model
