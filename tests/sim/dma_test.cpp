// DMA: len/bsize/stride semantics, blocking forms, reply-word counting.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

#include "sim_test_support.h"

namespace {

using swsim_test::run_on_mesh;
using ::testing::HasSubstr;

constexpr int rows = 200, cols = 300;  // row-major, ld = cols

struct strided_job {
  std::vector<double> matrix = std::vector<double>(rows * cols);
  std::vector<double> out = std::vector<double>(rows * cols, -1.0);
  std::array<int, 64> wrong{};
};

double element(int i, int j) { return i * 1000.0 + j; }

// Fetches the 64x32 tile at (17*row, 33*col) of the 200x300 matrix.
void fetch_tile(strided_job* job) {
  const int tid = _PEN, r0 = 17 * _ROW, c0 = 33 * _COL;
  double* tile = static_cast<double*>(ldm_malloc(64 * 32 * sizeof(double)));
  athread_rply_t reply = 0;
  athread_dma_iget_stride(tile, &job->matrix[r0 * cols + c0], 64 * 32 * 8, 32 * 8, (cols - 32) * 8, &reply);
  athread_dma_wait_value(&reply, 1);
  for (int i = 0; i < 64; ++i) {
    for (int j = 0; j < 32; ++j) job->wrong[tid] += tile[i * 32 + j] != element(r0 + i, c0 + j);
  }
  ldm_free(tile, 64 * 32 * sizeof(double));
}

TEST(SimDma, StridedGetFetchesEveryElementOfATile) {
  strided_job job;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) job.matrix[i * cols + j] = element(i, j);
  ASSERT_EQ(run_on_mesh(fetch_tile, &job), "");
  for (int tid = 0; tid < 64; ++tid) EXPECT_EQ(job.wrong[tid], 0) << "CPE " << tid;
  EXPECT_EQ(swsim::counters(9).dma_get_bytes, 64u * 32 * 8);
  EXPECT_EQ(swsim::counters(9).dma_gets, 1u);
  EXPECT_EQ(swsim::counters(9).dma_get_blocks, 64u) << "one 256-byte block per tile row";
}

// Writes a 24x36 tile at (24*row, 36*col) with the blocking strided put: the
// tiles are disjoint and leave gaps that must stay untouched.
double tile_value(int tid, int i, int j) { return tid * 10000.0 + i * 100.0 + j; }

void store_tile(strided_job* job) {
  const int tid = _PEN, r0 = 24 * _ROW, c0 = 36 * _COL;
  double* tile = static_cast<double*>(ldm_malloc(24 * 36 * sizeof(double)));
  for (int i = 0; i < 24; ++i)
    for (int j = 0; j < 36; ++j) tile[i * 36 + j] = tile_value(tid, i, j);
  CRTS_dma_put_stride(&job->out[r0 * cols + c0], tile, 24 * 36 * 8, 36 * 8, (cols - 36) * 8);
  ldm_free(tile, 24 * 36 * sizeof(double));
}

TEST(SimDma, StridedPutWritesTheBlocksAndSkipsTheGaps) {
  strided_job job;
  ASSERT_EQ(run_on_mesh(store_tile, &job), "");
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) {
      const bool inside = i < 8 * 24 && j < 8 * 36;
      const double expected = inside ? tile_value((i / 24) * 8 + j / 36, i % 24, j % 36) : -1.0;
      ASSERT_EQ(job.out[i * cols + j], expected) << "(" << i << ", " << j << ")";
    }
  }
  EXPECT_EQ(swsim::counters(63).dma_put_bytes, 24u * 36 * 8);
  EXPECT_EQ(swsim::counters(63).dma_put_blocks, 24u);
}

struct counting_job {
  std::vector<double> source = std::vector<double>(64 * 5 * 16);
  std::array<int, 64> landed_after_three{}, landed_after_five{};
  std::array<long, 64> reply_value{};
};

