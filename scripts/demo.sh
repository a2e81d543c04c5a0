#!/usr/bin/env bash
# The newcomer's first command: set up, build, run the C and Fortran demos
# (both linked with -lswblas) and a short side-by-side timing against OpenBLAS.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${SWBLAS_BUILD_DIR:-build}

echo; echo "== C demo (cblas_dgemm) =="
SWBLAS_VERBOSE=1 "$build/demo/demo_cblas"
echo; echo "== Fortran demo (call dgemm) =="
"$build/demo/demo_fortran"
echo; echo "== swblas against OpenBLAS and BLIS, same run (quick grid) =="
python3 bench/dgemm/run_bench.py --quick --swblas "$build/libswblas.so" \
  --bench-exe "$build/bench/dgemm/swblas-bench-dgemm" --out "$build/bench-quick"
cat "$build/bench-quick/summary.md"
