#!/usr/bin/env bash
# The host tests again under sanitizers, after scripts/test.sh's build:
#  - AddressSanitizer + UndefinedBehaviorSanitizer (every finding fatal) on
#    the unit tests of every module that calls the library: the runtime and
#    its thread pool, micro kernels, Levels 1-3, batched and fused GEMM, the
#    interface's argument checks;
#  - ThreadSanitizer on the thread pool and the threaded drivers.
# Each is a build of its own (build-asan, build-tsan) that reuses the main
# build's swblas-gen and, to fit the test command's time, generates the
# generic target's block kernels only (the hand-written micro kernels of
# every x86 ISA are all built and tested) at -O1. netlib's testers run on
# the instrumented library too (the ASan runtime preloaded, since the
# testers are not instrumented), and the differential fuzzer briefly; the
# LAPACK and client suites are not rerun here: they exercise the same
# library code through the same entry points.
set -euo pipefail
cd "$(dirname "$0")/.."
main=${SWBLAS_BUILD_DIR:-build}
jobs=$(nproc)
common=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE=-DNDEBUG -DCMAKE_CXX_FLAGS_RELEASE=-DNDEBUG
        -DSWBLAS_WERROR=ON -DSWBLAS_BUILD_BENCH=OFF -DSWBLAS_GEN_TARGETS=generic -DSWBLAS_UNIFORM_OPTIMIZATION=ON
        -DSWBLAS_GEN_EXECUTABLE="$(cd "$main" && pwd)/generator/swblas-gen")

configure() {  # dir, sanitizers (-fsanitize=)
  cmake -S . -B "$1" "${common[@]}" -DCMAKE_C_FLAGS="-O1 -g1" -DCMAKE_CXX_FLAGS="-O1 -g1" \
        -DSWBLAS_SANITIZE="$2" > "$1/configure.log"
}

# Longest first (level3 and asm take about a minute each), so that the
# programs, run $jobs at a time, end together.
asan_tests=(level3/level3_tests asm/asm_tests level2_triangular/level2_triangular_tests
            batch/batch_driver_tests batch/batch_precision_tests stress/stress_tests
            level2/level2_tests interface/interface_tests runtime/runtime_tests fused/fused_tests
            level2_symmetric/level2_symmetric_tests batch/batch_api_tests level1/level1_tests
            level2/level2_team_tests level1/level1_team_tests batch/batch_error_tests
            interface/interface_layer_tests)
mkdir -p build-asan
configure build-asan address,undefined
cmake --build build-asan -j"$jobs" --target "${asan_tests[@]##*/}" swblas_provider
# Leaks are reported too (LeakSanitizer). allocator_may_return_null: the
# memory-limit tests need malloc to fail as glibc's does, not ASan to abort.
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1
# Left out: address-space limits (ASan's own allocator dies under them) and
# the Level-3 cases larger than one cache block (the GEMM tests cross blocks).
# The fuzzer a second per test: its guard pages see the operands, ASan the
# library's own buffers. Not its fork while another thread calls: GCC 12's
# ASan allocator has no fork handlers, and a child forked while another
# thread allocates can wait forever on the allocator's lock (seen: the child
# in SizeClassAllocator64::GetFromAllocator); the plain build runs it.
run_asan_test() {  # a program of asan_tests; its output is printed when it fails
  local log="build-asan/${1##*/}.log"
  if SWBLAS_FUZZ_SECONDS=1 "build-asan/tests/$1" --gtest_brief=1 \
       --gtest_filter='-MemoryLimit*:*LargerThanOneBlock*:DifferentialFuzz.ForkInTheMiddle' >"$log" 2>&1; then
    echo "== ASan+UBSan: $1 passed"
  else
    echo "== ASan+UBSan: $1 FAILED"; cat "$log"; return 1
  fi
}
export -f run_asan_test
printf '%s\n' "${asan_tests[@]}" | xargs -P "$jobs" -I{} bash -c 'run_asan_test {}'
echo "== ASan+UBSan: netlib's 24 BLAS testers"
(cd build-asan && SWBLAS_TESTER_PRELOAD="$(gcc -print-file-name=libasan.so)" \
  ctest -j"$jobs" --output-on-failure -R '^netlib_x(blat[123][sdcz]|[sdcz]cblat[123])$')

# TSan: the pool's own tests (its busy-machine backoff too), the threaded
# GEMM and batch drivers, the vector team's ranges, trmv's and trsv's teams.
# Left out: tests that open the program's own OpenMP regions (libgomp is not
# built for TSan, whose reports there would be about libgomp), fork (TSan
# does not support starting threads in the child of a threaded process) and
# address-space limits (TSan's shadow memory does not fit under them).
mkdir -p build-tsan
configure build-tsan thread
cmake --build build-tsan -j"$jobs" --target runtime_tests batch_driver_tests level2_team_tests
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
no_openmp='-*ParallelRegion*'  # every test that opens an OpenMP region is named so
build-tsan/tests/runtime/runtime_tests --gtest_brief=1 \
  --gtest_filter="ThreadPool*:StragglerBackoff*:GemmThreads*:BlockKernel*:vector_team*$no_openmp"
build-tsan/tests/batch/batch_driver_tests --gtest_brief=1 --gtest_filter="GemmBatch.EverySplitAndPathOnOneAndTwoThreads"
# trmv's and trsv's teams, whose items wait on what earlier items publish
# (a missing wait is a race here whatever the timing; one of trsv's waits
# matters only with three items in flight, hence four threads).
SWBLAS_NUM_THREADS=4 SWBLAS_OVERSUBSCRIBE=1 build-tsan/tests/level2/level2_team_tests --gtest_brief=1 \
  --gtest_filter="level2_team.Tr*"
echo "sanitizers: clean"
