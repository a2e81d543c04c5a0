// AST generation with isl's AST builder and a C++ printer for it.
//
// Replacement calls are computed from statement instances only: at a mark,
// the build's schedule maps the outer loops to the instances below the mark
// (ISL-NOTES step 4.3). Pack origins are composed through those instances
// (pitfall 7), never matched by dimension position, and every replacement
// call is guarded by the set where it has instances (pitfall 8).
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

// The builder's hooks: tracks open marks and loops, annotates shared loops
// and replaces marked subtrees by calls.
class kernel_builder {
 public:
  kernel_builder(const recipe_result& r, const gemm_roles& roles, const kernel_naming& k)
      : recipe_(r), roles_(roles), naming_(k) {}

  islc::ast_hooks hooks() {
    islc::ast_hooks h;
    h.before_mark = [this](const isl::id& id, const isl::ast_build&) { marks_.push_back({id.name(), loops_.size()}); };
    h.after_mark = [this](isl::ast_node node, const isl::ast_build& build) { return after_mark(node, build); };
    h.before_for = [this](const isl::ast_build& build) { return before_for(build); };
    h.after_for = [this]() { loops_.pop_back(); };
    return h;
  }

 private:
  struct open_mark {
    std::string name;
    std::size_t loop_depth;  // loops open when the mark was entered
  };
  const recipe_result& recipe_;
  const gemm_roles& roles_;
  const kernel_naming& naming_;
  std::vector<open_mark> marks_;
  std::vector<bool> loops_;  // open loops: shared by the team or not

  // A loop is shared out iff it is the outermost loop generated under the
  // "omp_for" mark: a loop of the marked band's first member, or of the
  // second where isl fixed the first (e.g. jr in the last partial column
  // panel). The recipe checked that every member of that band is parallel.
  std::string before_for(const isl::ast_build& build) {
    bool shared = false;
    for (const open_mark& m : marks_) shared = shared || (m.name == "omp_for" && m.loop_depth == loops_.size());
    if (shared) require(carries_no_dependence(build), "a shared loop carries a dependence");
    loops_.push_back(shared);
    return shared ? "omp_for" : "";
  }

