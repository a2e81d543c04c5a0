// swblas against netlib's reference BLAS on random calls of every routine,
// each operand between guard pages: from one thread, from eight user threads
// at once, inside a user's (nested) OpenMP region, and on both sides of a
// fork. Bounded in time; SWBLAS_FUZZ_SECONDS lengthens a run,
// SWBLAS_FUZZ_SEED changes its cases, SWBLAS_FUZZ_ROUTINES picks routines
// and SWBLAS_FUZZ_REPLAY=routine:seed reruns the one case a failure names.
#include <gtest/gtest.h>
#include <omp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "fuzz_runner.h"

namespace swblas_stress {
namespace {

double seconds_for(double default_seconds) {
  const char* s = std::getenv("SWBLAS_FUZZ_SECONDS");
  return s ? std::atof(s) : default_seconds;
}

std::uint64_t base_seed() {
  const char* s = std::getenv("SWBLAS_FUZZ_SEED");
  return s ? std::strtoull(s, nullptr, 10) : 20261127;
}

// Every routine's maker, or those SWBLAS_FUZZ_ROUTINES names (a
// comma-separated list of symbols, or of parts of them without an
// underscore: "trmm,dgemv_" is every trmm, dgemv_ alone).
std::vector<case_maker> every_maker() {
  const char* only = std::getenv("SWBLAS_FUZZ_ROUTINES");
  std::vector<std::string> parts;
  for (std::string rest = only ? only : ""; !rest.empty();) {
    const std::size_t comma = rest.find(',');
    parts.push_back(rest.substr(0, comma));
    rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
  }
  std::vector<case_maker> makers;
  for (auto* level : {&level1_makers, &level2_makers, &level3_makers, &cblas_makers, &batch_makers})
    for (const case_maker& m : (*level)()) {
      bool named = parts.empty();
      for (const std::string& p : parts)
        named = named || m.routine == p || (p.find('_') == std::string::npos && m.routine.find(p) != std::string::npos);
      if (named) makers.push_back(m);
    }
  return makers;
}

class DifferentialFuzz : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    reference_ = new reference_blas(SWBLAS_REFERENCE_BLAS);
    makers_ = new std::vector<case_maker>(every_maker());
  }
  static void TearDownTestSuite() {
    delete makers_;
    delete reference_;
  }
  void SetUp() override {
    if (!reference_->loaded()) GTEST_SKIP() << "netlib's BLAS not loaded: " << reference_->error();
  }
  static void expect_clean(const fuzz_report& report) {
    EXPECT_GT(report.cases, report.skipped);
    for (const std::string& f : report.failures) ADD_FAILURE() << f;
  }

  static reference_blas* reference_;
  static std::vector<case_maker>* makers_;
};
reference_blas* DifferentialFuzz::reference_ = nullptr;
std::vector<case_maker>* DifferentialFuzz::makers_ = nullptr;

TEST_F(DifferentialFuzz, EveryRoutineFromOneThread) {
  const fuzz_report report = fuzz(*makers_, *reference_, base_seed(), seconds_for(6.0), 4);
  RecordProperty("cases", static_cast<int>(report.cases));
  RecordProperty("skipped", static_cast<int>(report.skipped));
  std::printf("%ld cases, %ld of them skipped (too large to map or to fill whole); slowest %.2f s: %s\n",
              report.cases, report.skipped, report.slowest, report.slowest_case.c_str());
  expect_clean(report);
}

// Concurrent callers: eight user threads on two cores, each with its own cases.
TEST_F(DifferentialFuzz, EightUserThreadsAtOnce) {
  std::vector<fuzz_report> reports(8);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] { reports[t] = fuzz(*makers_, *reference_, base_seed() + 1 + t, seconds_for(3.0), 1); });
  for (std::thread& t : threads) t.join();
  for (const fuzz_report& r : reports) expect_clean(r);
}

// Calls from inside a user's parallel region, and from the inner level of a
// nested one.
TEST_F(DifferentialFuzz, InsideAUsersNestedOpenMPRegion) {
  std::vector<fuzz_report> reports(4);
  const int saved_levels = omp_get_max_active_levels();
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    const int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2)
    {
      const int slot = 2 * outer + omp_get_thread_num();
      reports[slot] = fuzz(*makers_, *reference_, base_seed() + 100 + slot, seconds_for(2.0), 0, 0);
    }
  }
  omp_set_max_active_levels(saved_levels);
  for (const fuzz_report& r : reports) expect_clean(r);
}

// fork() while another thread of the parent is in the middle of its calls:
// the child fuzzes on (under a deadline: a hang fails), the parent goes on.
TEST_F(DifferentialFuzz, ForkInTheMiddle) {
  fuzz_report before = fuzz(*makers_, *reference_, base_seed() + 200, 0.5, 0);
  expect_clean(before);
  fuzz_report during;
  std::thread busy([&] { during = fuzz(*makers_, *reference_, base_seed() + 201, 1.5, 0); });
  const pid_t child = fork();
  ASSERT_NE(child, -1);
  if (child == 0) {
    // The deadline is past the child's own fuzzing time (scripts/fuzz.sh
    // gives each mode minutes), with two minutes for a hang to show.
    const double seconds = seconds_for(1.5);
    alarm(static_cast<unsigned>(seconds) + 120);
    const fuzz_report in_child = fuzz(*makers_, *reference_, base_seed() + 202, seconds, 1);
    for (const std::string& f : in_child.failures) fprintf(stderr, "child: %s\n", f.c_str());
    _exit(in_child.failures.empty() ? 0 : 1);
  }
  const fuzz_report parent = fuzz(*makers_, *reference_, base_seed() + 203, 1.0, 0);
  busy.join();
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status)) << "the child did not finish: signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  if (WIFEXITED(status)) {
    EXPECT_EQ(WEXITSTATUS(status), 0) << "the child's calls failed (its messages are above)";
  }
  expect_clean(during);
  expect_clean(parent);
}

// SWBLAS_FUZZ_REPLAY=routine:seed reruns one case (a failure prints it).
TEST_F(DifferentialFuzz, Replay) {
  const char* replay = std::getenv("SWBLAS_FUZZ_REPLAY");
  if (!replay) GTEST_SKIP() << "SWBLAS_FUZZ_REPLAY not set";
  const std::string spec = replay;
  const std::size_t colon = spec.find(':');
  ASSERT_NE(colon, std::string::npos) << "SWBLAS_FUZZ_REPLAY=routine:seed";
  const std::string routine = spec.substr(0, colon);
  for (const case_maker& maker : *makers_) {
    if (maker.routine != routine) continue;
    const case_outcome outcome = run_one(maker, *reference_, std::strtoull(spec.c_str() + colon + 1, nullptr, 10));
    EXPECT_TRUE(outcome.failure.empty()) << outcome.failure;
    return;
  }
  FAIL() << "no maker for " << routine;
}

}  // namespace
}  // namespace swblas_stress
