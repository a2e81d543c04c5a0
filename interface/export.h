// libswblas.so is built with hidden visibility: only the symbols marked here
// (the BLAS, CBLAS and swblas entry points) are exported.
#pragma once

#define SWBLAS_EXPORT __attribute__((visibility("default")))
