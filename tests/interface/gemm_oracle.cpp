#include "gemm_oracle.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <random>
#include <sstream>

#include "../product_bound.h"

namespace swblas_test {

std::string entry_name(entry e) {
  switch (e) {
    case entry::f77: return "dgemm_";
    case entry::cblas_col: return "cblas_col";
    case entry::cblas_row: return "cblas_row";
  }
  return "?";
}

stored_matrix::stored_matrix(int rows_, int cols_, bool row_major_,
                             int extra_ld)
    : rows(rows_), cols(cols_), row_major(row_major_) {
  const int minor = row_major ? cols : rows;
  const int major = row_major ? rows : cols;
  ld = std::max(1, minor) + extra_ld;
  const std::size_t tail = 5;
  buffer.assign(static_cast<std::size_t>(major) * ld + tail, kGuard);
}

double& stored_matrix::at(int i, int j) {
  return row_major ? buffer[std::size_t(i) * ld + j]
                   : buffer[i + std::size_t(j) * ld];
}

double stored_matrix::at(int i, int j) const {
  return const_cast<stored_matrix*>(this)->at(i, j);
}

bool stored_matrix::is_element(std::size_t index) const {
  const std::size_t minor = index % ld, major = index / ld;
  const std::size_t minor_n = row_major ? cols : rows;
  const std::size_t major_n = row_major ? rows : cols;
  return minor < minor_n && major < major_n;
}

void stored_matrix::fill_random(std::uint32_t seed) {
  std::mt19937 gen(seed);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i)
      at(i, j) = 2.0 * (gen() / 4294967296.0) - 1.0;
}

void stored_matrix::fill(double value) {
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) at(i, j) = value;
}

bool stored_matrix::guards_intact() const {
  for (std::size_t p = 0; p < buffer.size(); ++p)
    if (!is_element(p) && buffer[p] != kGuard) return false;
  return true;
}

namespace {

bool is_trans(char t) { return t != 'N' && t != 'n'; }

// op(X)(i, j) of a stored operand.
double op(const stored_matrix& x, char trans, int i, int j) {
  return is_trans(trans) ? x.at(j, i) : x.at(i, j);
}

}  // namespace

operands::operands(const gemm_case& g, int extra_ld)
    : a(is_trans(g.transa) ? g.k : g.m, is_trans(g.transa) ? g.m : g.k,
        g.api == entry::cblas_row, extra_ld),
      b(is_trans(g.transb) ? g.n : g.k, is_trans(g.transb) ? g.k : g.n,
        g.api == entry::cblas_row, extra_ld),
      c(g.m, g.n, g.api == entry::cblas_row, extra_ld) {}

namespace {

CBLAS_TRANSPOSE to_cblas(char t) {
  switch (t) {
    case 'N': case 'n': return CblasNoTrans;
    case 'T': case 't': return CblasTrans;
    default: return CblasConjTrans;
  }
}

}  // namespace

void call_dgemm(const gemm_case& g, operands& x) {
  if (g.api == entry::f77) {
    dgemm_(&g.transa, &g.transb, &g.m, &g.n, &g.k, &g.alpha, x.a.buffer.data(),
           &x.a.ld, x.b.buffer.data(), &x.b.ld, &g.beta, x.c.buffer.data(),
           &x.c.ld);
    return;
  }
  const CBLAS_LAYOUT layout =
      g.api == entry::cblas_row ? CblasRowMajor : CblasColMajor;
  cblas_dgemm(layout, to_cblas(g.transa), to_cblas(g.transb), g.m, g.n, g.k,
              g.alpha, x.a.buffer.data(), x.a.ld, x.b.buffer.data(), x.b.ld,
              g.beta, x.c.buffer.data(), x.c.ld);
}

namespace {

// op(X) copied so that row i of op(A) and column j of op(B) are contiguous.
std::vector<double> op_rows(const stored_matrix& x, char trans, int rows, int inner) {
  std::vector<double> out(std::size_t(rows) * inner);
  for (int i = 0; i < rows; ++i)
    for (int l = 0; l < inner; ++l) out[std::size_t(i) * inner + l] = op(x, trans, i, l);
  return out;
}

std::vector<double> op_columns(const stored_matrix& x, char trans, int inner, int cols) {
  std::vector<double> out(std::size_t(cols) * inner);
  for (int j = 0; j < cols; ++j)
    for (int l = 0; l < inner; ++l) out[std::size_t(j) * inner + l] = op(x, trans, l, j);
  return out;
}

}  // namespace

expectation expected_result(const gemm_case& g, const operands& before) {
  expectation e;
  e.c.resize(std::size_t(g.m) * g.n);
  e.bound.resize(e.c.size());
  // Each of the two computations is off by at most about k*eps times the
  // sum of |products|, plus one rounding each for alpha, beta and the add.
  const double gamma = (2.0 * g.k + 4.0) * DBL_EPSILON;
  // A and B are not read when alpha == 0 (they may hold NaN).
  const int k = g.alpha != 0.0 ? g.k : 0;
  const std::vector<double> a = op_rows(before.a, g.transa, g.m, k);
  const std::vector<double> b = op_columns(before.b, g.transb, k, g.n);
  // The sum of |products| bounded by the norms of A's row and B's column.
  const std::vector<double> a_norms = swblas_test::norms_of(a, std::size_t(g.m), std::size_t(k));
  const std::vector<double> b_norms = swblas_test::norms_of(b, std::size_t(g.n), std::size_t(k));
  for (int j = 0; j < g.n; ++j)
    for (int i = 0; i < g.m; ++i) {
      double sum = 0.0;
      for (int l = 0; l < k; ++l) sum += a[std::size_t(i) * k + l] * b[std::size_t(j) * k + l];
      const double abs_sum = a_norms[std::size_t(i)] * b_norms[std::size_t(j)];
      const double c0 = before.c.at(i, j);
      const double scaled_c = g.beta == 0.0 ? 0.0 : g.beta * c0;
      const std::size_t at = i + std::size_t(j) * g.m;
      e.c[at] = (k > 0 ? g.alpha * sum : 0.0) + scaled_c;
      e.bound[at] = gamma * (std::fabs(g.alpha) * abs_sum + std::fabs(scaled_c));
    }
  return e;
}

std::string check_result(const gemm_case& g, const operands& x,
                         const expectation& e) {
  std::ostringstream out;
  if (!x.a.guards_intact()) out << "guard of A overwritten; ";
  if (!x.b.guards_intact()) out << "guard of B overwritten; ";
  if (!x.c.guards_intact()) out << "guard of C overwritten; ";
  for (int j = 0; j < g.n && out.tellp() == 0; ++j)
    for (int i = 0; i < g.m; ++i) {
      const std::size_t at = i + std::size_t(j) * g.m;
      const double got = x.c.at(i, j);
      const bool same_nan = std::isnan(got) && std::isnan(e.c[at]);
      if (!same_nan && !(std::fabs(got - e.c[at]) <= e.bound[at])) {
        out << "C(" << i << "," << j << ") = " << got << ", expected "
            << e.c[at] << " within " << e.bound[at];
        break;
      }
    }
  return out.str();
}

std::string describe(const gemm_case& g) {
  std::ostringstream out;
  out << entry_name(g.api) << " " << g.transa << g.transb << " m=" << g.m
      << " n=" << g.n << " k=" << g.k << " alpha=" << g.alpha
      << " beta=" << g.beta;
  return out.str();
}

}  // namespace swblas_test
