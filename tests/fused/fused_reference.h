// The reference composition the fused API is compared with: a naive GEMM on
// pro(A) computed with the std:: definitions, then a separate element-wise
// pass, for a call exactly as the user states it (either layout).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "../product_bound.h"
#include "fused_ops.h"
#include "swblas.h"

namespace fused_test {

struct fused_call {
  CBLAS_LAYOUT layout = CblasColMajor;
  CBLAS_TRANSPOSE transa = CblasNoTrans, transb = CblasNoTrans;
  int m = 0, n = 0, k = 0;
  int lda = 0, ldb = 0, ldc = 0;  // 0: the smallest legal value plus pad
  int pad = 0;
  double alpha = 1.0, beta = 0.0;
  swblas_prologue pro{SWBLAS_PROLOGUE_NONE, 1.0, 0.0, 0.0, 0.0};
  swblas_epilogue epi{SWBLAS_BIAS_NONE, nullptr, SWBLAS_ACT_NONE, 0.0, 0.0, 0.0};
};

// Operands of one call of element type T (double or float), filled with
// uniform numbers in [-1, 1]; C's padding (ld beyond its rows) holds a
// sentinel that must survive. The bias is double, as the descriptor's.
template <class T>
class basic_operands {
 public:
  basic_operands(fused_call& call, std::uint32_t seed) : call_(call) {
    const bool row = call.layout == CblasRowMajor;
    const bool ta = call.transa != CblasNoTrans, tb = call.transb != CblasNoTrans;
    // Stored rows x cols of each matrix.
    a_rows_ = ta ? call.k : call.m;
    a_cols_ = ta ? call.m : call.k;
    b_rows_ = tb ? call.n : call.k;
    b_cols_ = tb ? call.k : call.n;
    if (!call.lda) call.lda = std::max(1, row ? a_cols_ : a_rows_) + call.pad;
    if (!call.ldb) call.ldb = std::max(1, row ? b_cols_ : b_rows_) + call.pad;
    if (!call.ldc) call.ldc = std::max(1, row ? call.n : call.m) + call.pad;
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    a.resize(static_cast<std::size_t>(call.lda) * std::max(1, row ? a_rows_ : a_cols_));
    b.resize(static_cast<std::size_t>(call.ldb) * std::max(1, row ? b_rows_ : b_cols_));
    c.resize(static_cast<std::size_t>(call.ldc) * std::max(1, row ? call.m : call.n));
    for (T& x : a) x = T(u(gen));
    for (T& x : b) x = T(u(gen));
    for (T& x : c) x = kSentinel;
    for (int i = 0; i < call.m; ++i)
      for (int j = 0; j < call.n; ++j) c_at(i, j) = T(u(gen));
    bias.resize(std::max(call.m, call.n) + 1);
    for (double& x : bias) x = u(gen);
  }

  static constexpr T kSentinel = T(-12345.5);

  double op_a(int i, int l) const {
    const bool ta = call_.transa != CblasNoTrans;
    return stored(a, call_.lda, ta ? l : i, ta ? i : l);
  }
  double op_b(int l, int j) const {
    const bool tb = call_.transb != CblasNoTrans;
    return stored(b, call_.ldb, tb ? j : l, tb ? l : j);
  }
  T& c_at(int i, int j) {
    return call_.layout == CblasRowMajor ? c[i * std::size_t(call_.ldc) + j]
                                         : c[i + j * std::size_t(call_.ldc)];
  }
  bool is_c_element(std::size_t index) const {
    const std::size_t ld = call_.ldc;
    const std::size_t inner = index % ld, outer = index / ld;
    return call_.layout == CblasRowMajor ? outer < std::size_t(call_.m) && inner < std::size_t(call_.n)
                                         : inner < std::size_t(call_.m) && outer < std::size_t(call_.n);
  }

  std::vector<T> a, b, c;
  std::vector<double> bias;

