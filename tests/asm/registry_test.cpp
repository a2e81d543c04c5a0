// The registry and the descriptors agree with each other: generic first,
// every name is "<isa>_<MR>x<NR>" of its own descriptor, all entry points
// set, and every micro kernel's small routine registered in the same order.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "small_gemm.h"
#include "ukernel.h"

namespace swblas {
namespace {

const dgemm_ukernel_desc* const* registry(std::size_t* count) {
  return ukernel_registry(count);
}

TEST(registry, GenericComesFirst) {
  std::size_t count = 0;
  const dgemm_ukernel_desc* const* k = registry(&count);
  ASSERT_GE(count, 1u);
  EXPECT_EQ(k[0], &ukernel_generic_4x4);
  EXPECT_EQ(k[0]->needs, isa::generic);
}

TEST(registry, NamesStateIsaAndShape) {
  std::size_t count = 0;
  const dgemm_ukernel_desc* const* k = registry(&count);
  std::set<std::string> names;
  for (std::size_t i = 0; i < count; ++i) {
    const dgemm_ukernel_desc& d = *k[i];
    const std::string expect = std::string(isa_name(d.needs)) + "_" +
                               std::to_string(d.mr) + "x" +
                               std::to_string(d.nr);
    EXPECT_EQ(d.name, expect);
    EXPECT_TRUE(names.insert(d.name).second) << "duplicate " << d.name;
    EXPECT_TRUE(d.ukernel && d.ukernel_full && d.ukernel_epilogue && d.pack_a && d.pack_b)
        << d.name;
  }
}

TEST(registry, EveryMicroKernelHasItsSmallRoutine) {
  std::size_t count = 0, small_count = 0;
  const dgemm_ukernel_desc* const* k = registry(&count);
  const dgemm_small_desc* const* s = small_gemm_registry(&small_count);
  ASSERT_EQ(small_count, count);
  for (std::size_t i = 0; i < count; ++i) {
    EXPECT_EQ(s[i]->ukernel, k[i]) << k[i]->name;
    EXPECT_EQ(small_gemm_for(*k[i]), s[i]) << k[i]->name;
    EXPECT_TRUE(s[i]->gemm && s[i]->batch && s[i]->max_dim > 0) << k[i]->name;
  }
  const dgemm_ukernel_desc unregistered = *k[0];
  EXPECT_EQ(small_gemm_for(unregistered), nullptr);
}

TEST(registry, IsasAreOrderedByDemand) {
  std::size_t count = 0;
  const dgemm_ukernel_desc* const* k = registry(&count);
  for (std::size_t i = 1; i < count; ++i)
    EXPECT_LE(static_cast<int>(k[i - 1]->needs), static_cast<int>(k[i]->needs));
}

}  // namespace
}  // namespace swblas
