// The integer types of the library: u128 and the unsigned words that hold one nimber field.
#pragma once

#include <concepts>
#include <cstdint>

namespace nimber {

__extension__ typedef unsigned __int128 u128;  // GCC and Clang; __extension__ keeps -Wpedantic quiet

// The unsigned types that hold one nimber field each: 8, 16, 32, 64 and 128 bits.
template <class U>
concept nim_word = std::same_as<U, std::uint8_t> || std::same_as<U, std::uint16_t> ||
                   std::same_as<U, std::uint32_t> || std::same_as<U, std::uint64_t> ||
                   std::same_as<U, u128>;

template <class U>
inline constexpr unsigned bits_of = sizeof(U) * 8;

}  // namespace nimber
