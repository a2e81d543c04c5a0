// swblas-bench-dgemm: times the Fortran dgemm_ of any BLAS library loaded by
// path with dlopen, so that swblas, OpenBLAS and BLIS are measured by the
// same code and none of them is linked in.  --peak measures the FMA peak of
// the CPU instead.
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "../load_library.h"
#include "bench_harness.h"
#include "fma_peak.h"

namespace {

using namespace swblas_bench;

// The reference Fortran interface with LP64 integers and the two hidden
// string lengths gfortran passes.
using fortran_dgemm = void (*)(const char* transa, const char* transb, const int* m,
                               const int* n, const int* k, const double* alpha, const double* a,
                               const int* lda, const double* b, const int* ldb,
                               const double* beta, double* c, const int* ldc,
                               std::size_t transa_len, std::size_t transb_len);

void print_usage() {
  std::cout << "usage: swblas-bench-dgemm --lib PATH [options]\n"
               "       swblas-bench-dgemm --peak [--threads N] [--min-time S]\n"
               "Times dgemm_ of the BLAS at PATH (loaded with dlopen) on each shape;\n"
               "prints CSV: library,threads,m,n,k,transa,transb,seconds,gflops,calls_per_run,runs\n"
               "where seconds is the best time of one call over all runs.\n"
               "  --lib PATH         shared library exporting dgemm_\n"
            << run_options_usage()
            << "  --peak             measure the FMA peak (one thread per core) instead,\n"
               "                     best of 10 ms runs for --min-time seconds (default 1);\n"
               "                     without --threads: 1 thread and all cores\n";
}

// OpenBLAS and BLIS read their thread counts when they are loaded or first
// called, so the environment must be set before dlopen.
void set_thread_environment(const std::string& threads) {
  for (const char* name :
       {"OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "BLIS_NUM_THREADS", "SWBLAS_NUM_THREADS"})
    setenv(name, threads.c_str(), 1);
}

fortran_dgemm load_dgemm(const std::string& path) {
  void* library = swblas_bench::open_library(path);
  if (!library) throw std::runtime_error(std::string("dlopen failed: ") + dlerror());
  void* symbol = dlsym(library, "dgemm_");
  if (!symbol) throw std::runtime_error(path + " has no dgemm_");
  return reinterpret_cast<fortran_dgemm>(symbol);
}

gemm_call dgemm_call(fortran_dgemm dgemm) {
  return [dgemm](gemm_operands& x) {
    const gemm_shape& s = x.shape();
    const int lda = x.lda(), ldb = x.ldb(), ldc = x.ldc();
    dgemm(&s.transa, &s.transb, &s.m, &s.n, &s.k, &bench_alpha, x.a(), &lda, x.b(), &ldb,
          &bench_beta, x.c(), &ldc, 1, 1);
  };
}

int run_peak(const command_line& cl) {
  const double total_seconds = cl.get_double("min-time", 1.0);
  std::vector<int> thread_counts = {1, static_cast<int>(one_cpu_per_core().size())};
  if (cl.has("threads")) thread_counts = {static_cast<int>(cl.get_long("threads", 1))};
  std::cout << "isa,threads,gflops\n";
  for (int threads : thread_counts) {
    const fma_peak peak = measure_fma_peak(threads, total_seconds);
    std::printf("%s,%d,%.3f\n", peak.isa.c_str(), peak.threads, peak.gflops);
  }
  return 0;
}

int run_benchmark(const command_line& cl) {
  if (!cl.has("lib")) throw std::invalid_argument("--lib is required (or --peak)");
  if (cl.has("threads")) set_thread_environment(cl.get("threads", ""));
  const run_options options = read_run_options(cl, "blas");
  const fortran_dgemm dgemm = load_dgemm(cl.get("lib", ""));
  run_shapes(options, [dgemm](const gemm_shape&) { return dgemm_call(dgemm); }, std::cout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::set<std::string> valued = run_option_names;
    valued.insert("lib");
    std::set<std::string> flags = run_flag_names;
    flags.insert("peak");
    const command_line cl(argc, argv, valued, flags);
    if (cl.has("help")) {
      print_usage();
      return 0;
    }
    return cl.has("peak") ? run_peak(cl) : run_benchmark(cl);
  } catch (const std::exception& error) {
    std::cerr << "swblas-bench-dgemm: " << error.what() << std::endl;
    return 2;
  }
}
