// AST generation for the Sunway recipe and the athread printers: the CPE
// (slave) kernel, the MPE (host) launcher and the parameter block they share.
#pragma once

#include <string>

#include "polyhedral.h"
#include "sunway_recipe.h"

namespace swgen::sunway {

struct kernel_sources {
  std::string header, cpe, mpe;
};

// Prints kernel `name` (functions <name>_cpe and <name>_mpe, parameter block
// sw_<name>_params) from the recipe's schedule tree.
kernel_sources print_kernel(const sunway_recipe_result& r, const gemm_roles& roles, const sunway_target& t,
                            const std::string& name, const std::string& origin);

}  // namespace swgen::sunway
