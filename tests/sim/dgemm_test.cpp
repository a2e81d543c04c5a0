// End to end: a 64-CPE DGEMM written by hand against the athread API in the
// way of paper 000 and docs/design.md ("Sunway back end and emulator"). CPE (r, c) owns the 64x64 tile
// (r, c) of C; per 256-deep k block it DMA-fetches A(r, block c) (64x32) and
// B(block r, c) (32x64); in sub-step s the CPEs of column s row-broadcast
// their A tile and those of row s column-broadcast their B tile. Both levels
// are double-buffered: the next k block's DMA runs behind the current block,
// and the next sub-step's broadcasts behind the current micro kernel.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "sim_test_support.h"

namespace {

constexpr int tile_m = 64, tile_n = 64, tile_k = 32, steps = 8, block_k = tile_k * steps;
constexpr int a_bytes = tile_m * tile_k * 8, b_bytes = tile_k * tile_n * 8, c_bytes = tile_m * tile_n * 8;

enum class planted_bug { none, no_landed_wait, no_step_sync };

// C (m x n) += A (m x k) * B (k x n), all row-major; m = n = 512, k a
// multiple of 256.
struct dgemm_args {
  int m, n, k;
  const double* a;
  const double* b;
  double* c;
  planted_bug bug;
};

struct ldm_buffers {
  double* c;
  double* a_dma[2];
  double* b_dma[2];
  double* a_rma[2];
  double* b_rma[2];
};

void micro_kernel(double* c, const double* a, const double* b) {
  sim_check_ldm_read(a, a_bytes);
  sim_check_ldm_read(b, b_bytes);
  for (int i = 0; i < tile_m; ++i) {
    for (int l = 0; l < tile_k; ++l) {
      const double a_il = a[i * tile_k + l];
      for (int j = 0; j < tile_n; ++j) c[i * tile_n + j] += a_il * b[l * tile_n + j];
    }
  }
  sim_count_flops(2ull * tile_m * tile_n * tile_k);
}

// This CPE's A and B tiles of k block `kb`, into DMA slot kb % 2.
void fetch_block(const dgemm_args& p, const ldm_buffers& buf, int kb, athread_rply_t* reply) {
  const double* a = p.a + static_cast<std::size_t>(_ROW * tile_m) * p.k + kb * block_k + _COL * tile_k;
  athread_dma_iget_stride(buf.a_dma[kb % 2], a, a_bytes, tile_k * 8, (p.k - tile_k) * 8, reply);
  const double* b = p.b + static_cast<std::size_t>(kb * block_k + _ROW * tile_k) * p.n + _COL * tile_n;
  athread_dma_iget_stride(buf.b_dma[kb % 2], b, b_bytes, tile_n * 8, (p.n - tile_n) * 8, reply);
}

// The broadcasts of sub-step s of block kb (global step g) into RMA slot g % 2.
void send_step(const ldm_buffers& buf, int kb, int s, int g, athread_rply_t* sent, athread_rply_t* landed) {
  if (_COL == s) athread_rma_row_ibcast(buf.a_rma[g % 2], buf.a_dma[kb % 2], a_bytes, sent, landed);
  if (_ROW == s) athread_rma_col_ibcast(buf.b_rma[g % 2], buf.b_dma[kb % 2], b_bytes, sent, landed);
}

ldm_buffers allocate_buffers() {
  ldm_buffers buf;
  buf.c = static_cast<double*>(ldm_malloc(c_bytes));
  for (int slot = 0; slot < 2; ++slot) {
    buf.a_dma[slot] = static_cast<double*>(ldm_malloc(a_bytes));
    buf.b_dma[slot] = static_cast<double*>(ldm_malloc(b_bytes));
    buf.a_rma[slot] = static_cast<double*>(ldm_malloc(a_bytes));
    buf.b_rma[slot] = static_cast<double*>(ldm_malloc(b_bytes));
  }
  return buf;
}

void free_buffers(const ldm_buffers& buf) {
  for (int slot = 1; slot >= 0; --slot) {
    ldm_free(buf.b_rma[slot], b_bytes);
    ldm_free(buf.a_rma[slot], a_bytes);
    ldm_free(buf.b_dma[slot], b_bytes);
    ldm_free(buf.a_dma[slot], a_bytes);
  }
  ldm_free(buf.c, c_bytes);
}

void cpe_dgemm(dgemm_args* args) {
  SIM_LDM_STATIC(dgemm_args, p, );
  SIM_LDM_STATIC(athread_rply_t, dma_reply, [2]);
  SIM_LDM_STATIC(athread_rply_t, sent, );
  SIM_LDM_STATIC(athread_rply_t, landed, );
  athread_dma_get(&p, args, sizeof(dgemm_args));
  const ldm_buffers buf = allocate_buffers();
  double* c_tile = p.c + static_cast<std::size_t>(_ROW * tile_m) * p.n + _COL * tile_n;
  athread_rply_t c_reply = 0;
  athread_dma_iget_stride(buf.c, c_tile, c_bytes, tile_n * 8, (p.n - tile_n) * 8, &c_reply);
  dma_reply[0] = dma_reply[1] = 0;
  sent = landed = 0;
  fetch_block(p, buf, 0, &dma_reply[0]);
  athread_dma_wait_value(&c_reply, 1);
  athread_ssync_array();  // buffers allocated and reply words zeroed everywhere
  const int blocks = p.k / block_k;
  int g = 0;
  for (int kb = 0; kb < blocks; ++kb) {
    athread_dma_wait_value(&dma_reply[kb % 2], 2);
    if (kb + 1 < blocks) {
      athread_rma_wait_value(&sent, 2 * kb);  // block kb-1 was sent from the slot we refill
      dma_reply[(kb + 1) % 2] = 0;
      fetch_block(p, buf, kb + 1, &dma_reply[(kb + 1) % 2]);
    }
    send_step(buf, kb, 0, g, &sent, &landed);
    for (int s = 0; s < steps; ++s, ++g) {
      if (p.bug != planted_bug::no_landed_wait) athread_rma_wait_value(&landed, 2 * (g + 1));
      if (p.bug != planted_bug::no_step_sync) athread_ssync_array();  // all done with step g-1's slot
      if (s + 1 < steps) send_step(buf, kb, s + 1, g + 1, &sent, &landed);
      micro_kernel(buf.c, buf.a_rma[g % 2], buf.b_rma[g % 2]);
    }
  }
  athread_rma_wait_value(&sent, 2 * blocks);
  athread_rply_t put_reply = 0;
  athread_dma_iput_stride(c_tile, buf.c, c_bytes, tile_n * 8, (p.n - tile_n) * 8, &put_reply);
  athread_dma_wait_value(&put_reply, 1);
  athread_ssync_array();  // no CPE frees a slot that a late receiver still reads
  free_buffers(buf);
}

struct problem {
  int m = 512, n = 512, k;
  std::vector<double> a, b, c;

