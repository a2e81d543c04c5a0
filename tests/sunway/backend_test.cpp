// The Sunway back end of swblas-gen: a target file names its back end, the
// kernel table swblas-gen writes for the Sunway kernels, and one run of the
// command line with a CPU and a Sunway target.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "launch.h"
#include "sunway_manifest.h"
#include "sunway_target.h"
#include "target_file.h"

namespace {

using ::testing::HasSubstr;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(SunwayBackend, TargetFilesNameTheirBackend) {
  EXPECT_EQ(swgen::backend_of(read(SWBLAS_SOURCE_DIR "/generator/targets/sunway.target")), "sunway");
  EXPECT_EQ(swgen::backend_of(read(SWBLAS_SOURCE_DIR "/generator/targets/x86_avx2.target")), "cpu");
  EXPECT_EQ(swgen::backend_of("# backend = sunway\nname = x\n"), "cpu");
  EXPECT_THAT([] { swgen::sunway::parse_sunway_target("backend = cpu\n", "t.target"); },
              ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("t.target:1: backend must be 'sunway'")));
}

// One row per kernel: its family, element type, operation and the launcher
// for its parameter block (the batched one in the run_batch slot, a float
// one in run_f32).
TEST(SunwayBackend, TheKernelTableRecordsFamilyOperationAndLauncher) {
  using swgen::element_type;
  const std::string src = swgen::sunway::manifest_source({{"k1", "dgemm", "", element_type::f64},
                                                          {"k2", "batch", "", element_type::f64},
                                                          {"k3", "epilogue", "relu", element_type::f64},
                                                          {"k4", "prologue_b", "scale", element_type::f64},
                                                          {"k5", "dgemm", "", element_type::f32}});
  EXPECT_THAT(src, HasSubstr("#include \"launch.h\"\n#include \"k1.h\"\n#include \"k2.h\"\n"));
  EXPECT_THAT(src, HasSubstr("{\"k1\", kernel_family::dgemm, element_type::f64, 0, &launch<sw_k1_params, k1_mpe>, "
                             "nullptr, nullptr},"));
  EXPECT_THAT(src, HasSubstr("{\"k2\", kernel_family::batch, element_type::f64, 0, nullptr, "
                             "&launch_batch<sw_k2_params, k2_mpe>, nullptr},"));
  EXPECT_THAT(src, HasSubstr("{\"k3\", kernel_family::epilogue, element_type::f64, static_cast<int>(epilogue_op::relu), "
                             "&launch_with_epilogue<sw_k3_params, k3_mpe>, nullptr, nullptr},"));
  EXPECT_THAT(src, HasSubstr("{\"k4\", kernel_family::prologue_b, element_type::f64, static_cast<int>(prologue_op::scale), "
                             "&launch_with_prologue<sw_k4_params, k4_mpe>, nullptr, nullptr},"));
  EXPECT_THAT(src, HasSubstr("{\"k5\", kernel_family::dgemm, element_type::f32, 0, nullptr, nullptr, "
                             "&launch<sw_k5_params, k5_mpe>},"));
  EXPECT_THAT(src, HasSubstr("generated_sunway_kernel_count = 5;"));
}

// The table built into this test holds a kernel of every family and operation
// the build generated.
TEST(SunwayBackend, TheBuiltTableHoldsEveryKernel) {
  using swblas::kernel_family;
  using swblas::sunway_emu::find_kernel;
  ASSERT_NE(find_kernel(kernel_family::dgemm), nullptr);
  EXPECT_STREQ(find_kernel(kernel_family::dgemm)->name, "dgemm_sunway");
  const auto* sgemm = find_kernel(kernel_family::dgemm, 0, swblas::element_type::f32);
  ASSERT_NE(sgemm, nullptr);
  EXPECT_STREQ(sgemm->name, "sgemm_sunway");
  EXPECT_NE(sgemm->run_f32, nullptr);
  EXPECT_EQ(sgemm->run, nullptr);
  ASSERT_NE(find_kernel(kernel_family::batch), nullptr);
  EXPECT_NE(find_kernel(kernel_family::batch)->run_batch, nullptr);
  for (int op = 0; op < swblas::kEpilogueOpCount; ++op) EXPECT_NE(find_kernel(kernel_family::epilogue, op), nullptr) << op;
  for (kernel_family f : {kernel_family::prologue_a, kernel_family::prologue_b})
    for (swblas::prologue_op op : {swblas::prologue_op::scale, swblas::prologue_op::fake_quant})
      EXPECT_NE(find_kernel(f, static_cast<int>(op)), nullptr);
  EXPECT_EQ(swblas::sunway_emu::generated_sunway_kernel_count, 16u);
}

// One run, two back ends: each writes its own sources and its own manifest.
TEST(SunwayBackend, OneCommandLineRunsBothBackends) {
  const std::string dir = testing::TempDir() + "/both_backends";
  const std::string cmd = "mkdir -p " + dir + " && " + SWBLAS_GEN_EXECUTABLE + " --spec " SWBLAS_SOURCE_DIR
                          "/generator/specs/dgemm.c --target " SWBLAS_SOURCE_DIR "/generator/targets/sunway.target"
                          " --target " SWBLAS_SOURCE_DIR "/generator/targets/generic.target --out-dir " + dir;
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  EXPECT_THAT(read(dir + "/generic.cpp"), HasSubstr("void dgemm_block_generic_4x4("));
  EXPECT_THAT(read(dir + "/generated_manifest.cpp"), HasSubstr("generated_entry_count = 1;"));
  EXPECT_THAT(read(dir + "/dgemm_sunway.h"), HasSubstr("struct sw_dgemm_sunway_params {"));
  EXPECT_THAT(read(dir + "/dgemm_sunway_cpe.cpp"), HasSubstr("extern \"C\" void dgemm_sunway_cpe("));
  EXPECT_THAT(read(dir + "/dgemm_sunway_mpe.cpp"), HasSubstr("athread_spawn(SLAVE_FUN(dgemm_sunway_cpe), params);"));
  const std::string table = read(dir + "/sunway_manifest.cpp");
  EXPECT_THAT(table, HasSubstr("{\"dgemm_sunway\", kernel_family::dgemm, element_type::f64, 0,"));
  EXPECT_THAT(table, HasSubstr("generated_sunway_kernel_count = 1;"));
}

}  // namespace
