# Runs PROGRAM, a program linked against libswblas.so that checks one DGEMM
# and one SGEMM and exits non-zero on a wrong result, with
# SWBLAS_TARGET=sunway-emu, and checks how libswblas.so routed them
# (src/sunway_route.h):
#   EXPECT=warning    the emulation library cannot be loaded (LIBRARY, given
#                     through SWBLAS_SUNWAY_EMU_LIBRARY, does not exist): one
#                     warning line naming it, both on the CPU target;
#   EXPECT=emulation  the library (LIBRARY through SWBLAS_SUNWAY_EMU_LIBRARY,
#                     or, without LIBRARY, the one next to libswblas.so) runs
#                     both, and nothing is warned.
set(ENV{SWBLAS_TARGET} sunway-emu)
set(ENV{SWBLAS_VERBOSE} 2)  # the choice, and a line per call saying what ran it
if(LIBRARY)
  set(ENV{SWBLAS_SUNWAY_EMU_LIBRARY} "${LIBRARY}")
else()
  unset(ENV{SWBLAS_SUNWAY_EMU_LIBRARY})
endif()
execute_process(COMMAND "${PROGRAM}" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
set(report "stdout:\n${out}\nstderr:\n${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${rc}\n${report}")
endif()

# A CMake list is ';'-separated: the lines are matched with ',' in its place.
string(REPLACE ";" "," err_lines "${err}")
string(REGEX MATCHALL "swblas: warning: [^\n]*" warnings "${err_lines}")
list(LENGTH warnings warning_count)
set(ran_on_emulation FALSE)
if(err MATCHES "swblas: call dgemm[^\n]*: Sunway emulation, " AND err MATCHES "swblas: call sgemm[^\n]*: Sunway emulation, ")
  set(ran_on_emulation TRUE)
endif()
set(one_on_emulation FALSE)
if(err MATCHES "swblas: call [ds]gemm[^\n]*: Sunway emulation, ")
  set(one_on_emulation TRUE)
endif()

if(EXPECT STREQUAL "warning")
  get_filename_component(missing "${LIBRARY}" NAME)
  if(NOT warning_count EQUAL 1 OR NOT warnings MATCHES
     "^swblas: warning: SWBLAS_TARGET=sunway-emu: cannot load the Sunway emulation \\([^\n]*${missing}[^\n]*\\), using [a-z0-9_]+ instead$")
    message(FATAL_ERROR "expected one warning that the emulation cannot be loaded\n${report}")
  endif()
  if(one_on_emulation OR err MATCHES "chosen target sunway-emu")
    message(FATAL_ERROR "a GEMM was routed to an emulation that could not be loaded\n${report}")
  endif()
elseif(EXPECT STREQUAL "emulation")
  if(NOT warning_count EQUAL 0)
    message(FATAL_ERROR "unexpected warnings\n${report}")
  endif()
  if(NOT err MATCHES "swblas: chosen target sunway-emu [^\n]*libswblas_sunway_emu\\.so" OR NOT ran_on_emulation)
    message(FATAL_ERROR "the DGEMM and the SGEMM did not both run on the Sunway emulation\n${report}")
  endif()
else()
  message(FATAL_ERROR "EXPECT must be warning or emulation")
endif()
message(STATUS "SWBLAS_TARGET=sunway-emu with ${EXPECT}: as expected")
