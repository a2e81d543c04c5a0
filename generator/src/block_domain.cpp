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
    loop& rows = st.loops.at(r.row);
    loop& cols = st.loops.at(r.col);
    to_box(&rows, r.m);
    to_box(&cols, r.n);
    affine_expr moved;
    moved.coef[rows.iterator] = moved.coef[kRow0] = r.triangle.a_i;
    moved.coef[cols.iterator] = moved.coef[kCol0] = r.triangle.a_j;
    moved.constant = r.triangle.c;
    st.conditions = {moved};
  }
  s.parameters.push_back(kRow0);
  s.parameters.push_back(kCol0);
  return s;
}

}  // namespace swgen