// Five gets on one reply word: waiting for 3 lands the three oldest (the
// emulator delivers no more than a wait covers), waiting for 5 the rest.
void five_gets(counting_job* job) {
  const int tid = _PEN;
  double* buffers = static_cast<double*>(ldm_malloc(5 * 16 * sizeof(double)));
  SIM_LDM_STATIC(crts_rply_t, reply, );
  reply = 0;
  for (int n = 0; n < 5; ++n) {
    CRTS_dma_iget(buffers + 16 * n, &job->source[(tid * 5 + n) * 16], 16 * sizeof(double), &reply);
  }
  const auto landed = [&] {
    int count = 0;
    for (int n = 0; n < 5; ++n) count += buffers[16 * n + 15] == job->source[(tid * 5 + n) * 16 + 15];
    return count;
  };
  CRTS_dma_wait_value(&reply, 3);
  job->landed_after_three[tid] = landed();
  CRTS_dma_wait_value(&reply, 5);
  job->landed_after_five[tid] = landed();
  job->reply_value[tid] = reply;
  ldm_free(buffers, 5 * 16 * sizeof(double));
}

TEST(SimDma, ReplyWordCountsCompletedRequests) {
  counting_job job;
  for (std::size_t i = 0; i < job.source.size(); ++i) job.source[i] = static_cast<double>(i);
  ASSERT_EQ(run_on_mesh(five_gets, &job), "");
  for (int tid = 0; tid < 64; ++tid) {
    EXPECT_EQ(job.landed_after_three[tid], 3);
    EXPECT_EQ(job.landed_after_five[tid], 5);
    EXPECT_EQ(job.reply_value[tid], 5);
  }
  EXPECT_EQ(swsim::counters(1).dma_gets, 5u);
}

void three_gets_then_barrier(counting_job* job) {
  const int tid = _PEN;
  double* buffers = static_cast<double*>(ldm_malloc(3 * 16 * sizeof(double)));
  athread_rply_t reply = 0;
  for (int n = 0; n < 3; ++n) {
    athread_dma_iget(buffers + 16 * n, &job->source[(tid * 5 + n) * 16], 16 * sizeof(double), &reply);
  }
  athread_dma_barrier();
  for (int n = 0; n < 3; ++n) job->landed_after_three[tid] += buffers[16 * n] == job->source[(tid * 5 + n) * 16];
  job->reply_value[tid] = reply;
  athread_dma_wait_value(&reply, 3);
}

TEST(SimDma, DmaBarrierCompletesEveryRequest) {
  counting_job job;
  for (std::size_t i = 0; i < job.source.size(); ++i) job.source[i] = static_cast<double>(i);
  ASSERT_EQ(run_on_mesh(three_gets_then_barrier, &job), "");
  for (int tid = 0; tid < 64; ++tid) {
    EXPECT_EQ(job.landed_after_three[tid], 3);
    EXPECT_EQ(job.reply_value[tid], 3);
  }
}

struct argument_job {
  std::vector<double> memory = std::vector<double>(40000);
  int which = 0;
};

void bad_arguments(argument_job* job) {
  double* tile = static_cast<double*>(ldm_malloc(4096));
  athread_rply_t reply = 0;
  if (job->which == 0) athread_dma_iget_stride(tile, job->memory.data(), 4000, 48, 0, &reply);
  if (job->which == 1) athread_dma_iget(tile, job->memory.data(), 300000, &reply);
  if (job->which == 2) athread_dma_iget(job->memory.data(), tile, 4096, &reply);
  if (job->which == 3) athread_dma_iget(tile, job->memory.data(), 4104, &reply);
  if (job->which == 4) athread_dma_iput_stride(job->memory.data(), tile, 4096, 64, -8, &reply);
  if (job->which == 5) athread_dma_iget(tile, job->memory.data(), 64, 0);
  athread_dma_wait_value(&reply, 1);
  ldm_free(tile, 4096);
}

TEST(SimDma, ArgumentsAreCheckedAsTheHardwareRequires) {
  const char* expected[] = {"len 4000 is not a multiple of bsize 48",
                            "does not fit the 18-bit size field",
                            "is an LDM address (of CPE",
                            "is not inside one LDM buffer",
                            "stride -8 is negative",
                            "a reply word is required"};
  for (int which = 0; which < 6; ++which) {
    argument_job job;
    job.which = which;
    EXPECT_THAT(run_on_mesh(bad_arguments, &job), HasSubstr(expected[which])) << which;
  }
}

}  // namespace
