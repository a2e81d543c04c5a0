// A thread's fresh pack buffer comes back backed by memory: a team helper
// that first writes its slice of it in a later call must not take a page
// fault per page there (pack_buffer.cpp, populate).
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <thread>
#include <vector>

#include "pack_buffer.h"

namespace swblas {
namespace {

const std::size_t kPage = std::size_t(sysconf(_SC_PAGESIZE));

// How many of the whole pages in [start, start + bytes) are resident.
std::size_t resident_pages(const void* start, std::size_t bytes) {
  const std::uintptr_t first = (reinterpret_cast<std::uintptr_t>(start) + kPage - 1) / kPage * kPage;
  const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(start) + bytes) / kPage * kPage;
  if (end <= first) return 0;
  std::vector<unsigned char> in_core((end - first) / kPage);
  if (mincore(reinterpret_cast<void*>(first), end - first, in_core.data()) != 0) return 0;
  std::size_t resident = 0;
  for (unsigned char page : in_core) resident += page & 1;
  return resident;
}

// Whether this kernel (or emulator) populates on MADV_POPULATE_WRITE.
bool kernel_populates() {
  void* probe = mmap(nullptr, 4 * kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (probe == MAP_FAILED) return false;
  const bool populated = madvise(probe, 4 * kPage, 23) == 0 && resident_pages(probe, 4 * kPage) == 4;
  munmap(probe, 4 * kPage);
  return populated;
}

TEST(PackBuffer, FreshBufferIsBackedByMemory) {
  if (!kernel_populates()) GTEST_SKIP() << "the kernel does not populate on MADV_POPULATE_WRITE";
  // 64 MiB: beyond malloc's largest mmap threshold, so the pages are new.
  const std::size_t doubles = std::size_t{8} << 20;
  std::size_t resident = 0, pages = 0;
  std::thread fresh_thread([&] {  // a thread with no buffers yet
    const double* buffer = try_thread_pack_buffer(pack_role::vector_y, doubles);
    ASSERT_NE(buffer, nullptr);
    pages = doubles * sizeof(double) / kPage - 1;  // whole pages inside, at least
    resident = resident_pages(buffer, doubles * sizeof(double));
  });
  fresh_thread.join();
  EXPECT_GE(resident, pages);
}

}  // namespace
}  // namespace swblas
