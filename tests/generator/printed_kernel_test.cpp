// The printed block kernels and manifests: the kernel's structure, the
// calls through the descriptor, one golden kernel (isl's own tests are
// golden files too), the k-outermost spec printing the same code, specs
// sharing their kernels, and the float spec on the float register block.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

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

// Generated once per process: the generic target, from each spec.
const spec_kernel& generic_from(const std::string& spec) {
  static std::map<std::string, spec_kernel> cache;
  auto it = cache.find(spec);
  if (it == cache.end()) {
    const target_desc t = parse_target(source_file("targets/generic.target"), "generic.target");
    const std::string name = spec.substr(0, spec.find('.')), source = source_file("specs/" + spec);
    bool parameter = false;
    spec_element_types(source, &parameter);  // `real` specs: their double instance (dgemm_epilogue_relu)
    it = cache.emplace(spec, parameter ? generate_for_target("d" + name, source, t, element_type::f64)
                                       : generate_for_target(name, source, t))
             .first;
  }
  return it->second;
}

target_output generic_output(const std::vector<std::string>& specs) {
  target_output out;
  out.target = parse_target(source_file("targets/generic.target"), "generic.target");
  for (const std::string& s : specs) out.specs.push_back(generic_from(s));
  return out;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(PrintedKernel, OneBlockKernelNamedByItsShape) {
  const spec_kernel& k = generic_from("dgemm.c");
  EXPECT_EQ(k.function, "dgemm_block_generic_4x4");
  EXPECT_EQ(k.family, "dgemm");
  EXPECT_EQ(k.code.rfind("void dgemm_block_generic_4x4(const swblas::packed_block& blk) {", 0), 0u) << k.code;
}

TEST(PrintedKernel, SequentialWithNoPackingOrThreads) {
  const std::string& code = generic_from("dgemm.c").code;
  EXPECT_EQ(count(code, "#pragma omp"), 0u) << "the runtime shares blocks out";
  EXPECT_EQ(count(code, "pack_"), 0u) << "the runtime packs";
  EXPECT_GE(count(code, "swblas::ukernel_generic_4x4.ukernel("), 1u);  // partial tiles
  EXPECT_EQ(count(code, "blk.beta"), count(code, ".ukernel_full(") + count(code, ".ukernel("));
}

TEST(PrintedKernel, FullTilesCallUkernelFullWithTheTileOffsets) {
  const std::string& code = generic_from("dgemm.c").code;
  EXPECT_NE(code.find("swblas::ukernel_generic_4x4.ukernel_full(blk.k, blk.alpha, blk.ap + c1 * blk.k, "
                      "blk.bp + c0 * blk.k, blk.beta, blk.c + c1 + c0 * blk.ldc, blk.ldc);"),
            std::string::npos)
      << code;
}

TEST(PrintedKernel, GoldenGenericBlockKernel) {
  const std::string golden = read(std::string(SWBLAS_GEN_TEST_DIR) + "/golden/dgemm_block_generic_4x4.cpp.txt");
  EXPECT_EQ(generic_from("dgemm.c").code, golden);
}

TEST(PrintedKernel, KOutermostSpecPrintsTheSameKernel) {
  EXPECT_EQ(generic_from("dgemm.c").code, generic_from("dgemm_kij.c").code);
}

// Fifteen specs, three kernels: the batch and the prologues run the plain
// one, the register epilogues one, the others one.
TEST(PrintedKernel, SpecsShareTheirKernels) {
  const target_output out = generic_output({"dgemm.c", "dgemm_batch.c", "dgemm_prologue_scale_a.c",
                                            "dgemm_prologue_fake_quant_b.c", "gemm_epilogue_none.c",
                                            "gemm_epilogue_relu.c", "gemm_epilogue_clamp.c",
                                            "gemm_epilogue_gelu_tanh.c", "gemm_epilogue_sigmoid.c"});
  std::vector<std::string> names;
  for (const spec_kernel* k : distinct_kernels(out)) names.push_back(k->function);
  EXPECT_EQ(names, (std::vector<std::string>{"dgemm_block_generic_4x4",
                                             "dgemm_block_generic_4x4_epilogue_in_registers",
                                             "dgemm_block_generic_4x4_epilogue_on_stored_tile"}));
  const std::string src = kernel_source(out);
  EXPECT_EQ(count(src, "void dgemm_block_generic_4x4("), 1u);
}

// A product by a symmetric matrix folds into the plain GEMM: each of the
// four symm specs prints the plain kernel, in the manifest under its family
// (the operand the matrix is) and op (the triangle read).
TEST(PrintedKernel, SymmetricProductsRunThePlainKernel) {
  const std::vector<std::string> specs = {"symm_left_lower.c", "symm_left_upper.c", "symm_right_lower.c",
                                          "symm_right_upper.c"};
  const std::vector<std::pair<std::string, std::string>> want = {{"a_symmetric", "lower"}, {"a_symmetric", "upper"},
                                                                 {"b_symmetric", "lower"}, {"b_symmetric", "upper"}};
  for (std::size_t n = 0; n < specs.size(); ++n) {
    const spec_kernel& k = generic_from(specs[n]);
    EXPECT_EQ(k.function, "dgemm_block_generic_4x4") << specs[n];
    EXPECT_EQ(k.code, generic_from("dgemm.c").code) << specs[n];
    EXPECT_EQ(k.family, want[n].first) << specs[n];
    EXPECT_EQ(k.op, "static_cast<int>(triangle_op::" + want[n].second + ")") << specs[n];
  }
  std::vector<std::string> all = specs;
  all.push_back("dgemm.c");
  EXPECT_EQ(distinct_kernels(generic_output(all)).size(), 1u);
}

TEST(PrintedKernel, FloatSpecRunsTheFloatBlock) {
  const spec_kernel& k = generic_from("sgemm.c");
  EXPECT_EQ(k.elem, element_type::f32);
  EXPECT_EQ(k.function, "sgemm_block_generic_4x4");
  EXPECT_EQ(k.family, "dgemm");  // plain GEMM
  EXPECT_EQ(k.code.rfind("void sgemm_block_generic_4x4(const swblas::basic_packed_block<float>& blk) {", 0), 0u)
      << k.code;
  EXPECT_EQ(count(k.code, "swblas::ukernel_generic_4x4."), 0u) << k.code;
  EXPECT_GE(count(k.code, "swblas::ukernel_f32_generic_4x4.ukernel_full("), 1u) << k.code;
}

// Both blocks are 4x4 on the generic target: the same loops, other names.
TEST(PrintedKernel, FloatKernelIsTheDoubleKernelOverFloats) {
  std::string code = generic_from("dgemm.c").code;
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"dgemm_block_", "sgemm_block_"},
           {"swblas::packed_block&", "swblas::basic_packed_block<float>&"},
           {"ukernel_generic_4x4", "ukernel_f32_generic_4x4"}})
    for (std::size_t p = code.find(from); p != std::string::npos; p = code.find(from, p + to.size()))
      code.replace(p, from.size(), to);
  EXPECT_EQ(generic_from("sgemm.c").code, code);
}

