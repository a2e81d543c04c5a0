// SWBLAS_* environment parsing (pure: values are passed in).
#include <gtest/gtest.h>

#include "config.h"

namespace swblas {
namespace {

runtime_config threads_from(const char* swblas, const char* omp, int cores = 6) {
  return parse_config(swblas, omp, nullptr, nullptr, cores);
}

TEST(ThreadCount, DefaultsToCores) {
  const runtime_config c = threads_from(nullptr, nullptr);
  EXPECT_EQ(c.threads, 6);
  EXPECT_EQ(c.threads_source, "cores");
  EXPECT_TRUE(c.warnings.empty());
}

TEST(ThreadCount, SwblasBeatsOmp) {
  const runtime_config c = threads_from("3", "5");
  EXPECT_EQ(c.threads, 3);
  EXPECT_EQ(c.threads_source, "SWBLAS_NUM_THREADS");
}

TEST(ThreadCount, OmpWhenSwblasUnsetOrEmpty) {
  EXPECT_EQ(threads_from(nullptr, "5").threads, 5);
  EXPECT_EQ(threads_from("", "5").threads, 5);
  EXPECT_EQ(threads_from(nullptr, "5").threads_source, "OMP_NUM_THREADS");
}

TEST(ThreadCount, OmpListTakesFirstLevel) {
  EXPECT_EQ(threads_from(nullptr, "4,2").threads, 4);
  EXPECT_EQ(threads_from(nullptr, " 7 ,3,1").threads, 7);
}

TEST(ThreadCount, GarbageIsIgnoredWithWarning) {
  for (const char* bad : {"abc", "0", "-2", "4x", "2.5", " ", "99999999999"}) {
    const runtime_config c = threads_from(bad, "5");
    EXPECT_EQ(c.threads, 5) << bad;
    EXPECT_EQ(c.warnings.size(), 1u) << bad;
  }
  const runtime_config both_bad = threads_from("x", ",4");
  EXPECT_EQ(both_bad.threads, 6);
  EXPECT_EQ(both_bad.threads_source, "cores");
  EXPECT_EQ(both_bad.warnings.size(), 2u);
}

TEST(ThreadCount, CappedAndBlanksAllowed) {
  EXPECT_EQ(threads_from(" 12 ", nullptr).threads, 12);
  EXPECT_EQ(threads_from("100000", nullptr).threads, kMaxThreads);
}

TEST(ThreadCount, NoCoresMeansOne) { EXPECT_EQ(threads_from(nullptr, nullptr, 0).threads, 1); }

TEST(Config, VerboseAndTarget) {
  EXPECT_EQ(parse_config(nullptr, nullptr, "1", nullptr, 1).verbose, 1);
  EXPECT_EQ(parse_config(nullptr, nullptr, "yes", nullptr, 1).verbose, 1);
  EXPECT_EQ(parse_config(nullptr, nullptr, " 2 ", nullptr, 1).verbose, kCallTraceVerbosity);
  EXPECT_EQ(parse_config(nullptr, nullptr, "0", nullptr, 1).verbose, 0);
  EXPECT_EQ(parse_config(nullptr, nullptr, nullptr, nullptr, 1).verbose, 0);
  EXPECT_EQ(parse_config(nullptr, nullptr, nullptr, " avx2 ", 1).forced_target, "avx2");
  EXPECT_EQ(parse_config(nullptr, nullptr, nullptr, "AVX512", 1).forced_target, "avx512");
  EXPECT_EQ(parse_config(nullptr, nullptr, nullptr, nullptr, 1).forced_target, "");
}

}  // namespace
}  // namespace swblas
