// The block recipe passes (see recipe.h).
#include "recipe.h"

#include <stdexcept>

#include "isl_c.h"
#include "schedule_tree.h"

namespace swgen {

namespace {

std::string dims(const std::string& prefix, int n) {
  std::string out;
  for (int d = 0; d < n; ++d) out += (d ? ", " : "") + prefix + std::to_string(d);
  return out;
}

// "o0, o1, " for the outer schedule dimensions in front of a band's own, or
// "" when the band is outermost.
std::string outer_dims(int n) { return n ? dims("o", n) + ", " : ""; }

// Replaces a band by one with its members in the order `perm` (new member n
// is old member perm[n]), keeping coincidence and permutability; isl has no
// band permutation, so a new band is inserted and the old one deleted.
isl::schedule_node permute_band(isl::schedule_node node, const std::vector<int>& perm) {
  const auto band = node.as<isl::schedule_node_band>();
  const isl::multi_union_pw_aff old = band.partial_schedule();
  isl::multi_union_pw_aff permuted = old;
  for (std::size_t n = 0; n < perm.size(); ++n) permuted = permuted.set_at(static_cast<int>(n), old.at(perm[n]));
  std::vector<bool> coincident;
  for (int p : perm) coincident.push_back(band.member_get_coincident(p));
  const bool permutable = band.permutable();
  node = islc::delete_node(node.insert_partial_schedule(permuted).child(0)).parent();
  auto fresh = node.as<isl::schedule_node_band>().set_permutable(permutable);
  for (std::size_t n = 0; n < coincident.size(); ++n) fresh = fresh.member_set_coincident(static_cast<int>(n), coincident[n]);
  return fresh;
}

isl::multi_val sizes(isl::ctx ctx, const std::vector<int>& v) {
  std::string text = "{ [";
  for (std::size_t n = 0; n < v.size(); ++n) text += (n ? ", " : "") + std::to_string(v[n]);
  return isl::multi_val(ctx, text + "] }");
}

// isl ignores an isolate set whose disjunction involves only outer
// dimensions, which the exact full-tile set has (interior vs. last blocks).
// Its polyhedral hull is used instead when it adds no tile of `all`.
isl::union_set convex_if_exact(const isl::set& full, const isl::set& all) {
  const isl::set hull = full.coalesce().polyhedral_hull();
  return hull.intersect(all).is_subset(full) ? hull : full.coalesce();
}

// The full mr x nr tiles of the [jr, ir] band as an isolate option:
// isolate[[outer] -> [jr, ir]] for every tile whose whole box of points
// (j, i) is in the iteration domain (Polly-style; isl's `separate` does not
// split full from partial tiles here).
isl::union_set full_tile_option(const isl::schedule_node& tiles, int nr, int mr) {
  const isl::ctx ctx = tiles.ctx();
  const int outer = islc::schedule_depth(tiles);
  const isl::schedule_node below = tiles.child(0).child(0);
  const isl::union_set points = below.prefix_schedule_union_map().intersect_domain(islc::node_domain(below)).range();
  const std::string o = outer_dims(outer), oo = "[" + dims("o", outer) + "]";
  const isl::union_map split(ctx, "{ [" + o + "t0, t1, p0, p1] -> [[" + o + "t0, t1] -> [p0, p1]] }");
  const isl::union_map present = points.apply(split).unwrap();
  const isl::union_map box(ctx, "{ [" + o + "t0, t1] -> [p0, p1] : t0 <= p0 < t0 + " + std::to_string(nr) +
                                    " and t1 <= p1 < t1 + " + std::to_string(mr) + " }");
  const isl::union_set all = present.domain();
  const isl::union_set partial = box.intersect_domain(all).subtract(present).domain();
  const isl::union_map wrap(ctx, "{ [" + o + "t0, t1] -> isolate[" + oo + " -> [t0, t1]] }");
  return convex_if_exact(all.subtract(partial).as_set(), all.as_set()).apply(wrap);
}

std::string stmt_set(const gemm_roles& r) { return "{ " + instance_tuple(r.statement, r.arity) + " }"; }

std::string tree_text(const isl::schedule& s) { return islc::schedule_text(s); }

// The schedule with only the GEMM statement: fused statements come back as
// extensions (epilogue) or inside the packing (prologue).
isl::schedule gemm_only(const analysis& a) {
  const isl::union_set gemm(a.schedule.ctx(), stmt_set(a.roles));
  return isl::manage(isl_schedule_intersect_domain(a.schedule.copy(), gemm.copy()));
}

}  // namespace

std::string instance_tuple(const std::string& statement, int arity, const std::string& prefix) {
  return statement + "[" + dims(prefix, arity) + "]";
}

isl::schedule_node order_block(isl::schedule_node band, const gemm_roles& r) {
  return permute_band(band, {r.col, r.row, r.reduction});
}

isl::schedule_node tile_registers(isl::schedule_node band, const register_tile& t) {
  isl::schedule_node node = band.as<isl::schedule_node_band>().split(2);              // [j, i] ; [k]
  node = node.as<isl::schedule_node_band>().tile(sizes(node.ctx(), {t.nr, t.mr}));  // [jr, ir] ; [j, i]
  const isl::union_set isolate = full_tile_option(node, t.nr, t.mr);
  node = node.as<isl::schedule_node_band>().set_ast_build_options(isolate);
  return islc::band_sink(node.child(0)).parent();  // [jr, ir] ; [k] ; [j, i]
}

isl::schedule_node mark_micro_kernel(isl::schedule_node tiles) {
  // The AST generator may drop a member it can fix (jr of the last partial
  // column panel), so every member must be parallel for the runtime to
  // share any loop the band prints as.
  const auto b = tiles.as<isl::schedule_node_band>();
  for (unsigned m = 0; m < b.n_member(); ++m)
    if (!b.member_get_coincident(static_cast<int>(m)))
      throw std::logic_error("recipe: the register-tile band is not parallel");
  return tiles.child(0).insert_mark("ukernel").parent().insert_mark("parallel");
}

bool epilogue_in_registers(const fused_statement& f) {
  return f.function.empty() || f.function == "relu" || f.function == "leaky_relu" || f.function == "clamp";
}

isl::schedule_node fuse_epilogue(isl::schedule_node root, const model& m, const fused_statement& f) {
  const isl::schedule_node at = find_mark(root, "ukernel");
  const isl::union_map prefix = at.prefix_schedule_union_map().intersect_domain(islc::node_domain(at));
  // prefix -> epilogue instance: the register tile that runs its last writer.
  const isl::union_map ext = prefix.reverse().apply_range(f.after);
  // Every element of a non-empty problem (the GEMM's own instances exist).
  const isl::union_set gemm_instances = islc::node_domain(at);
  const isl::set nonempty = isl::manage(isl_union_set_params(gemm_instances.copy()));
  const isl::union_set all = m.domain.intersect(isl::union_set(m.domain.ctx(), "{ " + instance_tuple(f.statement, 2) + " }"))
                                 .intersect_params(nonempty);
  if (!ext.range().is_equal(all) || !ext.reverse().is_single_valued())
    throw std::logic_error("recipe: the epilogue does not run exactly once per element after its last writer");
  const std::string inst = instance_tuple(f.statement, 2, "e");
  const std::string i = "e" + std::to_string(f.row), j = "e" + std::to_string(1 - f.row);
  const isl::multi_union_pw_aff elements(root.ctx(), "[{ " + inst + " -> [(" + j + ")] }, { " + inst + " -> [(" + i + ")] }]");
  const isl::schedule_node graft = isl::schedule_node::from_extension(ext)
                                       .child(0)
                                       .insert_partial_schedule(elements)
                                       .insert_mark("epilogue")
                                       .root();
  // Inside the mark: after the band of the micro kernel's k loop.
  return epilogue_in_registers(f) ? at.child(0).graft_after(graft).root() : at.graft_after(graft).root();
}

recipe_result apply_block_recipe(const model& m, const analysis& a, const register_tile& t) {
  if (a.roles.batch >= 0) throw std::logic_error("recipe: a batched spec is generated one entry at a time");
  recipe_result res;
  res.stages.emplace_back("model", tree_text(m.schedule));
  res.stages.emplace_back("analysis", tree_text(a.schedule));
  res.dependences = a.raw.unite(a.war).unite(a.waw);
  res.fused = a.fused;
  const isl::schedule gemm = gemm_only(a);
  isl::schedule_node node = tile_registers(order_block(statement_band_of(gemm, a.roles.statement), a.roles), t);
  check_legal(node.schedule(), res.dependences);
  res.stages.emplace_back("tiling", tree_text(node.schedule()));
  node = mark_micro_kernel(node);
  res.stages.emplace_back("marks", tree_text(node.schedule()));
  for (const fused_statement& f : a.fused)
    if (f.what == fused_statement::role::epilogue) {
      node = fuse_epilogue(node.root(), m, f);
      res.epilogue_in_ukernel = epilogue_in_registers(f);
      res.stages.emplace_back("fusion", tree_text(node.schedule()));
    }
  res.schedule = node.schedule();
  return res;
}

}  // namespace swgen
