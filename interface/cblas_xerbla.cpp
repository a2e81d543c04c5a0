// The default CBLAS error handler; weak and alone in its translation unit for
// the same reasons as xerbla_.
#include <cstdarg>
#include <cstdio>

#include "cblas.h"
#include "cblas_error_layout.h"
#include "export.h"

// Prints the reference message, then returns where the reference exits.
extern "C" SWBLAS_EXPORT __attribute__((weak)) void cblas_xerbla(
    CBLAS_INT p, const char* rout, const char* form, ...) {
  const int parameter = swblas::api::cblas_parameter_number(static_cast<int>(p));
  if (parameter != 0)
    std::fprintf(stderr, "Parameter %d to routine %s was incorrect\n",
                 parameter, rout);
  if (form == nullptr) return;
  std::va_list args;
  va_start(args, form);
  std::vfprintf(stderr, form, args);
  va_end(args);
}
