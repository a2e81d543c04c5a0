# Runs one of Debian's netlib BLAS testers (libblas-test) on swblas's DGEMM
# (or the routines ROUTINES names).
#
# The testers are linked against libblas.so.3. They run here against netlib's
# reference libblas.so.3 (REFERENCE_BLAS_DIR, which also defines the CBLAS
# globals the CBLAS tester needs) with libswblas.so preloaded, so that DGEMM
# (dgemm_ / cblas_dgemm) resolves to swblas, while the tester's own XERBLA and
# cblas_xerbla, defined in the executable, still take the calls swblas makes
# for illegal arguments: the error-exit tests rely on that.
#
# Inputs (-D): KIND (f77 | cblas), TESTER, INPUT (the tester's stock input),
# ROUTINES (the names under test without a cblas_ prefix, separated by
# commas; DGEMM when not given: every other routine of the input is switched
# off), SWBLAS_LIBRARY, REFERENCE_BLAS_DIR, WORK_DIR, and EMULATOR (a command list,
# empty for a native run; in a cross build the toolchain's qemu-user command,
# cmake/toolchain-ppc64le.cmake). Environment: SWBLAS_TARGET passes through;
# SWBLAS_EXPECT_TARGET / SWBLAS_EXPECT_UKERNEL name what swblas must choose;
# SWBLAS_SKIP_IF_REFUSED=1 skips when the CPU cannot run the forced target.
#
# Under qemu-user the loader variables are the guest's: set in this process
# they would apply to qemu itself (LD_PRELOAD of a ppc64le library into an
# x86-64 process, LD_DEBUG of qemu's own bindings). They go to the guest
# through QEMU_SET_ENV, and the reference BLAS directory through
# SWBLAS_QEMU_LIBRARY_PATH, which the toolchain's command puts in front of the
# guest's LD_LIBRARY_PATH. SWBLAS_VERBOSE passes through as is.
# Exit 77 (ctest SKIP) when the tester is not installed.

if(NOT EXISTS "${TESTER}" OR NOT EXISTS "${INPUT}")
  message("SKIP: ${TESTER} not found (apt-get install libblas-test)")
  cmake_language(EXIT 77)
endif()

if(NOT ROUTINES)
  set(ROUTINES DGEMM)
endif()
string(TOLOWER "${ROUTINES}" routines_lower)
string(REPLACE "," ";" routines_lower "${routines_lower}")
list(GET routines_lower 0 tag)  # names this run's files
get_filename_component(tester_name "${TESTER}" NAME)

