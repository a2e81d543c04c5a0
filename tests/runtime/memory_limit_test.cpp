// Running short of memory must not end the process: under an address-space
// limit a little above what the matrices need, a threaded DGEMM (and a
// batch) computes the right result with whatever buffers and threads it can
// get, and so does every other call that copies or splits its operands
// (fused GEMM, transposed small GEMM, rank-k updates, trmm, strided vectors,
// symv's team). Each limit runs in a child process (the limit cannot be
// lifted again), which must exit 0.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
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

// A complex product whose 1m copies (24 x 24 A, and B conjugated) exceed
// the stack's share: they go in the thread's one_m_copy buffer, or, when
// it cannot be had, the product takes the packed path (complex_gemm.cpp).
TEST(MemoryLimit, ComplexCopiesUnderTightAddressSpaceAreRight) {
  using Z = std::complex<double>;
  const long m = 24, n = 8, k = 24;
  std::vector<Z> a(std::size_t(m * k)), b(std::size_t(n * k)), c0(std::size_t(m * n));
  for (std::size_t e = 0; e < a.size(); ++e) a[e] = Z(double(e % 7) - 3, double(e % 5) - 2);
  for (std::size_t e = 0; e < b.size(); ++e) b[e] = Z(double(e % 3) - 1, double(e % 4) - 2);
  for (std::size_t e = 0; e < c0.size(); ++e) c0[e] = Z(double(e % 9) - 4, 1);
  std::vector<Z> want = c0;  // C := A B^H + C, exact in small integers
  for (long j = 0; j < n; ++j)
    for (long i = 0; i < m; ++i)
      for (long l = 0; l < k; ++l)
        want[std::size_t(i + j * m)] += a[std::size_t(i + l * m)] * std::conj(b[std::size_t(j + l * n)]);
  std::vector<Z> c = c0;
  expect_right_when_short("zgemm N C 24 x 8 x 24", [&] {
    const Z one = 1;
    std::copy(c0.begin(), c0.end(), c.begin());
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasConjTrans, m, n, k, &one, a.data(), m, b.data(), n, &one,
                c.data(), m);
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

// Element i of a strided vector as the reference reads it.
double& at(std::vector<double>& x, long n, long inc, long i) {
  return x[std::size_t(inc > 0 ? i * inc : (i - (n - 1)) * inc)];
}

TEST(MemoryLimit, StridedLevel1UnderTightAddressSpaceIsRight) {
  const long n = 300000;  // unit-stride copies: 2.4 MB each
  std::vector<double> x = matrix(2 * n, 1, 1), y = matrix(3 * n, 1, 2);
  double dot = 0, sumsq = 0, asum = 0, best = -1;
  long imax = 0;
  for (long i = 0; i < n; ++i) {
    const double xi = at(x, n, 2, i) * (i == 123457 ? 3 : 1);
    at(x, n, 2, i) = xi;
    dot += xi * at(y, n, -3, i);
    sumsq += xi * xi;
    asum += std::fabs(xi);
    if (std::fabs(xi) > best) best = std::fabs(xi), imax = i;
  }
  std::vector<double> z = y;
  expect_right_when_short("strided ddot, dnrm2, dasum, idamax, daxpy", [&] {
    if (cblas_ddot(n, x.data(), 2, y.data(), -3) != dot) return false;
    if (cblas_dnrm2(n, x.data(), 2) != std::sqrt(sumsq) || cblas_dasum(n, x.data(), 2) != asum) return false;
    if (long(cblas_idamax(n, x.data(), 2)) != imax) return false;
    cblas_daxpy(n, 2.0, x.data(), 2, z.data(), -3);
    for (long i = 0; i < n; ++i)
      if (at(z, n, -3, i) != at(y, n, -3, i) + 2 * at(x, n, 2, i)) return false;
    return true;
  });
}

TEST(MemoryLimit, StridedLevel2UnderTightAddressSpaceIsRight) {
  const long m = 300000, n = 6;  // y of A x, x of A^T x: 2.4 MB at unit stride
  const std::vector<double> a = matrix(m, n, 1), x0 = matrix(2 * m, 1, 2), y0 = matrix(3 * m, 1, 3);
  std::vector<double> ax = y0, atx = x0;
  std::vector<double> xs = x0, ys = y0;
  for (long i = 0; i < m; ++i) {
    double s = 0;
    for (long j = 0; j < n; ++j) s += a[std::size_t(i + j * m)] * at(xs, n, 2, j);
    at(ax, m, -3, i) = 2 * s - at(ys, m, -3, i);
  }
  for (long j = 0; j < n; ++j) {
    double s = 0;
    for (long i = 0; i < m; ++i) s += a[std::size_t(i + j * m)] * at(ys, m, -3, i);
    at(atx, n, 2, j) = 2 * s - at(xs, n, 2, j);
  }
  std::vector<double> y = y0, x = x0;
  expect_right_when_short("strided dgemv", [&] {
    cblas_dgemv(CblasColMajor, CblasNoTrans, m, n, 2.0, a.data(), m, x.data(), 2, -1.0, y.data(), -3);
    cblas_dgemv(CblasColMajor, CblasTrans, m, n, 2.0, a.data(), m, y0.data(), -3, -1.0, x.data(), 2);
    return y == ax && x == atx;
  });
}

TEST(MemoryLimit, StridedTriangularAndSymmetricUnderTightAddressSpaceAreRight) {
  const long n = 1000;
  const std::vector<double> a = matrix(n, n, 1), x0 = matrix(2 * n, 1, 2), y0 = matrix(3 * n, 1, 3);
  std::vector<double> xs = x0, ys = y0, trmv = x0, symv = y0, ger = a, syr2 = a;
  for (long i = 0; i < n; ++i) {
    double t = 0, s = 0;
    for (long j = 0; j < n; ++j) {
      const double lower = a[std::size_t(std::max(i, j) + std::min(i, j) * n)];
      if (j <= i) t += a[std::size_t(i + j * n)] * at(xs, n, 2, j);
      s += lower * at(xs, n, 2, j);
      ger[std::size_t(i + j * n)] += 3 * at(xs, n, 2, i) * at(ys, n, -3, j);
      if (i >= j)
        syr2[std::size_t(i + j * n)] += 3 * (at(xs, n, 2, i) * at(ys, n, -3, j) + at(ys, n, -3, i) * at(xs, n, 2, j));
    }
    at(trmv, n, 2, i) = t;
    at(symv, n, -3, i) = 3 * s + at(ys, n, -3, i);
  }
  std::vector<double> x = x0, y = y0, g = a, s2 = a;
  expect_right_when_short("strided dtrmv, dsymv, dger, dsyr2", [&] {
    cblas_dtrmv(CblasColMajor, CblasLower, CblasNoTrans, CblasNonUnit, n, a.data(), n, x.data(), 2);
    cblas_dsymv(CblasColMajor, CblasLower, n, 3.0, a.data(), n, x0.data(), 2, 1.0, y.data(), -3);
    cblas_dger(CblasColMajor, n, n, 3.0, x0.data(), 2, y0.data(), -3, g.data(), n);
    cblas_dsyr2(CblasColMajor, CblasLower, n, 3.0, x0.data(), 2, y0.data(), -3, s2.data(), n);
    return x == trmv && y == symv && g == ger && s2 == syr2;
  });
}

TEST(MemoryLimit, SymvTeamUnderTightAddressSpaceIsRight) {
  const long n = 1500;  // 9 MB of triangle: two threads, each but the first with a y of its own
  const std::vector<double> a = matrix(n, n, 1), x = matrix(n, 1, 2), y0 = matrix(n, 1, 3);
  std::vector<double> want(y0.size());
  for (long i = 0; i < n; ++i) {
    double s = 0;
    for (long j = 0; j < n; ++j) s += a[std::size_t(std::min(i, j) + std::max(i, j) * n)] * x[std::size_t(j)];
    want[std::size_t(i)] = s - y0[std::size_t(i)];
  }
  std::vector<double> y = y0;
  expect_right_when_short("dsymv 1500, upper", [&] {
    cblas_dsymv(CblasColMajor, CblasUpper, n, 1.0, a.data(), n, x.data(), 1, -1.0, y.data(), 1);
    return y == want;
  });
}

// Complex calls through every strided route (conjugations, row-major
// Hermitian, band and packed storage, solves): each writes its result into
// the n x n elements it is given, on the normal path in the parent and on
// the element-by-element one in a child with no memory left; the two agree
// to rounding.
TEST(MemoryLimit, StridedComplexVectorsUnderTightAddressSpaceAreClose) {
  using z = std::complex<double>;
  const int n = 120, k = 3, ix = 2, iy = -3;
  std::vector<z> a(std::size_t(n * n)), x(std::size_t(2 * n)), y(std::size_t(3 * n));
  for (std::size_t e = 0; e < a.size(); ++e) a[e] = z(std::sin(0.7 * double(e)), std::cos(1.3 * double(e)));
  for (int i = 0; i < n; ++i) a[std::size_t(i + i * n)] += 40.0;  // for the solves
  for (std::size_t e = 0; e < x.size(); ++e) x[e] = z(std::cos(0.3 * double(e)), std::sin(0.9 * double(e)));
  for (std::size_t e = 0; e < y.size(); ++e) y[e] = z(std::sin(0.4 * double(e)), 0.5);
  const z alpha(0.7, -0.4), beta(-0.3, 0.2);
  const auto vector_of = [](const std::vector<z>& v, z* out) { std::copy(v.begin(), v.end(), out); };
  const auto x_of = [&](z* out) { vector_of(x, out); };
  const auto y_of = [&](z* out) { vector_of(y, out); };
  const auto a_of = [&](z* out) { vector_of(a, out); };
  const std::vector<std::function<void(z*)>> calls = {
      [&](z* out) {
        cblas_zdotc_sub(n, x.data(), ix, y.data(), iy, out);
        cblas_zdotu_sub(n, x.data(), ix, y.data(), iy, out + 1);
        out[2] = cblas_dznrm2(n, x.data(), ix) + cblas_dzasum(n, y.data(), -iy);
        out[3] = double(cblas_izamax(n, y.data(), -iy));
      },
      [&](z* out) { y_of(out); cblas_zgemv(CblasColMajor, CblasConjTrans, n, n / 2, &alpha, a.data(), n, y.data(), iy, &beta, out, ix); },
      [&](z* out) { y_of(out); cblas_zgemv(CblasRowMajor, CblasConjTrans, n / 2, n, &alpha, a.data(), n, x.data(), ix, &beta, out, iy); },
      [&](z* out) { y_of(out); cblas_zgbmv(CblasColMajor, CblasNoTrans, n, n, 2, 1, &alpha, a.data(), n, x.data(), ix, &beta, out, iy); },
      [&](z* out) { y_of(out); cblas_zgbmv(CblasColMajor, CblasConjTrans, n, n, 2, 1, &alpha, a.data(), n, x.data(), ix, &beta, out, iy); },
      [&](z* out) { a_of(out); cblas_zgerc(CblasColMajor, n, n, &alpha, x.data(), ix, y.data(), iy, out, n); },
      [&](z* out) { a_of(out); cblas_zgerc(CblasRowMajor, n, n, &alpha, x.data(), ix, y.data(), iy, out, n); },
      [&](z* out) { y_of(out); cblas_zhemv(CblasColMajor, CblasLower, n, &alpha, a.data(), n, x.data(), ix, &beta, out, iy); },
      [&](z* out) { y_of(out); cblas_zhemv(CblasRowMajor, CblasUpper, n, &alpha, a.data(), n, x.data(), ix, &beta, out, iy); },
      [&](z* out) { y_of(out); cblas_zhbmv(CblasColMajor, CblasUpper, n, k, &alpha, a.data(), n, x.data(), ix, &beta, out, iy); },
      [&](z* out) { y_of(out); cblas_zhpmv(CblasRowMajor, CblasLower, n, &alpha, a.data(), x.data(), ix, &beta, out, iy); },
      [&](z* out) { a_of(out); cblas_zher2(CblasColMajor, CblasLower, n, &alpha, x.data(), ix, y.data(), iy, out, n); },
      [&](z* out) { a_of(out); cblas_zher2(CblasRowMajor, CblasUpper, n, &alpha, x.data(), ix, y.data(), iy, out, n); },
      [&](z* out) { a_of(out); cblas_zhpr(CblasColMajor, CblasUpper, n, 0.8, x.data(), ix, out); },
      [&](z* out) { x_of(out); cblas_ztrmv(CblasColMajor, CblasUpper, CblasConjTrans, CblasNonUnit, n, a.data(), n, out, ix); },
      [&](z* out) { x_of(out); cblas_ztrmv(CblasRowMajor, CblasLower, CblasConjTrans, CblasUnit, n, a.data(), n, out, iy); },
      [&](z* out) { x_of(out); cblas_ztpmv(CblasColMajor, CblasLower, CblasNoTrans, CblasNonUnit, n, a.data(), out, ix); },
      [&](z* out) { x_of(out); cblas_ztrsv(CblasColMajor, CblasLower, CblasTrans, CblasNonUnit, n, a.data(), n, out, iy); },
      [&](z* out) { x_of(out); cblas_ztbsv(CblasRowMajor, CblasUpper, CblasConjTrans, CblasNonUnit, n, k, a.data(), n, out, ix); },
  };
  std::vector<z> want(calls.size() * a.size()), got(want.size());
  for (std::size_t c = 0; c < calls.size(); ++c) calls[c](want.data() + c * a.size());
  expect_right_when_short("strided complex Level 1 and 2", [&] {
    for (std::size_t c = 0; c < calls.size(); ++c) calls[c](got.data() + c * a.size());
    for (std::size_t e = 0; e < want.size(); ++e)
      if (!(std::abs(got[e] - want[e]) <= 1e-12 * n * (1 + std::abs(want[e])))) return false;
    return true;
  });
}

}  // namespace
}  // namespace swblas
