# Install and export: find_package(nimber) then target_link_libraries(app nimber::nimber), or
# one layer (nimber::pool, nimber::core, nimber::reference, nimber::big, nimber::algebra,
# nimber::gf2x, nimber::gf2e, nimber::games, nimber::transfinite).
include(CMakePackageConfigHelpers)
get_property(nimber_layers GLOBAL PROPERTY NIMBER_LAYERS)
install(TARGETS ${nimber_layers} nimber EXPORT nimberTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY include/nimber DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT nimberTargets NAMESPACE nimber:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/nimber)
configure_package_config_file(cmake/nimberConfig.cmake.in
  ${PROJECT_BINARY_DIR}/nimberConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/nimber)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/nimberConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/nimberConfig.cmake ${PROJECT_BINARY_DIR}/nimberConfigVersion.cmake
  cmake/FindGMP.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/nimber)
