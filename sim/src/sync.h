// Waiting: reply words and barriers.
#pragma once

#include <string>

#include "engine.h"

namespace swsim::detail {

// Returns once the reply word reaches `target`; see slave.h for the checks.
int wait_reply(const char* call, const reply_word& reply, long target);

}  // namespace swsim::detail
