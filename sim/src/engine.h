// The emulator's shared state and its discipline. One mutex guards everything
// that more than one CPE thread can reach (LDM bookkeeping, transfers in
// flight, reply-word increments owed, barriers); CPE compute runs outside it.
// A CPE that must wait blocks on one condition variable; when every CPE is
// blocked or finished, nothing can change any more and the run is reported as
// a deadlock instead of hanging.
#pragma once

#include <array>
#include <condition_variable>
#include <deque>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "order.h"
#include "swsim/reply_word.h"
#include "swsim/sim.h"

namespace swsim::detail {

struct transfer;

// A byte range of one CPE's LDM owned by a transfer in flight: written by it
// (incoming, until delivered) or read by it (outgoing, until released).
struct busy_range {
  std::size_t offset = 0;
  std::size_t len = 0;
  bool incoming = false;
  const transfer* owner = nullptr;
};

// Role of an owed increment: deliver the data of one destination, or release
// the source (it may be reused).
constexpr int release_role = -1;

// A reply-word increment the hardware owes to the CPE that owns the word. It
// is applied, with the data movement it stands for, when that CPE waits.
struct pending_increment {
  reply_word reply;
  transfer* owner = nullptr;
  int role = release_role;  // or the index of a delivery
};

// One ldm_malloc block.
struct heap_block {
  std::size_t offset = 0;
  std::size_t footprint = 0;  // rounded up to the allocation alignment
  std::size_t requested = 0;
  std::string what;           // call site, for messages
};

// One SIM_LDM_STATIC variable: same LDM address on every CPE.
struct static_slot {
  std::string key;
  std::string what;
  std::size_t size = 0;
  std::size_t distance = 0;  // its offset is budget - distance
};

struct cpe_state {
  int tid = 0;
  char* ldm = nullptr;
  std::vector<heap_block> heap;  // sorted by offset
  std::vector<busy_range> busy;
  std::deque<pending_increment> pending;
  cpe_counters counters;
  cpe_order order;
  long internal_reply = 0;  // for the blocking DMA forms
  bool blocked = false;
  bool finished = false;
  std::string blocked_on;

  int rid() const { return tid / mesh_cols; }
  int cid() const { return tid % mesh_cols; }
};

struct barrier_state {
  int arrived = 0;
  unsigned long generation = 0;
  vector_clock joined{};    // of the members arrived so far
  vector_clock released{};  // of all members, at the last completion
};

struct engine {
  std::mutex mu;
  std::condition_variable cv;
  char* ldm_base = nullptr;  // cpe_count arenas of ldm_bytes, aligned to ldm_bytes
  std::array<cpe_state, cpe_count> cpes;
  std::size_t budget = default_ldm_budget;
  std::vector<static_slot> statics;
  std::size_t statics_bytes = 0;
  std::list<transfer> transfers;
  error_policy policy = error_policy::throw_from_join;

  bool initialized = false;
  bool running = false;
  bool aborted = false;
  std::string first_error;
  int error_count = 0;
  int finished = 0;
  int blocked = 0;
  std::vector<std::thread> threads;
  std::function<void()> body;

  barrier_state array_barrier;
  std::array<barrier_state, mesh_rows> row_barriers;
  std::array<barrier_state, mesh_cols> col_barriers;
  std::array<cpe_counters, cpe_count> last_counters;
};

engine& sim();

// Thrown in the other CPE threads once one of them has failed, to unwind them
// quickly; athread_join reports only the first error. Deliberately not a
// std::exception, so that CPE code catching those does not swallow it.
struct cpe_aborted {};

// The CPE the calling thread emulates; a sim_error if it is not a CPE thread.
cpe_state& self(const char* call);
// The calling thread's CPE, or nullptr on the host.
cpe_state* current_cpe();
void set_current_cpe(cpe_state* cpe);

// Reports a misuse by `cpe` in `call`. Called with the mutex held.
[[noreturn]] void fail(const cpe_state& cpe, const std::string& call, const std::string& reason);
// A host-side misuse (no CPE involved).
[[noreturn]] void fail_host(const std::string& call, const std::string& reason);
// Records a CPE's error; the first one is what athread_join throws.
void record_error(engine& e, const std::string& message);
void throw_if_aborted(const engine& e);

// Clears the blocked state of every CPE and wakes them to re-check.
void wake_all(engine& e);
// Blocks `me` until ready() holds, detecting a global deadlock.
void block_until(std::unique_lock<std::mutex>& lock, cpe_state& me,
                 const std::function<bool()>& ready, const std::string& waiting_for);
// Message listing what every CPE is blocked on.
std::string deadlock_report(const engine& e);

std::string cpe_name(const cpe_state& cpe);
std::string hex(std::size_t value);

}  // namespace swsim::detail
