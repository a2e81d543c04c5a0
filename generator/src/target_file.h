// The text of target descriptions (generator/targets/*.target): `key = value`
// lines, `#` starts a comment. What every back end's target parser shares.
#pragma once

#include <string>

namespace swgen {

// `s` without leading and trailing blanks (spaces, tabs, carriage returns).
std::string trim(const std::string& s);

// The back end a target description is for: the value of its `backend` key,
// or "cpu" (the x86/POWER/generic macro kernels of swblas's runtime) when it
// has none.
std::string backend_of(const std::string& text);

}  // namespace swgen
