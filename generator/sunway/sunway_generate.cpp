// The Sunway back end's driver (see sunway_generate.h). This file holds the
// only isl context of a run.
#include "sunway_generate.h"

#include <stdexcept>

#include "isl_c.h"
#include "polyhedral.h"
#include "spec.h"
#include "sunway_codegen.h"
#include "sunway_recipe.h"

namespace swgen::sunway {

namespace {

// The kernel table's family and operation of what the recipe fused.
kernel_entry entry_of(const std::string& name, const sunway_recipe_result& r, element_type elem) {
  switch (r.fused.what) {
    case fused_spec::role::epilogue: return {name, "epilogue", r.fused.op, elem};
    case fused_spec::role::prologue_a: return {name, "prologue_a", r.fused.op, elem};
    case fused_spec::role::prologue_b: return {name, "prologue_b", r.fused.op, elem};
    case fused_spec::role::none: break;
  }
  return {name, r.batch_parameter.empty() ? "dgemm" : "batch", "", elem};
}

}  // namespace

generated_files generate_kernel_files(const std::string& spec_source, const sunway_target& t, const std::string& name) {
  scop s = parse_spec(spec_source);
  // The batched and fused kernels are double ones: a spec whose element
  // type is a parameter gives its double instance.
  if (s.elem_is_parameter) {
    s.elem = element_type::f64;
    s.elem_is_parameter = false;
  }
  const sunway_target te = target_for_element(t, s.elem);
  islc::context ctx;
  const model m = build_model(ctx.get(), s);
  const analysis a = analyse(m, s);
  const sunway_recipe_result r = apply_sunway_recipe(m, a, te, find_fused(s, a.roles));
  if (s.elem != element_type::f64 && (r.fused.what != fused_spec::role::none || !r.batch_parameter.empty()))
    throw spec_error("sunway: " + name + ": float kernels are plain GEMM only (the batched and fused Sunway kernels are double)");
  const kernel_sources k = print_kernel(r, a.roles, te, name, "for target " + t.name);
  generated_files out;
  out.kernel = entry_of(name, r, s.elem);
  out.files = {{name + ".h", k.header}, {name + "_cpe.cpp", k.cpe}, {name + "_mpe.cpp", k.mpe}};
  out.stages = r.stages;
  return out;
}

std::vector<std::pair<std::string, std::string>> generate(const std::string& spec_source, const sunway_target& t) {
  return generate_kernel_files(spec_source, t, "dgemm_" + t.name).files;
}

}  // namespace swgen::sunway
