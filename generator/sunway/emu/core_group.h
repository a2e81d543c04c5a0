// The one emulated SW26010Pro core group that the sunway_emu entry points
// share: athread_init once, one spawn at a time.
#pragma once

#include <functional>

namespace swblas::sunway_emu {

// Runs `launch` (an MPE launcher: athread_spawn + athread_join) with the core
// group to itself.
void run_on_core_group(const std::function<void()>& launch);

}  // namespace swblas::sunway_emu
