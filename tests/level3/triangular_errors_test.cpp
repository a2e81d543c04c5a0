// Illegal arguments of ?trmm and ?trsm: the parameter number and message
// swblas's default handlers print (stderr) for each argument of the
// Fortran and the CBLAS entries, the first illegal one winning, row-major
// numbers as the caller's, and B left untouched.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "triangular_harness.h"

namespace swblas_test {
namespace {

struct f77_error_case {
  const char* why;
  char side, uplo, transa, diag;
  int m, n, lda, ldb;
  int expected;  // 0: legal
};

const f77_error_case kF77Errors[] = {
    {"SIDE", 'X', 'U', 'N', 'N', 2, 2, 2, 2, 1},
    {"UPLO", 'L', 'X', 'N', 'N', 2, 2, 2, 2, 2},
    {"TRANSA", 'L', 'U', 'X', 'N', 2, 2, 2, 2, 3},
    {"DIAG", 'L', 'U', 'N', 'X', 2, 2, 2, 2, 4},
    {"M", 'L', 'U', 'N', 'N', -1, 2, 2, 2, 5},
    {"N", 'L', 'U', 'N', 'N', 2, -1, 2, 2, 6},
    {"LDA < M (side L)", 'L', 'U', 'N', 'N', 3, 2, 2, 3, 9},
    {"LDA < N (side R)", 'R', 'U', 'N', 'N', 2, 3, 2, 2, 9},
    {"LDA < 1", 'L', 'U', 'N', 'N', 0, 2, 0, 1, 9},
    {"LDB < M", 'L', 'U', 'N', 'N', 3, 2, 3, 2, 11},
    {"SIDE before M", 'Q', 'U', 'N', 'N', -1, 2, 2, 2, 1},
    {"M before LDA", 'L', 'U', 'N', 'N', -1, 2, 0, 2, 5},
    {"lower case is legal", 'r', 'l', 'c', 'u', 2, 2, 2, 2, 0},
};

template <class T>
class TriangularErrors : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(TriangularErrors, precisions);

// B's elements, which an illegal call must leave as they are.
template <class T>
std::vector<T> untouched() {
  return std::vector<T>(16, T(42));
}

TYPED_TEST(TriangularErrors, FortranReportsTheFirstIllegalArgument) {
  using T = TypeParam;
  for (const triangular_routine<T>& r : {triangular_routines<T>::trmm, triangular_routines<T>::trsm})
    for (const f77_error_case& e : kF77Errors) {
      std::string name(r.name);
      for (char& c : name) c = char(std::toupper(c));
      const std::vector<T> a(16, T(1));
      std::vector<T> b = untouched<T>();
      const T alpha(1);
      testing::internal::CaptureStderr();
      r.f77(&e.side, &e.uplo, &e.transa, &e.diag, &e.m, &e.n, &alpha, a.data(), &e.lda, b.data(), &e.ldb);
      const std::string printed = testing::internal::GetCapturedStderr();
      char want[96] = "";
      if (e.expected)
        std::snprintf(want, sizeof want, " ** On entry to %s  parameter number %2d had an illegal value\n",
                      name.c_str(), e.expected);
      EXPECT_EQ(printed, want) << r.name << " " << e.why;
      if (e.expected) {
        EXPECT_EQ(b, untouched<T>()) << r.name << " " << e.why;
      }
    }
}

struct cblas_error_case {
  const char* why;
  int layout, side, uplo, transa, diag;
  int m, n, lda, ldb;
  int expected;         // the CBLAS parameter number the caller sees
  const char* message;  // the reference's for an illegal option
};

const cblas_error_case kCblasErrors[] = {
    {"layout", 0, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 2, 2, 2, 2, 1, "Illegal layout setting, 0\n"},
    {"Side", CblasColMajor, 0, CblasUpper, CblasNoTrans, CblasNonUnit, 2, 2, 2, 2, 2, "Illegal Side setting, 0\n"},
    {"Uplo", CblasRowMajor, CblasLeft, 7, CblasNoTrans, CblasNonUnit, 2, 2, 2, 2, 3, "Illegal Uplo setting, 7\n"},
    {"Trans", CblasColMajor, CblasLeft, CblasUpper, 110, CblasNonUnit, 2, 2, 2, 2, 4, "Illegal Trans setting, 110\n"},
    {"Diag", CblasRowMajor, CblasLeft, CblasUpper, CblasNoTrans, 1, 2, 2, 2, 2, 5, "Illegal Diag setting, 1\n"},
    {"M", CblasColMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, -1, 2, 2, 2, 6, ""},
    {"N", CblasColMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 2, -1, 2, 2, 7, ""},
    {"M row-major", CblasRowMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, -1, 2, 2, 2, 6, ""},
    {"N row-major", CblasRowMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 2, -1, 2, 2, 7, ""},
    {"lda < M", CblasColMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 3, 2, 2, 3, 10, ""},
    {"lda < M row-major", CblasRowMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 3, 2, 2, 2, 10, ""},
    {"lda < N side R", CblasColMajor, CblasRight, CblasUpper, CblasNoTrans, CblasNonUnit, 2, 3, 2, 2, 10, ""},
    {"ldb < M", CblasColMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 3, 2, 3, 2, 12, ""},
    {"ldb < N row-major", CblasRowMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 2, 3, 2, 2, 12, ""},
    {"legal row-major", CblasRowMajor, CblasRight, CblasLower, CblasConjTrans, CblasUnit, 3, 2, 2, 2, 0, ""},
};

TYPED_TEST(TriangularErrors, CblasReportsTheFirstIllegalArgument) {
  using T = TypeParam;
  for (const triangular_routine<T>& r : {triangular_routines<T>::trmm, triangular_routines<T>::trsm})
    for (const cblas_error_case& e : kCblasErrors) {
      const std::vector<T> a(16, T(1));
      std::vector<T> b = untouched<T>();
      const T alpha(1);
      testing::internal::CaptureStderr();
      r.cblas(CBLAS_LAYOUT(e.layout), CBLAS_SIDE(e.side), CBLAS_UPLO(e.uplo), CBLAS_TRANSPOSE(e.transa),
              CBLAS_DIAG(e.diag), e.m, e.n, &alpha, a.data(), e.lda, b.data(), e.ldb);
      const std::string printed = testing::internal::GetCapturedStderr();
      std::string want;
      if (e.expected)
        want =
            "Parameter " + std::to_string(e.expected) + " to routine cblas_" + r.name + " was incorrect\n" + e.message;
      EXPECT_EQ(printed, want) << r.name << " " << e.why;
      if (e.expected) {
        EXPECT_EQ(b, untouched<T>()) << r.name << " " << e.why;
      }
    }
}

}  // namespace
}  // namespace swblas_test
