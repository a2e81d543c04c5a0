// The printer of the x86/POWER macro kernels: the shared AST printer with
// the kernel's statements (calls, guarded where isl could not prove they
// have instances), one batch entry per batch_entry mark, and the loops the
// team shares as orphaned `omp for` loops; and the file those kernels go in.
#pragma once

#include <map>
#include <string>
#include <utility>

#include "ast_printer.h"

namespace swgen {

class kernel_printer : public ast_printer {
 public:
  // `schedule`: the OpenMP schedule clause of the shared loop.
  kernel_printer(std::map<std::string, std::string> rename, const char* schedule)
      : ast_printer(std::move(rename), "swblas::dim_t"), schedule_(schedule) {}

 private:
  const char* schedule_;

  void user(const isl::ast_expr& call, int indent) override;
  void mark(const std::string& name, int indent) override;
  std::string loop_pragma(const isl::ast_node& for_node) override;
};

// What every generated source starts with: includes and the small integer
// helpers the printed expressions use.
std::string kernel_file_preamble(const std::string& origin);

}  // namespace swgen
