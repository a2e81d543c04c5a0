// The integer of the BLAS arguments, taken from one place: CBLAS_INT of
// include/cblas.h, which is the Fortran INTEGER too (SWBLAS_INT). 32 bits in
// libswblas; 64 in libswblas64, whose interface is these same sources
// compiled again with SWBLAS_ILP64 defined.
#pragma once

#include "cblas.h"

namespace swblas::api {

using blas_int = CBLAS_INT;

}  // namespace swblas::api
