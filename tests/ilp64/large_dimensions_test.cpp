// ILP64 calls whose counts, dimensions or leading dimensions exceed 2^31,
// on libswblas64 through <cblas.h> and <swblas.h> with SWBLAS_ILP64: the
// results and the argument checks must see the 64-bit values. The arrays
// are sparse_array (gigabytes of address space, a few touched pages) or,
// where a routine reads all of one, zero_middle_array.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cblas.h"
#include "sparse_mapping.h"
#include "swblas.h"

static_assert(sizeof(CBLAS_INT) == 8 && sizeof(SWBLAS_INT) == 8, "built without SWBLAS_ILP64");

namespace {

constexpr std::int64_t kBeyond32Bits = (std::int64_t{1} << 31) + 10;

std::string last_routine;
std::int64_t last_info = 0;

}  // namespace

// The ILP64 handler: INFO is a 64-bit INTEGER.
extern "C" void xerbla_(const char* srname, const std::int64_t* info, std::size_t srname_len) {
  last_routine.assign(srname, srname_len);
  last_info = *info;
}
extern "C" void cblas_xerbla(CBLAS_INT p, const char* rout, const char*, ...) {
  last_routine = rout;
  last_info = p;
}

namespace {

// 2^31 + 10 floats, zero but for the few a test sets near either end (and
// resets after).
class long_vector : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!x_.data()) GTEST_SKIP() << "mmap of 8 GiB refused";
  }
  // x[i] := v, undone by clear().
  void put(std::int64_t i, float v) {
    ASSERT_TRUE(x_.writable(i)) << i;
    x_[i] = v;
    set_.push_back(i);
  }
  void clear() {
    for (const std::int64_t i : set_) x_[i] = 0.0f;
    set_.clear();
  }
  float* data() const { return x_.data(); }

 private:
  zero_middle_array<float> x_{kBeyond32Bits};
  std::vector<std::int64_t> set_;
};

TEST_F(long_vector, reductions_read_every_element_beyond_32_bits) {
  put(kBeyond32Bits - 6, -3.0f);
  put(kBeyond32Bits - 4, 3.0f);  // as large: the first one wins
  put(100, 2.0f);
  const CBLAS_INT n = kBeyond32Bits, one = 1;
  EXPECT_EQ(isamax_(&n, data(), &one), kBeyond32Bits - 5);
  EXPECT_EQ(cblas_isamax(n, data(), 1), static_cast<CBLAS_INDEX>(kBeyond32Bits - 6));
  clear();
  put(0, 1.0f);
  put(kBeyond32Bits - 1, -2.0f);
  put(kBeyond32Bits - 3, 4.0f);
  EXPECT_EQ(sasum_(&n, data(), &one), 7.0f);
  EXPECT_EQ(sdot_(&n, data(), &one, data(), &one), 21.0f);
  EXPECT_EQ(cblas_sasum(n, data(), 1), 7.0f);
}

TEST_F(long_vector, an_increment_beyond_32_bits) {
  const CBLAS_INT n = 2, inc = kBeyond32Bits - 1;
  put(0, 1.5f);
  put(inc, -2.5f);
  EXPECT_EQ(sasum_(&n, data(), &inc), 4.0f);
  EXPECT_EQ(isamax_(&n, data(), &inc), 2);
}

// C (m x n) := A B with A's columns 2^31 + 10 elements apart.
TEST(large_leading_dimension, dgemm_reads_columns_far_apart) {
  const CBLAS_INT m = 3, n = 2, k = 3, lda = kBeyond32Bits, ldb = k, ldc = m;
  sparse_array<double> a(lda * (k - 1) + m);
  if (!a.data()) GTEST_SKIP() << "mmap without reserve refused";
  const std::vector<double> b = {1, 2, 3, -1, 0, 2};
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t l = 0; l < k; ++l) a[i + l * lda] = double(1 + i + 10 * l);
  std::vector<double> c(m * n, -1.0);
  const double one = 1.0, zero = 0.0;
  dgemm_("N", "N", &m, &n, &k, &one, a.data(), &lda, b.data(), &ldb, &zero, c.data(), &ldc);
  for (std::int64_t j = 0; j < n; ++j)
    for (std::int64_t i = 0; i < m; ++i) {
      double expected = 0;
      for (std::int64_t l = 0; l < k; ++l) expected += a[i + l * lda] * b[l + j * ldb];
      EXPECT_EQ(c[i + j * m], expected) << i << ", " << j;
    }
}

