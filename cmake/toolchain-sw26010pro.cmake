# Cross build for the Sunway SW26010Pro (new-generation Sunway, "OceanLight")
# with the vendor compiler swgcc. UNTESTED: no Sunway machine or swgcc is
# reachable from the development host; the flags come from docs/targets.md A.2 and
# paper 000 section 8, the per-file roles from generator/sunway/README.md.
#
#   cmake -S . -B build-sw -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-sw26010pro.cmake \
#         -DSWBLAS_GEN_EXECUTABLE=/path/to/host/swblas-gen
#
# MPE (host) objects: -mhost; CPE (slave) objects: -mslave (swgcc prefixes
# their symbols with slave_); both -msimd; the link: -mhybrid.
# -faddress_align=128 aligns main-memory arrays to 128 bytes for DMA (paper
# 000 uses it; public builds only show =64, docs/targets.md "Could not confirm").
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR sw_64)

set(SWBLAS_SW_CC swgcc CACHE FILEPATH "Sunway C compiler (swgcc, or sw9gcc)")
set(SWBLAS_SW_CXX swg++ CACHE FILEPATH "Sunway C++ compiler (swg++, or sw9g++)")
set(CMAKE_C_COMPILER ${SWBLAS_SW_CC})
set(CMAKE_CXX_COMPILER ${SWBLAS_SW_CXX})

# Host (MPE) code is the default; the CPE sources get SWBLAS_SW_SLAVE_FLAGS
# through set_source_files_properties (see generator/sunway/README.md).
set(CMAKE_C_FLAGS_INIT "-mhost -msimd -faddress_align=128")
set(CMAKE_CXX_FLAGS_INIT "-mhost -msimd -faddress_align=128")
set(SWBLAS_SW_SLAVE_FLAGS "-mslave -msimd" CACHE STRING "flags of CPE (slave) translation units")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-mhybrid")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-mhybrid")
# The CPE math library, if a CPE file needs libm.
set(SWBLAS_SW_SLAVE_LIBS "-lm_slave" CACHE STRING "CPE libraries")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
