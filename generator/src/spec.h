// The loop nest swblas-gen reads, as the hand-written parser delivers it:
// statements with their enclosing loops, affine subscripts and the
// right-hand side as a small expression tree. No isl here (see model.h).
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "element_type.h"

namespace swgen {

// Input the generator refuses: the message names the statement (when there
// is one) and the reason. main() prints it and exits non-zero.
class spec_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// sum(coef[v] * v) + constant over loop iterators and parameters.
struct affine_expr {
  std::map<std::string, long> coef;
  long constant = 0;
  std::string isl_text() const;  // e.g. "i - 1" or "M"
};

struct array_access {
  std::string array;
  std::vector<affine_expr> subscripts;
  std::string text;  // as written, for messages
};

// Right-hand side expression: a number, an access, a call to a known
// element-wise function, or a binary / unary arithmetic operation.
struct expr {
  enum class kind { number, access, call, binary, negate } what;
  double value = 0;
  array_access ref;
  std::string function;  // call
  char op = 0;           // binary: + - * /
  std::vector<std::unique_ptr<expr>> operands;
};

struct loop {
  std::string iterator;
  affine_expr lower;            // iterator >= lower
  affine_expr upper_exclusive;  // iterator < upper_exclusive
  std::vector<affine_expr> more_upper;  // and iterator < each (`i < M && i <= 2 * j + 1`)
};

struct statement {
  std::string name;  // S0, S1, ... in textual order
  int line = 0;
  std::string text;  // source text, for messages
  std::vector<loop> loops;  // outermost first
  // Each >= 0 beyond the loop bounds: only the block form of a triangular
  // C domain has them (block_domain.h), never a spec.
  std::vector<affine_expr> conditions;
  // Its place in the text: per depth, the index of its loop (last: of
  // itself) among the loops and statements of the enclosing body, so that
  // statements sharing loops are ordered as written (2d+1 schedules).
  std::vector<int> place;
  array_access target;
  bool accumulates = false;  // += or -= rather than =
  bool subtracts = false;    // -=
  std::unique_ptr<expr> rhs;

  std::string describe() const;  // "statement S0 (line 9: C[i][j] += ...)"
};

struct scop {
  std::vector<std::string> parameters;  // in order of first use
  std::vector<statement> statements;
  // The type of the arrays the function before the region declares
  // (`double C[M][N]`, `float ...`); double when it declares none.
  element_type elem = element_type::f64;
  // Arrays declared `real`: the element type is a parameter, the spec is
  // generated for each (elem says which, set by the driver).
  bool elem_is_parameter = false;
};

// Element-wise functions a spec may call (prologue/epilogue operations).
bool is_known_function(const std::string& name);

// Parses the region between `#pragma scop` and `#pragma endscop` of a C
// source, and the element type of the arrays declared before it. Throws
// spec_error on anything outside the supported subset.
scop parse_spec(const std::string& source);

}  // namespace swgen
