# Script mode: install, then build and run the consumers against the prefix.
include(${CMAKE_CURRENT_LIST_DIR}/run.cmake)

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# 1. find_package(swblas)
run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/cmake-consumer -G ${CMAKE_GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake-consumer)
run(${WORK_DIR}/cmake-consumer/consumer)
message(STATUS "find_package consumer: ${run_output}")

# 2. pkg-config: cc consumer.c $(pkg-config --cflags --libs swblas)
find_program(PKG_CONFIG pkg-config REQUIRED)
find_program(CC NAMES cc gcc REQUIRED)
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig:${prefix}/lib/x86_64-linux-gnu/pkgconfig)
# The same program through swblas.pc, and through swblas64.pc (the ILP64
# library: consumer.c checks that CBLAS_INT is then 64 bits wide).
function(consume_with_pkg_config module)
  run(${PKG_CONFIG} --cflags --libs ${module})
  string(STRIP "${run_output}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  run(${CC} ${CONSUMER_DIR}/consumer.c -o ${WORK_DIR}/pc-consumer-${module} ${flags} -Wl,-rpath,${prefix}/lib)
  run(${WORK_DIR}/pc-consumer-${module})
  message(STATUS "pkg-config ${module} consumer: ${run_output}")
endfunction()
consume_with_pkg_config(swblas)
consume_with_pkg_config(swblas64)
