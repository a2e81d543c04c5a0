# libswblas.so (LIBRARY) exports the fused entry points and swblas_strerror.
find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -D --defined-only ${LIBRARY}
                OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIBRARY}")
endif()
set(fused_exports swblas_dgemm_fused swblas_dgemm_fused_batch_strided swblas_sgemm_fused
    swblas_sgemm_fused_batch_strided swblas_strerror)
foreach(expected ${fused_exports})
  if(NOT symbols MATCHES "[0-9a-f]+ T ${expected}\n")
    message(FATAL_ERROR "libswblas.so does not export '${expected}'")
  endif()
endforeach()
string(REPLACE ";" ", " listed "${fused_exports}")
message(STATUS "exports of ${LIBRARY}: ${listed}")
