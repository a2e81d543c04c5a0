// The integer an enum object holds, read without loading it as the enum.
// A C caller may pass any int where the API names an enum type, and C++
// leaves loading a value outside the enum's range undefined (UBSan reports
// it), so every enum argument is read this way before it is validated.
#pragma once

#include <cstring>
#include <optional>
#include <type_traits>

namespace swblas::api {

template <class Enum>
std::underlying_type_t<Enum> raw_value(const Enum& e) {
  static_assert(std::is_enum_v<Enum>);
  std::underlying_type_t<Enum> value;
  std::memcpy(&value, &e, sizeof value);
  return value;
}

// The value as an int, the type of C's enum constants.
template <class Enum>
int raw_int(const Enum& e) {
  return static_cast<int>(raw_value(e));
}

// The value of an enum numbered 0 .. count - 1, empty for any other value.
template <class Enum>
std::optional<Enum> numbered_value(const Enum& e, int count) {
  const int value = raw_int(e);
  if (value < 0 || value >= count) return std::nullopt;
  return static_cast<Enum>(value);
}

}  // namespace swblas::api
