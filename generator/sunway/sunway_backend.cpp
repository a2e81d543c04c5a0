// The Sunway back end (see sunway_backend.h).
#include "sunway_backend.h"

#include "driver.h"

#include "sunway_generate.h"
#include "sunway_manifest.h"

namespace swgen::sunway {

namespace {

class sunway_backend : public backend {
 public:
  void add_target(const std::string& text, const std::string& file) override {
    targets_.push_back(parse_sunway_target(text, file));
  }

  // A spec whose element type is a parameter (gemm_epilogue_relu.c) gives
  // its double kernel, named with the BLAS letter (dgemm_epilogue_relu).
  void add_spec(const std::string& name, const std::string& source) override {
    bool parameter = false;
    spec_element_types(source, &parameter);
    const std::string kernel = parameter ? blas_letter(element_type::f64) + name : name;
    for (const sunway_target& t : targets_) kernels_.push_back(generate_kernel_files(source, t, kernel + "_" + t.name));
  }

  void report(std::ostream& out, bool schedules, bool sources) const override {
    for (const generated_files& k : kernels_) {
      if (schedules) {
        out << "# " << k.kernel.name << "\n";
        for (const auto& [stage, tree] : k.stages) out << "## stage " << stage << "\n" << tree << "\n";
      }
      if (sources)
        for (const auto& [file, text] : k.files) out << "// ---- " << file << "\n" << text;
    }
  }

  std::vector<output_file> files() const override {
    std::vector<output_file> files;
    std::vector<kernel_entry> table;
    for (const generated_files& k : kernels_) {
      for (const auto& [file, text] : k.files) files.push_back({file, text});
      table.push_back(k.kernel);
    }
    files.push_back({"sunway_manifest.cpp", manifest_source(table)});
    return files;
  }

 private:
  std::vector<sunway_target> targets_;
  std::vector<generated_files> kernels_;
};

}  // namespace

std::unique_ptr<backend> make_sunway_backend() { return std::make_unique<sunway_backend>(); }

}  // namespace swgen::sunway
