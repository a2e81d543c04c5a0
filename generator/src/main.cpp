// swblas-gen: the command line.
//
//   swblas-gen --spec FILE... --target FILE... [--out-dir DIR] [--print] [--dump-schedule]
//   swblas-gen --spec FILE --check
//
// --out-dir writes DIR/<target>.cpp per target (its block kernels, each
// once), and one DIR/generated_manifest.cpp and DIR/manifest.txt for all. A refused spec, a bad target file or an internal
// check that fails is reported on stderr with exit status 1 (2 for bad
// arguments); nothing is written then.
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "driver.h"
#include "spec.h"

namespace {

struct options {
  std::vector<std::string> specs;
  std::string out_dir;
  std::vector<std::string> targets;
  bool print = false, dump = false, check = false;
};

const char* kUsage =
    "usage: swblas-gen --spec FILE... --target FILE... [--out-dir DIR] [--print] [--dump-schedule]\n"
    "       swblas-gen --spec FILE --check\n";

options parse_args(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
      return argv[++i];
    };
    if (a == "--spec") o.specs.push_back(value());
    else if (a == "--target") o.targets.push_back(value());
    else if (a == "--out-dir") o.out_dir = value();
    else if (a == "--print") o.print = true;
    else if (a == "--dump-schedule") o.dump = true;
    else if (a == "--check") o.check = true;
    else throw std::runtime_error("unknown argument '" + a + "'");
  }
  if (o.specs.empty() || (!o.check && o.targets.empty())) throw std::runtime_error("missing --spec or --target");
  if (o.check && o.specs.size() != 1) throw std::runtime_error("--check takes one --spec");
  return o;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

// "dir/dgemm.c" -> "dgemm"
std::string stem(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  return base.substr(0, base.find('.'));
}

void dump(const swgen::target_output& out) {
  for (const swgen::spec_kernel& k : out.specs) {
    std::cout << "# " << k.spec << " on " << out.target.name << ": " << k.function << "\n";
    for (const auto& [stage, tree] : k.stages) std::cout << "## stage " << stage << "\n" << tree << "\n";
  }
}

int run(const options& o) {
  if (o.check) {
    std::cout << swgen::check_spec(read_file(o.specs[0]));
    return 0;
  }
  std::vector<swgen::target_output> outs;
  for (const std::string& t : o.targets) {
    swgen::target_output out;
    out.target = swgen::parse_target(read_file(t), t);
    for (const std::string& spec : o.specs)
      out.specs.push_back(swgen::generate_for_target(stem(spec), read_file(spec), out.target));
    outs.push_back(std::move(out));
  }
  for (const auto& out : outs) {
    if (o.dump) dump(out);
    if (o.print) std::cout << swgen::kernel_source(out);
  }
  if (o.out_dir.empty()) return 0;
  for (const auto& out : outs) write_file(o.out_dir + "/" + out.target.name + ".cpp", swgen::kernel_source(out));
  write_file(o.out_dir + "/generated_manifest.cpp", swgen::manifest_source(outs));
  write_file(o.out_dir + "/manifest.txt", swgen::manifest_text(outs));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  try {
    o = parse_args(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "swblas-gen: " << e.what() << "\n" << kUsage;
    return 2;
  }
  try {
    return run(o);
  } catch (const swgen::spec_error& e) {
    std::cerr << "swblas-gen: refused: " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "swblas-gen: " << e.what() << "\n";
  }
  return 1;
}
