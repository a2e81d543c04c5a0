// Triangular solves: analysis and block recipe (see solve.h).
#include "solve.h"

#include <stdexcept>

#include "isl_c.h"
#include "schedule_tree.h"
#include "scop_text.h"

namespace swgen {

namespace {

// (x, y) of an access X[x][y] with plain iterators, or empty strings.
std::pair<std::string, std::string> pair_of(const array_access& a) {
  if (a.subscripts.size() != 2) return {"", ""};
  return {plain_iterator(a.subscripts[0]), plain_iterator(a.subscripts[1])};
}

// "S0[a0, a1, a2]" and the name of member `pos` in it.
std::string var(int pos) { return "a" + std::to_string(pos); }

// { S0[..] -> [f]; S1[..] -> [g] } as one schedule member.
isl::multi_union_pw_aff member(const model& m, const solve_roles& r, const std::string& f, const std::string& g) {
  return isl::multi_union_pw_aff(m.domain.ctx(), "[{ " + instance_tuple(r.update.statement, 3) + " -> [(" + f + ")]; " +
                                                      instance_tuple(r.divide, 2) + " -> [(" + g + ")] }]");
}

// One member per expression, of one statement's instances `tuple`.
isl::multi_union_pw_aff members_of(const model& m, const std::string& tuple, const std::vector<std::string>& exprs) {
  std::vector<std::string> each;
  for (const std::string& e : exprs) each.push_back("{ " + tuple + " -> [(" + e + ")] }");
  return isl::multi_union_pw_aff(m.domain.ctx(), "[" + join(each, ", ") + "]");
}

// The distances of `deps` on one-member schedules `f` (the same quantity of
// every statement): { [d] }.
isl::set distances(const isl::union_map& deps, const isl::multi_union_pw_aff& f) {
  const isl::union_map s = isl::union_map::from(f);
  return deps.apply_domain(s).apply_range(s).deltas().as_set();
}

}  // namespace

bool is_solve(const scop& s) {
  for (const statement& st : s.statements) {
    if (!st.subtracts) continue;
    std::vector<const array_access*> reads;
    collect_reads(st, *st.rhs, &reads);
    for (const array_access* a : reads)
      if (a->array == st.target.array && a->text != st.target.text) return true;
  }
  return false;
}

solve_roles analyse_solve(const model& m, const scop& s) {
  const auto refuse = [](const statement& st, const std::string& why) { throw spec_error(st.describe() + ": " + why); };
  if (s.statements.size() != 2)
    refuse(s.statements[0], "a solve is two statements: X[i][j] -= L[i][k] * X[k][j]; X[i][j] = X[i][j] / L[i][i]");
  const statement& up = s.statements[0];
  const statement& div = s.statements[1];
  if (!up.subtracts || up.loops.size() != 3)
    refuse(up, "a solve's first statement removes solved unknowns: a 3-deep X[i][j] -= L[i][k] * X[k][j]");
  if (div.accumulates || div.loops.size() != 2)
    refuse(div, "a solve's second statement divides: a 2-deep X[i][j] = X[i][j] / L[i][i]");
  solve_roles r;
  gemm_roles& g = r.update;
  g.statement = up.name;
  g.arity = 3;
  const auto [i, j] = pair_of(up.target);
  g.row = loop_position(up, i);
  g.col = loop_position(up, j);
  if (g.row < 0 || g.col < 0 || i == j) refuse(up, "the written array must be indexed X[i][j] by two loops");
  g.reduction = 3 - g.row - g.col;
  const std::string k = up.loops[g.reduction].iterator;
  const expr& e = *up.rhs;
  const bool product = e.what == expr::kind::binary && e.op == '*' && e.operands[0]->what == expr::kind::access &&
                       e.operands[1]->what == expr::kind::access;
  if (!product) refuse(up, "the removal must be a product L[i][k] * X[k][j]");
  g.c = g.b = up.target.array;
  for (const auto& o : e.operands) {
    const array_access& a = o->ref;
    const auto sub = pair_of(a);
    if (a.array == g.c && sub == std::pair{k, j}) continue;
    if (a.array != g.c && sub == std::pair{i, k} && g.a.empty()) {
      g.a = a.array;
      continue;
    }
    refuse(up, "array access " + a.text + " is neither L[" + i + "][" + k + "] nor " + g.c + "[" + k + "][" + j + "]");
  }
  if (g.a.empty()) refuse(up, "the removal must read the triangle L[" + i + "][" + k + "]");
  // The division: X[i][j] = X[i][j] / L[i][i], in the same i loop.
  r.divide = div.name;
  const auto [di, dj] = pair_of(div.target);
  r.divide_row = loop_position(div, di);
  r.divide_col = loop_position(div, dj);
  const expr& d = *div.rhs;
  const bool divides = d.what == expr::kind::binary && d.op == '/' && d.operands[0]->what == expr::kind::access &&
                       d.operands[1]->what == expr::kind::access && d.operands[0]->ref.array == g.c &&
                       pair_of(d.operands[0]->ref) == std::pair{di, dj} && d.operands[1]->ref.array == g.a &&
                       pair_of(d.operands[1]->ref) == std::pair{di, di};
  if (div.target.array != g.c || r.divide_row < 0 || r.divide_col < 0 || !divides)
    refuse(div, "the division must be " + g.c + "[i][j] = " + g.c + "[i][j] / " + g.a + "[i][i]");
  const auto param = [&](const statement& st, int pos) {
    const loop& l = st.loops[pos];
    const std::string p = plain_iterator(l.upper_exclusive);
    if (p.empty() || loop_position(st, p) >= 0 || !l.more_upper.empty())
      refuse(st, "loop " + l.iterator + " must run below a parameter");
    return p;
  };
  g.m = param(up, g.row);
  g.n = param(up, g.col);
  // Dependences under the text's order decide what the removals read; the
  // domain (the box, the removals below the diagonal) is checked after.
  analysis flows;
  r.dependences = all_dependences(m.reads, m.writes, m.schedule, &flows);
  const isl::union_map& raw = flows.raw;
  const std::string t0 = instance_tuple(up.name, 3), t1 = instance_tuple(div.name, 2);
  // Columns are independent: no dependence crosses from one j to another.
  if (!distances(r.dependences, member(m, r, var(g.col), var(r.divide_col))).is_subset(isl::set(m.domain.ctx(), "{ [0] }")))
    refuse(up, "the columns " + j + " are not independent");
  // Rows are a solve: dependences go forward in i, and some cross rows.
  const isl::set rows = distances(r.dependences, member(m, r, var(g.row), var(r.divide_row)));
  if (!rows.is_subset(isl::set(m.domain.ctx(), "{ [d] : d >= 0 }")) || rows.is_subset(isl::set(m.domain.ctx(), "{ [0] }")))
    refuse(up, "the rows " + i + " are not a forward solve");
  // Every removal reads an unknown its division has finished.
  const isl::union_map solved(m.domain.ctx(), "{ " + instance_tuple(div.name, 2, "b") + " -> " + t0 + " : b" +
                                                  std::to_string(r.divide_row) + " = " + var(g.reduction) + " and b" +
                                                  std::to_string(r.divide_col) + " = " + var(g.col) + " }");
  const isl::union_map reads_solved = raw.intersect_domain(isl::union_set(m.domain.ctx(), "{ " + t1 + " }"))
                                          .intersect_range(isl::union_set(m.domain.ctx(), "{ " + t0 + " }"));
  if (!reads_solved.is_equal(solved.intersect_domain(m.domain).intersect_range(m.domain)))
    refuse(up, "a removal reads an unknown " + g.c + "[" + k + "][" + j + "] before its division");
  const std::string pre = param_prefix(s);
  const std::string s0 = instance(up), s1 = instance(div);
  const isl::union_set want(m.domain.ctx(), pre + "{ " + s0 + " : 0 <= " + i + " < " + g.m + " and 0 <= " + j + " < " +
                                                g.n + " and 0 <= " + k + " < " + i + "; " + s1 + " : 0 <= " + di + " < " +
                                                g.m + " and 0 <= " + dj + " < " + g.n + " }");
  if (!m.domain.is_equal(want))
    refuse(up, "the domain must be 0 <= " + i + " < " + g.m + ", 0 <= " + j + " < " + g.n + ", 0 <= " + k + " < " + i +
                   " (the division: every " + di + ", " + dj + ")");
  return r;
}

recipe_result apply_solve_recipe(const model& m, const solve_roles& r, const register_tile& t) {
  const gemm_roles& g = r.update;
  recipe_result res;
  res.stages.emplace_back("model", islc::schedule_text(m.schedule));
  res.dependences = r.dependences;
  res.solve = solve_statement{r.divide, r.divide_row, r.divide_col};
  const std::string t0 = instance_tuple(g.statement, 3), t1 = instance_tuple(r.divide, 2);
  const std::string mr = std::to_string(t.mr), nr = std::to_string(t.nr);
  const auto origin = [](const std::string& v, const std::string& size) { return size + "*floor((" + v + ")/" + size + ")"; };
  const std::string i = var(g.row), j = var(g.col), k = var(g.reduction);
  const std::string di = var(r.divide_row), dj = var(r.divide_col);
  // [jr] ; [ir] ; sequence { removals above the tile ; the tile's triangle }
  // The full tiles isolated on each band, so that they print as full-tile
  // calls: columns t..t+nr-1 all below N, rows all below M.
  const isl::ctx ctx = m.domain.ctx();
  const isl::union_set full_columns(ctx, "[" + g.n + "] -> { isolate[[] -> [t]] : t + " + nr + " <= " + g.n + " }");
  const isl::union_set full_rows(ctx, "[" + g.m + "] -> { isolate[[o] -> [t]] : t + " + mr + " <= " + g.m + " }");
  isl::schedule_node node = isl::schedule_node::from_domain(m.domain).child(0);
  node = node.insert_partial_schedule(member(m, r, origin(j, nr), origin(dj, nr)));
  node = node.as<isl::schedule_node_band>().member_set_coincident(0, true).set_ast_build_options(full_columns);
  node = node.child(0).insert_partial_schedule(member(m, r, origin(i, mr), origin(di, mr)));
  node = node.as<isl::schedule_node_band>().set_ast_build_options(full_rows);
  isl::union_set_list parts(ctx, 2);
  parts = parts.add(isl::union_set(ctx, "{ " + t0 + " : " + k + " < " + origin(i, mr) + " }"));
  parts = parts.add(isl::union_set(ctx, "{ " + t0 + " : " + k + " >= " + origin(i, mr) + "; " + t1 + " }"));
  node = node.child(0).insert_sequence(parts);
  // The removals above the tile: a product, k outermost.
  node = node.child(0).child(0).insert_partial_schedule(members_of(m, t0, {k, i, j})).insert_mark("ukernel");
  node = node.parent().parent().child(1).child(0);
  // The triangle: row by row, each row's removals before its division.
  node = node.insert_partial_schedule(member(m, r, i, di));
  isl::union_set_list steps(ctx, 2);
  steps = steps.add(isl::union_set(ctx, "{ " + t0 + " }")).add(isl::union_set(ctx, "{ " + t1 + " }"));
  node = node.child(0).insert_partial_schedule(member(m, r, j, dj)).child(0).insert_sequence(steps);
  node = node.child(0).child(0).insert_partial_schedule(members_of(m, t0, {k}));
  node = node.parent().parent().parent().parent().insert_mark("solve");
  // Up to [ir] (marked in_order), then [jr] (parallel).
  node = node.parent().parent().parent().insert_mark("in_order").parent().insert_mark("parallel");
  check_legal(node.schedule(), res.dependences);
  // The marked band's member must carry nothing (the runtime may split it).
  if (!band_distances(node.child(0), res.dependences).is_subset(isl::set(ctx, "{ [0] }")))
    throw std::logic_error("solve recipe: the column tiles carry a dependence");
  res.stages.emplace_back("solve", islc::schedule_text(node.schedule()));
  res.schedule = node.schedule();
  return res;
}

}  // namespace swgen
