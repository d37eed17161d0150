# Settings every target of this project shares, set per target so that nothing leaks into a
# parent project: C++20 without extensions, and the warnings when NIMBER_WARNINGS is on.
function(nimber_target_defaults target)
  target_compile_features(${target} PUBLIC cxx_std_20)
  set_target_properties(${target} PROPERTIES CXX_EXTENSIONS OFF)
  if(NIMBER_WARNINGS)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  endif()
endfunction()

# One library per layer: nimber_<layer>, exported and aliased as nimber::<layer>. Sources are
# given relative to src/<layer>/; headers of src/ are private to the layers.
function(nimber_layer layer)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS" ${ARGN})
  set(target nimber_${layer})
  add_library(${target} ${ARG_SOURCES})
  add_library(nimber::${layer} ALIAS ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${layer} POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target}
    PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(${target} PUBLIC ${ARG_DEPENDS})
  nimber_target_defaults(${target})
  set_property(GLOBAL APPEND PROPERTY NIMBER_LAYERS ${target})
endfunction()

# clang's default constant-evaluation budget is too small for the compile-time tables.
set(NIMBER_CONSTEXPR_BUDGET "$<$<CXX_COMPILER_ID:Clang>:-fconstexpr-steps=100000000>")
