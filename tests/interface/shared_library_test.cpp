// Against libswblas.so: the entry points are exported, and the error handlers
// defined in this executable replace the library's even though the library
// defines them too (they are called through the PLT).
#include <gtest/gtest.h>

#include <cblas.h>
#include <swblas.h>

#include <cstddef>
#include <string>

namespace {
int f77_handler_info = 0, cblas_handler_info = 0;
std::string f77_handler_routine;
}  // namespace

extern "C" void xerbla_(const char* srname, const int* info, std::size_t len) {
  f77_handler_routine.assign(srname, len);
  f77_handler_info = *info;
}

extern "C" void cblas_xerbla(CBLAS_INT p, const char*, const char*, ...) {
  cblas_handler_info = p;
}

// The alias for Fortran compilers that add no underscore.
extern "C" void dgemm(const char*, const char*, const int*, const int*,
                      const int*, const double*, const double*, const int*,
                      const double*, const int*, const double*, double*,
                      const int*);

namespace {

TEST(SharedLibrary, ComputesThroughAllEntryPoints) {
  const double a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  double c[4] = {0, 0, 0, 0};
  const int two = 2;
  const double one = 1.0, zero = 0.0;
  dgemm_("N", "N", &two, &two, &two, &one, a, &two, b, &two, &zero, c, &two);
  EXPECT_DOUBLE_EQ(c[0], 1 * 5 + 3 * 6);
  EXPECT_DOUBLE_EQ(c[3], 2 * 7 + 4 * 8);
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.0, a, 2, b,
              2, 0.0, c, 2);
  EXPECT_DOUBLE_EQ(c[1], 1 * 6 + 2 * 8);
  EXPECT_DOUBLE_EQ(c[2], 3 * 5 + 4 * 7);
  dgemm("T", "N", &two, &two, &two, &one, a, &two, b, &two, &zero, c, &two);
  EXPECT_DOUBLE_EQ(c[1], 3 * 5 + 4 * 6);
}

TEST(SharedLibrary, TheProgramsErrorHandlersReplaceTheLibrarys) {
  const int two = 2, minus_one = -1;
  const double one = 1.0;
  double c[4] = {};
  dgemm_("N", "N", &two, &minus_one, &two, &one, c, &two, c, &two, &one, c,
         &two);
  EXPECT_EQ(f77_handler_info, 4);
  EXPECT_EQ(f77_handler_routine, "DGEMM ");
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, -1, 1.0, c, 2,
              c, 2, 1.0, c, 2);
  EXPECT_EQ(cblas_handler_info, 6);
}

}  // namespace