# The stock input with every routine but ROUTINES switched off; the F77
# tester's summary goes to a file in WORK_DIR (its name is limited to 32
# characters, so it is relative to the working directory).
# Each tester works in its own directory: ctest runs them in parallel, and
# they must not see (or delete) each other's files.
set(WORK_DIR "${WORK_DIR}/${KIND}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(summary_name "${tester_name}_${tag}.out")
file(STRINGS "${INPUT}" lines)
set(edited "")
foreach(line IN LISTS lines)
  if(line MATCHES "^'[a-z]blat3.out'")
    string(REGEX REPLACE "^'[a-z]blat3.out'" "'${summary_name}'" line "${line}")
  elseif(line MATCHES "^(cblas_)?([A-Za-z][A-Za-z0-9]+) +T ")
    string(TOLOWER "${CMAKE_MATCH_2}" routine)
    list(FIND routines_lower "${routine}" under_test)
    if(under_test EQUAL -1)
      string(REGEX REPLACE "^([A-Za-z0-9_]+ +)T " "\\1F " line "${line}")
    endif()
  endif()
  string(APPEND edited "${line}\n")
endforeach()
set(input_file "${WORK_DIR}/${KIND}_${tag}.in")
file(WRITE "${input_file}" "${edited}")
file(REMOVE "${WORK_DIR}/${summary_name}")

set(ENV{SWBLAS_VERBOSE} "1")
if(EMULATOR)
  set(ENV{QEMU_SET_ENV} "LD_PRELOAD=${SWBLAS_LIBRARY},LD_DEBUG=bindings")
  set(ENV{SWBLAS_QEMU_LIBRARY_PATH} "${REFERENCE_BLAS_DIR}")
else()
  set(ENV{LD_LIBRARY_PATH} "${REFERENCE_BLAS_DIR}")
  set(ENV{LD_PRELOAD} "${SWBLAS_LIBRARY}")
  set(ENV{LD_DEBUG} "bindings")
endif()
execute_process(COMMAND ${EMULATOR} "${TESTER}"
                INPUT_FILE "${input_file}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
                WORKING_DIRECTORY "${WORK_DIR}")
unset(ENV{LD_PRELOAD})
unset(ENV{LD_DEBUG})
unset(ENV{QEMU_SET_ENV})
# The entry points under test, and the lines of the tester's report that
# say each passed: the report pads the F77 names to 6 characters, the CBLAS
# ones to 12.
set(symbols "")
set(required "")
foreach(routine IN LISTS routines_lower)
  if(KIND STREQUAL "f77")
    string(TOUPPER "${routine}" name)
    list(APPEND symbols "${routine}_")
    set(width 6)
    set(kinds "COMPUTATIONAL TESTS")
  else()
    set(name "cblas_${routine}")
    list(APPEND symbols "${name}")
    set(width 12)
    set(kinds "COLUMN-MAJOR COMPUTATIONAL TESTS" "ROW-MAJOR    COMPUTATIONAL TESTS")
  endif()
  string(LENGTH "${name}" length)
  while(length LESS width)
    string(APPEND name " ")
    math(EXPR length "${length} + 1")
  endwhile()
  list(APPEND required " ${name} PASSED THE TESTS OF ERROR-EXITS")
  foreach(k IN LISTS kinds)
    list(APPEND required " ${name} PASSED THE ${k}")
  endforeach()
endforeach()
list(JOIN symbols "|" symbol_pattern)

# Keep swblas's report and the bindings of the routines under test and the
# error handlers (LD_DEBUG logs every binding).
string(REPLACE ";" "," err_kept "${err}")
string(REGEX MATCHALL
  "[^\n]*(swblas: |symbol `(${symbol_pattern}|cblas_xerbla|xerbla_)')[^\n]*"
  err_kept "${err_kept}")
string(REPLACE ";" "\n" err_kept "${err_kept}")
file(WRITE "${WORK_DIR}/${KIND}_${tag}.stderr" "${err_kept}\n")

if(KIND STREQUAL "f77")
  if(NOT EXISTS "${WORK_DIR}/${summary_name}")
    message(FATAL_ERROR "no summary file written; stdout:\n${out}")
  endif()
  file(READ "${WORK_DIR}/${summary_name}" report)
else()
  set(report "${out}")
endif()

set(failures "")
if(NOT rc EQUAL 0)
  string(APPEND failures "tester exited with ${rc}\n")
endif()
foreach(line IN LISTS required)
  if(NOT report MATCHES "${line}")
    string(APPEND failures "missing: '${line}'\n")
  endif()
endforeach()
if(report MATCHES "\\*\\*\\*\\*\\*|FAIL")
  string(APPEND failures "the tester reports a failure\n")
endif()
# Proof that the routines under test are swblas's: the dynamic linker bound
# their calls to libswblas.so (the tester's own, or netlib's Fortran BLAS's
# for a CBLAS routine it wraps), and swblas's runtime printed its
# SWBLAS_VERBOSE report when it first dispatched.
foreach(symbol IN LISTS symbols)
  if(NOT err MATCHES "binding file [^\n]* to [^\n]*libswblas\\.so[^\n]*: normal symbol `${symbol}'")
    string(APPEND failures "${symbol} was not bound to libswblas.so\n")
  endif()
endforeach()
if(NOT err MATCHES "(^|\n)swblas: ")
  string(APPEND failures "no SWBLAS_VERBOSE report from swblas on stderr\n")
endif()
# Under qemu each CPU model expects its micro kernel (scripts/test-ppc64le.sh).
set(expected_ukernel "$ENV{SWBLAS_EXPECT_UKERNEL}")
if(expected_ukernel AND
   NOT err MATCHES "(^|\n)swblas: chosen target [^\n]*micro kernel ${expected_ukernel} ")
  string(APPEND failures "swblas did not choose the micro kernel ${expected_ukernel}\n")
endif()

# A forced target this CPU cannot run: swblas falls back with a warning,
# and the run says nothing about the forced one (SKIP).
if("$ENV{SWBLAS_SKIP_IF_REFUSED}" AND
   err MATCHES "SWBLAS_TARGET=$ENV{SWBLAS_TARGET} cannot run here")
  message("SKIP: this CPU cannot run SWBLAS_TARGET=$ENV{SWBLAS_TARGET}")
  cmake_language(EXIT 77)
endif()

# A forced or routed target (SWBLAS_TARGET=avx2, sunway-emu) must say it was chosen.
set(expected_target "$ENV{SWBLAS_EXPECT_TARGET}")
if(expected_target AND NOT err MATCHES "(^|\n)swblas: chosen target ${expected_target} ")
  string(APPEND failures "swblas did not choose the target ${expected_target}\n")
endif()

if(failures)
  message(FATAL_ERROR "${tester_name} on swblas failed:\n${failures}\n"
                      "tester output:\n${report}\n"
                      "(stderr in ${WORK_DIR}/${KIND}_${tag}.stderr)")
endif()
string(REGEX MATCHALL "[^\n]*PASSED[^\n]*" passed "${report}")
string(REPLACE ";" "\n" passed "${passed}")
string(REGEX MATCHALL "swblas: chosen target [^\n]*" chosen "${err}")
message("${tester_name} with libswblas.so preloaded (${chosen}):\n${passed}")
