// The Sunway kernel table that swblas-gen writes for the Sunway target
// (sunway_manifest.cpp in the output directory): every generated kernel with
// its family and fused operation, and the launcher that starts it on a core
// group (emu/launch.h), so that the drivers find the kernel for a plain,
// batched or fused DGEMM by what it computes.
#pragma once

#include <string>
#include <vector>

#include "sunway_generate.h"

namespace swgen::sunway {

// The C++ source defining swblas::sunway_emu::generated_sunway_kernels[].
std::string manifest_source(const std::vector<kernel_entry>& kernels);

}  // namespace swgen::sunway
