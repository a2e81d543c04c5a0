// The first illegal argument of a call, as XERBLA's INFO reports it. The
// reference checks a routine's arguments in the order they stand in its
// argument list, so the first illegal one is the one with the lowest
// position; checks can therefore be listed (and combined) in any order.
#pragma once

#include <cstddef>

namespace swblas::api {

// An argument's check: whether its value is illegal, and its position
// (1-based; 0 where the routine's signature has no such argument, which is
// then never reported).
struct argument_check {
  bool illegal;
  int position;
};

// The lowest position among the illegal arguments, 0 if all are legal.
template <std::size_t N>
constexpr int first_illegal(const argument_check (&checks)[N]) {
  int first = 0;
  for (const argument_check& c : checks)
    if (c.illegal && c.position > 0 && (first == 0 || c.position < first)) first = c.position;
  return first;
}

// The first of several first_illegal results (each 0 if all legal).
template <class... Position>
constexpr int first_of(Position... position) {
  return first_illegal({argument_check{position != 0, position}...});
}

}  // namespace swblas::api
