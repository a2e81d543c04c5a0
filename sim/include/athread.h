// Host (MPE) side of the SW26010Pro athread API, emulated on the host by
// swsim: one core group of 64 CPE threads. C++ only.
//
// Naming CPE functions. On Sunway, swgcc -mslave prefixes every CPE symbol
// with "slave_", so host code names the CPE function f as SLAVE_FUN(f) (and
// the C macro athread_spawn(f, arg) adds the prefix itself). The emulation
// compiles CPE code with the host compiler, which renames nothing, so here
// SLAVE_FUN(f) is f itself. Host and CPE functions therefore share one
// namespace: give them different names. The host declares a CPE function as
//   extern "C" void SLAVE_FUN(f)(void*);   // or with a typed pointer
// and starts it with athread_spawn(SLAVE_FUN(f), arg) in both builds.
//
// Errors: a misuse detected on a CPE (see slave.h) stops the run and
// athread_join() throws swsim::sim_error with a message naming the CPE, the
// call and the reason (or aborts, see swsim::set_error_policy).
#pragma once

#include "swsim/sim.h"

#define SLAVE_FUN(f) f

// athread_init: required once before the first spawn (the real macro also
// runs CRTS_init). Returns 0.
int athread_init();
// Starts fn(arg) on all 64 CPEs. Returns 0. One spawn at a time: join first.
int athread_spawn(void (*fn)(void*), void* arg);
template <class T>
int athread_spawn(void (*fn)(T*), T* arg) {
  return swsim::spawn([fn, arg] { fn(arg); });
}
// The C++ form of the real header: the CPE function passed as void*.
int __real_athread_spawn(void* fn, void* arg, int flush_slave_dcache);
// Waits for the 64 CPEs; reports transfers never waited for. Returns 0 or
// throws swsim::sim_error.
int athread_join();
// An empty macro on SW26010Pro; here a function that checks nothing runs.
int athread_halt();

// CRTS names for the same calls (crts.h).
#define CRTS_init() athread_init()
#define CRTS_athread_spawn(fn, arg) athread_spawn(fn, arg)
#define CRTS_athread_join() athread_join()
#define CRTS_athread_halt() athread_halt()
