#include "ldm.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace swsim::detail {

namespace {

// ldm_malloc alignment: swgcc builds use -faddress_align=64.
constexpr std::size_t ldm_align = 64;

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

std::size_t heap_end(const cpe_state& cpe) {
  return cpe.heap.empty() ? 0 : cpe.heap.back().offset + cpe.heap.back().footprint;
}

std::size_t heap_in_use(const cpe_state& cpe) {
  std::size_t used = 0;
  for (const heap_block& block : cpe.heap) used += block.footprint;
  return used;
}

std::size_t heap_limit(const engine& e) { return e.budget - e.statics_bytes; }

void note_peak(const engine& e, cpe_state& cpe) {
  cpe.counters.ldm_peak_bytes = std::max(cpe.counters.ldm_peak_bytes, heap_in_use(cpe) + e.statics_bytes);
}

std::string usage(const engine& e, const cpe_state& cpe) {
  std::string text = std::to_string(heap_in_use(cpe)) + " bytes in " + std::to_string(cpe.heap.size()) +
                     " ldm_malloc blocks + " + std::to_string(e.statics_bytes) + " bytes of statics, of a " +
                     std::to_string(e.budget) + "-byte usable budget (" + std::to_string(ldm_bytes) +
                     "-byte LDM)";
  for (const heap_block& block : cpe.heap) {
    text += "\n    block " + std::to_string(block.requested) + " bytes at LDM " + hex(block.offset) + ": " +
            block.what;
  }
  for (const static_slot& slot : e.statics) {
    text += "\n    static " + std::to_string(slot.size) + " bytes: " + slot.what;
  }
  return text;
}

std::string range_text(std::size_t offset, std::size_t len) {
  return "LDM [" + hex(offset) + ", " + hex(offset + len) + ")";
}

// First-fit offset for `footprint` bytes below the heap limit, or npos.
std::size_t find_gap(const engine& e, const cpe_state& me, std::size_t footprint) {
  std::size_t start = 0;
  for (const heap_block& block : me.heap) {
    if (block.offset - start >= footprint) return start;
    start = block.offset + block.footprint;
  }
  if (start + footprint <= heap_limit(e)) return start;
  return std::string::npos;
}

}  // namespace

char* allocate_arenas() {
  void* base = std::aligned_alloc(ldm_bytes, ldm_bytes * cpe_count);
  if (base == nullptr) throw std::bad_alloc();
  return static_cast<char*>(base);
}

void poison(void* bytes, std::size_t len) {
  // 0x7ff5a5a5a5a5a5a5: exponent all ones, quiet bit clear, payload non-zero.
  static const unsigned char pattern[8] = {0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xf5, 0x7f};
  unsigned char* p = static_cast<unsigned char*>(bytes);
  const std::uintptr_t phase = reinterpret_cast<std::uintptr_t>(p);
  for (std::size_t i = 0; i < len; ++i) p[i] = pattern[(phase + i) % 8];
}

int arena_owner(const engine& e, const volatile void* p) {
  const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(e.ldm_base);
  if (at < base || at >= base + ldm_bytes * cpe_count) return -1;
  return static_cast<int>((at - base) / ldm_bytes);
}

std::size_t ldm_offset(const volatile void* p) {
  return reinterpret_cast<std::uintptr_t>(p) & (ldm_bytes - 1);
}

std::size_t own_buffer_offset(const cpe_state& me, const void* p, std::size_t len,
                              const std::string& call, const char* role) {
  const int owner = arena_owner(sim(), p);
  if (owner != me.tid) {
    fail(me, call, std::string(role) + " " + hex(reinterpret_cast<std::uintptr_t>(p)) +
                       (owner < 0 ? " is not an LDM address (LDM buffers come from ldm_malloc or "
                                    "SIM_LDM_STATIC; stack variables are not modelled as LDM)"
                                  : " is in the LDM of CPE " + std::to_string(owner) +
                                        ", not the caller's"));
  }
  const std::size_t offset = ldm_offset(p);
  check_in_buffer(me, offset, len, me, call, role);
  return offset;
}

