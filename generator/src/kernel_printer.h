// The printer of the x86/POWER block kernels: the shared AST printer with
// the kernel's statements (calls, guarded where isl could not prove they
// have instances); and the file those kernels go in.
#pragma once

#include <map>
#include <string>
#include <utility>

#include "ast_printer.h"

namespace swgen {

class kernel_printer : public ast_printer {
 public:
  explicit kernel_printer(std::map<std::string, std::string> rename)
      : ast_printer(std::move(rename), "swblas::dim_t") {}

 private:
  void user(const isl::ast_expr& call, int indent) override;
};

// What every generated source starts with: includes and the small integer
// helpers the printed expressions use.
std::string kernel_file_preamble(const std::string& origin);

}  // namespace swgen
