// AST generation with isl's AST builder and the athread printers.
//
// isl generates the loops, the guards (a broadcast only on the CPE whose
// column or row is the sub-step, a next-block fetch only where there is a
// next block) and one user node per extension statement instance; the
// printer turns each into athread calls. The "ukernel" mark's subtree is
// replaced by one call whose tile origin comes from the instances below it.
#include "sunway_codegen.h"

#include <map>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "ast_printer.h"
#include "isl_c.h"

namespace swgen::sunway {

namespace {

// The origin of the statement instances below the mark being generated.
isl::multi_pw_aff instance_origin(const isl::ast_build& build, const std::string& tuple) {
  const isl::union_map all = build.schedule().reverse();
  return all.intersect_range(isl::union_set(all.ctx(), "{ " + tuple + " }")).as_map().min_multi_pw_aff();
}

isl::ast_node build_tree(const sunway_recipe_result& r, const gemm_roles& roles, const sunway_target& t) {
  std::vector<std::string> marks;
  islc::ast_hooks hooks;
  hooks.before_mark = [&](const isl::id& id, const isl::ast_build&) { marks.push_back(id.name()); };
  hooks.after_mark = [&](isl::ast_node node, const isl::ast_build& build) {
    const std::string name = marks.back();
    marks.pop_back();
    if (name != "ukernel") return node;
    const isl::multi_pw_aff o =
        instance_origin(build, roles.statement + (r.batch_parameter.empty() ? "[a, b, c]" : "[a, b, c, d]"));
    return islc::user_node(islc::call("ukernel", {build.expr_from(o.at(roles.row)), build.expr_from(o.at(roles.col)),
                                                  build.expr_from(o.at(roles.reduction))}));
  };
  const std::string count = r.batch_parameter.empty() ? "" : r.batch_parameter;
  const isl::set context(r.schedule.ctx(), "[" + roles.m + ", " + roles.n + ", " + roles.k + ", rid, cid" +
                                               (count.empty() ? "" : ", " + count) + "] -> { : " + roles.m +
                                               " >= 1 and " + roles.n + " >= 1 and " + roles.k +
                                               " >= 1 and 0 <= rid < " + std::to_string(t.mesh_rows) +
                                               " and 0 <= cid < " + std::to_string(t.mesh_cols) +
                                               (count.empty() ? "" : " and " + count + " >= 1") + " }");
  return islc::build_ast(r.schedule, context, hooks);
}

// --- what each statement prints ------------------------------------------------

struct tile_consts {
  std::string tm, tn, tk, sk;
};

using args_t = std::vector<std::string>;

// Lines of C for one statement instance; `a` holds its payload coordinates.
std::vector<std::string> statement_code(const std::string& name, const args_t& a, const tile_consts& c) {
  const std::string dslot = "sw_slot(" + (a.empty() ? std::string() : a.back()) + ", " + c.sk + ")";
  if (name == "getC")
    return {"c_expect = 0;",
            "if (p->beta != 0.0) c_expect = sw_tile_get(c_tile, p->c + (" + a[0] + ") + (" + a[1] + ") * p->ldc, 1, p->ldc, sw_clip(" +
                a[0] + ", " + c.tm + ", p->m), sw_clip(" + a[1] + ", " + c.tn + ", p->n), &c_reply);"};
  if (name == "waitC")
    return {"athread_dma_wait_value(&c_reply, c_expect);", "c_reply = 0;",
            "sw_scale_tile(c_tile, sw_clip(" + a[0] + ", " + c.tm + ", p->m) * sw_clip(" + a[1] + ", " + c.tn + ", p->n), p->beta);"};
  if (name == "putC")
    return {"SW_EMU_CHECK_READ(c_tile, sizeof(*c_tile) * sw_clip(" + a[0] + ", " + c.tm + ", p->m) * sw_clip(" + a[1] + ", " + c.tn + ", p->n));",
            "c_expect = sw_tile_put(p->c + (" + a[0] + ") + (" + a[1] + ") * p->ldc, c_tile, 1, p->ldc, sw_clip(" + a[0] +
                ", " + c.tm + ", p->m), sw_clip(" + a[1] + ", " + c.tn + ", p->n), &c_reply);"};
  if (name == "wait_putC") return {"athread_dma_wait_value(&c_reply, c_expect);", "c_reply = 0;"};
  if (name == "fetch_first_a" || name == "fetch_next_a") {
    const std::string slot = "sw_slot(" + a[1] + ", " + c.sk + ")";
    return {"dma_expect[" + slot + "] += sw_tile_get(a_dma[" + slot + "], p->a + (" + a[0] + ") * p->rs_a + (" + a[1] +
            ") * p->cs_a, p->rs_a, p->cs_a, sw_clip(" + a[0] + ", " + c.tm + ", p->m), sw_clip(" + a[1] + ", " + c.tk +
            ", p->k), &dma_reply[" + slot + "]);"};
  }
  if (name == "fetch_first_b" || name == "fetch_next_b") {
    const std::string slot = "sw_slot(" + a[0] + ", " + c.sk + ")";
    return {"dma_expect[" + slot + "] += sw_tile_get(b_dma[" + slot + "], p->b + (" + a[0] + ") * p->rs_b + (" + a[1] +
            ") * p->cs_b, p->rs_b, p->cs_b, sw_clip(" + a[0] + ", " + c.tk + ", p->k), sw_clip(" + a[1] + ", " + c.tn +
            ", p->n), &dma_reply[" + slot + "]);"};
  }
  if (name == "wait_block")
    return {"athread_dma_wait_value(&dma_reply[" + dslot + "], dma_expect[" + dslot + "]);",
            "dma_reply[" + dslot + "] = 0;", "dma_expect[" + dslot + "] = 0;"};
  if (name == "bcast_first_a" || name == "bcast_next_a")
    return {"sent_expect += sw_row_bcast(a_rma[sw_slot(" + a[1] + ", " + c.tk + ")], a_dma[sw_slot(" + a[1] + ", " + c.sk +
            ")], sw_clip(" + a[0] + ", " + c.tm + ", p->m) * sw_clip(" + a[1] + ", " + c.tk + ", p->k), words);"};
  if (name == "bcast_first_b" || name == "bcast_next_b")
    return {"sent_expect += sw_col_bcast(b_rma[sw_slot(" + a[0] + ", " + c.tk + ")], b_dma[sw_slot(" + a[0] + ", " + c.sk +
            ")], sw_clip(" + a[0] + ", " + c.tk + ", p->k) * sw_clip(" + a[1] + ", " + c.tn + ", p->n), words);"};
  if (name == "wait_step")
    return {"landed_expect += (sw_clip(" + a[0] + ", " + c.tm + ", p->m) * sw_clip(" + a[2] + ", " + c.tk + ", p->k) > 0) + (sw_clip(" +
                a[2] + ", " + c.tk + ", p->k) * sw_clip(" + a[1] + ", " + c.tn + ", p->n) > 0);",
            "athread_rma_wait_value(&words[0], landed_expect);", "athread_rma_wait_value(&words[1], sent_expect);"};
  if (name == "ssync_step" || name == "ssync_block") return {"athread_ssync_array();"};
  if (name == "batch_entry") return {"sw_batch_entry(p, " + a[0] + ");"};
  if (name == "prologue_a")
    return {"sw_prologue(p, a_dma[sw_slot(" + a[1] + ", " + c.sk + ")], sw_clip(" + a[0] + ", " + c.tm + ", p->m) * sw_clip(" +
            a[1] + ", " + c.tk + ", p->k));"};
  if (name == "prologue_b")
    return {"sw_prologue(p, b_dma[sw_slot(" + a[0] + ", " + c.sk + ")], sw_clip(" + a[0] + ", " + c.tk + ", p->k) * sw_clip(" +
            a[1] + ", " + c.tn + ", p->n));"};
  if (name == "epilogue")
    return {"sw_epilogue(p, c_tile, " + a[0] + ", " + a[1] + ", sw_clip(" + a[0] + ", " + c.tm + ", p->m), sw_clip(" + a[1] +
            ", " + c.tn + ", p->n));"};
  if (name == "ukernel")
    return {"sw_micro_kernel(p, c_tile, a_rma[sw_slot(" + a[2] + ", " + c.tk + ")], b_rma[sw_slot(" + a[2] + ", " + c.tk +
            ")], sw_clip(" + a[0] + ", " + c.tm + ", p->m), sw_clip(" + a[1] + ", " + c.tn + ", p->n), sw_clip(" + a[2] +
            ", " + c.tk + ", p->k));"};
  throw std::logic_error("sunway printer: unknown statement " + name);
}

// --- the AST printer ------------------------------------------------------------

// The shared AST printer with the CPE's statements: each user node is an
// extension statement instance, printed as the athread calls it stands for.
class cpe_printer : public ast_printer {
 public:
  cpe_printer(std::map<std::string, std::string> rename, std::map<std::string, int> prefix_dims, tile_consts consts)
      : ast_printer(std::move(rename), "sw_dim"), prefix_dims_(std::move(prefix_dims)), consts_(std::move(consts)) {}

