// A BLAS that is wrong on purpose, for the smoke tests: the benchmark must
// refuse to time it (exit status 3) rather than report its speed.  Each
// routine leaves out the last element or column, the kind of edge-case
// mistake a blocked kernel makes.
#include <cstddef>

extern "C" {

double ddot_(const int* n, const double* x, const int*, const double* y, const int*) {
  double sum = 0.0;
  for (int i = 0; i + 1 < *n; ++i) sum += x[i] * y[i];
  return sum;
}

void daxpy_(const int* n, const double* alpha, const double* x, const int*, double* y,
            const int*) {
  for (int i = 0; i + 1 < *n; ++i) y[i] += *alpha * x[i];
}

// TRANS 'N' only, increments 1.
void dgemv_(const char*, const int* m, const int* n, const double* alpha, const double* a,
            const int* lda, const double* x, const int*, const double* beta, double* y,
            const int*, std::size_t) {
  for (int i = 0; i < *m; ++i) y[i] *= *beta;
  for (int j = 0; j + 1 < *n; ++j)
    for (int i = 0; i < *m; ++i) y[i] += *alpha * a[i + static_cast<std::size_t>(j) * *lda] * x[j];
}

}  // extern "C"
