# The emulator is test machinery: neither the athread emulation (sim/) nor
# the emulated Sunway kernels are in the product libraries. Checks the
# dynamic symbols of libswblas.so (SHARED) and every symbol libswblas.a
# (STATIC) defines, and that the emulation library (EMU, where it is built)
# exports only its two entry points.
find_program(NM nm REQUIRED)

# athread/CRTS API, the emulator's own names (swsim::, sim_*), LDM calls,
# CPE/MPE functions and the emulated kernels and drivers.
set(emulator_names "athread|CRTS|crts_|swsim|sim_check|sim_count|ldm_malloc|ldm_free|slave_|_cpe|_mpe|sw_[ds]gemm|10sunway_emu|sunway_emu_s?gemm|generated_sunway")

function(symbols_of out)
  execute_process(COMMAND ${NM} ${ARGN} OUTPUT_VARIABLE symbols RESULT_VARIABLE rc ERROR_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "nm ${ARGN} failed")
  endif()
  set(${out} "${symbols}" PARENT_SCOPE)
endfunction()

function(expect_no_emulator library symbols names)
  string(REGEX MATCHALL "[^\n]*(${names})[^\n]*" found "${symbols}")
  if(found)
    string(REPLACE ";" "\n" found "${found}")
    message(FATAL_ERROR "${library} holds emulator symbols:\n${found}")
  endif()
endfunction()

# The shared library exports nothing of Sunway's at all, and references
# nothing of the emulator's (no weak reference either).
symbols_of(shared -D ${SHARED})
expect_no_emulator(${SHARED} "${shared}" "${emulator_names}|sunway")
# The archive holds the sunway-emu route (route_to_sunway_emu, hidden), not
# what it loads.
symbols_of(static --defined-only ${STATIC})
expect_no_emulator(${STATIC} "${static}" "${emulator_names}")

if(EMU)
  symbols_of(emu -D --defined-only ${EMU})
  string(REGEX MATCHALL "[0-9a-f]+ [A-Za-z] [^\n]+" exported "${emu}")
  if(NOT exported MATCHES "^[0-9a-f]+ T swblas_sunway_emu_gemm;[0-9a-f]+ T swblas_sunway_emu_sgemm$")
    string(REPLACE ";" "\n" exported "${exported}")
    message(FATAL_ERROR "${EMU} must export swblas_sunway_emu_gemm and swblas_sunway_emu_sgemm and nothing else; it exports:\n${exported}")
  endif()
endif()
message(STATUS "no emulator symbols in ${SHARED} and ${STATIC}")
