// AST generation with isl's AST builder and a C++ printer for it.
//
// Replacement calls are computed from statement instances only: at a mark,
// the build's schedule maps the outer loops to the instances below the mark
// (docs/isl-notes.md step 4.3), never matched by dimension position, and every
// replacement call is guarded by the set where it has instances (pitfall 8).
#include "codegen.h"

#include <map>
#include <sstream>
#include <stdexcept>

#include "isl_c.h"
#include "kernel_printer.h"

namespace swgen {

namespace {

using islc::add;
using islc::mul;

// Origins and extents of the instances of one statement below a mark.
struct instance_range {
  isl::map inst;  // build schedule -> statement instance
  isl::multi_pw_aff lo, hi;
  isl::pw_aff extent(int d) const { return hi.at(d).sub(lo.at(d)).add_constant(1); }
};

// The instances of `tuple` (e.g. "S0[a, b, c]") below the mark being
// generated: the build's schedule maps them to the outer loops.
instance_range instances_at(const isl::ast_build& build, const std::string& tuple) {
  const isl::union_map all = build.schedule().reverse();
  instance_range r;
  r.inst = all.intersect_range(isl::union_set(all.ctx(), "{ " + tuple + " }")).as_map();
  r.lo = r.inst.min_multi_pw_aff();
  r.hi = r.inst.max_multi_pw_aff();
  return r;
}

// The builder's hooks: tracks open marks and loops, checks the loops the
// runtime may share, and replaces marked subtrees by calls.
class kernel_builder {
 public:
  kernel_builder(const recipe_result& r, const gemm_roles& roles, const kernel_naming& k)
      : recipe_(r), roles_(roles), naming_(k) {}

  islc::ast_hooks hooks() {
    islc::ast_hooks h;
    h.before_mark = [this](const isl::id& id, const isl::ast_build&) { marks_.push_back(id.name()); };
    h.after_mark = [this](isl::ast_node node, const isl::ast_build& build) { return after_mark(node, build); };
    h.before_for = [this](const isl::ast_build& build) { return before_for(build); };
    h.after_for = []() {};
    return h;
  }

 private:
  const recipe_result& recipe_;
  const gemm_roles& roles_;
  const kernel_naming& naming_;
  std::vector<std::string> marks_;  // open marks, outermost first

  bool inside(const std::string& mark) const {
    for (const std::string& m : marks_)
      if (m == mark) return true;
    return false;
  }

  // Every loop of the "parallel" band may be shared by the runtime's
  // threads (it calls the kernel on parts of a block), so none may carry a
  // dependence, whatever the tree's coincidence flags say.
  std::string before_for(const isl::ast_build& build) {
    if (inside("parallel") && !inside("ukernel") && !inside("in_order"))
      require(carries_no_dependence(build), "a loop of the parallel band carries a dependence");
    return "";
  }

  // PPCG's check: no dependence whose source and sink share the outer loop
  // iterations has a nonzero distance on the loop being generated (the last
  // build dimension).
  bool carries_no_dependence(const isl::ast_build& build) const {
    // A solve's loops order both its statements; a GEMM's, its product.
    const isl::union_map sched =
        recipe_.solve ? build.schedule()
                      : build.schedule().intersect_domain(
                            isl::union_set(build.ctx(), "{ " + instance_tuple(roles_.statement, roles_.arity) + " }"));
    bool ok = true;
    recipe_.dependences.apply_domain(sched).apply_range(sched).deltas().foreach_set([&](const isl::set& d) {
      const isl::set flat = d.flatten();
      const unsigned n = flat.tuple_dim();
      std::string zeros;
      for (unsigned i = 0; i + 1 < n; ++i) zeros += "0, ";
      const isl::set same_outer = flat.intersect(isl::set(build.ctx(), "{ [" + zeros + "x] }"));
      ok = ok && (same_outer.is_empty() ||
                  (same_outer.dim_min_val(static_cast<int>(n) - 1).is_zero() &&
                   same_outer.dim_max_val(static_cast<int>(n) - 1).is_zero()));
    });
    return ok;
  }

  void require(bool ok, const std::string& what) const {
    if (!ok) throw std::logic_error(naming_.function + ": " + what);
  }

  isl::ast_node after_mark(isl::ast_node node, const isl::ast_build& build) {
    const std::string name = marks_.back();
    marks_.pop_back();
    if (name == "ukernel") return micro_kernel_call(build);
    if (name == "epilogue") return epilogue_call(build);
    if (name == "solve") return solve_tile_call(build);
    if (name == "parallel" || name == "in_order") return node.as<isl::ast_node_mark>().node();
    return node;
  }