// POWER10's target without its f32. lines: a target with no float block.
std::string without_float_block(const std::string& target_text) {
  std::string kept;
  std::size_t start = 0;
  while (start < target_text.size()) {
    const std::size_t end = std::min(target_text.find('\n', start), target_text.size());
    const std::string line = target_text.substr(start, end - start);
    if (line.rfind("f32.", 0) != 0) kept += line + "\n";
    start = end + 1;
  }
  return kept;
}

TEST(PrintedKernel, FloatSpecIsSkippedWhereTheTargetHasNoFloatBlock) {
  const target_desc p10 =
      parse_target(without_float_block(source_file("targets/power10.target")), "power10.target");
  ASSERT_EQ(p10.block_of(element_type::f32), nullptr);
  target_output out;
  out.target = p10;
  out.specs.push_back(generate_for_target("dgemm", source_file("specs/dgemm.c"), p10));
  out.specs.push_back(generate_for_target("sgemm", source_file("specs/sgemm.c"), p10));
  EXPECT_EQ(out.specs[1].skipped, "no f32 register block");
  EXPECT_EQ(out.specs[1].function, "");
  EXPECT_EQ(distinct_kernels(out).size(), 1u);
  EXPECT_EQ(count(kernel_source(out), "sgemm"), 0u);
  const std::string src = manifest_source({out});
  EXPECT_NE(src.find("generated_target_count = 1;"), std::string::npos) << src;
  EXPECT_NE(src.find("generated_f32_entry_count = 0;"), std::string::npos) << src;
  EXPECT_NE(manifest_text({out}).find("  spec sgemm: skipped, no f32 register block\n"), std::string::npos);
}

TEST(PrintedKernel, TwoSpecsNamingOneKernelWithDifferentCodeAreAnError) {
  target_output out = generic_output({"dgemm.c", "dgemm_batch.c"});
  out.specs[1].code += "// different\n";
  EXPECT_THROW(distinct_kernels(out), std::logic_error);
}

// A GEMM on C's triangle, for the generic target in element type e.
spec_kernel generic_triangle(const std::string& spec, element_type e) {
  const target_desc t = parse_target(source_file("targets/generic.target"), "generic.target");
  return generate_for_target(blas_letter(e) + spec, source_file("specs/" + spec + ".c"), t, e);
}

