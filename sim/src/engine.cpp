#include "engine.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>

#include "ldm.h"
#include "transfer.h"

namespace swsim::detail {

namespace {

thread_local cpe_state* this_cpe = nullptr;

engine* make_engine() {
  engine* e = new engine;  // lives for the process: CPE threads may outlive statics
  e->ldm_base = allocate_arenas();
  for (int tid = 0; tid < cpe_count; ++tid) {
    e->cpes[tid].tid = tid;
    e->cpes[tid].ldm = e->ldm_base + tid * ldm_bytes;
  }
  return e;
}

// "0-7, 9, 12-13" for a sorted list of CPE ids.
std::string id_ranges(const std::vector<int>& ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(ids[i]);
    if (j > i) out += "-" + std::to_string(ids[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace

engine& sim() {
  static engine* instance = make_engine();
  return *instance;
}

cpe_state* current_cpe() { return this_cpe; }
void set_current_cpe(cpe_state* cpe) { this_cpe = cpe; }

cpe_state& self(const char* call) {
  if (this_cpe == nullptr) fail_host(call, "called outside a CPE thread (only code started by athread_spawn runs on CPEs)");
  return *this_cpe;
}

std::string hex(std::size_t value) {
  std::ostringstream out;
  out << "0x" << std::hex << value;
  return out.str();
}

std::string cpe_name(const cpe_state& cpe) {
  return "CPE " + std::to_string(cpe.tid) + " (row " + std::to_string(cpe.rid()) + ", col " +
         std::to_string(cpe.cid()) + ")";
}

void fail(const cpe_state& cpe, const std::string& call, const std::string& reason) {
  const std::string message = "swsim: " + cpe_name(cpe) + ": " + call + ": " + reason;
  if (sim().policy == error_policy::abort_process) {
    std::fprintf(stderr, "%s\n", message.c_str());
    std::abort();
  }
  throw sim_error(message);
}

void fail_host(const std::string& call, const std::string& reason) {
  const std::string message = "swsim: host: " + call + ": " + reason;
  if (sim().policy == error_policy::abort_process) {
    std::fprintf(stderr, "%s\n", message.c_str());
    std::abort();
  }
  throw sim_error(message);
}

void record_error(engine& e, const std::string& message) {
  if (e.first_error.empty()) e.first_error = message;
  ++e.error_count;
  e.aborted = true;
  wake_all(e);
}

void throw_if_aborted(const engine& e) {
  if (e.aborted) throw cpe_aborted{};
}

void wake_all(engine& e) {
  for (cpe_state& cpe : e.cpes) cpe.blocked = false;
  e.blocked = 0;
  e.cv.notify_all();
}

void block_until(std::unique_lock<std::mutex>& lock, cpe_state& me,
                 const std::function<bool()>& ready, const std::string& waiting_for) {
  engine& e = sim();
  while (!ready()) {
    throw_if_aborted(e);
    me.blocked = true;
    me.blocked_on = waiting_for;
    ++e.blocked;
    if (e.blocked + e.finished == cpe_count) fail(me, "deadlock", deadlock_report(e));
    e.cv.wait(lock, [&] { return !me.blocked || e.aborted; });
  }
}

std::string deadlock_report(const engine& e) {
  std::map<std::string, std::vector<int>> groups;
  for (const cpe_state& cpe : e.cpes) {
    groups[cpe.finished ? std::string("finished") : cpe.blocked_on].push_back(cpe.tid);
  }
  std::string report = "every CPE is blocked or finished, so none can make progress:";
  for (const auto& [state, ids] : groups) {
    report += "\n  CPE " + id_ranges(ids) + ": " + state;
  }
  return report;
}

}  // namespace swsim::detail
