// Parser of generator/targets/sunway.target (see sunway_target.h).
#include "sunway_target.h"

#include <sstream>
#include <stdexcept>
#include <vector>

#include "target.h"
#include "target_file.h"

namespace swgen::sunway {

namespace {

std::vector<long> numbers(const std::string& value, std::size_t count) {
  std::istringstream in(value);
  std::vector<long> v;
  for (long x; in >> x;) v.push_back(x);
  if (v.size() != count || !in.eof()) throw std::runtime_error("expected " + std::to_string(count) + " integers");
  for (long x : v)
    if (x <= 0) throw std::runtime_error("sizes must be positive");
  return v;
}

void set_field(sunway_target& t, const std::string& key, const std::string& value, std::vector<long>* step) {
  if (key == "name") {
    t.name = value;
  } else if (key == "backend") {
    if (value != "sunway") throw std::runtime_error("backend must be 'sunway' in a Sunway target, not '" + value + "'");
  } else if (key == "mesh") {
    const auto v = numbers(value, 2);
    t.mesh_rows = static_cast<int>(v[0]);
    t.mesh_cols = static_cast<int>(v[1]);
  } else if (key == "cpe_tile") {
    const auto v = numbers(value, 3);
    t.tile_m = static_cast<int>(v[0]);
    t.tile_n = static_cast<int>(v[1]);
    t.tile_k = static_cast<int>(v[2]);
  } else if (key == "mesh_step") {
    *step = numbers(value, 3);
  } else if (key == "ldm") {
    t.ldm_bytes = parse_bytes(value);
  } else if (key == "ldm_budget") {
    t.ldm_budget = parse_bytes(value);
  } else if (key == "ldm_align") {
    t.ldm_align = parse_bytes(value);
  } else if (key == "ukernel") {
    t.ukernel = value;
  } else if (key == "ukernel_f32") {
    t.ukernel_f32 = value;
  } else if (key == "dma_max_bytes") {
    t.dma_max_bytes = parse_bytes(value);
  } else if (key == "rma_align") {
    t.rma_align = static_cast<int>(numbers(value, 1)[0]);
  } else {
    throw std::runtime_error("unknown key '" + key + "'");
  }
}

void check_complete(const sunway_target& t, const std::vector<long>& step) {
  if (t.mesh_rows != t.mesh_cols)
    throw std::runtime_error("the broadcast scheme needs a square mesh (k blocks are split across rows and columns)");
  if (t.ldm_budget > t.ldm_bytes) throw std::runtime_error("ldm_budget exceeds ldm");
  if (t.ldm_align == 0 || (t.ldm_align & (t.ldm_align - 1)) != 0) throw std::runtime_error("ldm_align must be a power of two");
  if (!step.empty() && (step[0] != t.step_m() || step[1] != t.step_n() || step[2] != t.step_k()))
    throw std::runtime_error("mesh_step must be mesh x cpe_tile: " + std::to_string(t.step_m()) + " " +
                             std::to_string(t.step_n()) + " " + std::to_string(t.step_k()));
}

}  // namespace

sunway_target parse_sunway_target(const std::string& text, const std::string& file) {
  sunway_target t;
  std::vector<long> step;
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    const std::string body = trim(line.substr(0, line.find('#')));
    if (body.empty()) continue;
    const auto eq = body.find('=');
    try {
      if (eq == std::string::npos) throw std::runtime_error("expected key = value");
      set_field(t, trim(body.substr(0, eq)), trim(body.substr(eq + 1)), &step);
    } catch (const std::exception& e) {
      throw std::runtime_error(file + ":" + std::to_string(line_no) + ": " + e.what());
    }
  }
  try {
    check_complete(t, step);
  } catch (const std::exception& e) {
    throw std::runtime_error(file + ": " + e.what());
  }
  return t;
}

}  // namespace swgen::sunway
