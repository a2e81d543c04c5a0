#!/usr/bin/env bash
# Runs every test: sets up and builds (warnings are errors), then ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${SWBLAS_BUILD_DIR:-build}
cd "$build"
ctest --output-on-failure -j"$(nproc)" --timeout 1200
