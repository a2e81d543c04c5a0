// swsim: host emulation of the SW26010Pro athread/CRTS API (one core group:
// 64 CPEs on an 8x8 mesh, each with a private 256 KB LDM). This header is the
// emulator's own C++ interface: its error type, its settings and the transfer
// counters that the performance model reads. The Sunway API itself is in
// athread.h (host side) and slave.h (CPE side).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>

namespace swsim {

constexpr int mesh_rows = 8;
constexpr int mesh_cols = 8;
constexpr int cpe_count = mesh_rows * mesh_cols;

// CRTS_MAX_LDM_SIZE. Each CPE's arena is this large and aligned to it, so the
// low 18 bits of a pointer are its LDM address, as on the machine.
constexpr std::size_t ldm_bytes = 256 * 1024;

// Default usable budget: the largest block that public SW26010Pro code reports
// working (221184 bytes, swops); the rest of the 256 KB holds the CPE stack,
// static data and runtime. set_ldm_budget() changes it.
constexpr std::size_t default_ldm_budget = 216 * 1024;

// DMA and RMA descriptors hold the size in 18 bits: one transfer moves fewer
// than this many bytes.
constexpr std::size_t transfer_limit = 1u << 18;

// A misuse of the API found by the emulator. The message names the CPE, the
// call and the reason.
class sim_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How a misuse found on a CPE is reported: thrown again from athread_join()
// (default), or printed to stderr followed by std::abort() at the point of
// detection (for death tests and for debugging in a debugger).
enum class error_policy { throw_from_join, abort_process };
void set_error_policy(error_policy policy);

// The LDM bytes that ldm_malloc and SIM_LDM_STATIC may use on each CPE,
// at most ldm_bytes. Set from the host while no spawn is running.
void set_ldm_budget(std::size_t bytes);
std::size_t ldm_budget();

// What one CPE moved and computed during the last joined spawn.
struct cpe_counters {
  std::uint64_t dma_get_bytes = 0;   // main memory -> LDM
  std::uint64_t dma_put_bytes = 0;   // LDM -> main memory
  std::uint64_t dma_gets = 0;
  std::uint64_t dma_puts = 0;
  // Contiguous main-memory blocks moved (bsize pieces): DMA bandwidth falls
  // steeply for blocks under a few hundred bytes (docs/targets.md A.1, A.9).
  std::uint64_t dma_get_blocks = 0;
  std::uint64_t dma_put_blocks = 0;
  std::uint64_t rma_bytes_sent = 0;      // len once per send (the mesh replicates)
  std::uint64_t rma_bytes_received = 0;  // len per landing in this CPE's LDM
  std::uint64_t rma_sends = 0;
  std::uint64_t rma_receives = 0;
  std::uint64_t syncs = 0;               // barriers passed
  std::uint64_t flops = 0;               // reported through sim_count_flops()
  std::size_t ldm_peak_bytes = 0;        // heap + static LDM in use, at most
};

// Counters of CPE `tid` (0..63) and their sum, for the last joined spawn.
const cpe_counters& counters(int tid);
cpe_counters total_counters();

// Runs `body` on the 64 CPE threads (what athread_spawn does with f(arg)).
int spawn(std::function<void()> body);

}  // namespace swsim
