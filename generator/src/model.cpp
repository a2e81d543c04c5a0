// The model stage: a parsed spec's domains, access relations and initial
// schedule tree as isl objects (see polyhedral.h).
#include "polyhedral.h"

#include <algorithm>

#include "scop_text.h"

namespace swgen {

namespace {

std::string domain_text(const scop& s, const statement& st) {
  const std::string constraints = domain_constraints(st);
  return param_prefix(s) + "{ " + instance(st) + (constraints.empty() ? "" : " : " + constraints) + " }";
}

std::string access_text(const scop& s, const statement& st, const array_access& a) {
  return param_prefix(s) + "{ " + instance(st) + " -> " + a.array + "[" + subscripts_text(a) + "] }";
}

isl::schedule_node insert_loop_band(isl::schedule_node node, const statement& st) {
  if (st.loops.empty()) return node;
  std::vector<std::string> members;
  for (const loop& l : st.loops) members.push_back("{ " + instance(st) + " -> [(" + l.iterator + ")] }");
  const isl::multi_union_pw_aff band(node.ctx(), "[" + join(members, ", ") + "]");
  return node.insert_partial_schedule(band);
}

// Whether two statements share a loop (a solve's update and division in
// one i loop), rather than each having a loop nest of its own.
bool shares_loops(const scop& s) {
  for (std::size_t a = 0; a < s.statements.size(); ++a)
    for (std::size_t b = a + 1; b < s.statements.size(); ++b)
      if (!s.statements[a].loops.empty() && !s.statements[b].loops.empty() &&
          s.statements[a].place[0] == s.statements[b].place[0])
        return true;
  return false;
}

// The order of the text as one band: per statement
// [place0, it0, place1, it1, ..., place_d], padded with zeros to the
// deepest statement's 2d + 1 members.
isl::schedule textual_schedule(const isl::union_set& domain, const scop& s) {
  std::size_t depth = 0;
  for (const statement& st : s.statements) depth = std::max(depth, st.loops.size());
  std::vector<std::string> members(2 * depth + 1);
  for (const statement& st : s.statements)
    for (std::size_t d = 0; d < members.size(); ++d) {
      const std::size_t level = d / 2;
      std::string value = "0";
      if (d % 2 == 0 && level < st.place.size()) value = std::to_string(st.place[level]);
      if (d % 2 == 1 && level < st.loops.size()) value = st.loops[level].iterator;
      members[d] += (members[d].empty() ? "" : "; ") + instance(st) + " -> [(" + value + ")]";
    }
  for (std::string& m : members) m = "{ " + m + " }";
  const isl::multi_union_pw_aff band(domain.ctx(), "[" + join(members, ", ") + "]");
  return isl::schedule_node::from_domain(domain).child(0).insert_partial_schedule(band).schedule();
}

isl::schedule initial_schedule(const isl::union_set& domain, const scop& s) {
  if (shares_loops(s)) return textual_schedule(domain, s);
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
