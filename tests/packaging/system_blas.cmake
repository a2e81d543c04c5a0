# Script mode: swblas as Debian's BLAS provider. Installs into a scratch
# prefix, checks swblas/libblas.so.3 (SONAME, dependencies, exported names),
# makes it the BLAS of a scratch alternatives root with
# scripts/use-as-system-blas.sh and back, and runs programs that call
# reference LAPACK's dgesv_ and dgemm_ with libblas.so.3 resolved to swblas.
#
# Reference LAPACK is named on purpose: the system's liblapack.so is an
# alternative too, and OpenBLAS's (the default where it is installed) needs
# libopenblas.so.0, so its LAPACK would never call swblas.
include(${CMAKE_CURRENT_LIST_DIR}/run.cmake)

set(prefix ${WORK_DIR}/prefix)
set(provider ${prefix}/${LIBDIR}/swblas)
set(reference_lapack /usr/lib/${MULTIARCH}/lapack)
if(NOT EXISTS ${reference_lapack}/liblapack.so.3)
  message(FATAL_ERROR "no reference LAPACK in ${reference_lapack} (apt-get install liblapack-dev)")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# 1. The provider file: its SONAME is what -lblas records, it brings its own
# dependencies, and it exports exactly what libswblas.so exports.
run(${OBJDUMP} -p ${provider}/libblas.so.3)
foreach(entry "SONAME +libblas\\.so\\.3\n" "NEEDED +libhwloc\\.so")
  if(NOT run_output MATCHES "${entry}")
    message(FATAL_ERROR "objdump -p ${provider}/libblas.so.3 lacks ${entry}:\n${run_output}")
  endif()
endforeach()
file(READ_SYMLINK ${provider}/libblas.so dev_link)
if(NOT dev_link STREQUAL "libblas.so.3")
  message(FATAL_ERROR "${provider}/libblas.so points at ${dev_link}, not libblas.so.3")
endif()
run(${NM} -D --defined-only --format=just-symbols ${prefix}/${LIBDIR}/libswblas.so)
set(swblas_names "${run_output}")
run(${NM} -D --defined-only --format=just-symbols ${provider}/libblas.so.3)
if(NOT run_output STREQUAL swblas_names)
  message(FATAL_ERROR "libblas.so.3 and libswblas.so export different names:\n${run_output}\n---\n${swblas_names}")
endif()

# 2. A scratch system: its library and include directories under root, its
# alternatives in admin/ and alternatives/, and one other BLAS already
# registered (priority 100) that the system falls back to.
set(root ${WORK_DIR}/system)
set(system_libdir ${root}/usr/lib/${MULTIARCH})
file(MAKE_DIRECTORY ${system_libdir}/pkgconfig ${root}/usr/include/${MULTIARCH}
     ${WORK_DIR}/alternatives ${WORK_DIR}/admin ${WORK_DIR}/other)
file(TOUCH ${WORK_DIR}/other/libblas.so.3)
set(scratch --altdir ${WORK_DIR}/alternatives --admindir ${WORK_DIR}/admin
            --log ${WORK_DIR}/alternatives.log)
run(update-alternatives ${scratch} --install ${system_libdir}/libblas.so.3
    libblas.so.3-${MULTIARCH} ${WORK_DIR}/other/libblas.so.3 100)
set(script ${SOURCE_DIR}/scripts/use-as-system-blas.sh)
function(use_as_system_blas action)
  run(${script} ${action} --prefix ${prefix} --link-root ${root} ${scratch})
  set(run_output "${run_output}" PARENT_SCOPE)
endfunction()

# expect_link(LINK TARGET): LINK resolves to TARGET ("" for no LINK).
function(expect_link link want)
  set(got "")
  if(EXISTS ${link})
    file(REAL_PATH ${link} got)
  endif()
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "${link} resolves to '${got}', not '${want}'")
  endif()
endfunction()

# 3. install (twice: it is idempotent), status, and the links it made.
use_as_system_blas(install)
use_as_system_blas(install)
use_as_system_blas(status)
if(NOT run_output MATCHES "libblas\\.so\\.3-${MULTIARCH}: ${provider}/libblas\\.so\\.3 \\(manual\\) swblas\n")
  message(FATAL_ERROR "status after install:\n${run_output}")
endif()
expect_link(${system_libdir}/libblas.so.3 ${provider}/libblas.so.3)
expect_link(${system_libdir}/libblas.so ${provider}/libblas.so.3)
expect_link(${system_libdir}/pkgconfig/blas.pc ${provider}/pkgconfig/blas-swblas.pc)
expect_link(${root}/usr/include/${MULTIARCH}/cblas.h ${prefix}/include/swblas/cblas.h)

# A prefix without swblas is refused.
execute_process(COMMAND ${script} install --prefix ${WORK_DIR}/other --link-root ${root} ${scratch}
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "no libblas\\.so\\.3 in")
  message(FATAL_ERROR "install from a prefix without swblas: exit ${rc}, '${err}'")
endif()

