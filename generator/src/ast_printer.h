// The C printer of isl ASTs that every back end uses: blocks, for loops, ifs
// and expressions with C precedence (min, max and floor division printed as
// calls of imin, imax and floord, which the generated code must define).
// What a user statement or a mark prints, and which loops carry a pragma, is
// the back end's: it overrides the hooks.
#pragma once

#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <isl/cpp.h>

namespace swgen {

class ast_printer {
 public:
  // `rename`: identifiers printed under another name (e.g. the spec's
  // parameters as fields of the problem); `index_type`: the C type of the
  // loop iterators.
  ast_printer(std::map<std::string, std::string> rename, std::string index_type)
      : rename_(std::move(rename)), index_type_(std::move(index_type)) {}
  virtual ~ast_printer() = default;

  void node(const isl::ast_node& n, int indent);

  std::string text() const { return out_.str(); }

 protected:
  void line(int indent, const std::string& s) { out_ << std::string(2 * indent, ' ') << s << "\n"; }

  std::string expr(const isl::ast_expr& e) { return print(e).text; }

  // Of the loops being printed, outermost first.
  const std::vector<std::string>& iterators() const { return iterators_; }

  // A user node: by default its expression as a C statement.
  virtual void user(const isl::ast_expr& call, int indent);

  // A mark, before its subtree is printed: by default a comment naming it.
  virtual void mark(const std::string& name, int indent);

  // The pragma line above a for loop, "" for none. A loop with a pragma is
  // always printed as a loop (isl may mark a one-trip loop degenerate; a
  // work-sharing loop must still be shared out, not run on every thread).
  virtual std::string loop_pragma(const isl::ast_node& /*for_node*/) { return ""; }

 private:
  std::map<std::string, std::string> rename_;
  std::string index_type_;
  std::vector<std::string> iterators_;
  std::ostringstream out_;

  void for_loop(const isl::ast_node& n, int indent);

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
  static bool truncates(const isl::ast_expr& e);
  printed binary(const isl::ast_expr_op& op, const char* sym, int level, bool associative, int operand_level = -1);

  // n-ary min/max as nested calls of the generated code's helpers.
  printed fold(const isl::ast_expr_op& op, const char* fn);

  printed print(const isl::ast_expr& e);

  printed operation(const isl::ast_expr_op& op);
};

}  // namespace swgen
