// Parser of the key = value target files. A line is `key = value`, `#`
// starts a comment; `cache` may repeat (one blocking variant per line);
// `f32.` before a register block's key sets the float block's.
#include "target.h"

#include <algorithm>
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
register_block_desc::l1_panels parse_l1_panels(const std::string& value) {
  if (value == "a,b") return register_block_desc::l1_panels::a_and_b;
  if (value == "b") return register_block_desc::l1_panels::b;
  throw std::runtime_error("l1_panels must be 'a,b' or 'b', not '" + value + "'");
}

// How a block's keys are written: `mr` for the double block (the keys every
// target had before there were others), `f32.mr` for the float block.
std::string key_prefix(element_type e) { return e == element_type::f64 ? "" : std::string(enumerator(e)) + "."; }

// The block a key sets, created on its first key; *key loses its prefix.
register_block_desc& block_for(target_desc& t, std::string* key) {
  element_type e = element_type::f64;
  const std::string f32 = key_prefix(element_type::f32);
  if (key->compare(0, f32.size(), f32) == 0) {
    e = element_type::f32;
    key->erase(0, f32.size());
  }
  for (register_block_desc& b : t.blocks)
    if (b.elem == e) return b;
  t.blocks.emplace_back();
  t.blocks.back().elem = e;
  return t.blocks.back();
}

// VL is in doubles for the double block (its key since the first targets),
// in elements of the block's type otherwise.
std::string vector_key(element_type e) { return e == element_type::f64 ? "vector_doubles" : "vector_elems"; }

void set_block_field(register_block_desc& b, const std::string& key, const std::string& value) {
  if (key == "isa") b.isa = value;
  else if (key == "ukernel") b.ukernel = value;
  else if (key == "mr") b.mr = std::stoi(value);
  else if (key == "nr") b.nr = std::stoi(value);
  else if (key == "kr") b.kr = std::stoi(value);
  else if (key == vector_key(b.elem)) b.vector_elems = std::stoi(value);
  else if (key == "l1_panels") b.l1_resident = parse_l1_panels(value);
  else throw std::runtime_error("unknown key '" + key_prefix(b.elem) + key + "'");
}

void set_field(target_desc& t, const std::string& key, const std::string& value) {
  if (key == "name") t.name = value;
  else if (key == "vector_registers") t.vector_registers = std::stoi(value);
  else if (key == "cache") t.caches.push_back(parse_cache(value));
  else {
    std::string block_key = key;
    set_block_field(block_for(t, &block_key), block_key, value);
  }
}

// A float block runs on the target's ISA unless it names its own.
void check_block(register_block_desc& b, const std::string& target_isa) {
  const std::string p = key_prefix(b.elem);
  if (b.isa.empty()) b.isa = target_isa;
  if (b.ukernel.empty()) throw std::runtime_error(p + "ukernel is required");
  if (b.isa != "generic" && b.isa != "avx2" && b.isa != "avx512" && b.isa != "vsx" && b.isa != "mma")
    throw std::runtime_error("unknown " + p + "isa '" + b.isa + "'");
  if (b.mr <= 0 || b.nr <= 0 || b.kr <= 0 || b.vector_elems <= 0)
    throw std::runtime_error(p + "mr, " + p + "nr, " + p + "kr and " + p + vector_key(b.elem) + " must be positive");
}

void check_complete(target_desc& t) {
  std::sort(t.blocks.begin(), t.blocks.end(),
            [](const register_block_desc& a, const register_block_desc& b) { return a.elem < b.elem; });
  if (t.name.empty() || !t.block_of(element_type::f64) || t.block_of(element_type::f64)->ukernel.empty())
    throw std::runtime_error("name and ukernel are required");
  const std::string isa = t.blocks.front().isa;
  for (register_block_desc& b : t.blocks) check_block(b, isa);
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
