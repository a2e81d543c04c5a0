#!/usr/bin/env bash
# Runs every test: sets up and builds (warnings are errors), then ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${SWBLAS_BUILD_DIR:-build}
# A run with SWBLAS_TARGET forcing the variant dispatch chooses anyway, or
# one the CPU cannot run (it falls back to the chosen one), repeats the
# default run: those are left out (`<program>_forced_<variant>`, and netlib's
# `netlib_<tester>_<variant>`).
repeats=$(SWBLAS_VERBOSE=1 "$build/tests/fortran/fortran_dgemm_calls" 2>&1 |
  sed -n 's/^swblas: chosen target \([a-z0-9_]*\) .*/\1/p; s/^swblas: target \([a-z0-9_]*\): refused .*/\1/p' |
  paste -sd'|' || true)
echo "test: forced runs left out, as they repeat the default: ${repeats:-none}"
(cd "$build" && ctest --output-on-failure -j"$(nproc)" --timeout 1200 ${repeats:+-E "(_forced_|^netlib_x[a-z0-9]+_)($repeats)\$"})

# The POWER target: cross-built for ppc64le, tested under qemu -cpu power10
# (MMA) and -cpu power9 (VSX; dispatch must never run MMA there).
SWBLAS_HOST_GEN="$PWD/$build/generator/swblas-gen" ./scripts/test-ppc64le.sh

# The host tests again under ASan+UBSan, and the threading tests under TSan.
SWBLAS_BUILD_DIR="$build" ./scripts/test-sanitizers.sh
