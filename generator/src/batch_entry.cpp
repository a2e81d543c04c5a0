// One entry of a batched spec (see batch_entry.h).
#include "batch_entry.h"

#include <algorithm>

namespace swgen {
namespace {

void drop_batch_subscript(array_access* a, const std::string& batch) {
  if (!a->subscripts.empty() && a->subscripts[0].coef.count(batch)) a->subscripts.erase(a->subscripts.begin());
}

void drop_in_expr(expr* e, const std::string& batch) {
  if (e->what == expr::kind::access) drop_batch_subscript(&e->ref, batch);
  for (auto& o : e->operands) drop_in_expr(o.get(), batch);
}

bool uses(const affine_expr& e, const std::string& name) { return e.coef.count(name) > 0; }

bool loop_uses(const statement& st, const std::string& name) {
  return std::any_of(st.loops.begin(), st.loops.end(),
                     [&](const loop& l) {
                       return uses(l.lower, name) || uses(l.upper_exclusive, name) ||
                              std::any_of(l.more_upper.begin(), l.more_upper.end(),
                                          [&](const affine_expr& u) { return uses(u, name); });
                     });
}

}  // namespace

scop one_entry(scop s, const std::string& batch) {
  std::string count;
  for (statement& st : s.statements) {
    const auto it = std::find_if(st.loops.begin(), st.loops.end(), [&](const loop& l) { return l.iterator == batch; });
    if (it == st.loops.end()) continue;
    if (it->upper_exclusive.coef.size() == 1) count = it->upper_exclusive.coef.begin()->first;
    st.loops.erase(it);
    drop_batch_subscript(&st.target, batch);
    drop_in_expr(st.rhs.get(), batch);
  }
  const bool still_used = std::any_of(s.statements.begin(), s.statements.end(),
                                      [&](const statement& st) { return loop_uses(st, count); });
  if (!count.empty() && !still_used)
    s.parameters.erase(std::remove(s.parameters.begin(), s.parameters.end(), count), s.parameters.end());
  return s;
}

}  // namespace swgen
