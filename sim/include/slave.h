// CPE (slave) side of the SW26010Pro athread/CRTS API, emulated on the host by
// swsim. C++ only: CPE code is compiled with the host C++ compiler and started
// by athread_spawn (athread.h). Semantics follow docs/targets.md Part A.
//
// What is strict (a misuse stops the run; athread_join throws swsim::sim_error
// naming the CPE, the call and the reason):
// * LDM: each CPE owns a 256 KB arena; ldm_malloc and SIM_LDM_STATIC share a
//   usable budget (swsim::set_ldm_budget, default 216 KB); overflow names the
//   allocation. Every LDM operand of a DMA or RMA must lie inside one LDM
//   buffer of the CPE concerned. Fresh and freed LDM holds signalling NaNs.
// * Transfers are asynchronous: a destination holds signalling NaNs until the
//   wait that covers it, and the data is read from the source at that wait, so
//   reading early, or changing a source before its send is waited for, gives
//   wrong results. A DMA or RMA that reads a range still being written by a
//   transfer in flight, or writes a range still being read or written by one,
//   is an error at the call. sim_check_ldm_read/_write check plain accesses.
// * Reply words: waiting for a value that no outstanding request can reach is
//   an error (at once for a word outside LDM, which only the caller's own
//   requests can raise; by deadlock detection for a word in LDM, which a
//   remote RMA could raise). Requests never waited for are reported at join.
// * Reply words are raised only inside the wait calls (and DMA barriers):
//   poll them with athread_dma_wait_value / athread_rma_wait_value, not with a
//   loop of your own.
//
// __thread_local is deliberately not defined: a plain C++ thread_local would
// live outside the LDM arena, escape the budget and be unusable as an RMA
// address. Declare LDM statics with SIM_LDM_STATIC(type, name, dims), which
// places them at the same LDM address on every CPE and counts them; on the
// machine the same declaration is `__thread_local type name dims;`.
#pragma once

#include <cstddef>
#include <cstdint>

#include "swsim/reply_word.h"
#include "swsim/sim.h"

typedef volatile long athread_rply_t;  // crts2ath.h
typedef volatile int crts_rply_t;      // crts.h, CPE side

// ---- CPE identity: _PEN == _ROW * 8 + _COL -------------------------------
int swsim_cpe_tid();
int swsim_cpe_rid();
int swsim_cpe_cid();

#define _PEN (swsim_cpe_tid())
#define _ROW (swsim_cpe_rid())
#define _COL (swsim_cpe_cid())
#define _MYID (swsim_cpe_tid())
#define _CGN 0
#define CRTS_tid (swsim_cpe_tid())
#define CRTS_rid (swsim_cpe_rid())
#define CRTS_cid (swsim_cpe_cid())
#define CRTS_cgn 0
#define athread_tid (swsim_cpe_tid())
#define athread_rid (swsim_cpe_rid())
#define athread_cid (swsim_cpe_cid())
#define athread_cgn 0
inline int athread_get_tid() { return swsim_cpe_tid(); }
inline int athread_get_rid() { return swsim_cpe_rid(); }
inline int athread_get_cid() { return swsim_cpe_cid(); }
inline int athread_get_id(int) { return swsim_cpe_tid(); }

#define CRTS_MAX_LDM_SIZE (256 << 10)

// ---- LDM --------------------------------------------------------------------
// ldm_malloc records its call site and size expression, so that an overflow
// names the buffer. ldm_free takes the size, which must match.
void* swsim_ldm_malloc(std::size_t size, const char* what, const char* file, int line);
void swsim_ldm_free(void* p, std::size_t size, const char* file, int line);
std::size_t get_allocatable_size();
void* ldm_malloc_max(std::size_t* size);

#define ldm_malloc(size) swsim_ldm_malloc((size), #size, __FILE__, __LINE__)
#define ldm_free(p, size) swsim_ldm_free((p), (size), __FILE__, __LINE__)
#define CRTS_pldm_malloc(size) ldm_malloc(size)
#define CRTS_pldm_free(p, size) ldm_free(p, size)
#define CRTS_pldm_get_free_size() get_allocatable_size()

namespace swsim::detail {
void* ldm_static(const char* name, const char* file, int line, std::size_t size);
template <class T>
using ldm_ref = T&;
template <class T>
T& ldm_static_ref(const char* name, const char* file, int line) {
  return *static_cast<T*>(ldm_static(name, file, line, sizeof(T)));
}
}  // namespace swsim::detail