  isl::ast_expr id(const std::string& name) const { return islc::id_expr(recipe_.schedule.ctx(), name); }

  // if (instances exist here) call;   -- the guard is omitted when isl proves it.
  isl::ast_node guarded(const isl::ast_build& build, const isl::map& inst, const isl::ast_expr& call) const {
    return guarded_by(build.expr_from(inst.domain()), call);
  }

  static isl::ast_node guarded_by(const isl::ast_expr& cond, const isl::ast_expr& call) {
    long v = 0;
    if (islc::int_value(cond, &v) && v == 1) return islc::user_node(call);
    return islc::user_node(islc::call("swblas_guard", {cond, call}));
  }

  // `blk.last` (the block holds C's final k block) and cond, or `blk.last`
  // where isl proved cond.
  isl::ast_expr on_last_block(const isl::ast_expr& cond) const {
    long v = 0;
    if (islc::int_value(cond, &v) && v == 1) return id("blk.last");
    return islc::and_(id("blk.last"), cond);
  }

  // base + index * stride, or base when isl proved index == 0 (and base +
  // index for a unit stride).
  static isl::ast_expr offset(const isl::ast_expr& base, const isl::ast_expr& index, const isl::ast_expr& stride) {
    long v = 0;
    if (islc::int_value(index, &v) && v == 0) return base;
    if (islc::int_value(stride, &v) && v == 1) return add(base, index);
    return add(base, mul(index, stride));
  }

  // &C(i0, j0) of the block: blk.c + i0 + j0 * ldc, without the terms isl
  // proved zero.
  isl::ast_expr c_at(const isl::ast_expr& i0, const isl::ast_expr& j0) const {
    const isl::ast_expr one = islc::int_expr(recipe_.schedule.ctx(), 1);
    return offset(offset(id("blk.c"), i0, one), j0, id("blk.ldc"));
  }

  // The micro-kernel call of one register tile. Micro-panels of the packed
  // block are mr*k (nr*k) elements: the tile at (i0, j0) starts at i0*k in
  // the A block and at j0*k in the B panel.
  isl::ast_node micro_kernel_call(const isl::ast_build& build) {
    const instance_range r = instances_at(build, instance_tuple(roles_.statement, roles_.arity));
    const isl::ast_expr m = build.expr_from(r.extent(roles_.row));
    const isl::ast_expr n = build.expr_from(r.extent(roles_.col));
    const isl::ast_expr k = build.expr_from(r.extent(roles_.reduction));
    const isl::ast_expr i0 = build.expr_from(r.lo.at(roles_.row)), j0 = build.expr_from(r.lo.at(roles_.col));
    const isl::ast_expr ap = offset(id("blk.ap"), i0, k);
    const isl::ast_expr bp = offset(id("blk.bp"), j0, k);
    const isl::ast_expr c = c_at(i0, j0);
    // A solve's removals above a tile run over the tile's own k range too.
    if (recipe_.solve || (roles_.triangle.on() && roles_.triangle.of() != 'c')) return tile_of_a_factor_triangle(build, r);
    if (roles_.triangle.on() && !is_full(m, n)) return tile_across_triangle(build, r, k);
    if (recipe_.epilogue_in_ukernel)
      return guarded(build, r.inst,
                     fused_micro_kernel_call(build, r.inst,
                                             {i0, j0, m, n, k, id("blk.alpha"), ap, bp, id("blk.beta"), c, id("blk.ldc")}));
    return guarded(build, r.inst, ukernel_call(m, n, k, ap, bp, c));
  }

  // An m x n tile is a full one where isl proved m == mr and n == nr.
  bool is_full(const isl::ast_expr& m, const isl::ast_expr& n) const {
    long mv = 0, nv = 0;
    return islc::int_value(m, &mv) && islc::int_value(n, &nv) && mv == naming_.mr && nv == naming_.nr;
  }

  // The micro kernel on an m x n tile: its full-tile entry where the tile
  // is full.
  isl::ast_expr ukernel_call(const isl::ast_expr& m, const isl::ast_expr& n, const isl::ast_expr& k,
                             const isl::ast_expr& ap, const isl::ast_expr& bp, const isl::ast_expr& c) const {
    if (is_full(m, n))
      return islc::call(naming_.descriptor + ".ukernel_full", {k, id("blk.alpha"), ap, bp, id("blk.beta"), c, id("blk.ldc")});
    return islc::call(naming_.descriptor + ".ukernel", {m, n, k, id("blk.alpha"), ap, bp, id("blk.beta"), c, id("blk.ldc")});
  }

