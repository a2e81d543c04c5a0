// Transfers in flight. A DMA or RMA request is recorded when issued: its
// destinations are poisoned, the LDM ranges it writes or reads are marked
// busy, and the reply-word increments it owes are queued with the CPEs that
// own the words. Nothing moves until an owner waits for such an increment:
// then that destination receives the data (read from the source at that
// moment) or the source is released (snapshotted first if some destination
// has not received it yet). Data used before its wait is therefore garbage,
// and a source changed before its release changes what is delivered.
// Callers hold the engine mutex.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine.h"

namespace swsim::detail {

// One side of a transfer: LDM of a CPE (contiguous), or main memory laid out
// as blocks of `block` contiguous bytes separated by `gap` skipped bytes.
struct endpoint {
  int cpe = -1;  // -1: main memory
  std::size_t offset = 0;
  char* memory = nullptr;
  std::size_t block = 0;
  std::size_t gap = 0;
};

struct delivery {
  endpoint destination;
  reply_word reply{nullptr};
  int reply_owner = -1;
  bool onto_source = false;  // the sender's own copy when dst == src
  bool done = false;
};

enum class transfer_kind { dma, rma };

struct transfer {
  std::string call;
  transfer_kind kind = transfer_kind::dma;
  int issuer = 0;
  std::size_t len = 0;
  endpoint source;
  std::vector<delivery> deliveries;
  reply_word release_reply{nullptr};
  int release_owner = -1;
  bool release_owed = false;
  bool source_released = false;
  std::vector<char> snapshot;
  vector_clock clock{};  // the issuer's, passed to RMA receivers
};

// Validates against the transfers in flight, then records `t`.
void issue(engine& e, cpe_state& issuer, transfer t);

// Applies owed increments of `reply` (owned by `me`), oldest first, until the
// word reaches `target` or none is owed. Returns whether it reached it.
bool settle(engine& e, cpe_state& me, const reply_word& reply, long target);

// Applies every increment `me` is owed by its own DMA requests.
void settle_dma(engine& e, cpe_state& me);

// Throws if `me`'s LDM range [offset, offset+len) is being written by a
// transfer in flight (reading) or written or read by one (writing).
void check_access(const cpe_state& me, std::size_t offset, std::size_t len, bool writing,
                  const std::string& call);

// Lines describing every increment still owed, for the report at join time.
std::vector<std::string> outstanding(const engine& e);

// "reply word at LDM 0x40 of CPE 3" (or at a host address); `name_owner`
// false leaves out "of CPE n" for messages about the caller's own word.
std::string describe_reply(const engine& e, const reply_word& reply, bool name_owner = true);

}  // namespace swsim::detail
