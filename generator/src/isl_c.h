// The only place swblas-gen calls isl's C API: what isl 0.25's C++ bindings
// (isl/cpp.h) do not wrap. Every function here takes and returns C++ objects;
// the comment of each states what it does with ownership at the C boundary
// (isl's __isl_take / __isl_keep / __isl_give), so callers never manage
// references themselves.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <isl/cpp.h>

namespace swgen::islc {

// Owns one isl_ctx configured the way the generator relies on: errors become
// isl::exception, tile loops iterate over tile origins, point loops keep the
// original indices, and the AST builder prints min/max.
class context {
 public:
  context();
  ~context();
  context(const context&) = delete;
  context& operator=(const context&) = delete;
  isl::ctx get() const { return isl::ctx(ctx_); }

 private:
  isl_ctx* ctx_;
};

// --- schedule trees -------------------------------------------------------
// isl_schedule_node_get_domain (node kept): the instances reaching `node`.
isl::union_set node_domain(const isl::schedule_node& node);
// isl_schedule_node_get_schedule_depth (node kept): outer schedule dimensions.
int schedule_depth(const isl::schedule_node& node);
// isl_schedule_node_band_get_space (band kept): the band's set space.
isl::space band_space(const isl::schedule_node& band);
// isl_schedule_node_delete (node taken, result given): removes `node`,
// returning the node now at its position.
isl::schedule_node delete_node(isl::schedule_node node);
// isl_schedule_node_band_sink (band taken, result given): moves the band
// below all of its descendants.
isl::schedule_node band_sink(isl::schedule_node band);
// isl_schedule_node_mark_get_id (mark kept): the mark's name.
std::string mark_name(const isl::schedule_node& mark);
// isl_printer in block YAML style (schedule kept): the tree, one node a line.
std::string schedule_text(const isl::schedule& schedule);
// isl_map_lex_lt (space taken from a copy): { x -> y : x <lex y } on `space`.
isl::map lex_lt(const isl::space& set_space);

// --- AST generation -------------------------------------------------------
// What the generator does while isl builds the AST. Each hook may throw; the
// exception is carried across isl's C callbacks and rethrown by build_ast.
struct ast_hooks {
  // A mark is entered (before its subtree is generated).
  std::function<void(const isl::id& mark, const isl::ast_build& build)> before_mark;
  // A mark's subtree is done: return the node that replaces `node` (the mark).
  std::function<isl::ast_node(isl::ast_node node, const isl::ast_build& build)> after_mark;
  // A for loop is about to be generated: return its annotation name ("" for none).
  std::function<std::string(const isl::ast_build& build)> before_for;
  // The loop last announced by before_for is done.
  std::function<void()> after_for;
};

// isl_ast_build_node_from_schedule with the hooks installed on a build from
// `context` (schedule and context copied; the result is given).
isl::ast_node build_ast(const isl::schedule& schedule, const isl::set& context, ast_hooks& hooks);

// isl_ast_build_get_schedule_space (build kept).
isl::space build_schedule_space(const isl::ast_build& build);
// isl_ast_node_get_annotation (node kept): its name, or "" without one.
std::string for_annotation(const isl::ast_node& for_node);

// Expression and node constructors (arguments copied, results given).
isl::ast_expr id_expr(isl::ctx ctx, const std::string& name);
isl::ast_expr int_expr(isl::ctx ctx, long value);
isl::ast_expr add(const isl::ast_expr& a, const isl::ast_expr& b);
isl::ast_expr mul(const isl::ast_expr& a, const isl::ast_expr& b);
isl::ast_expr and_(const isl::ast_expr& a, const isl::ast_expr& b);
isl::ast_expr call(const std::string& function, const std::vector<isl::ast_expr>& args);
isl::ast_node user_node(const isl::ast_expr& expr);
// The integer value of an isl_ast_expr_int, or false for anything else.
bool int_value(const isl::ast_expr& expr, long* value);

}  // namespace swgen::islc
