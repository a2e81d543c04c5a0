// DMA between main memory and the caller's LDM (docs/targets.md A.5).
#include <cstdint>

#include "ldm.h"
#include "slave.h"
#include "sync.h"
#include "transfer.h"

namespace swsim::detail {
namespace {

// The main-memory layout of a request: blocks of `block` bytes, `gap` bytes
// skipped between them.
struct dma_shape {
  std::size_t len;
  std::size_t block;
  std::size_t gap;
};

dma_shape checked_shape(const cpe_state& me, const std::string& call, int len, int bsize, int stride) {
  if (len <= 0) fail(me, call, "len " + std::to_string(len) + " must be positive (bytes)");
  if (static_cast<std::size_t>(len) >= transfer_limit) {
    fail(me, call, "len " + std::to_string(len) + " does not fit the 18-bit size field (must be < " +
                       std::to_string(transfer_limit) + " bytes)");
  }
  if (bsize <= 0) fail(me, call, "bsize " + std::to_string(bsize) + " must be positive (bytes)");
  if (len % bsize != 0) {
    fail(me, call, "len " + std::to_string(len) + " is not a multiple of bsize " + std::to_string(bsize));
  }
  if (stride < 0) {
    fail(me, call, "stride " + std::to_string(stride) +
                       " is negative (it is the gap skipped between blocks, in bytes)");
  }
  return dma_shape{static_cast<std::size_t>(len), static_cast<std::size_t>(bsize),
                   static_cast<std::size_t>(stride)};
}

void check_main_memory(const engine& e, const cpe_state& me, const std::string& call, const void* memory) {
  if (memory == nullptr) fail(me, call, "the main-memory address is a null pointer");
  const int owner = arena_owner(e, memory);
  if (owner >= 0) {
    fail(me, call, "the main-memory operand " + hex(reinterpret_cast<std::uintptr_t>(memory)) +
                       " is an LDM address (of CPE " + std::to_string(owner) +
                       "): destination and source swapped?");
  }
}

void check_reply(const cpe_state& me, const std::string& call, const reply_word& reply) {
  if (reply.null()) fail(me, call, "a reply word is required (the blocking forms need none)");
}

int dma_get(const char* call, void* dst_ldm, const void* src_mem, int len, int bsize, int stride,
            const reply_word& reply) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self(call);
  throw_if_aborted(e);
  const dma_shape shape = checked_shape(me, call, len, bsize, stride);
  check_reply(me, call, reply);
  check_main_memory(e, me, call, src_mem);
  const std::size_t offset = own_buffer_offset(me, dst_ldm, shape.len, call, "LDM destination");
  transfer t;
  t.call = call;
  t.issuer = me.tid;
  t.len = shape.len;
  t.source = endpoint{-1, 0, static_cast<char*>(const_cast<void*>(src_mem)), shape.block, shape.gap};
  t.deliveries.push_back(delivery{endpoint{me.tid, offset}, reply, me.tid});
  me.counters.dma_get_bytes += shape.len;
  me.counters.dma_get_blocks += shape.len / shape.block;
  ++me.counters.dma_gets;
  issue(e, me, std::move(t));
  return 0;
}

int dma_put(const char* call, void* dst_mem, const void* src_ldm, int len, int bsize, int stride,
            const reply_word& reply) {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self(call);
  throw_if_aborted(e);
  const dma_shape shape = checked_shape(me, call, len, bsize, stride);
  check_reply(me, call, reply);
  check_main_memory(e, me, call, dst_mem);
  const std::size_t offset = own_buffer_offset(me, src_ldm, shape.len, call, "LDM source");
  transfer t;
  t.call = call;
  t.issuer = me.tid;
  t.len = shape.len;
  t.source = endpoint{me.tid, offset};
  t.deliveries.push_back(
      delivery{endpoint{-1, 0, static_cast<char*>(dst_mem), shape.block, shape.gap}, reply, me.tid});
  me.counters.dma_put_bytes += shape.len;
  me.counters.dma_put_blocks += shape.len / shape.block;
  ++me.counters.dma_puts;
  issue(e, me, std::move(t));
  return 0;
}

}  // namespace
}  // namespace swsim::detail

using namespace swsim::detail;

int athread_dma_iget(void* dst_ldm, const void* src_mem, int len, swsim::reply_word rply) {
  return dma_get("athread_dma_iget", dst_ldm, src_mem, len, len, 0, rply);
}

int athread_dma_iput(void* dst_mem, const void* src_ldm, int len, swsim::reply_word rply) {
  return dma_put("athread_dma_iput", dst_mem, src_ldm, len, len, 0, rply);
}

int athread_dma_iget_stride(void* dst_ldm, const void* src_mem, int len, int bsize, int stride,
                            swsim::reply_word rply) {
  return dma_get("athread_dma_iget_stride", dst_ldm, src_mem, len, bsize, stride, rply);
}

int athread_dma_iput_stride(void* dst_mem, const void* src_ldm, int len, int bsize, int stride,
                            swsim::reply_word rply) {
  return dma_put("athread_dma_iput_stride", dst_mem, src_ldm, len, bsize, stride, rply);
}

int athread_dma_get(void* dst_ldm, const void* src_mem, int len) {
  const swsim::reply_word reply = internal_reply("athread_dma_get");
  dma_get("athread_dma_get", dst_ldm, src_mem, len, len, 0, reply);
  return wait_reply("athread_dma_get", reply, 1);
}

int athread_dma_put(void* dst_mem, const void* src_ldm, int len) {
  const swsim::reply_word reply = internal_reply("athread_dma_put");
  dma_put("athread_dma_put", dst_mem, src_ldm, len, len, 0, reply);
  return wait_reply("athread_dma_put", reply, 1);
}

int athread_dma_get_stride(void* dst_ldm, const void* src_mem, int len, int bsize, int stride) {
  const swsim::reply_word reply = internal_reply("athread_dma_get_stride");
  dma_get("athread_dma_get_stride", dst_ldm, src_mem, len, bsize, stride, reply);
  return wait_reply("athread_dma_get_stride", reply, 1);
}

int athread_dma_put_stride(void* dst_mem, const void* src_ldm, int len, int bsize, int stride) {
  const swsim::reply_word reply = internal_reply("athread_dma_put_stride");
  dma_put("athread_dma_put_stride", dst_mem, src_ldm, len, bsize, stride, reply);
  return wait_reply("athread_dma_put_stride", reply, 1);
}

void athread_dma_barrier() {
  engine& e = sim();
  std::unique_lock<std::mutex> lock(e.mu);
  cpe_state& me = self("athread_dma_barrier");
  throw_if_aborted(e);
  settle_dma(e, me);
}
