// A reply word as the DMA and RMA calls take it. The two Sunway headers
// disagree on its width (crts_rply_t is volatile int on the CPE side,
// athread_rply_t volatile long), so the emulator accepts a pointer to either
// and remembers which. 0 or nullptr means "no reply word" where the API
// allows it.
#pragma once

#include <cstddef>
#include <type_traits>

#include "swsim/sim.h"

namespace swsim {

// Whether W may be a reply word: int or long, possibly volatile.
template <class W>
constexpr bool is_reply_type = std::is_same_v<std::remove_volatile_t<W>, int> ||
                               std::is_same_v<std::remove_volatile_t<W>, long>;

class reply_word {
  struct null_tag {};

 public:
  // A null pointer constant (0, NULL, nullptr): no reply word. Taking it as a
  // pointer to member makes an integer variable (a reply word passed by value
  // instead of by address) a compile error.
  reply_word(int null_tag::*) {}
  template <class W, class = std::enable_if_t<is_reply_type<W>>>
  reply_word(W* word) : address_(word), width_(sizeof(W)) {}

  bool null() const { return address_ == nullptr; }
  volatile void* address() const { return address_; }
  std::size_t width() const { return width_; }
  // The same kind of word at another address (a receiver's copy of an RMA
  // reply word, at the same LDM offset in its own arena).
  reply_word moved_to(volatile void* address) const {
    reply_word moved = *this;
    moved.address_ = address;
    return moved;
  }
  long load() const {
    return width_ == sizeof(int) ? *static_cast<volatile int*>(address_)
                                 : *static_cast<volatile long*>(address_);
  }
  void increment() const {
    if (width_ == sizeof(int)) {
      volatile int* word = static_cast<volatile int*>(address_);
      *word = *word + 1;
    } else {
      volatile long* word = static_cast<volatile long*>(address_);
      *word = *word + 1;
    }
  }

 private:
  volatile void* address_ = nullptr;
  std::size_t width_ = 0;
};

}  // namespace swsim
