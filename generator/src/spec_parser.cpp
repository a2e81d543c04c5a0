// A small recursive-descent parser for the restricted C subset of the specs:
//   for (i = lower; i < upper; i++)  (also <=, ++i, i += 1, optional "int";
//                                     more bounds as `i < M && i <= 2 * j + 1`)
//   { ... } blocks, and statements  X[..][..] (+)= expression;
// where subscripts and bounds are affine in iterators and parameters and the
// expression uses + - * /, numbers, accesses and known functions.
#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

#include "spec.h"

namespace swgen {

bool is_known_function(const std::string& name) {
  static const std::set<std::string> known = {
      // fusable (prologue_op / epilogue_op of src/fused_ops.h)
      "scale", "fake_quant", "relu", "leaky_relu", "gelu_tanh", "gelu_erf", "sigmoid", "tanh",
      "silu", "clamp",
      // known, but no fused kernel for them
      "exp", "fabs", "sqrt", "gelu", "fmin", "fmax", "round"};
  return known.count(name) != 0;
}

std::string affine_expr::isl_text() const {
  std::ostringstream out;
  bool first = true;
  for (const auto& [name, c] : coef) {
    if (c == 0) continue;
    if (!first) out << (c < 0 ? " - " : " + ");
    else if (c < 0) out << "-";
    const long a = c < 0 ? -c : c;
    if (a != 1) out << a << "*";
    out << name;
    first = false;
  }
  if (first) return std::to_string(constant);
  if (constant != 0) out << (constant < 0 ? " - " : " + ") << (constant < 0 ? -constant : constant);
  return out.str();
}

std::string statement::describe() const {
  return "statement " + name + " (line " + std::to_string(line) + ": " + text + ")";
}

namespace {

struct token {
  enum class kind { ident, number, punct, end } what;
  std::string text;
  int line;
};

// Splits the scop region into tokens; comments are skipped.
std::vector<token> tokenize(const std::string& src, int first_line) {
  std::vector<token> out;
  int line = first_line;
  static const char* two_char[] = {"++", "+=", "<=", "--", "-=", "*=", "&&"};
  for (std::size_t p = 0; p < src.size();) {
    const char c = src[p];
    if (c == '\n') { ++line; ++p; continue; }
    if (std::isspace(static_cast<unsigned char>(c))) { ++p; continue; }
    if (src.compare(p, 2, "//") == 0) { p = src.find('\n', p); if (p == std::string::npos) break; continue; }
    if (src.compare(p, 2, "/*") == 0) {
      const std::size_t e = src.find("*/", p + 2);
      line += static_cast<int>(std::count(src.begin() + p, src.begin() + (e == std::string::npos ? src.size() : e), '\n'));
      p = e == std::string::npos ? src.size() : e + 2;
      continue;
    }
    std::size_t q = p;
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (q < src.size() && (std::isalnum(static_cast<unsigned char>(src[q])) || src[q] == '_')) ++q;
      out.push_back({token::kind::ident, src.substr(p, q - p), line});
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      while (q < src.size() && (std::isdigit(static_cast<unsigned char>(src[q])) || src[q] == '.')) ++q;
      out.push_back({token::kind::number, src.substr(p, q - p), line});
    } else {
      q = p + 1;
      for (const char* t : two_char)
        if (src.compare(p, 2, t) == 0) q = p + 2;
      out.push_back({token::kind::punct, src.substr(p, q - p), line});
    }
    p = q;
  }
  out.push_back({token::kind::end, "", line});
  return out;
}

// The element type of the arrays the function header declares (`toks`, the
// text before the region): each `TYPE NAME [`, qualifiers aside. One type
// per spec, double or float: the micro kernels there are; or `real`, the
// element type as a parameter (*parameter set, double returned).
element_type declared_element(const std::vector<token>& toks, bool* parameter) {
  std::string first, first_type;  // the first array declared and its type, for messages
  for (std::size_t p = 1; p + 1 < toks.size(); ++p) {
    if (toks[p].what != token::kind::ident || toks[p + 1].text != "[" || toks[p - 1].what != token::kind::ident)
      continue;
    std::string type;
    for (std::size_t q = p; q > 0 && toks[q - 1].what == token::kind::ident; --q)
      if (toks[q - 1].text != "const" && toks[q - 1].text != "restrict")
        type = type.empty() ? toks[q - 1].text : toks[q - 1].text + " " + type;
    const std::string where = "line " + std::to_string(toks[p].line) + ": array " + toks[p].text;
    if (type != "double" && type != "float" && type != "real")
      throw spec_error(where + " has element type '" + type +
                       "'; kernels are generated for double and float, or for both from `real`");
    if (first.empty()) {
      first = toks[p].text;
      first_type = type;
    } else if (type != first_type) {
      throw spec_error(where + " is " + type + " but " + first + " is " + first_type + ": one element type per spec");
    }
  }
  *parameter = first_type == "real";
  return first_type == "float" ? element_type::f32 : element_type::f64;
}

class parser {
 public:
  explicit parser(std::vector<token> toks) : toks_(std::move(toks)) {}

