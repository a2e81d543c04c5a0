// The sunway-emu route (see sunway_route.h).
#include "sunway_route.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace swblas {

namespace {

// Set while the dispatch table is built, before any GEMM can run; the
// library stays loaded for the life of the process.
sunway_emu_entry_fn emu_entry = nullptr;
sunway_emu_sgemm_entry_fn emu_sgemm_entry = nullptr;

// SWBLAS_SUNWAY_EMU_LIBRARY, else the library next to the file this code
// was loaded from (dladdr of one of its variables, links resolved: loaded
// as a libblas.so.3 that links to it, libswblas.so still has the emulation
// beside it), else the bare name for dlopen's own search.
std::string emu_library_path() {
  if (const char* path = std::getenv(kSunwayEmuLibraryVariable); path && *path) return path;
  Dl_info self;
  if (dladdr(&emu_entry, &self) == 0 || !self.dli_fname) return kSunwayEmuLibrary;
  char* resolved = realpath(self.dli_fname, nullptr);
  const std::string file = resolved ? resolved : self.dli_fname;
  std::free(resolved);
  const std::size_t slash = file.find_last_of('/');
  return slash == std::string::npos ? kSunwayEmuLibrary : file.substr(0, slash + 1) + kSunwayEmuLibrary;
}

// Loads the library at `path` and its entry points: "" when done, else why not.
std::string load_emulation(const std::string& path) {
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) return dlerror();
  void* entry = dlsym(library, kSunwayEmuEntry);
  void* sgemm_entry = entry ? dlsym(library, kSunwayEmuSgemmEntry) : nullptr;
  if (!sgemm_entry) {
    const std::string why = dlerror();
    dlclose(library);
    return why;
  }
  emu_entry = reinterpret_cast<sunway_emu_entry_fn>(entry);
  emu_sgemm_entry = reinterpret_cast<sunway_emu_sgemm_entry_fn>(sgemm_entry);
  return "";
}

template <class Entry, class T>
void run_or_abort(Entry entry, const basic_gemm_problem<T>& p) {
  char error[512] = "";
  if (entry(&p, error, sizeof error) == 0) return;
  std::fprintf(stderr, "swblas: fatal: the Sunway emulation failed: %s\n", error);
  std::abort();
}

}  // namespace

void route_to_sunway_emu(dispatch_table* t, dispatch_log* log) {
  const std::string path = emu_library_path();
  const std::string why = load_emulation(path);
  const std::string forced = std::string("SWBLAS_TARGET=") + kSunwayEmuTarget;
  if (!why.empty()) {
    log->warnings.push_back(forced + ": cannot load the Sunway emulation (" + why + "; " + kSunwayEmuLibraryVariable +
                            " names it); using " + t->target + " instead");
    return;
  }
  log->lines.push_back(std::string("chosen target ") + kSunwayEmuTarget +
                       " (forced by SWBLAS_TARGET): DGEMM and SGEMM run the generated SW26010Pro CPE code on the "
                       "athread emulation (" + path + "); batched and fused calls stay on " + t->target);
  t->sunway_emu = true;
}

void sunway_emu_run(const gemm_problem& p) { run_or_abort(emu_entry, p); }

void sunway_emu_run(const basic_gemm_problem<float>& p) { run_or_abort(emu_sgemm_entry, p); }

}  // namespace swblas
