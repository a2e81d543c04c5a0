// The process-wide runtime as a user meets it: the environment is read on
// first use, SWBLAS_VERBOSE explains the choice exactly once, and a bad
// SWBLAS_TARGET warns. Runs in a fresh child process (threadsafe death-test
// style re-executes the binary), where the runtime is not initialised yet.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "runtime.h"

namespace swblas {
namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// In the child: first use with the given environment, stderr captured;
// exits 0 when it says what it must, once.
[[noreturn]] void first_use_and_check() {
  const std::string log = ::testing::TempDir() + "swblas_verbose.txt";
  setenv("SWBLAS_VERBOSE", "1", 1);
  setenv("SWBLAS_TARGET", "nonsense", 1);
  setenv("SWBLAS_NUM_THREADS", "3", 1);
  if (!std::freopen(log.c_str(), "w", stderr)) std::_Exit(2);
  const runtime_choice first = chosen_runtime();
  chosen_runtime();
  std::fflush(stderr);
  std::stringstream text;
  text << std::ifstream(log).rdbuf();
  const std::string s = text.str();
  const bool ok = count(s, "swblas: chosen target ") == 1 && count(s, "swblas: cpu ") == 1 &&
                  count(s, "SWBLAS_TARGET=nonsense is not a known target") == 1 &&
                  count(s, "threads 3 (from SWBLAS_NUM_THREADS)") == 1 && first.threads == 3;
  std::_Exit(ok ? 0 : 1);
}

TEST(ProcessRuntimeDeathTest, VerboseExplainsTheChoiceOnce) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(first_use_and_check(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace swblas
