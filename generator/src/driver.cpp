// The driver (see driver.h). This file holds the only isl context of a run.
#include "driver.h"

#include <map>
#include <sstream>
#include <stdexcept>

#include "batch_entry.h"
#include "block_domain.h"
#include "codegen.h"
#include "isl_c.h"
#include "kernel_printer.h"
#include "polyhedral.h"
#include "recipe.h"
#include "solve.h"
#include "spec.h"
#include "symmetric_operand.h"

namespace swgen {

namespace {

// The manifest's kernel_family and op of what the analysis found.
void describe_family(const analysis& a, const symmetric_operand& sym, bool batched, spec_kernel* k) {
  k->family = batched ? "batch" : "dgemm";
  k->op = "0";
  if (sym.operand) {
    k->family = std::string(1, sym.operand) + "_symmetric";
    k->op = std::string("static_cast<int>(triangle_op::") + (sym.upper ? "upper" : "lower") + ")";
  }
  if (a.roles.triangle.on()) {
    k->family = std::string(1, a.roles.triangle.of()) + "_triangle";
    k->op = "static_cast<int>(triangle_op::" + std::string(triangle_shape(a.roles.triangle)) + ")";
  }
  for (const fused_statement& f : a.fused) {
    if (f.what == fused_statement::role::prologue) {
      k->family = f.operand == 'a' ? "prologue_a" : "prologue_b";
      k->op = "static_cast<int>(prologue_op::" + f.function + ")";
    } else {
      k->family = "epilogue";
      k->op = "static_cast<int>(epilogue_op::" + (f.function.empty() ? std::string("none") : f.function) + ")";
    }
  }
}

// The kernel's name says its shape, which is all that tells kernels apart:
// the element type and register block, C's triangle, and where a fused
// epilogue is applied.
std::string kernel_name(const target_desc& t, const register_block_desc& b, const gemm_roles& roles,
                        const recipe_result& r) {
  std::string name = std::string(blas_letter(b.elem)) + "gemm_block_" + t.name + "_" + std::to_string(b.mr) + "x" +
                     std::to_string(b.nr);
  if (roles.triangle.on())
    name += std::string(roles.triangle.of() == 'c' ? "_triangle_" : roles.triangle.of() == 'a' ? "_a_triangle_" : "_b_triangle_") +
            triangle_shape(roles.triangle);
  for (const fused_statement& f : r.fused)
    if (f.what == fused_statement::role::epilogue) {
      name += r.epilogue_in_ukernel ? "_epilogue_in_registers" : "_epilogue_on_stored_tile";
      if (f.bias.empty()) name += "_no_bias";
    }
  return name;
}

// The packed block a kernel of element type e multiplies (src/macro_kernel.h).
std::string block_type(element_type e) {
  return e == element_type::f64 ? "swblas::packed_block" : "swblas::basic_packed_block<" + std::string(c_type(e)) + ">";
}

// The gemm statement's loop that the batch roles name.
std::string batch_iterator(const scop& s, const gemm_roles& r) {
  for (const statement& st : s.statements)
    if (st.name == r.statement) return st.loops.at(r.batch).iterator;
  throw std::logic_error("driver: no statement " + r.statement);
}

// A solve's kernel (solve.h): family solve, its triangle the op.
spec_kernel generate_solve(spec_kernel k, const model& m, const scop& s, const target_desc& t) {
  const solve_roles r = analyse_solve(m, s);
  k.family = "solve";
  k.op = "static_cast<int>(triangle_op::lower)";
  const register_block_desc* b = t.block_of(m.elem);
  if (!b) {
    k.skipped = std::string("no ") + enumerator(m.elem) + " register block";
    return k;
  }
  const recipe_result res = apply_solve_recipe(m, r, {b->mr, b->nr});
  k.function = std::string(blas_letter(b->elem)) + "trsm_block_" + t.name + "_" + std::to_string(b->mr) + "x" +
               std::to_string(b->nr) + "_lower";
  k.stages = res.stages;
  k.code = generate_kernel(res, r.update, {k.function, "swblas::ukernel_" + b->ukernel, block_type(m.elem), b->mr, b->nr});
  return k;
}

}  // namespace

std::vector<element_type> spec_element_types(const std::string& spec_source, bool* parameter) {
  const scop s = parse_spec(spec_source);
  *parameter = s.elem_is_parameter;
  if (s.elem_is_parameter) return {element_type::f64, element_type::f32};
  return {s.elem};
}

spec_kernel generate_for_target(const std::string& spec_name, const std::string& spec_source, const target_desc& t,
                                std::optional<element_type> as) {
  scop s = parse_spec(spec_source);
  if (s.elem_is_parameter != as.has_value())
    throw std::logic_error("driver: spec " + spec_name +
                           (as ? " declares its element type" : " has its element type as a parameter") +
                           (as ? ", none may be given" : ", one must be given"));
  if (as) s.elem = *as;
  islc::context ctx;
  symmetric_operand sym;
  s = fold_symmetric_pair(ctx.get(), std::move(s), &sym);
  model m = build_model(ctx.get(), s);
  spec_kernel k;
  k.spec = spec_name;
  k.elem = m.elem;
  if (is_solve(s)) return generate_solve(std::move(k), m, s, t);
  analysis a = analyse(m, s);  // a batched spec: its entries checked independent
  const bool batched = a.roles.batch >= 0;
  describe_family(a, sym, batched, &k);
  const register_block_desc* b = t.block_of(m.elem);
  if (!b) {
    k.skipped = std::string("no ") + enumerator(m.elem) + " register block";
    return k;
  }
  if (batched) {
    s = one_entry(std::move(s), batch_iterator(s, a.roles));
    m = build_model(ctx.get(), s);
    a = analyse(m, s);
  }
  if (a.roles.triangle.on()) {  // the kernel multiplies one block of the triangle
    s = block_domain(std::move(s), a.roles);
    m = build_model(ctx.get(), s);
    a = analyse(m, s);
  }
  const recipe_result r = apply_block_recipe(m, a, {b->mr, b->nr});
  k.function = kernel_name(t, *b, a.roles, r);
  k.stages = r.stages;
  k.code = generate_kernel(r, a.roles, {k.function, "swblas::ukernel_" + b->ukernel, block_type(m.elem), b->mr, b->nr});
  return k;
}

std::string check_spec(const std::string& spec_source) {
  islc::context ctx;
  symmetric_operand sym;
  const scop s = fold_symmetric_pair(ctx.get(), parse_spec(spec_source), &sym);
  const model m = build_model(ctx.get(), s);
  if (is_solve(s)) {
    analyse_solve(m, s);
    return islc::schedule_text(m.schedule);
  }
  return islc::schedule_text(analyse(m, s).schedule);
}

std::vector<const spec_kernel*> distinct_kernels(const target_output& out) {
  std::map<std::string, const spec_kernel*> seen;
  std::vector<const spec_kernel*> kernels;
  for (const spec_kernel& k : out.specs) {
    if (!k.skipped.empty()) continue;
    const auto [it, fresh] = seen.emplace(k.function, &k);
    if (fresh)
      kernels.push_back(&k);
    else if (it->second->code != k.code)
      throw std::logic_error("driver: specs " + it->second->spec + " and " + k.spec + " print different kernels named " +
                             k.function);
  }
  return kernels;
}

std::string kernel_source(const target_output& out) {
  std::ostringstream src;
  src << kernel_file_preamble("for target " + out.target.name);
  for (const spec_kernel* k : distinct_kernels(out)) src << "\n" << k->code;
  src << "\n}  // namespace swblas::generated\n";
  return src.str();
}

namespace {

std::string cache_table_name(const target_desc& t) { return "k" + t.name + "_caches"; }

// The cache configurations of one target, as a C++ array definition.
std::string cache_table(const target_desc& t) {
  std::ostringstream src;
  src << "const cache_config " << cache_table_name(t) << "[] = {";
  for (const cache_config& c : t.caches) src << "{" << c.l1d << ", " << c.l2 << ", " << c.l3 << ", " << c.l1d_ways << "}, ";
  src << "};\n";
  return src.str();
}

// One row of generated_targets[]: the target with one of its register blocks.
std::string target_row(const target_desc& t, const register_block_desc& b) {
  std::ostringstream src;
  src << "    {\"" << t.name << "\", isa::" << b.isa << ", element_type::" << enumerator(b.elem) << ", \"" << b.ukernel
      << "\", {" << b.mr << ", " << b.nr << ", " << b.kr << ", " << b.vector_elems << ", "
      << (b.l1_resident == register_block_desc::l1_panels::b ? "true" : "false") << ", " << bytes_of(b.elem) << "}, "
      << cache_table_name(t) << ", " << t.caches.size() << "},\n";
  return src.str();
}

std::string entry_row(const target_desc& t, const spec_kernel& k) {
  return "    {\"" + k.spec + "\", \"" + t.name + "\", \"" + k.function + "\", &generated::" + k.function +
         ", kernel_family::" + k.family + ", " + k.op + "},\n";
}

// The manifest's entries of one element type: `prefix`entries[] and
// `prefix`entry_count.
std::string entry_array(const std::string& type, const std::string& prefix, const std::string& rows, std::size_t count) {
  return "const " + type + " " + prefix + "entries[] = {\n" + (count ? rows : "    {},\n") + "};\nconst std::size_t " +
         prefix + "entry_count = " + std::to_string(count) + ";\n";
}

// "VL 4 doubles", "VL 8 floats".
std::string vector_length(const register_block_desc& b) {
  return "VL " + std::to_string(b.vector_elems) + " " + c_type(b.elem) + "s";
}

}  // namespace

std::string manifest_source(const std::vector<target_output>& outs) {
  std::ostringstream decl, caches, targets;
  std::string entries[2];  // of each element_type, in enumerator order
  std::size_t entry_count[2] = {0, 0};
  std::size_t target_count = 0;
  for (const target_output& o : outs) {
    for (const spec_kernel* k : distinct_kernels(o))
      decl << "void " << k->function << "(const " << block_type(k->elem) << "& blk);\n";
    caches << cache_table(o.target);
    for (const register_block_desc& b : o.target.blocks) targets << target_row(o.target, b);
    target_count += o.target.blocks.size();
    for (const spec_kernel& k : o.specs) {
      if (!k.skipped.empty()) continue;
      entries[static_cast<int>(k.elem)] += entry_row(o.target, k);
      ++entry_count[static_cast<int>(k.elem)];
    }
  }
  std::ostringstream src;
  src << "// Generated by swblas-gen: the manifest of the generated block kernels. Do not edit.\n"
      << "#include \"fused_ops.h\"\n#include \"macro_kernel.h\"\n\nnamespace swblas::generated {\n"
      << decl.str() << "}  // namespace swblas::generated\n\nnamespace swblas {\nnamespace {\n"
      << caches.str() << "}  // namespace\n\n"
      << "const generated_target generated_targets[] = {\n"
      << (target_count ? targets.str() : "    {},\n") << "};\n"
      << "const std::size_t generated_target_count = " << target_count << ";\n\n"
      << entry_array("generated_entry", "generated_", entries[0], entry_count[0]) << "\n"
      << entry_array("basic_generated_entry<float>", "generated_f32_", entries[1], entry_count[1])
      << "\n}  // namespace swblas\n";
  return src.str();
}

std::string manifest_text(const std::vector<target_output>& outs) {
  std::ostringstream txt;
  txt << "swblas-gen manifest: the generated block kernels\n";
  for (const target_output& o : outs) {
    const target_desc& t = o.target;
    txt << "\ntarget " << t.name << "\n";
    for (const register_block_desc& b : t.blocks)
      txt << "  " << enumerator(b.elem) << ": isa " << b.isa << ", micro kernel swblas::ukernel_" << b.ukernel << " ("
          << b.mr << "x" << b.nr << "), " << vector_length(b) << "\n";
    for (const spec_kernel* k : distinct_kernels(o)) txt << "  kernel " << k->function << "\n";
    for (const spec_kernel& k : o.specs)
      if (k.skipped.empty())
        txt << "  spec " << k.spec << ": family " << k.family << ", op " << k.op << " -> " << k.function << "\n";
      else
        txt << "  spec " << k.spec << ": skipped, " << k.skipped << "\n";
    for (const register_block_desc& b : t.blocks)
      for (const cache_config& c : t.caches) {
        std::string why;
        const swblas::blocking bl = swblas::choose_blocking(b.shape(), c, &why);
        txt << "  " << enumerator(b.elem) << " caches l1d " << c.l1d << " (" << c.l1d_ways << "-way), l2 " << c.l2
            << ", l3 " << c.l3 << ": " << swblas::describe_blocking(bl) << "\n";
        std::istringstream lines(why);
        for (std::string line; std::getline(lines, line);) txt << "      " << line << "\n";
      }
  }
  return txt.str();
}

}  // namespace swgen
