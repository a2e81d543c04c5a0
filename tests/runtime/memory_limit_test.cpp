// Running short of memory must not end the process: under an address-space
// limit a little above what the matrices need, a threaded DGEMM (and a
// batch) computes the right result with whatever buffers and threads it can
// get, and so does every other call that copies or splits its operands
// (fused GEMM, transposed small GEMM, rank-k updates, trmm). Each limit runs in a child process (the limit cannot be
// lifted again), which must exit 0.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "dispatch.h"
#include "fused.h"
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

// In a child: fn() (true: right) under a limit `slack` bytes above what is
// mapped, and with take_all, every byte malloc can still give taken first,
// so that no buffer can come from memory freed earlier (the heap keeps
// some) nor from the slack. fn runs on a thread started before the limit,
// whose buffers (thread-local) are all still to be had: the parent's calls
// grew the main thread's. The data was prepared by the parent. Exit codes
// as child's.
template <class Fn>
int run_limited(long slack, bool take_all, Fn fn) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    swblas_set_num_threads(2);
    std::atomic<bool> limited{false};
    std::thread caller([&] {
      while (!limited.load()) std::this_thread::yield();
      _exit(fn() ? 0 : 3);
    });
    const rlimit limit{rlim_t(mapped_bytes() + slack), rlim_t(mapped_bytes() + slack)};
    if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(4);
    static void* volatile taken = nullptr;  // volatile: the allocations are not optimised away
    if (take_all)
      for (std::size_t size = std::size_t{1} << 20; size >= 16; size /= 4)
        while ((taken = std::malloc(size)) != nullptr) {
        }
    limited = true;
    caller.join();
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// fn under 1 MB of slack, then with nothing left at all. fn allocates
// nothing: it writes into the parent's vectors (copied on write).
template <class Fn>
void expect_right_when_short(const char* what, Fn fn) {
  double one = 1;
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 1, 1, 1, 1.0, &one, 1, &one, 1, 0.0, &one, 1);  // start-up
  for (bool take_all : {false, true})
    EXPECT_EQ(run_limited(1L << 20, take_all, fn), 0) << what << (take_all ? ", no memory left" : ", 1 MB left");
}

// Column-major small-integer matrices and vectors.
std::vector<double> matrix(long rows, long cols, int seed) {
  std::vector<double> x(std::size_t(rows * cols));
  for (long j = 0; j < cols; ++j)
    for (long i = 0; i < rows; ++i) x[std::size_t(i + j * rows)] = double((i + 3 * j + seed) % 9) - 4;
  return x;
}

// A column-major product C := op(A) B + beta C on small integers, exact.
std::vector<double> product(long m, long n, long k, const std::vector<double>& a, bool a_trans,
                            const std::vector<double>& b, double beta, const std::vector<double>& c) {
  std::vector<double> r(std::size_t(m * n));
  for (long j = 0; j < n; ++j)
    for (long i = 0; i < m; ++i) {
      double s = 0;
      for (long l = 0; l < k; ++l) s += (a_trans ? a[std::size_t(l + i * k)] : a[std::size_t(i + l * m)]) * b[std::size_t(l + j * k)];
      r[std::size_t(i + j * m)] = s + beta * c[std::size_t(i + j * m)];
    }
  return r;
}

TEST(MemoryLimit, FusedUnfusedPathUnderTightAddressSpaceIsRight) {
  const long n = 500;  // the transformed copy: 2 MB
  const std::vector<double> a = matrix(n, n, 1), b = matrix(n, n, 2), c0 = matrix(n, n, 3);
  // pro(X) = 2 X on either operand, relu after: exact in double.
  std::vector<double> want = product(n, n, n, a, false, b, 0.0, c0);
  for (std::size_t e = 0; e < want.size(); ++e) want[e] = std::max(0.0, 2 * want[e] - c0[e]);
  swblas::dispatch_table t = active_dispatch();
  t.fused = fused_kernels{};  // no generated kernel: the unfused path
  std::vector<double> c(c0.size());
  for (prologue_operand slot : {prologue_operand::a, prologue_operand::b})
    expect_right_when_short("fused dgemm, unfused path", [&] {
      prologue_args pro;
      pro.op = prologue_op::scale;
      pro.scale = 2;
      pro.operand = slot;
      epilogue_args epi;
      epi.op = epilogue_op::relu;
      std::copy(c0.begin(), c0.end(), c.begin());
      gemm_problem p{n, n, n, 1.0, a.data(), 1, n, b.data(), 1, n, -1.0, c.data(), n};
      p.pro = &pro;
      p.epi = &epi;
      gemm_options o;
      o.threads = 2;
      if (plan_fused(t, p, o).path != fused_path::unfused) return false;
      gemm_fused_with(t, p, o);
      return c == want;
    });
}

