// The Sunway recipe passes (see sunway_recipe.h).
#include "sunway_recipe.h"

#include <algorithm>
#include <stdexcept>

#include "isl_c.h"
#include "schedule_tree.h"
#include "spec.h"

namespace swgen::sunway {

namespace {

// A band over the statement from one quasi-affine expression per member.
isl::multi_union_pw_aff band_schedule(isl::ctx ctx, const std::string& tuple, const std::vector<std::string>& members) {
  std::string text = "[";
  for (std::size_t n = 0; n < members.size(); ++n)
    text += (n ? ", " : "") + std::string("{ ") + tuple + " -> [(" + members[n] + ")] }";
  return isl::multi_union_pw_aff(ctx, text + "]");
}

// The GEMM domain padded to whole mesh steps in i and j: the real domain's
// (batch and) k extent, times i and j up to the next multiple of the step.
isl::union_set padded_domain(const isl::union_set& real, const statement_shape& sh, const sunway_target& t) {
  const isl::ctx ctx = real.ctx();
  const isl::union_map to_bk(ctx, "{ " + sh.tuple + " -> [" + (sh.batched() ? sh.b + ", " : "") + sh.k + "] }");
  const std::string sm = std::to_string(t.step_m()), sn = std::to_string(t.step_n());
  const gemm_roles& r = sh.roles;
  const isl::union_set ij(ctx, "[" + r.m + ", " + r.n + "] -> { " + sh.tuple + " : 0 <= " + sh.i + " and 0 <= " + sh.j +
                                   " and exists (e0, e1 : " + sh.i + " < " + sm + "e0 and " + r.m + " <= " + sm +
                                   "e0 < " + r.m + " + " + sm + " and " + sh.j + " < " + sn + "e1 and " + r.n +
                                   " <= " + sn + "e1 < " + r.n + " + " + sn + ") }");
  return real.apply(to_bk).apply(to_bk.reverse()).intersect(ij);
}

}  // namespace

// --- pass 1: compute decomposition (paper 000 section 3) ---------------------

// ([b] ;) [I, J] ; "cpe_mesh" ; filter (r, c) = (rid, cid) ; [r, c] ; [Kb] ;
// [s] ; "ukernel" ; [i, j, k]  on the padded domain.
isl::schedule_node decompose_for_mesh(const model& m, const statement_shape& sh, const sunway_target& t) {
  const isl::ctx ctx = m.domain.ctx();
  const std::string tm = std::to_string(t.tile_m), tn = std::to_string(t.tile_n), tk = std::to_string(t.tile_k);
  const std::string sm = std::to_string(t.step_m()), sn = std::to_string(t.step_n()), sk = std::to_string(t.step_k());
  const std::string rows = std::to_string(t.mesh_rows), cols = std::to_string(t.mesh_cols);
  const std::string cpe_row = "floor(" + sh.i + "/" + tm + ") - " + rows + "*floor(" + sh.i + "/" + sm + ")";
  const std::string cpe_col = "floor(" + sh.j + "/" + tn + ") - " + cols + "*floor(" + sh.j + "/" + sn + ")";
  isl::schedule_node node = isl::schedule_node::from_domain(padded_domain(m.domain, sh, t)).child(0);
  if (sh.batched()) node = node.insert_partial_schedule(band_schedule(ctx, sh.tuple, {sh.b})).child(0);  // paper Fig. 3
  node = node.insert_partial_schedule(band_schedule(
      ctx, sh.tuple, {sm + "*floor(" + sh.i + "/" + sm + ")", sn + "*floor(" + sh.j + "/" + sn + ")"}));
  node = node.child(0).insert_mark("cpe_mesh").child(0);
  node = node.insert_filter(isl::union_set(ctx, "[rid, cid] -> { " + sh.tuple + " : " + cpe_row + " = rid and " +
                                                   cpe_col + " = cid }"));
  node = node.child(0).insert_partial_schedule(band_schedule(ctx, sh.tuple, {cpe_row, cpe_col}));
  node = node.child(0).insert_partial_schedule(band_schedule(ctx, sh.tuple, {sk + "*floor(" + sh.k + "/" + sk + ")"}));
  node = node.child(0).insert_partial_schedule(
      band_schedule(ctx, sh.tuple, {"floor(" + sh.k + "/" + tk + ") - " + cols + "*floor(" + sh.k + "/" + sk + ")"}));
  node = node.child(0).insert_mark("ukernel").child(0);
  return node.insert_partial_schedule(band_schedule(ctx, sh.tuple, {sh.i, sh.j, sh.k})).root();
}

namespace {

// --- footprints and extension relations -------------------------------------

// Prefix schedule at `node`, restricted to the instances reaching it.
isl::union_map prefix_at(const isl::schedule_node& node) {
  return node.prefix_schedule_union_map().intersect_domain(islc::node_domain(node));
}

isl::fixed_box box_of(const isl::map& footprint, const std::string& what) {
  const isl::fixed_box box = footprint.range_simple_fixed_box_hull();
  if (!box.is_valid()) throw std::logic_error("sunway recipe: no fixed-size box hull for " + what);
  return box;
}

std::vector<long> box_sizes(const isl::fixed_box& box) {
  std::vector<long> s;
  const isl::multi_val size = box.size();
  for (unsigned d = 0; d < size.size(); ++d) s.push_back(size.at(static_cast<int>(d)).num_si());
  return s;
}

// Accesses of `array` over the padded domain: the model's relation with its
// domain constraints removed (gist), then restricted to `padded`.
isl::union_map accesses(const isl::union_map& rel, const isl::union_set& real, const isl::union_set& padded,
                        const std::string& array, bool batched) {
  const std::string elements = array + (batched ? "[e, a, b]" : "[a, b]");
  return rel.intersect_range(isl::union_set(rel.ctx(), "{ " + elements + " }")).gist_domain(real).intersect_domain(padded);
}

std::string vars(const std::string& p, int n) {
  std::string s;
  for (int d = 0; d < n; ++d) s += (d ? ", " : "") + p + std::to_string(d);
  return s;
}

// { [p0..p(from-1)] -> [p0..p(from-1), q(from)..q(to-1)] }: a prefix
// extended by free members.
isl::map extend(isl::ctx ctx, int from, int to) {
  std::string range = vars("p", from);
  for (int d = from; d < to; ++d) range += ", q" + std::to_string(d);
  return isl::map(ctx, "{ [" + vars("p", from) + "] -> [" + range + "] }");
}

// The points of a 6-d prefix ((e,) I, J, r, c, Kb, s) whose sub-step s equals the
// CPE's column (A: the CPE fetches / sends the k slice of its column) or row (B).
isl::set sender(isl::ctx ctx, const std::string& outer, const std::string& who) {
  return isl::set(ctx, "{ [" + outer + "I, J, r, c, Kb, s] : s = " + who + " }");
}

// The instance relation of an extension statement: prefix -> name[prefix, payload].
isl::map extension(const isl::map& to_payload, const std::string& name) {
  const isl::map id = to_payload.domain().identity();
  return id.range_product(to_payload).flatten_range().set_range_tuple(name);
}

struct footprints {
  std::string outer;       // "e, " when batched: the batch coordinate leads every prefix
  int skip = 0;            // leading array coordinates that are the batch index
  isl::set p4, p5, p6;     // prefix points at the Kb band, the s band, the ukernel mark
  isl::multi_aff a, b, c;  // origins: A, B tiles (over p6), C tile (over p4)
  isl::map comp;           // compute-tile origin (i, j, k) in GEMM role order, over p6
  isl::set top;            // batched: prefix points at the mesh-step band (the batch index)