void check_in_buffer(const cpe_state& owner, std::size_t offset, std::size_t len,
                     const cpe_state& caller, const std::string& call, const char* role) {
  const engine& e = sim();
  for (const heap_block& block : owner.heap) {
    if (offset >= block.offset && offset + len <= block.offset + block.requested) return;
  }
  for (const static_slot& slot : e.statics) {
    const std::size_t start = e.budget - slot.distance;
    if (offset >= start && offset + len <= start + slot.size) return;
  }
  fail(caller, call, std::string(role) + " " + range_text(offset, len) + " of CPE " + std::to_string(owner.tid) +
                         " is not inside one LDM buffer allocated there (overruns a buffer, or the buffer "
                         "is not allocated yet: a missing ssync?); that CPE holds " + usage(e, owner));
}

void* heap_allocate(cpe_state& me, std::size_t size, const std::string& what) {
  engine& e = sim();
  if (size == 0) fail(me, "ldm_malloc", what + ": zero-byte allocation");
  const std::size_t footprint = round_up(size, ldm_align);
  const std::size_t offset = find_gap(e, me, footprint);
  if (offset == std::string::npos) {
    fail(me, "ldm_malloc", "LDM overflow allocating " + what + " (" + std::to_string(size) +
                               " bytes; largest free block " + std::to_string(largest_free_block(e, me)) +
                               "): " + usage(e, me));
  }
  const auto at = std::lower_bound(me.heap.begin(), me.heap.end(), offset,
                                   [](const heap_block& b, std::size_t o) { return b.offset < o; });
  me.heap.insert(at, heap_block{offset, footprint, size, what});
  note_peak(e, me);
  return me.ldm + offset;
}

void heap_free(cpe_state& me, void* p, std::size_t size, const std::string& where) {
  const std::string call = "ldm_free at " + where;
  if (arena_owner(sim(), p) != me.tid) fail(me, call, "pointer is not in this CPE's LDM");
  const std::size_t offset = ldm_offset(p);
  const auto block = std::find_if(me.heap.begin(), me.heap.end(),
                                  [&](const heap_block& b) { return b.offset == offset; });
  if (block == me.heap.end()) fail(me, call, "LDM " + hex(offset) + " is not the start of an ldm_malloc block");
  if (block->requested != size) {
    fail(me, call, "size " + std::to_string(size) + " differs from the " + std::to_string(block->requested) +
                       " bytes allocated by " + block->what);
  }
  for (const busy_range& range : me.busy) {
    if (range.offset < offset + size && offset < range.offset + range.len) {
      fail(me, call, "the block is still used by a transfer in flight (" + block->what + ")");
    }
  }
  poison(me.ldm + offset, block->footprint);
  me.heap.erase(block);
}

std::size_t largest_free_block(const engine& e, const cpe_state& me) {
  std::size_t start = 0, largest = 0;
  for (const heap_block& block : me.heap) {
    largest = std::max(largest, block.offset - start);
    start = block.offset + block.footprint;
  }
  const std::size_t limit = heap_limit(e);
  return std::max(largest, limit > start ? limit - start : 0);
}

void* static_address(cpe_state& me, const std::string& key, const std::string& what, std::size_t size) {
  engine& e = sim();
  for (const static_slot& slot : e.statics) {
    if (slot.key == key) return me.ldm + (e.budget - slot.distance);
  }
  const std::size_t distance = e.statics_bytes + round_up(size, ldm_align);
  for (const cpe_state& cpe : e.cpes) {
    if (distance > e.budget || heap_end(cpe) > e.budget - distance) {
      fail(me, "SIM_LDM_STATIC", "LDM overflow placing " + what + " (" + std::to_string(size) +
                                      " bytes) on CPE " + std::to_string(cpe.tid) + ", which holds " +
                                      usage(e, cpe));
    }
  }
  e.statics.push_back(static_slot{key, what, size, distance});
  e.statics_bytes = distance;
  for (cpe_state& cpe : e.cpes) note_peak(e, cpe);
  return me.ldm + (e.budget - distance);
}

void reset_ldm(cpe_state& cpe) {
  cpe.heap.clear();
  poison(cpe.ldm, ldm_bytes);
}

}  // namespace swsim::detail
