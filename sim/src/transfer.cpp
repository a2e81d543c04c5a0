#include "transfer.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "ldm.h"

namespace swsim::detail {

namespace {

bool overlaps(std::size_t a, std::size_t a_len, std::size_t b, std::size_t b_len) {
  return a < b + b_len && b < a + a_len;
}

std::string range_text(int cpe, std::size_t offset, std::size_t len) {
  return "LDM [" + hex(offset) + ", " + hex(offset + len) + ") of CPE " + std::to_string(cpe);
}

std::string busy_text(const busy_range& range) {
  return std::string(range.incoming ? "the destination" : "the source") + " of " + range.owner->call +
         " issued by CPE " + std::to_string(range.owner->issuer) + ", not yet waited for";
}

char* ldm_pointer(engine& e, const endpoint& at) { return e.cpes[at.cpe].ldm + at.offset; }

// Calls visit(pointer, bytes, linear_offset) for each main-memory block.
template <class Visit>
void for_each_block(const endpoint& at, std::size_t len, Visit visit) {
  char* block = at.memory;
  for (std::size_t done = 0; done < len; done += at.block) {
    visit(block, at.block, done);
    block += at.block + at.gap;
  }
}

void gather(engine& e, char* out, const endpoint& from, std::size_t len) {
  if (from.cpe >= 0) {
    std::memcpy(out, ldm_pointer(e, from), len);
    return;
  }
  for_each_block(from, len, [&](char* block, std::size_t n, std::size_t at) { std::memcpy(out + at, block, n); });
}

void scatter(const endpoint& to, const char* in, std::size_t len) {
  for_each_block(to, len, [&](char* block, std::size_t n, std::size_t at) { std::memcpy(block, in + at, n); });
}

void poison_destination(engine& e, const endpoint& to, std::size_t len) {
  if (to.cpe >= 0) {
    poison(ldm_pointer(e, to), len);
    return;
  }
  for_each_block(to, len, [](char* block, std::size_t n, std::size_t) { poison(block, n); });
}

void remove_busy(cpe_state& cpe, const transfer* owner, bool incoming) {
  auto& busy = cpe.busy;
  busy.erase(std::remove_if(busy.begin(), busy.end(),
                            [&](const busy_range& r) { return r.owner == owner && r.incoming == incoming; }),
             busy.end());
}

void check_source(engine& e, const cpe_state& issuer, const transfer& t) {
  if (t.source.cpe < 0) return;
  for (const busy_range& range : e.cpes[t.source.cpe].busy) {
    if (range.incoming && overlaps(range.offset, range.len, t.source.offset, t.len)) {
      fail(issuer, t.call, "reads " + range_text(t.source.cpe, t.source.offset, t.len) + ", which is still " +
                               busy_text(range) + " (data used before its wait)");
    }
  }
}

void check_destination(engine& e, const cpe_state& issuer, const transfer& t, const delivery& d) {
  const endpoint& to = d.destination;
  if (to.cpe < 0 || d.onto_source) return;
  if (to.cpe == t.source.cpe && overlaps(to.offset, t.len, t.source.offset, t.len)) {
    fail(issuer, t.call, "destination and source overlap partially in " + range_text(to.cpe, to.offset, t.len));
  }
  for (const busy_range& range : e.cpes[to.cpe].busy) {
    if (overlaps(range.offset, range.len, to.offset, t.len)) {
      fail(issuer, t.call, "writes " + range_text(to.cpe, to.offset, t.len) + ", which is still " +
                               busy_text(range) + " (buffer overwritten while in flight)");
    }
  }
  if (to.cpe == issuer.tid) return;
  const cpe_state& owner = e.cpes[to.cpe];
  if (const access_mark* use = unordered_access(owner.order, owner.tid, issuer.order.clock, to.offset, t.len)) {
    fail(issuer, t.call, "writes " + range_text(to.cpe, to.offset, t.len) + ", which CPE " +
                             std::to_string(to.cpe) + " used (sim_check_ldm_read/_write of " +
                             range_text(to.cpe, use->offset, use->len) +
                             ") with no ssync or reply wait ordering that use before this call: the data "
                             "may land while the buffer is still in use");
  }
}

bool all_delivered(const transfer& t) {
  return std::all_of(t.deliveries.begin(), t.deliveries.end(), [](const delivery& d) { return d.done; });
}

void release_source(engine& e, transfer& t) {
  if (t.source_released) return;
  if (!all_delivered(t)) {
    t.snapshot.resize(t.len);
    gather(e, t.snapshot.data(), t.source, t.len);
  }
  if (t.source.cpe >= 0) remove_busy(e.cpes[t.source.cpe], &t, false);
  t.source_released = true;
}

void deliver(engine& e, transfer& t, int index) {
  delivery& d = t.deliveries[index];
  const endpoint& to = d.destination;
  if (!d.onto_source && to.cpe >= 0) {
    char* out = ldm_pointer(e, to);
    if (t.source_released) {
      std::memcpy(out, t.snapshot.data(), t.len);
    } else {
      gather(e, out, t.source, t.len);
    }
    remove_busy(e.cpes[to.cpe], &t, true);
  } else if (!d.onto_source) {
    scatter(to, t.source_released ? t.snapshot.data() : ldm_pointer(e, t.source), t.len);
  }
  if (t.kind == transfer_kind::rma) join(e.cpes[d.reply_owner].order.clock, t.clock);
  d.done = true;
  if (all_delivered(t)) release_source(e, t);
}

void retire_if_complete(engine& e, const transfer& t) {
  if (!all_delivered(t) || !t.source_released || t.release_owed) return;
  e.transfers.remove_if([&](const transfer& x) { return &x == &t; });
}

void apply(engine& e, const pending_increment& owed) {
  transfer& t = *owed.owner;
  if (owed.role == release_role) {
    release_source(e, t);
    t.release_owed = false;
    // An rma_iget's source owner learns that the getter had issued it.
    if (t.kind == transfer_kind::rma) join(e.cpes[t.release_owner].order.clock, t.clock);
  } else {
    deliver(e, t, owed.role);
  }
  owed.reply.increment();
  retire_if_complete(e, t);
}

void record(engine& e, cpe_state& issuer, transfer& t) {
  bool wakes_others = false;
  for (std::size_t i = 0; i < t.deliveries.size(); ++i) {
    const delivery& d = t.deliveries[i];
    if (!d.onto_source) poison_destination(e, d.destination, t.len);
    if (!d.onto_source && d.destination.cpe >= 0) {
      e.cpes[d.destination.cpe].busy.push_back(busy_range{d.destination.offset, t.len, true, &t});
    }
    e.cpes[d.reply_owner].pending.push_back(pending_increment{d.reply, &t, static_cast<int>(i)});
    wakes_others = wakes_others || d.reply_owner != issuer.tid;
  }
  if (t.source.cpe >= 0) e.cpes[t.source.cpe].busy.push_back(busy_range{t.source.offset, t.len, false, &t});
  if (!t.release_reply.null()) {
    e.cpes[t.release_owner].pending.push_back(pending_increment{t.release_reply, &t, release_role});
    t.release_owed = true;
    wakes_others = wakes_others || t.release_owner != issuer.tid;
  }
  if (wakes_others) wake_all(e);
}

}  // namespace

void issue(engine& e, cpe_state& issuer, transfer t) {
  check_source(e, issuer, t);
  for (const delivery& d : t.deliveries) check_destination(e, issuer, t, d);
  if (t.kind == transfer_kind::rma) t.clock = publish(issuer.order, issuer.tid);
  e.transfers.push_back(std::move(t));
  record(e, issuer, e.transfers.back());
}

bool settle(engine& e, cpe_state& me, const reply_word& reply, long target) {
  while (reply.load() < target) {
    const auto owed = std::find_if(me.pending.begin(), me.pending.end(), [&](const pending_increment& p) {
      return p.reply.address() == reply.address();
    });
    if (owed == me.pending.end()) return false;
    const pending_increment next = *owed;
    me.pending.erase(owed);
    apply(e, next);
  }
  return true;
}

void settle_dma(engine& e, cpe_state& me) {
  for (auto owed = me.pending.begin(); owed != me.pending.end();) {
    if (owed->owner->kind != transfer_kind::dma) {
      ++owed;
      continue;
    }
    const pending_increment next = *owed;
    owed = me.pending.erase(owed);
    apply(e, next);
  }
}

void check_access(const cpe_state& me, std::size_t offset, std::size_t len, bool writing,
                  const std::string& call) {
  for (const busy_range& range : me.busy) {
    if (!overlaps(range.offset, range.len, offset, len)) continue;
    if (range.incoming || writing) {
      fail(me, call, std::string(writing ? "writes " : "reads ") + range_text(me.tid, offset, len) +
                         ", which is still " + busy_text(range));
    }
  }
}

std::string describe_reply(const engine& e, const reply_word& reply, bool name_owner) {
  const int owner = arena_owner(e, reply.address());
  if (owner < 0) return "reply word at host address " + hex(reinterpret_cast<std::uintptr_t>(reply.address()));
  const std::string where = "reply word at LDM " + hex(ldm_offset(reply.address()));
  return name_owner ? where + " of CPE " + std::to_string(owner) : where;
}

std::vector<std::string> outstanding(const engine& e) {
  std::vector<std::string> lines;
  for (const cpe_state& cpe : e.cpes) {
    for (const pending_increment& owed : cpe.pending) {
      const transfer& t = *owed.owner;
      const std::string what = owed.role == release_role ? "its send completion (the source release)"
                                                          : "its data (" + std::to_string(t.len) + " bytes)";
      lines.push_back("CPE " + std::to_string(cpe.tid) + " never waited for " + what + " of " + t.call +
                      " issued by CPE " + std::to_string(t.issuer) + " on the " + describe_reply(e, owed.reply));
    }
  }
  return lines;
}

}  // namespace swsim::detail
