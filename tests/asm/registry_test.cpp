// The registry and the descriptors agree with each other: generic first,
// every name is "<isa>_<MR>x<NR>" of its own descriptor, all entry points set.
#include <gtest/gtest.h>

#include <set>
#include <string>

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
    EXPECT_TRUE(d.ukernel && d.ukernel_full && d.pack_a && d.pack_b && d.small && d.small_batch)
        << d.name;
  }
}

TEST(registry, IsasAreOrderedByDemand) {
  std::size_t count = 0;
  const dgemm_ukernel_desc* const* k = registry(&count);
  for (std::size_t i = 1; i < count; ++i)
    EXPECT_LE(static_cast<int>(k[i - 1]->needs), static_cast<int>(k[i]->needs));
}

}  // namespace
}  // namespace swblas
