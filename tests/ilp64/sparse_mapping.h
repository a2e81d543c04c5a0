// Arrays far larger than memory that cost only the pages a test touches:
// anonymous private memory without reserved swap, whose untouched pages
// read as zero (the kernel maps its zero page) and take no memory.
#pragma once

#include <sys/mman.h>

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
