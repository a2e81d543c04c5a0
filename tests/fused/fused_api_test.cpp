// swblas_dgemm_fused and swblas_dgemm_fused_batch_strided against the
// reference composition: every prologue kind, every activation, every bias
// kind, both layouts, all four transposes, edge sizes and quick cases; the
// single-precision swblas_sgemm_fused(_batch_strided) on the same sweeps.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <thread>

#include "fused_reference.h"

namespace {

using namespace fused_test;

const swblas_activation kActivations[] = {
    SWBLAS_ACT_NONE,    SWBLAS_ACT_RELU,    SWBLAS_ACT_LEAKY_RELU,
    SWBLAS_ACT_GELU_TANH, SWBLAS_ACT_GELU_ERF, SWBLAS_ACT_SIGMOID,
    SWBLAS_ACT_TANH,    SWBLAS_ACT_SILU,    SWBLAS_ACT_CLAMP};
const swblas_bias_kind kBiases[] = {SWBLAS_BIAS_NONE, SWBLAS_BIAS_PER_ROW,
                                    SWBLAS_BIAS_PER_COLUMN};
const swblas_prologue kPrologues[] = {
    {SWBLAS_PROLOGUE_NONE, 1.0, 0.0, 0.0, 0.0},
    {SWBLAS_PROLOGUE_SCALE, 0.75, 0.0, 0.0, 0.0},
    {SWBLAS_PROLOGUE_FAKE_QUANT, 0.05, 2.0, -8.0, 7.0}};
const CBLAS_TRANSPOSE kTransposes[] = {CblasNoTrans, CblasTrans};
const CBLAS_LAYOUT kLayouts[] = {CblasColMajor, CblasRowMajor};

swblas_epilogue epilogue(swblas_bias_kind bias, swblas_activation act) {
  return {bias, nullptr, act, 0.1, -0.3, 0.4};
}

// Runs one call on elements of type T and compares it with the reference;
// `seed` varies the data.
template <class T = double>
void check_call(fused_call call, std::uint32_t seed) {
  basic_operands<T> o(call, seed);
  if (call.epi.bias_kind != SWBLAS_BIAS_NONE) call.epi.bias = o.bias.data();
  const std::vector<T> before = o.c;
  ASSERT_EQ(call_fused(call, o), SWBLAS_SUCCESS);
  EXPECT_EQ(count_mismatches(call, o, before), 0)
      << "layout " << call.layout << " ta " << call.transa << " tb " << call.transb << " m "
      << call.m << " n " << call.n << " k " << call.k << " pro " << call.pro.kind << " bias "
      << call.epi.bias_kind << " act " << call.epi.activation;
}

// Every layout, prologue, bias and activation on m x n x k, with every
// transpose pair (`every_transpose`) or one per call, in turn.
template <class T>
void check_every_op_and_layout(int m, int n, int k, bool every_transpose) {
  std::uint32_t seed = 1;
  const int pairs = every_transpose ? 4 : 1;
  for (CBLAS_LAYOUT layout : kLayouts)
    for (const swblas_prologue& pro : kPrologues)
      for (swblas_bias_kind bias : kBiases)
        for (swblas_activation act : kActivations)
          for (int pair = 0; pair < pairs; ++pair) {
            const int t = every_transpose ? pair : static_cast<int>(seed % 4);
            fused_call call;
            call.layout = layout;
            call.transa = kTransposes[t % 2];
            call.transb = kTransposes[t / 2];
            call.m = m;
            call.n = n;
            call.k = k;
            call.pad = 3;
            call.alpha = 1.5;
            call.beta = 0.5;
            call.pro = pro;
            call.epi = epilogue(bias, act);
            check_call<T>(call, seed++);
          }
}

TEST(FusedApi, EveryOpLayoutAndTransposeOnASmallProblem) {
  check_every_op_and_layout<double>(13, 7, 9, true);
}

// Single precision: the small problem, then one past the tiny-problem layer
// (the generated epilogue kernels, the prologue in the packing).
TEST(SgemmFused, EveryOpLayoutAndTranspose) {
  check_every_op_and_layout<float>(13, 7, 9, true);
  check_every_op_and_layout<float>(75, 41, 90, false);
}

const swblas_activation kFastActivations[] = {SWBLAS_ACT_GELU_TANH_FAST, SWBLAS_ACT_SIGMOID_FAST,
                                               SWBLAS_ACT_TANH_FAST, SWBLAS_ACT_SILU_FAST,
                                               SWBLAS_ACT_GELU_ERF_FAST};

// Every layout, bias kind and fast activation, on size x (size/2 + 3) x
// (size + 15) with B transposed every other call: test(call, act, seed).
template <typename Test>
void for_every_fast_case(std::uint32_t seed, const Test& test) {
  for (CBLAS_LAYOUT layout : kLayouts)
    for (swblas_bias_kind bias : kBiases)
      for (swblas_activation act : kFastActivations)
        for (const int size : {13, 75}) {
          fused_call call;
          call.layout = layout;
          call.transb = seed % 2 ? CblasTrans : CblasNoTrans;
          call.m = size;
          call.n = size / 2 + 3;
          call.k = size + 15;
          call.pad = 2;
          call.epi = epilogue(bias, act);
          test(call, seed++);
        }
}

// The fast mode (SWBLAS_ACT_*_FAST): float calls within the stated error of
// the exact activation, on the tiny-problem layer and past it, every bias
// kind; double calls exact.
TEST(FusedApi, FastActivations) {
  for_every_fast_case(700, [](fused_call call, std::uint32_t seed) {
    call.alpha = 1.5;
    call.beta = 0.5;
    check_call<float>(call, seed);
    check_call<double>(call, seed);
  });
}

// The exact activation of a fast mode's operation: its double form, which
// keeps its relative accuracy in the tails (the std:: definition of gelu_tanh
// cancels there: 1 + tanh(u) with tanh(u) near -1).
double exact_activation(swblas_activation fast, double x) {
  swblas::epilogue_args a;
  a.op = fast_operation(fast);
  swblas::apply_epilogue(a, 1, 1, &x, 1, 0, 0);
  return x;
}

// The fast mode's own error, where the GEMM's rounding cannot hide it: each
// element of a float call is the fast activation of the float sum of the
// product and the bias, within the bound swblas.h states of the exact
// activation of that sum. The product is the same call's with an unbounded
// clamp and no bias, alpha 2 and beta 0 (as in the test below), so that it
// is exactly the stored tile the fast epilogue starts from.
TEST(SgemmFused, FastModeWithinItsBoundOfTheStoredSum) {
  const double inf = std::numeric_limits<double>::infinity();
  for_every_fast_case(800, [inf](fused_call call, std::uint32_t seed) {
    call.alpha = 2.0;
    basic_operands<float> o(call, seed);
    fused_call product = call;
    product.epi = {SWBLAS_BIAS_NONE, nullptr, SWBLAS_ACT_CLAMP, 0.0, -inf, inf};
    ASSERT_EQ(call_fused(product, o), SWBLAS_SUCCESS);
    const std::vector<float> plain = o.c;
    const swblas_bias_kind bias = call.epi.bias_kind;
    const swblas_activation act = call.epi.activation;
    if (bias != SWBLAS_BIAS_NONE) call.epi.bias = o.bias.data();
    ASSERT_EQ(call_fused(call, o), SWBLAS_SUCCESS);
    int bad = 0;
    for (int i = 0; i < call.m; ++i)
      for (int j = 0; j < call.n; ++j) {
        const std::size_t at = call.layout == CblasRowMajor ? i * std::size_t(call.ldc) + j
                                                            : i + j * std::size_t(call.ldc);
        const double b = bias == SWBLAS_BIAS_PER_ROW ? o.bias[i] : bias == SWBLAS_BIAS_PER_COLUMN ? o.bias[j] : 0;
        const float x = bias == SWBLAS_BIAS_NONE ? plain[at] : plain[at] + float(b);
        const double exact = float(exact_activation(act, x));
        const swblas::epilogue_op op = fast_operation(act);
        // An exact 0 (gelu_erf from x = -14.5 on) has no ulp (ilogb(0) is INT_MIN): the floor applies.
        const double ulp = exact == 0.0 ? 0.0 : std::ldexp(1.0, std::ilogb(exact) - 23);
        const double tolerance = in_fast_gelu_tanh_tail(op, x) ? kFastGeluTailRelative * std::fabs(exact)
                                                               : fast_mode_ulps(op, x) * ulp;
        if (!(std::fabs(o.c[at] - exact) <= std::max(tolerance, kFastAbsoluteFloor)) && ++bad <= 3)
          ADD_FAILURE() << "C(" << i << "," << j << ") = " << o.c[at] << ", want " << exact << " (x " << x
                        << " layout " << call.layout << " bias " << bias << " act " << act << ")";
      }
    EXPECT_EQ(bad, 0);
  });
}

// The single-precision contract bit for bit where the float micro kernels
// apply the epilogue in registers: each element is the product, plus the
// bias in double, through the activation, rounded to float once. A bias
// whose values are floats is added in registers as floats; one value that
// is not a float, a slope that is not one, or leaky_relu after a bias take
// the stored tile. The product is the same call's with the activation an
// unbounded clamp (the same kernel and route, in registers), with alpha 2
// and beta 0, so that every path stores twice the accumulators exactly
// (with alpha 1 the kernels start the sums at the bias instead).
TEST(SgemmFused, EpilogueInRegistersRoundsOnce) {
  const swblas_activation activations[] = {SWBLAS_ACT_NONE, SWBLAS_ACT_RELU, SWBLAS_ACT_LEAKY_RELU,
                                           SWBLAS_ACT_CLAMP};
  const double inf = std::numeric_limits<double>::infinity();
  std::uint32_t seed = 900;
  for (CBLAS_LAYOUT layout : kLayouts)
    for (swblas_bias_kind bias : kBiases)
      for (swblas_activation act : activations)
        for (const bool float_values : {true, false}) {
          fused_call call;
          call.layout = layout;
          call.transb = seed % 2 ? CblasTrans : CblasNoTrans;
          call.m = 403;
          call.n = 131;
          call.k = 70;
          call.pad = 2;
          call.alpha = 2.0;
          basic_operands<float> o(call, seed++);
          for (double& x : o.bias) x = float(x);
          if (!float_values) o.bias[3] += std::ldexp(1.0, -40);
          fused_call product = call;
          product.epi = {SWBLAS_BIAS_NONE, nullptr, SWBLAS_ACT_CLAMP, 0.0, -inf, inf};
          ASSERT_EQ(call_fused(product, o), SWBLAS_SUCCESS);
          const std::vector<float> plain = o.c;
          call.epi = {bias, bias == SWBLAS_BIAS_NONE ? nullptr : o.bias.data(), act, float_values ? 0.25 : 0.1,
                      -0.3, 0.4};
          ASSERT_EQ(call_fused(call, o), SWBLAS_SUCCESS);
          int bad = 0;
          for (int i = 0; i < call.m; ++i)
            for (int j = 0; j < call.n; ++j) {
              const std::size_t at = layout == CblasRowMajor ? i * std::size_t(call.ldc) + j
                                                             : i + j * std::size_t(call.ldc);
              const double b = bias == SWBLAS_BIAS_PER_ROW ? o.bias[i] : bias == SWBLAS_BIAS_PER_COLUMN ? o.bias[j] : 0;
              const float want = float(reference_activation(call.epi, double(plain[at]) + b));
              if (o.c[at] != want && ++bad <= 3)
                ADD_FAILURE() << "C(" << i << "," << j << ") = " << o.c[at] << ", want " << want << " (layout "
                              << layout << " bias " << bias << " act " << act << " float values " << float_values
                              << ")";
            }
          EXPECT_EQ(bad, 0);
        }
}

// Packed path: k spans several kc blocks (the epilogue must run after the
// last one only), sizes not multiples of mr, nr, mc, ld > rows.
TEST(FusedApi, EveryOpOnPackedProblemsWithSeveralKBlocks) {
  std::uint32_t seed = 100;
  for (CBLAS_LAYOUT layout : kLayouts)
    for (swblas_bias_kind bias : kBiases)
      for (swblas_activation act : kActivations) {
        fused_call call;
        call.layout = layout;
        call.transa = seed % 2 ? CblasTrans : CblasNoTrans;
        call.transb = seed % 3 ? CblasNoTrans : CblasConjTrans;
        call.m = 70;
        call.n = 37;
        call.k = 700;
        call.pad = 5;
        call.alpha = -0.7;
        call.beta = 1.25;
        call.pro = kPrologues[seed % 3];
        call.epi = epilogue(bias, act);
        check_call(call, seed++);
      }
}

TEST(FusedApi, LargerProblemsBothLayouts) {
  std::uint32_t seed = 300;
  for (CBLAS_LAYOUT layout : kLayouts)
    for (const swblas_prologue& pro : kPrologues) {
      fused_call call;
      call.layout = layout;
      call.transa = CblasTrans;
      call.m = 301;
      call.n = 129;
      call.k = 260;
      call.pad = 1;
      call.beta = -1.0;
      call.pro = pro;
      call.epi = epilogue(SWBLAS_BIAS_PER_ROW, SWBLAS_ACT_GELU_TANH);
      check_call(call, seed++);
    }
}

TEST(FusedApi, EdgeSizes) {
  std::uint32_t seed = 500;
  const int sizes[][3] = {{1, 1, 1}, {1, 9, 5}, {9, 1, 5}, {17, 3, 1}, {33, 65, 17}, {8, 6, 257}};
  for (const auto& s : sizes)
    for (CBLAS_LAYOUT layout : kLayouts) {
      fused_call call;
      call.layout = layout;
      call.m = s[0];
      call.n = s[1];
      call.k = s[2];
      call.pad = 2;
      call.beta = 0.3;
      call.pro = kPrologues[2];
      call.epi = epilogue(SWBLAS_BIAS_PER_COLUMN, SWBLAS_ACT_SILU);
      check_call(call, seed++);
    }
}

// beta == 0: NaN in C is overwritten, on the small, unpacked and packed paths.
template <class T>
void check_beta_zero_overwrites_nan() {
  for (CBLAS_LAYOUT layout : kLayouts)
    for (int k : {0, 5, 300}) {
      fused_call call;
      call.layout = layout;
      call.m = 40;
      call.n = 30;
      call.k = k;
      call.pad = 1;
      call.beta = 0.0;
      call.epi = epilogue(SWBLAS_BIAS_PER_ROW, SWBLAS_ACT_RELU);
      basic_operands<T> o(call, 7);
      call.epi.bias = o.bias.data();
      for (int i = 0; i < call.m; ++i)
        for (int j = 0; j < call.n; ++j) o.c_at(i, j) = std::numeric_limits<T>::quiet_NaN();
      const std::vector<T> before = o.c;
      ASSERT_EQ(call_fused(call, o), SWBLAS_SUCCESS);
      EXPECT_EQ(count_mismatches(call, o, before), 0) << "k " << k;
      for (int i = 0; i < call.m; ++i)
        for (int j = 0; j < call.n; ++j) ASSERT_FALSE(std::isnan(o.c_at(i, j)));
    }
}

TEST(FusedApi, BetaZeroOverwritesNaN) { check_beta_zero_overwrites_nan<double>(); }

// alpha == 0 or k == 0: C := act(beta * C + bias), A never read (null).
TEST(FusedApi, AlphaZeroAndKZeroApplyTheEpilogueWithoutReadingA) {
  for (CBLAS_LAYOUT layout : kLayouts)
    for (int k : {0, 4}) {
      fused_call call;
      call.layout = layout;
      call.m = 6;
      call.n = 5;
      call.k = k;
      call.alpha = k == 0 ? 1.0 : 0.0;
      call.beta = 2.0;
      call.pro = kPrologues[1];
      call.epi = epilogue(SWBLAS_BIAS_PER_COLUMN, SWBLAS_ACT_TANH);
      operands o(call, 11);
      call.epi.bias = o.bias.data();
      const std::vector<double> before = o.c;
      ASSERT_EQ(swblas_dgemm_fused(call.layout, call.transa, call.transb, call.m, call.n, call.k,
                                   call.alpha, nullptr, call.lda, nullptr, call.ldb, call.beta,
                                   o.c.data(), call.ldc, &call.pro, &call.epi),
                SWBLAS_SUCCESS);
      EXPECT_EQ(count_mismatches(call, o, before), 0);
    }
}

TEST(FusedApi, EmptyProblemsWriteNothing) {
  for (int which = 0; which < 2; ++which) {
    fused_call call;
    call.m = which ? 4 : 0;
    call.n = which ? 0 : 4;
    call.k = 3;
    call.epi = epilogue(SWBLAS_BIAS_NONE, SWBLAS_ACT_SIGMOID);
    double c[4] = {1, 2, 3, 4};
    const double a[12] = {}, b[12] = {};
    EXPECT_EQ(swblas_dgemm_fused(CblasColMajor, CblasNoTrans, CblasNoTrans, call.m, call.n,
                                 call.k, 1.0, a, 4, b, 3, 0.0, c, 4, nullptr, &call.epi),
              SWBLAS_SUCCESS);
    EXPECT_EQ(c[0], 1.0);
    EXPECT_EQ(c[3], 4.0);
  }
}

TEST(FusedApi, NullDescriptorsArePlainGemm) {
  fused_call call;
  call.m = 50;
  call.n = 40;
  call.k = 60;
  call.beta = 1.0;
  operands o(call, 21);
  const std::vector<double> before = o.c;
  ASSERT_EQ(swblas_dgemm_fused(call.layout, call.transa, call.transb, call.m, call.n, call.k,
                               call.alpha, o.a.data(), call.lda, o.b.data(), call.ldb, call.beta,
                               o.c.data(), call.ldc, nullptr, nullptr),
            SWBLAS_SUCCESS);
  EXPECT_EQ(count_mismatches(call, o, before), 0);
}

// Several user threads at once: each call has its own per-thread buffers.
TEST(FusedApi, ConcurrentCallsFromUserThreads) {
  std::vector<std::thread> users;
  for (int u = 0; u < 3; ++u)
    users.emplace_back([u] {
      for (int r = 0; r < 3; ++r) {
        fused_call call;
        call.layout = u % 2 ? CblasRowMajor : CblasColMajor;
        call.m = 120 + 7 * u;
        call.n = 90;
        call.k = 300;
        call.pro = kPrologues[1 + (u + r) % 2];
        call.epi = epilogue(SWBLAS_BIAS_PER_COLUMN, SWBLAS_ACT_SIGMOID);
        check_call(call, 2000 + 10 * u + r);
      }
    });
  for (std::thread& t : users) t.join();
}

int call_fused_batch_strided(CBLAS_LAYOUT layout, const fused_call& call, int count, const double* a,
                             int sa, const double* b, int sb, double* c, int sc) {
  return swblas_dgemm_fused_batch_strided(layout, call.transa, call.transb, call.m, call.n, call.k,
                                          call.alpha, a, call.lda, sa, b, call.ldb, sb, call.beta, c,
                                          call.ldc, sc, count, &call.pro, &call.epi);
}
int call_fused_batch_strided(CBLAS_LAYOUT layout, const fused_call& call, int count, const float* a,
                             int sa, const float* b, int sb, float* c, int sc) {
  return swblas_sgemm_fused_batch_strided(layout, call.transa, call.transb, call.m, call.n, call.k,
                                          float(call.alpha), a, call.lda, sa, b, call.ldb, sb,
                                          float(call.beta), c, call.ldc, sc, count, &call.pro, &call.epi);
}

// The strided batch: entry e of A, B, C at e * stride; every entry checked
// as a separate fused call against the reference.
template <class T = double>
void check_batch(CBLAS_LAYOUT layout, int m, int n, int k, int count) {
  fused_call call;
  call.layout = layout;
  call.transb = CblasTrans;
  call.m = m;
  call.n = n;
  call.k = k;
  call.beta = 0.5;
  call.pro = kPrologues[2];
  call.epi = epilogue(SWBLAS_BIAS_PER_ROW, SWBLAS_ACT_GELU_ERF);
  std::vector<basic_operands<T>> entries;
  std::vector<fused_call> calls(std::max(count, 1), call);
  for (int e = 0; e < std::max(count, 1); ++e) entries.emplace_back(calls[e], 1000 + e);
  call = calls[0];
  const std::size_t sa = entries[0].a.size(), sb = entries[0].b.size(), sc = entries[0].c.size();
  std::vector<T> a(sa * std::max(count, 1)), b(sb * std::max(count, 1)),
      c(sc * std::max(count, 1));
  for (int e = 0; e < std::max(count, 1); ++e) {
    std::copy(entries[e].a.begin(), entries[e].a.end(), a.begin() + e * sa);
    std::copy(entries[e].b.begin(), entries[e].b.end(), b.begin() + e * sb);
    std::copy(entries[e].c.begin(), entries[e].c.end(), c.begin() + e * sc);
  }
  const std::vector<T> before = c;
  call.epi.bias = entries[0].bias.data();
  ASSERT_EQ(call_fused_batch_strided(layout, call, count, a.data(), static_cast<int>(sa), b.data(),
                                     static_cast<int>(sb), c.data(), static_cast<int>(sc)),
            SWBLAS_SUCCESS);
  if (count == 0) {
    EXPECT_EQ(c, before);
    return;
  }
  for (int e = 0; e < count; ++e) {
    std::copy(c.begin() + e * sc, c.begin() + (e + 1) * sc, entries[e].c.begin());
    const std::vector<T> entry_before(before.begin() + e * sc,
                                           before.begin() + (e + 1) * sc);
    fused_call ec = calls[e];
    ec.epi = call.epi;
    ASSERT_EQ(count_mismatches(ec, entries[e], entry_before), 0) << "entry " << e;
  }
}

TEST(FusedBatch, SizesZeroOneAndMany) {
  for (CBLAS_LAYOUT layout : kLayouts) {
    check_batch(layout, 5, 4, 3, 0);
    check_batch(layout, 5, 4, 3, 1);
    check_batch(layout, 9, 7, 11, 37);     // small entries, shared among threads
    check_batch(layout, 90, 70, 300, 3);   // large entries, one after the other
    check_batch(layout, 6, 5, 0, 9);       // k == 0: C := act(beta * C + bias) per entry
  }
}

}  // namespace