// C := A^T B^T, both operands' columns 2^31 + 10 elements apart: op(A)'s
// rows and op(B)'s columns are strided reads, which the runtime copies or
// packs.
TEST(large_leading_dimension, sgemm_transposed_operands_far_apart) {
  const CBLAS_INT m = 20, n = 4, k = 5, ld = kBeyond32Bits, ldc = m;
  sparse_array<float> a(ld * (m - 1) + k), b(ld * (k - 1) + n);
  if (!a.data() || !b.data()) GTEST_SKIP() << "mmap without reserve refused";
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t l = 0; l < k; ++l) a[l + i * ld] = float(i - 2 * l);
  for (std::int64_t l = 0; l < k; ++l)
    for (std::int64_t j = 0; j < n; ++j) b[j + l * ld] = float(1 + j + l);
  std::vector<float> c(m * n, 3.0f);
  const float alpha = 1.0f, beta = -1.0f;
  sgemm_("T", "T", &m, &n, &k, &alpha, a.data(), &ld, b.data(), &ld, &beta, c.data(), &ldc);
  for (std::int64_t j = 0; j < n; ++j)
    for (std::int64_t i = 0; i < m; ++i) {
      float expected = -3.0f;
      for (std::int64_t l = 0; l < k; ++l) expected += a[l + i * ld] * b[j + l * ld];
      EXPECT_EQ(c[i + j * m], expected) << i << ", " << j;
    }
}

TEST(large_leading_dimension, dgemv_transposed_reads_columns_far_apart) {
  const CBLAS_INT m = 2, n = 3, lda = kBeyond32Bits, one_inc = 1;
  sparse_array<double> a(lda * (n - 1) + m);
  if (!a.data()) GTEST_SKIP() << "mmap without reserve refused";
  for (std::int64_t j = 0; j < n; ++j) {
    a[j * lda] = double(j + 1);
    a[1 + j * lda] = double(-2 * j);
  }
  const std::vector<double> x = {1.0, 0.5};
  std::vector<double> y(n, 7.0);
  const double alpha = 2.0, beta = 1.0;
  dgemv_("T", &m, &n, &alpha, a.data(), &lda, x.data(), &one_inc, &beta, y.data(), &one_inc);
  for (std::int64_t j = 0; j < n; ++j) EXPECT_EQ(y[j], 7.0 + 2.0 * (double(j + 1) - double(j))) << j;
}

// Checks on the 64-bit values: each of these is legal once truncated to 32
// bits, so a library that truncated would compute instead of reporting.
TEST(argument_checks, see_64_bit_values) {
  const double one = 1.0;
  double dummy = 0;
  const CBLAS_INT huge_m = (std::int64_t{1} << 32) + 1, small = 5, k = 1, n = 1;
  last_info = 0;
  dgemm_("N", "N", &huge_m, &n, &k, &one, &dummy, &small, &dummy, &small, &one, &dummy, &huge_m);
  EXPECT_EQ(last_routine, "DGEMM ");
  EXPECT_EQ(last_info, 8);  // LDA < max(1, M)

  const CBLAS_INT minus_2_to_32 = -(std::int64_t{1} << 32);
  last_info = 0;
  dgemm_("N", "N", &small, &minus_2_to_32, &k, &one, &dummy, &small, &dummy, &small, &one, &dummy, &small);
  EXPECT_EQ(last_info, 4);  // N < 0

  last_info = 0;
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, huge_m, n, k, one, &dummy, small, &dummy, small, one, &dummy,
              huge_m);
  EXPECT_EQ(last_routine, "cblas_dgemm");
  EXPECT_EQ(last_info, 9);  // lda, as cblas_dgemm numbers it

  // INCX = 2^32 is 0 in 32 bits (illegal there); N = 0: nothing is read.
  const CBLAS_INT inc_2_to_32 = std::int64_t{1} << 32, none = 0;
  last_info = 0;
  double y = 0;
  dgemv_("N", &small, &none, &one, &dummy, &small, &dummy, &inc_2_to_32, &one, &y, &small);
  EXPECT_EQ(last_info, 0) << "an increment of 2^32 is legal";
}

}  // namespace
