// The shared emulated core group (see core_group.h).
#include "core_group.h"

#include <mutex>

#include "athread.h"

namespace swblas::sunway_emu {

void run_on_core_group(const std::function<void()>& launch) {
  static std::mutex core_group;
  const std::lock_guard<std::mutex> lock(core_group);
  static std::once_flag init;
  std::call_once(init, [] { athread_init(); });
  launch();
}

}  // namespace swblas::sunway_emu
