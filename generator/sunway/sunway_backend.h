// The Sunway back end of swblas-gen (target files with `backend = sunway`):
// per spec and target the CPE and MPE sources of one core-group kernel,
// named <spec>_<target>, and one kernel table for all of them
// (sunway_manifest.cpp).
#pragma once

#include <memory>

#include "backend.h"

namespace swgen::sunway {

std::unique_ptr<backend> make_sunway_backend();

}  // namespace swgen::sunway
