// Waiting: reply words and barriers.
#pragma once

#include <string>

#include "engine.h"

namespace swsim::detail {

// Returns once the reply word reaches `target`; see slave.h for the checks.
int wait_reply(const char* call, const reply_word& reply, long target);

// The emulator's own reply word for the blocking forms, reset to 0. Each
// blocking call waits for its single request before returning, so one word
// per CPE serves them all.
reply_word internal_reply(const char* call);

}  // namespace swsim::detail
