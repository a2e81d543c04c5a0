// The entry points' shortcut for a tiny real GEMM (tiny_work): such a call
// costs about as much to route as to multiply (4^3 to 16^3 DGEMMs on Zen 5:
// building the problem, the route and the tracing checks were half of the
// call), so it goes from the interface's checks straight to the small
// routine that route_gemm would choose for it.
#pragma once

#include <atomic>

#include "small_gemm.h"
#include "unpacked_gemm.h"

namespace swblas {

// The small routine that takes tiny problems of T from the entry points:
// the chosen table's (route_gemm's tiny path), set when the runtime is
// built. Null until then, and for good when calls are traced
// (SWBLAS_VERBOSE=2 reports every call), routed to the Sunway emulation, or
// the chosen micro kernel has no small routine: those calls go through gemm().
template <class T>
inline std::atomic<small_gemm_fn<T>> tiny_gemm_shortcut{nullptr};

// C := alpha * A * op(B) + beta * C for a checked column-major call whose A
// has unit row stride (op(A) = A), B element (l, j) at b[l*rs_b + j*cs_b],
// when it is a tiny product and the shortcut is open; else false, nothing
// done. The quick cases (nothing to multiply) are left to gemm().
template <class T>
inline bool gemm_tiny(dim_t m, dim_t n, dim_t k, T alpha, const T* a, inc_t lda, const T* b, inc_t rs_b,
                      inc_t cs_b, T beta, T* c, inc_t ldc) {
  if (m <= 0 || n <= 0 || k <= 0 || alpha == T(0) || !tiny_work(m, n, k)) return false;
  const small_gemm_fn<T> small = tiny_gemm_shortcut<T>.load(std::memory_order_acquire);
  if (!small) return false;
  small(m, n, k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc, nullptr);
  return true;
}

}  // namespace swblas