 private:
  double stored(const std::vector<T>& x, int ld, int r, int col) const {
    return call_.layout == CblasRowMajor ? x[r * std::size_t(ld) + col]
                                         : x[r + col * std::size_t(ld)];
  }
  fused_call& call_;
  int a_rows_, a_cols_, b_rows_, b_cols_;
};
using operands = basic_operands<double>;

inline double reference_prologue(const swblas_prologue& p, double x) {
  swblas::prologue_args a;
  a.scale = p.scale;
  a.zero_point = p.zero_point;
  a.qmin = p.qmin;
  a.qmax = p.qmax;
  switch (p.kind) {
    case SWBLAS_PROLOGUE_SCALE: return swblas::prologue_reference<swblas::prologue_op::scale>(a, x);
    case SWBLAS_PROLOGUE_FAKE_QUANT:
      return swblas::prologue_reference<swblas::prologue_op::fake_quant>(a, x);
    default: return x;
  }
}

inline double reference_activation(const swblas_epilogue& e, double x) {
  using swblas::activation_reference;
  using swblas::epilogue_op;
  swblas::epilogue_args a;
  a.slope = e.alpha;
  a.lo = e.lo;
  a.hi = e.hi;
  switch (e.activation) {
    case SWBLAS_ACT_RELU: return activation_reference<epilogue_op::relu>(a, x);
    case SWBLAS_ACT_LEAKY_RELU: return activation_reference<epilogue_op::leaky_relu>(a, x);
    case SWBLAS_ACT_GELU_TANH:
    case SWBLAS_ACT_GELU_TANH_FAST: return activation_reference<epilogue_op::gelu_tanh>(a, x);
    case SWBLAS_ACT_GELU_ERF:
    case SWBLAS_ACT_GELU_ERF_FAST: return activation_reference<epilogue_op::gelu_erf>(a, x);
    case SWBLAS_ACT_SIGMOID:
    case SWBLAS_ACT_SIGMOID_FAST: return activation_reference<epilogue_op::sigmoid>(a, x);
    case SWBLAS_ACT_TANH:
    case SWBLAS_ACT_TANH_FAST: return activation_reference<epilogue_op::tanh>(a, x);
    case SWBLAS_ACT_SILU:
    case SWBLAS_ACT_SILU_FAST: return activation_reference<epilogue_op::silu>(a, x);
    case SWBLAS_ACT_CLAMP: return activation_reference<epilogue_op::clamp>(a, x);
    default: return x;
  }
}

// The fast mode's bound (swblas.h), one definition for every test: within
// kFastAbsoluteFloor where the exact value is below it; gelu_tanh below
// kFastGeluTailFrom within a relative kFastGeluTailRelative; else within
// fast_mode_ulps(op, x) ulps.
inline constexpr double kFastAbsoluteFloor = 0x1p-120;
inline constexpr double kFastGeluTailRelative = 1.3e-5;
inline constexpr float kFastGeluTailFrom = -2.0f;
inline bool in_fast_gelu_tanh_tail(swblas::epilogue_op op, float x) {
  return op == swblas::epilogue_op::gelu_tanh && x < kFastGeluTailFrom;
}
inline int fast_mode_ulps(swblas::epilogue_op op, float x) {
  if (op == swblas::epilogue_op::gelu_tanh && x < -0.5f) return 6;
  if (op == swblas::epilogue_op::gelu_erf) return x < -2.0f ? 7 : 4;
  return 2;
}

// The operation a fast activation computes.
inline swblas::epilogue_op fast_operation(swblas_activation fast) {
  using swblas::epilogue_op;
  switch (fast) {
    case SWBLAS_ACT_GELU_TANH_FAST: return epilogue_op::gelu_tanh;
    case SWBLAS_ACT_SIGMOID_FAST: return epilogue_op::sigmoid;
    case SWBLAS_ACT_TANH_FAST: return epilogue_op::tanh;
    case SWBLAS_ACT_SILU_FAST: return epilogue_op::silu;
    default: return epilogue_op::gelu_erf;
  }
}

// The fast mode's own error on a float C as one relative figure (the
// reference check's: an ulp is at most eps relative), absolute below
// kFastAbsoluteFloor; none elsewhere.
inline double fast_mode_relative_error(swblas_activation act, bool float_c) {
  if (!float_c || act < SWBLAS_ACT_GELU_TANH_FAST) return 0.0;
  const swblas::epilogue_op op = fast_operation(act);
  if (op == swblas::epilogue_op::gelu_tanh) return kFastGeluTailRelative;
  // The widest ulp bound, the one of the far negative side.
  return fast_mode_ulps(op, std::numeric_limits<float>::lowest()) * double(std::numeric_limits<float>::epsilon());
}

// C (as it was before the call: `before`) checked against the reference
// composition in double; returns the number of mismatches (reported
// through gtest). The bound is T's rounding of the GEMM, of the
// transformed operand and of the result.
template <class T>
int count_mismatches(const fused_call& call, basic_operands<T>& o, const std::vector<T>& before,
                     bool pro_on_a_applies = true) {
  constexpr double eps = std::numeric_limits<T>::epsilon();
  int bad = 0;
  const double lipschitz = 1.2 * std::max(1.0, std::fabs(call.epi.alpha));
  basic_operands<T>& mutable_o = o;
  // pro(op(A)) by rows and op(B) by columns, made once: the sums below read
  // them contiguously (the same terms in the same order as element by
  // element through the layout and the prologue, which took most of the
  // tests' time under qemu), and the sum of |a b| is bounded by their norms.
  const std::size_t k = call.alpha != 0.0 ? std::size_t(call.k) : 0;
  std::vector<double> a_rows(std::size_t(call.m) * k), b_columns(std::size_t(call.n) * k);
  for (int i = 0; i < call.m; ++i)
    for (std::size_t l = 0; l < k; ++l) {
      const double a = o.op_a(i, int(l));
      a_rows[i * k + l] = pro_on_a_applies ? reference_prologue(call.pro, a) : a;
    }
  for (int j = 0; j < call.n; ++j)
    for (std::size_t l = 0; l < k; ++l) b_columns[j * k + l] = o.op_b(int(l), j);
  const std::vector<double> a_norms = swblas_test::norms_of(a_rows, std::size_t(call.m), k);
  const std::vector<double> b_norms = swblas_test::norms_of(b_columns, std::size_t(call.n), k);
  for (int i = 0; i < call.m; ++i)
    for (int j = 0; j < call.n; ++j) {
      double sum = 0.0;
      const double* a = a_rows.data() + i * k;
      const double* b = b_columns.data() + j * k;
      for (std::size_t l = 0; l < k; ++l) sum += a[l] * b[l];
      const double magnitude = a_norms[i] * b_norms[j];
      const std::size_t index = call.layout == CblasRowMajor
                                    ? i * std::size_t(call.ldc) + j
                                    : i + j * std::size_t(call.ldc);
      const double c0 = call.beta == 0.0 ? 0.0 : call.beta * before[index];
      double bias = 0.0;
      if (call.epi.bias_kind == SWBLAS_BIAS_PER_ROW) bias = call.epi.bias[i];
      if (call.epi.bias_kind == SWBLAS_BIAS_PER_COLUMN) bias = call.epi.bias[j];
      const double x = call.alpha * sum + c0 + bias;
      const double want = reference_activation(call.epi, x);
      const double bound = std::fabs(call.alpha) * magnitude + std::fabs(c0) + std::fabs(bias);
      const double fast = fast_mode_relative_error(call.epi.activation, std::is_same_v<T, float>);
      const double relative = (std::is_same_v<T, float> ? 4.0 * eps : 1e-13) + fast;
      const double tol = 2.0 * (call.k + 4) * eps * bound * lipschitz + relative * std::fabs(want) +
                         (fast > 0.0 ? kFastAbsoluteFloor : double(std::numeric_limits<T>::min()));
      const double got = mutable_o.c_at(i, j);
      if (!(std::fabs(got - want) <= tol) && !(std::isnan(want) && std::isnan(got))) {
        if (++bad <= 3)
          ADD_FAILURE() << "C(" << i << "," << j << ") = " << got << ", want " << want
                        << " (tol " << tol << ")";
      }
    }
  for (std::size_t e = 0; e < o.c.size(); ++e)
    if (!o.is_c_element(e) && o.c[e] != basic_operands<T>::kSentinel) {
      if (++bad <= 3) ADD_FAILURE() << "padding of C written at " << e;
    }
  return bad;
}

inline int call_fused(fused_call& call, basic_operands<double>& o) {
  return swblas_dgemm_fused(call.layout, call.transa, call.transb, call.m, call.n, call.k,
                            call.alpha, o.a.data(), call.lda, o.b.data(), call.ldb, call.beta,
                            o.c.data(), call.ldc, &call.pro, &call.epi);
}
inline int call_fused(fused_call& call, basic_operands<float>& o) {
  return swblas_sgemm_fused(call.layout, call.transa, call.transb, call.m, call.n, call.k,
                            float(call.alpha), o.a.data(), call.lda, o.b.data(), call.ldb,
                            float(call.beta), o.c.data(), call.ldc, &call.pro, &call.epi);
}

}  // namespace fused_test
