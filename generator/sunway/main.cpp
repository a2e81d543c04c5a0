// swblas-gen-sunway: the Sunway SW26010Pro back end of swblas-gen.
//
//   swblas-gen-sunway --spec FILE --target FILE [--name NAME] [--out-dir DIR] [--print] [--dump-schedule]
//
// Writes DIR/NAME.h, DIR/NAME_cpe.cpp and DIR/NAME_mpe.cpp (NAME defaults to
// dgemm_<target name>). A refused spec or a tile over the LDM budget is
// reported on stderr with exit status 1 (2 for bad arguments); nothing is
// written then.
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "spec.h"
#include "sunway_generate.h"

namespace {

struct options {
  std::string spec, target, name, out_dir;
  bool print = false, dump = false;
};

const char* kUsage =
    "usage: swblas-gen-sunway --spec FILE --target FILE [--name NAME] [--out-dir DIR] [--print] [--dump-schedule]\n";

options parse_args(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
      return argv[++i];
    };
    if (a == "--spec") o.spec = value();
    else if (a == "--target") o.target = value();
    else if (a == "--name") o.name = value();
    else if (a == "--out-dir") o.out_dir = value();
    else if (a == "--print") o.print = true;
    else if (a == "--dump-schedule") o.dump = true;
    else throw std::runtime_error("unknown argument '" + a + "'");
  }
  if (o.spec.empty() || o.target.empty()) throw std::runtime_error("missing --spec or --target");
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

int run(const options& o) {
  const auto t = swgen::sunway::parse_sunway_target(read_file(o.target), o.target);
  const std::string name = o.name.empty() ? "dgemm_" + t.name : o.name;
  const auto out = swgen::sunway::generate_kernel_files(read_file(o.spec), t, name);
  if (o.dump)
    for (const auto& [stage, tree] : out.stages) std::cout << "## stage " << stage << "\n" << tree << "\n";
  if (o.print)
    for (const auto& [file, text] : out.files) std::cout << "// ---- " << file << "\n" << text;
  if (!o.out_dir.empty())
    for (const auto& [file, text] : out.files) write_file(o.out_dir + "/" + file, text);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  try {
    o = parse_args(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "swblas-gen-sunway: " << e.what() << "\n" << kUsage;
    return 2;
  }
  try {
    return run(o);
  } catch (const swgen::spec_error& e) {
    std::cerr << "swblas-gen-sunway: refused: " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "swblas-gen-sunway: " << e.what() << "\n";
  }
  return 1;
}
