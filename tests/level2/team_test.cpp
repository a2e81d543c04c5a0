// gemv, gbmv, ger, trmv, trsv, symv and hemv on matrices large enough for a team (vector_team.h;
// this binary runs with SWBLAS_NUM_THREADS=3, so ranges are uneven), with
// strided vectors and beta != 1, against naive loops.
#include <gtest/gtest.h>

#include <cblas.h>
#include <swblas.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace {

constexpr int kM = 701, kN = 683, kLda = 709;  // 3.9 MB of A

double entry(int i, int j) { return ((i * 7 + j * 3) % 23 - 11) / 16.0; }

std::vector<double> matrix() {
  std::vector<double> a(std::size_t(kLda) * kN);
  for (int j = 0; j < kN; ++j)
    for (int i = 0; i < kLda; ++i) a[std::size_t(i + j * kLda)] = entry(i, j);
  return a;
}

// y := 0.5 op(A) x - y for an m x n A of entry(i, j) at leading dimension
// lda, x at increment 2, against naive sums.
void expect_dgemv_matches_naive(CBLAS_TRANSPOSE t, int m, int n, int lda) {
  std::vector<double> a(std::size_t(lda) * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < lda; ++i) a[std::size_t(i + j * lda)] = entry(i, j);
  const int rows = t == CblasNoTrans ? m : n, cols = t == CblasNoTrans ? n : m;
  std::vector<double> x(static_cast<std::size_t>(2 * cols)), y(static_cast<std::size_t>(rows));
  for (int j = 0; j < cols; ++j) x[std::size_t(2 * j)] = (j % 5) - 2.0;
  for (int i = 0; i < rows; ++i) y[std::size_t(i)] = i % 3;
  const std::vector<double> y0 = y;
  cblas_dgemv(CblasColMajor, t, m, n, 0.5, a.data(), lda, x.data(), 2, -1.0, y.data(), 1);
  for (int i = 0; i < rows; ++i) {
    double s = 0;
    for (int j = 0; j < cols; ++j) s += (t == CblasNoTrans ? entry(i, j) : entry(j, i)) * x[std::size_t(2 * j)];
    ASSERT_NEAR(y[std::size_t(i)], 0.5 * s - y0[std::size_t(i)], 1e-12 * cols) << (t == CblasNoTrans) << " " << i;
  }
}

TEST(level2_team, GemvBothTransposesMatchNaive) {
  for (CBLAS_TRANSPOSE t : {CblasNoTrans, CblasTrans}) expect_dgemv_matches_naive(t, kM, kN, kLda);
}

// Beyond 48 MiB of A (gemv.cpp's kColumnTeamBytes) A x goes by a team over
// A's columns, each part summed into a vector of its own: double with a
// strided x, and a row-major A^H (column-major conj(A) x, y conjugated on
// the way) with a negative increment of y.
TEST(level2_team, GemvNByColumnPartsMatchesNaive) {
  expect_dgemv_matches_naive(CblasNoTrans, 2011, 3203, 2017);  // 51.7 MB
  {
    // Row-major: n rows of lda, A^H of it is m x n column-major conj(A).
    constexpr int m = 1409, n = 2300, lda = 1413;  // 52 MB
    using Z = std::complex<double>;
    std::vector<Z> a(std::size_t(lda) * n);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < lda; ++c) a[std::size_t(c + r * lda)] = {entry(c, r), entry(r, c) / 2};
    std::vector<Z> x(static_cast<std::size_t>(n)), y(static_cast<std::size_t>(2 * m), Z(7.0, 7.0));
    for (int j = 0; j < n; ++j) x[std::size_t(j)] = {(j % 9) - 4.0, (j % 5) - 2.0};
    for (int i = 0; i < m; ++i) y[std::size_t(2 * (m - 1 - i))] = {i % 3 - 1.0, 0.5};
    const std::vector<Z> y0 = y;
    const Z alpha(0.5, 0.25), beta(-1.0, 0.5);
    cblas_zgemv(CblasRowMajor, CblasConjTrans, n, m, &alpha, a.data(), lda, x.data(), 1, &beta, y.data(), -2);
    for (int i = 0; i < m; ++i) {
      Z s = 0;
      for (int j = 0; j < n; ++j) s += std::conj(a[std::size_t(i + j * lda)]) * x[std::size_t(j)];
      const std::size_t at = std::size_t(2 * (m - 1 - i));
      ASSERT_LT(std::abs(y[at] - (alpha * s + beta * y0[at])), 1e-12 * n) << i;
      ASSERT_EQ(y[at + 1], Z(7.0, 7.0)) << i;  // between y's elements: untouched
    }
  }
}

