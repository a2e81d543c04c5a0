# Install rules, pkg-config file and CMake package config for swblas.
include(CMakePackageConfigHelpers)

install(TARGETS swblas swblas_static EXPORT swblasTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/swblas)
install(FILES ${PROJECT_SOURCE_DIR}/include/cblas.h ${PROJECT_SOURCE_DIR}/include/swblas.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/swblas)

install(EXPORT swblasTargets NAMESPACE swblas::
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/swblas)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/swblasConfig.cmake.in
  ${PROJECT_BINARY_DIR}/swblasConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/swblas)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/swblasConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/swblasConfig.cmake
              ${PROJECT_BINARY_DIR}/swblasConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/swblas)

# Relocatable: the prefix is found from the .pc file's own place, so
# `cmake --install --prefix X` gives a correct file wherever X is.
file(RELATIVE_PATH SWBLAS_PC_TO_PREFIX
  /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${CMAKE_CURRENT_LIST_DIR}/swblas.pc.in ${PROJECT_BINARY_DIR}/swblas.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/swblas.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
