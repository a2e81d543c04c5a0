// The Sunway back end's generation of one kernel: spec source + target
// description -> the generated files (name, contents) and what the kernel
// table records of the kernel. No isl types here.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sunway_target.h"

namespace swgen::sunway {

// What the kernel table (sunway_manifest.h) records of a kernel.
struct kernel_entry {
  std::string name;    // functions <name>_cpe and <name>_mpe, parameter block sw_<name>_params
  std::string family;  // swblas::kernel_family enumerator: dgemm, batch, prologue_a, prologue_b, epilogue
  std::string op;      // the fused operation's enumerator ("relu", "none": bias only); empty for dgemm, batch
  element_type elem = element_type::f64;
};

struct generated_files {
  kernel_entry kernel;
  std::vector<std::pair<std::string, std::string>> files;   // (file name, contents)
  std::vector<std::pair<std::string, std::string>> stages;  // (stage, schedule tree) for --dump-schedule
};

// Parses and analyses the spec with swblas_gen_core (spec_error when refused),
// applies the Sunway recipe for the spec's element type (spec_error when the
// tiles exceed the LDM budget; a spec whose element type is a parameter gives
// its double kernel; float: plain GEMM only, on the target's float micro
// kernel and CPE tile, target_for_element) and prints, for kernel `name`:
//   <name>.h        the parameter block shared by the MPE and CPE sources
//   <name>_cpe.cpp  the CPE (slave) kernel: DMA, RMA, barriers, micro-kernel calls
//   <name>_mpe.cpp  the MPE (host) launcher: athread_spawn / athread_join
generated_files generate_kernel_files(const std::string& spec_source, const sunway_target& t, const std::string& name);

// The files only, for kernel dgemm_<target name>.
std::vector<std::pair<std::string, std::string>> generate(const std::string& spec_source, const sunway_target& t);

}  // namespace swgen::sunway
