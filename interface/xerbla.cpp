// The default Fortran error handler. Alone in its translation unit and weak,
// so that a program's own XERBLA replaces it in a static link, and exported
// and called through the PLT, so that it does in a dynamic one.
#include <cstddef>
#include <cstdio>
#include <cstring>

#include "blas_int.h"
#include "export.h"
#include "swblas.h"

// Returns after the message (as OpenBLAS and MKL do), where the reference
// stops the program: a library should not end its caller.
extern "C" SWBLAS_EXPORT __attribute__((weak)) void xerbla_(const char* srname, const swblas::api::blas_int* info,
                                                            std::size_t srname_len) {
  // A Fortran name is not NUL-terminated; a C caller's may be shorter.
  const int name_len = static_cast<int>(strnlen(srname, srname_len));
  std::fprintf(stderr,
               " ** On entry to %.*s parameter number %2lld had an illegal "
               "value\n",
               name_len, srname, static_cast<long long>(*info));
}
