// Measured FMA peak of one core, per instruction set: a loop of independent
// FMA chains, enough of them to cover latency x throughput, so the only limit
// is the FMA pipes. Each returns the flops it executed.
#pragma once

#include <cstdint>

namespace swblas::bench {

std::int64_t fma_chains_avx2(std::int64_t iterations);
std::int64_t fma_chains_avx512(std::int64_t iterations);

}  // namespace swblas::bench
