// Thread-local growable aligned buffers, and the static arenas for when
// they cannot grow.
#include "pack_buffer.h"

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "../asm/ukernel.h"
#include "call_trace.h"

namespace swblas {
namespace {

// Backs the whole pages of [start, start + bytes) with memory now, in one
// system call. A team's buffers are the calling thread's, and a helper that
// first writes its slice in a later call would take a page fault per page
// there, at 16 us each on a paravirtualised guest against 1 us a page here
// (a second two-thread 1000^3 DGEMM: 19.5 ms against 11.4 in a loop). Best
// effort: a kernel older than 5.14 refuses the advice, and the pages fault
// in on first use as before.
void populate(void* start, std::size_t bytes) {
#ifdef __linux__
  constexpr int kPopulateWrite = 23;  // MADV_POPULATE_WRITE, which older headers lack
  static const std::uintptr_t page = std::uintptr_t(sysconf(_SC_PAGESIZE));
  const std::uintptr_t first = (reinterpret_cast<std::uintptr_t>(start) + page - 1) / page * page;
  const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(start) + bytes) / page * page;
  if (end > first) madvise(reinterpret_cast<void*>(first), end - first, kPopulateWrite);
#else
  (void)start;
  (void)bytes;
#endif
}

// Trivially destructible, so that a thread's first use registers no TLS
// destructor: glibc allocates for that registration and aborts when it
// cannot. A pthread key frees the buffers when the thread exits instead.
class aligned_buffer {
 public:
  void release() {
    std::free(data_);
    data_ = nullptr;
    capacity_ = 0;
  }

  // Grows by at least half each time so that a sequence of slightly larger
  // problems does not reallocate on every call; when that much is not to be
  // had, exactly what was asked; else null, keeping the old buffer.
  double* reserve(std::size_t doubles) {
    if (doubles <= capacity_) return data_;
    if (doubles > std::size_t(-1) / 2 / sizeof(double)) return nullptr;
    void* fresh = nullptr;
    std::size_t bytes = 0;
    for (std::size_t want : {std::max(capacity_ + capacity_ / 2, doubles), doubles}) {
      bytes = (want * sizeof(double) + kPackAlignment - 1) / kPackAlignment * kPackAlignment;
      fresh = std::aligned_alloc(kPackAlignment, bytes);
      if (fresh) break;
    }
    if (!fresh) return nullptr;
    populate(fresh, doubles * sizeof(double));  // what was asked, not the growth's slack
    std::free(data_);
    data_ = static_cast<double*>(fresh);
    capacity_ = bytes / sizeof(double);
    return data_;
  }

 private:
  double* data_ = nullptr;
  std::size_t capacity_ = 0;
};

constexpr int kRoles = static_cast<int>(pack_role::a_unpacked) + 1;
thread_local aligned_buffer buffers[kRoles];

void release_buffers(void* thread_buffers) {
  for (int r = 0; r < kRoles; ++r) static_cast<aligned_buffer*>(thread_buffers)[r].release();
}

// Created once, before any thread has buffers; setting a key allocates
// nothing (glibc keeps the first 32 in the thread's descriptor).
pthread_key_t buffers_key() {
  static const pthread_key_t key = [] {
    pthread_key_t k{};
    pthread_key_create(&k, release_buffers);
    return k;
  }();
  return key;
}

alignas(kPackAlignment) unsigned char arenas[2][kShortageArenaBytes];
std::mutex arena_locks[2];

// A fork while another thread holds an arena would leave the child's copy
// locked for good (only the forking thread lives on there): fork waits for
// both arenas, in the order calls take them, and each side releases them.
void lock_arenas() {
  arena_locks[static_cast<int>(shortage_arena::driver)].lock();
  arena_locks[static_cast<int>(shortage_arena::gemm_block)].lock();
}
void unlock_arenas() {
  arena_locks[static_cast<int>(shortage_arena::gemm_block)].unlock();
  arena_locks[static_cast<int>(shortage_arena::driver)].unlock();
}
[[maybe_unused]] const int arenas_survive_fork = pthread_atfork(lock_arenas, unlock_arenas, unlock_arenas);

}  // namespace

double* try_thread_pack_buffer(pack_role role, std::size_t doubles) {
  double* b = buffers[static_cast<int>(role)].reserve(doubles);
  if (b && !pthread_getspecific(buffers_key())) pthread_setspecific(buffers_key(), buffers);
  return b;
}

arena_lease::arena_lease(shortage_arena which)
    : lock_(arena_locks[static_cast<int>(which)]), data_(arenas[static_cast<int>(which)]) {}

void warn_memory_short(const char* what) {
  static std::atomic<bool> warned{false};
  if (!verbose_warnings() || warned.exchange(true)) return;
  std::fprintf(stderr, "swblas: warning: memory is short: %s; later calls may too\n", what);
}

}  // namespace swblas