  scop parse() {
    while (peek().what != token::kind::end) parse_statement();
    return std::move(result_);
  }

 private:
  std::vector<token> toks_;
  std::size_t pos_ = 0;
  std::vector<loop> loops_;  // enclosing loops of the current position
  std::vector<int> place_;   // their places (statement::place)
  std::vector<int> next_{0};  // per depth: the place the next loop or statement there takes
  statement* current_ = nullptr;  // statement being parsed, for messages
  scop result_;

  const token& peek(std::size_t ahead = 0) const { return toks_[std::min(pos_ + ahead, toks_.size() - 1)]; }
  bool at(const std::string& text) const { return peek().what != token::kind::end && peek().text == text; }
  const token& take() { return toks_[pos_ < toks_.size() - 1 ? pos_++ : pos_]; }

  [[noreturn]] void fail(const std::string& why) const {
    const std::string where = current_ ? current_->describe() : "line " + std::to_string(peek().line);
    throw spec_error(where + ": " + why);
  }
  void expect(const std::string& text) {
    if (!at(text)) fail("expected '" + text + "' but found '" + peek().text + "'");
    take();
  }
  std::string identifier() {
    if (peek().what != token::kind::ident) fail("expected an identifier but found '" + peek().text + "'");
    return take().text;
  }

  bool is_iterator(const std::string& name) const {
    return std::any_of(loops_.begin(), loops_.end(), [&](const loop& l) { return l.iterator == name; });
  }
  void note_parameter(const std::string& name) {
    auto& ps = result_.parameters;
    if (std::find(ps.begin(), ps.end(), name) == ps.end()) ps.push_back(name);
  }

  void parse_statement() {
    if (at("{")) {
      take();
      while (!at("}")) {
        if (peek().what == token::kind::end) fail("unterminated block");
        parse_statement();
      }
      take();
    } else if (at("for")) {
      place_.push_back(next_.back()++);
      next_.push_back(0);
      parse_for();
      next_.pop_back();
      place_.pop_back();
    } else {
      parse_assignment();
    }
  }

  void parse_for() {
    expect("for");
    expect("(");
    if (at("int") || at("long")) take();
    loop l;
    l.iterator = identifier();
    expect("=");
    l.lower = parse_affine();
    expect(";");
    l.upper_exclusive = parse_upper_bound(l.iterator);
    while (at("&&")) {
      take();
      l.more_upper.push_back(parse_upper_bound(l.iterator));
    }
    expect(";");
    parse_increment(l.iterator);
    expect(")");
    loops_.push_back(l);
    parse_statement();
    loops_.pop_back();
  }

  // `it < e` or `it <= e`, as the exclusive bound.
  affine_expr parse_upper_bound(const std::string& it) {
    if (identifier() != it) fail("the loop condition must test the iterator " + it);
    const bool inclusive = at("<=");
    if (!inclusive) expect("<"); else take();
    affine_expr bound = parse_affine();
    if (inclusive) bound.constant += 1;
    return bound;
  }

  void parse_increment(const std::string& it) {
    if (at("++")) { take(); if (identifier() != it) fail("the loop must increment " + it); return; }
    if (identifier() != it) fail("the loop must increment " + it);
    if (at("++")) { take(); return; }
    expect("+=");
    if (take().text != "1") fail("only unit-stride loops are supported");
  }

  // Parses an expression and requires it to be affine.
  affine_expr parse_affine() {
    const std::size_t begin = pos_;
    auto e = parse_expr();
    return to_affine(*e, source_text(begin, pos_));
  }

  std::string source_text(std::size_t begin, std::size_t end) const {
    std::string s;
    for (std::size_t p = begin; p < end; ++p) {
      const bool tight = !s.empty() && (toks_[p].text == "[" || toks_[p].text == "]" || s.back() == '[' ||
                                         toks_[p].text == "(" || toks_[p].text == ")" || s.back() == '(');
      if (!s.empty() && !tight) s += ' ';
      s += toks_[p].text;
    }
    return s;
  }

