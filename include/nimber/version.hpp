// The library's version: the one place it is written (CMakeLists.txt reads it from here).
#pragma once

#define NIMBER_VERSION_MAJOR 0
#define NIMBER_VERSION_MINOR 4
#define NIMBER_VERSION_PATCH 0

namespace nimber {

inline constexpr int version_major = NIMBER_VERSION_MAJOR;
inline constexpr int version_minor = NIMBER_VERSION_MINOR;
inline constexpr int version_patch = NIMBER_VERSION_PATCH;
inline constexpr const char* version_string = "0.4.0";

}  // namespace nimber
