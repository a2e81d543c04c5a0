// The CPU back end (see cpu_backend.h).
#include "cpu_backend.h"

#include <sstream>

#include "driver.h"

namespace swgen {

namespace {

class cpu_backend : public backend {
 public:
  void add_target(const std::string& text, const std::string& file) override {
    targets_.push_back(parse_target(text, file));
  }

  void add_spec(const std::string& name, const std::string& source) override {
    for (const target_desc& t : targets_) outs_.push_back(generate_for_target(name, source, t));
  }

  void report(std::ostream& out, bool schedules, bool sources) const override {
    for (const target_output& o : outs_) {
      if (schedules) dump(out, o);
      if (sources) out << kernel_source(o);
    }
  }

  // <spec>_<target>.cpp per spec and target; one manifest for all.
  std::vector<output_file> files() const override {
    std::vector<output_file> files;
    for (const target_output& o : outs_) files.push_back({o.spec + "_" + o.target.name + ".cpp", kernel_source(o)});
    files.push_back({"generated_manifest.cpp", manifest_source(outs_)});
    files.push_back({"manifest.txt", manifest_text(outs_)});
    return files;
  }

 private:
  std::vector<target_desc> targets_;
  std::vector<target_output> outs_;

  static void dump(std::ostream& out, const target_output& o) {
    for (const kernel_variant& k : o.kernels) {
      out << "# " << k.name << "\n# tile sizes:\n";
      std::istringstream why(k.sizes.reasoning);
      for (std::string line; std::getline(why, line);) out << "#   " << line << "\n";
      for (const auto& [stage, tree] : k.stages) out << "## stage " << stage << "\n" << tree << "\n";
    }
  }
};

}  // namespace

std::unique_ptr<backend> make_cpu_backend() { return std::make_unique<cpu_backend>(); }

}  // namespace swgen
