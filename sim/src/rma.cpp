// RMA between LDMs of the core group (docs/targets.md A.6). An address names an
// LDM offset: the caller passes a pointer into its own arena, and a remote
// CPE's copy is the same offset in that CPE's arena.
#include <cstdint>
#include <vector>

#include "ldm.h"
#include "sync.h"
#include "slave.h"
#include "transfer.h"

namespace swsim::detail {
namespace {

constexpr std::size_t rma_align = 4;

void check_length(const cpe_state& me, const std::string& call, int len) {
  if (len <= 0) fail(me, call, "len " + std::to_string(len) + " must be positive (bytes)");
  if (static_cast<std::size_t>(len) >= transfer_limit) {
    fail(me, call, "len " + std::to_string(len) + " does not fit the 18-bit size field (must be < " +
                       std::to_string(transfer_limit) + " bytes)");
  }
  if (len % rma_align != 0) fail(me, call, "len " + std::to_string(len) + " is not a multiple of 4 bytes");
}

// The LDM offset that `address` names; it must be in the caller's arena and
// 4-byte aligned.
std::size_t named_offset(const cpe_state& me, const std::string& call, const volatile void* address,
                         const char* role) {
  const int owner = arena_owner(sim(), address);
  const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(address);
  if (owner != me.tid) {
    fail(me, call, std::string(role) + " " + hex(at) +
                       (owner < 0 ? " is not an LDM address (RMA operands and remote reply words must be in "
                                    "LDM: ldm_malloc or SIM_LDM_STATIC)"
                                  : " is in the LDM of CPE " + std::to_string(owner) + ", not the caller's"));
  }
  if (at % rma_align != 0) fail(me, call, std::string(role) + " " + hex(at) + " is not 4-byte aligned");
  return ldm_offset(address);
}

// The reply word `reply` names, in `owner`'s arena; it must lie in an LDM
// buffer there.
reply_word remote_reply(const cpe_state& me, const std::string& call, const reply_word& reply,
                        std::size_t offset, const cpe_state& owner, const char* role) {
  check_in_buffer(owner, offset, reply.width(), me, call, role);
  return reply.moved_to(owner.ldm + offset);
}

void count(engine& e, const transfer& t) {
  cpe_counters& sender = e.cpes[t.source.cpe].counters;
  sender.rma_bytes_sent += t.len;
  ++sender.rma_sends;
  for (const delivery& d : t.deliveries) {
    e.cpes[d.destination.cpe].counters.rma_bytes_received += t.len;
    ++e.cpes[d.destination.cpe].counters.rma_receives;
  }
}

int broadcast(const char* call, void* dst, const void* src, int len, const reply_word& l_rply,
              const reply_word& r_rply, std::vector<int> (*receivers)(const cpe_state&)) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self(call);
  throw_if_aborted(e);
  check_length(me, call, len);
  if (r_rply.null()) fail(me, call, "r_rply is required: receivers learn that the data landed only from it");
  const std::size_t src_offset = named_offset(me, call, src, "source");
  check_in_buffer(me, src_offset, len, me, call, "source");
  const std::size_t dst_offset = named_offset(me, call, dst, "destination");
  const std::size_t reply_offset = named_offset(me, call, r_rply.address(), "r_rply");
  transfer t;
  t.call = call;
  t.kind = transfer_kind::rma;
  t.issuer = me.tid;
  t.len = static_cast<std::size_t>(len);
  t.source = endpoint{me.tid, src_offset};
  for (int tid : receivers(me)) {
    const cpe_state& to = e.cpes[tid];
    check_in_buffer(to, dst_offset, t.len, me, call, "destination");
    const bool onto_source = tid == me.tid && dst_offset == src_offset;
    t.deliveries.push_back(
        delivery{endpoint{tid, dst_offset}, remote_reply(me, call, r_rply, reply_offset, to, "r_rply"), tid,
                 onto_source});
  }
  t.release_reply = l_rply;
  t.release_owner = me.tid;
  count(e, t);
  issue(e, me, std::move(t));
  return 0;
}

std::vector<int> my_row(const cpe_state& me) {
  std::vector<int> row;
  for (int c = 0; c < mesh_cols; ++c) row.push_back(me.rid() * mesh_cols + c);
  return row;
}

std::vector<int> my_column(const cpe_state& me) {
  std::vector<int> column;
  for (int r = 0; r < mesh_rows; ++r) column.push_back(r * mesh_cols + me.cid());
  return column;
}

std::vector<int> whole_array(const cpe_state&) {
  std::vector<int> all;
  for (int tid = 0; tid < cpe_count; ++tid) all.push_back(tid);
  return all;
}

// A point-to-point transfer from LDM `from` of CPE `source` to LDM `to` of
// CPE `target`; `landed` rises in `target`, `released` (optional) in `source`.
struct point_to_point {
  int source;
  std::size_t from;
  int target;
  std::size_t to;
  reply_word landed;
  reply_word released;
};

int send_point_to_point(const char* call, engine& e, cpe_state& me, int len, const point_to_point& p) {
  transfer t;
  t.call = call;
  t.kind = transfer_kind::rma;
  t.issuer = me.tid;
  t.len = static_cast<std::size_t>(len);
  t.source = endpoint{p.source, p.from};
  check_in_buffer(e.cpes[p.source], p.from, t.len, me, call, "source");
  check_in_buffer(e.cpes[p.target], p.to, t.len, me, call, "destination");
  const bool onto_source = p.source == p.target && p.from == p.to;
  t.deliveries.push_back(delivery{endpoint{p.target, p.to}, p.landed, p.target, onto_source});
  t.release_reply = p.released;
  t.release_owner = p.source;
  count(e, t);
  issue(e, me, std::move(t));
  return 0;
}

void check_peer(const cpe_state& me, const std::string& call, int r_tid) {
  if (r_tid < 0 || r_tid >= cpe_count) fail(me, call, "r_tid " + std::to_string(r_tid) + " is not a CPE (0..63)");
}

// A remote reply word (optional where `required` is false) translated into
// CPE `owner`'s arena.
reply_word translated(const cpe_state& me, const std::string& call, const reply_word& reply,
                      const cpe_state& owner, bool required, const char* role) {
  if (reply.null()) {
    if (required) fail(me, call, std::string(role) + " is required: it tells the receiver the data landed");
    return reply;
  }
  const std::size_t offset = named_offset(me, call, reply.address(), role);
  return remote_reply(me, call, reply, offset, owner, role);
}

}  // namespace
}  // namespace swsim::detail

