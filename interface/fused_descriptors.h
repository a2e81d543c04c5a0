// The fused entry points' descriptors: validated (each enum field read as
// its integer first), then translated into the runtime's prologue_args and
// epilogue_args for the column-major call.
#pragma once

#include <cmath>
#include <optional>

#include "enum_value.h"
#include "fused_ops.h"
#include "options.h"
#include "swblas.h"

namespace swblas::api {

// The public enums are numbered as the runtime's operations, then the fast
// forms of the five transcendental activations.
static_assert(SWBLAS_PROLOGUE_FAKE_QUANT + 1 == kPrologueOpCount);
static_assert(SWBLAS_ACT_CLAMP + 1 == kEpilogueOpCount);
inline constexpr int kBiasKindCount = SWBLAS_BIAS_PER_COLUMN + 1;
inline constexpr int kActivationCount = SWBLAS_ACT_GELU_ERF_FAST + 1;

// An activation as the runtime's operation and mode.
struct activation_choice {
  epilogue_op op;
  bool fast_f32;
};
inline activation_choice activation_of(swblas_activation act) {
  switch (act) {
    case SWBLAS_ACT_GELU_TANH_FAST: return {epilogue_op::gelu_tanh, true};
    case SWBLAS_ACT_SIGMOID_FAST: return {epilogue_op::sigmoid, true};
    case SWBLAS_ACT_TANH_FAST: return {epilogue_op::tanh, true};
    case SWBLAS_ACT_SILU_FAST: return {epilogue_op::silu, true};
    case SWBLAS_ACT_GELU_ERF_FAST: return {epilogue_op::gelu_erf, true};
    default: return {static_cast<epilogue_op>(act), false};
  }
}

// A descriptor translated, or the code that rejects it (args then unset).
template <class Args>
struct checked_descriptor {
  int error;
  Args args;
};

inline checked_descriptor<prologue_args> prologue_of(const swblas_prologue* pro, order o) {
  if (!pro) return {SWBLAS_SUCCESS, {}};
  const std::optional<swblas_prologue_kind> kind = numbered_value(pro->kind, kPrologueOpCount);
  if (!kind) return {SWBLAS_ERROR_PROLOGUE_KIND, {}};
  if (*kind == SWBLAS_PROLOGUE_NONE) return {SWBLAS_SUCCESS, {}};
  if (!(pro->scale > 0.0) || !std::isfinite(pro->scale)) return {SWBLAS_ERROR_PROLOGUE_SCALE, {}};
  if (*kind == SWBLAS_PROLOGUE_FAKE_QUANT) {
    if (!(pro->qmin <= pro->qmax)) return {SWBLAS_ERROR_PROLOGUE_RANGE, {}};
    if (!std::isfinite(pro->zero_point)) return {SWBLAS_ERROR_PROLOGUE_ZERO_POINT, {}};
  }
  prologue_args a;
  a.op = static_cast<prologue_op>(*kind);
  a.scale = pro->scale;
  a.zero_point = pro->zero_point;
  a.qmin = pro->qmin;
  a.qmax = pro->qmax;
  // The caller's A is the column-major call's B when the call is row-major.
  a.operand = o == order::row_major ? prologue_operand::b : prologue_operand::a;
  return {SWBLAS_SUCCESS, a};
}

inline checked_descriptor<epilogue_args> epilogue_of(const swblas_epilogue* epi, order o) {
  if (!epi) return {SWBLAS_SUCCESS, {}};
  const std::optional<swblas_bias_kind> bias = numbered_value(epi->bias_kind, kBiasKindCount);
  if (!bias) return {SWBLAS_ERROR_BIAS_KIND, {}};
  if (*bias != SWBLAS_BIAS_NONE && !epi->bias) return {SWBLAS_ERROR_BIAS_MISSING, {}};
  const std::optional<swblas_activation> act = numbered_value(epi->activation, kActivationCount);
  if (!act) return {SWBLAS_ERROR_ACTIVATION, {}};
  if (*act == SWBLAS_ACT_CLAMP && !(epi->lo <= epi->hi)) return {SWBLAS_ERROR_CLAMP_RANGE, {}};
  epilogue_args a;
  const activation_choice choice = activation_of(*act);
  a.op = choice.op;
  a.fast_f32 = choice.fast_f32;
  a.slope = epi->alpha;
  a.lo = epi->lo;
  a.hi = epi->hi;
  if (*bias == SWBLAS_BIAS_NONE) return {SWBLAS_SUCCESS, a};
  // Broadcast strides in the column-major C: a per-row bias runs down C's
  // rows, which are the columns of C^T when the call is row-major.
  a.bias = epi->bias;
  const bool down_rows = (*bias == SWBLAS_BIAS_PER_ROW) != (o == order::row_major);
  a.rs_bias = down_rows ? 1 : 0;
  a.cs_bias = down_rows ? 0 : 1;
  return {SWBLAS_SUCCESS, a};
}

}  // namespace swblas::api
