# Checks the dynamic symbol table of libswblas.so (LIBRARY): the BLAS/CBLAS
# entry points are exported, the error handlers are exported weak (so that a
# program's own definition wins), and the interface's internals are hidden.
find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -D --defined-only ${LIBRARY}
                OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIBRARY}")
endif()
foreach(expected "T sgemm_" "T dgemm_" "T cgemm_" "T zgemm_" "T cblas_sgemm" "T cblas_dgemm"
                 "T cblas_cgemm" "T cblas_zgemm" "T strmm_" "T dtrmm_" "T ctrmm_" "T ztrmm_"
                 "T strsm_" "T dtrsm_" "T ctrsm_" "T ztrsm_" "T cblas_strmm" "T cblas_dtrmm" "T cblas_ctrmm"
                 "T cblas_ztrmm" "T cblas_strsm" "T cblas_dtrsm" "T cblas_ctrsm" "T cblas_ztrsm"
                 "W xerbla_" "W cblas_xerbla" "W dgemm" "W zgemm")
  if(NOT symbols MATCHES "[0-9a-f]+ ${expected}\n")
    message(FATAL_ERROR "libswblas.so does not export '${expected}'")
  endif()
endforeach()
# The routines that update one triangle of C, every precision.
foreach(routine ssyrk dsyrk csyrk zsyrk cherk zherk ssyr2k dsyr2k csyr2k zsyr2k cher2k zher2k
                sgemmt dgemmt cgemmt zgemmt)
  foreach(expected "T ${routine}_" "T cblas_${routine}")
    if(NOT symbols MATCHES "[0-9a-f]+ ${expected}\n")
      message(FATAL_ERROR "libswblas.so does not export '${expected}'")
    endif()
  endforeach()
endforeach()
if(symbols MATCHES "swblas3api")
  message(FATAL_ERROR "libswblas.so exports interface internals (swblas::api)")
endif()
# Of C++ names only swblas::chosen_runtime() (for the demo and benchmarks):
# not the standard library's template instances (cmake/swblas-exports.map).
string(REGEX MATCHALL "[0-9a-f]+ [A-Za-z] _Z[^\n]*" cxx_names "${symbols}")
list(FILTER cxx_names EXCLUDE REGEX " _ZN6swblas14chosen_runtimeEv$")
if(cxx_names)
  list(JOIN cxx_names "\n  " listed)
  message(FATAL_ERROR "libswblas.so exports C++ names beyond swblas::chosen_runtime():\n  ${listed}")
endif()
message(STATUS "exports of ${LIBRARY}: the Level-3 routines (Fortran and CBLAS), xerbla_, cblas_xerbla")
