// swblas-bench-xsmm: times libxsmm's JIT-generated small-matrix kernels
// (libxsmm_dmmdispatch, NN only) with the same protocol and CSV rows as
// swblas-bench-dgemm; with --blas-call, libxsmm_dgemm instead, the BLAS-style
// entry that finds the kernel on every call, as a BLAS's dgemm_ must.  A separate executable because libxsmm is linked
// statically together with libxsmmnoblas, whose stub dgemm_ must not meet
// the BLAS libraries swblas-bench-dgemm loads.
#include <libxsmm.h>

#include <iostream>
#include <set>
#include <stdexcept>
#include <string>

#include "bench_harness.h"

namespace {

using namespace swblas_bench;

void print_usage() {
  std::cout << "usage: swblas-bench-xsmm [--blas-call] [options]\n"
               "Times libxsmm " LIBXSMM_VERSION " JIT kernels (C += A*B, NN only, one thread);\n"
               "prints the same CSV rows as swblas-bench-dgemm.\n"
               "  --blas-call        call libxsmm_dgemm (Fortran dgemm's arguments, the kernel\n"
               "                     dispatched on every call; m n k <= " +
                   std::to_string(LIBXSMM_CONFIG_MAX_MNK) + ")\n"
            << run_options_usage();
}

// Thrown when libxsmm cannot generate a kernel for a shape (exit status 4, so
// that run_bench.py tells it from a setup error).
struct no_kernel : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// libxsmm kernels take only the operand pointers; shape, leading dimensions
// and beta are fixed when the kernel is generated.
gemm_call<double> xsmm_call(const gemm_shape& s) {
  if (s.transa != 'N' || s.transb != 'N')
    throw std::invalid_argument("swblas-bench-xsmm times NN problems only");
  const libxsmm_blasint lda = s.m, ldb = s.k, ldc = s.m;
  const int flags = LIBXSMM_GEMM_FLAG_NONE;
  const int prefetch = LIBXSMM_GEMM_PREFETCH_NONE;
  const libxsmm_dmmfunction kernel =
      libxsmm_dmmdispatch(s.m, s.n, s.k, &lda, &ldb, &ldc, &bench_alpha<double>,
                          &bench_beta<double>, &flags, &prefetch);
  if (!kernel)
    throw no_kernel("libxsmm has no kernel for m=" + std::to_string(s.m) +
                             " n=" + std::to_string(s.n) + " k=" + std::to_string(s.k));
  return [kernel](gemm_operands<double>& x) { kernel(x.a(), x.b(), x.c()); };
}

// libxsmm_dgemm takes a larger problem to the BLAS it was linked with, here
// libxsmmnoblas's stub: only the shapes it multiplies itself.
gemm_call<double> xsmm_blas_call(const gemm_shape& s) {
  if (s.transa != 'N' || s.transb != 'N')
    throw std::invalid_argument("swblas-bench-xsmm times NN problems only");
  if (double(s.m) * double(s.n) * double(s.k) > double(LIBXSMM_CONFIG_MAX_MNK))
    throw no_kernel("libxsmm_dgemm passes m n k > " + std::to_string(LIBXSMM_CONFIG_MAX_MNK) + " to a BLAS");
  return [](gemm_operands<double>& x) {
    const gemm_shape& s = x.shape();
    const libxsmm_blasint m = s.m, n = s.n, k = s.k, lda = x.lda(), ldb = x.ldb(), ldc = x.ldc();
    libxsmm_dgemm("N", "N", &m, &n, &k, &bench_alpha<double>, x.a(), &lda, x.b(), &ldb, &bench_beta<double>, x.c(),
                  &ldc);
  };
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::set<std::string> flags = run_flag_names;
    flags.insert("blas-call");
    const command_line cl(argc, argv, run_option_names, flags);
    if (cl.has("help")) {
      print_usage();
      return 0;
    }
    run_options options = read_run_options(cl, "libxsmm");
    options.threads = "1";
    libxsmm_init();
    run_shapes<double>(options, cl.has("blas-call") ? xsmm_blas_call : xsmm_call, std::cout);
    libxsmm_finalize();
    return 0;
  } catch (const no_kernel& error) {
    std::cerr << "swblas-bench-xsmm: " << error.what() << std::endl;
    return 4;
  } catch (const std::exception& error) {
    std::cerr << "swblas-bench-xsmm: " << error.what() << std::endl;
    return 2;
  }
}
