// The bugs that matter on the machine, each detected: data used before its
// wait, a buffer changed or reused while in flight, reply counts that cannot
// be reached, requests never waited for, LDM misuse, barrier mismatch.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <thread>
#include <cmath>
#include <vector>

#include "sim_test_support.h"

namespace {

using swsim_test::run_on_mesh;
using ::testing::HasSubstr;

constexpr int words = 64;

struct job {
  std::vector<double> memory = std::vector<double>(64 * words, 1.0);
  std::array<double, 64> seen{};
};

double* tile() { return static_cast<double*>(ldm_malloc(words * sizeof(double))); }
double* memory_of(job* j) { return &j->memory[_PEN * words]; }

// ---- data used before its wait ---------------------------------------------

void read_before_wait(job* j) {
  double* buffer = tile();
  athread_rply_t reply = 0;
  athread_dma_iget(buffer, memory_of(j), words * 8, &reply);
  j->seen[_PEN] = buffer[0] + buffer[words - 1];  // the bug: no wait yet
  athread_dma_wait_value(&reply, 1);
}

TEST(SimMisuse, DataReadBeforeItsWaitIsPoison) {
  job j;
  ASSERT_EQ(run_on_mesh(read_before_wait, &j), "");
  for (double value : j.seen) EXPECT_TRUE(std::isnan(value));
}

void checked_read_before_wait(job* j) {
  double* buffer = tile();
  athread_rply_t reply = 0;
  athread_dma_iget(buffer, memory_of(j), words * 8, &reply);
  sim_check_ldm_read(buffer, words * 8);
  athread_dma_wait_value(&reply, 1);
}

TEST(SimMisuse, CheckHookReportsReadBeforeWait) {
  job j;
  EXPECT_THAT(run_on_mesh(checked_read_before_wait, &j),
              HasSubstr("sim_check_ldm_read: reads LDM [0x0, 0x200) of CPE"));
  EXPECT_THAT(run_on_mesh(checked_read_before_wait, &j),
              HasSubstr("still the destination of athread_dma_iget"));
}

void put_before_get_waited(job* j) {
  double* buffer = tile();
  athread_rply_t reply = 0;
  athread_dma_iget(buffer, memory_of(j), words * 8, &reply);
  athread_dma_iput(memory_of(j), buffer, words * 8, &reply);  // the bug
  athread_dma_wait_value(&reply, 2);
}

TEST(SimMisuse, SendingDataThatHasNotArrivedIsReported) {
  job j;
  const std::string error = run_on_mesh(put_before_get_waited, &j);
  EXPECT_THAT(error, HasSubstr("athread_dma_iput: reads LDM"));
  EXPECT_THAT(error, HasSubstr("data used before its wait"));
}

void broadcast_before_get_waited(job* j) {
  double* buffer = tile();
  double* panel = tile();
  SIM_LDM_STATIC(athread_rply_t, dma_reply, );
  SIM_LDM_STATIC(athread_rply_t, landed, );
  dma_reply = landed = 0;
  athread_ssync_array();
  athread_dma_iget(buffer, memory_of(j), words * 8, &dma_reply);
  if (_COL == 0) athread_rma_row_ibcast(panel, buffer, words * 8, 0, &landed);  // the bug
  athread_dma_wait_value(&dma_reply, 1);
  athread_rma_wait_value(&landed, 1);
}

TEST(SimMisuse, BroadcastingDataThatHasNotArrivedIsReported) {
  job j;
  EXPECT_THAT(run_on_mesh(broadcast_before_get_waited, &j),
              HasSubstr("athread_rma_row_ibcast: reads LDM"));
}

// ---- buffers changed or reused while in flight -------------------------------

void change_source_before_put_waited(job* j) {
  double* buffer = tile();
  for (int k = 0; k < words; ++k) buffer[k] = 3.0;
  athread_rply_t reply = 0;
  athread_dma_iput(memory_of(j), buffer, words * 8, &reply);
  for (int k = 0; k < words; ++k) buffer[k] = 4.0;  // the bug: put not waited for
  athread_dma_wait_value(&reply, 1);
}

TEST(SimMisuse, SourceChangedBeforePutCompletesShowsInTheResult) {
  job j;
  ASSERT_EQ(run_on_mesh(change_source_before_put_waited, &j), "");
  EXPECT_EQ(j.memory[0], 4.0) << "the put reads its source when it completes, not when issued";
}

void get_into_buffer_being_put(job* j) {
  double* buffer = tile();
  for (int k = 0; k < words; ++k) buffer[k] = 3.0;
  athread_rply_t reply = 0;
  athread_dma_iput(memory_of(j), buffer, words * 8, &reply);
  athread_dma_iget(buffer, memory_of(j) + 1, (words - 1) * 8, &reply);  // the bug
  athread_dma_wait_value(&reply, 2);
}

TEST(SimMisuse, OverwritingABufferStillBeingSentIsReported) {
  job j;
  const std::string error = run_on_mesh(get_into_buffer_being_put, &j);
  EXPECT_THAT(error, HasSubstr("athread_dma_iget: writes LDM [0x0, 0x1f8)"));
  EXPECT_THAT(error, HasSubstr("still the source of athread_dma_iput"));
}

void write_hook_on_buffer_being_put(job* j) {
  double* buffer = tile();
  for (int k = 0; k < words; ++k) buffer[k] = 3.0;
  athread_rply_t reply = 0;
  athread_dma_iput(memory_of(j), buffer, words * 8, &reply);
  sim_check_ldm_write(buffer + 8, 8);
  athread_dma_wait_value(&reply, 1);
}

TEST(SimMisuse, CheckHookReportsWriteWhileSending) {
  job j;
  EXPECT_THAT(run_on_mesh(write_hook_on_buffer_being_put, &j),
              HasSubstr("sim_check_ldm_write: writes LDM [0x40, 0x48)"));
}

// The row senders change their source right after issuing the broadcast;
// receivers that wait afterwards get the changed data.
void change_broadcast_source(job* j) {
  double* source = tile();
  double* panel = tile();
  SIM_LDM_STATIC(athread_rply_t, sent, );
  SIM_LDM_STATIC(athread_rply_t, landed, );
  sent = landed = 0;
  for (int k = 0; k < words; ++k) source[k] = 5.0;
  athread_ssync_array();
  if (_COL == 0) {
    athread_rma_row_ibcast(panel, source, words * 8, &sent, &landed);
    for (int k = 0; k < words; ++k) source[k] = 6.0;  // the bug: l_rply not waited for
  }
  athread_ssync_array();
  athread_rma_wait_value(&landed, 1);
  j->seen[_PEN] = panel[0];
  if (_COL == 0) athread_rma_wait_value(&sent, 1);
  athread_ssync_array();
}

TEST(SimMisuse, BroadcastSourceChangedBeforeItsSendCompletesShowsInTheResult) {
  job j;
  ASSERT_EQ(run_on_mesh(change_broadcast_source, &j), "");
  for (double value : j.seen) EXPECT_EQ(value, 6.0);
}

// Every CPE still has a put in flight from `buffer` when the row broadcast
// into `buffer` is issued.
void broadcast_into_buffer_being_put(job* j) {
  double* source = tile();
  double* buffer = tile();
  SIM_LDM_STATIC(athread_rply_t, put_done, );
  SIM_LDM_STATIC(athread_rply_t, landed, );
  put_done = landed = 0;
  for (int k = 0; k < words; ++k) source[k] = buffer[k] = 7.0;
  athread_dma_iput(memory_of(j), buffer, words * 8, &put_done);
  athread_ssync_array();
  if (_COL == 0) athread_rma_row_ibcast(buffer, source, words * 8, 0, &landed);  // the bug
  athread_dma_wait_value(&put_done, 1);
  athread_rma_wait_value(&landed, 1);
}

TEST(SimMisuse, ReceivingIntoABufferStillBeingSentIsReported) {
  job j;
  const std::string error = run_on_mesh(broadcast_into_buffer_being_put, &j);
  EXPECT_THAT(error, HasSubstr("athread_rma_row_ibcast: writes LDM"));
  EXPECT_THAT(error, HasSubstr("still the source of athread_dma_iput"));
}

// The CPEs of row 0 use `panel` and tell CPE 0 through a main-memory counter
// (a channel the emulator does not see, to force the timing); CPE 0 then
// broadcasts into `panel` with no ssync after those uses.
struct race_job {
  std::atomic<int> used{0};
};

void broadcast_without_sync_after_use(race_job* j) {
  double* source = tile();
  double* panel = tile();
  SIM_LDM_STATIC(athread_rply_t, landed, );
  landed = 0;
  for (int k = 0; k < words; ++k) source[k] = panel[k] = 1.0;
  athread_ssync_array();
  if (_ROW != 0) return;
  sim_check_ldm_read(panel, words * 8);
  ++j->used;
  if (_COL == 0) {
    while (j->used < 8) std::this_thread::yield();
    athread_rma_row_ibcast(panel, source, words * 8, 0, &landed);  // the bug: no ssync since the uses
  }
  athread_rma_wait_value(&landed, 1);
}

TEST(SimMisuse, BroadcastIntoABufferStillInUseIsReported) {
  race_job j;
  const std::string error = run_on_mesh(broadcast_without_sync_after_use, &j);
  EXPECT_THAT(error, HasSubstr("athread_rma_row_ibcast: writes LDM"));
  EXPECT_THAT(error, HasSubstr("with no ssync or reply wait ordering that use before this call"));
}

// ---- reply counts -------------------------------------------------------------

void wait_for_more_than_issued(job* j) {
  double* buffer = tile();
  athread_rply_t reply = 0;  // outside LDM: only this CPE's requests can raise it
  athread_dma_iget(buffer, memory_of(j), words * 8, &reply);
  athread_dma_wait_value(&reply, 2);
}

TEST(SimMisuse, WaitingForMoreThanWasIssuedIsReportedAtOnce) {
  job j;
  const std::string error = run_on_mesh(wait_for_more_than_issued, &j);
  EXPECT_THAT(error, HasSubstr("athread_dma_wait_value: waits for the reply word"));
  EXPECT_THAT(error, HasSubstr("to reach 2 (value 1)"));
  EXPECT_THAT(error, HasSubstr("could never return"));
}

void wait_for_more_than_issued_in_ldm(job* j) {
  double* buffer = tile();
  SIM_LDM_STATIC(athread_rply_t, reply, );  // in LDM: a remote RMA could raise it
  reply = 0;
  athread_dma_iget(buffer, memory_of(j), words * 8, &reply);
  athread_dma_wait_value(&reply, 2);
}

TEST(SimMisuse, WaitingForMoreThanWasIssuedOnAnLdmWordIsADeadlock) {
  job j;
  const std::string error = run_on_mesh(wait_for_more_than_issued_in_ldm, &j);
  EXPECT_THAT(error, HasSubstr("every CPE is blocked or finished"));
  EXPECT_THAT(error, HasSubstr("CPE 0-63: athread_dma_wait_value waits for the reply word at LDM"));
  EXPECT_THAT(error, HasSubstr("to reach 2 (value 1)"));
}

void never_wait(job* j) {
  double* buffer = tile();
  SIM_LDM_STATIC(athread_rply_t, reply, );
  reply = 0;
  athread_dma_iget(buffer, memory_of(j), words * 8, &reply);
}

TEST(SimMisuse, RequestsNeverWaitedForAreReportedAtJoin) {
  job j;
  const std::string error = run_on_mesh(never_wait, &j);
  EXPECT_THAT(error, HasSubstr("athread_join: 64 DMA/RMA completions were never waited for"));
  EXPECT_THAT(error, HasSubstr("CPE 0 never waited for its data (512 bytes) of athread_dma_iget"));
}

void never_wait_for_send(job*) {
  double* source = tile();
  double* panel = tile();
  SIM_LDM_STATIC(athread_rply_t, sent, );
  SIM_LDM_STATIC(athread_rply_t, landed, );
  sent = landed = 0;
  for (int k = 0; k < words; ++k) source[k] = 1.0;
  athread_ssync_array();
  if (_PEN == 9) athread_rma_col_ibcast(panel, source, words * 8, &sent, &landed);
  if (_COL == 1) athread_rma_wait_value(&landed, 1);
}

TEST(SimMisuse, BroadcastSendCompletionNeverWaitedForIsReported) {
  job j;
  EXPECT_THAT(run_on_mesh(never_wait_for_send, &j),
              HasSubstr("CPE 9 never waited for its send completion (the source release) of "
                        "athread_rma_col_ibcast issued by CPE 9"));
}

// ---- LDM and RMA addresses ---------------------------------------------------

void broadcast_from_the_stack(job*) {
  double on_stack[words] = {};
  double* panel = tile();
  SIM_LDM_STATIC(athread_rply_t, landed, );
  landed = 0;
  athread_rma_row_ibcast(panel, on_stack, words * 8, 0, &landed);
}

TEST(SimMisuse, RmaOperandOutsideLdmIsRejected) {
  job j;
  EXPECT_THAT(run_on_mesh(broadcast_from_the_stack, &j),
              HasSubstr("athread_rma_row_ibcast: source 0x"));
  EXPECT_THAT(run_on_mesh(broadcast_from_the_stack, &j), HasSubstr("is not an LDM address"));
}

void broadcast_past_the_buffer(job*) {
  double* panel = tile();
  SIM_LDM_STATIC(athread_rply_t, landed, );
  landed = 0;
  athread_ssync_array();
  if (_COL == 0) athread_rma_row_ibcast(panel, panel, 2 * words * 8, 0, &landed);
  athread_rma_wait_value(&landed, 1);
}

TEST(SimMisuse, TransferOverrunningItsLdmBufferIsRejected) {
  job j;
  EXPECT_THAT(run_on_mesh(broadcast_past_the_buffer, &j), HasSubstr("is not inside one LDM buffer"));
}

// ---- barriers -------------------------------------------------------------------

void skip_a_barrier(job*) {
  if (_PEN != 13) athread_ssync_array();
}

TEST(SimMisuse, BarrierNotReachedByEveryCpeIsADeadlock) {
  job j;
  const std::string error = run_on_mesh(skip_a_barrier, &j);
  EXPECT_THAT(error, HasSubstr("every CPE is blocked or finished"));
  EXPECT_THAT(error, HasSubstr("CPE 13: finished"));
  EXPECT_THAT(error, HasSubstr("CPE 0-12, 14-63: athread_ssync_array"));
}

void mixed_barriers(job*) {
  if (_ROW == 0) athread_ssync_row();
  else athread_ssync_array();
}

TEST(SimMisuse, RowAndArrayBarriersDoNotMatch) {
  job j;
  EXPECT_THAT(run_on_mesh(mixed_barriers, &j), HasSubstr("CPE 8-63: athread_ssync_array"));
}

// ---- abort policy ----------------------------------------------------------------

void overflow(void*) {
  for (int n = 0; n < 100; ++n) ldm_malloc(4096);
}

TEST(SimMisuseDeathTest, AbortPolicyPrintsTheMessageAndAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        swsim::set_error_policy(swsim::error_policy::abort_process);
        swsim_test::run_on_mesh(overflow);
      },
      "LDM overflow allocating ldm_malloc\\(4096\\)");
}

}  // namespace
