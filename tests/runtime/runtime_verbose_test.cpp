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
#include <vector>

#include "fused.h"
#include "fused_ops.h"
#include "gemm.h"
#include "runtime.h"
#include "swblas.h"

namespace swblas {
namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// n x n x n, C := A B through swblas's driver, plain or fused with a
// per-row bias and relu.
void multiply(dim_t n, bool fused = false) {
  std::vector<double> a(n * n, 0.5), b(n * n, 0.25), c(n * n, 0.0), bias(n, -1.0);
  epilogue_args epi;
  epi.op = epilogue_op::relu;
  epi.bias = bias.data();
  epi.rs_bias = 1;
  gemm_problem p{n, n, n};
  p.a = a.data();
  p.cs_a = n;
  p.b = b.data();
  p.cs_b = n;
  p.c = c.data();
  p.ldc = n;
  if (!fused) return gemm(p);
  p.epi = &epi;
  gemm_fused(p);
}

std::string captured(const std::string& log) {
  std::fflush(stderr);
  std::stringstream text;
  text << std::ifstream(log).rdbuf();
  return text.str();
}

// In the child: first use with the given environment, stderr captured;
// exits 0 when it says what it must, once.
[[noreturn]] void first_use_and_check() {
  const std::string log = ::testing::TempDir() + "swblas_verbose.txt";
  setenv("SWBLAS_VERBOSE", "1", 1);
  setenv("SWBLAS_TARGET", "nonsense", 1);
  setenv("SWBLAS_NUM_THREADS", "3", 1);
  // 3 threads even where the process may run on fewer hardware threads.
  setenv("SWBLAS_OVERSUBSCRIBE", "1", 1);
  if (!std::freopen(log.c_str(), "w", stderr)) std::_Exit(2);
  const runtime_choice first = chosen_runtime();
  chosen_runtime();
  multiply(64);
  const std::string s = captured(log);
  const bool ok = count(s, "swblas: chosen target ") == 1 && count(s, "swblas: cpu ") == 1 &&
                  count(s, "SWBLAS_TARGET=nonsense is not a known target") == 1 &&
                  count(s, "threads 3 (from SWBLAS_NUM_THREADS)") == 1 && first.threads == 3 &&
                  count(s, "swblas: call ") == 0;
  std::_Exit(ok ? 0 : 1);
}

TEST(ProcessRuntimeDeathTest, VerboseExplainsTheChoiceOnce) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(first_use_and_check(), ::testing::ExitedWithCode(0), "");
}

// The same plain product through the Fortran entry point, whose tiny calls
// skip the route when nothing is traced (src/tiny_gemm.h).
void multiply_through_dgemm(int n) {
  std::vector<double> a(n * n, 0.5), b(n * n, 0.25), c(n * n, 0.0);
  const double one = 1.0, zero = 0.0;
  dgemm_("N", "N", &n, &n, &n, &one, a.data(), &n, b.data(), &n, &zero, c.data(), &n);
}

// SWBLAS_VERBOSE=2: the start-up lines, then one line per call with the
// problem, the route and the time, tiny calls through an entry point too;
// the fused entry names its path.
[[noreturn]] void trace_calls_and_check() {
  const std::string log = ::testing::TempDir() + "swblas_trace.txt";
  setenv("SWBLAS_VERBOSE", "2", 1);
  setenv("SWBLAS_NUM_THREADS", "2", 1);
  unsetenv("SWBLAS_TARGET");
  if (!std::freopen(log.c_str(), "w", stderr)) std::_Exit(2);
  multiply(300);
  multiply(4);
  multiply_through_dgemm(4);
  multiply(300, /*fused=*/true);
  const std::string s = captured(log);
  const bool ok = count(s, "swblas: chosen target ") == 1 && count(s, "swblas: call ") == 4 &&
                  count(s, "swblas: call dgemm 300 x 300 x 300, alpha 1, beta 0: ") == 1 &&
                  count(s, "swblas: call dgemm 4 x 4 x 4, alpha 1, beta 0: small routine, 1 thread, ") == 2 &&
                  count(s, "swblas: call dgemm_fused 300 x 300 x 300, alpha 1, beta 0: ") == 1 &&
                  count(s, " ms\n") >= 4;
  std::_Exit(ok ? 0 : 1);
}

TEST(ProcessRuntimeDeathTest, VerboseTwoTracesEveryCall) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(trace_calls_and_check(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace swblas
