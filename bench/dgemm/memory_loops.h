// The streaming loops the benchmarks' memory bounds are measured with (the
// Level-1/2 bandwidth probe, the batch table's memory floor), each compiled
// for the widest vectors the CPU has. The benchmarks are built without ISA
// flags, and as SSE2 loops they understated the bound: one Zen 5 thread read
// 28 GB/s with 16-byte loads and 40 GB/s with 32- or 64-byte ones, which the
// routines being judged reach.
#pragma once

#include <cstddef>

namespace swblas_bench {

// The sum of a[0, n), in independent partial sums (one chain would be
// latency-bound below the bandwidth).
double read_sum(const double* a, std::size_t n);

// a[i] += s * b[i] for i in [0, n).
void update(double* a, const double* b, double s, std::size_t n);

// a[i] = b[i] + s * c[i] for i in [0, n).
void triad(double* a, const double* b, const double* c, double s, std::size_t n);

// c[i] += a[i] + b[i] for i in [0, n): a GEMM's least traffic on its
// operands, read each once and C written back.
void add_into(double* c, const double* a, const double* b, std::size_t n);
void add_into(float* c, const float* a, const float* b, std::size_t n);

}  // namespace swblas_bench
