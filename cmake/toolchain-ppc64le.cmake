# Cross build for 64-bit little-endian POWER (ppc64le) with Debian's cross
# compilers (g++/gcc/gfortran-powerpc64le-linux-gnu); tests run under
# qemu-user (package qemu-user).
#
#   cmake -S . -B build-ppc64le -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-ppc64le.cmake \
#         -DSWBLAS_GEN_EXECUTABLE=build/generator/swblas-gen \
#         -DSWBLAS_PPC64LE_DEPS=<dir>      # hwloc and GoogleTest for ppc64el
#
# SWBLAS_PPC64LE_DEPS is a directory into which the ppc64el .debs of
# libhwloc-dev, libhwloc15, libudev1, libgtest-dev and libgmock-dev (and, for
# the netlib testers, libblas-test and libblas3) were unpacked with `dpkg -x`
# (scripts/test-ppc64le.sh does it, with `apt-get download` on private
# package lists):
# Debian's multiarch install of them is not used because it has to match the
# host's exact package versions.
#
# The CPU qemu emulates is SWBLAS_QEMU_CPU (cache, default power10); the
# environment variable of the same name overrides it when the tests run, so
# one build serves both `-cpu power10` (MMA) and `-cpu power9` (VSX).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ppc64le)

set(SWBLAS_PPC64LE_TRIPLE powerpc64le-linux-gnu)
set(CMAKE_C_COMPILER ${SWBLAS_PPC64LE_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${SWBLAS_PPC64LE_TRIPLE}-g++)
set(CMAKE_Fortran_COMPILER ${SWBLAS_PPC64LE_TRIPLE}-gfortran)

# Debian's cross sysroot keeps include/ and lib/ directly under it (no usr/),
# and the compilers find it by themselves: it is a find root, not --sysroot.
set(SWBLAS_PPC64LE_SYSROOT /usr/${SWBLAS_PPC64LE_TRIPLE})
set(SWBLAS_PPC64LE_DEPS "" CACHE PATH
    "Directory holding the unpacked ppc64el hwloc and GoogleTest packages")
set(SWBLAS_QEMU_CPU power10 CACHE STRING
    "CPU model qemu-ppc64le emulates for the tests (power10: MMA, power9: VSX only)")
# try_compile projects load this file again and need the same settings.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SWBLAS_PPC64LE_DEPS SWBLAS_QEMU_CPU)

set(CMAKE_FIND_ROOT_PATH ${SWBLAS_PPC64LE_SYSROOT})
set(swblas_deps_libdir "")
if(SWBLAS_PPC64LE_DEPS)
  list(APPEND CMAKE_FIND_ROOT_PATH ${SWBLAS_PPC64LE_DEPS})
  set(swblas_deps_libdir ${SWBLAS_PPC64LE_DEPS}/usr/lib/${SWBLAS_PPC64LE_TRIPLE})
  # hwloc's generated config header sits in the multiarch include directory,
  # which only the native compiler searches.
  foreach(lang C CXX)
    set(CMAKE_${lang}_STANDARD_INCLUDE_DIRECTORIES
        ${SWBLAS_PPC64LE_DEPS}/usr/include/${SWBLAS_PPC64LE_TRIPLE})
  endforeach()
  # libhwloc.so needs libudev.so.1: let the linker find it there too.
  foreach(kind EXE SHARED)
    set(CMAKE_${kind}_LINKER_FLAGS_INIT "-Wl,-rpath-link,${swblas_deps_libdir}")
  endforeach()
  # Where the ppc64el libblas-test and libblas3 put the testers, their inputs
  # and netlib's libblas.so.3 (tests/netlib runs them under qemu).
  set(SWBLAS_TARGET_NETLIB_TESTER_DIR ${swblas_deps_libdir}/blas)
  set(ENV{PKG_CONFIG_SYSROOT_DIR} ${SWBLAS_PPC64LE_DEPS})
  set(ENV{PKG_CONFIG_LIBDIR} ${swblas_deps_libdir}/pkgconfig)
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Every test program runs as `sh -c <this> program args...`: qemu with the
# sysroot's loader and libraries, the dependencies' directory on the guest's
# library path, and the CPU model from the environment or the cache.
# SWBLAS_QEMU_LIBRARY_PATH in the environment puts more directories in front
# on the guest's library path (the netlib testers' reference libblas.so.3):
# qemu's -E is applied after QEMU_SET_ENV, so the guest's LD_LIBRARY_PATH can
# only be extended here.
set(swblas_qemu_run
    "exec qemu-ppc64le -cpu \"\${SWBLAS_QEMU_CPU:-${SWBLAS_QEMU_CPU}}\" -L ${SWBLAS_PPC64LE_SYSROOT} -E \"LD_LIBRARY_PATH=\${SWBLAS_QEMU_LIBRARY_PATH:+\$SWBLAS_QEMU_LIBRARY_PATH:}${swblas_deps_libdir}\" \"\$0\" \"\$@\"")
set(CMAKE_CROSSCOMPILING_EMULATOR /bin/sh -c ${swblas_qemu_run})
