// swblas-gen: the command line.
//
//   swblas-gen --spec FILE... --target FILE... [--out-dir DIR] [--print] [--dump-schedule]
//   swblas-gen --spec FILE --check
//
// Each target file names the back end that reads it (`backend = sunway`; none:
// the CPU back end) and every spec is generated for every target. --out-dir
// writes what each back end generates: the CPU back end DIR/<target>.cpp per
// target (its block kernels, each once) and one DIR/generated_manifest.cpp
// and DIR/manifest.txt for all of them; the Sunway back end DIR/<spec>_<target>.h, _cpe.cpp and
// _mpe.cpp and one DIR/sunway_manifest.cpp. A refused spec, a bad target file
// or an internal check that fails is reported on stderr with exit status 1 (2
// for bad arguments); nothing is written then.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "backend.h"
#include "cpu_backend.h"
#include "driver.h"
#include "spec.h"
#include "sunway_backend.h"
#include "target_file.h"

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

// The back ends of swblas-gen, by the name a target file gives.
std::unique_ptr<swgen::backend> make_backend(const std::string& name) {
  if (name == "cpu") return swgen::make_cpu_backend();
  if (name == "sunway") return swgen::sunway::make_sunway_backend();
  throw std::runtime_error("unknown backend '" + name + "' (cpu, sunway)");
}

// One back end per name the target files give, in the order they first give
// it, each with its targets.
std::vector<std::unique_ptr<swgen::backend>> backends_for(const std::vector<std::string>& target_files) {
  std::vector<std::string> names;
  std::vector<std::unique_ptr<swgen::backend>> backends;
  for (const std::string& file : target_files) {
    const std::string text = read_file(file);
    const std::string name = swgen::backend_of(text);
    std::size_t b = 0;
    while (b < names.size() && names[b] != name) ++b;
    if (b == names.size()) {
      names.push_back(name);
      backends.push_back(make_backend(name));
    }
    backends[b]->add_target(text, file);
  }
  return backends;
}

int run(const options& o) {
  if (o.check) {
    std::cout << swgen::check_spec(read_file(o.specs[0]));
    return 0;
  }
  const auto backends = backends_for(o.targets);
  for (const std::string& spec : o.specs) {
    const std::string source = read_file(spec);
    for (const auto& b : backends) b->add_spec(stem(spec), source);
  }
  for (const auto& b : backends) b->report(std::cout, o.dump, o.print);
  if (o.out_dir.empty()) return 0;
  for (const auto& b : backends)
    for (const swgen::output_file& f : b->files()) write_file(o.out_dir + "/" + f.name, f.text);
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