using namespace swsim::detail;

int athread_rma_row_ibcast(void* dst, const void* src, int len, swsim::reply_word l_rply,
                           swsim::reply_word r_rply) {
  return broadcast("athread_rma_row_ibcast", dst, src, len, l_rply, r_rply, my_row);
}

int athread_rma_col_ibcast(void* dst, const void* src, int len, swsim::reply_word l_rply,
                           swsim::reply_word r_rply) {
  return broadcast("athread_rma_col_ibcast", dst, src, len, l_rply, r_rply, my_column);
}

int athread_rma_ibcast(void* dst, const void* src, swsim::reply_word l_rply, int len,
                       swsim::reply_word r_rply) {
  return broadcast("athread_rma_ibcast", dst, src, len, l_rply, r_rply, whole_array);
}

int athread_rma_iget(void* l_addr, swsim::reply_word l_rply, int len, int r_tid, const void* r_addr,
                     swsim::reply_word r_rply) {
  const char* call = "athread_rma_iget";
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self(call);
  throw_if_aborted(e);
  check_length(me, call, len);
  check_peer(me, call, r_tid);
  if (l_rply.null()) fail(me, call, "l_rply is required: it tells the caller the data landed");
  point_to_point p{r_tid, named_offset(me, call, r_addr, "r_addr"), me.tid, named_offset(me, call, l_addr, "l_addr"),
                   l_rply, translated(me, call, r_rply, e.cpes[r_tid], false, "r_rply")};
  return send_point_to_point(call, e, me, len, p);
}

int athread_rma_iput(const void* l_addr, swsim::reply_word l_rply, int len, int r_tid, void* r_addr,
                     swsim::reply_word r_rply) {
  const char* call = "athread_rma_iput";
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self(call);
  throw_if_aborted(e);
  check_length(me, call, len);
  check_peer(me, call, r_tid);
  point_to_point p{me.tid, named_offset(me, call, l_addr, "l_addr"), r_tid, named_offset(me, call, r_addr, "r_addr"),
                   translated(me, call, r_rply, e.cpes[r_tid], true, "r_rply"), l_rply};
  return send_point_to_point(call, e, me, len, p);
}

// Blocking forms: the caller returns once its own part is done (a sender's
// source may be reused; a getter's data has landed). Receivers of a
// broadcast or put still wait on r_rply.
int athread_rma_row_bcast(void* dst, const void* src, int len, swsim::reply_word r_rply) {
  const swsim::reply_word sent = internal_reply("athread_rma_row_bcast");
  athread_rma_row_ibcast(dst, src, len, sent, r_rply);
  return wait_reply("athread_rma_row_bcast", sent, 1);
}

int athread_rma_col_bcast(void* dst, const void* src, int len, swsim::reply_word r_rply) {
  const swsim::reply_word sent = internal_reply("athread_rma_col_bcast");
  athread_rma_col_ibcast(dst, src, len, sent, r_rply);
  return wait_reply("athread_rma_col_bcast", sent, 1);
}

int athread_rma_bcast(void* dst, const void* src, int len, swsim::reply_word r_rply) {
  const swsim::reply_word sent = internal_reply("athread_rma_bcast");
  athread_rma_ibcast(dst, src, sent, len, r_rply);
  return wait_reply("athread_rma_bcast", sent, 1);
}

int athread_rma_get(void* l_addr, int len, int r_tid, const void* r_addr, swsim::reply_word r_rply) {
  const swsim::reply_word landed = internal_reply("athread_rma_get");
  athread_rma_iget(l_addr, landed, len, r_tid, r_addr, r_rply);
  return wait_reply("athread_rma_get", landed, 1);
}

int athread_rma_put(const void* l_addr, int len, int r_tid, void* r_addr, swsim::reply_word r_rply) {
  const swsim::reply_word sent = internal_reply("athread_rma_put");
  athread_rma_iput(l_addr, sent, len, r_tid, r_addr, r_rply);
  return wait_reply("athread_rma_put", sent, 1);
}