 private:
  std::map<std::string, int> prefix_dims_;
  tile_consts consts_;

  void mark(const std::string& name, int indent) override {
    line(indent, "// " + name + ": this CPE's tile is (rid, cid) of each mesh step");
  }

  // The call's leading prefix coordinates are dropped: the payload follows.
  void user(const isl::ast_expr& e, int indent) override {
    const auto call = e.as<isl::ast_expr_op>();
    const std::string name = expr(call.arg(0));
    const auto p = prefix_dims_.find(name);
    const unsigned first = 1 + (p == prefix_dims_.end() ? 0 : static_cast<unsigned>(p->second));
    args_t payload;
    for (unsigned a = first; a < call.n_arg(); ++a) payload.push_back(expr(call.arg(static_cast<int>(a))));
    line(indent, "// " + name);
    for (const std::string& s : statement_code(name, payload, consts_)) line(indent, s);
  }
};

// --- the files ---------------------------------------------------------------------

std::string params_struct(const std::string& name, bool batched, const fused_spec& fused, const std::string& real) {
  const std::string batch =
      batched ? "  // The batch: `count` entries; entry e's a, b, c are a_array[e] (when\n"
                "  // a_array is not null) or a0 + e*stride_a, and so on. The CPE sets a, b, c.\n"
                "  long count;\n  const " + real + "* const* a_array;\n  const " + real + "* const* b_array;\n"
                "  " + real + "* const* c_array;\n  const " + real + "* a0;\n  const " + real + "* b0;\n  " + real + "* c0;\n"
                "  long stride_a, stride_b, stride_c;\n"
              : "";
  return "// The problem, as the MPE passes it to every CPE (copied into LDM by DMA):\n"
         "// C[0:m, 0:n] := alpha * op(A) * op(B) + beta * C, column-major C,\n"
         "// op(A)(i, l) = a[i*rs_a + l*cs_a], op(B)(l, j) = b[l*rs_b + j*cs_b].\n"
         "// m, n, k >= 1; beta == 0 means C is not read.\n"
         "struct sw_" + name + "_params {\n"
         "  long m, n, k;\n  " + real + " alpha, beta;\n  const " + real + "* a;\n  long rs_a, cs_a;\n"
         "  const " + real + "* b;\n  long rs_b, cs_b;\n  " + real + "* c;\n  long ldc;\n" + batch +
         (fused.what == fused_spec::role::epilogue
              ? "  swblas::epilogue_args epi;  // the fused epilogue's bias and parameters (src/fused_ops.h)\n"
              : "") +
         (fused.what == fused_spec::role::prologue_a || fused.what == fused_spec::role::prologue_b
              ? "  swblas::prologue_args pro;  // the fused prologue's parameters (src/fused_ops.h)\n"
              : "") +
         "};\n";
}

std::string header_file(const std::string& name, const std::string& origin, bool batched, const fused_spec& fused,
                        const std::string& real) {
  return "// Generated by swblas-gen " + origin + ". Do not edit: a build product.\n#pragma once\n\n" +
         (fused.what != fused_spec::role::none ? "#include \"fused_ops.h\"\n\n" : "") +
         params_struct(name, batched, fused, real) + "\n// MPE side: runs the kernel on the 64 CPEs of the core group (athread_init first).\n"
         "extern \"C\" void " + name + "_mpe(sw_" + name + "_params* params);\n";
}

// Batched kernels: entry e's operands into the parameter block (in LDM): a
// pointer array is read by a small DMA, strides are applied here.
std::string batch_entry_helper(const std::string& name) {
  return "// batch_entry: this CPE's a, b, c become those of entry e.\n"
         "inline void sw_batch_entry(sw_" + name + "_params* p, sw_dim e) {\n"
         "  if (p->a_array) athread_dma_get(&p->a, &p->a_array[e], sizeof(p->a));\n"
         "  else p->a = p->a0 + e * p->stride_a;\n"
         "  if (p->b_array) athread_dma_get(&p->b, &p->b_array[e], sizeof(p->b));\n"
         "  else p->b = p->b0 + e * p->stride_b;\n"
         "  if (p->c_array) athread_dma_get(&p->c, &p->c_array[e], sizeof(p->c));\n"
         "  else p->c = p->c0 + e * p->stride_c;\n"
         "}\n\n";
}

// Kernels with a fused epilogue: the C tile in LDM, element (0, 0) at
// (i0, j0) of C, becomes epi(C tile) (bias read from main memory).
std::string epilogue_helper(const std::string& name, const std::string& op, const std::string& real) {
  return "// epilogue: C tile := " + op + "(C tile + bias), specialised for this kernel's operation.\n"
         "inline void sw_epilogue(const sw_" + name + "_params* p, " + real + "* c, sw_dim i0, sw_dim j0, sw_dim m, sw_dim n) {\n"
         "  if (m <= 0 || n <= 0) return;\n"
         "  SW_EMU_CHECK_WRITE(c, sizeof(*c) * m * n);\n"
         "  swblas::apply_epilogue<swblas::epilogue_op::" + op + ">(p->epi, m, n, c, m, i0, j0);\n"
         "}\n\n";
}

// Kernels with a fused prologue: a tile just fetched by DMA becomes pro(tile).
std::string prologue_helper(const std::string& name, const std::string& op, const std::string& real) {
  return "// prologue: tile := " + op + "(tile), specialised for this kernel's operation.\n"
         "inline void sw_prologue(const sw_" + name + "_params* p, " + real + "* x, sw_dim elements) {\n"
         "  if (elements <= 0) return;\n"
         "  SW_EMU_CHECK_WRITE(x, sizeof(*x) * elements);\n"
         "  swblas::apply_prologue<swblas::prologue_op::" + op + ">(p->pro, x, static_cast<std::size_t>(elements));\n"
         "}\n\n";
}

std::string fused_helper(const std::string& name, const fused_spec& f, const std::string& real) {
  if (f.what == fused_spec::role::epilogue) return epilogue_helper(name, f.op, real);
  if (f.what == fused_spec::role::none) return "";
  return prologue_helper(name, f.op, real);
}

std::string micro_kernel_helper(const std::string& name, const sunway_target& t, const sunway_recipe_result& r) {
  const std::string real = c_type(t.elem);
  return "namespace {\n\n" + (r.batch_parameter.empty() ? std::string() : batch_entry_helper(name)) +
         fused_helper(name, r.fused, real) +
         "// The mark \"ukernel\": C tile += alpha * A tile * B tile on this CPE's LDM.\n"
         "inline void sw_micro_kernel(const sw_" + name + "_params* p, " + real + "* c, const " + real + "* a, const " +
         real + "* b,\n"
         "                            sw_dim m, sw_dim n, sw_dim k) {\n"
         "  if (m <= 0 || n <= 0 || k <= 0) return;\n"
         "  const sw_layout at = sw_tile_layout(p->rs_a, p->cs_a, m, k), bt = sw_tile_layout(p->rs_b, p->cs_b, k, n);\n"
         "  SW_EMU_CHECK_READ(a, sizeof(*a) * m * k);\n"
         "  SW_EMU_CHECK_READ(b, sizeof(*b) * k * n);\n"
         "  SW_EMU_CHECK_WRITE(c, sizeof(*c) * m * n);\n"
         "  " + t.ukernel + "(m, n, k, p->alpha, a, at.rs, at.cs, b, bt.rs, bt.cs, c, m);\n"
         "  SW_EMU_COUNT_FLOPS(2 * m * n * k);\n"
         "}\n\n}  // namespace\n";
}

// Bytes of the C tile and of each A and B buffer.
struct tile_bytes {
  std::size_t c, a, b;
};

tile_bytes tile_bytes_of(const sunway_recipe_result& r, const sunway_target& t) {
  const auto bytes = [&](const std::vector<long>& box) { return static_cast<std::size_t>(box[0] * box[1]) * t.elem_bytes(); };
  return {bytes(r.boxes.c), bytes(r.boxes.a), bytes(r.boxes.b)};
}

std::string cpe_allocation(const sunway_recipe_result& r, const sunway_target& t, const std::string& name) {
  const std::string real = c_type(t.elem);
  const tile_bytes bytes = tile_bytes_of(r, t);
  std::ostringstream s;
  s << "  // LDM, allocated in the same order on every CPE so that a buffer has the\n"
       "  // same LDM address everywhere (RMA writes the receiver's copy at the\n"
       "  // sender's address). The generator checked the budget:\n";
  std::size_t total = 0;
  for (const ldm_buffer& b : r.buffers) {
    s << "  //   " << b.name << ": " << b.bytes << " bytes\n";
    total += b.bytes;
  }
  s << "  //   total " << total << " bytes\n"
    << "  static_assert(sizeof(sw_" << name << "_params) <= " << kernel_param_bytes << ", \"parameter block\");\n"
    << "  sw_" << name << "_params* p = static_cast<sw_" << name << "_params*>(ldm_malloc(" << kernel_param_bytes << "));\n"
    << "  athread_dma_get(p, args, sizeof(*p));\n"
    << "  void* reply_block = ldm_malloc(2 * sizeof(athread_rply_t));\n"
    << "  athread_rply_t* words = static_cast<athread_rply_t*>(reply_block);  // [0] landed (r_rply), [1] sent (l_rply)\n"
    << "  " << real << "* c_tile = static_cast<" << real << "*>(ldm_malloc(" << bytes.c << "));\n"
    << "  " << real << " *a_dma[2], *b_dma[2], *a_rma[2], *b_rma[2];\n"
    << "  for (int slot = 0; slot < 2; ++slot) {\n"
    << "    a_dma[slot] = static_cast<" << real << "*>(ldm_malloc(" << bytes.a << "));\n"
    << "    b_dma[slot] = static_cast<" << real << "*>(ldm_malloc(" << bytes.b << "));\n"
    << "    a_rma[slot] = static_cast<" << real << "*>(ldm_malloc(" << bytes.a << "));\n"
    << "    b_rma[slot] = static_cast<" << real << "*>(ldm_malloc(" << bytes.b << "));\n"
    << "  }\n";
  return s.str();
}

std::string cpe_release(const sunway_recipe_result& r, const sunway_target& t) {
  const tile_bytes bytes = tile_bytes_of(r, t);
  std::ostringstream s;
  s << "  for (int slot = 1; slot >= 0; --slot) {\n"
    << "    ldm_free(b_rma[slot], " << bytes.b << ");\n"
    << "    ldm_free(a_rma[slot], " << bytes.a << ");\n"
    << "    ldm_free(b_dma[slot], " << bytes.b << ");\n"
    << "    ldm_free(a_dma[slot], " << bytes.a << ");\n"
    << "  }\n"
    << "  ldm_free(c_tile, " << bytes.c << ");\n"
    << "  ldm_free(reply_block, 2 * sizeof(athread_rply_t));\n"
    << "  ldm_free(p, " << kernel_param_bytes << ");\n";
  return s.str();
}

std::string cpe_file(const sunway_recipe_result& r, const gemm_roles& roles, const sunway_target& t,
                     const std::string& name, const std::string& origin) {
  std::map<std::string, int> prefix;
  for (const extension_statement& s : r.statements) prefix[s.name] = s.prefix_dims + s.batch_dims;
  const tile_consts consts{std::to_string(r.boxes.c[0]), std::to_string(r.boxes.c[1]), std::to_string(r.boxes.a[1]),
                           std::to_string(t.step_k())};
  std::map<std::string, std::string> rename = {{roles.m, "p->m"}, {roles.n, "p->n"}, {roles.k, "p->k"}};
  if (!r.batch_parameter.empty()) rename[r.batch_parameter] = "p->count";
  cpe_printer body(rename, prefix, consts);
  body.node(build_tree(r, roles, t), 1);
  std::ostringstream s;
  s << "// Generated by swblas-gen " << origin << ". Do not edit: a build product.\n"
    << "// CPE (slave) kernel: compile with swgcc -mslave -msimd, or on the host\n"
    << "// against sim/ (the athread emulation).\n"
    << "#include \"" << name << ".h\"\n#include \"slave.h\"\n#include \"sunway/cpe_support.h\"\n"
    << "#include \"sunway/cpe_ukernel.h\"\n\n"
    << micro_kernel_helper(name, t, r) << "\n"
    << "extern \"C\" void " << name << "_cpe(sw_" << name << "_params* args) {\n"
    << cpe_allocation(r, t, name)
    << "  const sw_dim rid = _ROW, cid = _COL;\n"
    << "  athread_rply_t c_reply = 0, dma_reply[2] = {0, 0};\n"
    << "  int c_expect = 0, dma_expect[2] = {0, 0};\n"
    << "  long landed_expect = 0, sent_expect = 0;\n"
    << "  words[0] = words[1] = 0;\n"
    << "  athread_ssync_array();  // buffers and reply words ready everywhere before any broadcast\n"
    << body.text()
    << "  athread_ssync_array();  // no CPE frees a buffer another one still sends into\n"
    << cpe_release(r, t) << "}\n";
  return s.str();
}

std::string mpe_file(const std::string& name, const std::string& origin) {
  return "// Generated by swblas-gen " + origin + ". Do not edit: a build product.\n"
         "// MPE (host) launcher: compile with swgcc -mhost, or on the host against sim/.\n"
         "#include \"" + name + ".h\"\n#include \"athread.h\"\n\n"
         "extern \"C\" void SLAVE_FUN(" + name + "_cpe)(sw_" + name + "_params*);\n\n"
         "extern \"C\" void " + name + "_mpe(sw_" + name + "_params* params) {\n"
         "  athread_spawn(SLAVE_FUN(" + name + "_cpe), params);\n"
         "  athread_join();\n}\n";
}

}  // namespace

kernel_sources print_kernel(const sunway_recipe_result& r, const gemm_roles& roles, const sunway_target& t,
                            const std::string& name, const std::string& origin) {
  return {header_file(name, origin, !r.batch_parameter.empty(), r.fused, c_type(t.elem)),
          cpe_file(r, roles, t, name, origin),
          mpe_file(name, origin)};
}

}  // namespace swgen::sunway
