// Thread-local growable aligned buffers.
#include "pack_buffer.h"

#include <cstdio>
#include <cstdlib>

#include "../asm/ukernel.h"

namespace swblas {
namespace {


// Team threads allocate inside an OpenMP region, where an exception could
// not reach the caller, so running out of memory is fatal everywhere.
[[noreturn]] void out_of_memory(std::size_t bytes) {
  std::fprintf(stderr, "swblas: fatal: cannot allocate %zu bytes for packing buffers\n", bytes);
  std::abort();
}

class aligned_buffer {
 public:
  aligned_buffer() = default;
  aligned_buffer(const aligned_buffer&) = delete;
  aligned_buffer& operator=(const aligned_buffer&) = delete;
  ~aligned_buffer() { std::free(data_); }

  // Grows by at least half each time so that a sequence of slightly larger
  // problems does not reallocate on every call.
  double* reserve(std::size_t doubles) {
    if (doubles <= capacity_) return data_;
    std::size_t want = capacity_ + capacity_ / 2;
    if (want < doubles) want = doubles;
    const std::size_t bytes = (want * sizeof(double) + kPackAlignment - 1) / kPackAlignment *
                              kPackAlignment;
    void* fresh = std::aligned_alloc(kPackAlignment, bytes);
    if (!fresh) out_of_memory(bytes);
    std::free(data_);
    data_ = static_cast<double*>(fresh);
    capacity_ = bytes / sizeof(double);
    return data_;
  }

 private:
  double* data_ = nullptr;
  std::size_t capacity_ = 0;
};

constexpr int kRoles = 6;
thread_local aligned_buffer buffers[kRoles];

}  // namespace

double* thread_pack_buffer(pack_role role, std::size_t doubles) {
  return buffers[static_cast<int>(role)].reserve(doubles);
}

}  // namespace swblas
