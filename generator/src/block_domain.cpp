// The block form of a triangular C domain (see block_domain.h).
#include "block_domain.h"

#include <stdexcept>

namespace swgen {

namespace {

affine_expr parameter(const std::string& name) {
  affine_expr e;
  e.coef[name] = 1;
  return e;
}

// A loop of the GEMM as the block form has it: member `member` of the
// band runs over the box [0, bound) and its place in the whole matrix is
// parameter `first` (when the triangle's coefficient on it is nonzero).
struct loop_move {
  int member;
  std::string bound;
  long coefficient;
  const char* first;
};

// 0 <= iterator < bound, nothing more.
void to_box(loop* l, const std::string& bound) {
  l->lower = affine_expr();
  l->upper_exclusive = parameter(bound);
  l->more_upper.clear();
}

}  // namespace

scop block_domain(scop s, const gemm_roles& r) {
  if (!r.triangle.on() || r.block_form) throw std::logic_error("block_domain: no triangle to move");
  for (statement& st : s.statements) {
    if (st.name != r.statement) continue;
    const loop_move moves[] = {{r.row, r.m, r.triangle.a_i, kRow0},
                               {r.col, r.n, r.triangle.a_j, kCol0},
                               {r.reduction, r.k, r.triangle.a_k, kK0}};
    affine_expr moved;
    moved.constant = r.triangle.c;
    for (const loop_move& m : moves) {
      loop& l = st.loops.at(m.member);
      to_box(&l, m.bound);
      if (m.coefficient == 0) continue;
      moved.coef[l.iterator] = moved.coef[m.first] = m.coefficient;
      s.parameters.push_back(m.first);
    }
    st.conditions = {moved};
  }
  return s;
}

}  // namespace swgen
