// The interface layer's helpers on their own: option parsing from Fortran
// characters and CBLAS enums, the row-major flips, the first-illegal-argument
// rule, the signatures' position tables and the row-major rewrite of a call.
#include <gtest/gtest.h>

#include <cstring>

#include "gemm_checks.h"

namespace {

using namespace swblas::api;

// An enum object holding any int, as a C caller's argument may. Used in
// place (.value): returning it by value would load it as the enum, which is
// undefined for a value outside the enum's range (UBSan reports it).
template <class Enum>
struct enum_holding {
  static_assert(sizeof(Enum) == sizeof(int));
  explicit enum_holding(int v) { std::memcpy(&value, &v, sizeof v); }
  Enum value;
};

TEST(Options, FortranCharactersInEitherCase) {
  EXPECT_EQ(from_fortran<trans_op>('N'), trans_op::none);
  EXPECT_EQ(from_fortran<trans_op>('t'), trans_op::trans);
  EXPECT_EQ(from_fortran<trans_op>('c'), trans_op::conj_trans);
  EXPECT_EQ(from_fortran<uplo>('u'), uplo::upper);
  EXPECT_EQ(from_fortran<uplo>('L'), uplo::lower);
  EXPECT_EQ(from_fortran<side>('l'), side::left);
  EXPECT_EQ(from_fortran<side>('R'), side::right);
  EXPECT_EQ(from_fortran<diag>('U'), diag::unit);
  EXPECT_EQ(from_fortran<diag>('n'), diag::non_unit);
  for (char c : {'\0', ' ', 'X', 'R', '1', '\xce'}) {
    EXPECT_FALSE(from_fortran<trans_op>(c)) << int(c);
    EXPECT_FALSE(from_fortran<uplo>(c)) << int(c);
    EXPECT_FALSE(from_fortran<diag>(c)) << int(c);
  }
  EXPECT_FALSE(from_fortran<side>('U'));
}

TEST(Options, CblasEnumsAndValuesOutsideThem) {
  EXPECT_EQ(from_cblas<order>(CblasRowMajor), order::row_major);
  EXPECT_EQ(from_cblas<order>(CblasColMajor), order::col_major);
  EXPECT_EQ(from_cblas<trans_op>(CblasConjTrans), trans_op::conj_trans);
  EXPECT_EQ(from_cblas<uplo>(CblasLower), uplo::lower);
  EXPECT_EQ(from_cblas<side>(CblasRight), side::right);
  EXPECT_EQ(from_cblas<diag>(CblasUnit), diag::unit);
  for (int value : {-1, 0, 103, 114, 1000}) {
    EXPECT_FALSE(from_cblas<order>(enum_holding<CBLAS_LAYOUT>(value).value)) << value;
    EXPECT_FALSE(from_cblas<trans_op>(enum_holding<CBLAS_TRANSPOSE>(value).value)) << value;
    EXPECT_FALSE(from_cblas<uplo>(enum_holding<CBLAS_UPLO>(value).value)) << value;
  }
}

TEST(Options, RowMajorFlips) {
  EXPECT_EQ(transposed(uplo::upper), uplo::lower);
  EXPECT_EQ(transposed(uplo::lower), uplo::upper);
  EXPECT_EQ(transposed(side::left), side::right);
  EXPECT_EQ(transposed(side::right), side::left);
}

TEST(ArgumentCheck, TheLowestIllegalPositionWins) {
  static_assert(first_illegal({{false, 1}, {false, 2}}) == 0);
  static_assert(first_illegal({{true, 9}, {false, 2}, {true, 4}}) == 4);
  static_assert(first_illegal({{true, 0}, {true, 7}}) == 7);  // 0: no such argument
  static_assert(first_of(0, 12, 0, 9) == 9);
  static_assert(first_of(0, 0) == 0);
}

TEST(GemmPositions, CblasSignaturesCountTheLayout) {
  static_assert(kCblasDgemm.layout == 1 && kCblasDgemm.m == 4 && kCblasDgemm.lda == 9 &&
                kCblasDgemm.ldb == 11 && kCblasDgemm.ldc == 14 && kCblasDgemm.count == 0);
  static_assert(kCblasDgemmBatch.group_count == 15 && kCblasDgemmBatch.count == 16);
  static_assert(kCblasDgemmBatchStrided.stride_a == 10 && kCblasDgemmBatchStrided.ldb == 12 &&
                kCblasDgemmBatchStrided.stride_c == 17 && kCblasDgemmBatchStrided.count == 18);
}

TEST(GemmPositions, RowMajorExchange) {
  constexpr position_exchange x = row_major_exchange(kCblasDgemmBatchStrided);
  EXPECT_EQ(x.partner(4), 5);
  EXPECT_EQ(x.partner(5), 4);
  EXPECT_EQ(x.partner(9), 12);
  EXPECT_EQ(x.partner(13), 10);
  EXPECT_EQ(x.partner(2), 2);
  EXPECT_EQ(x.partner(17), 17);
  EXPECT_EQ(position_exchange{}.partner(4), 4);
}

gemm_dims strided_dims() { return {4, 3, 2, 2, 3, 3, 8, 6, 12, 2}; }

TEST(GemmCall, RowMajorIsTheTransposedColumnMajorCall) {
  const gemm_call c{{order::row_major, trans_op::trans, trans_op::none}, strided_dims()};
  const gemm_args g = column_major(c);
  EXPECT_EQ(g.transa, trans_op::none);
  EXPECT_EQ(g.transb, trans_op::trans);
  EXPECT_EQ(g.m, 3);
  EXPECT_EQ(g.n, 4);
  EXPECT_EQ(g.lda, 3);
  EXPECT_EQ(g.ldb, 2);
  EXPECT_EQ(g.stride_a, 6);
  EXPECT_EQ(g.stride_b, 8);
  EXPECT_EQ(g.stride_c, 12);
}

TEST(GemmCall, OptionsKeepTheCallersPositions) {
  const gemm_call c{{order::row_major, std::nullopt, trans_op::none}, strided_dims()};
  EXPECT_EQ(first_illegal_argument(c, kCblasDgemmBatchStrided), 2);
  const gemm_call legal{{order::row_major, trans_op::none, trans_op::none}, strided_dims()};
  EXPECT_EQ(first_illegal_argument(legal, kCblasDgemmBatchStrided), 0);
}

}  // namespace
