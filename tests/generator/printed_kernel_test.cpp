// The printed macro kernels and manifests: structure of the ic and jr
// variants, the calls through the descriptor, one golden kernel (isl's own
// tests are golden files too), and the k-outermost spec printing the same code.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "driver.h"

namespace swgen {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string source_file(const std::string& rel) { return read(std::string(SWBLAS_GEN_SOURCE_DIR) + "/" + rel); }

// Generated once per process: the generic target, restricted to its 512K L2
// configuration to keep the tests fast, from either spec.
const target_output& generic_from(const std::string& spec) {
  static std::map<std::string, target_output> cache;
  auto it = cache.find(spec);
  if (it == cache.end()) {
    target_desc t = parse_target(source_file("targets/generic.target"), "generic.target");
    t.caches = {t.caches.at(1)};
    const std::string name = spec.substr(0, spec.find('.'));
    it = cache.emplace(spec, generate_for_target(name, source_file("specs/" + spec), t)).first;
  }
  return it->second;
}

const kernel_variant& variant(const std::string& name) {
  for (const kernel_variant& k : generic_from("dgemm.c").kernels)
    if (k.name == name) return k;
  throw std::runtime_error("no variant " + name);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

std::size_t at(const std::string& text, const std::string& what) {
  const std::size_t p = text.find(what);
  EXPECT_NE(p, std::string::npos) << what;
  return p;
}

TEST(PrintedKernel, TwoVariantsPerCacheConfiguration) {
  const target_output& out = generic_from("dgemm.c");
  ASSERT_EQ(out.kernels.size(), 2 * out.target.caches.size());
  EXPECT_EQ(out.kernels[0].name, "dgemm_generic_4x4_l1_32k_l2_512k_ic");
  EXPECT_EQ(out.kernels[1].name, "dgemm_generic_4x4_l1_32k_l2_512k_jr");
}

TEST(PrintedKernel, IcVariantSharesTheIcLoopAndPacksAPrivately) {
  const std::string& code = variant("dgemm_generic_4x4_l1_32k_l2_512k_ic").code;
  EXPECT_EQ(code.rfind("void dgemm_generic_4x4_l1_32k_l2_512k_ic(const swblas::gemm_problem& p, double* a_pack, double* b_pack) {", 0), 0u);
  // Round-robin mc blocks: the partial last one goes to a thread with the most.
  EXPECT_EQ(count(code, "#pragma omp for schedule(static, 1)"), 1u);
  EXPECT_EQ(count(code, "#pragma omp for schedule(static)"), 0u);
  EXPECT_EQ(count(code, "swblas::gen::pack_b_team(swblas::ukernel_generic_4x4.pack_b, 4, "), 1u);
  EXPECT_EQ(count(code, "swblas::ukernel_generic_4x4.pack_a("), 1u);
  EXPECT_EQ(count(code, "pack_a_team"), 0u);
  EXPECT_LT(at(code, "pack_b_team"), at(code, "#pragma omp for"));
  EXPECT_LT(at(code, "#pragma omp for"), at(code, ".pack_a("));
  EXPECT_LT(at(code, ".pack_a("), at(code, ".ukernel_full("));
  EXPECT_GE(count(code, "swblas::ukernel_generic_4x4.ukernel("), 1u);  // partial tiles
  EXPECT_EQ(count(code, "swblas::gen::beta_for_block(c1, p.beta)"), count(code, ".ukernel_full(") + count(code, ".ukernel("));
}

TEST(PrintedKernel, JrVariantPacksATogetherThenSharesTheJrLoops) {
  const std::string& code = variant("dgemm_generic_4x4_l1_32k_l2_512k_jr").code;
  EXPECT_EQ(count(code, "swblas::gen::pack_a_team(swblas::ukernel_generic_4x4.pack_a, 4, "), 1u);
  EXPECT_LT(at(code, "pack_b_team"), at(code, "pack_a_team"));
  EXPECT_LT(at(code, "pack_a_team"), at(code, "#pragma omp for"));
  // Isolation splits the jr loop into full and partial parts; each is
  // shared, in contiguous chunks (the micro kernel prefetches the next panel).
  EXPECT_GE(count(code, "#pragma omp for schedule(static)"), 2u);
  EXPECT_EQ(count(code, "schedule(static, 1)"), 0u);
}

TEST(PrintedKernel, FullTilesCallUkernelFullWithTheBlockOffsets) {
  const std::string& code = variant("dgemm_generic_4x4_l1_32k_l2_512k_ic").code;
  EXPECT_NE(code.find("swblas::ukernel_generic_4x4.ukernel_full(imin(384, p.k - c1), p.alpha, "
                      "a_pack + (-c2 + c4) * imin(384, p.k - c1), b_pack + (-c0 + c3) * imin(384, p.k - c1), "
                      "swblas::gen::beta_for_block(c1, p.beta), p.c + c4 + c3 * p.ldc, p.ldc);"),
            std::string::npos)
      << code;
}

TEST(PrintedKernel, GoldenGeneric512kIc) {
  const std::string golden = read(std::string(SWBLAS_GEN_TEST_DIR) + "/golden/dgemm_generic_4x4_l1_32k_l2_512k_ic.cpp.txt");
  EXPECT_EQ(variant("dgemm_generic_4x4_l1_32k_l2_512k_ic").code, golden);
}

TEST(PrintedKernel, KOutermostSpecPrintsTheSameKernels) {
  const target_output& a = generic_from("dgemm.c");
  const target_output& b = generic_from("dgemm_kij.c");
  ASSERT_EQ(a.kernels.size(), b.kernels.size());
  // Only the function names (taken from the spec's name) differ.
  for (std::size_t n = 0; n < a.kernels.size(); ++n) {
    std::string renamed = b.kernels[n].code;
    renamed.replace(renamed.find("dgemm_kij_"), 10, "dgemm_");
    EXPECT_EQ(a.kernels[n].code, renamed) << a.kernels[n].name;
  }
}

TEST(Manifest, SourceListsEveryKernelWithItsBuffers) {
  const std::string src = manifest_source({generic_from("dgemm.c")});
  EXPECT_NE(src.find("const std::size_t generated_macro_kernel_count = 2;"), std::string::npos);
  const kernel_variant& k = variant("dgemm_generic_4x4_l1_32k_l2_512k_jr");
  std::ostringstream entry;
  entry << "{\"dgemm_generic_4x4_l1_32k_l2_512k_jr\", \"generic\", isa::generic, \"generic_4x4\", 4, 4, " << k.sizes.mc << ", "
        << k.sizes.kc << ", " << k.sizes.nc << ", 32768, 524288, 16777216, parallel_loop::jr, "
        << static_cast<long>(k.sizes.mc) * k.sizes.kc << ", " << static_cast<long>(k.sizes.kc) * k.sizes.nc
        << ", &generated::dgemm_generic_4x4_l1_32k_l2_512k_jr, kernel_family::dgemm, 0, nullptr},";
  EXPECT_NE(src.find(entry.str()), std::string::npos) << src;
  const std::string txt = manifest_text({generic_from("dgemm.c")});
  EXPECT_NE(txt.find("kc: (1) <= "), std::string::npos);
}

TEST(Manifest, EmptyManifestStillCompilesAsAnArray) {
  EXPECT_NE(manifest_source({}).find("generated_macro_kernel_count = 0;"), std::string::npos);
}

}  // namespace
}  // namespace swgen
