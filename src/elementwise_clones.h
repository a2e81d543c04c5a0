// Element-wise passes of the runtime (the fused operations outside a
// generated kernel) are compiled twice: baseline and x86-64-v3 (AVX2 + FMA;
// chosen by CPU features, unlike arch=haswell, which tests the CPU model),
// picked by the loader, so that they vectorise as the generated kernels do
// (the runtime itself has no ISA flags). Not under ThreadSanitizer: the
// loader runs the clones' resolvers before TSan's runtime is up, and the
// instrumented resolvers then crash at start-up.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
#define SWBLAS_ELEMENTWISE_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define SWBLAS_ELEMENTWISE_CLONES
#endif