  explicit problem(int depth) : k(depth), a(m * k), b(k * n), c(m * n) {
    std::mt19937_64 random(depth);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    for (double& x : a) x = uniform(random);
    for (double& x : b) x = uniform(random);
    for (double& x : c) x = uniform(random);
  }
};

// Largest |C - C_ref| relative to the classical bound (k+2) eps (|C0| + |A||B|).
double worst_error_ratio(const problem& pr, const std::vector<double>& result) {
  const double eps = std::numeric_limits<double>::epsilon();
  std::vector<double> ref(pr.c), bound(pr.c.size());
  for (std::size_t i = 0; i < bound.size(); ++i) bound[i] = std::abs(pr.c[i]);
  for (int i = 0; i < pr.m; ++i) {
    for (int l = 0; l < pr.k; ++l) {
      const double a_il = pr.a[i * pr.k + l];
      for (int j = 0; j < pr.n; ++j) {
        ref[i * pr.n + j] += a_il * pr.b[l * pr.n + j];
        bound[i * pr.n + j] += std::abs(a_il * pr.b[l * pr.n + j]);
      }
    }
  }
  double worst = 0.0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    const double ratio = std::abs(result[i] - ref[i]) / ((pr.k + 2) * eps * bound[i]);
    worst = std::isnan(ratio) ? INFINITY : std::max(worst, ratio);
  }
  return worst;
}

std::string run_dgemm(problem& pr, std::vector<double>& result, planted_bug bug) {
  result = pr.c;
  dgemm_args args{pr.m, pr.n, pr.k, pr.a.data(), pr.b.data(), result.data(), bug};
  return swsim_test::run_on_mesh(cpe_dgemm, &args);
}

class SimDgemm : public ::testing::TestWithParam<int> {};

TEST_P(SimDgemm, MeshDgemmMatchesTheReference) {
  problem pr(GetParam());
  std::vector<double> result;
  ASSERT_EQ(run_dgemm(pr, result, planted_bug::none), "");
  EXPECT_LE(worst_error_ratio(pr, result), 1.0);

  const swsim::cpe_counters total = swsim::total_counters();
  const std::uint64_t mn = 512 * 512, blocks = pr.k / block_k;
  EXPECT_EQ(total.flops, 2 * mn * pr.k);
  EXPECT_EQ(total.dma_get_bytes, (mn + 2 * 512ull * pr.k) * 8 + 64 * sizeof(dgemm_args));
  EXPECT_EQ(total.dma_put_bytes, mn * 8);
  EXPECT_EQ(total.rma_sends, 64 * 2 * blocks);
  EXPECT_EQ(total.rma_bytes_received, 64 * steps * blocks * (a_bytes + b_bytes));
  EXPECT_LE(swsim::counters(0).ldm_peak_bytes, swsim::default_ldm_budget);
}

// 512x512x256 is one mesh step (docs/design.md); 512 deep also runs the DMA
// double buffering across k blocks.
INSTANTIATE_TEST_SUITE_P(Depths, SimDgemm, ::testing::Values(256, 512));

TEST(SimDgemmBug, MissingWaitForTheBroadcastIsCaught) {
  problem pr(256);
  std::vector<double> result;
  EXPECT_THAT(run_dgemm(pr, result, planted_bug::no_landed_wait),
              ::testing::HasSubstr("still the destination of athread_rma_"));
}

TEST(SimDgemmBug, MissingSyncBeforeTheLookaheadBroadcastIsCaught) {
  problem pr(256);
  std::vector<double> result;
  const std::string error = run_dgemm(pr, result, planted_bug::no_step_sync);
  // Which check fires first depends on the interleaving; one always does.
  EXPECT_THAT(error, ::testing::AnyOf(::testing::HasSubstr("with no ssync or reply wait ordering"),
                                      ::testing::HasSubstr("still the destination of athread_rma_")));
}

}  // namespace