  affine_expr to_affine(const expr& e, const std::string& text) {
    affine_expr a;
    switch (e.what) {
      case expr::kind::number:
        if (e.value != static_cast<long>(e.value)) fail("non-integer constant in affine expression '" + text + "'");
        a.constant = static_cast<long>(e.value);
        return a;
      case expr::kind::access:
        if (!e.ref.subscripts.empty()) fail("array access in affine expression '" + text + "'");
        if (!is_iterator(e.ref.array)) note_parameter(e.ref.array);
        a.coef[e.ref.array] = 1;
        return a;
      case expr::kind::negate: return scale(to_affine(*e.operands[0], text), -1);
      case expr::kind::call: fail("function call in affine expression '" + text + "'");
      case expr::kind::binary: break;
    }
    const affine_expr l = to_affine(*e.operands[0], text), r = to_affine(*e.operands[1], text);
    if (e.op == '+' || e.op == '-') {
      affine_expr s = l;
      for (const auto& [v, c] : r.coef) s.coef[v] += e.op == '+' ? c : -c;
      s.constant += e.op == '+' ? r.constant : -r.constant;
      return s;
    }
    if (e.op == '*' && l.coef.empty()) return scale(r, l.constant);
    if (e.op == '*' && r.coef.empty()) return scale(l, r.constant);
    fail("non-affine expression '" + text + "'");
  }

  static affine_expr scale(affine_expr a, long f) {
    for (auto& [v, c] : a.coef) c *= f;
    a.constant *= f;
    return a;
  }

  void parse_assignment() {
    result_.statements.emplace_back();
    statement& s = result_.statements.back();
    s.name = "S" + std::to_string(result_.statements.size() - 1);
    s.line = peek().line;
    s.loops = loops_;
    s.place = place_;
    s.place.push_back(next_.back()++);
    std::size_t end = pos_;
    while (end < toks_.size() - 1 && toks_[end].text != ";") ++end;
    s.text = source_text(pos_, end) + ";";
    current_ = &s;
    s.target = parse_access(identifier());
    s.accumulates = at("+=") || at("-=");
    s.subtracts = at("-=");
    if (!s.accumulates && !at("=")) fail("expected '=', '+=' or '-=' but found '" + peek().text + "'");
    take();
    s.rhs = parse_expr();
    expect(";");
    current_ = nullptr;
  }

  array_access parse_access(const std::string& name) {
    const std::size_t begin = pos_ - 1;
    array_access a;
    a.array = name;
    while (at("[")) {
      take();
      a.subscripts.push_back(parse_affine());
      expect("]");
    }
    a.text = source_text(begin, pos_);
    if (a.subscripts.empty()) fail("scalar '" + name + "' is not supported; use an array");
    return a;
  }

  std::unique_ptr<expr> binary(char op, std::unique_ptr<expr> l, std::unique_ptr<expr> r) {
    auto e = std::make_unique<expr>();
    e->what = expr::kind::binary;
    e->op = op;
    e->operands.push_back(std::move(l));
    e->operands.push_back(std::move(r));
    return e;
  }

  std::unique_ptr<expr> parse_expr() {
    auto e = parse_term();
    while (at("+") || at("-")) {
      const char op = take().text[0];
      e = binary(op, std::move(e), parse_term());
    }
    return e;
  }

  std::unique_ptr<expr> parse_term() {
    auto e = parse_factor();
    while (at("*") || at("/")) {
      const char op = take().text[0];
      e = binary(op, std::move(e), parse_factor());
    }
    return e;
  }

  std::unique_ptr<expr> parse_factor() {
    auto e = std::make_unique<expr>();
    if (at("(")) {
      take();
      e = parse_expr();
      expect(")");
    } else if (at("-")) {
      take();
      e->what = expr::kind::negate;
      e->operands.push_back(parse_factor());
    } else if (peek().what == token::kind::number) {
      e->what = expr::kind::number;
      e->value = std::stod(take().text);
    } else {
      const std::string name = identifier();
      if (at("(")) return parse_call(name);
      e->what = expr::kind::access;
      if (at("[")) {
        e->ref = parse_access(name);
      } else {
        e->ref.array = name;
        e->ref.text = name;
      }
    }
    return e;
  }

  std::unique_ptr<expr> parse_call(const std::string& name) {
    if (!is_known_function(name)) fail("call to unknown function '" + name + "'");
    auto e = std::make_unique<expr>();
    e->what = expr::kind::call;
    e->function = name;
    expect("(");
    e->operands.push_back(parse_expr());
    while (at(",")) {
      take();
      e->operands.push_back(parse_expr());
    }
    expect(")");
    return e;
  }
};

}  // namespace

scop parse_spec(const std::string& source) {
  const std::size_t begin = source.find("#pragma scop");
  const std::size_t end = source.find("#pragma endscop");
  if (begin == std::string::npos || end == std::string::npos || end < begin)
    throw spec_error("no '#pragma scop' ... '#pragma endscop' region");
  const std::size_t body = source.find('\n', begin);
  const int first_line = 1 + static_cast<int>(std::count(source.begin(), source.begin() + body, '\n'));
  scop s = parser(tokenize(source.substr(body, end - body), first_line)).parse();
  if (s.statements.empty()) throw spec_error("the scop region has no statement");
  s.elem = declared_element(tokenize(source.substr(0, begin), 1), &s.elem_is_parameter);
  return s;
}

}  // namespace swgen
