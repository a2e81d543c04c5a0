// The text of target descriptions (see target_file.h).
#include "target_file.h"

#include <sstream>

namespace swgen {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::string backend_of(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::string body = trim(line.substr(0, line.find('#')));
    const auto eq = body.find('=');
    if (eq != std::string::npos && trim(body.substr(0, eq)) == "backend") return trim(body.substr(eq + 1));
  }
  return "cpu";
}

}  // namespace swgen
