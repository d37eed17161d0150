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
# given relative to src/<layer>/. The layer's private include path is a folder of the build tree
# holding links to its own source folders (FOLDERS, by default <layer>) and nothing else, so
# that a reach into another layer's private headers ("big/limb_tower.hpp" from games/) does not
# compile; a layer below offers the headers the layers above may use by nimber_internal_headers.
function(nimber_layer layer)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;FOLDERS" ${ARGN})
  if(NOT ARG_FOLDERS)
    set(ARG_FOLDERS ${layer})
  endif()
  set(target nimber_${layer})
  set(private_root ${PROJECT_BINARY_DIR}/private/${layer})
  file(MAKE_DIRECTORY ${private_root})
  foreach(folder ${ARG_FOLDERS})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${folder} ${private_root}/${folder} SYMBOLIC)
  endforeach()
  add_library(${target} ${ARG_SOURCES})
  add_library(nimber::${layer} ALIAS ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${layer} POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target}
    PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${private_root})
  target_link_libraries(${target} PUBLIC ${ARG_DEPENDS})
  nimber_target_defaults(${target})
  set_property(GLOBAL APPEND PROPERTY NIMBER_LAYERS ${target})
endfunction()

# The private headers of a layer (paths under src/) that the layers linking it may include: links
# to them alone under a folder of the build tree, on those layers' include path. Never installed.
function(nimber_internal_headers layer)
  set(root ${PROJECT_BINARY_DIR}/private/${layer}_internal)
  foreach(header ${ARGN})
    get_filename_component(folder ${root}/${header} DIRECTORY)
    file(MAKE_DIRECTORY ${folder})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${header} ${root}/${header} SYMBOLIC)
  endforeach()
  target_include_directories(nimber_${layer} INTERFACE $<BUILD_INTERFACE:${root}>)
endfunction()

# clang's default constant-evaluation budget is too small for the compile-time tables.
set(NIMBER_CONSTEXPR_BUDGET "$<$<CXX_COMPILER_ID:Clang>:-fconstexpr-steps=100000000>")