TEST(level2_team, GerUpdatesEveryColumnOnce) {
  std::vector<double> a = matrix();
  std::vector<double> x(static_cast<std::size_t>(kM)), y(static_cast<std::size_t>(kN));
  for (int i = 0; i < kM; ++i) x[std::size_t(i)] = (i % 4) - 1.5;
  for (int j = 0; j < kN; ++j) y[std::size_t(j)] = (j % 3) - 1.0;
  cblas_dger(CblasColMajor, kM, kN, 2.0, x.data(), 1, y.data(), 1, a.data(), kLda);
  for (int j = 0; j < kN; ++j)
    for (int i = 0; i < kLda; ++i) {
      const double want = entry(i, j) + (i < kM ? 2.0 * x[std::size_t(i)] * y[std::size_t(j)] : 0.0);
      ASSERT_EQ(a[std::size_t(i + j * kLda)], want) << i << " " << j;
    }
}

TEST(level2_team, GbmvMatchesNaive) {
  constexpr int n = 6000, kl = 17, ku = 23, lda = kl + ku + 1;  // 2 MB of band
  std::vector<double> band(std::size_t(lda) * n);
  for (int j = 0; j < n; ++j)
    for (int r = 0; r < lda; ++r) band[std::size_t(r + j * lda)] = entry(r, j);
  std::vector<double> x(static_cast<std::size_t>(n)), y(std::size_t(n), 1.0);
  for (int j = 0; j < n; ++j) x[std::size_t(j)] = (j % 7) - 3.0;
  cblas_dgbmv(CblasColMajor, CblasNoTrans, n, n, kl, ku, 1.0, band.data(), lda, x.data(), 1, 0.0, y.data(), 1);
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int j = std::max(0, i - kl); j <= std::min(n - 1, i + ku); ++j)
      s += band[std::size_t(ku + i - j + j * lda)] * x[std::size_t(j)];
    ASSERT_NEAR(y[std::size_t(i)], s, 1e-12 * lda) << i;
  }
}

// trmv and trsv share their rectangles beside the diagonal blocks: by rows
// (not transposed) or by columns (transposed).
TEST(level2_team, TrmvThenTrsvGivesXBack) {
  constexpr int n = 2000, lda = 2003;  // rectangles up to 1 MB
  std::vector<double> a(std::size_t(lda) * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < lda; ++i) a[std::size_t(i + j * lda)] = i == j ? 4.0 : entry(i, j) / n;
  for (CBLAS_UPLO uplo : {CblasUpper, CblasLower})
    for (CBLAS_TRANSPOSE t : {CblasNoTrans, CblasTrans}) {
      std::vector<double> x(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) x[std::size_t(i)] = (i % 9) - 4.0;
      const std::vector<double> x0 = x;
      cblas_dtrmv(CblasColMajor, uplo, t, CblasNonUnit, n, a.data(), lda, x.data(), 1);
      for (int i = 0; i < n; i += 97) {
        double s = 0;
        for (int j = 0; j < n; ++j) {
          const int r = t == CblasNoTrans ? i : j, c = t == CblasNoTrans ? j : i;
          if (uplo == CblasUpper ? r <= c : r >= c) s += a[std::size_t(r + c * lda)] * x0[std::size_t(j)];
        }
        ASSERT_NEAR(x[std::size_t(i)], s, 1e-12 * n) << uplo << " " << t << " " << i;
      }
      cblas_dtrsv(CblasColMajor, uplo, t, CblasNonUnit, n, a.data(), lda, x.data(), 1);
      for (int i = 0; i < n; ++i) ASSERT_NEAR(x[std::size_t(i)], x0[std::size_t(i)], 1e-12) << uplo << " " << t << " " << i;
    }
}