# expect_blas(PROGRAM LIBRARY_PATH BLAS_FILE): PROGRAM, run with LIBRARY_PATH
# as LD_LIBRARY_PATH, loads libblas.so.3 from BLAS_FILE (a path or a link to
# swblas's file) and reference LAPACK, and prints ok; swblas's call log
# (SWBLAS_VERBOSE=2) shows the program's dgemm_ and at least one call from
# within dgesv_.
function(expect_blas program library_path blas_file)
  run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${library_path} ldd ${program})
  foreach(pair "libblas.so.3;${blas_file}" "liblapack.so.3;${reference_lapack}/liblapack.so.3")
    list(GET pair 0 soname)
    list(GET pair 1 file)
    string(REPLACE "." "\\." pattern "${soname} => ${file} ")
    if(NOT run_output MATCHES "${pattern}")
      message(FATAL_ERROR "${program}: ${soname} is not ${file}:\n${run_output}")
    endif()
  endforeach()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${library_path} SWBLAS_VERBOSE=2
    ${program} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE log)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL "ok\n")
    message(FATAL_ERROR "${program} (exit ${rc}): ${out}")
  endif()
  string(REGEX REPLACE "swblas: call dgemm 3 x 2 x 3,[^\n]*" "" log_of_lapack "${log}")
  if(log_of_lapack STREQUAL log OR NOT log_of_lapack MATCHES "swblas: call ")
    message(FATAL_ERROR "${program}: swblas did not log the program's dgemm_ and LAPACK's calls:\n${log}")
  endif()
endfunction()

# 4. pkg-config through the scratch system's blas.pc link, as a program built
# on the system would (-L<root>/usr/lib/<multiarch> -lblas).
find_program(PKG_CONFIG pkg-config REQUIRED)
find_program(CC NAMES cc gcc REQUIRED)
set(ENV{PKG_CONFIG_PATH} ${system_libdir}/pkgconfig)
run(${PKG_CONFIG} --libs blas)
string(STRIP "${run_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CC} ${CONSUMER_DIR}/solve.c -o ${WORK_DIR}/pc-solve -L${reference_lapack} -llapack ${flags} -lm)
expect_blas(${WORK_DIR}/pc-solve "${system_libdir}:${reference_lapack}" ${system_libdir}/libblas.so.3)
message(STATUS "pkg-config consumer on the scratch system: ok")

# 4b. The ILP64 groups, linked as Debian's libblas64 ones are (with
# cblas64.h): a C program built through those links gets 64-bit CBLAS_INT
# and swblas's libblas64.so.3.
set(provider64 ${prefix}/${LIBDIR}/swblas64)
expect_link(${system_libdir}/libblas64.so.3 ${provider64}/libblas64.so.3)
expect_link(${system_libdir}/libblas64.so ${provider64}/libblas64.so.3)
expect_link(${root}/usr/include/${MULTIARCH}/cblas64.h ${prefix}/include/swblas/cblas64.h)
run(${CC} -I${root}/usr/include/${MULTIARCH} ${CONSUMER_DIR}/dgemm64.c -o ${WORK_DIR}/dgemm64
    -L${system_libdir} -lblas64)
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${system_libdir} ldd ${WORK_DIR}/dgemm64)
if(NOT run_output MATCHES "libblas64\\.so\\.3 => ${system_libdir}/libblas64\\.so\\.3 ")
  message(FATAL_ERROR "dgemm64 does not load the system's libblas64.so.3:\n${run_output}")
endif()
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${system_libdir} ${WORK_DIR}/dgemm64)
if(NOT run_output STREQUAL "ok\n")
  message(FATAL_ERROR "dgemm64: ${run_output}")
endif()
message(STATUS "ILP64 consumer (cblas64.h, -lblas64) on the scratch system: ok")

# 5. remove (twice): the group of the other BLAS goes back to automatic mode
# and to it; the dev group, swblas's alone, goes.
use_as_system_blas(remove)
use_as_system_blas(remove)
use_as_system_blas(status)
if(NOT run_output MATCHES "libblas\\.so\\.3-${MULTIARCH}: ${WORK_DIR}/other/libblas\\.so\\.3 \\(auto\\)\nlibblas\\.so-${MULTIARCH}: none\n")
  message(FATAL_ERROR "status after remove:\n${run_output}")
endif()
expect_link(${system_libdir}/libblas.so.3 ${WORK_DIR}/other/libblas.so.3)
expect_link(${system_libdir}/libblas.so "")
expect_link(${system_libdir}/pkgconfig/blas.pc "")
expect_link(${system_libdir}/libblas64.so.3 "")
expect_link(${root}/usr/include/${MULTIARCH}/cblas64.h "")

# 6. CMake's stock FindBLAS and FindLAPACK, with swblas's provider directory
# and reference LAPACK's first on CMAKE_LIBRARY_PATH.
set(ENV{CMAKE_LIBRARY_PATH} "${provider}:${reference_lapack}")
run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/cmake-solve -G ${CMAKE_GENERATOR}
    -DCMAKE_BUILD_TYPE=Release)
if(NOT run_output MATCHES "BLAS_LIBRARIES: ${provider}/libblas\\.so\n")
  message(FATAL_ERROR "FindBLAS did not pick swblas:\n${run_output}")
endif()
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake-solve)
expect_blas(${WORK_DIR}/cmake-solve/solve "${provider}:${reference_lapack}" ${provider}/libblas.so.3)
message(STATUS "FindBLAS/FindLAPACK consumer: ok")
