// The entry points' shortcut for a tiny real GEMM (tiny_work): such a call
// costs about as much to route as to multiply (4^3 to 16^3 DGEMMs on Zen 5:
// building the problem, the route and the tracing checks were half of the
// call), so it goes from the interface's checks straight to the small
// routine that route_gemm would choose for it, and for m and n up to
// kTinyEdge straight to the register block that routine would jump to.
#pragma once

#include <atomic>

#include "small_gemm.h"
#include "unpacked_gemm.h"

namespace swblas {

// The routines that take tiny problems of T from the entry points: the
// chosen table's small routine (route_gemm's tiny path) and, per shape, the
// block it would jump to (small_gemm_desc::routine_for), looked up here in
// place of the routine's own choice, a call and a jump less (Emerald
// Rapids, dgemm_ in a loop: 4^3 19 -> 18 ns, 8^3 30.5 -> 29). Filled when
// the runtime is built; closed until then, and for good when calls are
// traced (SWBLAS_VERBOSE=2 reports every call), routed to the Sunway
// emulation, or the chosen micro kernel has no small routine: those calls
// go through gemm().
template <class T>
struct tiny_gemm_routes {
  static constexpr dim_t kTinyEdge = 32;
  small_gemm_fn<T> by_shape[kTinyEdge][kTinyEdge] = {};  // [m - 1][n - 1]
  small_gemm_fn<T> any = nullptr;                         // the small routine itself
  std::atomic<bool> open{false};                          // set, with release, once the above are

  // The routine for an m x n problem (m, n >= 1), or null while closed.
  small_gemm_fn<T> for_shape(dim_t m, dim_t n) const {
    if (!open.load(std::memory_order_acquire)) return nullptr;
    return m <= kTinyEdge && n <= kTinyEdge ? by_shape[m - 1][n - 1] : any;
  }
  // Fills the table from the small routine r and opens the shortcut; once.
  void open_with(const small_gemm_desc<T>& r) {
    for (dim_t m = 1; m <= kTinyEdge; ++m)
      for (dim_t n = 1; n <= kTinyEdge; ++n) by_shape[m - 1][n - 1] = r.routine_for(m, n);
    any = r.gemm;
    open.store(true, std::memory_order_release);
  }
};

template <class T>
inline tiny_gemm_routes<T> tiny_gemm_shortcut;

// C := alpha * A * op(B) + beta * C for a checked column-major call whose A
// has unit row stride (op(A) = A), B element (l, j) at b[l*rs_b + j*cs_b],
// when it is a tiny product and the shortcut is open; else false, nothing
// done. The quick cases (nothing to multiply) are left to gemm().
template <class T>
inline bool gemm_tiny(dim_t m, dim_t n, dim_t k, T alpha, const T* a, inc_t lda, const T* b, inc_t rs_b,
                      inc_t cs_b, T beta, T* c, inc_t ldc) {
  if (m <= 0 || n <= 0 || k <= 0 || alpha == T(0) || !tiny_work(m, n, k)) return false;
  const small_gemm_fn<T> small = tiny_gemm_shortcut<T>.for_shape(m, n);
  if (!small) return false;
  small(m, n, k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc, nullptr);
  return true;
}

}  // namespace swblas
