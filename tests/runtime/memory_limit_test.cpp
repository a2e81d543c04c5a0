// Running short of memory must not end the process: under an address-space
// limit a little above what the matrices need, a threaded DGEMM (and a
// batch) computes the right result with whatever buffers and threads it can
// get. Each limit runs in a child process (the limit cannot be lifted
// again), which must exit 0.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "swblas.h"

namespace swblas {
namespace {

// Small integers: every product and sum is exact in double, so C can be
// checked element by element without tolerance.
double a_at(long i, long l) { return double((i + 2 * l) % 7) - 3; }
double b_at(long l, long j) { return double((l + j) % 5) - 2; }

// The process's mapped size in bytes (VmSize).
long mapped_bytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmSize:", 0) == 0) return std::stol(line.substr(7)) * 1024;
  return -1;
}

// In the child: n^3 (count entries of it, strided, when count > 0) under a
// limit `slack` bytes above what is mapped once the operands exist.
// Exit codes: 0 right, 3 wrong, 4 no limit could be set.
[[noreturn]] void child(int n, int count, long slack) {
  swblas_set_num_threads(2);
  const int entries = count > 0 ? count : 1;
  const std::size_t size = std::size_t(n) * std::size_t(n);
  std::vector<double> a(size * entries), b(size * entries), c(size * entries, -1.0);
  for (int e = 0; e < entries; ++e)
    for (long j = 0; j < n; ++j)
      for (long i = 0; i < n; ++i) {
        a[e * size + std::size_t(i + j * n)] = a_at(i + e, j);
        b[e * size + std::size_t(i + j * n)] = b_at(i, j);
      }
  double one = 1;
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 1, 1, 1, 1.0, &one, 1, &one, 1, 0.0, &one, 1);  // start-up
  const rlimit limit{rlim_t(mapped_bytes() + slack), rlim_t(mapped_bytes() + slack)};
  if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(4);
  if (count > 0)
    cblas_dgemm_batch_strided(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.data(), n, int(size),
                              b.data(), n, int(size), 0.0, c.data(), n, int(size), count);
  else
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.data(), n, b.data(), n, 0.0, c.data(),
                n);
  for (int e = 0; e < entries; ++e)
    for (long j = 0; j < n; j += 13)
      for (long i = 0; i < n; i += 3) {
        double s = 0;
        for (long l = 0; l < n; ++l) s += a_at(i + e, l) * b_at(l, j);
        if (c[e * size + std::size_t(i + j * n)] != s) _exit(3);
      }
  _exit(0);
}

int run_child(int n, int count, long slack) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) child(n, count, slack);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(MemoryLimit, GemmUnderTightAddressSpaceIsRight) {
  for (long mb : {0L, 1L, 2L, 4L, 8L, 16L, 32L, 64L})
    EXPECT_EQ(run_child(1100, 0, mb << 20), 0) << "dgemm 1100^3, " << mb << " MB above the operands";
}

TEST(MemoryLimit, BatchUnderTightAddressSpaceIsRight) {
  for (long mb : {0L, 1L, 4L, 16L})
    EXPECT_EQ(run_child(300, 6, mb << 20), 0) << "batch 6 x 300^3, " << mb << " MB above the operands";
}

}  // namespace
}  // namespace swblas
