// One step of a spin-wait: tells the core (and an SMT sibling) that this
// thread only waits.
#pragma once

namespace swblas {

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__powerpc64__)
  __asm__ volatile("or 27,27,27" ::: "memory");  // lower the SMT priority while spinning
#endif
}

}  // namespace swblas
