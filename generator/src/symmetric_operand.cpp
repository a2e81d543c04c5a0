// The fold of a symmetric product (see symmetric_operand.h).
#include "symmetric_operand.h"

#include <algorithm>
#include <utility>

#include "scop_text.h"

namespace swgen {

namespace {

// How a factor is indexed by C's row i, column j and the reduction k: as
// the GEMM's A (i, k) or B (k, j), or as the mirror of either.
enum class factor_role { a, a_mirrored, b, b_mirrored, other };

struct product {
  const array_access* factor[2];
  factor_role role[2];
};

factor_role role_of(const array_access& x, const std::string& i, const std::string& j, const std::string& k) {
  if (x.subscripts.size() != 2) return factor_role::other;
  const std::string r = plain_iterator(x.subscripts[0]), c = plain_iterator(x.subscripts[1]);
  if (r == i && c == k) return factor_role::a;
  if (r == k && c == i) return factor_role::a_mirrored;
  if (r == k && c == j) return factor_role::b;
  if (r == j && c == k) return factor_role::b_mirrored;
  return factor_role::other;
}

bool mirrored(factor_role r) { return r == factor_role::a_mirrored || r == factor_role::b_mirrored; }

// The statement's domain as tuple T[...] (both statements' instances in one
// space).
isl::set domain_of(isl::ctx ctx, const scop& s, const statement& st) {
  return isl::set(ctx, param_prefix(s) + "{ T[" + join(iterators(st), ", ") + "] : " + domain_constraints(st) + " }");
}

// The elements of x that st reads over domain d.
isl::set elements_read(isl::ctx ctx, const scop& s, const statement& st, const isl::set& d, const array_access& x) {
  const isl::map read(ctx, param_prefix(s) + "{ T[" + join(iterators(st), ", ") + "] -> " + x.array + "[" +
                               subscripts_text(x) + "] }");
  return read.intersect_domain(d).range();
}

std::string fresh_parameter(const scop& s) {
  for (int n = 0;; ++n) {
    const std::string name = n ? "K" + std::to_string(n) : "K";
    if (std::find(s.parameters.begin(), s.parameters.end(), name) == s.parameters.end()) return name;
  }
}

}  // namespace

scop fold_symmetric_pair(isl::ctx ctx, scop s, symmetric_operand* found) {
  *found = {};
  const auto accumulations = std::count_if(s.statements.begin(), s.statements.end(),
                                           [](const statement& st) { return st.accumulates; });
  if (accumulations < 2) return s;
  const statement& last = s.statements.back();
  const auto refuse = [&](const std::string& why) {
    throw spec_error(last.describe() + ": the dgemm recipe needs exactly one accumulation, or two that are a "
                                       "symmetric product: " + why);
  };
  if (s.statements.size() != 2) refuse("two statements and nothing else");
  const statement &s0 = s.statements[0], &s1 = s.statements[1];
  if (s0.subtracts || s1.subtracts) refuse("each '+='");
  if (s0.loops.size() != 3 || s1.loops.size() != 3) refuse("each in a 3-deep loop nest");
  for (int n = 0; n < 2; ++n)
    if (s0.loops[n].iterator != s1.loops[n].iterator || s0.place[n] != s1.place[n])
      refuse("both inside the same two outer loops");
  if (s0.target.text != s1.target.text || s0.target.subscripts.size() != 2) refuse("both into the same C[i][j]");
  const std::string i = plain_iterator(s0.target.subscripts[0]), j = plain_iterator(s0.target.subscripts[1]);
  const std::string k = s0.loops[2].iterator;
  if (s1.loops[2].iterator != k || k == i || k == j || i.empty() || j.empty() || i == j ||
      loop_position(s0, i) < 0 || loop_position(s0, j) < 0)
    refuse("C indexed by the two outer loops, the inner loops of one name");

  product p[2];
  for (int n = 0; n < 2; ++n) {
    const expr& e = *s.statements[n].rhs;
    if (e.what != expr::kind::binary || e.op != '*' || e.operands[0]->what != expr::kind::access ||
        e.operands[1]->what != expr::kind::access)
      refuse("each a product of two array accesses");
    for (int f = 0; f < 2; ++f) {
      p[n].factor[f] = &e.operands[f]->ref;
      p[n].role[f] = role_of(*p[n].factor[f], i, j, k);
    }
  }
  // The direct statement reads S as the GEMM would, the other its mirror;
  // the other factor is read alike by both.
  const auto mirrors = [](const product& q) { return int(mirrored(q.role[0])) + int(mirrored(q.role[1])); };
  if (mirrors(p[0]) + mirrors(p[1]) != 1) refuse("one factor read transposed (S[k][i] or S[j][k]) by one statement");
  const int m = mirrors(p[1]) ? 1 : 0;  // the mirrored statement
  const int fm = mirrored(p[m].role[0]) ? 0 : 1;
  const factor_role direct_role = p[m].role[fm] == factor_role::a_mirrored ? factor_role::a : factor_role::b;
  const factor_role other_role = direct_role == factor_role::a ? factor_role::b : factor_role::a;
  // S's access and the other factor's, in statements m and 1 - m.
  const array_access* sym[2] = {p[m].factor[fm], nullptr};
  const array_access* other[2] = {p[m].factor[1 - fm], nullptr};
  for (int f = 0; f < 2; ++f) {
    if (p[1 - m].role[f] == direct_role) sym[1] = p[1 - m].factor[f];
    if (p[1 - m].role[f] == other_role) other[1] = p[1 - m].factor[f];
  }
  if (p[m].role[1 - fm] != other_role || !sym[1] || !other[1] || sym[0]->array != sym[1]->array ||
      other[0]->text != other[1]->text || sym[0]->array == other[0]->array || sym[0]->array == s0.target.array ||
      other[0]->array == s0.target.array)
    refuse("S[i][k] * B[k][j] and S[k][i] * B[k][j] (or A[i][k] * S[k][j] and A[i][k] * S[j][k])");

  // S is square: its order bounds C's loop on the side it sits (i for S in
  // A's place, j in B's), and the two k ranges must split it exactly.
  const statement& direct = s.statements[1 - m];
  const loop& side = direct.loops[loop_position(direct, direct_role == factor_role::a ? i : j)];
  const std::string order = plain_iterator(side.upper_exclusive);
  if (order.empty() || loop_position(direct, order) >= 0 || !side.more_upper.empty())
    refuse("S's order the parameter bounding loop " + side.iterator);
  const isl::set d_direct = domain_of(ctx, s, direct), d_mirror = domain_of(ctx, s, s.statements[m]);
  std::vector<std::string> box;
  for (const loop& l : direct.loops)
    box.push_back("0 <= " + l.iterator + " < " + (l.iterator == k ? order : l.upper_exclusive.isl_text()));
  const isl::set whole(ctx, param_prefix(s) + "{ T[" + join(iterators(direct), ", ") + "] : " + join(box, " and ") + " }");
  if (!d_direct.intersect(d_mirror).is_empty())
    refuse("the k ranges of the two statements overlap (an element of C would take a term twice)");
  if (!d_direct.unite(d_mirror).is_equal(whole))
    refuse("the k ranges of the two statements together must be 0 <= " + k + " < " + order + " for every " + i +
           " and " + j);

  // Every element read lies in one triangle of S.
  const isl::set read = elements_read(ctx, s, direct, d_direct, *sym[1]).unite(elements_read(ctx, s, s.statements[m], d_mirror, *sym[0]));
  const std::string& name = sym[0]->array;
  const isl::set lower(ctx, param_prefix(s) + "{ " + name + "[r, c] : c <= r }");
  const isl::set upper(ctx, param_prefix(s) + "{ " + name + "[r, c] : c >= r }");
  const bool in_lower = read.is_subset(lower), in_upper = read.is_subset(upper);
  if (!in_lower && !in_upper) refuse(name + " read on both sides of its diagonal (neither triangle holds every element read)");

  found->operand = direct_role == factor_role::a ? 'a' : 'b';
  found->upper = !in_lower;
  statement folded = std::move(s.statements[1 - m]);
  folded.name = "S0";
  loop& depth = folded.loops[2];
  depth.lower = affine_expr{};
  depth.more_upper.clear();
  depth.upper_exclusive = affine_expr{};
  const std::string kbound = fresh_parameter(s);
  depth.upper_exclusive.coef[kbound] = 1;
  s.parameters.push_back(kbound);
  s.statements.clear();
  s.statements.push_back(std::move(folded));
  return s;
}

}  // namespace swgen
