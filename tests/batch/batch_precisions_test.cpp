// The batched entry points in every precision (s, d, c, z) against the
// naive reference: pointer arrays and strided batches, CBLAS in both
// layouts and Fortran, every transpose (conjugate ones for complex), odd
// sizes, the quick cases, a complex beta, one entry larger than a block,
// threads shared by entries and by tiles. The double forms are tested in
// depth by batch_api_test.cpp; here they run the same cases as the others.
#include <cblas.h>
#include <gtest/gtest.h>
#include <swblas.h>

#include <complex>
#include <vector>

#include "../recording_error_handlers.h"
#include "batch_entry_points.h"
#include "batch_support.h"

namespace {

using swblas_batch_test::api;
using swblas_batch_test::call_batch;
using swblas_batch_test::call_strided;
using swblas_batch_test::entry_point;
using swblas_batch_test::group_data_of;
using swblas_batch_test::group_spec;
using swblas_batch_test::is_complex;
using swblas_batch_test::mixed_groups;

template <class X>
std::vector<group_data_of<X>> make_groups(const std::vector<group_spec>& specs, unsigned seed) {
  std::vector<group_data_of<X>> groups;
  for (const group_spec& s : specs) groups.emplace_back(s, seed++);
  return groups;
}

template <class X>
class BatchPrecision : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(BatchPrecision, precisions);

TYPED_TEST(BatchPrecision, PointerArraysBothLayoutsAndFortran) {
  for (const entry_point how : {entry_point::cblas, entry_point::f77})
    for (const bool row_major : {false, true}) {
      if (how == entry_point::f77 && row_major) continue;
      std::vector<group_data_of<TypeParam>> groups = make_groups<TypeParam>(mixed_groups(row_major), 11);
      call_batch(how, groups);
      for (const group_data_of<TypeParam>& g : groups) EXPECT_EQ(g.check(), "");
    }
}

TYPED_TEST(BatchPrecision, StridedBothLayoutsAndFortran) {
  unsigned seed = 40;
  for (const entry_point how : {entry_point::cblas_strided, entry_point::f77_strided})
    for (const bool row_major : {false, true}) {
      if (how == entry_point::f77_strided && row_major) continue;
      for (const group_spec& s : mixed_groups(row_major)) {
        group_data_of<TypeParam> g(s, seed++);
        call_strided(how, g);
        EXPECT_EQ(g.check(), "");
      }
    }
}

// Many entries of one shape: by-entry work shared by the threads.
TYPED_TEST(BatchPrecision, ManyEntriesOnTwoThreads) {
  const int before = swblas_get_num_threads();
  swblas_set_num_threads(2);
  std::vector<group_data_of<TypeParam>> groups =
      make_groups<TypeParam>({{false, 'N', 'T', 12, 10, 9, 1.0, 0.5, 600, 1, 0.25, -0.5}}, 7);
  call_batch(entry_point::cblas, groups);
  EXPECT_EQ(groups[0].check(), "");
  swblas_set_num_threads(before);
}

template <class X>
std::string routine_prefix(bool upper) {
  const char* letters = std::is_same_v<X, float>                 ? "sS"
                        : std::is_same_v<X, double>              ? "dD"
                        : std::is_same_v<X, std::complex<float>> ? "cC"
                                                                 : "zZ";
  return std::string(1, letters[upper ? 1 : 0]);
}

std::string trimmed(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// An illegal argument is reported with the routine's name and its position,
// and nothing is written: Fortran's ldc, and a CBLAS group whose ldc is
// illegal after a legal one.
TYPED_TEST(BatchPrecision, IllegalLdcReportedNothingWritten) {
  const group_spec s{false, 'N', 'N', 6, 5, 4, 1.0, 0.0, 3, 0};
  group_data_of<TypeParam> g(s, 3);
  const int lda = g.a.ld(), ldb = g.b.ld(), ldc = 5;  // below m
  const int sa = g.a.stride(), sb = g.b.stride(), sc = g.c.stride();
  recorded = {};
  api<TypeParam>::f77_strided(&s.transa, &s.transb, &s.m, &s.n, &s.k, &g.alpha, g.a.entry(0), &lda, &sa,
                              g.b.entry(0), &ldb, &sb, &g.beta, g.c.entry(0), &ldc, &sc, &s.count);
  EXPECT_EQ(recorded.info, 15);
  EXPECT_EQ(trimmed(recorded.routine), routine_prefix<TypeParam>(true) + "GEMM_BATCH_STRIDED");
  EXPECT_TRUE(g.c_untouched());

  std::vector<group_data_of<TypeParam>> groups = make_groups<TypeParam>({s, s}, 5);
  groups[1].c = swblas_batch_test::stored_operand_of<TypeParam>(6, 5, false, -2, 3);  // ldc 4 < m
  groups[1].c_ptrs.clear();
  for (int e = 0; e < 3; ++e) groups[1].c_ptrs.push_back(groups[1].c.entry(e));
  recorded = {};
  call_batch(entry_point::cblas, groups);
  EXPECT_EQ(recorded.info, 14);
  EXPECT_EQ(recorded.routine, "cblas_" + routine_prefix<TypeParam>(false) + "gemm_batch");
  EXPECT_TRUE(groups[0].c_untouched());
}

}  // namespace
