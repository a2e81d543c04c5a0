// A performance model of the generated Sunway DGEMM on one SW26010Pro core
// group (64 CPEs), and the breakdown of paper 000's Fig. 13: DMA only,
// + micro kernel, + RMA, + latency hiding.
//
// Inputs are the work of the generated code (DMA bytes and their contiguous
// block size, RMA bytes, micro-kernel flops), either counted by the
// emulation (swsim::counters) or computed from the shape by
// count_workload(), which the tests check against the emulation's counters.
// The machine figures and where each comes from are in sunway_figures.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "swsim/sim.h"

namespace swsim::model {

// SW26010Pro figures per core group. Sourced ones cite docs/targets.md (which
// cites its own sources); "fitted" ones are unknown publicly and were fitted
// to paper 000's Fig. 13 averages (see sunway_model.cpp and sim/README.md).
struct sunway_figures {
  double clock_hz = 2.25e9;              // CPE clock (docs/targets.md A.1)
  double flops_per_cycle = 16;           // one 8-wide FMA per cycle per CPE (A.1, derived)
  int cpes = 64;                         // 8x8 mesh (A.1)
  double ukernel_efficiency = 0.95;      // vendor 64x64x32 asm kernel, of peak (assumed; paper 7.2 "near-peak")
  double naive_flops_per_cycle = 0.86;   // scalar CPE loop nest (fitted: Fig. 13 "DMA only" average)
  double dma_bandwidth = 34e9;           // bytes/s per CG for >= 512-byte blocks (fitted; between swops'
                                         // measured 23-26 GB/s and the DDR4-3200 peak 51.2 GB/s, A.1)
  double dma_latency_s = 1e-6;           // per wave of requests (assumed; not public, docs/targets.md)
  double rma_bandwidth = 64e9;           // bytes/s received per CPE (fitted: Fig. 13 "+ RMA" average)
  double rma_latency_s = 0.2e-6;         // per broadcast step, barrier included (assumed)

  double peak_flops() const { return clock_hz * flops_per_cycle * cpes; }  // 2304 GFLOPS
};

// The same figures with the DMA bandwidth swops measured on one core group
// (about 25 GB/s for KB-sized blocks, docs/targets.md A.1 / A.9) instead of the fitted one.
sunway_figures measured_dma_figures();

struct shape {
  long m, n, k;
};

// The work of the generated kernel for one shape, per core group.
struct workload {
  long mesh_steps = 0, k_blocks = 0, sub_steps = 0;  // sub_steps: per mesh step (ceil(K/32))
  std::uint64_t flops = 0;             // micro-kernel flops (2MNK)
  std::uint64_t dma_get_bytes = 0;     // A and B tiles + C tiles (beta != 0)
  std::uint64_t dma_put_bytes = 0;     // C tiles
  std::uint64_t rma_bytes_received = 0;
};

// The counts of the generated code for C := alpha*op(A)*op(B) + beta*C with
// column-major non-transposed operands (beta != 0: C is read).
workload count_workload(const shape& s);

// The same from the emulator's counters of a run of the generated kernel
// (swsim::total_counters() after the spawn), non-transposed with beta != 0;
// `other_get_bytes` is DMA that is not tiles (the 64 parameter-block copies).
workload workload_from_counters(const cpe_counters& total, const shape& s, std::uint64_t other_get_bytes);

// Modelled seconds for the four code variants of Fig. 13, from the counted
// work (flops and RMA bytes per CPE, DMA bytes per core group) and the loop
// structure of a K-deep product.
struct breakdown {
  double dma_only, with_ukernel, with_rma, with_hiding;
};
breakdown model_times(const workload& w, long k, const sunway_figures& f = {});
breakdown model_times(const shape& s, const sunway_figures& f = {});

// The table printed by swblas-sunway-model: one row per shape, GFLOPS for
// each variant and % of peak of the full version, then the averages next to
// the paper's.
std::string breakdown_table(const std::vector<shape>& shapes, const sunway_figures& f = {});

}  // namespace swsim::model
