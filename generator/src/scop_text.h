// How the model and the analysis name a parsed spec's pieces in isl's
// notation: parameter prefixes, statement instances, the reads of a
// statement. No isl here.
#pragma once

#include <string>
#include <vector>

#include "spec.h"

namespace swgen {

inline std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (std::size_t n = 0; n < items.size(); ++n) out += (n ? sep : "") + items[n];
  return out;
}

inline std::string param_prefix(const scop& s) { return "[" + join(s.parameters, ", ") + "] -> "; }

inline std::vector<std::string> iterators(const statement& st) {
  std::vector<std::string> its;
  for (const loop& l : st.loops) its.push_back(l.iterator);
  return its;
}

// The iterator a subscript is exactly (coefficient 1, no constant), or "".
inline std::string plain_iterator(const affine_expr& e) {
  if (e.constant != 0) return "";
  std::string it;
  for (const auto& [v, c] : e.coef) {
    if (c == 0) continue;
    if (c != 1 || !it.empty()) return "";
    it = v;
  }
  return it;
}

// The position of loop `it` in the statement's nest, or -1.
inline int loop_position(const statement& st, const std::string& it) {
  for (std::size_t n = 0; n < st.loops.size(); ++n)
    if (st.loops[n].iterator == it) return static_cast<int>(n);
  return -1;
}

// "S0[i, j, k]"
inline std::string instance(const statement& st) { return st.name + "[" + join(iterators(st), ", ") + "]"; }

// The statement's loop bounds and conditions as isl constraints joined by
// "and" ("" when it has none): its domain, whatever the tuple is named.
inline std::string domain_constraints(const statement& st) {
  std::vector<std::string> bounds;
  for (const loop& l : st.loops) {
    bounds.push_back(l.lower.isl_text() + " <= " + l.iterator + " and " + l.iterator + " < " + l.upper_exclusive.isl_text());
    for (const affine_expr& u : l.more_upper) bounds.push_back(l.iterator + " < " + u.isl_text());
  }
  for (const affine_expr& c : st.conditions) bounds.push_back(c.isl_text() + " >= 0");
  return join(bounds, " and ");
}

// An access's subscripts as isl text: "i, k + 1".
inline std::string subscripts_text(const array_access& a) {
  std::vector<std::string> subs;
  for (const affine_expr& e : a.subscripts) subs.push_back(e.isl_text());
  return join(subs, ", ");
}

// The array accesses read by an expression, in textual order.
inline void collect_reads(const statement& st, const expr& e, std::vector<const array_access*>* out) {
  if (e.what == expr::kind::access) {
    if (e.ref.subscripts.empty())
      throw spec_error(st.describe() + ": scalar '" + e.ref.array + "' is not supported; use an array");
    out->push_back(&e.ref);
  }
  for (const auto& o : e.operands) collect_reads(st, *o, out);
}

}  // namespace swgen
