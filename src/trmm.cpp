// trmm as one GEMM: B is copied aside and B := alpha op(A) copy (or alpha
// copy op(A)), op(A) read through its triangle by the packing. Known cost:
// half of the multiplications are with the zero triangle; skipping its
// blocks is later work.
#include <vector>

#include "triangular.h"

namespace swblas {

template <class T>
void trmm(const triangular_problem<T>& p) {
  if (p.m == 0 || p.n == 0) return;
  if (p.alpha == T(0)) return scale_b(p);
  std::vector<T> copy(std::size_t(p.m) * std::size_t(p.n));
  for (int j = 0; j < p.n; ++j)
    for (int i = 0; i < p.m; ++i) copy[i + std::size_t(j) * p.m] = p.b[i + std::ptrdiff_t(j) * p.ldb];
  const operand_of<T> b = as_stored<T>(copy.data(), p.m);
  if (p.left)
    gemm(product_problem(p.m, p.n, p.m, p.alpha, p.a, b, T(0), p.b, p.ldb));
  else
    gemm(product_problem(p.m, p.n, p.n, p.alpha, b, p.a, T(0), p.b, p.ldb));
}

template void trmm(const triangular_problem<float>&);
template void trmm(const triangular_problem<double>&);
template void trmm(const triangular_problem<std::complex<float>>&);
template void trmm(const triangular_problem<std::complex<double>>&);

}  // namespace swblas