  // A tile from its origin (a multiple of mr, nr, where the packed
  // micro-panels start) to its instances' last row and column.
  struct tile_from_origin {
    isl::pw_aff oi, oj;
    isl::ast_expr i0, j0, m, n;
  };
  tile_from_origin from_origin(const isl::ast_build& build, const instance_range& r) const {
    tile_from_origin t;
    t.oi = tile_origin(r.lo.at(roles_.row), naming_.mr);
    t.oj = tile_origin(r.lo.at(roles_.col), naming_.nr);
    t.i0 = build.expr_from(t.oi);
    t.j0 = build.expr_from(t.oj);
    t.m = build.expr_from(r.hi.at(roles_.row).sub(t.oi).add_constant(1));
    t.n = build.expr_from(r.hi.at(roles_.col).sub(t.oj).add_constant(1));
    return t;
  }

  // The tile's first row or column, a multiple of the register block's
  // `size` (the packed micro-panels start there) at or before `lo`.
  static isl::pw_aff tile_origin(const isl::pw_aff& lo, int size) {
    const isl::val v(lo.ctx(), size);
    return lo.scale_down(v).floor().scale(v);
  }

  // A register tile of a kernel on a triangular A or B: its k range is the
  // tile's own (the instances' least to greatest k), so the micro kernel
  // skips the k steps where the tile's rows of A (columns of B) are all
  // zero. Rows and columns of the tile from its origin to the last with
  // instances are computed: the packed factor is zero where one has none.
  isl::ast_node tile_of_a_factor_triangle(const isl::ast_build& build, const instance_range& r) {
    const tile_from_origin t = from_origin(build, r);
    const isl::ast_expr k = build.expr_from(r.extent(roles_.reduction));
    const isl::ast_expr k_first = build.expr_from(r.lo.at(roles_.reduction));
    const isl::ast_expr ap = offset(offset(id("blk.ap"), t.i0, id("blk.k")), k_first, islc::int_expr(build.ctx(), naming_.mr));
    const isl::ast_expr bp = offset(offset(id("blk.bp"), t.j0, id("blk.k")), k_first, islc::int_expr(build.ctx(), naming_.nr));
    return guarded(build, r.inst, ukernel_call(t.m, t.n, k, ap, bp, c_at(t.i0, t.j0)));
  }

  // The triangle of one register tile of a solve: the division's instances
  // below the mark are the tile's rows and columns; the A micro-panel is
  // entered at the tile's first row as a step (where its triangle is), and
  // so is the B micro-panel the solution is copied to.
  isl::ast_node solve_tile_call(const isl::ast_build& build) {
    const instance_range r = instances_at(build, instance_tuple(recipe_.solve->name, 2));
    const isl::ast_expr i0 = build.expr_from(r.lo.at(recipe_.solve->row));
    const isl::ast_expr j0 = build.expr_from(r.lo.at(recipe_.solve->col));
    const isl::ast_expr m = build.expr_from(r.extent(recipe_.solve->row));
    const isl::ast_expr n = build.expr_from(r.extent(recipe_.solve->col));
    const isl::ast_expr mr = islc::int_expr(build.ctx(), naming_.mr), nr = islc::int_expr(build.ctx(), naming_.nr);
    const isl::ast_expr a = offset(offset(id("blk.ap"), i0, id("blk.k")), i0, mr);
    const isl::ast_expr bp = offset(offset(id("blk.solved"), j0, id("blk.k")), i0, nr);
    return guarded(build, r.inst,
                   islc::call(naming_.descriptor + ".solve_tile", {m, n, a, c_at(i0, j0), id("blk.ldc"), bp}));
  }

  // A register tile that C's triangle cuts: its instances are the tile's
  // elements on one side of the half-plane, from a first row or column that
  // need not be the tile's (the packed micro-panels start at the tile's).
  // The micro kernel computes the tile from its origin to the instances'
  // last row and column, and swblas::gen::ukernel_on_triangle keeps the
  // elements where a_i * i + a_j * j + c >= 0 in the whole C.
  isl::ast_node tile_across_triangle(const isl::ast_build& build, const instance_range& r, const isl::ast_expr& k) {
    const isl::ctx ctx = build.ctx();
    const tile_from_origin t = from_origin(build, r);
    const isl::pw_aff &oi = t.oi, &oj = t.oj;
    const isl::ast_expr &i0 = t.i0, &j0 = t.j0, &m = t.m, &n = t.n;
    const half_plane& h = roles_.triangle;
    const auto whole = [&](const isl::pw_aff& origin, const char* first) {  // origin + row0 (col0)
      return origin.add(isl::pw_aff::param_on_domain(origin.domain(), isl::id(ctx, first)));
    };
    const isl::ast_expr at_origin = build.expr_from(  // the half-plane at the tile's origin
        whole(oi, kRow0).scale(isl::val(ctx, h.a_i)).add(whole(oj, kCol0).scale(isl::val(ctx, h.a_j))).add_constant(h.c));
    const isl::ast_expr call = islc::call(
        "swblas::gen::ukernel_on_triangle",
        {id(naming_.descriptor), m, n, k, id("blk.alpha"), offset(id("blk.ap"), i0, k), offset(id("blk.bp"), j0, k),
         id("blk.beta"), c_at(i0, j0), id("blk.ldc"), islc::int_expr(ctx, h.a_i), islc::int_expr(ctx, h.a_j),
         at_origin});
    return guarded(build, r.inst, call);
  }

