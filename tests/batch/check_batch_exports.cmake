# libswblas.so (LIBRARY) exports the four batched entry points, and the
# underscore-less Fortran names weak (as dgemm is).
find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -D --defined-only ${LIBRARY}
                OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIBRARY}")
endif()
foreach(expected "T cblas_dgemm_batch" "T cblas_dgemm_batch_strided" "T dgemm_batch_"
                 "T dgemm_batch_strided_" "W dgemm_batch" "W dgemm_batch_strided")
  if(NOT symbols MATCHES "[0-9a-f]+ ${expected}\n")
    message(FATAL_ERROR "libswblas.so does not export '${expected}'")
  endif()
endforeach()
if(symbols MATCHES "gemm_batch_with")
  message(FATAL_ERROR "libswblas.so exports the batched driver's internals")
endif()
message(STATUS "batched exports of ${LIBRARY}: cblas_dgemm_batch(_strided), dgemm_batch(_strided)(_)")
