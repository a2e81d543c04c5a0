// A real operand read through a stored triangle: the packing by triangles
// (the micro kernel's vector packing off the diagonal's band) gives exactly
// what packing element by element gives, for every micro kernel the CPU
// runs, every structure and triangle, blocks on, across and off the
// diagonal, parts of the matrix (row0, col0) and both strides.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "cpu_features.h"
#include "operand_packing.h"

namespace swblas {
namespace {

constexpr dim_t kOrder = 90, kLd = 95;  // the stored matrix

template <class T>
std::vector<T> stored_matrix() {
  std::vector<T> x(static_cast<std::size_t>(kLd * kOrder));
  for (std::size_t e = 0; e < x.size(); ++e) x[e] = static_cast<T>(std::sin(0.37 * double(e)) + 0.01 * double(e));
  return x;
}

std::vector<operand_structure> structures() {
  std::vector<operand_structure> all;
  for (structure kind : {structure::symmetric, structure::hermitian, structure::triangular})
    for (bool upper : {true, false})
      for (bool unit : {false, true})
        for (dim_t offset : {dim_t{0}, dim_t{7}}) {
          if (unit && kind != structure::triangular) continue;
          operand_structure s;
          s.kind = kind;
          s.upper = upper;
          s.unit_diag = unit;
          s.row0 = offset;
          s.col0 = offset / 2;
          all.push_back(s);
        }
  return all;
}

std::string describe(const operand_structure& s, bool transposed, dim_t first, dim_t count, dim_t l0, dim_t kc) {
  const char* kinds[] = {"general", "symmetric", "hermitian", "triangular"};
  return std::string(kinds[static_cast<int>(s.kind)]) + (s.upper ? " upper" : " lower") + (s.unit_diag ? " unit" : "") +
         " row0=" + std::to_string(s.row0) + " col0=" + std::to_string(s.col0) + (transposed ? " transposed" : "") +
         " lanes [" + std::to_string(first) + ", +" + std::to_string(count) + ") steps [" + std::to_string(l0) + ", +" +
         std::to_string(kc) + ")";
}

// Blocks (first lane, lane count, first step, steps) on, across and off the
// diagonal; indices of the problem, within the matrix for every offset.
struct block {
  dim_t first, count, l0, kc;
};
const block kBlocks[] = {{0, 50, 0, 40}, {20, 37, 0, 60}, {40, 9, 3, 70}, {0, 13, 30, 41}, {60, 20, 2, 19}, {5, 1, 5, 1}};

template <class T>
void check_every_case(const ukernel_desc<T>& u) {
  const std::vector<T> x = stored_matrix<T>();
  for (const operand_structure& s : structures())
    for (bool transposed : {false, true})
      for (const block& b : kBlocks) {
        basic_gemm_problem<T> p;
        p.a = p.b = x.data();
        p.rs_a = p.rs_b = transposed ? kLd : 1;
        p.cs_a = p.cs_b = transposed ? 1 : kLd;
        p.a_structure = p.b_structure = s;
        const std::string what = std::string(u.name) + " " + describe(s, transposed, b.first, b.count, b.l0, b.kc);
        // A: rows are lanes; B: columns are.
        const std::size_t a_size = std::size_t((b.count + u.mr - 1) / u.mr * u.mr * b.kc);
        std::vector<T> want(a_size, T(-1)), got(a_size, T(-2));
        pack_a_by_element(p, dim_t{u.mr}, b.first, b.count, b.l0, b.kc, want.data());
        pack_structured_a(p, u, b.first, b.count, b.l0, b.kc, got.data());
        ASSERT_EQ(std::memcmp(want.data(), got.data(), a_size * sizeof(T)), 0) << "A " << what;
        const std::size_t b_size = std::size_t((b.count + u.nr - 1) / u.nr * u.nr * b.kc);
        want.assign(b_size, T(-1));
        got.assign(b_size, T(-2));
        pack_b_by_element(p, dim_t{u.nr}, b.l0, b.kc, b.first, b.count, want.data());
        pack_structured_b(p, u, b.l0, b.kc, b.first, b.count, got.data());
        ASSERT_EQ(std::memcmp(want.data(), got.data(), b_size * sizeof(T)), 0) << "B " << what;
      }
}

// check(u) for every micro kernel of T that this CPU runs.
template <class T, class Check>
void on_every_micro_kernel(const Check& check) {
  std::size_t count = 0;
  const ukernel_desc<T>* const* all = micro_kernels<T>(&count);
  for (std::size_t i = 0; i < count; ++i)
    if (can_run(detect_cpu_features(), all[i]->needs).runnable) check(*all[i]);
}

TEST(OperandPacking, TrianglesPackAsElementByElement) {
  on_every_micro_kernel<double>([](const auto& u) { check_every_case(u); });
  on_every_micro_kernel<float>([](const auto& u) { check_every_case(u); });
}

// A general complex operand in the 1m view whose rows (op(A)) or columns
// (op(B)) are contiguous, the transposed and conjugate-transposed products:
// the micro kernel's vector packing gives exactly what element by element
// gives (alpha 1 or -1, whose products are exact). Real lanes and steps in
// pairs, blocks of several panels and a partial one.
template <class T>
void check_complex_transposed(const ukernel_desc<T>& u) {
  const std::vector<T> x = stored_matrix<T>();  // 45 complex rows, ld 95 / 2 complex
  const block blocks[] = {{0, 40, 0, 40}, {6, 2 * u.mr + 6, 4, 34}, {2, 2, 2, 2}};
  for (const T alpha : {T(1), T(-1)})
    for (bool conj : {false, true})
      for (const block& b : blocks) {
        complex_view<T> v;
        v.alpha_re = alpha;
        v.conj_a = v.conj_b = conj;
        basic_gemm_problem<T> p;
        p.complex = &v;
        p.a = p.b = x.data();
        p.cs_a = p.cs_b = 1;  // steps of op(A)'s rows, columns of op(B)'s rows: adjacent
        p.rs_a = p.rs_b = kLd / 2;
        const std::string what = std::string(u.name) + (conj ? " conjugated" : "") + " alpha " +
                                 std::to_string(alpha) + " lanes [" + std::to_string(b.first) + ", +" +
                                 std::to_string(b.count) + ") steps [" + std::to_string(b.l0) + ", +" +
                                 std::to_string(b.kc) + ")";
        const std::size_t a_size = std::size_t((b.count + u.mr - 1) / u.mr * u.mr * b.kc);
        std::vector<T> want(a_size, T(-1)), got(a_size, T(-2));
        pack_a_by_element(p, dim_t{u.mr}, b.first, b.count, b.l0, b.kc, want.data());
        if (pack_a_1m_by_vectors(p, u, b.first, b.count, b.l0, b.kc, got.data()))
          ASSERT_EQ(std::memcmp(want.data(), got.data(), a_size * sizeof(T)), 0) << "A " << what;
        else
          EXPECT_FALSE(u.pack_a_1m) << "A " << what << ": a micro kernel with pack_a_1m declined";
        const std::size_t b_size = std::size_t((b.count / 2 + u.nr - 1) / u.nr * u.nr * b.kc);
        want.assign(b_size, T(-1));
        got.assign(b_size, T(-2));
        pack_b_by_element(p, dim_t{u.nr}, b.l0, b.kc, b.first / 2, b.count / 2, want.data());
        ASSERT_TRUE(pack_b_1m_by_vectors(p, u, b.l0, b.kc, b.first / 2, b.count / 2, got.data())) << "B " << what;
        ASSERT_EQ(std::memcmp(want.data(), got.data(), b_size * sizeof(T)), 0) << "B " << what;
      }
}

TEST(OperandPacking, TransposedComplexPacksAsElementByElement) {
  on_every_micro_kernel<double>([](const auto& u) { check_complex_transposed(u); });
  on_every_micro_kernel<float>([](const auto& u) { check_complex_transposed(u); });
}

}  // namespace
}  // namespace swblas
