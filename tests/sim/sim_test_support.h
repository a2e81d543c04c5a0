// Helpers for running CPE code in the emulator from a test.
#pragma once

#include <string>

#include "athread.h"
#include "slave.h"

namespace swsim_test {

// Spawns fn(arg) on the 64 CPEs and joins; returns the error message that
// athread_join threw, or "" when the run was clean.
template <class T>
std::string run_on_mesh(void (*fn)(T*), T* arg) {
  athread_init();
  athread_spawn(fn, arg);
  try {
    athread_join();
  } catch (const swsim::sim_error& error) {
    return error.what();
  }
  return "";
}

inline std::string run_on_mesh(void (*fn)(void*)) {
  athread_init();
  athread_spawn(fn, nullptr);
  try {
    athread_join();
  } catch (const swsim::sim_error& error) {
    return error.what();
  }
  return "";
}

}  // namespace swsim_test
