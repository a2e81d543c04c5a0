// The text of target descriptions (generator/targets/*.target): `key = value`
// lines, `#` starts a comment. What every back end's target parser shares.
#pragma once

#include <string>

namespace swgen {

// `s` without leading and trailing blanks (spaces, tabs, carriage returns).
std::string trim(const std::string& s);

}  // namespace swgen
