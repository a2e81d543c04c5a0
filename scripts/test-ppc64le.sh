#!/usr/bin/env bash
# Cross-builds swblas for ppc64le and runs its POWER tests under qemu-user,
# twice: `-cpu power10` (the MMA kernel is chosen) and `-cpu power9` (VSX
# only: the MMA test skips, dispatch must pick vsx_8x4; an MMA instruction
# would die with SIGILL there).
#
# Needs (Debian 12): g++-powerpc64le-linux-gnu gfortran-powerpc64le-linux-gnu
# qemu-user binutils-powerpc64le-linux-gnu, and the Debian mirror (the
# ppc64el packages of hwloc, GoogleTest and netlib's BLAS testers are
# downloaded and unpacked into the build directory, not installed; run as
# root, like scripts/setup.sh).
#
# Environment: SWBLAS_HOST_GEN (a host swblas-gen; default build/generator/
# swblas-gen, else one is built in build-ppc64le-host/), SWBLAS_PPC64LE_BUILD
# (default build-ppc64le).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${SWBLAS_PPC64LE_BUILD:-build-ppc64le}
jobs=${SWBLAS_JOBS:-2}
triple=powerpc64le-linux-gnu

# 1. hwloc, GoogleTest and the netlib BLAS testers (libblas-test, with
# netlib's libblas.so.3 from libblas3; libgfortran5 comes with the cross
# compiler's sysroot) for ppc64el, unpacked into a private root the toolchain
# file points at. Not installed: Debian's multiarch install must
# match the host's package versions exactly, and adding the architecture to
# the system would make every later `apt-get update` depend on the ppc64el
# indexes too. apt reads the ppc64el lists into the build directory instead.
deps=$root/$build/deps
deps_packages="libhwloc-dev libhwloc15 libudev1 libgtest-dev libgmock-dev libblas-test libblas3"
if [ "$(cat "$deps/.unpacked" 2>/dev/null)" != "$deps_packages" ]; then
  apt_dir=$root/$build/apt
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/debs" "$deps"
  apt_opts=(-o APT::Architectures::="$(dpkg --print-architecture)"
            -o APT::Architectures::=ppc64el
            -o Dir::State::Lists="$apt_dir/lists" -o APT::Sandbox::User=root)
  # A mirror caught mid-sync fails one index; the others are enough.
  apt-get "${apt_opts[@]}" update -qq || true
  (cd "$apt_dir/debs" &&
    apt-get "${apt_opts[@]}" download $(printf '%s:ppc64el ' $deps_packages))
  for deb in "$apt_dir"/debs/*.deb; do dpkg -x "$deb" "$deps"; done
  echo "$deps_packages" >"$deps/.unpacked"
fi

# 2. swblas-gen runs on the build machine.
gen=${SWBLAS_HOST_GEN:-$root/build/generator/swblas-gen}
if [ ! -x "$gen" ]; then
  host=$root/build-ppc64le-host
  cmake -S . -B "$host" -DCMAKE_BUILD_TYPE=Release -DSWBLAS_BUILD_TESTS=OFF -DSWBLAS_BUILD_BENCH=OFF >/dev/null
  cmake --build "$host" --target swblas-gen -j"$jobs"
  gen=$host/generator/swblas-gen
fi

# 3. The cross build: the library and the test programs that run under qemu.
cmake -S . -B "$build" \
  -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-ppc64le.cmake" \
  -DSWBLAS_PPC64LE_DEPS="$deps" \
  -DSWBLAS_GEN_EXECUTABLE="$gen" \
  -DCMAKE_BUILD_TYPE=Release -DSWBLAS_WERROR=ON -DSWBLAS_BUILD_BENCH=OFF
test_programs=(asm_tests power_dispatch_tests runtime_tests generated_kernels_test
               interface_tests interface_default_handlers_tests
               interface_shared_library_tests fortran_dgemm_calls
               fused_tests batch_driver_tests batch_api_tests batch_error_tests batch_precision_tests
               fortran_batch_calls level1_tests level1_fortran_functions level2_tests
               level2_symmetric_tests level2_triangular_tests level2_default_handlers_tests
               level1_team_tests level2_team_tests)
cmake --build "$build" -j"$jobs" --target swblas_kernels swblas swblas64 swblas_provider "${test_programs[@]}"

# 4. ctest under each CPU model (qemu is slow: no timing, and a subset).
# Not run: programs not built here (sim, demo), the packaging test (host
# consumer). The netlib testers are the ppc64el ones, with libswblas.so as
# the guest's only libblas.so.3. Kept small: the larger
# interface sweep through dgemm_ only (cblas_dgemm keeps its small sweep),
# and the generated kernels of the POWER targets only (the host build
# tests the generic ones, of every family), and the Level-3 routines on
# small and odd sizes (the host runs their larger-than-a-block cases; the
# POWER kernels' blocking is tested by the generated-kernel tests). The
# runs with a variant forced by SWBLAS_TARGET are left to the host: here
# each CPU model is the forcing (power10 must choose MMA, power9 VSX).
skip='_NOT_BUILT$|^packaging_|^sim|LargerProblem/cblas_|^Manifest/.*_generic( |$)|_forced_|^netlib_x[a-z0-9]+_|^level3_tests\..*(LargerThanOneBlock|SweepOverSeveralBlocks)'
# Target-independent sweeps are left to the host too: the batch driver's
# splits and the strided batch interface (the POWER kernels under them are
# the generated batch entries' and the pointer-array batches'), the specs
# that share their block kernel with a spec still run (prologues share the
# plain kernel; each epilogue kernel keeps relu or gelu_tanh, the op is a
# run-time choice inside it, and FusedApi's tests run every op on the
# power10 kernels), and a team of two for the kernels on a triangle (a team
# calls them as it calls the plain one, on parts with their place in
# row0, col0: the host runs that). VSX's entries run once, under power9
# (same code under power10). The batch driver's packed entries on a
# stand-in block kernel are target-independent too (36 s under power10).
skip="$skip|^batch_driver_tests\.GemmBatch\.(EverySplitAndPath|ReferenceTableToo|CallersInside|PackedEntriesRunTheTables)"
skip="$skip|^batch_precision_tests\.BatchPrecision\.Strided"
# The same for the pointer-array batches of complex elements (their real
# kernels run under the float and double ones; 34 s each here) and the fused
# driver's split of threads, loops and prologue slots (48 s; the generated
# fused kernels under it run in FusedApi's and the manifest's tests).
skip="$skip|^batch_precision_tests\.BatchPrecision\.PointerArraysBothLayoutsAndFortran<std::complex"
skip="$skip|^FusedRuntime\.ThreadsLoopsAndPrologueSlots$"
skip="$skip|^Manifest/EveryEntry\.MatchesNaiveLoop(SingleThread|TeamOfTwo)/[ds]gemm_(epilogue_(none|leaky_relu|clamp|gelu_erf|sigmoid|tanh|silu)|prologue_(scale_[ab]|fake_quant_a))_"
skip="$skip|^Manifest/EveryEntry\.MatchesNaiveLoopTeamOfTwo/[ds](gemmt|trmm)_"
# The Level-1/2 routines' complex<double> cases: their code is the template
# complex<float> runs (two elements to a VSX register, so with lane
# remainders), and vector_kernels_test runs the vector kernels of every
# element type under each model (83 s of power10's test time).
skip="$skip|^level[12]_.*<std::complex<double>>$"
# Under power9 only what depends on the CPU model runs again: the micro
# kernels, the generated kernels, dispatch and the Level-3 routines on them.
# The Level-1/2 routines, the interface's argument checks, the element-wise
# functions and the batched and fused drivers (tested on VSX's kernels
# through the generated-kernel tests) run the same code under both models,
# and so do the drivers' sweeps over every target the CPU runs (power10 runs
# VSX's and the generic one too).
skip_power9="$skip|^level[12]_|^level2_(symmetric|triangular)_|^Elementwise|^interface_tests|^batch_|^Fused|^SgemmFused"
skip_power9="$skip_power9|^GemmTriangle\.OnlyTheTriangleOnEveryTarget|^GemmThreads\.EveryTargetEveryLoop|^UnpackedGemm\.EveryTargetEveryTeam"
# VSX's generated kernels single-threaded: a team splits every target's
# block kernels alike, and power10's and the host's entries run in teams.
skip_power9="$skip_power9|^Manifest/EveryEntry\.MatchesNaiveLoopTeamOfTwo/"
skip_power10="$skip|^Manifest/.*_power_vsx( |$)"
run_model() {
  local cpu=$1 ukernel=$2 skipped=$3
  echo "== qemu-ppc64le -cpu $cpu: expecting micro kernel $ukernel"
  SWBLAS_VERBOSE=1 qemu-ppc64le -cpu "$cpu" -L /usr/$triple \
    -E LD_LIBRARY_PATH="$deps/usr/lib/$triple" \
    "$build/tests/fortran/fortran_dgemm_calls" 2>&1 | grep '^swblas: \(cpu\|target\|chosen\)'
  (cd "$build" && SWBLAS_QEMU_CPU=$cpu SWBLAS_EXPECT_UKERNEL=$ukernel \
    ctest --output-on-failure -j"$jobs" --timeout 900 -E "$skipped")
}
status=0
run_model power10 mma_8x8 "$skip_power10" || status=1
run_model power9 vsx_8x4 "$skip_power9" || status=1
exit $status
