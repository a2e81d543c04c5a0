// The differential fuzzer's unit: one BLAS call with random sizes, options,
// increments, leading dimensions and scalars, described so that the runner
// can place every operand between guard pages, make the call on swblas and
// on netlib's reference BLAS, and compare what each wrote.
#pragma once

#include <cstddef>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace swblas_stress {

using rng_t = std::mt19937_64;

// How an operand's storage is read: reals (a complex element is two of them)
// or Fortran INTEGERs (i?amax's result).
enum class storage { f32, f64, i32 };

std::size_t bytes_of(storage s);

struct operand {
  std::string name;
  storage type = storage::f64;
  std::size_t count = 0;  // stored scalars: reals, a complex element counts two
  // 2 for complex elements: a NaN in either part makes the element NaN (the
  // reference's complex products smear a NaN over both parts, or not, by
  // the routine; what counts is which elements are NaN).
  std::size_t parts = 1;
  bool output = false;    // the routine may write it; inputs must stay bitwise
  // Outputs: which scalars the routine writes (compared with the reference
  // within `tolerance`); the others, like leading-dimension gaps, the other
  // triangle or the elements between increments, must stay bitwise.
  std::function<bool(std::size_t)> written;
  double tolerance = 0.0;  // absolute, in the operand's reals
  // Fills the storage (default: reals uniform in [-1, 1]).
  std::function<void(void* data, rng_t& rng)> fill;
  // Visits the scalars the routine may touch (a matrix's rows x cols within
  // its leading dimension, a vector's elements); the builders of
  // fuzz_draw.h set it. An operand too large to visit whole (a leading
  // dimension near 2^31: offsets beyond 2^31 elements) is mapped without
  // reserve and only these are filled and compared; one without it, or with
  // its own fill, is never drawn that large.
  std::function<void(const std::function<void(std::size_t)>&)> declared;
  // The runner may put a NaN into it now and then (not where a NaN makes
  // the call meaningless, as in rotm's flag).
  bool nan_allowed = true;
};

// Entry points are called through these: `fn` is the routine's address in
// swblas or in the reference, `data` the operands' storage in order.
using invoker = std::function<void(void* fn, void* const* data)>;

struct fuzz_case {
  std::string routine;      // the symbol, e.g. "dgemm_"
  std::string arguments;    // what the call was, for a failure's message
  std::vector<operand> operands;
  invoker call;
  // Where netlib has no such routine (?gemmt), the reference's symbol and
  // how to call it so that it computes the same thing.
  std::string reference_routine;
  invoker call_reference;
};

// A maker draws one random call of one routine.
struct case_maker {
  std::string routine;  // the symbol, as the replay names it
  fuzz_case (*make)(rng_t& rng);
};

// The makers of each level's Fortran routines (level{1,2,3}_cases.cpp),
// of the CBLAS routines (cblas_cases.cpp) and of the batched and fused
// GEMMs (batch_cases.cpp).
std::vector<case_maker> level1_makers();
std::vector<case_maker> level2_makers();
std::vector<case_maker> level3_makers();
std::vector<case_maker> cblas_makers();
std::vector<case_maker> batch_makers();

}  // namespace swblas_stress