  // PPCG's check, independent of the tree's coincidence flags: no dependence
  // whose source and sink share the outer loop iterations has a nonzero
  // distance on the loop being generated (the last build dimension).
  bool carries_no_dependence(const isl::ast_build& build) const {
    const isl::union_map sched =
        build.schedule().intersect_domain(isl::union_set(build.ctx(), "{ " + instance_tuple(roles_.statement, roles_.arity) + " }"));
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

  bool in_shared_loop() const {
    for (bool s : loops_)
      if (s) return true;
    return false;
  }

  void require(bool ok, const std::string& what) const {
    if (!ok) throw std::logic_error(naming_.function + ": " + what);
  }

  isl::ast_node after_mark(isl::ast_node node, const isl::ast_build& build) {
    const std::string name = marks_.back().name;
    marks_.pop_back();
    if (name == "ukernel") return micro_kernel_call(build);
    if (name == "pack_a") return pack_a_call(build);
    if (name == "pack_b") return pack_b_call(build);
    if (name == "epilogue") return epilogue_call(build);
    if (name == "omp_for") return node.as<isl::ast_node_mark>().node();
    return node;
  }

  isl::ast_expr id(const std::string& name) const { return islc::id_expr(recipe_.schedule.ctx(), name); }

  // if (instances exist here) call;   -- the guard is omitted when isl proves it.
  isl::ast_node guarded(const isl::ast_build& build, const isl::map& inst, const isl::ast_expr& call) const {
    const isl::ast_expr cond = build.expr_from(inst.domain());
    long v = 0;
    if (islc::int_value(cond, &v) && v == 1) return islc::user_node(call);
    return islc::user_node(islc::call("swblas_guard", {cond, call}));
  }

  // The first element of the packed operand `plan` for the instances below a mark.
  isl::pw_multi_aff pack_origin(const instance_range& r, const pack_plan& plan) const {
    const isl::union_map to_origin = isl::union_map(r.inst).apply_range(plan.prefix).apply_range(
        isl::union_map(plan.origin.as_map()));
    return to_origin.as_map().as_pw_multi_aff();
  }

  // base + index * stride, or base when isl proved index == 0.
  static isl::ast_expr offset(const isl::ast_expr& base, const isl::ast_expr& index, const isl::ast_expr& stride) {
    long v = 0;
    if (islc::int_value(index, &v) && v == 0) return base;
    return add(base, mul(index, stride));
  }

  isl::ast_node micro_kernel_call(const isl::ast_build& build) {
    require(in_shared_loop(), "a micro-kernel call outside the loop shared by the team");
    const instance_range r = instances_at(build, instance_tuple(roles_.statement, roles_.arity));
    const isl::ast_expr m = build.expr_from(r.extent(roles_.row));
    const isl::ast_expr n = build.expr_from(r.extent(roles_.col));
    const isl::ast_expr k = build.expr_from(r.extent(roles_.reduction));
    const isl::pw_aff i0 = r.lo.at(roles_.row), j0 = r.lo.at(roles_.col);
    // Micro-panels are mr*kc (nr*kc) doubles, kc the k extent of this block.
    const isl::pw_aff a_row = pack_origin(r, recipe_.pack_a).at(recipe_.pack_a.dims - 2);
    const isl::pw_aff b_col = pack_origin(r, recipe_.pack_b).at(recipe_.pack_b.dims - 1);
    const isl::ast_expr ap = offset(id("a_pack"), build.expr_from(i0.sub(a_row)), k);
    const isl::ast_expr bp = offset(id("b_pack"), build.expr_from(j0.sub(b_col)), k);
    const isl::ast_expr beta =
        islc::call("swblas::gen::beta_for_block", {build.expr_from(r.lo.at(roles_.reduction)), id("p.beta")});
    const isl::ast_expr c = add(id("p.c"), add(build.expr_from(i0), mul(build.expr_from(j0), id("p.ldc"))));
    if (recipe_.epilogue_in_ukernel)
      return guarded(build, r.inst,
                     fused_micro_kernel_call(build, r.inst, {build.expr_from(i0), build.expr_from(j0), m, n, k,
                                                     id("p.alpha"), ap, bp, beta, c, id("p.ldc")}));
    long mv = 0, nv = 0;
    const bool full = islc::int_value(m, &mv) && islc::int_value(n, &nv) && mv == naming_.mr && nv == naming_.nr;
    const isl::ast_expr call =
        full ? islc::call(naming_.descriptor + ".ukernel_full", {k, id("p.alpha"), ap, bp, beta, c, id("p.ldc")})
             : islc::call(naming_.descriptor + ".ukernel", {m, n, k, id("p.alpha"), ap, bp, beta, c, id("p.ldc")});
    return guarded(build, r.inst, call);
  }

  // The micro-kernel call of a tile whose epilogue the micro kernel applies
  // in registers: the runtime helper chooses the plain or the fused micro
  // kernel by `last`, which holds where the tile's instances `gemm` include
  // the last writers the epilogue follows (its last k block). `tile` is
  // (i0, j0, m, n, k, alpha, ap, bp, beta, c, ldc).
  isl::ast_expr fused_micro_kernel_call(const isl::ast_build& build, const isl::map& gemm,
                                        std::vector<isl::ast_expr> tile) const {
    const fused_statement& f = *fused(fused_statement::role::epilogue);
    const isl::map writers = gemm.intersect_range(f.after.domain().as_set());
    const isl::ast_expr last =
        writers.is_empty() ? islc::int_expr(build.ctx(), 0) : build.expr_from(writers.domain());
    const std::string op = f.function.empty() ? "none" : f.function;
    const isl::ast_expr args = id(f.bias.empty() ? "swblas::gen::without_bias(*p.epi)" : "*p.epi");
    tile.insert(tile.begin(), {id(naming_.descriptor), last, args});
    return islc::call("swblas::gen::ukernel_epilogue<swblas::epilogue_op::" + op + ">", tile);
  }

  // &op(X)(row, col) for the origin of a pack's instances (elements are the
  // last two of the pack's `dims` element dimensions).
  isl::ast_expr source(const isl::ast_build& build, const instance_range& r, const std::string& x, int dims) const {
    return add(id("p." + x), add(mul(build.expr_from(r.lo.at(2 * dims - 2)), id("p.rs_" + x)),
                                 mul(build.expr_from(r.lo.at(2 * dims - 1)), id("p.cs_" + x))));
  }

  const fused_statement* fused(fused_statement::role role) const {
    for (const fused_statement& f : recipe_.fused)
      if (f.what == role) return &f;
    return nullptr;
  }

  // The prologue fused into the packing of operand x ('a' or 'b'), if any.
  const fused_statement* prologue_of(char x) const {
    const fused_statement* f = fused(fused_statement::role::prologue);
    return f && f->operand == x ? f : nullptr;
  }

  // The packing call of operand x: by the whole team into a shared buffer,
  // or by this thread alone; with the fused prologue when the spec puts one
  // on this operand (post-tiling fusion: the block is transformed in cache).
  isl::ast_node pack_call(const isl::ast_build& build, const pack_plan& plan, char x, bool team) {
    const std::string X(1, x);
    require(team != in_shared_loop(), team ? "a team packing of " + X + " inside a shared loop"
                                           : "a private packing of " + X + " outside the shared loop");
    const instance_range r = instances_at(build, pack_instance(plan));
    const int d = plan.dims;
    std::vector<isl::ast_expr> args = {build.expr_from(r.extent(2 * d - 2)), build.expr_from(r.extent(2 * d - 1)),
                                       source(build, r, X, d), id("p.rs_" + X), id("p.cs_" + X), id(X + "_pack")};
    const fused_statement* pro = prologue_of(x);
    const std::string pack = naming_.descriptor + ".pack_" + X;
    if (!team && !pro) return guarded(build, r.inst, islc::call(pack, args));
    args.insert(args.begin(), {id(pack), islc::int_expr(build.ctx(), x == 'a' ? naming_.mr : naming_.nr)});
    std::string fn = "swblas::gen::pack_" + X + (team ? "_team" : "_prologue");
    if (pro) {
      fn += "<swblas::prologue_op::" + pro->function + ">";
      args.push_back(id("p.pro"));
    }
    return guarded(build, r.inst, islc::call(fn, args));
  }

  isl::ast_node pack_a_call(const isl::ast_build& build) {
    return pack_call(build, recipe_.pack_a, 'a', naming_.level == parallel_level::jr);
  }

  isl::ast_node pack_b_call(const isl::ast_build& build) {
    return pack_call(build, recipe_.pack_b, 'b', naming_.level != parallel_level::batch);
  }

  // The fused epilogue on the C tile of the instances below the mark.
  isl::ast_node epilogue_call(const isl::ast_build& build) {
    const fused_statement& f = *fused(fused_statement::role::epilogue);
    require(in_shared_loop(), "an epilogue outside the loop shared by the team");
    const instance_range r = instances_at(build, instance_tuple(f.statement, 2));
    const isl::ast_expr i0 = build.expr_from(r.lo.at(f.row)), j0 = build.expr_from(r.lo.at(1 - f.row));
    const isl::ast_expr c = add(id("p.c"), add(i0, mul(j0, id("p.ldc"))));
    const std::string op = f.function.empty() ? "none" : f.function;
    // A spec without a bias term never adds the caller's bias.
    const isl::ast_expr epi = id(f.bias.empty() ? "swblas::gen::without_bias(*p.epi)" : "*p.epi");
    const isl::ast_expr call =
        islc::call("swblas::apply_epilogue<swblas::epilogue_op::" + op + ">",
                   {epi, build.expr_from(r.extent(f.row)), build.expr_from(r.extent(1 - f.row)), c, id("p.ldc"), i0, j0});
    return guarded(build, r.inst, call);
  }
};

// --- printing -------------------------------------------------------------

// The OpenMP schedule of the loop the team shares. The ic loop's mc blocks
// go round-robin: the partial last block then lands on a thread that has
// the most blocks (m = 1000, mc = 240, two threads: 520 and 480 rows, not
// 720 and 280 as contiguous chunks give). jr panels stay contiguous (the
// micro kernel prefetches the next B micro-panel, bp + k*nr, for the next
// iteration), and so do batch entries (streamed from memory in order).
const char* shared_loop_schedule(parallel_level level) {
  return level == parallel_level::ic ? "schedule(static, 1)" : "schedule(static)";
}

}  // namespace

