// The CPU back end of swblas-gen: block kernels for swblas's runtime on the
// x86, POWER and generic targets (driver.h), with one manifest for all of
// them (generated_manifest.cpp, manifest.txt).
#pragma once

#include <memory>

#include "backend.h"

namespace swgen {

std::unique_ptr<backend> make_cpu_backend();

}  // namespace swgen
