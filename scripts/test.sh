#!/usr/bin/env bash
# Runs every test: sets up and builds (warnings are errors), then ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${SWBLAS_BUILD_DIR:-build}
(cd "$build" && ctest --output-on-failure -j"$(nproc)" --timeout 1200)

# The POWER target: cross-built for ppc64le, tested under qemu -cpu power10
# (MMA) and -cpu power9 (VSX; dispatch must never run MMA there).
SWBLAS_HOST_GEN="$PWD/$build/generator/swblas-gen" ./scripts/test-ppc64le.sh

# The host tests again under ASan+UBSan, and the threading tests under TSan.
SWBLAS_BUILD_DIR="$build" ./scripts/test-sanitizers.sh
