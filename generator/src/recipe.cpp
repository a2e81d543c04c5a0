// The DGEMM recipe passes (see recipe.h).
#include "recipe.h"

#include <stdexcept>

#include "isl_c.h"
#include "schedule_tree.h"

namespace swgen {

long pack_plan::doubles() const {
  const long panels = (box[panel_dim] + panel_width - 1) / panel_width;
  return panels * panel_width * box[1 - panel_dim];
}

namespace {

std::string dims(const std::string& prefix, int n) {
  std::string out;
  for (int d = 0; d < n; ++d) out += (d ? ", " : "") + prefix + std::to_string(d);
  return out;
}

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
  const std::string o = dims("o", outer);
  const isl::union_map split(ctx, "{ [" + o + ", t0, t1, p0, p1] -> [[" + o + ", t0, t1] -> [p0, p1]] }");
  const isl::union_map present = points.apply(split).unwrap();
  const isl::union_map box(ctx, "{ [" + o + ", t0, t1] -> [p0, p1] : t0 <= p0 < t0 + " + std::to_string(nr) +
                                    " and t1 <= p1 < t1 + " + std::to_string(mr) + " }");
  const isl::union_set all = present.domain();
  const isl::union_set partial = box.intersect_domain(all).subtract(present).domain();
  const isl::union_map wrap(ctx, "{ [" + o + ", t0, t1] -> isolate[[" + o + "] -> [t0, t1]] }");
  return convex_if_exact(all.subtract(partial).as_set(), all.as_set()).apply(wrap);
}

std::string stmt_set(const gemm_roles& r) { return "{ " + instance_tuple(r.statement, r.arity) + " }"; }

// Walks down from `node` to the first band of statement `stmt`, choosing the
// filter that holds its instances at sequence nodes.
isl::schedule_node statement_band(isl::schedule_node node, const gemm_roles& r) {
  const std::string& stmt = r.statement;
  const isl::union_set mine(node.ctx(), stmt_set(r));
  while (!node.isa<isl::schedule_node_band>()) {
    if (!node.has_children()) throw std::logic_error("recipe: no band of " + stmt);
    if (!node.isa<isl::schedule_node_sequence>() && !node.isa<isl::schedule_node_set>()) {
      node = node.child(0);
      continue;
    }
    int pick = -1;
    for (unsigned n = 0; n < node.n_children() && pick < 0; ++n)
      if (!node.child(n).as<isl::schedule_node_filter>().filter().intersect(mine).is_empty()) pick = static_cast<int>(n);
    node = node.child(pick);
  }
  return node;
}

// The footprint of `array` under the node `at` (a band about to get a
// packing statement in front) and its fixed-size box hull.
pack_plan plan_pack(const isl::schedule_node& at, const isl::union_map& reads, const std::string& array,
                    const std::string& stmt, int dims, int panel_dim, long panel_width, isl::map* footprint) {
  pack_plan p;
  p.dims = dims;
  p.statement = stmt;
  p.array = array;
  p.panel_dim = panel_dim;
  p.panel_width = panel_width;
  // prefix_schedule_union_map is not intersected with the domain (ISL-NOTES pitfall 4).
  p.prefix = at.prefix_schedule_union_map().intersect_domain(islc::node_domain(at));
  const isl::union_map of_array = reads.intersect_range(isl::union_set(at.ctx(), "{ " + instance_tuple(array, dims) + " }"));
  *footprint = p.prefix.reverse().apply_range(of_array).as_map();
  const isl::fixed_box box = footprint->range_simple_fixed_box_hull();
  if (!box.is_valid()) throw std::logic_error("recipe: no fixed-size box hull for the footprint of " + array);
  p.origin = box.offset();
  // A batched footprint holds one entry: its batch extent is 1 and dropped.
  if (dims == 3 && box.size().at(0).num_si() != 1)
    throw std::logic_error("recipe: the footprint of " + array + " spans several batch entries");
  for (int d = dims - 2; d < dims; ++d) p.box.push_back(box.size().at(d).num_si());
  return p;
}

// The extension tree of one packing statement: instances
// [prefix] -> Pack[origin, element] over the footprint, one band over the
// elements, and a mark the AST generator turns into a packing call.
isl::schedule_node packing_graft(const pack_plan& p, const isl::map& footprint, const std::string& mark) {
  const isl::map ext = p.origin.as_map().range_product(footprint).flatten_range().set_range_tuple(p.statement);
  const std::string inst = pack_instance(p);
  const std::string e0 = "e" + std::to_string(p.dims - 2), e1 = "e" + std::to_string(p.dims - 1);
  const isl::multi_union_pw_aff elements(footprint.ctx(), "[{ " + inst + " -> [(" + e0 + ")] }, { " + inst + " -> [(" + e1 + ")] }]");
  return isl::schedule_node::from_extension(isl::union_map(ext))
      .child(0)
      .insert_partial_schedule(elements)
      .insert_mark(mark)
      .root();
}

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

std::string pack_instance(const pack_plan& p) {
  return p.statement + "[" + dims("o", p.dims) + ", " + dims("e", p.dims) + "]";
}

isl::schedule_node order_goto(isl::schedule_node band, const gemm_roles& r) {
  if (r.batch < 0) return permute_band(band, {r.col, r.reduction, r.row});
  // The batch band isolated outermost: [b] ; "batch_entry" ; [j, k, i].
  band = permute_band(band, {r.batch, r.col, r.reduction, r.row}).as<isl::schedule_node_band>().split(1);
  return band.child(0).insert_mark("batch_entry").child(0);
}

isl::schedule_node tile_cache_blocks(isl::schedule_node band, const tile_sizes& t) {
  isl::schedule_node tiles = band.as<isl::schedule_node_band>().tile(sizes(band.ctx(), {t.nc, t.kc, t.mc}));
  tiles = tiles.as<isl::schedule_node_band>().split(2);
  return tiles.child(0).insert_mark("B_panel").child(0).child(0);
}

isl::schedule_node tile_registers(isl::schedule_node point_band, const tile_sizes& t) {
  isl::schedule_node node = permute_band(point_band, {0, 2, 1});  // (j, i, k)
  node = node.as<isl::schedule_node_band>().split(2);              // [j, i] ; [k]
  node = node.as<isl::schedule_node_band>().tile(sizes(node.ctx(), {t.nr, t.mr}));  // [jr, ir] ; [j, i]
  const isl::union_set isolate = full_tile_option(node, t.nr, t.mr);
  node = node.as<isl::schedule_node_band>().set_ast_build_options(isolate);
  node = islc::band_sink(node.child(0)).parent();  // [jr, ir] ; [k] ; [j, i]
  return node.insert_mark("A_block");
}

isl::schedule_node insert_packing(isl::schedule_node root, const model& m, const gemm_roles& r, pack_plan* a,
                                  pack_plan* b) {
  const isl::schedule_node at_a = find_mark(root, "A_block").child(0);
  const isl::schedule_node at_b = find_mark(root, "B_panel").child(0);
  isl::map fp_a, fp_b;
  // Both footprints are taken before grafting (ISL-NOTES pitfall 5).
  const int dims = r.batch >= 0 ? 3 : 2;
  *a = plan_pack(at_a, m.reads, r.a, "PackA", dims, 0, 1, &fp_a);
  *b = plan_pack(at_b, m.reads, r.b, "PackB", dims, 1, 1, &fp_b);
  root = at_a.graft_before(packing_graft(*a, fp_a, "pack_a")).root();
  return find_mark(root, "B_panel").child(0).graft_before(packing_graft(*b, fp_b, "pack_b")).root();
}

isl::schedule_node mark_micro_kernel(isl::schedule_node root, const gemm_roles& r) {
  return statement_band(find_mark(root, "A_block"), r).child(0).insert_mark("ukernel").root();
}

isl::schedule_node mark_parallel(isl::schedule_node root, const gemm_roles& r, parallel_level level) {
  const char* at = level == parallel_level::ic ? "B_panel" : level == parallel_level::jr ? "A_block" : "batch_entry";
  const isl::schedule_node band =
      level == parallel_level::batch ? find_mark(root, at).parent() : statement_band(find_mark(root, at), r);
  // The AST generator shares out the outermost loop it emits for this band,
  // which may be any member (isl drops loops it can fix): all must be parallel.
  const auto b = band.as<isl::schedule_node_band>();
  for (unsigned m = 0; m < b.n_member(); ++m)
    if (!b.member_get_coincident(static_cast<int>(m)))
      throw std::logic_error("recipe: the band below " + std::string(at) + " is not parallel");
  return band.insert_mark("omp_for").root();
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

recipe_result apply_dgemm_recipe(const model& m, const analysis& a, const tile_sizes& t, parallel_level level) {
  recipe_result res;
  res.stages.emplace_back("model", tree_text(m.schedule));
  res.stages.emplace_back("analysis", tree_text(a.schedule));
  res.dependences = a.raw.unite(a.war).unite(a.waw);
  res.fused = a.fused;
  const isl::schedule gemm = gemm_only(a);
  isl::schedule_node node = order_goto(statement_band_of(gemm, a.roles.statement), a.roles);
  node = tile_registers(tile_cache_blocks(node, t), t);
  check_legal(node.schedule(), res.dependences);
  res.stages.emplace_back("tiling", tree_text(node.schedule()));
  node = insert_packing(node.root(), m, a.roles, &res.pack_a, &res.pack_b);
  res.pack_a.panel_width = t.mr;
  res.pack_b.panel_width = t.nr;
  res.stages.emplace_back("packing", tree_text(node.schedule()));
  node = mark_parallel(mark_micro_kernel(node, a.roles), a.roles, level);
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
