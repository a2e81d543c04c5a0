// dlopen for the benchmarks' library options (--swblas, --openblas, ...).
#pragma once

#include <dlfcn.h>
#include <sys/stat.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace swblas_bench {

// What dlopen should be given for a library named on the command line: a
// bare file name that exists here means that file (dlopen would search the
// library path for it, not the current directory, and fail or load
// another copy); anything else is dlopen's to resolve.
inline std::string library_path(const std::string& name) {
  struct stat s {};
  if (name.find('/') == std::string::npos && stat(name.c_str(), &s) == 0) return "./" + name;
  return name;
}

// RTLD_LOCAL keeps each library's symbols to itself (several BLAS in one
// process). Null on failure; dlerror() says why.
inline void* open_library(const std::string& name) {
  return dlopen(library_path(name).c_str(), RTLD_NOW | RTLD_LOCAL);
}

// OpenBLAS and BLIS read their thread counts when they are loaded or first
// called, so the environment must be set before dlopen.
inline void set_thread_environment(const std::string& threads) {
  for (const char* name :
       {"OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "BLIS_NUM_THREADS", "SWBLAS_NUM_THREADS"})
    setenv(name, threads.c_str(), 1);
}

// A library without the routine is told apart from one that does not load
// (the executables exit with status 5, not 2): the drivers leave its cells
// empty.
struct missing_symbol : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The symbol `name` of the library at `path`; throws missing_symbol when the
// library lacks it, std::runtime_error when it does not load.
inline void* load_symbol(const std::string& path, const std::string& name) {
  void* library = open_library(path);
  if (!library) throw std::runtime_error(std::string("dlopen failed: ") + dlerror());
  void* symbol = dlsym(library, name.c_str());
  if (!symbol) throw missing_symbol("library lacks " + name + " (" + path + ")");
  return symbol;
}

}  // namespace swblas_bench
