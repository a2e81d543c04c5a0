# How a swblas library is made from the OBJECT libraries of its parts:
# libswblas from swblas_interface, libswblas64 from swblas_interface64
# (cmake/SwblasIlp64.cmake), the other parts shared.

# What a shared library of swblas links itself (its users need not):
# pthreads (its own thread pool, src/thread_pool.h), libhwloc, and dl, with which SWBLAS_TARGET=sunway-emu loads the Sunway
# emulation (src/sunway_route.h).
set(swblas_shared_dependencies Threads::Threads PkgConfig::HWLOC ${CMAKE_DL_LIBS})

# Shared library `target` exports only what cmake/swblas-exports.map lists.
function(swblas_export_only_the_api target)
  set(map ${PROJECT_SOURCE_DIR}/cmake/swblas-exports.map)
  target_link_options(${target} PRIVATE "LINKER:--version-script=${map}")
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${map})
endfunction()

# The objects of the given OBJECT libraries, in `out`.
function(swblas_objects_of out)
  set(objects "")
  foreach(lib IN LISTS ARGN)
    list(APPEND objects $<TARGET_OBJECTS:${lib}>)
  endforeach()
  set(${out} "${objects}" PARENT_SCOPE)
endfunction()

# The shared library `name` (lib<name>.so, versioned) and its static twin
# `<name>_static` (lib<name>.a), with the aliases swblas::<name> and
# swblas::<name>_static, from the given OBJECT libraries.
function(swblas_add_libraries name)
  swblas_objects_of(objects ${ARGN})
  add_library(${name} SHARED ${objects})
  add_library(${name}_static STATIC ${objects})
  # The shared library carries its own dependencies; users of the static one
  # need them on their link line, named plainly so that a C or Fortran
  # program can link it without enabling C++ or threads in CMake.
  target_link_libraries(${name} PRIVATE ${swblas_shared_dependencies})
  swblas_export_only_the_api(${name})
  target_link_libraries(${name}_static
    PRIVATE $<BUILD_INTERFACE:Threads::Threads> $<BUILD_INTERFACE:PkgConfig::HWLOC>
    INTERFACE $<INSTALL_INTERFACE:pthread> $<INSTALL_INTERFACE:hwloc> stdc++ m ${CMAKE_DL_LIBS})
  foreach(lib ${name} ${name}_static)
    target_include_directories(${lib} PUBLIC
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/swblas>)
  endforeach()
  set_target_properties(${name} PROPERTIES
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
  set_target_properties(${name}_static PROPERTIES OUTPUT_NAME ${name})
  add_library(swblas::${name} ALIAS ${name})
  add_library(swblas::${name}_static ALIAS ${name}_static)
endfunction()