// The tiles wholly in the triangle are full micro-kernel calls; the tiles
// the diagonal cuts keep their part through ukernel_on_triangle, from the
// tile's origin, with the half-plane at that origin in the block's row0
// and col0; the tiles outside are not visited.
TEST(PrintedKernel, TriangleKernelIsolatesTheTilesTheDiagonalCuts) {
  const spec_kernel k = generic_triangle("gemmt_lower", element_type::f64);
  EXPECT_EQ(k.function, "dgemm_block_generic_4x4_triangle_lower");
  EXPECT_EQ(k.family, "c_triangle");
  EXPECT_EQ(k.op, "static_cast<int>(triangle_op::lower)");
  EXPECT_GE(count(k.code, "swblas::ukernel_generic_4x4.ukernel_full(blk.k"), 1u) << k.code;
  EXPECT_GE(count(k.code, "swblas::gen::ukernel_on_triangle(swblas::ukernel_generic_4x4, "), 1u) << k.code;
  EXPECT_NE(k.code.find("blk.row0 - blk.col0"), std::string::npos) << k.code;
  EXPECT_EQ(k.code.find(".ukernel("), std::string::npos) << k.code;  // no unmasked partial tile
  const spec_kernel pairs = generic_triangle("gemmt_upper_row_pairs", element_type::f32);
  EXPECT_EQ(pairs.function, "sgemm_block_generic_4x4_triangle_upper_row_pairs");
  EXPECT_NE(pairs.code.find(", -1, 2, "), std::string::npos) << pairs.code;  // -i + 2j + ... >= 0
}

TEST(PrintedKernel, ParameterElementTypeMustBeGiven) {
  const target_desc t = parse_target(source_file("targets/generic.target"), "generic.target");
  EXPECT_THROW(generate_for_target("gemmt_lower", source_file("specs/gemmt_lower.c"), t), std::logic_error);
  EXPECT_THROW(generate_for_target("dgemm", source_file("specs/dgemm.c"), t, element_type::f32), std::logic_error);
}

TEST(Manifest, SourceListsTheTargetAndEverySpec) {
  const std::string src = manifest_source({generic_output({"dgemm.c", "gemm_epilogue_relu.c"})});
  EXPECT_NE(src.find("const std::size_t generated_target_count = 2;"), std::string::npos) << src;  // f64, f32
  EXPECT_NE(src.find("const std::size_t generated_entry_count = 2;"), std::string::npos) << src;
  EXPECT_NE(src.find("{\"generic\", isa::generic, element_type::f64, \"generic_4x4\", {4, 4, 4, 2, false, 8}, kgeneric_caches, 4},"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("{\"dgemm\", \"generic\", \"dgemm_block_generic_4x4\", &generated::dgemm_block_generic_4x4, "
                     "kernel_family::dgemm, 0},"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("kernel_family::epilogue, static_cast<int>(epilogue_op::relu)},"), std::string::npos) << src;
  const std::string txt = manifest_text({generic_output({"dgemm.c"})});
  EXPECT_NE(txt.find("kc: (1) <= "), std::string::npos) << txt;
  EXPECT_NE(txt.find("caches l1d 32768 (8-way), l2 524288, l3 16777216: mc="), std::string::npos) << txt;
}

// One target row per register block; float entries in their own array.
TEST(Manifest, FloatRowsAndEntries) {
  const target_output out = generic_output({"dgemm.c", "sgemm.c", "gemm_epilogue_relu.c"});
  const std::string src = manifest_source({out});
  EXPECT_NE(src.find("const std::size_t generated_target_count = 2;"), std::string::npos) << src;
  EXPECT_NE(src.find("{\"generic\", isa::generic, element_type::f32, \"f32_generic_4x4\", {4, 4, 4, 4, false, 4}, "
                     "kgeneric_caches, 4},"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("void sgemm_block_generic_4x4(const swblas::basic_packed_block<float>& blk);"), std::string::npos)
      << src;
  EXPECT_NE(src.find("const std::size_t generated_entry_count = 2;"), std::string::npos) << src;
  EXPECT_NE(src.find("const basic_generated_entry<float> generated_f32_entries[] = {\n"
                     "    {\"sgemm\", \"generic\", \"sgemm_block_generic_4x4\", &generated::sgemm_block_generic_4x4, "
                     "kernel_family::dgemm, 0},\n};\nconst std::size_t generated_f32_entry_count = 1;"),
            std::string::npos)
      << src;
  const std::string txt = manifest_text({out});
  EXPECT_NE(txt.find("  f32: isa generic, micro kernel swblas::ukernel_f32_generic_4x4 (4x4), VL 4 floats\n"),
            std::string::npos)
      << txt;
  EXPECT_NE(txt.find("  kernel sgemm_block_generic_4x4\n"), std::string::npos) << txt;
  EXPECT_NE(txt.find("  spec sgemm: family dgemm, op 0 -> sgemm_block_generic_4x4\n"), std::string::npos) << txt;
  // Half the bytes per element: twice the kc of the double block.
  EXPECT_NE(txt.find("  f64 caches l1d 32768 (8-way), l2 262144, l3 2097152: mc=40 kc=384 "), std::string::npos) << txt;
  EXPECT_NE(txt.find("  f32 caches l1d 32768 (8-way), l2 262144, l3 2097152: mc=40 kc=768 "), std::string::npos) << txt;
}

TEST(Manifest, EmptyManifestStillCompilesAsArrays) {
  const std::string src = manifest_source({});
  EXPECT_NE(src.find("generated_target_count = 0;"), std::string::npos);
  EXPECT_NE(src.find("generated_entry_count = 0;"), std::string::npos);
  EXPECT_NE(src.find("generated_f32_entry_count = 0;"), std::string::npos);
}

}  // namespace
}  // namespace swgen
