// The one function libswblas_sunway_emu.so exports: what libswblas.so calls
// for SWBLAS_TARGET=sunway-emu once it has loaded the library
// (src/sunway_route.h states the contract). Only plain types cross the
// boundary, and no exception does: a failure becomes a status and a reason.
#include <cstdio>
#include <exception>
#include <string_view>
#include <type_traits>

#include "sunway_emu_gemm.h"
#include "sunway_route.h"

extern "C" [[gnu::visibility("default")]] int swblas_sunway_emu_gemm(const swblas::gemm_problem* p, char* error,
                                                                     std::size_t error_size) {
  try {
    swblas::sunway_emu_gemm(*p);
    return 0;
  } catch (const std::exception& e) {
    std::snprintf(error, error_size, "%s", e.what());
  }
  return 1;
}

// What libswblas.so looks up (dlsym) and calls.
static_assert(std::string_view(swblas::kSunwayEmuEntry) == "swblas_sunway_emu_gemm");
static_assert(std::is_same_v<decltype(&swblas_sunway_emu_gemm), swblas::sunway_emu_entry_fn>);
