# The ILP64 libraries: the BLAS and CBLAS with 64-bit INTEGER and CBLAS_INT.
# Only the interface is compiled again (swblas_interface64, SWBLAS_ILP64
# defined); the kernels, generated code and runtime are the objects of
# libswblas.
#   libswblas64.so / libswblas64.a        linked with -lswblas64 (swblas64.pc)
#   swblas64-provider/libblas64.so.3      Debian's ILP64 BLAS name and SONAME,
#                                         for a program linked with -lblas64
set(swblas64_object_libs swblas_kernels swblas_generated swblas_runtime swblas_interface64)
swblas_add_libraries(swblas64 ${swblas64_object_libs})
# A program linked with these includes <cblas.h> with 64-bit CBLAS_INT.
target_compile_definitions(swblas64 INTERFACE SWBLAS_ILP64)
target_compile_definitions(swblas64_static INTERFACE SWBLAS_ILP64)

# The provider, as swblas's LP64 one (cmake/SwblasProvider.cmake):
# <build>/swblas64-provider/libblas64.so.3, installed in <libdir>/swblas64/
# with libblas64.so and blas64-swblas.pc.
swblas_objects_of(swblas64_objects ${swblas64_object_libs})
swblas_add_blas_provider(swblas64_provider NAME blas64 DIRECTORY swblas64
  OBJECTS ${swblas64_objects} LINK_LIBRARIES ${swblas_shared_dependencies})

install(TARGETS swblas64 swblas64_static EXPORT swblasTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/swblas)

# swblas64.pc: swblas.pc.in with the library's name and SWBLAS_ILP64.
function(swblas_configure_pc64)
  set(SWBLAS_PC_SUFFIX 64)
  set(SWBLAS_PC_CFLAGS " -DSWBLAS_ILP64")
  configure_file(${CMAKE_CURRENT_LIST_DIR}/swblas.pc.in ${PROJECT_BINARY_DIR}/swblas64.pc @ONLY)
endfunction()
swblas_configure_pc64()
install(FILES ${PROJECT_BINARY_DIR}/swblas64.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