namespace {

TEST(SgemmFusedBatch, SizesZeroOneAndMany) {
  for (CBLAS_LAYOUT layout : kLayouts) {
    check_batch<float>(layout, 5, 4, 3, 0);
    check_batch<float>(layout, 9, 7, 11, 37);    // small entries, shared among threads
    check_batch<float>(layout, 90, 70, 300, 3);  // large entries, one after the other
    check_batch<float>(layout, 6, 5, 0, 9);      // k == 0: C := act(beta * C + bias) per entry
  }
}

// beta == 0 overwrites NaN in C; alpha == 0 reads neither A nor B.
TEST(SgemmFused, BetaZeroOverwritesNaNAndAlphaZeroReadsNoOperand) {
  check_beta_zero_overwrites_nan<float>();
  fused_call call;
  call.m = 6;
  call.n = 5;
  call.k = 4;
  call.alpha = 0.0;
  call.beta = 2.0;
  call.pro = kPrologues[1];
  call.epi = epilogue(SWBLAS_BIAS_PER_COLUMN, SWBLAS_ACT_TANH);
  basic_operands<float> o(call, 11);
  call.epi.bias = o.bias.data();
  const std::vector<float> before = o.c;
  ASSERT_EQ(swblas_sgemm_fused(call.layout, call.transa, call.transb, call.m, call.n, call.k, 0.0f,
                               nullptr, call.lda, nullptr, call.ldb, 2.0f, o.c.data(), call.ldc,
                               &call.pro, &call.epi),
            SWBLAS_SUCCESS);
  EXPECT_EQ(count_mismatches(call, o, before), 0);
}

}  // namespace
