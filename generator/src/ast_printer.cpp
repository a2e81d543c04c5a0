// The C printer of isl ASTs (see ast_printer.h).
#include "ast_printer.h"

#include <stdexcept>

namespace swgen {

void ast_printer::node(const isl::ast_node& n, int indent) {
  if (n.isa<isl::ast_node_block>()) {
    const isl::ast_node_list list = n.as<isl::ast_node_block>().children();
    for (unsigned c = 0; c < list.size(); ++c) node(list.at(static_cast<int>(c)), indent);
  } else if (n.isa<isl::ast_node_for>()) {
    for_loop(n, indent);
  } else if (n.isa<isl::ast_node_if>()) {
    const auto f = n.as<isl::ast_node_if>();
    line(indent, "if (" + expr(f.cond()) + ") {");
    node(f.then_node(), indent + 1);
    if (f.has_else_node()) {
      line(indent, "} else {");
      node(f.else_node(), indent + 1);
    }
    line(indent, "}");
  } else if (n.isa<isl::ast_node_mark>()) {
    mark(n.as<isl::ast_node_mark>().id().name(), indent);
    node(n.as<isl::ast_node_mark>().node(), indent);
  } else {
    user(n.as<isl::ast_node_user>().expr(), indent);
  }
}

void ast_printer::for_loop(const isl::ast_node& n, int indent) {
  const auto f = n.as<isl::ast_node_for>();
  const std::string it = expr(f.iterator());
  const std::string pragma = loop_pragma(n);
  iterators_.push_back(it);
  if (f.is_degenerate() && pragma.empty()) {
    line(indent, "{");
    line(indent + 1, "const " + index_type_ + " " + it + " = " + expr(f.init()) + ";");
    node(f.body(), indent + 1);
    line(indent, "}");
    iterators_.pop_back();
    return;
  }
  if (!pragma.empty()) line(indent, pragma);
  const std::string cond = f.is_degenerate() ? it + " <= " + expr(f.init()) : expr(f.cond());
  const std::string inc = f.is_degenerate() ? "1" : expr(f.inc());
  line(indent, "for (" + index_type_ + " " + it + " = " + expr(f.init()) + "; " + cond + "; " + it + " += " + inc + ") {");
  node(f.body(), indent + 1);
  line(indent, "}");
  iterators_.pop_back();
}

void ast_printer::user(const isl::ast_expr& call, int indent) { line(indent, expr(call) + ";"); }

void ast_printer::mark(const std::string& name, int indent) { line(indent, "// " + name); }

std::string ast_printer::args(const isl::ast_expr_op& op, unsigned first) {
  std::string s;
  for (unsigned a = first; a < op.n_arg(); ++a) s += (a > first ? ", " : "") + expr(op.arg(static_cast<int>(a)));
  return s;
}

std::string ast_printer::operand(const isl::ast_expr& e, int level, bool right_of_nonassoc) {
  const printed p = print(e);
  const bool wrap = p.level > level || (right_of_nonassoc && p.level == level);
  return wrap ? "(" + p.text + ")" : p.text;
}

// A quotient or remainder right of `*` keeps its parentheses: in integers
// a * (b / c) is not a * b / c.
bool ast_printer::truncates(const isl::ast_expr& e) {
  if (!e.isa<isl::ast_expr_op>()) return false;
  const auto op = e.as<isl::ast_expr_op>();
  return op.isa<isl::ast_expr_op_div>() || op.isa<isl::ast_expr_op_pdiv_q>() || op.isa<isl::ast_expr_op_pdiv_r>() ||
         op.isa<isl::ast_expr_op_zdiv_r>();
}

ast_printer::printed ast_printer::binary(const isl::ast_expr_op& op, const char* sym, int level, bool associative, int operand_level) {
  const int l = operand_level < 0 ? level : operand_level;
  return {operand(op.arg(0), l, false) + " " + sym + " " + operand(op.arg(1), l, !associative), level};
}

ast_printer::printed ast_printer::fold(const isl::ast_expr_op& op, const char* fn) {
  std::string s = expr(op.arg(0));
  for (unsigned a = 1; a < op.n_arg(); ++a) s = std::string(fn) + "(" + s + ", " + expr(op.arg(static_cast<int>(a))) + ")";
  return {s, 0};
}

ast_printer::printed ast_printer::print(const isl::ast_expr& e) {
  if (e.isa<isl::ast_expr_id>()) {
    const std::string name = e.as<isl::ast_expr_id>().id().name();
    const auto it = rename_.find(name);
    return {it == rename_.end() ? name : it->second, 0};
  }
  if (e.isa<isl::ast_expr_int>()) {
    const long v = e.as<isl::ast_expr_int>().val().num_si();
    return {std::to_string(v), v < 0 ? 3 : 0};
  }
  return operation(e.as<isl::ast_expr_op>());
}

ast_printer::printed ast_printer::operation(const isl::ast_expr_op& op) {
  if (op.isa<isl::ast_expr_op_call>()) return {expr(op.arg(0)) + "(" + args(op, 1) + ")", 0};
  if (op.isa<isl::ast_expr_op_min>()) return fold(op, "imin");
  if (op.isa<isl::ast_expr_op_max>()) return fold(op, "imax");
  if (op.isa<isl::ast_expr_op_fdiv_q>()) return {"floord(" + args(op, 0) + ")", 0};
  if (op.isa<isl::ast_expr_op_minus>()) return {"-" + operand(op.arg(0), 0, false), 3};
  if (op.isa<isl::ast_expr_op_mul>()) return binary(op, "*", 5, !truncates(op.arg(1)));
  if (op.isa<isl::ast_expr_op_div>() || op.isa<isl::ast_expr_op_pdiv_q>()) return binary(op, "/", 5, false);
  if (op.isa<isl::ast_expr_op_pdiv_r>() || op.isa<isl::ast_expr_op_zdiv_r>()) return binary(op, "%", 5, false);
  if (op.isa<isl::ast_expr_op_add>()) return binary(op, "+", 6, true);
  if (op.isa<isl::ast_expr_op_sub>()) return binary(op, "-", 6, false);
  if (op.isa<isl::ast_expr_op_le>()) return binary(op, "<=", 9, false);
  if (op.isa<isl::ast_expr_op_lt>()) return binary(op, "<", 9, false);
  if (op.isa<isl::ast_expr_op_ge>()) return binary(op, ">=", 9, false);
  if (op.isa<isl::ast_expr_op_gt>()) return binary(op, ">", 9, false);
  if (op.isa<isl::ast_expr_op_eq>()) return binary(op, "==", 10, false);
  if (op.isa<isl::ast_expr_op_and>() || op.isa<isl::ast_expr_op_and_then>()) return binary(op, "&&", 14, true);
  if (op.isa<isl::ast_expr_op_or>() || op.isa<isl::ast_expr_op_or_else>()) return binary(op, "||", 15, true, 13);
  if (op.isa<isl::ast_expr_op_cond>() || op.isa<isl::ast_expr_op_select>())
    return {operand(op.arg(0), 15, false) + " ? " + operand(op.arg(1), 15, false) + " : " + operand(op.arg(2), 15, false), 16};
  throw std::logic_error("printer: unsupported AST expression " + op.to_C_str());
}

}  // namespace swgen
