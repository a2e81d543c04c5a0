// The thread-count setter and getter, with OpenBLAS's names as aliases
// (include/swblas.h).
#include "export.h"
#include "thread_pool.h"

extern "C" {

SWBLAS_EXPORT void swblas_set_num_threads(int n) { swblas::set_configured_threads(n); }

SWBLAS_EXPORT int swblas_get_num_threads(void) { return swblas::configured_threads(); }

SWBLAS_EXPORT void openblas_set_num_threads(int n) { swblas::set_configured_threads(n); }

SWBLAS_EXPORT int openblas_get_num_threads(void) { return swblas::configured_threads(); }

}  // extern "C"
