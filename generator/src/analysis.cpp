// The analysis stage: dependences, parallel and reduction loops, the GEMM
// roles and the fused element-wise statements, or a refusal naming the
// statement (see polyhedral.h).
#include "polyhedral.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "isl_c.h"
#include "scop_text.h"

namespace swgen {

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

}  // namespace

isl::union_map all_dependences(const isl::union_map& reads, const isl::union_map& writes, const isl::schedule& sched,
                               analysis* a) {
  a->raw = flow(reads, writes, isl::union_map(), sched);
  a->war = flow(writes, isl::union_map(), reads, sched);
  a->waw = flow(writes, writes, isl::union_map(), sched);
  return a->raw.unite(a->war).unite(a->waw);
}

namespace {


// The GEMM statement: the only accumulation. Every other statement is an
// element-wise prologue or epilogue (matched later).
const statement& gemm_statement(const scop& s) {
  const statement* gemm = nullptr;
  for (const statement& st : s.statements) {
    if (!st.accumulates) continue;
    if (gemm) throw spec_error(st.describe() + ": the dgemm recipe needs exactly one accumulation, found a second");
    gemm = &st;
  }
  if (!gemm) throw spec_error(s.statements[0].describe() + ": the dgemm recipe needs an accumulation '+='");
  if (gemm->subtracts)
    throw spec_error(gemm->describe() + ": the dgemm recipe needs '+=' (a GEMM's sign is its alpha; '-=' is a solve's, "
                                        "which reads the array it writes)");
  if (gemm->loops.size() != 3 && gemm->loops.size() != 4)
    throw spec_error(gemm->describe() + ": the dgemm recipe needs a 3-deep loop nest (4-deep when batched), found " +
                     std::to_string(gemm->loops.size()));
  return *gemm;
}

void refuse_calls(const statement& st, const expr& e) {
  if (e.what == expr::kind::call)
    throw spec_error(st.describe() + ": element-wise function '" + e.function +
                     "' inside the GEMM statement (write it as a separate prologue or epilogue statement)");
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
void require_parallel_loops(const model& m, const statement& st, const isl::schedule& flagged) {
  const isl::schedule_node band = statement_band_of(flagged, st.name);
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

// The batch loop of a 4-deep GEMM: the one every access is indexed by first.
int batch_member(const statement& st) {
  if (st.loops.size() != 4) return -1;
  const std::string b = st.target.subscripts.size() == 3 ? plain_iterator(st.target.subscripts[0]) : "";
  int pos = b.empty() ? -1 : loop_position(st, b);
  std::vector<const array_access*> reads;
  collect_reads(st, *st.rhs, &reads);
  for (const array_access* a : reads)
    if (a->subscripts.size() != 3 || plain_iterator(a->subscripts[0]) != b) pos = -1;
  if (pos < 0)
    throw spec_error(st.describe() + ": a 4-deep GEMM must be batched: every access indexed [b][..][..] "
                     "first by the same loop b");
  return pos;
}

// The two GEMM subscripts of an access ([b] stripped when batched), or
// empty when the access does not have the expected shape.
std::vector<std::string> gemm_subscripts(const array_access& a, const std::string& batch) {
  const std::size_t want = batch.empty() ? 2 : 3;
  if (a.subscripts.size() != want) return {};
  if (!batch.empty() && plain_iterator(a.subscripts[0]) != batch) return {};
  return {plain_iterator(a.subscripts[want - 2]), plain_iterator(a.subscripts[want - 1])};
}

// C[i][j] += A[i][k] * B[k][j] up to names and loop order (with a leading
// [b] on every access when batched).
gemm_roles match_accesses(const statement& st) {
  gemm_roles r;
  r.statement = st.name;
  r.arity = static_cast<int>(st.loops.size());
  r.batch = batch_member(st);
  r.reduction = reduction_member(st);
  const std::string batch = r.batch >= 0 ? st.loops[r.batch].iterator : "";
  const std::vector<std::string> t = gemm_subscripts(st.target, batch);
  const std::string i = t.empty() ? "" : t[0], j = t.empty() ? "" : t[1];
  if (i.empty() || j.empty() || i == j || i == batch || j == batch)
    throw spec_error(st.describe() + ": the written array must be indexed " + st.target.array +
                     (batch.empty() ? "" : "[" + batch + "]") + "[i][j] by two loops");
  r.c = st.target.array;
  r.row = loop_position(st, i);
  r.col = loop_position(st, j);
  const std::string k = st.loops[r.reduction].iterator;
  const expr& e = *st.rhs;
  const bool product = e.what == expr::kind::binary && e.op == '*' && e.operands[0]->what == expr::kind::access &&
                       e.operands[1]->what == expr::kind::access;
  if (!product) throw spec_error(st.describe() + ": the right-hand side must be a product A[i][k] * B[k][j]");
  for (const auto& o : e.operands) {
    const array_access& a = o->ref;
    const std::vector<std::string> sub = gemm_subscripts(a, batch);
    const std::string s0 = sub.empty() ? "" : sub[0], s1 = sub.empty() ? "" : sub[1];
    if (s0 == i && s1 == k && r.a.empty()) r.a = a.array;
    else if (s0 == k && s1 == j && r.b.empty()) r.b = a.array;
    else
      throw spec_error(st.describe() + ": array access " + a.text + " is neither A[" + i + "][" + k + "] nor B[" + k +
                       "][" + j + "] (transposes are the runtime's strides, not the spec's)");
  }
  if (r.a == r.c || r.b == r.c) throw spec_error(st.describe() + ": " + r.c + " is both read as a factor and written");
  return r;
}

// e uses only the iterator `it` (with a nonzero coefficient) and constants.
bool only_uses(const affine_expr& e, const std::string& it) {
  bool found = false;
  for (const auto& [v, c] : e.coef) {
    if (c == 0) continue;
    if (v != it) return false;
    found = true;
  }
  return found;
}

// a - b
affine_expr minus(affine_expr a, const affine_expr& b) {
  for (const auto& [v, c] : b.coef) a.coef[v] -= c;
  a.constant -= b.constant;
  return a;
}

affine_expr iterator_expr(const std::string& it) {
  affine_expr e;
  e.coef[it] = 1;
  return e;
}

long coefficient(const affine_expr& e, const std::string& v) {
  const auto it = e.coef.find(v);
  return it == e.coef.end() ? 0 : it->second;
}

// The half-plane e >= 0 on i, j and k; in the block form e also holds
// row0, col0 and k0 with i's, j's and k's coefficients.
half_plane half_plane_of(const statement& st, const affine_expr& e, const std::string& i, const std::string& j,
                         const std::string& k, bool block_form) {
  half_plane h{coefficient(e, i), coefficient(e, j), coefficient(e, k), e.constant};
  for (const auto& [v, c] : e.coef) {
    const bool moved = (v == kRow0 && c == h.a_i) || (v == kCol0 && c == h.a_j) || (v == kK0 && c == h.a_k);
    const bool known = v == i || v == j || v == k || (block_form && moved);
    if (c != 0 && !known) throw std::logic_error(st.describe() + ": the block form's condition is not a translated half-plane");
  }
  return h;
}

std::string loop_text(const loop& l) {
  std::string t = l.lower.isl_text() + " <= " + l.iterator + " < " + l.upper_exclusive.isl_text();
  for (const affine_expr& u : l.more_upper) t += " and " + l.iterator + " < " + u.isl_text();
  return t;
}

// The domain: the box 0 <= i < M, 0 <= j < N, 0 <= k < K (0 <= b < count
// when batched), and at most one more bound: on a C loop, affine in the
// other (a triangular C domain: syrk, gemmt), or on k, affine in i or j (a
// triangular A or B: trmm on the left or the right).
void match_domain(const model& m, const scop& s, const statement& st, gemm_roles* r) {
  const int members[4] = {r->row, r->col, r->reduction, r->batch};
  std::string* params[4] = {&r->m, &r->n, &r->k, &r->count};
  std::vector<affine_expr> half_planes;  // each >= 0
  for (int n = 0; n < (r->batch >= 0 ? 4 : 3); ++n) {
    const loop& l = st.loops[members[n]];
    const bool c_loop = n < 2;
    // The loops a bound beyond the box may use: the other C loop, or i or j
    // for k (one of them).
    std::vector<std::string> others;
    if (c_loop) others = {st.loops[members[1 - n]].iterator};
    if (n == 2) others = {st.loops[r->row].iterator, st.loops[r->col].iterator};
    const auto cuts = [&](const affine_expr& e) {
      for (const std::string& o : others)
        if (only_uses(e, o)) return true;
      return false;
    };
    const auto refuse = [&]() {
      throw spec_error(st.describe() + ": loop " + l.iterator + " must run from 0 to a parameter" +
                       (others.empty() ? "" : " (and from or below an affine function of " + join(others, " or ") + ")") +
                       " (found " + loop_text(l) + ")");
    };
    std::vector<affine_expr> uppers{l.upper_exclusive};
    uppers.insert(uppers.end(), l.more_upper.begin(), l.more_upper.end());
    for (const affine_expr& u : uppers) {
      const std::string p = plain_iterator(u);
      if (!p.empty() && loop_position(st, p) < 0 && params[n]->empty())
        *params[n] = p;
      else if (cuts(u))
        half_planes.push_back(minus(minus(u, iterator_expr(l.iterator)), affine_expr{{}, 1}));  // u - 1 - it
      else
        refuse();
    }
    if (cuts(l.lower))
      half_planes.push_back(minus(iterator_expr(l.iterator), l.lower));
    else if (!l.lower.coef.empty() || l.lower.constant != 0)
      refuse();
    if (params[n]->empty()) refuse();
  }
  if (r->m == r->n || r->n == r->k || r->m == r->k || r->count == r->m || r->count == r->n || r->count == r->k)
    throw spec_error(st.describe() + ": the loops need distinct bounds");
  r->block_form = !st.conditions.empty();
  if (r->block_form && !half_planes.empty())
    throw std::logic_error(st.describe() + ": the block form has bounds beyond the box");
  half_planes.insert(half_planes.end(), st.conditions.begin(), st.conditions.end());
  if (half_planes.empty()) return;
  if (half_planes.size() > 1)
    throw spec_error(st.describe() + ": C's domain may have one bound beyond the box (one triangle), found " +
                     std::to_string(half_planes.size()));
  if (r->batch >= 0) throw spec_error(st.describe() + ": a batched GEMM on a triangle of C is not generated");
  const std::string i = st.loops[r->row].iterator, j = st.loops[r->col].iterator;
  const std::string k = st.loops[r->reduction].iterator;
  r->triangle = half_plane_of(st, half_planes[0], i, j, k, r->block_form);
  if (!triangle_shape(r->triangle))
    throw spec_error(st.describe() + ": the triangle " + half_planes[0].isl_text() +
                     " >= 0 is none the runtime has: of C i >= j, i <= j, i >= 2j or i <= 2j + 1 (rows in pairs); "
                     "of A k <= i or k >= i; of B k >= j, k <= j, k >= 2j or k <= 2j + 1 (rows in pairs)");
  if (r->block_form) return;
  for (const std::string& p : s.parameters)
    if (p == kRow0 || p == kCol0 || p == kK0)
      throw spec_error(st.describe() + ": '" + p + "' is the block form's name; rename it");
  // The box bounds the loops do not say (i >= 0 where i starts at j) must
  // follow from the triangle's, or the domain is not box and triangle.
  const std::string box = param_prefix(s) + "{ " + instance(st) + " : 0 <= " + i + " < " + r->m + " and 0 <= " + j +
                          " < " + r->n + " and 0 <= " + k + " < " + r->k + " and " + half_planes[0].isl_text() +
                          " >= 0 }";
  const isl::union_set own = m.domain.intersect(isl::union_set(m.domain.ctx(), "{ " + instance(st) + " }"));
  if (!own.is_equal(isl::union_set(m.domain.ctx(), box)))
    throw spec_error(st.describe() + ": the domain is not the box 0 <= " + i + " < " + r->m + ", 0 <= " + j + " < " +
                     r->n + ", 0 <= " + k + " < " + r->k + " cut by " + half_planes[0].isl_text() + " >= 0");
}

// --- fused element-wise statements -------------------------------------

const std::set<std::string> kPrologueFunctions = {"scale", "fake_quant"};
const std::set<std::string> kEpilogueFunctions = {"relu", "leaky_relu", "gelu_tanh", "gelu_erf",
                                                  "sigmoid", "tanh", "silu", "clamp"};

// X[x][y] with two distinct plain iterators, as text "x,y"; "" otherwise.
std::string plain_pair(const array_access& a) {
  if (a.subscripts.size() != 2) return "";
  const std::string x = plain_iterator(a.subscripts[0]), y = plain_iterator(a.subscripts[1]);
  return x.empty() || y.empty() || x == y ? "" : x + "," + y;
}

bool writes_array(const scop& s, const std::string& array) {
  for (const statement& st : s.statements)
    if (st.target.array == array) return true;
  return false;
}

// The elements of `array` that statement `st` accesses through `rel`, for
// non-empty problems (every parameter >= 1, as the runtime guarantees).
isl::union_set touched(const scop& s, const isl::union_map& rel, const statement& st, const std::string& array) {
  std::vector<std::string> positive;
  for (const std::string& p : s.parameters) positive.push_back(p + " >= 1");
  const isl::set nonempty(rel.ctx(), param_prefix(s) + "{ : " + join(positive, " and ") + " }");
  return rel.intersect_domain(isl::union_set(rel.ctx(), "{ " + instance(st) + " }"))
      .intersect_range(isl::union_set(rel.ctx(), "{ " + array + "[x, y] }"))
      .range()
      .intersect_params(nonempty);
}

void require_two_deep(const statement& st, const char* what, const gemm_roles& r) {
  if (r.batch >= 0)
    throw spec_error(st.describe() + ": fused " + std::string(what) + "s of a batched GEMM are not generated");
  if (st.loops.size() != 2 || st.accumulates)
    throw spec_error(st.describe() + ": a " + std::string(what) + " must be a 2-deep element-wise assignment '='");
}

// Q[x][y] = f(X[x][y]) before the GEMM, Q one of its factors.
fused_statement match_prologue(const model& m, const scop& s, const statement& gemm, const statement& st,
                               const gemm_roles& r) {
  require_two_deep(st, "prologue", r);
  const expr& e = *st.rhs;
  const std::string at = plain_pair(st.target);
  const bool shape = !at.empty() && e.what == expr::kind::call && kPrologueFunctions.count(e.function) &&
                     e.operands.size() == 1 && e.operands[0]->what == expr::kind::access &&
                     plain_pair(e.operands[0]->ref) == at;
  if (!shape)
    throw spec_error(st.describe() + ": a prologue must be Q[x][y] = f(X[x][y]) with f one of scale, fake_quant");
  fused_statement f;
  f.what = fused_statement::role::prologue;
  f.statement = st.name;
  f.after = isl::union_map(m.domain.ctx(), "{ }");
  f.function = e.function;
  f.source = e.operands[0]->ref.array;
  const std::string q = st.target.array;
  f.operand = q == r.a ? 'a' : q == r.b ? 'b' : 0;
  if (!f.operand) throw spec_error(st.describe() + ": the prologue's result " + q + " is not a factor of the GEMM");
  if (f.source == q || writes_array(s, f.source))
    throw spec_error(st.describe() + ": the prologue's input " + f.source + " must be read-only");
  if (!touched(s, m.writes, st, q).is_equal(touched(s, m.reads, gemm, q)))
    throw spec_error(st.describe() + ": the prologue computes other elements of " + q + " than the GEMM reads");
  return f;
}

// C[i][j] = f(C[i][j] + Bias[i][j]) (f and Bias optional) after the GEMM.
fused_statement match_epilogue(const model& m, const analysis& a, const scop& s, const statement& gemm,
                               const statement& st) {
  const gemm_roles& r = a.roles;
  require_two_deep(st, "epilogue", r);
  const std::string at = plain_pair(st.target);
  const expr* e = st.rhs.get();
  fused_statement f;
  f.what = fused_statement::role::epilogue;
  f.statement = st.name;
  f.row = at.empty() || at.substr(0, at.find(',')) == st.loops[0].iterator ? 0 : 1;
  if (e->what == expr::kind::call && e->operands.size() == 1) {
    f.function = e->function;
    e = e->operands[0].get();
  }
  const auto is_c = [&](const expr& x) { return x.what == expr::kind::access && x.ref.array == r.c && plain_pair(x.ref) == at; };
  const auto is_bias = [&](const expr& x) {
    return x.what == expr::kind::access && x.ref.array != r.c && plain_pair(x.ref) == at;
  };
  bool shape = st.target.array == r.c && !at.empty() && (f.function.empty() || kEpilogueFunctions.count(f.function));
  if (shape && e->what == expr::kind::binary && e->op == '+') {
    const expr& x = *e->operands[0];
    const expr& y = *e->operands[1];
    shape = (is_c(x) && is_bias(y)) || (is_bias(x) && is_c(y));
    f.bias = is_bias(x) ? x.ref.array : y.ref.array;
  } else {
    shape = shape && is_c(*e);
  }
  if (!shape)
    throw spec_error(st.describe() + ": an epilogue must be " + r.c + "[i][j] = f(" + r.c +
                     "[i][j] + Bias[i][j]) with f (optional) one of relu, leaky_relu, gelu_tanh, gelu_erf, "
                     "sigmoid, tanh, silu, clamp, and Bias optional");
  if (!f.bias.empty() && writes_array(s, f.bias))
    throw spec_error(st.describe() + ": the bias " + f.bias + " must be read-only");
  if (!touched(s, m.writes, st, r.c).is_equal(touched(s, m.writes, gemm, r.c)))
    throw spec_error(st.describe() + ": the epilogue covers other elements of " + r.c + " than the GEMM writes");
  const isl::union_set gemm_dom(m.domain.ctx(), "{ " + instance(gemm) + " }");
  f.after = a.raw.intersect_domain(gemm_dom.intersect(m.domain))
                .intersect_range(isl::union_set(m.domain.ctx(), "{ " + instance(st) + " }"));
  return f;
}

// Matches every statement but the GEMM as its prologue (before it) or
// epilogue (after it); one fused statement per spec. Either element type:
// the runtime's fused operations (src/fused_ops.h) take double and float.
void match_fused(const model& m, const scop& s, const statement& gemm, analysis* a) {
  bool before = true;
  for (const statement& st : s.statements) {
    if (&st == &gemm) {
      before = false;
      continue;
    }
    if (!a->fused.empty())
      throw spec_error(st.describe() + ": one fused prologue or epilogue per spec (this is the second)");
    a->fused.push_back(before ? match_prologue(m, s, gemm, st, a->roles) : match_epilogue(m, *a, s, gemm, st));
  }
}

}  // namespace

const char* triangle_shape(const half_plane& h) {
  struct shape {
    half_plane plane;
    const char* name;
  };
  static const shape kShapes[] = {{{1, -1, 0, 0}, "lower"},          {{-1, 1, 0, 0}, "upper"},
                                  {{1, -2, 0, 0}, "lower_row_pairs"}, {{-1, 2, 0, 1}, "upper_row_pairs"},
                                  {{1, 0, -1, 0}, "lower"},           {{-1, 0, 1, 0}, "upper"},
                                  {{0, 1, -1, 0}, "upper"},           {{0, -1, 1, 0}, "lower"},
                                  {{0, 2, -1, 1}, "upper_row_pairs"}, {{0, -2, 1, 0}, "lower_row_pairs"}};
  for (const shape& k : kShapes)
    if (k.plane.a_i == h.a_i && k.plane.a_j == h.a_j && k.plane.a_k == h.a_k && k.plane.c == h.c) return k.name;
  return nullptr;
}

isl::schedule_node statement_band_of(const isl::schedule& s, const std::string& name) {
  isl::schedule_node node = s.root().child(0);
  if (!node.isa<isl::schedule_node_sequence>()) return node;
  for (unsigned n = 0; n < node.n_children(); ++n) {
    const isl::union_set f = node.child(static_cast<int>(n)).as<isl::schedule_node_filter>().filter();
    bool match = false;
    f.foreach_set([&](const isl::set& set) { match = match || name == isl_set_get_tuple_name(set.get()); });
    if (match) return node.child(static_cast<int>(n)).child(0);
  }
  throw std::logic_error("no band of " + name);
}

analysis analyse(const model& m, const scop& s) {
  analysis a;
  const statement& st = gemm_statement(s);
  refuse_calls(st, *st.rhs);
  const isl::union_map deps = all_dependences(m.reads, m.writes, m.schedule, &a);
  a.schedule = flag_bands(m.schedule, deps);
  require_parallel_loops(m, st, a.schedule);
  a.roles = match_accesses(st);
  match_domain(m, s, st, &a.roles);
  match_fused(m, s, st, &a);
  if (a.roles.triangle.on() && !a.fused.empty())
    throw spec_error(st.describe() + ": fused prologues and epilogues on a triangular domain are not generated");
  return a;
}

}  // namespace swgen
