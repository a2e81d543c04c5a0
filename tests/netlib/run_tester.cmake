# Runs one of Debian's netlib BLAS testers (libblas-test, or libblas64-test
# for the ILP64 ones) with swblas as the only BLAS in the process.
#
# The testers are linked against libblas.so.3 (libblas64.so.3: SONAME) with
# BIND_NOW. A directory of its own (LIB_DIR) holds SONAME as a link to
# SWBLAS_LIBRARY (the provider's libblas.so.3 or libblas64.so.3, or
# libswblas.so for the Sunway emulation's runs) and comes
# first on the library path; nothing is preloaded, so every routine the
# tester imports must be swblas's or the tester does not start. The tester's
# own XERBLA and cblas_xerbla, defined in the executable, take the calls
# swblas makes for illegal arguments (swblas's handlers are weak), and the
# CBLAS testers' RowMajorStrg resolves to swblas's.
#
# Inputs (-D): KIND (f77 | cblas for the Level-2/3 testers, level1 for the
# Level-1 ones, which read no input and report on stdout), TESTER, INPUT
# (the tester's stock input; none for level1), SIZES (comma-separated
# values of N replacing the input's; empty: the input's),
# ROUTINES (the routines to switch on, as the input names them, e.g.
# DGEMM;DSYMM or cblas_dgemm; empty: all), SWBLAS_LIBRARY, SONAME (the
# name the tester needs; empty: libblas.so.3), LIB_DIR, WORK_DIR,
# and EMULATOR (a command list, empty for a native run; in a cross build the
# toolchain's qemu-user command, cmake/toolchain-ppc64le.cmake).
# Environment: SWBLAS_TARGET passes through; SWBLAS_TESTER_PRELOAD, when
# set, is the tester's LD_PRELOAD (the ASan runtime, which must come first
# in a process whose program is not instrumented: scripts/test-sanitizers.sh); SWBLAS_EXPECT_TARGET /
# SWBLAS_EXPECT_UKERNEL name what swblas must choose; SWBLAS_SKIP_IF_REFUSED=1
# skips when the CPU cannot run the forced target.
#
# Under qemu-user the loader variables are the guest's: LD_LIBRARY_PATH goes
# through SWBLAS_QEMU_LIBRARY_PATH, which the toolchain's command puts in
# front of the guest's library path, and LD_DEBUG through QEMU_SET_ENV.
# Exit 77 (ctest SKIP) when the tester is not installed.

cmake_minimum_required(VERSION 3.16)  # IN_LIST in script mode

if(NOT EXISTS "${TESTER}" OR (NOT KIND STREQUAL "level1" AND NOT EXISTS "${INPUT}"))
  message("SKIP: ${TESTER} not found (apt-get install libblas-test libblas64-test)")
  cmake_language(EXIT 77)
endif()
if(NOT SONAME)
  set(SONAME libblas.so.3)
endif()
string(REPLACE "." "\\." soname_pattern "${SONAME}")
get_filename_component(tester_name "${TESTER}" NAME)

# swblas as SONAME, alone in its directory.
file(MAKE_DIRECTORY "${LIB_DIR}")
file(CREATE_LINK "${SWBLAS_LIBRARY}" "${LIB_DIR}/${SONAME}" SYMBOLIC)

