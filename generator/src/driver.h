// swblas-gen's driver: spec + target description -> block kernel, and the
// files written from them (kernel source per target, manifest source, text
// manifest). No isl types here, so the CLI and tests of the outputs stay
// light.
//
// Specs whose recipe ends in the same kernel shape share one kernel: a
// batched spec is its entries' GEMM, a prologue is the runtime's packing
// rule, an epilogue's operation is read at run time. A target therefore
// gets at most three double kernels, whatever the number of specs: the
// plain block kernel, and the two epilogue shapes (in the micro kernel's
// registers, on the stored tile); and one plain kernel per other element
// type it has a register block for (fused operations are double only).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "target.h"

namespace swgen {

// One spec generated for one target.
struct spec_kernel {
  std::string spec;      // the spec's name, e.g. "dgemm_epilogue_relu"
  element_type elem = element_type::f64;  // of the spec's arrays: which register block runs it
  std::string skipped;   // why the target has no kernel for it (no block of its type), or ""
  std::string function;  // the block kernel it runs, e.g. "dgemm_block_x86_avx2_8x6_epilogue_in_registers"
  std::string family;    // kernel_family enumerator: dgemm, batch, prologue_a, ..., a_symmetric, b_symmetric
  std::string op;        // "0", or the fused op as a C++ expression
  std::string code;      // the kernel's C++ function definition
  std::vector<std::pair<std::string, std::string>> stages;  // --dump-schedule
};

struct target_output {
  target_desc target;
  std::vector<spec_kernel> specs;
};

// Parses and analyses the spec (throws spec_error when refused), reduces a
// batched spec to one entry, and applies the block recipe for the register
// block of target `t` of the spec's element type. When `t` has none, the
// spec is skipped there: no function, `skipped` says why.
// A spec whose element type is a parameter (arrays declared `real`) is
// generated for `as`, which such a spec requires and others must not get.
spec_kernel generate_for_target(const std::string& spec_name, const std::string& spec_source, const target_desc& t,
                                std::optional<element_type> as = std::nullopt);

// The element types a spec is generated for: the one it declares, or every
// one (double, float) when its element type is a parameter; `parameter`
// tells which.
std::vector<element_type> spec_element_types(const std::string& spec_source, bool* parameter);

// Parses and analyses only; returns the analysed schedule tree (block YAML).
std::string check_spec(const std::string& spec_source);

// The distinct kernels of one target's specs (skipped ones aside), each once; throws
// std::logic_error when two specs name the same kernel with different code.
std::vector<const spec_kernel*> distinct_kernels(const target_output& out);

// The generated C++ source of one target's kernels.
std::string kernel_source(const target_output& out);
// The C++ source defining swblas::generated_targets[] (a row per target
// and register block), generated_entries[] and generated_f32_entries[].
std::string manifest_source(const std::vector<target_output>& outs);
// The human-readable manifest, with each target's blocking per cache line.
std::string manifest_text(const std::vector<target_output>& outs);

}  // namespace swgen
