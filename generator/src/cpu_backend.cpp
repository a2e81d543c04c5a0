// The CPU back end (see cpu_backend.h).
#include "cpu_backend.h"

#include "driver.h"

namespace swgen {

namespace {

class cpu_backend : public backend {
 public:
  void add_target(const std::string& text, const std::string& file) override {
    target_output out;
    out.target = parse_target(text, file);
    outs_.push_back(std::move(out));
  }

  // A spec whose element type is a parameter gives one spec per type,
  // named with the type's BLAS letter (gemmt_lower.c: dgemmt_lower,
  // sgemmt_lower).
  void add_spec(const std::string& name, const std::string& source) override {
    bool parameter = false;
    for (const element_type e : spec_element_types(source, &parameter))
      for (target_output& o : outs_)
        o.specs.push_back(parameter ? generate_for_target(blas_letter(e) + name, source, o.target, e)
                                    : generate_for_target(name, source, o.target));
  }

  void report(std::ostream& out, bool schedules, bool sources) const override {
    for (const target_output& o : outs_) {
      if (schedules) dump(out, o);
      if (sources) out << kernel_source(o);
    }
  }

  // <target>.cpp per target, its distinct kernels each once; one manifest
  // for all.
  std::vector<output_file> files() const override {
    std::vector<output_file> files;
    for (const target_output& o : outs_) files.push_back({o.target.name + ".cpp", kernel_source(o)});
    files.push_back({"generated_manifest.cpp", manifest_source(outs_)});
    files.push_back({"manifest.txt", manifest_text(outs_)});
    return files;
  }

 private:
  std::vector<target_output> outs_;

  static void dump(std::ostream& out, const target_output& o) {
    for (const spec_kernel& k : o.specs) {
      if (!k.skipped.empty()) {
        out << "# " << k.spec << " on " << o.target.name << ": skipped, " << k.skipped << "\n";
        continue;
      }
      out << "# " << k.spec << " on " << o.target.name << ": " << k.function << "\n";
      for (const auto& [stage, tree] : k.stages) out << "## stage " << stage << "\n" << tree << "\n";
    }
  }
};

}  // namespace

std::unique_ptr<backend> make_cpu_backend() { return std::make_unique<cpu_backend>(); }

}  // namespace swgen
