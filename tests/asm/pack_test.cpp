// pack_a / pack_b of every kernel, double and float, against a naive
// packing, for unit and general strides in both orientations, full and
// partial panels; nothing is written past the packed panels.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "kernel_harness.h"

namespace swblas::test {
namespace {

class pack_test : public ::testing::TestWithParam<any_ukernel> {
 protected:
  void SetUp() override {
    std::string why;
    if (!cpu_supports(needs_of(GetParam()), &why)) GTEST_SKIP() << why;
  }
};

// The packed format of ukernel.h, element by element: `lanes` lanes of kc
// steps in panels of p lanes, lane r of step l at src[r*lane_stride +
// l*k_stride].
template <class T>
std::vector<T> naive_pack(dim_t lanes, dim_t kc, const T* src,
                          inc_t lane_stride, inc_t k_stride, int p) {
  const dim_t panels = (lanes + p - 1) / p;
  std::vector<T> out(static_cast<std::size_t>(panels * p * kc), T(0));
  for (dim_t q = 0; q < panels; ++q)
    for (dim_t l = 0; l < kc; ++l)
      for (dim_t r = 0; r < p; ++r) {
        const dim_t lane = q * p + r;
        if (lane < lanes)
          out[q * p * kc + l * p + r] = src[lane * lane_stride + l * k_stride];
      }
  return out;
}

struct stride_case {
  const char* name;
  inc_t lane_stride, k_stride;  // for a source of `lanes` x kc
};

// Unit lane stride, unit k stride (transposed), and two general layouts.
std::vector<stride_case> stride_cases(dim_t lanes, dim_t kc) {
  return {{"unit lanes", 1, lanes + 5},
          {"unit k", kc + 3, 1},
          {"general", 3, 3 * lanes + 2},
          {"general k-major", 2 * kc + 1, 2}};
}

// pack(out) writes exactly `expect` at out, and nothing around it.
template <class T, class Pack>
void expect_packed(const std::vector<T>& expect, const Pack& pack) {
  basic_guarded_matrix<T> out(static_cast<std::ptrdiff_t>(expect.size()), 1,
                              static_cast<std::ptrdiff_t>(expect.size()));
  pack(out.data());
  for (std::size_t i = 0; i < expect.size(); ++i) ASSERT_EQ(out.data()[i], expect[i]) << "at packed index " << i;
  EXPECT_EQ(out.guards_changed(), 0u);
}

// Packs with `pack` (a pack_a or pack_b of T seen as lanes x kc) and
// compares.
template <class T, class Pack>
void check_pack(const char* what, int p, Pack pack) {
  // 9p + 1: past the first group of whole panels that a unit lane stride
  // copies side by side (asm/pack.h), with a partial panel after it.
  const dim_t lane_counts[] = {1, p - 1, p, p + 1, 2 * p + 3, 9 * p + 1};
  const dim_t depths[] = {1, 5, 17, 64};
  for (dim_t lanes : lane_counts)
    for (dim_t kc : depths)
      for (const stride_case& s : stride_cases(lanes, kc)) {
        if (lanes <= 0) continue;
        SCOPED_TRACE(testing::Message() << what << " lanes=" << lanes << " kc="
                                        << kc << " strides: " << s.name);
        const dim_t extent =
            (lanes - 1) * s.lane_stride + (kc - 1) * s.k_stride + 1;
        std::vector<T> src(static_cast<std::size_t>(extent));
        fill_random(src.data(), src.size(), 5);
        const std::vector<T> expect =
            naive_pack(lanes, kc, src.data(), s.lane_stride, s.k_stride, p);
        expect_packed(expect, [&](T* out) { pack(lanes, kc, src.data(), s.lane_stride, s.k_stride, out); });
      }
}

TEST_P(pack_test, PackAMatchesNaive) {
  std::visit(
      [](auto* d) {
        using T = typename std::remove_pointer_t<decltype(d)>::value_type;
        check_pack<T>("pack_a", d->mr, [&](dim_t mc, dim_t kc, const T* a, inc_t rs, inc_t cs,
                                           T* ap) { d->pack_a(mc, kc, a, rs, cs, ap); });
      },
      GetParam());
}

TEST_P(pack_test, PackBMatchesNaive) {
  std::visit(
      [](auto* d) {
        using T = typename std::remove_pointer_t<decltype(d)>::value_type;
        check_pack<T>("pack_b", d->nr, [&](dim_t nc, dim_t kc, const T* b, inc_t cs, inc_t rs,
                                           T* bp) { d->pack_b(kc, nc, b, rs, cs, bp); });
      },
      GetParam());
}

// The 1m packing of a complex A with contiguous columns, against the rule
// written out (src/operand_packing.h): complex element (i, l), z conjugated
// if asked, becomes e = alpha z in the pair of rows 2i, 2i + 1 at step 2l
// and i e = (-im e, re e) at step 2l + 1, e as complex_pairs computes it
// (re: fma(-im alpha, im z, re alpha re z); im: fma(im alpha, re z,
// re alpha im z)); partial panels zero padded, nothing written past them.
template <class T>
void check_pack_1m(const ukernel_desc<T>& d) {
  const dim_t mr = d.mr;
  const dim_t row_counts[] = {2, mr - 2, mr, mr + 2, 2 * mr + 6};
  const std::pair<T, T> alphas[] = {{T(1), T(0)}, {T(0.75), T(-1.5)}};
  for (dim_t rows : row_counts)
    for (dim_t kc : {dim_t{2}, dim_t{6}, dim_t{34}})
      for (bool conj : {false, true})
        for (const auto& [are, aim] : alphas) {
          if (rows <= 0) continue;
          SCOPED_TRACE(testing::Message() << "rows=" << rows << " kc=" << kc << " conj=" << conj
                                          << " alpha=(" << are << "," << aim << ")");
          const inc_t cs = rows + 6;  // reals between columns of A
          std::vector<T> a(static_cast<std::size_t>(cs * kc / 2));
          fill_random(a.data(), a.size(), 11);
          const dim_t panels = (rows + mr - 1) / mr;
          std::vector<T> expect(static_cast<std::size_t>(panels * mr * kc), T(0));
          for (dim_t l = 0; l < kc / 2; ++l)
            for (dim_t r = 0; r < rows; r += 2) {
              const T zr = a[l * cs + r], zi = conj ? -a[l * cs + r + 1] : a[l * cs + r + 1];
              const T re_times_re = are * zr, re_times_im = are * zi;
              const T er = std::fma(-aim, zi, re_times_re), ei = std::fma(aim, zr, re_times_im);
              T* even = expect.data() + (r / mr) * mr * kc + 2 * l * mr + r % mr;
              T* odd = even + mr;
              even[0] = er;
              even[1] = ei;
              odd[0] = -ei;
              odd[1] = er;
            }
          expect_packed(expect, [&](T* out) { d.pack_a_1m(rows, kc, a.data(), cs, are, aim, conj, out); });
        }
}

TEST_P(pack_test, PackA1mMatchesTheRule) {
  std::visit(
      [](auto* d) {
        if (!d->pack_a_1m) GTEST_SKIP() << d->name << " packs complex A element by element (no complex pairs)";
        check_pack_1m(*d);
      },
      GetParam());
}

// The 1m packing of a complex B with contiguous rows, against the rule: at
// step 2l the real part of complex element (l, j), at 2l + 1 its imaginary
// part (negated if conjugated); partial panels zero padded. 9 nr + 1
// columns: past the first group of panels written side by side.
template <class T>
void check_pack_b_1m(const ukernel_desc<T>& d) {
  const dim_t nr = d.nr;
  for (dim_t cols : {dim_t{1}, nr - 1, nr, 2 * nr + 3, 9 * nr + 1})
    for (dim_t kc : {dim_t{2}, dim_t{6}, dim_t{34}})
      for (bool conj : {false, true}) {
        if (cols <= 0) continue;
        SCOPED_TRACE(testing::Message() << "cols=" << cols << " kc=" << kc << " conj=" << conj);
        const inc_t rs = 2 * cols + 6;  // reals between rows of B
        std::vector<T> b(static_cast<std::size_t>(rs * kc / 2));
        fill_random(b.data(), b.size(), 13);
        const dim_t panels = (cols + nr - 1) / nr;
        std::vector<T> expect(static_cast<std::size_t>(panels * nr * kc), T(0));
        for (dim_t l = 0; l < kc / 2; ++l)
          for (dim_t j = 0; j < cols; ++j) {
            T* even = expect.data() + (j / nr) * nr * kc + 2 * l * nr + j % nr;
            even[0] = b[l * rs + 2 * j];
            even[nr] = conj ? -b[l * rs + 2 * j + 1] : b[l * rs + 2 * j + 1];
          }
        expect_packed(expect, [&](T* out) { d.pack_b_1m(kc, cols, b.data(), rs, conj, out); });
      }
}

TEST_P(pack_test, PackB1mMatchesTheRule) {
  std::visit([](auto* d) { check_pack_b_1m(*d); }, GetParam());
}

TEST_P(pack_test, EmptyBlockWritesNothing) {
  std::visit(
      [](auto* d) {
        using T = typename std::remove_pointer_t<decltype(d)>::value_type;
        basic_guarded_matrix<T> out(0, 0, 1);
        const T src[1] = {T(1)};
        d->pack_a(0, 4, src, 1, 1, out.data());
        d->pack_b(4, 0, src, 1, 1, out.data());
        EXPECT_EQ(out.guards_changed(), 0u);
      },
      GetParam());
}

std::string kernel_name(const testing::TestParamInfo<any_ukernel>& info) {
  return name_of(info.param);
}

INSTANTIATE_TEST_SUITE_P(Kernels, pack_test,
                         testing::ValuesIn(kernels_of_every_type()), kernel_name);

}  // namespace
}  // namespace swblas::test