// Row i of op(A) x, naively: A the n x n triangle at leading dimension lda.
template <class T>
T triangle_row_times(const std::vector<T>& a, int lda, CBLAS_UPLO uplo, CBLAS_TRANSPOSE t, CBLAS_DIAG diag, int i,
                     const std::vector<T>& x) {
  T s = 0;
  for (int j = 0; j < int(x.size()); ++j) {
    const int r = t == CblasNoTrans ? i : j, c = t == CblasNoTrans ? j : i;
    if (!(uplo == CblasUpper ? r <= c : r >= c)) continue;
    T arc = a[std::size_t(r + c * lda)];
    if (r == c && diag == CblasUnit) arc = 1;
    if constexpr (!std::is_same_v<T, double>)
      if (t == CblasConjTrans) arc = std::conj(arc);
    s += arc * x[std::size_t(j)];
  }
  return s;
}

// trmv on a team: each thread owns a range of x's diagonal blocks and reads
// the others' x from a copy taken before they overwrite it. The results
// have the bits of one thread (the sums are the sweep's) and match naive
// sums, for every uplo, transpose and diagonal, complex with ConjTrans.
template <class T>
void expect_team_trmv_as_one_thread(int n, int lda) {
  const int threads = swblas_get_num_threads();
  std::vector<T> a(std::size_t(lda) * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < lda; ++i) {
      if constexpr (std::is_same_v<T, double>)
        a[std::size_t(i + j * lda)] = entry(i, j) / 8;
      else
        a[std::size_t(i + j * lda)] = {entry(i, j) / 8, entry(j, i) / 16};
    }
  std::vector<T> x0(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) x0[std::size_t(i)] = T((i % 9) - 4.0) / T(3);
  for (CBLAS_UPLO uplo : {CblasUpper, CblasLower})
    for (CBLAS_TRANSPOSE t : {CblasNoTrans, CblasTrans, CblasConjTrans})
      for (CBLAS_DIAG diag : {CblasNonUnit, CblasUnit}) {
        if (t == CblasConjTrans && std::is_same_v<T, double>) continue;
        std::vector<T> team = x0, alone = x0;
        for (std::vector<T>* x : {&team, &alone}) {
          swblas_set_num_threads(x == &team ? threads : 1);
          if constexpr (std::is_same_v<T, double>)
            cblas_dtrmv(CblasColMajor, uplo, t, diag, n, a.data(), lda, x->data(), 1);
          else
            cblas_ztrmv(CblasColMajor, uplo, t, diag, n, a.data(), lda, x->data(), 1);
        }
        swblas_set_num_threads(threads);
        ASSERT_EQ(team, alone) << n << " " << uplo << " " << t << " " << diag;
        for (int i = 0; i < n; ++i) {
          const T s = triangle_row_times(a, lda, uplo, t, diag, i, x0);
          ASSERT_LT(std::abs(team[std::size_t(i)] - s), 1e-12 * n) << uplo << " " << t << " " << diag << " " << i;
        }
      }
}

TEST(level2_team, TrmvOnATeamGivesTheBitsOfOneThread) {
  expect_team_trmv_as_one_thread<double>(700, 703);                // 2 MB of triangle, 11 blocks
  expect_team_trmv_as_one_thread<std::complex<double>>(611, 613);  // 3 MB, 10 blocks
}

