// swblas-gen's driver: spec + target description -> macro kernels, and the
// files written from them (kernel source, manifest source, text manifest).
// No isl types here, so the CLI and tests of the outputs stay light.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "target.h"
#include "tile_model.h"

namespace swgen {

struct kernel_variant {
  std::string name;      // <spec>_<target>_<mr>x<nr>_l1_<L1d>_l2_<L2>_<ic|jr|batch>
  std::string family;    // kernel_family enumerator: dgemm, batch, prologue_a, prologue_b, epilogue
  std::string op;        // "0", or the fused op as a C++ expression
  bool batched = false;  // a batch_kernel_fn rather than a macro_kernel_fn
  cache_config cache;
  blocking sizes;
  std::string parallel;  // "ic", "jr" or "batch"
  long a_pack_doubles = 0, b_pack_doubles = 0;  // from the footprints' box hulls
  std::string code;      // the C++ function definition
  std::vector<std::pair<std::string, std::string>> stages;  // --dump-schedule
};

struct target_output {
  std::string spec;  // the spec's name, e.g. "dgemm_epilogue_relu"
  target_desc target;
  std::vector<kernel_variant> kernels;
};

// Parses and analyses the spec (throws spec_error when refused) and applies
// the recipe for every cache configuration of `t` and every parallel loop
// (ic, jr; and batch for a batched spec).
target_output generate_for_target(const std::string& spec_name, const std::string& spec_source, const target_desc& t);

// Parses and analyses only; returns the analysed schedule tree (block YAML).
std::string check_spec(const std::string& spec_source);

// The generated C++ source of one target's kernels.
std::string kernel_source(const target_output& out);
// The C++ source defining swblas::generated_macro_kernels[].
std::string manifest_source(const std::vector<target_output>& outs);
// The human-readable manifest.
std::string manifest_text(const std::vector<target_output>& outs);

}  // namespace swgen