# The stock input with the routines not in ROUTINES switched off; the F77
# tester's summary goes to a file in WORK_DIR (its name is limited to 32
# characters, so it is relative to the working directory). Each tester works
# in its own directory: ctest runs them in parallel.
set(WORK_DIR "${WORK_DIR}/${tester_name}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(summary_name "${tester_name}.out")
set(lines "")
if(INPUT)
  file(STRINGS "${INPUT}" lines)
endif()
set(edited "")
set(enabled "")
foreach(line IN LISTS lines)
  if(line MATCHES "^'[sdcz]blat[23].out'")
    string(REGEX REPLACE "^'[sdcz]blat[23].out'" "'${summary_name}'" line "${line}")
  elseif(SIZES AND line MATCHES "NUMBER OF VALUES OF N$")
    string(REPLACE "," ";" size_list "${SIZES}")
    list(LENGTH size_list size_count)
    set(line "${size_count}                 NUMBER OF VALUES OF N")
  elseif(SIZES AND line MATCHES "VALUES OF N$")
    string(REPLACE "," " " line "${SIZES}       VALUES OF N")
  elseif(line MATCHES "^([A-Za-z0-9_]+) +T ")
    set(routine "${CMAKE_MATCH_1}")
    if(ROUTINES AND NOT routine IN_LIST ROUTINES)
      string(REGEX REPLACE "^([A-Za-z0-9_]+ +)T " "\\1F " line "${line}")
    else()
      list(APPEND enabled "${routine}")
    endif()
  endif()
  string(APPEND edited "${line}\n")
endforeach()
set(input_file "${WORK_DIR}/${tester_name}.in")
file(WRITE "${input_file}" "${edited}")
file(REMOVE "${WORK_DIR}/${summary_name}")

set(ENV{SWBLAS_VERBOSE} "1")
if(EMULATOR)
  set(ENV{QEMU_SET_ENV} "LD_DEBUG=libs")
  set(ENV{SWBLAS_QEMU_LIBRARY_PATH} "${LIB_DIR}")
else()
  set(ENV{LD_LIBRARY_PATH} "${LIB_DIR}")
  set(ENV{LD_DEBUG} "libs")
  if(DEFINED ENV{SWBLAS_TESTER_PRELOAD})
    set(ENV{LD_PRELOAD} "$ENV{SWBLAS_TESTER_PRELOAD}")
  endif()
endif()
execute_process(COMMAND ${EMULATOR} "${TESTER}"
                INPUT_FILE "${input_file}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
                WORKING_DIRECTORY "${WORK_DIR}")
unset(ENV{LD_DEBUG})
unset(ENV{LD_PRELOAD})
unset(ENV{QEMU_SET_ENV})
file(WRITE "${WORK_DIR}/${tester_name}.stderr" "${err}\n")

# A forced target this CPU cannot run: swblas falls back with a warning,
# and the run says nothing about the forced one (SKIP).
if("$ENV{SWBLAS_SKIP_IF_REFUSED}" AND
   err MATCHES "SWBLAS_TARGET=$ENV{SWBLAS_TARGET} cannot run here")
  message("SKIP: this CPU cannot run SWBLAS_TARGET=$ENV{SWBLAS_TARGET}")
  cmake_language(EXIT 77)
endif()

if(KIND STREQUAL "level1")
  # One "Test of subprogram number ... NAME" and one PASS per routine.
  set(report "${out}")
  set(required_suffixes "")
  string(REGEX MATCHALL "Test of subprogram number +[0-9]+ +[A-Za-z0-9_]+" tested "${out}")
  string(REGEX MATCHALL "----- PASS -----" passes "${out}")
  list(LENGTH tested tested_count)
  list(LENGTH passes pass_count)
elseif(KIND STREQUAL "f77")
  set(report "")
  if(EXISTS "${WORK_DIR}/${summary_name}")
    file(READ "${WORK_DIR}/${summary_name}" report)
  endif()
  set(required_suffixes "PASSED THE TESTS OF ERROR-EXITS" "PASSED THE COMPUTATIONAL TESTS")
else()
  # The complex Level-2 CBLAS testers print "PASSED THE COMPUTATIONAL TESTS"
  # once per layout without naming it, and report ?gerc's error exits under
  # ?geru's name: each routine must pass its computations twice, and there
  # must be as many passed error-exit tests as routines.
  set(report "${out}")
  set(required_suffixes "")
  string(REGEX MATCHALL "PASSED THE TESTS OF ERROR-EXITS" error_exit_passes "${out}")
  list(LENGTH error_exit_passes error_exit_count)
endif()

set(failures "")
# A preloaded runtime's own lookups (ASan probing for what it intercepts)
# are not the tester's.
set(loader_err "${err}")
if(DEFINED ENV{SWBLAS_TESTER_PRELOAD})
  string(REPLACE "." "\\." preload_pattern "$ENV{SWBLAS_TESTER_PRELOAD}")
  string(REGEX REPLACE "[^\n]*${preload_pattern}: error: symbol lookup error[^\n]*" "" loader_err "${loader_err}")
endif()
if(loader_err MATCHES "undefined symbol: ([A-Za-z0-9_]+)")
  string(APPEND failures "swblas does not export ${CMAKE_MATCH_1}, which ${tester_name} imports\n")
endif()
if(NOT rc EQUAL 0)
  string(APPEND failures "tester exited with ${rc}\n")
endif()
if(KIND STREQUAL "level1" AND (tested_count EQUAL 0 OR NOT tested_count EQUAL pass_count))
  string(APPEND failures "${pass_count} of ${tested_count} routines passed\n")
endif()
if(KIND STREQUAL "cblas")
  list(LENGTH enabled enabled_count)
  if(NOT error_exit_count EQUAL enabled_count)
    string(APPEND failures "${error_exit_count} of ${enabled_count} routines passed their error-exit tests\n")
  endif()
  foreach(routine IN LISTS enabled)
    string(REGEX MATCHALL " ${routine} +PASSED THE [A-Z -]*COMPUTATIONAL TESTS" layouts "${out}")
    list(LENGTH layouts layout_count)
    if(layout_count LESS 2)
      string(APPEND failures "${routine} passed the computational tests in ${layout_count} of 2 layouts\n")
    endif()
  endforeach()
endif()
foreach(routine IN LISTS enabled)
  foreach(suffix IN LISTS required_suffixes)
    if(NOT report MATCHES " ${routine} +${suffix}")
      string(APPEND failures "missing: '${routine} ${suffix}'\n")
    endif()
  endforeach()
endforeach()
if(report MATCHES "\\*\\*\\*\\*\\*|FAIL")
  string(APPEND failures "the tester reports a failure\n")
endif()
# Proof that swblas is the BLAS: the loader found SONAME in LIB_DIR
# and loaded no other BLAS, and swblas's runtime printed its SWBLAS_VERBOSE
# report when it first dispatched.
if(NOT err MATCHES "trying file=${LIB_DIR}/${soname_pattern}")
  string(APPEND failures "${SONAME} was not loaded from ${LIB_DIR}\n")
endif()
if(err MATCHES "calling init: [^\n]*lib(open)?blas[^\n]*" AND NOT CMAKE_MATCH_0 MATCHES "${LIB_DIR}")
  string(APPEND failures "another BLAS was loaded: ${CMAKE_MATCH_0}\n")
endif()
if(DEFINED ENV{SWBLAS_TESTER_PRELOAD} AND NOT EMULATOR AND NOT err MATCHES "calling init: ${preload_pattern}")
  string(APPEND failures "$ENV{SWBLAS_TESTER_PRELOAD} was not preloaded\n")
endif()
if(NOT err MATCHES "(^|\n)swblas: ")
  string(APPEND failures "no SWBLAS_VERBOSE report from swblas on stderr\n")
endif()
# Under qemu each CPU model expects its micro kernel (scripts/test-ppc64le.sh).
set(expected_ukernel "$ENV{SWBLAS_EXPECT_UKERNEL}")
if(expected_ukernel AND
   NOT err MATCHES "(^|\n)swblas: chosen target [^\n]*micro kernel ${expected_ukernel} ")
  string(APPEND failures "swblas did not choose the micro kernel ${expected_ukernel}\n")
endif()
# A forced or routed target (SWBLAS_TARGET=avx2, sunway-emu) must say it was chosen.
set(expected_target "$ENV{SWBLAS_EXPECT_TARGET}")
if(expected_target AND NOT err MATCHES "(^|\n)swblas: chosen target ${expected_target} ")
  string(APPEND failures "swblas did not choose the target ${expected_target}\n")
endif()

if(failures)
  message(FATAL_ERROR "${tester_name} on swblas alone failed:\n${failures}\n"
                      "tester output:\n${report}\n"
                      "(stderr in ${WORK_DIR}/${tester_name}.stderr)")
endif()
string(REGEX MATCHALL "[^\n]*PASS(ED)?[^\n]*" passed "${report}")
if(KIND STREQUAL "level1")
  set(passed "${tested}")
endif()
string(REPLACE ";" "\n" passed "${passed}")
string(REGEX MATCHALL "swblas: chosen target [^\n]*" chosen "${err}")
message("${tester_name} with swblas as the only ${SONAME} (${chosen}):\n${passed}")