// trsv on a team: not transposed each thread owns a range of the
// substitution's diagonal blocks and waits, block by block, for the x of
// the threads before it; transposed the team shares each block's long dots
// while the block before is finished. The results have the bits of one
// thread (the same sums in the same order) and solve op(A) x = b to
// rounding, for every uplo and diagonal, complex with ConjTrans.
template <class T>
void expect_team_trsv_solves(int n, int lda) {
  const int threads = swblas_get_num_threads();
  std::vector<T> a(std::size_t(lda) * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < lda; ++i) {
      const double off = entry(i, j) / n;
      if constexpr (std::is_same_v<T, double>)
        a[std::size_t(i + j * lda)] = i == j ? 4.0 : off;
      else
        a[std::size_t(i + j * lda)] = i == j ? T(4.0, 1.0) : T(off, entry(j, i) / (2 * n));
    }
  std::vector<T> b(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) b[std::size_t(i)] = T((i % 9) - 4.0) / T(3);
  auto trsv = [&](CBLAS_UPLO uplo, CBLAS_TRANSPOSE t, CBLAS_DIAG diag, int team) {
    std::vector<T> x = b;
    swblas_set_num_threads(team);
    if constexpr (std::is_same_v<T, double>)
      cblas_dtrsv(CblasColMajor, uplo, t, diag, n, a.data(), lda, x.data(), 1);
    else
      cblas_ztrsv(CblasColMajor, uplo, t, diag, n, a.data(), lda, x.data(), 1);
    swblas_set_num_threads(threads);
    return x;
  };
  for (CBLAS_UPLO uplo : {CblasUpper, CblasLower})
    for (CBLAS_TRANSPOSE t : {CblasNoTrans, CblasTrans, CblasConjTrans})
      for (CBLAS_DIAG diag : {CblasNonUnit, CblasUnit}) {
        if (t == CblasConjTrans && std::is_same_v<T, double>) continue;
        const std::vector<T> team = trsv(uplo, t, diag, threads);
        ASSERT_EQ(team, trsv(uplo, t, diag, 1)) << n << " " << uplo << " " << t << " " << diag;
        for (int i = 0; i < n; ++i) {
          const T s = triangle_row_times(a, lda, uplo, t, diag, i, team);
          ASSERT_LT(std::abs(s - b[std::size_t(i)]), 1e-13 * n) << uplo << " " << t << " " << diag << " " << i;
        }
      }
}

TEST(level2_team, TrsvOnATeamSolves) {
  expect_team_trsv_solves<double>(700, 703);                // 2 MB of triangle, 11 blocks
  expect_team_trsv_solves<std::complex<double>>(611, 613);  // 3 MB, 10 blocks
  expect_team_trsv_solves<double>(2000, 2000);              // 16 MB: long enough that the parts overlap
}

// The first element of p's buffer that starts a cache line.
double* on_line(double* p) { return p + (8 - reinterpret_cast<std::uintptr_t>(p) % 64 / sizeof(double)) % 8; }

// trmv's and trsv's rectangles are cut where their first column reaches
// a cache line (arrays from malloc start 16 bytes past one): the results
// have the same bits from every place in a line, alone (n = 300) and on a
// team (n = 1200), and lda spanning whole lines so that every column is cut
// alike.
TEST(level2_team, TrmvAndTrsvGiveTheSameBitsFromEveryPlaceInALine) {
  for (int n : {300, 1200}) {
    const int lda = (n + 7) / 8 * 8;
    std::vector<double> a_buffer(std::size_t(lda) * n + 16), x_buffer(std::size_t(n) + 16);
    double* const a_line = on_line(a_buffer.data());
    double* const x_line = on_line(x_buffer.data());
    for (CBLAS_UPLO uplo : {CblasUpper, CblasLower})
      for (CBLAS_TRANSPOSE t : {CblasNoTrans, CblasTrans}) {
        std::vector<double> first_trmv, first_trsv;
        for (int place = 0; place < 8; ++place) {
          double* const a = a_line + place;
          double* const x = x_line + place;
          for (int j = 0; j < n; ++j)
            for (int i = 0; i < lda; ++i) a[std::size_t(i + j * lda)] = i == j ? 4.0 : entry(i, j) / 3.0;
          for (int i = 0; i < n; ++i) x[i] = ((i % 9) - 4.0) / 3.0;
          cblas_dtrmv(CblasColMajor, uplo, t, CblasNonUnit, n, a, lda, x, 1);
          const std::vector<double> trmv(x, x + n);
          cblas_dtrsv(CblasColMajor, uplo, t, CblasNonUnit, n, a, lda, x, 1);
          const std::vector<double> trsv(x, x + n);
          if (place == 0) {
            first_trmv = trmv;
            first_trsv = trsv;
          }
          ASSERT_EQ(trmv, first_trmv) << n << " " << uplo << " " << t << " place " << place;
          ASSERT_EQ(trsv, first_trsv) << n << " " << uplo << " " << t << " place " << place;
        }
      }
  }
}

