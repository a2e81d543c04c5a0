// The reference CBLAS's two global flags. The netlib CBLAS testers and
// error handlers written for the reference refer to them (the testers'
// executables hold a copy of RowMajorStrg, which must be found in the BLAS
// they load), so swblas defines and exports them; they are set only while
// an error is reported (cblas_error_layout.h).
#include "cblas_error_layout.h"
#include "export.h"

extern "C" {
SWBLAS_EXPORT int RowMajorStrg = 0;
SWBLAS_EXPORT int CBLAS_CallFromC = 0;
}
