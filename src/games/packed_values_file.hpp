// The state of a file-backed packed_values (packed_values_file.cpp). Internal to the games
// layer: packed_values.cpp needs it whole to destroy and move a store.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "nimber/games/packed_values.hpp"

#if defined(__linux__)
#include <unistd.h>
#endif

namespace nimber::games {

inline constexpr std::uint64_t fnv_basis = 14695981039346656037ull;

struct packed_values::file_state {
  int fd = -1;
  std::string path, tag;
  std::uint64_t committed = 0;                   // values the header records
  std::uint64_t sequence = 0;                    // of the last header written
  std::uint64_t hashed = 0, values_hash = fnv_basis;  // of the first `hashed` bytes of values
  std::uint64_t exceptions_written = 0, exceptions_hash = fnv_basis;
  std::uint64_t exceptions_at = 0;
  std::uint64_t limit = ~std::uint64_t(0);       // resident bytes allowed
  std::uint64_t baseline = 0;                    // resident file pages of other files, bytes
  int rewrite_fd = -1;                           // FILE.new while a rewrite runs
  std::uint64_t rewrite_capacity = 0;
  // Writes and syncs the header of the first `count` values of v and its first `exceptions`
  // exceptions, as they are in the file now.
  void record(const packed_values& v, std::uint64_t count, std::uint64_t exceptions);
  // The state of the store in `path` for `tag`, before its file is opened.
  file_state(std::string path_, std::string_view tag_);
  ~file_state() {
#if defined(__linux__)
    if (rewrite_fd >= 0) ::close(rewrite_fd);
    if (fd >= 0) ::close(fd);
#endif
  }
};

}  // namespace nimber::games
