#include "sync.h"

#include "ldm.h"
#include "transfer.h"
#include "slave.h"

namespace swsim::detail {

namespace {

void barrier(const char* call, barrier_state& (*group_of)(engine&, const cpe_state&), int members) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self(call);
  throw_if_aborted(e);
  ++me.counters.syncs;
  barrier_state& group = group_of(e, me);
  const unsigned long generation = group.generation;
  join(group.joined, publish(me.order, me.tid));
  if (++group.arrived == members) {
    group.arrived = 0;
    ++group.generation;
    group.released = group.joined;
    group.joined.fill(0);
    wake_all(e);
  } else {
    block_until(lock, me, [&] { return group.generation != generation; }, call);
  }
  // The next completion needs this CPE again, so `released` is still ours.
  join(me.order.clock, group.released);
}

barrier_state& array_group(engine& e, const cpe_state&) { return e.array_barrier; }
barrier_state& row_group(engine& e, const cpe_state& me) { return e.row_barriers[me.rid()]; }
barrier_state& col_group(engine& e, const cpe_state& me) { return e.col_barriers[me.cid()]; }

}  // namespace

int wait_reply(const char* call, const reply_word& reply, long target) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self(call);
  throw_if_aborted(e);
  if (reply.null()) fail(me, call, "the reply word is a null pointer");
  const auto reached = [&] { return settle(e, me, reply, target); };
  if (reached()) return 0;
  const std::string state = "the " + describe_reply(e, reply, false) + " to reach " + std::to_string(target) +
                            " (value " + std::to_string(reply.load()) + ")";
  if (arena_owner(e, reply.address()) != me.tid) {
    fail(me, call, "waits for " + state + ", but no request outstanding on it can raise it: the wait "
                   "could never return (fewer requests issued than waited for?)");
  }
  block_until(lock, me, reached, std::string(call) + " waits for " + state +
                                     " and no request outstanding on it can raise it");
  return 0;
}

reply_word internal_reply(const char* call) {
  cpe_state& me = self(call);
  me.internal_reply = 0;
  return reply_word(&me.internal_reply);
}

}  // namespace swsim::detail

using namespace swsim::detail;

void athread_ssync_array() { barrier("athread_ssync_array", array_group, swsim::cpe_count); }
void athread_ssync_row() { barrier("athread_ssync_row", row_group, swsim::mesh_cols); }
void athread_ssync_col() { barrier("athread_ssync_col", col_group, swsim::mesh_rows); }

int athread_ssync(int scope, int mask) {
  const bool whole = mask == 0xff || mask == 0xffff;
  if (whole && scope == ROW_SCOPE) athread_ssync_row();
  else if (whole && scope == COL_SCOPE) athread_ssync_col();
  else if (whole && scope == ARRAY_SCOPE) athread_ssync_array();
  else {
    engine& e = sim();
    std::unique_lock<std::mutex> lock(e.mu);
    fail(self("athread_ssync"), "athread_ssync", "scope " + std::to_string(scope) + " with mask " + hex(mask) +
                                                     " is not modelled (only whole rows, columns or the array)");
  }
  return 0;
}

int athread_dma_wait_value(swsim::reply_word rply, long value) {
  return wait_reply("athread_dma_wait_value", rply, value);
}

int athread_rma_wait_value(swsim::reply_word rply, long value) {
  return wait_reply("athread_rma_wait_value", rply, value);
}
