// SWBLAS_* environment parsing (pure: values are passed in).
#include <gtest/gtest.h>

#include <string>

#include "config.h"

namespace swblas {
namespace {

// A machine of 6 cores and 12 hardware threads unless stated.
runtime_config threads_from(const char* swblas, const char* omp, int cores = 6,
                            int hardware_threads = 12, const char* oversubscribe = nullptr) {
  return parse_config(swblas, omp, oversubscribe, nullptr, nullptr, cores, hardware_threads);
}

bool mentions(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
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

TEST(ThreadCount, BlanksAllowed) {
  const runtime_config c = threads_from(" 12 ", nullptr);
  EXPECT_EQ(c.threads, 12);
  EXPECT_TRUE(c.warnings.empty());
}

TEST(ThreadCount, NoCoresMeansOne) { EXPECT_EQ(threads_from(nullptr, nullptr, 0).threads, 1); }

// SWBLAS_NUM_THREADS=100000 on 2 cores used to run 1024 threads.
TEST(ThreadCount, MoreThanTheHardwareThreadsBecomesThemWithWarning) {
  const runtime_config c = threads_from("100000", nullptr, 2, 2);
  EXPECT_EQ(c.threads, 2);
  EXPECT_EQ(c.threads_source, "SWBLAS_NUM_THREADS");
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_TRUE(mentions(c.warnings[0], "SWBLAS_NUM_THREADS=100000 exceeds the 2 hardware threads"))
      << c.warnings[0];
  EXPECT_TRUE(mentions(c.warnings[0], "SWBLAS_OVERSUBSCRIBE=1")) << c.warnings[0];
  const runtime_config omp = threads_from(nullptr, "13,2");
  EXPECT_EQ(omp.threads, 12);
  ASSERT_EQ(omp.warnings.size(), 1u);
  EXPECT_TRUE(mentions(omp.warnings[0], "OMP_NUM_THREADS=13 exceeds the 12")) << omp.warnings[0];
}

TEST(ThreadCount, AsManyAsTheHardwareThreadsIsQuiet) {
  const runtime_config c = threads_from("12", nullptr);
  EXPECT_EQ(c.threads, 12);
  EXPECT_TRUE(c.warnings.empty());
}

TEST(ThreadCount, OversubscribeAllowsUpToTheLimit) {
  for (const char* yes : {"1", " 1 "}) {
    const runtime_config c = threads_from("24", nullptr, 6, 12, yes);
    EXPECT_EQ(c.threads, 24) << yes;
    EXPECT_TRUE(c.warnings.empty()) << yes;
  }
  const runtime_config c = threads_from("100000", nullptr, 6, 12, "1");
  EXPECT_EQ(c.threads, kMaxThreads);
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_TRUE(mentions(c.warnings[0], "SWBLAS_NUM_THREADS=100000 exceeds swblas's limit"))
      << c.warnings[0];
}

TEST(ThreadCount, OversubscribeOtherThanOneDoesNot) {
  const runtime_config no = threads_from("24", nullptr, 6, 12, "0");
  EXPECT_EQ(no.threads, 12);
  EXPECT_EQ(no.warnings.size(), 1u);  // the cap
  for (const char* bad : {"yes", "2", "true", " "}) {
    const runtime_config c = threads_from("24", nullptr, 6, 12, bad);
    EXPECT_EQ(c.threads, 12) << bad;
    ASSERT_EQ(c.warnings.size(), 2u) << bad;
    EXPECT_TRUE(mentions(c.warnings[0], "ignoring SWBLAS_OVERSUBSCRIBE=")) << c.warnings[0];
    EXPECT_TRUE(mentions(c.warnings[0], "(expected 0 or 1)")) << c.warnings[0];
  }
}

TEST(ThreadCount, UnknownHardwareThreadsLimitOnlyToTheMaximum) {
  EXPECT_EQ(threads_from("64", nullptr, 6, 0).threads, 64);
  EXPECT_TRUE(threads_from("64", nullptr, 6, 0).warnings.empty());
  const runtime_config c = threads_from("100000", nullptr, 6, 0);
  EXPECT_EQ(c.threads, kMaxThreads);
  EXPECT_EQ(c.warnings.size(), 1u);
}

TEST(ThreadCount, DefaultIsTheCoresWhateverTheHardwareThreads) {
  const runtime_config c = threads_from(nullptr, nullptr, 6, 12);
  EXPECT_EQ(c.threads, 6);
  EXPECT_TRUE(c.warnings.empty());
}

runtime_config with_verbose(const char* verbose) {
  return parse_config(nullptr, nullptr, nullptr, verbose, nullptr, 1, 1);
}

runtime_config with_target(const char* target) {
  return parse_config(nullptr, nullptr, nullptr, nullptr, target, 1, 1);
}

TEST(Config, VerboseAndTarget) {
  EXPECT_EQ(with_verbose("1").verbose, 1);
  EXPECT_EQ(with_verbose(" 2 ").verbose, kCallTraceVerbosity);
  EXPECT_EQ(with_verbose("0").verbose, 0);
  EXPECT_EQ(with_verbose("\t1 ").verbose, 1);
  EXPECT_EQ(with_verbose(nullptr).verbose, 0);
  EXPECT_TRUE(with_verbose(" 2 ").warnings.empty());
  EXPECT_EQ(with_target(" avx2 ").forced_target, "avx2");
  EXPECT_EQ(with_target("AVX512").forced_target, "avx512");
  EXPECT_EQ(with_target(nullptr).forced_target, "");
}

// SWBLAS_VERBOSE=999 or =yes used to mean 1, silently.
TEST(Config, UnknownVerboseWarnsAndMeansQuiet) {
  for (const char* bad : {"999", "yes", "3", "-1", "1x", "01", " "}) {
    const runtime_config c = with_verbose(bad);
    EXPECT_EQ(c.verbose, 0) << bad;
    ASSERT_EQ(c.warnings.size(), 1u) << bad;
    EXPECT_EQ(c.warnings[0], std::string("ignoring SWBLAS_VERBOSE=\"") + bad + "\" (expected 0, 1 or 2)");
  }
}

}  // namespace
}  // namespace swblas