  // The epilogue's arguments: the caller's, or without its bias for a spec
  // that has no bias term.
  isl::ast_expr epilogue_args(const fused_statement& f) const {
    return id(f.bias.empty() ? "swblas::gen::without_bias(*blk.epi)" : "*blk.epi");
  }

  // The micro-kernel call of a tile whose epilogue the micro kernel applies
  // in registers: the runtime helper chooses the plain or the fused micro
  // kernel by `last`, which holds on the block that ends C's reduction
  // where the tile's instances `gemm` include the last writers the epilogue
  // follows. The operation is the runtime's (blk.epi->op): one kernel
  // serves every register epilogue. `tile` is (i0, j0, m, n, k, alpha, ap,
  // bp, beta, c, ldc).
  isl::ast_expr fused_micro_kernel_call(const isl::ast_build& build, const isl::map& gemm,
                                        std::vector<isl::ast_expr> tile) const {
    const fused_statement& f = *fused(fused_statement::role::epilogue);
    const isl::map writers = gemm.intersect_range(f.after.domain().as_set());
    const isl::ast_expr last =
        writers.is_empty() ? islc::int_expr(build.ctx(), 0) : on_last_block(build.expr_from(writers.domain()));
    tile.insert(tile.begin(), {id(naming_.descriptor), last, epilogue_args(f)});
    return islc::call("swblas::gen::ukernel_epilogue", tile);
  }

  const fused_statement* fused(fused_statement::role role) const {
    for (const fused_statement& f : recipe_.fused)
      if (f.what == role) return &f;
    return nullptr;
  }

  // The fused epilogue on the stored C tile of the instances below the
  // mark, on the block that ends C's reduction; the operation is the
  // runtime's (blk.epi->op).
  isl::ast_node epilogue_call(const isl::ast_build& build) {
    const fused_statement& f = *fused(fused_statement::role::epilogue);
    const instance_range r = instances_at(build, instance_tuple(f.statement, 2));
    const isl::ast_expr i0 = build.expr_from(r.lo.at(f.row)), j0 = build.expr_from(r.lo.at(1 - f.row));
    const isl::ast_expr c = c_at(i0, j0);
    const isl::ast_expr call =
        islc::call("swblas::apply_epilogue",
                   {epilogue_args(f), build.expr_from(r.extent(f.row)), build.expr_from(r.extent(1 - f.row)), c,
                    id("blk.ldc"), i0, j0});
    return guarded_by(on_last_block(build.expr_from(r.inst.domain())), call);
  }
};

}  // namespace

std::string generate_kernel(const recipe_result& r, const gemm_roles& roles, const kernel_naming& k) {
  kernel_builder builder(r, roles, k);
  islc::ast_hooks hooks = builder.hooks();
  std::string block0;  // the block form's parameters, those its half-plane uses
  if (roles.block_form) {
    const half_plane& h = roles.triangle;
    for (const auto& [coefficient, name] : {std::pair{h.a_i, kRow0}, std::pair{h.a_j, kCol0}, std::pair{h.a_k, kK0}})
      if (coefficient != 0) block0 += std::string(", ") + name;
  }
  // A solve's k runs over its rows: it has no parameter of its own.
  const std::string k_param = roles.k.empty() ? "" : ", " + roles.k, k_nonempty = roles.k.empty() ? "" : " and " + roles.k + " >= 1";
  const isl::set context(r.schedule.ctx(), "[" + roles.m + ", " + roles.n + k_param + block0 + "] -> { : " + roles.m +
                                               " >= 1 and " + roles.n + " >= 1" + k_nonempty + " }");
  const isl::ast_node tree = islc::build_ast(r.schedule, context, hooks);
  kernel_printer p({{roles.m, "blk.m"},
                    {roles.n, "blk.n"},
                    {roles.k, "blk.k"},
                    {kRow0, "blk.row0"},
                    {kCol0, "blk.col0"},
                    {kK0, "blk.k0"}});
  p.node(tree, 1);
  return "void " + k.function + "(const " + k.block + "& blk) {\n" + p.text() + "}\n";
}

}  // namespace swgen
