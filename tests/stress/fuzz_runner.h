// Runs fuzz cases on swblas and on netlib's reference BLAS and compares:
// every operand of the swblas call lies between guard pages (a read or write
// outside its declared extent faults), every scalar the reference writes must
// agree within the case's tolerance (NaN where it is NaN), and every other
// scalar, inputs included, must be left bitwise as it was.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_case.h"

namespace swblas_stress {

// netlib's libblas.so.3 in the same process as swblas. Loaded RTLD_LOCAL,
// so the program's own calls still reach swblas; the reference's calls to
// lsame_ and xerbla_ resolve to swblas's, which behave alike (the fuzzer
// makes legal calls only).
class reference_blas {
 public:
  explicit reference_blas(const char* path);
  ~reference_blas();
  reference_blas(const reference_blas&) = delete;
  reference_blas& operator=(const reference_blas&) = delete;

  bool loaded() const { return handle_ != nullptr; }
  const std::string& error() const { return error_; }
  void* symbol(const std::string& name) const;

 private:
  void* handle_ = nullptr;
  std::string error_;
};

// The routine as the process resolves it: swblas's.
void* swblas_symbol(const std::string& name);

// What became of one case: skipped (an operand too large to map, or to
// fill whole), or its failure, empty when it passed.
struct case_outcome {
  bool skipped = false;
  std::string failure;
};
case_outcome run_case(const fuzz_case& c, const reference_blas& reference, rng_t& rng, bool against_end_guard);

// The seed of case `index` of a run seeded with `seed`: a case is
// reproduced from its maker and this seed alone.
std::uint64_t case_seed(std::uint64_t seed, std::uint64_t index);
// Draws and runs one case of `maker` from `case_seed`.
case_outcome run_one(const case_maker& maker, const reference_blas& reference, std::uint64_t case_seed);

struct fuzz_report {
  long cases = 0;
  long skipped = 0;     // of them
  double slowest = 0;   // seconds of the slowest case
  std::string slowest_case;  // its replay
  std::vector<std::string> failures;
};
// Cases round-robin over `makers` until `seconds` have passed and every maker
// ran at least `min_rounds` times (or `max_cases` ran, when positive).
fuzz_report fuzz(const std::vector<case_maker>& makers, const reference_blas& reference, std::uint64_t seed,
                 double seconds, int min_rounds, long max_cases = 0);

}  // namespace swblas_stress
