# Warnings-clean with -Wall -Wextra everywhere; -Werror only when asked for
# (CI builds with SWBLAS_WERROR=ON).
option(SWBLAS_WERROR "Treat warnings as errors" OFF)
add_compile_options(-Wall -Wextra)
if(SWBLAS_WERROR)
  add_compile_options(-Werror)
endif()

# Only micro-kernel files get ISA flags (never shared code): call this on them.
function(swblas_kernel_isa_flags isa)
  set(flags_avx2 -mavx2 -mfma)
  set(flags_avx512 -mavx512f -mavx512vl -mavx512dq -mfma)
  set(flags_generic "")
  foreach(src IN LISTS ARGN)
    set_property(SOURCE ${src} APPEND PROPERTY COMPILE_OPTIONS ${flags_${isa}})
  endforeach()
endfunction()