// An LDM static (the machine's `__thread_local type name dims;`), at namespace
// or block scope: SIM_LDM_STATIC(double, tile, [64][64]);
// SIM_LDM_STATIC(athread_rply_t, reply, ); Bound per CPE thread on first use;
// its contents are not initialised (signalling NaNs): set it before use.
#define SIM_LDM_STATIC(type, name, dims)                          \
  static thread_local swsim::detail::ldm_ref<type dims> name =    \
      swsim::detail::ldm_static_ref<type dims>(#name, __FILE__, __LINE__)

// ---- DMA: main memory <-> own LDM (lengths in bytes, destination first) ---
// Strided forms: main memory is bsize contiguous bytes, then stride bytes
// skipped (a gap, not a pitch), repeated; the LDM side is contiguous. An r x c
// tile of a row-major matrix with leading dimension ld: len = r*c*8,
// bsize = c*8, stride = (ld - c)*8. 0 < len < 256 KB, len % bsize == 0.
// Each request raises its reply word by one when it completes.
int athread_dma_iget(void* dst_ldm, const void* src_mem, int len, swsim::reply_word rply);
int athread_dma_iput(void* dst_mem, const void* src_ldm, int len, swsim::reply_word rply);
int athread_dma_iget_stride(void* dst_ldm, const void* src_mem, int len, int bsize, int stride,
                            swsim::reply_word rply);
int athread_dma_iput_stride(void* dst_mem, const void* src_ldm, int len, int bsize, int stride,
                            swsim::reply_word rply);
int athread_dma_get(void* dst_ldm, const void* src_mem, int len);
int athread_dma_put(void* dst_mem, const void* src_ldm, int len);
int athread_dma_get_stride(void* dst_ldm, const void* src_mem, int len, int bsize, int stride);
int athread_dma_put_stride(void* dst_mem, const void* src_ldm, int len, int bsize, int stride);
// Returns once *rply >= value.
int athread_dma_wait_value(swsim::reply_word rply, long value);
// Completes every DMA request of the calling CPE (their reply words rise).
void athread_dma_barrier();

#define CRTS_dma_iget athread_dma_iget
#define CRTS_dma_iput athread_dma_iput
#define CRTS_dma_iget_stride athread_dma_iget_stride
#define CRTS_dma_iput_stride athread_dma_iput_stride
#define CRTS_dma_get athread_dma_get
#define CRTS_dma_put athread_dma_put
#define CRTS_dma_get_stride athread_dma_get_stride
#define CRTS_dma_put_stride athread_dma_put_stride
#define CRTS_dma_wait_value athread_dma_wait_value
#define CRTS_dma_barrier athread_dma_barrier

// ---- RMA: LDM <-> LDM inside the core group -------------------------------
// Addresses are LDM addresses of the caller; a remote CPE's copy is the same
// LDM offset in its arena. len > 0, len % 4 == 0, 4-byte aligned, < 256 KB.
// l_rply (the sender's; may be 0) rises when the source may be reused;
// r_rply (an LDM word, read at the same offset by every receiver) rises in
// each receiver when the data has landed. Broadcasts include the sender.
int athread_rma_row_ibcast(void* dst, const void* src, int len, swsim::reply_word l_rply,
                           swsim::reply_word r_rply);
int athread_rma_col_ibcast(void* dst, const void* src, int len, swsim::reply_word l_rply,
                           swsim::reply_word r_rply);
// All 64 CPEs. Note the argument order of the real API: l_rply before len.
int athread_rma_ibcast(void* dst, const void* src, swsim::reply_word l_rply, int len,
                       swsim::reply_word r_rply);
// Point to point with CPE r_tid. iget: l_rply rises when the data landed in
// l_addr, r_rply (remote) when the remote source may be reused. iput: l_rply
// when l_addr may be reused, r_rply (remote) when the data landed.
int athread_rma_iget(void* l_addr, swsim::reply_word l_rply, int len, int r_tid, const void* r_addr,
                     swsim::reply_word r_rply);
int athread_rma_iput(const void* l_addr, swsim::reply_word l_rply, int len, int r_tid, void* r_addr,
                     swsim::reply_word r_rply);
int athread_rma_wait_value(swsim::reply_word rply, long value);
// Blocking forms: return once the caller's part is done (the source may be
// reused; for get, the data has landed). Receivers still wait on r_rply.
int athread_rma_row_bcast(void* dst, const void* src, int len, swsim::reply_word r_rply);
int athread_rma_col_bcast(void* dst, const void* src, int len, swsim::reply_word r_rply);
int athread_rma_bcast(void* dst, const void* src, int len, swsim::reply_word r_rply);
int athread_rma_get(void* l_addr, int len, int r_tid, const void* r_addr, swsim::reply_word r_rply);
int athread_rma_put(const void* l_addr, int len, int r_tid, void* r_addr, swsim::reply_word r_rply);

#define CRTS_rma_row_ibcast athread_rma_row_ibcast
#define CRTS_rma_col_ibcast athread_rma_col_ibcast
#define CRTS_rma_ibcast athread_rma_ibcast
#define CRTS_rma_iget athread_rma_iget
#define CRTS_rma_iput athread_rma_iput
#define CRTS_rma_wait_value athread_rma_wait_value
#define CRTS_rma_row_bcast athread_rma_row_bcast
#define CRTS_rma_col_bcast athread_rma_col_bcast
#define CRTS_rma_bcast athread_rma_bcast
#define CRTS_rma_get athread_rma_get
#define CRTS_rma_put athread_rma_put

// ---- Synchronisation ----------------------------------------------------------
void athread_ssync_array();  // all 64 CPEs
void athread_ssync_row();    // the 8 CPEs of the caller's row
void athread_ssync_col();    // the 8 CPEs of the caller's column

enum { ROW_SCOPE = 1, COL_SCOPE = 2, ARRAY_SCOPE = 3 };
// Only whole rows, columns or the array (mask 0xff or 0xffff) are modelled.
int athread_ssync(int scope, int mask);
#define athread_syn(scope, mask) athread_ssync(scope, mask)

#define CRTS_ssync_array athread_ssync_array
#define CRTS_ssync_row athread_ssync_row
#define CRTS_ssync_col athread_ssync_col

// ---- Timing -------------------------------------------------------------------
// A 2.25 GHz cycle count derived from the host clock (not a performance model).
unsigned long athread_stime_cycle();
#define CRTS_stime_cycle athread_stime_cycle

// ---- Emulator hooks (no counterpart on the machine) ---------------------------
// Fail if [p, p+len) of the caller's LDM is still being written by a transfer
// in flight (read), or written or read by one (write). Call them where data is
// consumed, e.g. at each micro-kernel call.
void sim_check_ldm_read(const void* p, std::size_t len);
void sim_check_ldm_write(const void* p, std::size_t len);
// Adds to this CPE's flop counter (swsim::counters).
void sim_count_flops(std::uint64_t flops);
