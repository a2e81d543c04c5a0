// Thread-local growable aligned buffers.
#include "pack_buffer.h"

#include <cstdio>
#include <cstdlib>

#include "../asm/ukernel.h"

namespace swblas {
namespace {


[[noreturn]] void out_of_memory(std::size_t doubles) {
  std::fprintf(stderr, "swblas: fatal: cannot allocate %zu bytes for packing buffers\n", doubles * sizeof(double));
  std::abort();
}

class aligned_buffer {
 public:
  aligned_buffer() = default;
  aligned_buffer(const aligned_buffer&) = delete;
  aligned_buffer& operator=(const aligned_buffer&) = delete;
  ~aligned_buffer() { std::free(data_); }

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

double* try_thread_pack_buffer(pack_role role, std::size_t doubles) {
  return buffers[static_cast<int>(role)].reserve(doubles);
}

double* thread_pack_buffer(pack_role role, std::size_t doubles) {
  double* b = try_thread_pack_buffer(role, doubles);
  if (!b) out_of_memory(doubles);
  return b;
}

}  // namespace swblas
