// A back end of swblas-gen: the kernels it generates from the specs for the
// target descriptions it was given, what --dump-schedule and --print show of
// them, and the files --out-dir gets (its kernel sources and its manifest).
// The command line (main.cpp) picks one per target file (backend_of,
// target_file.h) and treats them all alike.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace swgen {

struct output_file {
  std::string name;  // relative to the output directory
  std::string text;
};

class backend {
 public:
  virtual ~backend() = default;

  // A target description of this back end: its text, and the file it came
  // from (for error messages). Throws std::runtime_error on a bad line.
  virtual void add_target(const std::string& text, const std::string& file) = 0;

  // Generates spec `name` (its C source) for every target added so far.
  // Throws spec_error when the spec is refused.
  virtual void add_spec(const std::string& name, const std::string& source) = 0;

  // Per spec and target: the tile sizes and the schedule tree after each
  // stage (`schedules`), the generated sources (`sources`).
  virtual void report(std::ostream& out, bool schedules, bool sources) const = 0;

  // Every file of the output directory, the manifest included.
  virtual std::vector<output_file> files() const = 0;
};

}  // namespace swgen
