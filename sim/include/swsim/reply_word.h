// A reply word as the DMA and RMA calls take it. The two Sunway headers
// disagree on its width (crts_rply_t is volatile int on the CPE side,
// athread_rply_t volatile long), so the emulator accepts either and remembers
// which. A literal 0 or nullptr means "no reply word" where the API allows it.
#pragma once

#include <cstddef>

#include "swsim/sim.h"

namespace swsim {

class reply_word {
 public:
  reply_word(std::nullptr_t) {}
  // C callers pass the integer constant 0 for "none"; any other integer is a
  // mistake that the compiler could not catch.
  reply_word(int null_constant) {
    if (null_constant != 0) throw sim_error("swsim: an integer other than 0 was passed as a reply word");
  }
  reply_word(volatile int* word) : address_(word), width_(sizeof(int)) {}
  reply_word(volatile long* word) : address_(word), width_(sizeof(long)) {}

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
