# libswblas.so (LIBRARY) exports the four batched entry points of each
# precision (s, d, c, z), and the
# underscore-less Fortran names weak (as dgemm is).
find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -D --defined-only ${LIBRARY}
                OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIBRARY}")
endif()
foreach(x s d c z)
  foreach(expected "T cblas_${x}gemm_batch" "T cblas_${x}gemm_batch_strided" "T ${x}gemm_batch_"
                   "T ${x}gemm_batch_strided_" "W ${x}gemm_batch" "W ${x}gemm_batch_strided")
    if(NOT symbols MATCHES "[0-9a-f]+ ${expected}\n")
      message(FATAL_ERROR "libswblas.so does not export '${expected}'")
    endif()
  endforeach()
endforeach()
if(symbols MATCHES "gemm_batch_with")
  message(FATAL_ERROR "libswblas.so exports the batched driver's internals")
endif()
message(STATUS "batched exports of ${LIBRARY}: cblas_?gemm_batch(_strided), ?gemm_batch(_strided)(_)")