std::string generate_kernel(const recipe_result& r, const gemm_roles& roles, const kernel_naming& k) {
  kernel_builder builder(r, roles, k);
  islc::ast_hooks hooks = builder.hooks();
  const bool batched = roles.batch >= 0;
  std::string params = roles.m + ", " + roles.n + ", " + roles.k;
  std::string positive = roles.m + " >= 1 and " + roles.n + " >= 1 and " + roles.k + " >= 1";
  if (batched) {
    params += ", " + roles.count;
    positive += " and " + roles.count + " >= 1";
  }
  const isl::set context(r.schedule.ctx(), "[" + params + "] -> { : " + positive + " }");
  const isl::ast_node tree = islc::build_ast(r.schedule, context, hooks);
  // A batch's entries share their shape: sizes come from batch.shape, which
  // is in scope everywhere (p only inside the batch loop).
  const std::string sizes = batched ? "batch.shape." : "p.";
  std::map<std::string, std::string> rename = {{roles.m, sizes + "m"}, {roles.n, sizes + "n"}, {roles.k, sizes + "k"}};
  if (batched) rename[roles.count] = "batch.count";
  kernel_printer p(rename, shared_loop_schedule(k.level));
  p.node(tree, 1);
  const std::string problem = batched ? "const swblas::gemm_batch_problem& batch" : "const swblas::gemm_problem& p";
  return "void " + k.function + "(" + problem + ", double* a_pack, double* b_pack) {\n" + p.text() + "}\n";
}

}  // namespace swgen