TEST(MemoryLimit, TransposedSmallGemmUnderTightAddressSpaceIsRight) {
  const long m = 32, n = 3000, k = 2000;  // op(A) = A^T with few rows: the unpacked path copies its blocks
  const std::vector<double> a = matrix(k, m, 1), b = matrix(k, n, 2), c0 = matrix(m, n, 3);
  const std::vector<double> want = product(m, n, k, a, true, b, 1.0, c0);
  std::vector<double> c = c0;
  expect_right_when_short("dgemm A^T 32 x 3000 x 2000", [&] {
    cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, m, n, k, 1.0, a.data(), k, b.data(), k, 1.0, c.data(), m);
    return c == want;
  });
}

// C's triangle against want's (the other triangle untouched).
bool triangle_is(const std::vector<double>& c, const std::vector<double>& want, const std::vector<double>& c0, long n,
                 bool lower) {
  for (long j = 0; j < n; ++j)
    for (long i = 0; i < n; ++i) {
      const std::size_t e = std::size_t(i + j * n);
      if (c[e] != ((lower ? i >= j : i <= j) ? want[e] : c0[e])) return false;
    }
  return true;
}

TEST(MemoryLimit, RankKUpdatesUnderTightAddressSpaceAreRight) {
  const long n = 700, k = 150;  // diagonal blocks of 256^2: 512 KB
  const std::vector<double> a = matrix(n, k, 1), b = matrix(k, n, 2), c0 = matrix(n, n, 3);
  std::vector<double> at(std::size_t(k * n));
  for (long i = 0; i < n; ++i)
    for (long l = 0; l < k; ++l) at[std::size_t(l + i * k)] = a[std::size_t(i + l * n)];
  const std::vector<double> syrk = product(n, n, k, at, true, at, -1.0, c0);
  const std::vector<double> gemmt = product(n, n, k, a, false, b, 1.0, c0);
  std::vector<double> c = c0;
  expect_right_when_short("dsyrk 700 x 150", [&] {
    cblas_dsyrk(CblasColMajor, CblasLower, CblasNoTrans, n, k, 1.0, a.data(), n, -1.0, c.data(), n);
    return triangle_is(c, syrk, c0, n, true);
  });
  expect_right_when_short("dgemmt 700 x 150", [&] {
    cblas_dgemmt(CblasColMajor, CblasUpper, CblasNoTrans, CblasNoTrans, n, k, 1.0, a.data(), n, b.data(), k, 1.0,
                 c.data(), n);
    return triangle_is(c, gemmt, c0, n, false);
  });
}

TEST(MemoryLimit, TrmmUnderTightAddressSpaceIsRight) {
  const long m = 300, n = 2000;  // B's saved block: 128 x 2000, 2 MB
  const std::vector<double> a = matrix(m, m, 1), b0 = matrix(m, n, 2);
  std::vector<double> lower(a.size());
  for (long j = 0; j < m; ++j)
    for (long i = j; i < m; ++i) lower[std::size_t(i + j * m)] = a[std::size_t(i + j * m)];
  const std::vector<double> zero(b0.size());
  const std::vector<double> left = product(m, n, m, lower, false, b0, 0.0, zero);
  std::vector<double> bt(b0.size());  // B^T L^T = (L B)^T: the right side
  for (long j = 0; j < n; ++j)
    for (long i = 0; i < m; ++i) bt[std::size_t(j + i * n)] = b0[std::size_t(i + j * m)];
  std::vector<double> b = b0;
  expect_right_when_short("dtrmm left 300 x 2000", [&] {
    cblas_dtrmm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, m, n, 1.0, a.data(), m, b.data(), m);
    return b == left;
  });
  expect_right_when_short("dtrmm right 2000 x 300", [&] {
    std::copy(bt.begin(), bt.end(), b.begin());
    cblas_dtrmm(CblasColMajor, CblasRight, CblasLower, CblasTrans, CblasNonUnit, n, m, 1.0, a.data(), m, b.data(), n);
    for (long j = 0; j < m; ++j)
      for (long i = 0; i < n; ++i)
        if (b[std::size_t(i + j * n)] != left[std::size_t(j + i * m)]) return false;
    return true;
  });
}

}  // namespace
}  // namespace swblas
