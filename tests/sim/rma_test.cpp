// RMA: row, column and whole-array broadcasts (sender included, same LDM
// offset everywhere, reply words counted) and point-to-point get and put.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>

#include "sim_test_support.h"

namespace {

using swsim_test::run_on_mesh;

constexpr int words = 256;  // doubles per message

struct broadcast_job {
  std::array<int, 64> wrong{};
  std::array<long, 64> remote_count{}, local_count{};
};

double payload(int sender, int k) { return sender * 1000.0 + k; }

// Senders: column 2 of each row (row broadcast), row 5 of each column
// (column broadcast), CPE 17 (whole array). Every CPE, senders included,
// receives three messages on one remote reply word.
void three_broadcasts(broadcast_job* job) {
  const int tid = _PEN;
  double* mine = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  double* from_row = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  double* from_col = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  double* from_all = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  SIM_LDM_STATIC(athread_rply_t, sent, );
  SIM_LDM_STATIC(athread_rply_t, received, );
  for (int k = 0; k < words; ++k) mine[k] = payload(tid, k);
  sent = 0;
  received = 0;
  athread_ssync_array();  // every receiver has its buffers and a zero reply word
  if (_COL == 2) athread_rma_row_ibcast(from_row, mine, words * 8, &sent, &received);
  if (_ROW == 5) CRTS_rma_col_ibcast(from_col, mine, words * 8, &sent, &received);
  if (tid == 17) athread_rma_ibcast(from_all, mine, &sent, words * 8, &received);
  athread_rma_wait_value(&received, 3);
  const int row_sender = _ROW * 8 + 2, col_sender = 5 * 8 + _COL;
  for (int k = 0; k < words; ++k) {
    job->wrong[tid] += from_row[k] != payload(row_sender, k);
    job->wrong[tid] += from_col[k] != payload(col_sender, k);
    job->wrong[tid] += from_all[k] != payload(17, k);
  }
  const long sends = (_COL == 2) + (_ROW == 5) + (tid == 17);
  athread_rma_wait_value(&sent, sends);
  job->remote_count[tid] = received;
  job->local_count[tid] = sent;
  athread_ssync_array();  // nobody frees a buffer another CPE may still send from
}

TEST(SimRma, BroadcastsReachTheirRowColumnOrArraySenderIncluded) {
  broadcast_job job;
  ASSERT_EQ(run_on_mesh(three_broadcasts, &job), "");
  for (int tid = 0; tid < 64; ++tid) {
    EXPECT_EQ(job.wrong[tid], 0) << "CPE " << tid;
    EXPECT_EQ(job.remote_count[tid], 3);
    EXPECT_EQ(job.local_count[tid], (tid % 8 == 2) + (tid / 8 == 5) + (tid == 17));
  }
  const swsim::cpe_counters& sender = swsim::counters(5 * 8 + 2);  // row and column sender
  EXPECT_EQ(sender.rma_sends, 2u);
  EXPECT_EQ(sender.rma_bytes_sent, 2u * words * 8);
  EXPECT_EQ(swsim::counters(0).rma_receives, 3u);
  EXPECT_EQ(swsim::counters(0).rma_bytes_received, 3u * words * 8);
}

// The paper's form: the sender passes one buffer as both source and
// destination; the receivers' copies land at the same offset.
void broadcast_in_place(broadcast_job* job) {
  const int tid = _PEN;
  double* panel = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  SIM_LDM_STATIC(athread_rply_t, landed, );
  landed = 0;
  if (_COL == 0) {
    for (int k = 0; k < words; ++k) panel[k] = payload(tid, k);
  }
  athread_ssync_array();
  if (_COL == 0) athread_rma_row_ibcast(panel, panel, words * 8, 0, &landed);
  athread_rma_wait_value(&landed, 1);
  for (int k = 0; k < words; ++k) job->wrong[tid] += panel[k] != payload(_ROW * 8, k);
  athread_ssync_array();
}

TEST(SimRma, BroadcastWithTheSameBufferAsSourceAndDestination) {
  broadcast_job job;
  ASSERT_EQ(run_on_mesh(broadcast_in_place, &job), "");
  for (int tid = 0; tid < 64; ++tid) EXPECT_EQ(job.wrong[tid], 0) << "CPE " << tid;
}

// Point to point: every CPE gets the buffer of CPE tid+1 and puts its own
// into CPE tid+9 (mod 64).
void get_and_put(broadcast_job* job) {
  const int tid = _PEN;
  double* mine = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  double* got = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  double* put_here = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  SIM_LDM_STATIC(crts_rply_t, get_landed, );
  SIM_LDM_STATIC(crts_rply_t, source_read, );
  SIM_LDM_STATIC(crts_rply_t, put_sent, );
  SIM_LDM_STATIC(crts_rply_t, put_landed, );
  for (int k = 0; k < words; ++k) mine[k] = payload(tid, k);
  get_landed = source_read = put_sent = put_landed = 0;
  athread_ssync_array();
  CRTS_rma_iget(got, &get_landed, words * 8, (tid + 1) % 64, mine, &source_read);
  CRTS_rma_iput(mine, &put_sent, words * 8, (tid + 9) % 64, put_here, &put_landed);
  CRTS_rma_wait_value(&get_landed, 1);
  CRTS_rma_wait_value(&put_landed, 1);
  CRTS_rma_wait_value(&source_read, 1);  // CPE tid-1 read our buffer
  CRTS_rma_wait_value(&put_sent, 1);
  for (int k = 0; k < words; ++k) {
    job->wrong[tid] += got[k] != payload((tid + 1) % 64, k);
    job->wrong[tid] += put_here[k] != payload((tid + 55) % 64, k);
  }
  athread_ssync_array();
}

TEST(SimRma, PointToPointGetAndPut) {
  broadcast_job job;
  ASSERT_EQ(run_on_mesh(get_and_put, &job), "");
  for (int tid = 0; tid < 64; ++tid) EXPECT_EQ(job.wrong[tid], 0) << "CPE " << tid;
  EXPECT_EQ(swsim::counters(3).rma_bytes_sent, 2u * words * 8);
}

// Once l_rply says the send is complete the sender may reuse its source:
// receivers that wait only afterwards must still get the original data.
void reuse_source_after_send_completes(broadcast_job* job) {
  const int tid = _PEN;
  double* source = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  double* panel = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  SIM_LDM_STATIC(athread_rply_t, sent, );
  SIM_LDM_STATIC(athread_rply_t, landed, );
  sent = landed = 0;
  for (int k = 0; k < words; ++k) source[k] = payload(tid, k);
  athread_ssync_array();
  if (_ROW == 0) {
    athread_rma_col_ibcast(panel, source, words * 8, &sent, &landed);
    athread_rma_wait_value(&sent, 1);
    for (int k = 0; k < words; ++k) source[k] = -1.0;
  }
  athread_ssync_array();
  athread_rma_wait_value(&landed, 1);
  for (int k = 0; k < words; ++k) job->wrong[tid] += panel[k] != payload(_COL, k);
}

TEST(SimRma, SourceMayBeReusedOnceTheSendIsComplete) {
  broadcast_job job;
  ASSERT_EQ(run_on_mesh(reuse_source_after_send_completes, &job), "");
  for (int tid = 0; tid < 64; ++tid) EXPECT_EQ(job.wrong[tid], 0) << "CPE " << tid;
}

// Reply words order CPEs as barriers do: the even CPE uses `mine`, then gets
// from its odd partner; the partner waits until its source was read and only
// then puts into the even CPE's `mine`. No barrier in between, no race.
void ordered_by_reply_words(broadcast_job* job) {
  const int tid = _PEN, partner = tid ^ 1;
  double* mine = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  double* got = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  SIM_LDM_STATIC(crts_rply_t, got_landed, );
  SIM_LDM_STATIC(crts_rply_t, source_read, );
  SIM_LDM_STATIC(crts_rply_t, put_landed, );
  for (int k = 0; k < words; ++k) mine[k] = payload(tid, k);
  got_landed = source_read = put_landed = 0;
  athread_ssync_array();
  if (tid % 2 == 0) {
    sim_check_ldm_read(mine, words * 8);
    CRTS_rma_iget(got, &got_landed, words * 8, partner, mine, &source_read);
    CRTS_rma_wait_value(&got_landed, 1);
    CRTS_rma_wait_value(&put_landed, 1);
    for (int k = 0; k < words; ++k) job->wrong[tid] += (got[k] != payload(partner, k)) + (mine[k] != -1.0);
  } else {
    CRTS_rma_wait_value(&source_read, 1);
    for (int k = 0; k < words; ++k) mine[k] = -1.0;
    CRTS_rma_put(mine, words * 8, partner, mine, &put_landed);
  }
}

TEST(SimRma, ReplyWaitsOrderCpesLikeBarriers) {
  broadcast_job job;
  ASSERT_EQ(run_on_mesh(ordered_by_reply_words, &job), "");
  for (int tid = 0; tid < 64; ++tid) EXPECT_EQ(job.wrong[tid], 0) << "CPE " << tid;
}

// Blocking forms: the sender may change its source as soon as the call
// returns; a blocking get has landed when it returns.
void blocking_forms(broadcast_job* job) {
  const int tid = _PEN;
  double* source = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  double* panel = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  double* got = static_cast<double*>(ldm_malloc(words * sizeof(double)));
  SIM_LDM_STATIC(athread_rply_t, landed, );
  SIM_LDM_STATIC(athread_rply_t, source_read, );
  landed = source_read = 0;
  for (int k = 0; k < words; ++k) source[k] = payload(tid, k);
  athread_ssync_array();
  if (_COL == 7) {
    CRTS_rma_row_bcast(panel, source, words * 8, &landed);
    for (int k = 0; k < words; ++k) source[k] = -1.0;
  }
  athread_rma_wait_value(&landed, 1);
  athread_ssync_array();  // sources of column 7 are settled before anyone reads them
  CRTS_rma_get(got, words * 8, _ROW * 8 + 7, source, &source_read);
  for (int k = 0; k < words; ++k) {
    job->wrong[tid] += panel[k] != payload(_ROW * 8 + 7, k);
    job->wrong[tid] += got[k] != -1.0;
  }
  if (_COL == 7) athread_rma_wait_value(&source_read, 8);
  athread_ssync_array();
}

TEST(SimRma, BlockingForms) {
  broadcast_job job;
  ASSERT_EQ(run_on_mesh(blocking_forms, &job), "");
  for (int tid = 0; tid < 64; ++tid) EXPECT_EQ(job.wrong[tid], 0) << "CPE " << tid;
}

}  // namespace
