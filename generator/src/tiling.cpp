// The tiling passes of the block recipe (see recipe.h): the loop order of
// a block and its register tiles, the full ones isolated.
#include "recipe.h"

#include "isl_c.h"

namespace swgen {

namespace {

// "o0, o1, " for the outer schedule dimensions in front of a band's own, or
// "" when the band is outermost.
std::string outer_dims(int n) { return n ? dim_list("o", n) + ", " : ""; }

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
  const std::string o = outer_dims(outer), oo = "[" + dim_list("o", outer) + "]";
  const isl::union_map split(ctx, "{ [" + o + "t0, t1, p0, p1] -> [[" + o + "t0, t1] -> [p0, p1]] }");
  const isl::union_map present = points.apply(split).unwrap();
  const isl::union_map box(ctx, "{ [" + o + "t0, t1] -> [p0, p1] : t0 <= p0 < t0 + " + std::to_string(nr) +
                                    " and t1 <= p1 < t1 + " + std::to_string(mr) + " }");
  const isl::union_set all = present.domain();
  const isl::union_set partial = box.intersect_domain(all).subtract(present).domain();
  const isl::union_map wrap(ctx, "{ [" + o + "t0, t1] -> isolate[" + oo + " -> [t0, t1]] }");
  return convex_if_exact(all.subtract(partial).as_set(), all.as_set()).apply(wrap);
}

}  // namespace

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

}  // namespace swgen
