// CPE identity, LDM allocation and the emulator's hooks (slave.h).
#include <chrono>
#include <cstdint>

#include "ldm.h"
#include "slave.h"
#include "transfer.h"

using namespace swsim::detail;

namespace {

std::string call_site(const char* file, int line) { return std::string(file) + ":" + std::to_string(line); }

// The caller's LDM offset of [p, p+len), which must be in its arena.
std::size_t own_offset(const cpe_state& me, const void* p, std::size_t len, const char* call) {
  if (arena_owner(sim(), p) != me.tid || ldm_offset(p) + len > swsim::ldm_bytes) {
    fail(me, call, hex(reinterpret_cast<std::uintptr_t>(p)) + " (+" + std::to_string(len) +
                       " bytes) is not in this CPE's LDM");
  }
  return ldm_offset(p);
}

void check_ldm_access(const void* p, std::size_t len, bool writing, const char* call) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self(call);
  throw_if_aborted(e);
  const std::size_t offset = own_offset(me, p, len, call);
  check_access(me, offset, len, writing, call);
  mark_access(me.order, me.tid, offset, len);
}

}  // namespace

int swsim_cpe_tid() { return self("_PEN").tid; }
int swsim_cpe_rid() { return self("_ROW").rid(); }
int swsim_cpe_cid() { return self("_COL").cid(); }

void* swsim_ldm_malloc(std::size_t size, const char* what, const char* file, int line) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self("ldm_malloc");
  throw_if_aborted(e);
  return heap_allocate(me, size, "ldm_malloc(" + std::string(what) + ") at " + call_site(file, line));
}

void swsim_ldm_free(void* p, std::size_t size, const char* file, int line) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self("ldm_free");
  throw_if_aborted(e);
  heap_free(me, p, size, call_site(file, line));
}

std::size_t get_allocatable_size() {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  return largest_free_block(e, self("get_allocatable_size"));
}

void* ldm_malloc_max(std::size_t* size) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self("ldm_malloc_max");
  throw_if_aborted(e);
  *size = largest_free_block(e, me);
  return *size == 0 ? nullptr : heap_allocate(me, *size, "ldm_malloc_max");
}

void* swsim::detail::ldm_static(const char* name, const char* file, int line, std::size_t size) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self("SIM_LDM_STATIC");
  throw_if_aborted(e);
  const std::string site = call_site(file, line);
  return static_address(me, site + ":" + name, "SIM_LDM_STATIC " + std::string(name) + " at " + site, size);
}

unsigned long athread_stime_cycle() {
  const auto since = std::chrono::steady_clock::now().time_since_epoch();
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(since).count();
  return static_cast<unsigned long>(ns) * 9 / 4;  // 2.25 cycles per ns
}

void sim_check_ldm_read(const void* p, std::size_t len) { check_ldm_access(p, len, false, "sim_check_ldm_read"); }
void sim_check_ldm_write(const void* p, std::size_t len) { check_ldm_access(p, len, true, "sim_check_ldm_write"); }

void sim_count_flops(std::uint64_t flops) { self("sim_count_flops").counters.flops += flops; }
