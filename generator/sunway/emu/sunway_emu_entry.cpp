// The two functions libswblas_sunway_emu.so exports: what libswblas.so calls
// for SWBLAS_TARGET=sunway-emu once it has loaded the library
// (src/sunway_route.h states the contract). Only plain types cross the
// boundary, and no exception does: a failure becomes a status and a reason.
#include <cstdio>
#include <exception>
#include <string_view>
#include <type_traits>

#include "sunway_emu_gemm.h"
#include "sunway_route.h"

namespace {

// Runs *p on the emulation: 0, or 1 with the reason in error.
template <class T>
int run_reporting(const swblas::basic_gemm_problem<T>* p, char* error, std::size_t error_size) {
  try {
    swblas::sunway_emu_gemm(*p);
    return 0;
  } catch (const std::exception& e) {
    std::snprintf(error, error_size, "%s", e.what());
  }
  return 1;
}

}  // namespace

extern "C" [[gnu::visibility("default")]] int swblas_sunway_emu_gemm(const swblas::gemm_problem* p, char* error,
                                                                     std::size_t error_size) {
  return run_reporting(p, error, error_size);
}

extern "C" [[gnu::visibility("default")]] int swblas_sunway_emu_sgemm(const swblas::basic_gemm_problem<float>* p,
                                                                      char* error, std::size_t error_size) {
  return run_reporting(p, error, error_size);
}

// What libswblas.so looks up (dlsym) and calls.
static_assert(std::string_view(swblas::kSunwayEmuEntry) == "swblas_sunway_emu_gemm");
static_assert(std::is_same_v<decltype(&swblas_sunway_emu_gemm), swblas::sunway_emu_entry_fn>);
static_assert(std::string_view(swblas::kSunwayEmuSgemmEntry) == "swblas_sunway_emu_sgemm");
static_assert(std::is_same_v<decltype(&swblas_sunway_emu_sgemm), swblas::sunway_emu_sgemm_entry_fn>);
