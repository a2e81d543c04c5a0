// The LDM arenas: allocation of the 64 arenas, the poison pattern, address
// translation (pointer -> CPE and LDM offset), the ldm_malloc heap and the
// SIM_LDM_STATIC slots, and the check that a transfer stays inside one buffer.
// Callers hold the engine mutex.
#pragma once

#include <cstddef>
#include <string>

#include "engine.h"

namespace swsim::detail {

char* allocate_arenas();

// Fills bytes with a pattern in which every 8-byte-aligned double is a
// signalling NaN, so data used before it arrives poisons results.
void poison(void* bytes, std::size_t len);

// The CPE whose arena holds `p`, or -1.
int arena_owner(const engine& e, const volatile void* p);
std::size_t ldm_offset(const volatile void* p);

// The offset of [p, p+len) in `me`'s LDM, which must be inside one LDM buffer
// (a heap block or a static) of `me`; otherwise a misuse of `call`.
std::size_t own_buffer_offset(const cpe_state& me, const void* p, std::size_t len,
                              const std::string& call, const char* role);
// Checks that [offset, offset+len) is inside one LDM buffer of `owner`.
void check_in_buffer(const cpe_state& owner, std::size_t offset, std::size_t len,
                     const cpe_state& caller, const std::string& call, const char* role);

void* heap_allocate(cpe_state& me, std::size_t size, const std::string& what);
void heap_free(cpe_state& me, void* p, std::size_t size, const std::string& where);
std::size_t largest_free_block(const engine& e, const cpe_state& me);

// The address of SIM_LDM_STATIC `what` (registered by `key`) in `me`'s LDM.
void* static_address(cpe_state& me, const std::string& key, const std::string& what,
                     std::size_t size);

// Resets a CPE's LDM for a new spawn: empty heap, whole arena poisoned.
void reset_ldm(cpe_state& cpe);

}  // namespace swsim::detail