// gemv_t's column dots load A from their vectors' places when the columns
// of a group share one: consecutive columns when lda is whole vectors, else
// columns q apart (q = 2, 4, 8 for lda 300, 302, 301 doubles). The results
// have the same bits whatever lda, wherever A and x lie in a line, and on
// short columns, which are not rotated; float too. One thread (a team's
// split would not change a column's dot, but keeps the test to its point).
template <class T>
void expect_gemv_t_bits_everywhere() {
  const int threads = swblas_get_num_threads();
  swblas_set_num_threads(1);
  constexpr int kLine = 64 / sizeof(T);
  for (int m : {300, 37})
    for (int n : {300, 70}) {
      std::vector<T> first;
      for (int lda : {m, m + 3, 304, 300, 302, 301}) {
        if (lda < m) continue;
        std::vector<T> a_buffer(std::size_t(lda) * n + 2 * kLine), x_buffer(std::size_t(m) + 2 * kLine);
        T* const a_line = a_buffer.data() + (kLine - reinterpret_cast<std::uintptr_t>(a_buffer.data()) % 64 / sizeof(T)) % kLine;
        T* const x_line = x_buffer.data() + (kLine - reinterpret_cast<std::uintptr_t>(x_buffer.data()) % 64 / sizeof(T)) % kLine;
        for (int a_place : {0, 1, kLine / 4, kLine - 1})
          for (int x_place : {0, kLine / 4, kLine / 2 + 1}) {
            T* const a = a_line + a_place;
            T* const x = x_line + x_place;
            for (int j = 0; j < n; ++j)
              for (int i = 0; i < m; ++i) a[std::size_t(i + j * lda)] = T(entry(i, j) / 3.0);
            for (int i = 0; i < m; ++i) x[i] = T(((i % 9) - 4.0) / 3.0);
            std::vector<T> y(std::size_t(n), T(0.5));
            if constexpr (std::is_same_v<T, double>)
              cblas_dgemv(CblasColMajor, CblasTrans, m, n, 0.7, a, lda, x, 1, 1.0, y.data(), 1);
            else
              cblas_sgemv(CblasColMajor, CblasTrans, m, n, 0.7f, a, lda, x, 1, 1.0f, y.data(), 1);
            if (first.empty()) first = y;
            ASSERT_EQ(y, first) << m << " x " << n << " lda " << lda << " A at " << a_place << " x at " << x_place;
          }
      }
    }
  swblas_set_num_threads(threads);
}

TEST(level2_team, GemvTGivesTheSameBitsWhereverAAndXLie) {
  expect_gemv_t_bits_everywhere<double>();
  expect_gemv_t_bits_everywhere<float>();
}

