// Parser of the key = value target files. A line is `key = value`, `#`
// starts a comment; `cache` may repeat (one blocking variant per line).
#include "target.h"

#include <sstream>
#include <stdexcept>

#include "target_file.h"

namespace swgen {

std::size_t parse_bytes(const std::string& text) {
  std::size_t used = 0;
  const double v = std::stod(text, &used);
  const std::string unit = text.substr(used);
  double scale = 1;
  if (unit == "K" || unit == "k") scale = 1024;
  else if (unit == "M" || unit == "m") scale = 1024 * 1024;
  else if (!unit.empty()) throw std::runtime_error("bad size '" + text + "'");
  return static_cast<std::size_t>(v * scale);
}

std::string bytes_label(std::size_t bytes) {
  if (bytes % (1024 * 1024) == 0) return std::to_string(bytes / (1024 * 1024)) + "m";
  if (bytes % 1024 == 0) return std::to_string(bytes / 1024) + "k";
  return std::to_string(bytes);
}

namespace {

// "l1d=32K l2=512K l3=16M", optionally "l1d_ways=12"
cache_config parse_cache(const std::string& value) {
  cache_config c;
  std::istringstream in(value);
  std::string item;
  while (in >> item) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) throw std::runtime_error("expected l1d=, l2=, l3= in '" + value + "'");
    const std::string key = item.substr(0, eq);
    if (key == "l1d_ways") {
      c.l1d_ways = std::stoi(item.substr(eq + 1));
      continue;
    }
    const std::size_t bytes = parse_bytes(item.substr(eq + 1));
    if (key == "l1d") c.l1d = bytes;
    else if (key == "l2") c.l2 = bytes;
    else if (key == "l3") c.l3 = bytes;
    else throw std::runtime_error("unknown cache level '" + key + "'");
  }
  if (c.l1d_ways < 2) throw std::runtime_error("l1d_ways must be at least 2 in '" + value + "'");
  if (c.l1d == 0 || c.l2 <= c.l1d || c.l3 <= c.l2)
    throw std::runtime_error("cache sizes must satisfy 0 < l1d < l2 < l3 in '" + value + "'");
  return c;
}

// "a,b" (the default) or "b".
target_desc::l1_panels parse_l1_panels(const std::string& value) {
  if (value == "a,b") return target_desc::l1_panels::a_and_b;
  if (value == "b") return target_desc::l1_panels::b;
  throw std::runtime_error("l1_panels must be 'a,b' or 'b', not '" + value + "'");
}

void set_field(target_desc& t, const std::string& key, const std::string& value) {
  if (key == "name") t.name = value;
  else if (key == "isa") t.isa = value;
  else if (key == "ukernel") t.ukernel = value;
  else if (key == "mr") t.mr = std::stoi(value);
  else if (key == "nr") t.nr = std::stoi(value);
  else if (key == "kr") t.kr = std::stoi(value);
  else if (key == "vector_doubles") t.vector_doubles = std::stoi(value);
  else if (key == "vector_registers") t.vector_registers = std::stoi(value);
  else if (key == "cache") t.caches.push_back(parse_cache(value));
  else if (key == "l1_panels") t.l1_resident = parse_l1_panels(value);
  else throw std::runtime_error("unknown key '" + key + "'");
}

void check_complete(const target_desc& t) {
  if (t.name.empty() || t.ukernel.empty()) throw std::runtime_error("name and ukernel are required");
  if (t.isa != "generic" && t.isa != "avx2" && t.isa != "avx512" && t.isa != "vsx" && t.isa != "mma")
    throw std::runtime_error("unknown isa '" + t.isa + "'");
  if (t.mr <= 0 || t.nr <= 0 || t.kr <= 0 || t.vector_doubles <= 0)
    throw std::runtime_error("mr, nr, kr and vector_doubles must be positive");
  if (t.caches.empty()) throw std::runtime_error("at least one cache line is required");
  for (std::size_t a = 0; a < t.caches.size(); ++a)
    for (std::size_t b = a + 1; b < t.caches.size(); ++b)
      if (t.caches[a].l1d == t.caches[b].l1d && t.caches[a].l2 == t.caches[b].l2)
        throw std::runtime_error("two cache configurations with the same l1d and l2 (kernel names use them)");
}

}  // namespace

target_desc parse_target(const std::string& text, const std::string& file) {
  target_desc t;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  try {
    while (std::getline(in, line)) {
      ++number;
      line = trim(line.substr(0, line.find('#')));
      if (line.empty()) continue;
      const auto eq = line.find('=');
      if (eq == std::string::npos) throw std::runtime_error("expected 'key = value'");
      set_field(t, trim(line.substr(0, eq)), trim(line.substr(eq + 1)));
    }
    number = 0;
    check_complete(t);
  } catch (const std::exception& e) {
    const std::string where = number > 0 ? file + ":" + std::to_string(number) : file;
    throw std::runtime_error(where + ": " + e.what());
  }
  return t;
}

}  // namespace swgen
