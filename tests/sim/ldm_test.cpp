// LDM: per-CPE arenas, the usable budget, allocation checks and statics.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "sim_test_support.h"

namespace {

using swsim_test::run_on_mesh;
using ::testing::HasSubstr;

struct layout {
  std::array<std::uintptr_t, 64> offset{};
  std::array<std::size_t, 64> free_before{}, free_after{};
  std::array<int, 64> poisoned{};
};

void allocate_two(layout* out) {
  const int tid = _PEN;
  out->free_before[tid] = get_allocatable_size();
  double* a = static_cast<double*>(ldm_malloc(1001 * sizeof(double)));
  double* b = static_cast<double*>(CRTS_pldm_malloc(64 * 1024));
  out->offset[tid] = reinterpret_cast<std::uintptr_t>(b) & (CRTS_MAX_LDM_SIZE - 1);
  out->free_after[tid] = CRTS_pldm_get_free_size();
  out->poisoned[tid] = std::isnan(a[0]) && std::isnan(a[1000]);
  a[0] = 1.0;
  ldm_free(a, 1001 * sizeof(double));
  CRTS_pldm_free(b, 64 * 1024);
}

TEST(SimLdm, SameOffsetsOnEveryCpeAndBudgetAccounting) {
  layout out;
  ASSERT_EQ(run_on_mesh(allocate_two, &out), "");
  for (int tid = 0; tid < 64; ++tid) {
    EXPECT_EQ(out.offset[tid], out.offset[0]);
    EXPECT_EQ(out.free_before[tid] - out.free_after[tid], 8064u + 64 * 1024) << "8008 bytes take 8064";
    EXPECT_TRUE(out.poisoned[tid]) << "fresh LDM must read as signalling NaN";
    EXPECT_GE(swsim::counters(tid).ldm_peak_bytes, 8064u + 64 * 1024);
  }
  EXPECT_LE(out.free_before[0], swsim::default_ldm_budget);
}

void allocate_three_80k(void*) {
  void* a = ldm_malloc(80 * 1024);
  void* b = ldm_malloc(80 * 1024);
  void* c = ldm_malloc(80 * 1024);
  ldm_free(c, 80 * 1024);
  ldm_free(b, 80 * 1024);
  ldm_free(a, 80 * 1024);
}

TEST(SimLdm, OverflowNamesTheAllocationAndTheBudgetIsConfigurable) {
  const std::string error = run_on_mesh(allocate_three_80k);
  EXPECT_THAT(error, HasSubstr("LDM overflow allocating ldm_malloc(80 * 1024) at"));
  EXPECT_THAT(error, HasSubstr("ldm_test.cpp"));
  EXPECT_THAT(error, HasSubstr("221184-byte usable budget"));
  swsim::set_ldm_budget(swsim::ldm_bytes);
  EXPECT_EQ(run_on_mesh(allocate_three_80k), "") << "240 KB fits the architectural 256 KB";
  swsim::set_ldm_budget(swsim::default_ldm_budget);
  EXPECT_THROW(swsim::set_ldm_budget(swsim::ldm_bytes + 1), swsim::sim_error);
}

void free_with_wrong_size(void*) {
  void* a = ldm_malloc(4096);
  ldm_free(a, 2048);
}

TEST(SimLdm, FreeMustGiveTheAllocatedSize) {
  EXPECT_THAT(run_on_mesh(free_with_wrong_size), HasSubstr("size 2048 differs from the 4096 bytes allocated"));
}

void take_the_rest(layout* out) {
  std::size_t size = 0;
  void* rest = ldm_malloc_max(&size);
  out->free_before[_PEN] = size;
  out->free_after[_PEN] = get_allocatable_size();
  ldm_free(rest, size);
}

TEST(SimLdm, MallocMaxTakesTheLargestFreeBlock) {
  layout out;
  ASSERT_EQ(run_on_mesh(take_the_rest, &out), "");
  EXPECT_GT(out.free_before[0], swsim::default_ldm_budget - 4096) << "statics of other tests are small";
  EXPECT_EQ(out.free_after[0], 0u);
}

SIM_LDM_STATIC(int, namespace_scope_counter, [4]);

void count_in_namespace_static(layout* out) {
  namespace_scope_counter[3] = _PEN;
  out->offset[_PEN] = reinterpret_cast<std::uintptr_t>(&namespace_scope_counter[0]) & (CRTS_MAX_LDM_SIZE - 1);
  athread_ssync_array();
  out->poisoned[_PEN] = namespace_scope_counter[3];
}

TEST(SimLdm, NamespaceScopeStaticIsPerCpe) {
  layout out;
  ASSERT_EQ(run_on_mesh(count_in_namespace_static, &out), "");
  for (int tid = 0; tid < 64; ++tid) {
    EXPECT_EQ(out.offset[tid], out.offset[0]);
    EXPECT_EQ(out.poisoned[tid], tid);
  }
}

struct static_probe {
  std::array<std::uintptr_t, 64> table_offset{}, reply_offset{};
  std::array<double, 64> value{};
};

void use_statics(static_probe* out) {
  SIM_LDM_STATIC(double, table, [8][16]);
  SIM_LDM_STATIC(athread_rply_t, reply, );
  const int tid = _PEN;
  table[7][15] = tid;
  reply = 0;
  out->table_offset[tid] = reinterpret_cast<std::uintptr_t>(&table[0][0]) & (CRTS_MAX_LDM_SIZE - 1);
  out->reply_offset[tid] = reinterpret_cast<std::uintptr_t>(&reply) & (CRTS_MAX_LDM_SIZE - 1);
  athread_ssync_array();
  out->value[tid] = table[7][15];
}

TEST(SimLdm, StaticsHaveOneAddressOnEveryCpeAndPrivateContents) {
  static_probe out;
  ASSERT_EQ(run_on_mesh(use_statics, &out), "");
  for (int tid = 0; tid < 64; ++tid) {
    EXPECT_EQ(out.table_offset[tid], out.table_offset[0]);
    EXPECT_EQ(out.reply_offset[tid], out.reply_offset[0]);
    EXPECT_EQ(out.value[tid], tid);
  }
  EXPECT_NE(out.table_offset[0], out.reply_offset[0]);
}

void huge_static(void*) {
  SIM_LDM_STATIC(double, huge_panel, [30000]);
  huge_panel[0] = 0.0;
}

TEST(SimLdm, StaticOverflowNamesTheStatic) {
  EXPECT_THAT(run_on_mesh(huge_static), HasSubstr("LDM overflow placing SIM_LDM_STATIC huge_panel"));
}

}  // namespace
