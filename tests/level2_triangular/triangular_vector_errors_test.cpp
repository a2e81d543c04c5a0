// Illegal arguments of trmv, tbmv, tpmv, trsv, tbsv and tpsv: the position
// the error handler receives (the reference's, and for CBLAS what netlib's
// c_?2chke.c expects in both layouts), the routine name, the message of an
// illegal option, and that x is left untouched. This file brings its
// recording xerbla_ and cblas_xerbla into the whole level2_triangular_tests
// binary, as a program may; no other test of it makes an illegal call.
#include <gtest/gtest.h>

#include <cctype>
#include <complex>
#include <string>
#include <vector>

#include "../recording_error_handlers.h"
#include "triangular_vector_harness.h"

namespace {

using namespace swblas_test;

template <class T>
class TriangularVectorErrors : public ::testing::Test {};
using Precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(TriangularVectorErrors, Precisions);

template <class T>
char prefix() {
  if constexpr (std::is_same_v<T, float>) return 's';
  if constexpr (std::is_same_v<T, double>) return 'd';
  if constexpr (std::is_same_v<T, std::complex<float>>) return 'c';
  return 'z';
}

// "trmv", "tbsv", ...
std::string routine(const triangular_call& c) {
  const char* forms[] = {"tr", "tb", "tp"};
  return std::string(forms[int(c.storage)]) + (c.solve ? "sv" : "mv");
}

// The name the handler receives: "DTRMV " for Fortran, "cblas_dtrmv".
template <class T>
std::string handler_name(const triangular_call& c) {
  const std::string name = prefix<T>() + routine(c);
  if (c.through != entry::f77) return "cblas_" + name;
  std::string upper;
  for (char ch : name) upper += char(std::toupper(static_cast<unsigned char>(ch)));
  return upper + " ";
}

struct error_case {
  const char* why;
  char uplo, trans, diag;
  int n, k, lda, incx;
  int expected;
};

// Runs each case through c's routine and entry point on fresh operands
// and checks what the handler received, and that x is as it was.
template <class T>
void expect_errors(triangular_call c, const std::vector<error_case>& cases, int layout = 0) {
  for (const error_case& e : cases) {
    c.uplo = e.uplo;
    c.trans = e.trans;
    c.diag = e.diag;
    c.n = e.n;
    c.k = e.k;
    c.lda = e.lda;
    c.incx = e.incx;
    const std::vector<T> a(64, T(1));
    std::vector<T> x(64, scalar<T>(42, 7));
    const std::vector<T> x_before = x;
    recorded = {};
    if (layout == 0)
      call(c, a.data(), x.data());
    else
      call_cblas(c, CBLAS_LAYOUT(layout), a.data(), x.data());
    const std::string name = handler_name<T>(c);
    EXPECT_EQ(recorded.count, 1) << name << ": " << e.why;
    EXPECT_EQ(recorded.routine, name) << e.why;
    EXPECT_EQ(recorded.info, e.expected) << name << ": " << e.why;
    EXPECT_EQ(x, x_before) << name << ": " << e.why;
  }
}

const triangular_call kForms[] = {
    {entry::f77, form::full, false}, {entry::f77, form::band, false}, {entry::f77, form::packed, false},
    {entry::f77, form::full, true},  {entry::f77, form::band, true},  {entry::f77, form::packed, true},
};

TYPED_TEST(TriangularVectorErrors, Fortran) {
  const std::vector<error_case> options = {
      {"UPLO", '/', 'N', 'N', 2, 1, 2, 1, 1},
      {"TRANS", 'U', 'X', 'N', 2, 1, 2, 1, 2},
      {"DIAG", 'L', 'T', 'X', 2, 1, 2, 1, 3},
      {"N", 'U', 'C', 'U', -1, 1, 2, 1, 4},
      {"UPLO before N", 'Q', 'N', 'N', -1, 1, 2, 1, 1},
  };
  for (triangular_call c : kForms) {
    expect_errors<TypeParam>(c, options);
    switch (c.storage) {
      case form::full:
        expect_errors<TypeParam>(c, {{"LDA < N", 'U', 'N', 'N', 2, 0, 1, 1, 6},
                                     {"LDA < 1", 'L', 'N', 'U', 0, 0, 0, 1, 6},
                                     {"INCX", 'U', 'T', 'N', 2, 0, 2, 0, 8},
                                     {"N before INCX", 'U', 'T', 'N', -2, 0, 2, 0, 4}});
        break;
      case form::band:
        expect_errors<TypeParam>(c, {{"K", 'U', 'N', 'N', 2, -1, 2, 1, 5},
                                     {"LDA < K + 1", 'L', 'N', 'N', 2, 1, 1, 1, 7},
                                     {"INCX", 'U', 'C', 'N', 2, 1, 2, 0, 9},
                                     {"K before LDA", 'L', 'N', 'N', 2, -1, 0, 1, 5}});
        break;
      case form::packed:
        expect_errors<TypeParam>(c, {{"INCX", 'U', 'N', 'N', 2, 0, 0, 0, 7}});
        break;
    }
  }
}

// The reference CBLAS numbers its own argument list (the layout first) and
// reports a row-major call at the same positions (its xerbla.c exchanges
// none for these routines), as netlib's c_?2chke.c expects.
TYPED_TEST(TriangularVectorErrors, Cblas) {
  for (triangular_call c : kForms) {
    c.through = entry::cblas_col;
    const bool band = c.storage == form::band, full = c.storage == form::full;
    expect_errors<TypeParam>(c, {{"layout", 'U', 'N', 'N', 2, 1, 2, 1, 1}}, 77);
    for (entry through : {entry::cblas_col, entry::cblas_row}) {
      c.through = through;
      std::vector<error_case> cases = {
          {"Uplo", '/', 'N', 'N', 0, 0, 1, 1, 2},   {"TransA", 'U', 'X', 'N', 0, 0, 1, 1, 3},
          {"Diag", 'U', 'N', 'X', 0, 0, 1, 1, 4},   {"N", 'U', 'N', 'N', -1, 0, 1, 1, 5},
          {"incX", 'U', 'N', 'N', 0, 0, 1, 0, full ? 9 : band ? 10 : 8},
          // Row-major ConjTrans: the reference conjugates x before it finds
          // an illegal Diag; swblas checks first.
          {"Diag after ConjTrans", 'L', 'C', 'X', 2, 1, 2, 1, 4},
      };
      if (full) cases.push_back({"lda", 'U', 'N', 'N', 2, 0, 1, 1, 7});
      if (band) {
        cases.push_back({"K", 'U', 'N', 'N', 0, -1, 1, 1, 6});
        cases.push_back({"lda", 'U', 'N', 'N', 0, 1, 1, 1, 8});
      }
      expect_errors<TypeParam>(c, cases);
    }
  }
}

// An illegal option's message names its value, as the reference's does.
TYPED_TEST(TriangularVectorErrors, CblasMessages) {
  const std::vector<TypeParam> a(4, TypeParam(1));
  std::vector<TypeParam> x(4, TypeParam(1));
  const triangular_call c{entry::cblas_row, form::full, false, 'U', 'N', 'N', 1, 0, 1, 1};
  call_cblas(c, CBLAS_LAYOUT(88), a.data(), x.data());
  EXPECT_EQ(recorded.message, "Illegal layout setting, 88\n");
  triangular_call bad = c;
  bad.uplo = '?';
  call(bad, a.data(), x.data());
  EXPECT_EQ(recorded.message, "Illegal Uplo setting, 77\n");
  bad = c;
  bad.trans = '?';
  call(bad, a.data(), x.data());
  EXPECT_EQ(recorded.message, "Illegal TransA setting, 77\n");
  bad = c;
  bad.diag = '?';
  call(bad, a.data(), x.data());
  EXPECT_EQ(recorded.message, "Illegal Diag setting, 77\n");
  bad = c;
  bad.n = -1;
  call(bad, a.data(), x.data());
  EXPECT_EQ(recorded.message, "");
}

// n == 0 returns before reading anything.
TYPED_TEST(TriangularVectorErrors, QuickReturn) {
  for (triangular_call c : kForms)
    for (entry through : {entry::f77, entry::cblas_col, entry::cblas_row}) {
      c.through = through;
      c.uplo = 'L';
      c.trans = 'C';
      c.n = 0;
      c.k = 0;
      c.lda = 1;
      c.incx = -1;
      TypeParam x = scalar<TypeParam>(3, 4);
      recorded = {};
      call<TypeParam>(c, nullptr, &x);
      EXPECT_EQ(recorded.count, 0);
      EXPECT_EQ(x, scalar<TypeParam>(3, 4));
    }
}

}  // namespace
