# Checks that libswblas.so (LIBRARY) exports every Level 1 name netlib's
# libblas.so.3 exports, spelled as there: the Fortran routines, netlib
# CBLAS's Fortran wrappers (*sub_), the auxiliaries and the CBLAS forms.
find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -D --defined-only ${LIBRARY} OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIBRARY}")
endif()
set(fortran
  srotg drotg crotg zrotg srotmg drotmg srot drot csrot zdrot srotm drotm sswap dswap cswap zswap
  sscal dscal cscal zscal csscal zdscal scopy dcopy ccopy zcopy saxpy daxpy caxpy zaxpy sdot ddot
  cdotu zdotu cdotc zdotc sdsdot dsdot snrm2 dnrm2 scnrm2 dznrm2 sasum dasum scasum dzasum
  isamax idamax icamax izamax lsame xerbla_array scabs1 dcabs1
  sdotsub ddotsub cdotusub zdotusub cdotcsub zdotcsub sdsdotsub dsdotsub snrm2sub dnrm2sub
  scnrm2sub dznrm2sub sasumsub dasumsub scasumsub dzasumsub isamaxsub idamaxsub icamaxsub
  izamaxsub scabs1sub dcabs1sub)
set(cblas
  srotg drotg crotg zrotg srotmg drotmg srot drot csrot zdrot srotm drotm sswap dswap cswap zswap
  sscal dscal cscal zscal csscal zdscal scopy dcopy ccopy zcopy saxpy daxpy caxpy zaxpy sdot ddot
  cdotu_sub zdotu_sub cdotc_sub zdotc_sub sdsdot dsdot snrm2 dnrm2 scnrm2 dznrm2 sasum dasum
  scasum dzasum isamax idamax icamax izamax scabs1 dcabs1)
set(missing "")
foreach(name ${fortran})
  if(NOT symbols MATCHES "[0-9a-f]+ T ${name}_\n")
    list(APPEND missing ${name}_)
  endif()
endforeach()
foreach(name ${cblas})
  if(NOT symbols MATCHES "[0-9a-f]+ T cblas_${name}\n")
    list(APPEND missing cblas_${name})
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "libswblas.so does not export: ${missing}")
endif()
message(STATUS "exports of ${LIBRARY}: the Level 1 names")
