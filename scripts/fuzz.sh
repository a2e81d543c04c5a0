#!/usr/bin/env bash
# The differential fuzzer (tests/stress) for longer than the test command
# gives it: SECONDS (default 600) per mode -- one thread, eight user threads,
# a nested OpenMP region, fork -- then the one-thread mode again under each
# forced variant. A failure prints the call and a SWBLAS_FUZZ_REPLAY=...
# that reruns it alone.
#   ./scripts/fuzz.sh [SECONDS]    (SWBLAS_FUZZ_SEED, SWBLAS_FUZZ_ROUTINES as in the test)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
build=${SWBLAS_BUILD_DIR:-build}
[ -d "$build" ] || ./scripts/setup.sh
cmake --build "$build" --target stress_tests -j"$(nproc)"
export SWBLAS_FUZZ_SEED=${SWBLAS_FUZZ_SEED:-$(date +%s)} SWBLAS_FUZZ_SECONDS=$seconds
echo "fuzz: seed $SWBLAS_FUZZ_SEED, $seconds s per mode"
status=0
"$build/tests/stress/stress_tests" --gtest_brief=1 || status=1
for forced in avx512 avx2 generic reference; do
  echo "== SWBLAS_TARGET=$forced"
  SWBLAS_TARGET=$forced "$build/tests/stress/stress_tests" --gtest_brief=1 \
    --gtest_filter=DifferentialFuzz.EveryRoutineFromOneThread || status=1
done
exit $status
