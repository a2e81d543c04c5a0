// Arrays far larger than memory that cost only the pages a test touches:
// anonymous private memory without reserved swap, whose untouched pages
// read as zero (the kernel maps its zero page) and take no memory.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>

template <class T>
class sparse_array {
 public:
  explicit sparse_array(std::int64_t count) : bytes_(static_cast<std::size_t>(count) * sizeof(T)) {
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return;
    // Huge zero pages where the kernel allows them: fewer faults and page
    // tables for a long read of untouched memory (a written page then costs
    // 2 MiB: tests write a few dozen elements at most). Some guests have no
    // zero page and allocate what is read (seen: 8 GiB read, 8 GiB resident);
    // huge pages are then the fastest way there, 1 s per GiB against 3.7 s.
    madvise(p, bytes_, MADV_HUGEPAGE);
    data_ = static_cast<T*>(p);
  }
  ~sparse_array() {
    if (data_) munmap(data_, bytes_);
  }
  sparse_array(const sparse_array&) = delete;
  sparse_array& operator=(const sparse_array&) = delete;

  // Null when the system refused the mapping (the test then skips).
  T* data() const { return data_; }
  T& operator[](std::int64_t i) const { return data_[i]; }

 private:
  std::size_t bytes_;
  T* data_ = nullptr;
};

// An array to be read from end to end at little cost: its first and last
// kEdge bytes are private memory (zero, writable), and every window between
// them maps the same kWindow bytes of zero shared memory, read-only. A read
// of all 8 GiB then touches 64 MiB: a guest without a zero page otherwise
// allocates and clears whatever is read (measured: 25 to 67 s for the 8 GiB,
// against a few seconds here). Only the ends may be written.
template <class T>
class zero_middle_array {
 public:
  static constexpr std::size_t kWindow = std::size_t{64} << 20, kEdge = 2 * kWindow;

  explicit zero_middle_array(std::int64_t count) : bytes_(round_up(static_cast<std::size_t>(count) * sizeof(T))) {
    if (bytes_ < 2 * kEdge) return;
    void* p = mmap(nullptr, bytes_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return;
    base_ = static_cast<char*>(p);
    if (map_middle()) data_ = reinterpret_cast<T*>(base_);
  }
  ~zero_middle_array() {
    if (base_) munmap(base_, bytes_);
  }
  zero_middle_array(const zero_middle_array&) = delete;
  zero_middle_array& operator=(const zero_middle_array&) = delete;

  // Null when the system refused a mapping (the test then skips).
  T* data() const { return data_; }
  // Whether element i lies in the first or last kEdge bytes.
  bool writable(std::int64_t i) const {
    const std::size_t at = static_cast<std::size_t>(i) * sizeof(T);
    return at < kEdge || at >= bytes_ - kEdge;
  }
  T& operator[](std::int64_t i) const { return data_[i]; }

 private:
  static std::size_t round_up(std::size_t b) { return (b + kWindow - 1) / kWindow * kWindow; }

  // The ends private and writable, the windows between shared and read-only.
  bool map_middle() {
    const std::size_t tail = bytes_ - kEdge;
    const int fd = memfd_create("zero_window", MFD_CLOEXEC);
    if (fd < 0) return false;
    bool ok = ftruncate(fd, static_cast<off_t>(kWindow)) == 0 &&
              mprotect(base_, kEdge, PROT_READ | PROT_WRITE) == 0 &&
              mprotect(base_ + tail, kEdge, PROT_READ | PROT_WRITE) == 0;
    for (std::size_t at = kEdge; ok && at < tail; at += kWindow)
      ok = mmap(base_ + at, kWindow, PROT_READ, MAP_SHARED | MAP_FIXED | MAP_POPULATE, fd, 0) != MAP_FAILED;
    close(fd);
    return ok;
  }

  std::size_t bytes_;
  char* base_ = nullptr;
  T* data_ = nullptr;
};
