// The host side: athread_init/spawn/join/halt, and the emulator's settings
// and counters.
#include <cstdio>
#include <cstdlib>

#include "athread.h"
#include "ldm.h"
#include "transfer.h"

namespace swsim::detail {
namespace {

// How many never-waited requests the join report lists before summarising.
constexpr std::size_t report_lines = 12;

// Reports an error found outside a CPE's own call (a CPE's uncaught
// exception, a deadlock seen when a CPE finishes, requests never waited for).
void report(engine& e, const std::string& message) {
  if (e.policy == error_policy::abort_process) {
    std::fprintf(stderr, "%s\n", message.c_str());
    std::abort();
  }
  record_error(e, message);
}

void prepare_spawn(engine& e) {
  e.running = true;
  e.aborted = false;
  e.first_error.clear();
  e.error_count = 0;
  e.finished = 0;
  e.blocked = 0;
  e.array_barrier = barrier_state{};
  e.row_barriers.fill(barrier_state{});
  e.col_barriers.fill(barrier_state{});
  for (cpe_state& cpe : e.cpes) {
    reset_ldm(cpe);
    cpe.busy.clear();
    cpe.pending.clear();
    cpe.counters = cpe_counters{};
    cpe.counters.ldm_peak_bytes = e.statics_bytes;
    reset_order(cpe.order, cpe.tid);
    cpe.blocked = false;
    cpe.finished = false;
  }
}

void finish_cpe(engine& e, cpe_state& me) {
  std::unique_lock<std::mutex> lock(e.mu);
  me.finished = true;
  ++e.finished;
  if (!e.aborted && e.blocked > 0 && e.blocked + e.finished == cpe_count) {
    report(e, "swsim: " + cpe_name(me) + " returned, leaving a deadlock: " + deadlock_report(e));
  }
}

void run_cpe(engine& e, int tid) {
  cpe_state& me = e.cpes[tid];
  set_current_cpe(&me);
  try {
    e.body();
  } catch (const cpe_aborted&) {
  } catch (const sim_error& error) {
    std::unique_lock<std::mutex> lock(e.mu);
    record_error(e, error.what());
  } catch (const std::exception& error) {
    std::unique_lock<std::mutex> lock(e.mu);
    report(e, "swsim: " + cpe_name(me) + ": uncaught exception: " + error.what());
  } catch (...) {
    std::unique_lock<std::mutex> lock(e.mu);
    report(e, "swsim: " + cpe_name(me) + ": uncaught exception of unknown type");
  }
  finish_cpe(e, me);
  set_current_cpe(nullptr);
}

void report_outstanding(engine& e) {
  const std::vector<std::string> lines = outstanding(e);
  if (lines.empty()) return;
  std::string message = "swsim: athread_join: " + std::to_string(lines.size()) +
                        " DMA/RMA completions were never waited for:";
  for (std::size_t i = 0; i < lines.size() && i < report_lines; ++i) message += "\n  " + lines[i];
  if (lines.size() > report_lines) message += "\n  ... and " + std::to_string(lines.size() - report_lines) + " more";
  report(e, message);
}

void end_spawn(engine& e) {
  for (int tid = 0; tid < cpe_count; ++tid) {
    e.last_counters[tid] = e.cpes[tid].counters;
    e.cpes[tid].pending.clear();
    e.cpes[tid].busy.clear();
  }
  e.transfers.clear();
  e.body = nullptr;
  e.running = false;
}

void check_host(const char* call) {
  if (current_cpe() != nullptr) fail(*current_cpe(), call, "is a host call; CPEs cannot call it");
}

}  // namespace
}  // namespace swsim::detail

using namespace swsim::detail;

int swsim::spawn(std::function<void()> body) {
  check_host("athread_spawn");
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  if (!e.initialized) fail_host("athread_spawn", "athread_init() was not called");
  if (e.running) fail_host("athread_spawn", "the previous spawn was not joined (athread_join)");
  if (!body) fail_host("athread_spawn", "null CPE function");
  prepare_spawn(e);
  e.body = std::move(body);
  for (int tid = 0; tid < cpe_count; ++tid) e.threads.emplace_back(run_cpe, std::ref(e), tid);
  return 0;
}

int athread_init() {
  check_host("athread_init");
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  e.initialized = true;
  return 0;
}

int athread_spawn(void (*fn)(void*), void* arg) {
  if (fn == nullptr) fail_host("athread_spawn", "null CPE function");
  return swsim::spawn([fn, arg] { fn(arg); });
}

int __real_athread_spawn(void* fn, void* arg, int) {
  return athread_spawn(reinterpret_cast<void (*)(void*)>(fn), arg);
}

int athread_join() {
  check_host("athread_join");
  engine& e = sim();
  {
    std::unique_lock<std::mutex> lock(e.mu);
    if (!e.running) fail_host("athread_join", "no spawn is running");
  }
  for (std::thread& thread : e.threads) thread.join();
  e.threads.clear();
  std::unique_lock<std::mutex> lock(e.mu);
  if (!e.aborted) report_outstanding(e);
  end_spawn(e);
  if (e.first_error.empty()) return 0;
  std::string message = e.first_error;
  if (e.error_count > 1) message += "\n(and " + std::to_string(e.error_count - 1) + " more errors on other CPEs)";
  throw swsim::sim_error(message);
}

int athread_halt() {
  check_host("athread_halt");
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  if (e.running) fail_host("athread_halt", "a spawn is still running (athread_join first)");
  return 0;
}

void swsim::set_error_policy(error_policy policy) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  e.policy = policy;
}

void swsim::set_ldm_budget(std::size_t bytes) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  if (e.running) fail_host("swsim::set_ldm_budget", "a spawn is running");
  if (bytes == 0 || bytes > ldm_bytes || bytes < e.statics_bytes) {
    fail_host("swsim::set_ldm_budget", std::to_string(bytes) + " bytes is outside [" +
                                           std::to_string(e.statics_bytes) + ", " + std::to_string(ldm_bytes) +
                                           "] (the statics already placed, the LDM size)");
  }
  e.budget = bytes;
}

std::size_t swsim::ldm_budget() {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  return e.budget;
}

const swsim::cpe_counters& swsim::counters(int tid) {
  if (tid < 0 || tid >= cpe_count) fail_host("swsim::counters", "tid " + std::to_string(tid) + " is not a CPE");
  return sim().last_counters[tid];
}

swsim::cpe_counters swsim::total_counters() {
  cpe_counters sum;
  for (const cpe_counters& c : sim().last_counters) {
    sum.dma_get_bytes += c.dma_get_bytes;
    sum.dma_put_bytes += c.dma_put_bytes;
    sum.dma_gets += c.dma_gets;
    sum.dma_puts += c.dma_puts;
    sum.dma_get_blocks += c.dma_get_blocks;
    sum.dma_put_blocks += c.dma_put_blocks;
    sum.rma_bytes_sent += c.rma_bytes_sent;
    sum.rma_bytes_received += c.rma_bytes_received;
    sum.rma_sends += c.rma_sends;
    sum.rma_receives += c.rma_receives;
    sum.syncs += c.syncs;
    sum.flops += c.flops;
    sum.ldm_peak_bytes += c.ldm_peak_bytes;
  }
  return sum;
}
