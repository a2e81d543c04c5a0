// dlopen for the benchmarks' library options (--swblas, --openblas, ...).
#pragma once

#include <dlfcn.h>
#include <sys/stat.h>

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

}  // namespace swblas_bench
