#!/usr/bin/env bash
# Installs what swblas needs to build, test and benchmark on Debian 12, then
# configures and builds it in ./build (or $SWBLAS_BUILD_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  g++ gfortran cmake make pkg-config          # toolchain
  libisl-dev                                  # swblas-gen
  libhwloc-dev                                # runtime topology
  libgtest-dev                                # unit tests
  libblas-test                                # netlib BLAS/CBLAS testers
  libblas64-test                              # the same, ILP64 (libblas64.so.3)
  liblapack-dev                               # reference LAPACK, packaging test and clients
  liblapack-test r-base-core                  # clients: LAPACK's test suite, R
  python3-numpy python3-scipy python3-pytest python3-hypothesis  # clients: numpy, SciPy suites
  openmpi-bin scalapack-mpi-test hpcc         # clients over MPI: ScaLAPACK's testers, HPL
  libopenblas-dev libblis-dev libxsmm-dev     # benchmark peers
  python3 python3-matplotlib                  # benchmark driver and plots
  g++-powerpc64le-linux-gnu gfortran-powerpc64le-linux-gnu
  binutils-powerpc64le-linux-gnu qemu-user    # POWER10/POWER9 cross build, run under qemu
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build=${SWBLAS_BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSWBLAS_WERROR=ON
cmake --build "$build" -j"$(nproc)"
