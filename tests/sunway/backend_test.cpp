// The Sunway back end of swblas-gen: a target file names its back end.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

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

}  // namespace
