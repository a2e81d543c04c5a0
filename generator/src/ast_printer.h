// The C++ printer of isl ASTs: loops, guards and marks of the macro kernel,
// expressions with C precedence, and what every generated source starts with.
#pragma once

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <isl/cpp.h>

namespace swgen {

class printer {
 public:
  printer(std::map<std::string, std::string> rename, const char* schedule)
      : rename_(std::move(rename)), schedule_(schedule) {}

  void node(const isl::ast_node& n, int indent);

  std::string text() const { return out_.str(); }

 private:
  std::map<std::string, std::string> rename_;
  const char* schedule_;                // of the shared loop
  std::vector<std::string> iterators_;  // of the loops being printed, outermost first
  std::ostringstream out_;

  void line(int indent, const std::string& s) { out_ << std::string(2 * indent, ' ') << s << "\n"; }

  // Shared loops are always printed as loops (isl may mark a one-trip loop
  // degenerate; the team must still share it out, not run it on every thread).
  void for_loop(const isl::ast_node& n, int indent);

  void user(const isl::ast_expr& call, int indent);

  // An expression with its C precedence level (0: atom; larger binds looser).
  struct printed {
    std::string text;
    int level;
  };

  std::string args(const isl::ast_expr_op& op, unsigned first);

  // Parenthesises an operand that binds looser than its operator (or as
  // loosely, on the right of a non-associative one).
  std::string operand(const isl::ast_expr& e, int level, bool right_of_nonassoc);

  // `operand_level` below `level` parenthesises operands gcc warns about
  // (&& inside ||).
  printed binary(const isl::ast_expr_op& op, const char* sym, int level, bool associative, int operand_level = -1);

  // n-ary min/max as nested calls of the preamble's helpers.
  printed fold(const isl::ast_expr_op& op, const char* fn);

  std::string expr(const isl::ast_expr& e) { return print(e).text; }

  printed print(const isl::ast_expr& e);

  printed operation(const isl::ast_expr_op& op);
};

// What every generated source starts with: includes and the small integer
// helpers the printed expressions use.
std::string kernel_file_preamble(const std::string& origin);

}  // namespace swgen
