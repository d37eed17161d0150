# Finds GMP (Debian: libgmp-dev) and defines the imported target GMP::GMP. Installed beside
# nimberConfig.cmake, so that a consumer finds GMP on its own machine by find_dependency:
# the exported targets name GMP::GMP, never a path.
find_path(GMP_INCLUDE_DIR gmp.h)
find_library(GMP_LIBRARY gmp)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(GMP REQUIRED_VARS GMP_LIBRARY GMP_INCLUDE_DIR)
if(GMP_FOUND AND NOT TARGET GMP::GMP)
  add_library(GMP::GMP UNKNOWN IMPORTED)
  set_target_properties(GMP::GMP PROPERTIES IMPORTED_LOCATION ${GMP_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${GMP_INCLUDE_DIR})
endif()
mark_as_advanced(GMP_INCLUDE_DIR GMP_LIBRARY)
