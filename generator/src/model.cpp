// The model stage: a parsed spec's domains, access relations and initial
// schedule tree as isl objects (see polyhedral.h).
#include "polyhedral.h"

#include "scop_text.h"

namespace swgen {

namespace {

std::string domain_text(const scop& s, const statement& st) {
  std::vector<std::string> bounds;
  for (const loop& l : st.loops) {
    bounds.push_back(l.lower.isl_text() + " <= " + l.iterator + " and " + l.iterator + " < " + l.upper_exclusive.isl_text());
    for (const affine_expr& u : l.more_upper) bounds.push_back(l.iterator + " < " + u.isl_text());
  }
  for (const affine_expr& c : st.conditions) bounds.push_back(c.isl_text() + " >= 0");
  return param_prefix(s) + "{ " + instance(st) + (bounds.empty() ? "" : " : " + join(bounds, " and ")) + " }";
}

std::string access_text(const scop& s, const statement& st, const array_access& a) {
  std::vector<std::string> subs;
  for (const affine_expr& e : a.subscripts) subs.push_back(e.isl_text());
  return param_prefix(s) + "{ " + instance(st) + " -> " + a.array + "[" + join(subs, ", ") + "] }";
}

isl::schedule_node insert_loop_band(isl::schedule_node node, const statement& st) {
  if (st.loops.empty()) return node;
  std::vector<std::string> members;
  for (const loop& l : st.loops) members.push_back("{ " + instance(st) + " -> [(" + l.iterator + ")] }");
  const isl::multi_union_pw_aff band(node.ctx(), "[" + join(members, ", ") + "]");
  return node.insert_partial_schedule(band);
}

isl::schedule initial_schedule(const isl::union_set& domain, const scop& s) {
  isl::schedule_node node = isl::schedule_node::from_domain(domain).child(0);
  if (s.statements.size() == 1) return insert_loop_band(node, s.statements[0]).schedule();
  isl::union_set_list filters(node.ctx(), static_cast<int>(s.statements.size()));
  for (const statement& st : s.statements) filters = filters.add(isl::union_set(node.ctx(), "{ " + instance(st) + " }"));
  node = node.insert_sequence(filters);
  for (std::size_t n = 0; n < s.statements.size(); ++n)
    node = insert_loop_band(node.child(static_cast<int>(n)).child(0), s.statements[n]).parent().parent();
  return node.schedule();
}

}  // namespace

model build_model(isl::ctx ctx, const scop& s) {
  model m;
  m.domain = isl::union_set(ctx, "{ }");
  m.reads = isl::union_map(ctx, "{ }");
  m.writes = isl::union_map(ctx, "{ }");
  for (const statement& st : s.statements) {
    m.domain = m.domain.unite(isl::union_set(ctx, domain_text(s, st)));
    m.writes = m.writes.unite(isl::union_map(ctx, access_text(s, st, st.target)));
    std::vector<const array_access*> reads;
    if (st.accumulates) reads.push_back(&st.target);
    collect_reads(st, *st.rhs, &reads);
    for (const array_access* a : reads) m.reads = m.reads.unite(isl::union_map(ctx, access_text(s, st, *a)));
  }
  m.reads = m.reads.intersect_domain(m.domain);
  m.writes = m.writes.intersect_domain(m.domain);
  m.schedule = initial_schedule(m.domain, s);
  m.elem = s.elem;
  return m;
}


}  // namespace swgen