// symv's rectangles read their dots from the line when A, x and y lie
// alike (gemv_nt): the results have the same bits from every place in a
// line, at n = 300 and 1200 (many diagonal blocks). On one thread: a
// team's parts sum into vectors of their own, so its bits depend on its
// size, and a busy machine sends calls alone (ASan's run, beside another
// test, failed on that at place 3).
TEST(level2_team, SymvGivesTheSameBitsFromEveryPlaceInALine) {
  const int threads = swblas_get_num_threads();
  swblas_set_num_threads(1);
  for (int n : {300, 1200}) {
    const int lda = (n + 7) / 8 * 8;
    std::vector<double> a_buffer(std::size_t(lda) * n + 16), x_buffer(std::size_t(n) + 16),
        y_buffer(std::size_t(n) + 16);
    double* const a_line = on_line(a_buffer.data());
    double* const x_line = on_line(x_buffer.data());
    double* const y_line = on_line(y_buffer.data());
    for (CBLAS_UPLO uplo : {CblasUpper, CblasLower}) {
      std::vector<double> first;
      for (int place = 0; place < 8; ++place) {
        double* const a = a_line + place;
        double* const x = x_line + place;
        double* const y = y_line + place;
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < lda; ++i) a[std::size_t(i + j * lda)] = entry(i, j) / 3.0;
        for (int i = 0; i < n; ++i) {
          x[i] = ((i % 9) - 4.0) / 3.0;
          y[i] = (i % 5) - 2.0;
        }
        cblas_dsymv(CblasColMajor, uplo, n, 0.7, a, lda, x, 1, 1.0, y, 1);
        const std::vector<double> got(y, y + n);
        if (place == 0) first = got;
        EXPECT_EQ(got, first) << n << " " << uplo << " place " << place;
      }
    }
  }
  swblas_set_num_threads(threads);
}

// symv's threads each accumulate their column blocks into a vector of
// their own, then add them into y.
TEST(level2_team, SymvAndHemvMatchNaive) {
  constexpr int n = 1500, lda = 1501;  // 9-18 MB of triangle
  std::vector<std::complex<double>> a(std::size_t(lda) * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < lda; ++i) a[std::size_t(i + j * lda)] = {entry(i, j), entry(j, i) / 2};
  std::vector<std::complex<double>> x(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) x[std::size_t(i)] = {(i % 9) - 4.0, (i % 5) - 2.0};
  const std::complex<double> alpha(0.5, 0.25), beta(-1.0, 0.0);
  for (CBLAS_UPLO uplo : {CblasUpper, CblasLower}) {
    std::vector<std::complex<double>> y(static_cast<std::size_t>(n), {1.0, -1.0});
    cblas_zhemv(CblasColMajor, uplo, n, &alpha, a.data(), lda, x.data(), 1, &beta, y.data(), 1);
    std::vector<double> ar(std::size_t(lda) * n), xr(static_cast<std::size_t>(n)), yr(static_cast<std::size_t>(n), 1.0);
    for (std::size_t e = 0; e < ar.size(); ++e) ar[e] = a[e].real();
    for (int i = 0; i < n; ++i) xr[std::size_t(i)] = x[std::size_t(i)].real();
    cblas_dsymv(CblasColMajor, uplo, n, 0.5, ar.data(), lda, xr.data(), 1, -1.0, yr.data(), 1);
    for (int i = 0; i < n; ++i) {
      std::complex<double> s = 0;
      double sr = 0;
      for (int j = 0; j < n; ++j) {
        const bool stored = uplo == CblasUpper ? i <= j : i >= j;
        const std::complex<double> aij = stored ? a[std::size_t(i + j * lda)] : std::conj(a[std::size_t(j + i * lda)]);
        s += (i == j ? std::complex<double>(aij.real(), 0) : aij) * x[std::size_t(j)];
        sr += (stored ? ar[std::size_t(i + j * lda)] : ar[std::size_t(j + i * lda)]) * xr[std::size_t(j)];
      }
      ASSERT_LT(std::abs(y[std::size_t(i)] - (alpha * s - std::complex<double>(1.0, -1.0))), 1e-11 * n) << uplo << " " << i;
      ASSERT_NEAR(yr[std::size_t(i)], 0.5 * sr - 1.0, 1e-11 * n) << uplo << " " << i;
    }
  }
}

}  // namespace