  int depth(int unbatched) const { return unbatched + skip; }
  // A prefix tuple text with the batch coordinate in front when batched.
  std::string tuple(const std::string& members) const { return "[" + outer + members + "]"; }
};

// The statement's instance tuple in GEMM role order: { S[d] -> [i, j, k] }.
isl::map role_order(isl::ctx ctx, const statement_shape& sh) {
  return isl::map(ctx, "{ " + sh.tuple + " -> [" + sh.i + ", " + sh.j + ", " + sh.k + "] }");
}

footprints compute_footprints(const isl::schedule_node& root, const model& m, const statement_shape& sh,
                              const isl::union_set& padded, tile_boxes* boxes) {
  const gemm_roles& r = sh.roles;
  const isl::schedule_node uk = find_mark(root, "ukernel");
  const isl::schedule_node s_band = uk.parent(), kb_band = s_band.parent();
  const isl::union_map pre6 = prefix_at(uk), pre5 = prefix_at(s_band), pre4 = prefix_at(kb_band);
  footprints f;
  f.outer = sh.batched() ? "e, " : "";
  f.skip = sh.batched() ? 1 : 0;
  f.p4 = pre4.range().as_set();
  f.p5 = pre5.range().as_set();
  f.p6 = pre6.range().as_set();
  if (sh.batched()) f.top = prefix_at(find_mark(root, "cpe_mesh").parent()).range().as_set();
  const bool bt = sh.batched();
  const isl::fixed_box a = box_of(pre6.reverse().apply_range(accesses(m.reads, m.domain, padded, r.a, bt)).as_map(), r.a);
  const isl::fixed_box b = box_of(pre6.reverse().apply_range(accesses(m.reads, m.domain, padded, r.b, bt)).as_map(), r.b);
  const isl::fixed_box c = box_of(pre4.reverse().apply_range(accesses(m.writes, m.domain, padded, r.c, bt)).as_map(), r.c);
  const isl::fixed_box comp = box_of(pre6.reverse().as_map(), "the compute tile");
  f.a = a.offset();
  f.b = b.offset();
  f.c = c.offset();
  f.comp = comp.offset().as_map().apply_range(role_order(root.ctx(), sh));
  const auto tail = [&](const std::vector<long>& v) { return std::vector<long>(v.begin() + f.skip, v.end()); };
  boxes->a = tail(box_sizes(a));
  boxes->b = tail(box_sizes(b));
  boxes->c = tail(box_sizes(c));
  const std::vector<long> spec_order = box_sizes(comp);
  const int pos[3] = {r.row, r.col, r.reduction};
  for (int d : pos) boxes->compute.push_back(spec_order[d]);
  return f;
}

// Grafts one extension statement per relation before (or after) `at`, in order.
isl::schedule_node graft_all(isl::schedule_node at, const std::vector<std::pair<std::string, isl::map>>& rels,
                             int prefix, int skip, bool after, std::vector<extension_statement>* stmts) {
  for (const auto& [name, rel] : rels) {
    const isl::schedule_node graft = isl::schedule_node::from_extension(isl::union_map(extension(rel, name)));
    at = after ? at.graft_after(graft) : at.graft_before(graft);
    stmts->push_back({name, prefix, skip});
  }
  return at;
}

// --- pass 2: DMA of C, A and B tiles (paper 000 section 4) --------------------

// Statements around the Kb band: getC, fetch_first_a/b, waitC before it;
// putC, wait_putC after it. The first block's fetch is peeled out of the loop.
isl::schedule_node insert_tile_dma(isl::schedule_node kb_band, const footprints& f, bool epilogue,
                                   std::vector<extension_statement>* stmts) {
  const isl::ctx ctx = kb_band.ctx();
  const isl::map c_tile = f.c.as_map().intersect_domain(f.p4);
  const isl::map first = extend(ctx, f.depth(4), f.depth(6)).intersect_range(f.p6);
  const isl::map first_a = first.intersect_range(sender(ctx, f.outer, "c")).lexmin().apply_range(f.a.as_map());
  const isl::map first_b = first.intersect_range(sender(ctx, f.outer, "r")).lexmin().apply_range(f.b.as_map());
  kb_band = graft_all(kb_band, {{"getC", c_tile}, {"fetch_first_a", first_a}, {"fetch_first_b", first_b}, {"waitC", c_tile}},
                      f.depth(4), f.skip, false, stmts);
  // graft_after puts each directly after the band: the last grafted runs first.
  kb_band = graft_all(kb_band, {{"wait_putC", c_tile}, {"putC", c_tile}}, f.depth(4), f.skip, true, stmts);
  // Post-tiling fusion of the epilogue: on the finished C tile, before putC.
  return epilogue ? graft_all(kb_band, {{"epilogue", c_tile}}, f.depth(4), f.skip, true, stmts) : kb_band;
}

// Statements in the Kb loop before the s band: wait for this block's tiles,
// (apply a fused prologue to them,) fetch the next block's (where there is one) into the other DMA buffer,
// a barrier, and the broadcasts of the block's first sub-step (peeled). The
// barrier matters when the previous block had an odd number of sub-steps (a
// ragged last k block): its last micro kernel read the buffer that the first
// broadcast now overwrites.
isl::schedule_node insert_block_pipeline(isl::schedule_node s_band, const footprints& f, fused_spec::role fused,
                                         std::vector<extension_statement>* stmts) {
  const isl::ctx ctx = s_band.ctx();
  const isl::map same_block = extend(ctx, f.depth(5), f.depth(6)).intersect_domain(f.p5).intersect_range(f.p6);
  const isl::map next_block = isl::map(ctx, "{ " + f.tuple("I, J, r, c, Kb") + " -> " + f.tuple("I, J, r, c, Kb2, s") +
                                                " : Kb2 > Kb }")
                                  .intersect_domain(f.p5)
                                  .intersect_range(f.p6);
  const isl::map first_step = same_block.lexmin();
  s_band = graft_all(s_band, {{"wait_block", first_step.apply_range(f.comp)}}, f.depth(5), 0, false, stmts);
  // A fused prologue transforms the tile this CPE fetched (its slice of the
  // block) once it has landed, so that every receiver gets it transformed.
  if (fused == fused_spec::role::prologue_a)
    s_band = graft_all(s_band, {{"prologue_a", same_block.intersect_range(sender(ctx, f.outer, "c")).apply_range(f.a.as_map())}},
                       f.depth(5), f.skip, false, stmts);
  if (fused == fused_spec::role::prologue_b)
    s_band = graft_all(s_band, {{"prologue_b", same_block.intersect_range(sender(ctx, f.outer, "r")).apply_range(f.b.as_map())}},
                       f.depth(5), f.skip, false, stmts);
  s_band = graft_all(
      s_band,
      {{"fetch_next_a", next_block.intersect_range(sender(ctx, f.outer, "c")).lexmin().apply_range(f.a.as_map())},
       {"fetch_next_b", next_block.intersect_range(sender(ctx, f.outer, "r")).lexmin().apply_range(f.b.as_map())}},
      f.depth(5), f.skip, false, stmts);
  s_band = graft_all(s_band, {{"ssync_block", isl::map(ctx, "{ " + f.tuple("I, J, r, c, Kb") + " -> [] }").intersect_domain(f.p5)}},
                     f.depth(5), 0, false, stmts);
  return graft_all(s_band,
                   {{"bcast_first_a", first_step.intersect_range(sender(ctx, f.outer, "c")).apply_range(f.a.as_map())},
                    {"bcast_first_b", first_step.intersect_range(sender(ctx, f.outer, "r")).apply_range(f.b.as_map())}},
                   f.depth(5), f.skip, false, stmts);
}

// --- pass 3: RMA broadcasts, second pipeline level (paper 000 sections 5, 6) --

// Statements in the s loop before the micro kernel: wait for this sub-step's
// broadcasts, a barrier (every CPE is done with the buffers the next
// broadcasts overwrite), and the next sub-step's broadcasts.
isl::schedule_node insert_step_pipeline(isl::schedule_node uk, const footprints& f,
                                        std::vector<extension_statement>* stmts) {
  const isl::ctx ctx = uk.ctx();
  const isl::map next_step = isl::map(ctx, "{ " + f.tuple("I, J, r, c, Kb, s") + " -> " + f.tuple("I, J, r, c, Kb, s2") +
                                               " : s2 > s }")
                                 .intersect_domain(f.p6)
                                 .intersect_range(f.p6)
                                 .lexmin();
  uk = graft_all(uk,
                 {{"wait_step", f.comp.intersect_domain(f.p6)},
                  {"ssync_step", isl::map(ctx, "{ " + f.tuple("I, J, r, c, Kb, s") + " -> [] }").intersect_domain(f.p6)}},
                 f.depth(6), 0, false, stmts);
  return graft_all(uk,
                   {{"bcast_next_a", next_step.intersect_range(sender(ctx, f.outer, "c")).apply_range(f.a.as_map())},
                    {"bcast_next_b", next_step.intersect_range(sender(ctx, f.outer, "r")).apply_range(f.b.as_map())}},
                   f.depth(6), f.skip, false, stmts);
}

// Batched specs: at the top of each batch entry, before its mesh steps, the
// CPE switches its A, B and C to those of entry e (paper 000 3: the batch
// loop runs inside one kernel launch).
isl::schedule_node insert_batch_entry(isl::schedule_node mesh_band, const footprints& f,
                                      std::vector<extension_statement>* stmts) {
  const isl::map entry = isl::map(mesh_band.ctx(), "{ [e] -> [e] }").intersect_domain(f.top);
  return graft_all(mesh_band, {{"batch_entry", entry}}, 1, 0, false, stmts);
}

std::size_t round_up(std::size_t v, std::size_t a) { return (v + a - 1) / a * a; }

}  // namespace

std::vector<ldm_buffer> ldm_plan(const sunway_target& t, std::size_t param_bytes) {
  const std::size_t a = static_cast<std::size_t>(t.tile_m) * t.tile_k * t.elem_bytes();
  const std::size_t b = static_cast<std::size_t>(t.tile_k) * t.tile_n * t.elem_bytes();
  std::vector<ldm_buffer> v = {{"params", param_bytes}, {"reply_words", 2 * sizeof(long)},
                               {"c_tile", static_cast<std::size_t>(t.tile_m) * t.tile_n * t.elem_bytes()}};
  for (const char* slot : {"[0]", "[1]"}) {
    v.push_back({std::string("a_dma") + slot, a});
    v.push_back({std::string("b_dma") + slot, b});
    v.push_back({std::string("a_rma") + slot, a});
    v.push_back({std::string("b_rma") + slot, b});
  }
  return v;
}

namespace {

// The LDM the buffers take, each rounded to the allocation granule.
std::size_t ldm_total(const sunway_target& t, const std::vector<ldm_buffer>& buffers) {
  std::size_t total = 0;
  for (const ldm_buffer& b : buffers) total += round_up(b.bytes, t.ldm_align);
  return total;
}

// The largest tile one DMA moves: C's, or A's or B's when k is the longest.
std::size_t largest_tile_bytes(const sunway_target& t) {
  const std::size_t m = static_cast<std::size_t>(t.tile_m), n = static_cast<std::size_t>(t.tile_n),
                    k = static_cast<std::size_t>(t.tile_k);
  return std::max({m * n, m * k, k * n}) * t.elem_bytes();
}

bool fits(const sunway_target& t) {
  return largest_tile_bytes(t) <= t.dma_max_bytes && ldm_total(t, ldm_plan(t, kernel_param_bytes)) <= t.ldm_budget;
}

}  // namespace

void check_ldm_budget(const sunway_target& t, const std::vector<ldm_buffer>& buffers) {
  const std::size_t total = ldm_total(t, buffers);
  std::string list;
  for (const ldm_buffer& b : buffers) list += (list.empty() ? "" : ", ") + b.name + " " + std::to_string(b.bytes);
  const std::size_t largest_dma = largest_tile_bytes(t);
  if (largest_dma > t.dma_max_bytes)
    throw spec_error("target " + t.name + ": CPE tile " + std::to_string(t.tile_m) + "x" + std::to_string(t.tile_n) +
                     "x" + std::to_string(t.tile_k) + " has a tile of " + std::to_string(largest_dma) +
                     " bytes, more than one DMA moves (" + std::to_string(t.dma_max_bytes) + ")");
  if (total > t.ldm_budget)
    throw spec_error("target " + t.name + ": CPE tile " + std::to_string(t.tile_m) + "x" + std::to_string(t.tile_n) +
                     "x" + std::to_string(t.tile_k) + " needs " + std::to_string(total) +
                     " bytes of LDM per CPE with every double buffer counted (" + list + "; each rounded up to " +
                     std::to_string(t.ldm_align) + " bytes) but the budget is " + std::to_string(t.ldm_budget) +
                     " bytes (ldm_budget)");
}

sunway_target target_for_element(const sunway_target& t, element_type e) {
  sunway_target r = t;
  r.elem = e;
  if (e == element_type::f64) return r;
  if (t.ukernel_f32.empty())
    throw spec_error("target " + t.name + " has no single-precision CPE micro kernel (ukernel_f32)");
  r.ukernel = t.ukernel_f32;
  // Narrower elements leave LDM over: k doubles while every buffer fits, so
  // each DMA and broadcast moves as many bytes as double's and the mesh
  // step's arithmetic grows with it.
  for (sunway_target deeper = r;;) {
    deeper.tile_k *= 2;
    if (!fits(deeper)) break;
    r = deeper;
  }
  return r;
}

namespace {

// One GEMM statement over (i, j, k), or (b, i, j, k) for a batched spec (the
// batch member is the one that is neither i, j nor k), possibly followed by a
// fused epilogue statement. Other specs (prologues) are refused.
statement_shape shape_of(const model& m, const gemm_roles& r, const fused_spec& fused) {
  int others = 0;
  unsigned arity = 0;
  m.domain.foreach_set([&](const isl::set& s) {
    const std::string name = isl_set_get_tuple_name(s.get());
    if (name == r.statement) arity = s.tuple_dim();
    else if (name != fused.statement) ++others;
  });
  if (r.triangle.on())
    throw spec_error("statement " + r.statement +
                     ": the Sunway recipe generates box domains only; a triangle of C (syrk, gemmt) runs on the "
                     "MPE's CPU kernels");
  if (others != 0 || (arity != 3 && arity != 4) || (arity == 4 && !fused.statement.empty()))
    throw spec_error("statement " + r.statement +
                     ": the Sunway recipe generates DGEMM, batched DGEMM and DGEMM with one fused prologue or "
                     "epilogue; batched specs with fused operations are not supported for Sunway yet");
  statement_shape sh;
  sh.roles = r;
  std::vector<std::string> d;
  for (unsigned n = 0; n < arity; ++n) d.push_back("d" + std::to_string(n));
  sh.tuple = r.statement + "[";
  for (unsigned n = 0; n < arity; ++n) sh.tuple += (n ? ", " : "") + d[n];
  sh.tuple += "]";
  sh.i = d[r.row];
  sh.j = d[r.col];
  sh.k = d[r.reduction];
  for (unsigned n = 0; n < arity; ++n)
    if (static_cast<int>(n) != r.row && static_cast<int>(n) != r.col && static_cast<int>(n) != r.reduction) sh.b = d[n];
  return sh;
}

// The parameter bounding the batch loop: the one that is neither M, N nor K.
std::string batch_parameter(const model& m, const gemm_roles& r) {
  const isl::space space = m.domain.space();
  for (int p = 0; p < isl_space_dim(space.get(), isl_dim_param); ++p) {
    const std::string name = isl_space_get_dim_name(space.get(), isl_dim_param, p);
    if (name != r.m && name != r.n && name != r.k) return name;
  }
  throw spec_error("statement " + r.statement + ": no parameter bounds the batch loop");
}

}  // namespace

fused_spec find_fused(const scop& s, const gemm_roles& r) {
  for (const statement& st : s.statements) {
    if (st.name == r.statement || st.accumulates) continue;
    const std::string op = st.rhs->what == expr::kind::call ? st.rhs->function : "none";
    if (st.target.array == r.c) return {fused_spec::role::epilogue, st.name, op};
    if (st.target.array == r.a) return {fused_spec::role::prologue_a, st.name, op};
    if (st.target.array == r.b) return {fused_spec::role::prologue_b, st.name, op};
  }
  return {};
}

sunway_recipe_result apply_sunway_recipe(const model& m, const analysis& a, const sunway_target& t,
                                         const fused_spec& fused) {
  const statement_shape sh = shape_of(m, a.roles, fused);
  sunway_recipe_result res;
  res.fused = fused;
  res.buffers = ldm_plan(t, kernel_param_bytes);
  check_ldm_budget(t, res.buffers);
  if (sh.batched()) res.batch_parameter = batch_parameter(m, a.roles);
  res.stages.emplace_back("model", islc::schedule_text(m.schedule));
  res.stages.emplace_back("analysis", islc::schedule_text(a.schedule));
  isl::schedule_node root = decompose_for_mesh(m, sh, t);
  check_legal(root.schedule(), a.raw.unite(a.war).unite(a.waw));
  res.stages.emplace_back("mesh decomposition", islc::schedule_text(root.schedule()));
  const footprints f = compute_footprints(root, m, sh, padded_domain(m.domain, sh, t), &res.boxes);
  if (sh.batched()) root = insert_batch_entry(find_mark(root, "cpe_mesh").parent(), f, &res.statements).root();
  isl::schedule_node kb =
      insert_tile_dma(find_mark(root, "ukernel").parent().parent(), f, fused.what == fused_spec::role::epilogue,
                      &res.statements);
  res.stages.emplace_back("dma", islc::schedule_text(kb.schedule()));
  isl::schedule_node s = insert_block_pipeline(kb.child(0), f, fused.what, &res.statements);
  isl::schedule_node uk = insert_step_pipeline(s.child(0), f, &res.statements);
  res.stages.emplace_back("rma and pipeline", islc::schedule_text(uk.schedule()));
  res.schedule = uk.schedule();
  return res;
}

}  // namespace swgen::sunway
