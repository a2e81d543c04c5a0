# A BLAS provider in Debian's layout: the library objects linked once more as
# lib<name>.so.3 (SONAME lib<name>.so.3, the name programs linked with
# -l<name> record as NEEDED), alone in a directory of its own with the dev
# link lib<name>.so beside it, and a pkg-config file <name>-swblas.pc
# there, so that update-alternatives can point the system's lib<name>.so.3,
# lib<name>.so and <name>.pc at them (scripts/use-as-system-blas.sh,
# docs/packaging.md).
#
#   swblas_add_blas_provider(<target> NAME <name> DIRECTORY <dir>
#                            OBJECTS <objects...> LINK_LIBRARIES <libs...>)
#
# NAME: blas (LP64) or blas64 (ILP64). DIRECTORY: the directory's name, in
# the build tree (<build>/<dir>-provider) and under CMAKE_INSTALL_LIBDIR
# (<dir>). OBJECTS: what the library is made of ($<TARGET_OBJECTS:...>).
# LINK_LIBRARIES: its runtime dependencies, linked privately so that the
# provider carries them itself.
function(swblas_add_blas_provider target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "NAME;DIRECTORY" "OBJECTS;LINK_LIBRARIES")
  add_library(${target} SHARED ${arg_OBJECTS})
  target_link_libraries(${target} PRIVATE ${arg_LINK_LIBRARIES})
  swblas_export_only_the_api(${target})
  # SOVERSION without VERSION: the file is lib<name>.so.3 itself, as in
  # Debian's openblas-pthread/ and blis-openmp/, not a link to a longer name.
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME ${arg_NAME} SOVERSION 3
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/${arg_DIRECTORY}-provider)
  install(TARGETS ${target} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/${arg_DIRECTORY})

  set(SWBLAS_PROVIDER_NAME ${arg_NAME})
  set(pc_file ${PROJECT_BINARY_DIR}/${arg_DIRECTORY}-provider/pkgconfig/${arg_NAME}-swblas.pc)
  configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/provider.pc.in ${pc_file} @ONLY)
  install(FILES ${pc_file} DESTINATION ${CMAKE_INSTALL_LIBDIR}/${arg_DIRECTORY}/pkgconfig)
endfunction()
