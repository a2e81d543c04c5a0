// The registries and the descriptors agree with each other, for each
// element type: generic first, every name is "<isa>_<MR>x<NR>" of its own
// descriptor ("f32_" first for float), all entry points set; and every
// double micro kernel's small routine registered in the same order.
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

TEST(registry, DoubleIsTheUkernelRegistry) {
  std::size_t count = 0, double_count = 0;
  EXPECT_EQ(registry(&count), micro_kernels<double>(&double_count));
  EXPECT_EQ(count, double_count);
}

// What each element type's list starts with and how its names begin.
template <class T>
struct element_kernels;
template <>
struct element_kernels<double> {
  static const ukernel_desc<double>* generic() { return &ukernel_generic_4x4; }
  static constexpr const char* kPrefix = "";
};
template <>
struct element_kernels<float> {
  static const ukernel_desc<float>* generic() { return &ukernel_f32_generic_4x4; }
  static constexpr const char* kPrefix = "f32_";
};

template <class T>
class registry_of : public ::testing::Test {};
using element_types = ::testing::Types<double, float>;
TYPED_TEST_SUITE(registry_of, element_types);

TYPED_TEST(registry_of, GenericComesFirst) {
  std::size_t count = 0;
  const ukernel_desc<TypeParam>* const* k = micro_kernels<TypeParam>(&count);
  ASSERT_GE(count, 1u);
  EXPECT_EQ(k[0], element_kernels<TypeParam>::generic());
  EXPECT_EQ(k[0]->needs, isa::generic);
}

TYPED_TEST(registry_of, NamesStateIsaAndShape) {
  std::size_t count = 0;
  const ukernel_desc<TypeParam>* const* k = micro_kernels<TypeParam>(&count);
  std::set<std::string> names;
  for (std::size_t i = 0; i < count; ++i) {
    const ukernel_desc<TypeParam>& d = *k[i];
    const std::string expect = element_kernels<TypeParam>::kPrefix +
                               std::string(isa_name(d.needs)) + "_" +
                               std::to_string(d.mr) + "x" +
                               std::to_string(d.nr);
    EXPECT_EQ(d.name, expect);
    EXPECT_TRUE(names.insert(d.name).second) << "duplicate " << d.name;
    EXPECT_TRUE(d.ukernel && d.ukernel_full && d.ukernel_epilogue && d.pack_a && d.pack_b)
        << d.name;
    EXPECT_LE(dim_t{d.mr} * d.nr, kMaxTileElems) << d.name << ": a tile of C no longer fits the drivers' stack tile";
  }
}

TYPED_TEST(registry_of, EveryMicroKernelHasItsSmallRoutine) {
  std::size_t count = 0, small_count = 0;
  const ukernel_desc<TypeParam>* const* k = micro_kernels<TypeParam>(&count);
  const small_gemm_desc<TypeParam>* const* s = small_routines<TypeParam>(&small_count);
  ASSERT_EQ(small_count, count);
  for (std::size_t i = 0; i < count; ++i) {
    EXPECT_EQ(s[i]->ukernel, k[i]) << k[i]->name;
    EXPECT_EQ(small_gemm_for(*k[i]), s[i]) << k[i]->name;
    EXPECT_TRUE(s[i]->gemm && s[i]->batch && s[i]->max_dim > 0) << k[i]->name;
  }
  const ukernel_desc<TypeParam> unregistered = *k[0];
  EXPECT_EQ(small_gemm_for(unregistered), nullptr);
}

TYPED_TEST(registry_of, IsasAreOrderedByDemand) {
  std::size_t count = 0;
  const ukernel_desc<TypeParam>* const* k = micro_kernels<TypeParam>(&count);
  for (std::size_t i = 1; i < count; ++i)
    EXPECT_LE(static_cast<int>(k[i - 1]->needs), static_cast<int>(k[i]->needs));
}

}  // namespace
}  // namespace swblas
