// Model and analysis stages (see polyhedral.h).
#include "polyhedral.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "isl_c.h"

namespace swgen {

namespace {

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (std::size_t n = 0; n < items.size(); ++n) out += (n ? sep : "") + items[n];
  return out;
}

std::string param_prefix(const scop& s) { return "[" + join(s.parameters, ", ") + "] -> "; }

std::vector<std::string> iterators(const statement& st) {
  std::vector<std::string> its;
  for (const loop& l : st.loops) its.push_back(l.iterator);
  return its;
}

// "S0[i, j, k]"
std::string instance(const statement& st) { return st.name + "[" + join(iterators(st), ", ") + "]"; }

std::string domain_text(const scop& s, const statement& st) {
  std::vector<std::string> bounds;
  for (const loop& l : st.loops)
    bounds.push_back(l.lower.isl_text() + " <= " + l.iterator + " and " + l.iterator + " < " + l.upper_exclusive.isl_text());
  return param_prefix(s) + "{ " + instance(st) + (bounds.empty() ? "" : " : " + join(bounds, " and ")) + " }";
}

std::string access_text(const scop& s, const statement& st, const array_access& a) {
  std::vector<std::string> subs;
  for (const affine_expr& e : a.subscripts) subs.push_back(e.isl_text());
  return param_prefix(s) + "{ " + instance(st) + " -> " + a.array + "[" + join(subs, ", ") + "] }";
}

// The array accesses read by an expression, in textual order.
void collect_reads(const statement& st, const expr& e, std::vector<const array_access*>* out) {
  if (e.what == expr::kind::access) {
    if (e.ref.subscripts.empty())
      throw spec_error(st.describe() + ": scalar '" + e.ref.array + "' is not supported; use an array");
    out->push_back(&e.ref);
  }
  for (const auto& o : e.operands) collect_reads(st, *o, out);
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
  return m;
}

isl::set band_distances(const isl::schedule_node& band, const isl::union_map& deps) {
  const isl::union_set dom = islc::node_domain(band);
  isl::union_map live = deps.intersect_domain(dom).intersect_range(dom);
  const isl::multi_union_pw_aff prefix = band.prefix_schedule_multi_union_pw_aff();
  if (prefix.size() > 0) live = live.eq_at(prefix);
  const isl::union_map p = isl::union_map::from(band.as<isl::schedule_node_band>().partial_schedule());
  return live.apply_domain(p).apply_range(p).deltas().extract_set(islc::band_space(band));
}

namespace {

bool member_is_zero(const isl::set& distances, int member) {
  if (distances.is_empty()) return true;
  return distances.dim_min_val(member).is_zero() && distances.dim_max_val(member).is_zero();
}

bool member_is_nonnegative(const isl::set& distances, int member) {
  return distances.is_empty() || !distances.dim_min_val(member).is_neg();
}

// Sets coincidence and permutability of every band from `deps`.
isl::schedule flag_bands(const isl::schedule& sched, const isl::union_map& deps) {
  return sched.root().map_descendant_bottom_up([&](isl::schedule_node node) {
    if (!node.isa<isl::schedule_node_band>()) return node;
    const isl::set d = band_distances(node, deps);
    auto band = node.as<isl::schedule_node_band>();
    bool permutable = true;
    for (unsigned m = 0; m < band.n_member(); ++m) {
      band = band.member_set_coincident(static_cast<int>(m), member_is_zero(d, static_cast<int>(m)));
      permutable = permutable && member_is_nonnegative(d, static_cast<int>(m));
    }
    return isl::schedule_node(band.set_permutable(permutable));
  }).schedule();
}

isl::union_map flow(isl::union_map sink, const isl::union_map& must, const isl::union_map& may,
                    const isl::schedule& sched) {
  isl::union_access_info info(sink);
  if (!must.is_null()) info = info.set_must_source(must);
  if (!may.is_null()) info = info.set_may_source(may);
  return info.set_schedule(sched).compute_flow().may_dependence();
}

isl::union_map all_dependences(const isl::union_map& reads, const isl::union_map& writes, const isl::schedule& sched,
                               analysis* a) {
  a->raw = flow(reads, writes, isl::union_map(), sched);
  a->war = flow(writes, isl::union_map(), reads, sched);
  a->waw = flow(writes, writes, isl::union_map(), sched);
  return a->raw.unite(a->war).unite(a->waw);
}

// The iterator a subscript is exactly (coefficient 1, no constant), or "".
std::string plain_iterator(const affine_expr& e) {
  if (e.constant != 0) return "";
  std::string it;
  for (const auto& [v, c] : e.coef) {
    if (c == 0) continue;
    if (c != 1 || !it.empty()) return "";
    it = v;
  }
  return it;
}

int position(const statement& st, const std::string& it) {
  for (std::size_t n = 0; n < st.loops.size(); ++n)
    if (st.loops[n].iterator == it) return static_cast<int>(n);
  return -1;
}

void require_shape(const scop& s) {
  if (s.statements.size() != 1)
    throw spec_error(s.statements[1].describe() + ": the dgemm recipe needs exactly one statement, found " +
                     std::to_string(s.statements.size()));
  const statement& st = s.statements[0];
  if (st.loops.size() != 3)
    throw spec_error(st.describe() + ": the dgemm recipe needs a 3-deep loop nest, found " +
                     std::to_string(st.loops.size()));
  if (!st.accumulates) throw spec_error(st.describe() + ": the dgemm recipe needs an accumulation '+='");
}

void refuse_calls(const statement& st, const expr& e) {
  if (e.what == expr::kind::call)
    throw spec_error(st.describe() + ": element-wise function '" + e.function +
                     "' is not supported by the dgemm recipe (no fused operations)");
  for (const auto& o : e.operands) refuse_calls(st, *o);
}

// The reduction loop: the one the written element does not depend on.
int reduction_member(const statement& st) {
  for (std::size_t n = 0; n < st.loops.size(); ++n) {
    bool used = false;
    for (const affine_expr& e : st.target.subscripts) used = used || e.coef.count(st.loops[n].iterator);
    if (!used) return static_cast<int>(n);
  }
  return -1;
}

// Every loop but the reduction must be parallel; names the array whose
// dependence a loop carries otherwise.
void require_parallel_loops(const model& m, const scop& s, const isl::schedule& flagged) {
  const statement& st = s.statements[0];
  const isl::schedule_node band = flagged.root().child(0);
  const int red = reduction_member(st);
  auto b = band.as<isl::schedule_node_band>();
  for (unsigned n = 0; n < b.n_member(); ++n) {
    if (static_cast<int>(n) == red || b.member_get_coincident(static_cast<int>(n))) continue;
    std::map<std::string, std::size_t> arrays{{st.target.array, st.target.subscripts.size()}};
    std::vector<const array_access*> reads;
    collect_reads(st, *st.rhs, &reads);
    for (const array_access* a : reads) arrays.emplace(a->array, a->subscripts.size());
    for (const auto& [name, dims] : arrays) {
      std::vector<std::string> idx;
      for (std::size_t d = 0; d < dims; ++d) idx.push_back("o" + std::to_string(d));
      const isl::union_set elems(m.domain.ctx(), "{ " + name + "[" + join(idx, ", ") + "] }");
      analysis scratch;
      const isl::union_map deps = all_dependences(m.reads.intersect_range(elems), m.writes.intersect_range(elems),
                                                  m.schedule, &scratch);
      if (!member_is_zero(band_distances(band, deps), static_cast<int>(n)))
        throw spec_error(st.describe() + ": loop-carried dependence on " + name + " across loop " +
                         st.loops[n].iterator + " (only the reduction loop may carry one)");
    }
    throw spec_error(st.describe() + ": loop " + st.loops[n].iterator + " is not parallel");
  }
  if (red < 0) throw spec_error(st.describe() + ": no reduction loop (every loop indexes " + st.target.array + ")");
  if (!b.permutable()) throw spec_error(st.describe() + ": the loop band is not permutable, so it cannot be tiled");
}

// C[i][j] += A[i][k] * B[k][j] up to names and loop order.
gemm_roles match_accesses(const statement& st) {
  gemm_roles r;
  r.statement = st.name;
  r.reduction = reduction_member(st);
  const auto& t = st.target.subscripts;
  const std::string i = t.size() == 2 ? plain_iterator(t[0]) : "", j = t.size() == 2 ? plain_iterator(t[1]) : "";
  if (i.empty() || j.empty() || i == j)
    throw spec_error(st.describe() + ": the written array must be indexed " + st.target.array + "[i][j] by two loops");
  r.c = st.target.array;
  r.row = position(st, i);
  r.col = position(st, j);
  const std::string k = st.loops[r.reduction].iterator;
  const expr& e = *st.rhs;
  const bool product = e.what == expr::kind::binary && e.op == '*' && e.operands[0]->what == expr::kind::access &&
                       e.operands[1]->what == expr::kind::access;
  if (!product) throw spec_error(st.describe() + ": the right-hand side must be a product A[i][k] * B[k][j]");
  for (const auto& o : e.operands) {
    const array_access& a = o->ref;
    const std::string s0 = a.subscripts.size() == 2 ? plain_iterator(a.subscripts[0]) : "";
    const std::string s1 = a.subscripts.size() == 2 ? plain_iterator(a.subscripts[1]) : "";
    if (s0 == i && s1 == k && r.a.empty()) r.a = a.array;
    else if (s0 == k && s1 == j && r.b.empty()) r.b = a.array;
    else
      throw spec_error(st.describe() + ": array access " + a.text + " is neither A[" + i + "][" + k + "] nor B[" + k +
                       "][" + j + "] (transposes are the runtime's strides, not the spec's)");
  }
  if (r.a == r.c || r.b == r.c) throw spec_error(st.describe() + ": " + r.c + " is both read as a factor and written");
  return r;
}

// The domain must be the box 0 <= i < M, 0 <= j < N, 0 <= k < K.
void require_box_domain(const statement& st, gemm_roles* r) {
  const int members[3] = {r->row, r->col, r->reduction};
  std::string* params[3] = {&r->m, &r->n, &r->k};
  for (int n = 0; n < 3; ++n) {
    const loop& l = st.loops[members[n]];
    *params[n] = plain_iterator(l.upper_exclusive);
    if (params[n]->empty() || position(st, *params[n]) >= 0 || !l.lower.coef.empty() || l.lower.constant != 0)
      throw spec_error(st.describe() + ": loop " + l.iterator + " must run from 0 to a parameter (found " +
                       l.lower.isl_text() + " <= " + l.iterator + " < " + l.upper_exclusive.isl_text() + ")");
  }
  if (r->m == r->n || r->n == r->k || r->m == r->k)
    throw spec_error(st.describe() + ": the three loops need three distinct bounds");
}

}  // namespace

analysis analyse(const model& m, const scop& s) {
  analysis a;
  require_shape(s);
  const statement& st = s.statements[0];
  refuse_calls(st, *st.rhs);
  const isl::union_map deps = all_dependences(m.reads, m.writes, m.schedule, &a);
  a.schedule = flag_bands(m.schedule, deps);
  require_parallel_loops(m, s, a.schedule);
  a.roles = match_accesses(st);
  require_box_domain(st, &a.roles);
  return a;
}

}  // namespace swgen
