// CPE identity, the 8x8 mesh layout, barriers and the host-side protocol.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <thread>

#include "sim_test_support.h"

namespace {

using swsim_test::run_on_mesh;

struct ids {
  std::array<int, 64> pen{}, row{}, col{}, crts_tid{}, athread_row{}, athread_col{};
  std::atomic<int> calls{0};
};

void record_ids(ids* out) {
  const int tid = _PEN;
  out->pen[tid] = tid;
  out->row[tid] = _ROW;
  out->col[tid] = _COL;
  out->crts_tid[tid] = CRTS_tid;
  out->athread_row[tid] = athread_rid;
  out->athread_col[tid] = athread_cid;
  ++out->calls;
}

TEST(SimMesh, SixtyFourCpesWithRowMajorIds) {
  ids out;
  ASSERT_EQ(run_on_mesh(record_ids, &out), "");
  EXPECT_EQ(out.calls.load(), 64);
  for (int tid = 0; tid < 64; ++tid) {
    EXPECT_EQ(out.pen[tid], tid);
    EXPECT_EQ(out.row[tid] * 8 + out.col[tid], tid);
    EXPECT_EQ(out.row[tid], tid / 8);
    EXPECT_EQ(out.crts_tid[tid], tid);
    EXPECT_EQ(out.athread_row[tid], tid / 8);
    EXPECT_EQ(out.athread_col[tid], tid % 8);
  }
}

// Each CPE marks phase one, passes a barrier, then counts the marks of the
// group the barrier covers; the last CPE of each group is delayed so that a
// barrier that does not wait would be seen.
struct phases {
  std::array<std::atomic<int>, 64> mark{};
  std::atomic<int> missing{0};
  int scope = ARRAY_SCOPE;
};

bool covered(int scope, int me, int other) {
  if (scope == ROW_SCOPE) return me / 8 == other / 8;
  if (scope == COL_SCOPE) return me % 8 == other % 8;
  return true;
}

void mark_then_sync(phases* p) {
  const int tid = _PEN;
  if (tid == 63 || tid == 7 || tid == 56) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  p->mark[tid] = 1;
  if (p->scope == ROW_SCOPE) athread_ssync_row();
  else if (p->scope == COL_SCOPE) athread_ssync_col();
  else athread_ssync_array();
  for (int other = 0; other < 64; ++other) {
    if (covered(p->scope, tid, other) && p->mark[other] == 0) ++p->missing;
  }
}

TEST(SimMesh, ArrayRowAndColumnBarriersWaitForTheirGroup) {
  for (int scope : {ARRAY_SCOPE, ROW_SCOPE, COL_SCOPE}) {
    phases p;
    p.scope = scope;
    ASSERT_EQ(run_on_mesh(mark_then_sync, &p), "") << "scope " << scope;
    EXPECT_EQ(p.missing.load(), 0) << "scope " << scope;
    EXPECT_EQ(swsim::counters(5).syncs, 1u);
  }
}

void repeated_barriers(phases* p) {
  for (int round = 1; round <= 20; ++round) {
    p->mark[_PEN] = round;
    athread_syn(ARRAY_SCOPE, 0xffff);
    for (int other = 0; other < 64; ++other) {
      if (p->mark[other] < round) ++p->missing;
    }
    CRTS_ssync_array();
  }
}

TEST(SimMesh, BarriersCanBeReused) {
  phases p;
  ASSERT_EQ(run_on_mesh(repeated_barriers, &p), "");
  EXPECT_EQ(p.missing.load(), 0);
  EXPECT_EQ(swsim::counters(0).syncs, 40u);
}

void partial_mask(void*) { athread_ssync(ROW_SCOPE, 0x0f); }

TEST(SimMesh, PartialSyncMasksAreRefused) {
  EXPECT_THAT(swsim_test::run_on_mesh(partial_mask), ::testing::HasSubstr("mask 0xf is not modelled"));
}

void plain(void*) {}

TEST(SimMesh, HostProtocolMisuseIsReported) {
  athread_init();
  athread_spawn(plain, nullptr);
  EXPECT_THROW(athread_spawn(plain, nullptr), swsim::sim_error);
  EXPECT_THROW(athread_halt(), swsim::sim_error);
  EXPECT_EQ(athread_join(), 0);
  EXPECT_THROW(athread_join(), swsim::sim_error);
  EXPECT_EQ(athread_halt(), 0);
  EXPECT_THROW(swsim_cpe_tid(), swsim::sim_error);
}

extern "C" void SLAVE_FUN(count_calls)(void* arg) { ++*static_cast<std::atomic<int>*>(arg); }

TEST(SimMesh, RealSpawnFormWithSlaveFun) {
  std::atomic<int> calls{0};
  athread_init();
  __real_athread_spawn(reinterpret_cast<void*>(SLAVE_FUN(count_calls)), &calls, 1);
  athread_join();
  EXPECT_EQ(calls.load(), 64);
}

}  // namespace
