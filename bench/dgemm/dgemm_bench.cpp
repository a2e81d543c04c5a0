// swblas-bench-dgemm: times the Fortran dgemm_ (or with --routine any other
// ?gemm_ or Level-3 routine, see level3_routines.h) of any BLAS library loaded by path with dlopen, so that
// swblas, OpenBLAS and BLIS are measured by the same code and none of them is
// linked in.  --peak measures the FMA peaks of the CPU instead.
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "../load_library.h"
#include "bench_harness.h"
#include "fma_peak.h"
#include "level3_routines.h"

namespace {

using namespace swblas_bench;

// The reference Fortran interface with LP64 integers and the two hidden
// string lengths gfortran passes; complex scalars and matrices are (re, im)
// pairs, which is the layout of std::complex.
template <class T>
using fortran_gemm = void (*)(const char* transa, const char* transb, const int* m,
                              const int* n, const int* k, const T* alpha, const T* a,
                              const int* lda, const T* b, const int* ldb, const T* beta, T* c,
                              const int* ldc, std::size_t transa_len, std::size_t transb_len);

void print_usage() {
  std::cout << "usage: swblas-bench-dgemm --lib PATH [--routine R] [options]\n"
               "       swblas-bench-dgemm --peak [--threads N] [--min-time S]\n"
               "Times R_ of the BLAS at PATH (loaded with dlopen) on each shape;\n"
               "prints CSV: library,threads,m,n,k,transa,transb,seconds,gflops,calls_per_run,runs\n"
               "where seconds is the best time of one call over all runs and gflops counts\n"
               "2mnk flops for real, 8mnk for complex GEMMs (the others: see --routine).\n"
               "  --lib PATH         shared library exporting R_\n"
               "  --routine R        sgemm, dgemm, cgemm or zgemm (default dgemm); shapes\n"
               "                     take op C (conjugate transpose) besides N and T;\n"
               "                     or ?symm ?hemm ?trmm ?trsm (shapes m,n,m: A m x m) or\n"
               "                     ?syrk ?herk ?syr2k ?her2k ?gemmt (shapes n,n,k: C n x n),\n"
               "                     side L, uplo U (L for trmm, trsm), no transposes\n"
            << run_options_usage()
            << "  --peak             measure the double and float FMA peaks (one thread per\n"
               "                     core) instead, best of 10 ms runs for --min-time seconds\n"
               "                     each (default 1); without --threads: 1 thread and all cores\n";
}

template <class T>
gemm_call<T> fortran_call(fortran_gemm<T> gemm) {
  return [gemm](gemm_operands<T>& x) {
    const gemm_shape& s = x.shape();
    const int lda = x.lda(), ldb = x.ldb(), ldc = x.ldc();
    gemm(&s.transa, &s.transb, &s.m, &s.n, &s.k, &bench_alpha<T>, x.a(), &lda, x.b(), &ldb,
         &bench_beta<T>, x.c(), &ldc, 1, 1);
  };
}

// Per thread count a row for the double peak, then one for the float peak.
int run_peak(const command_line& cl) {
  const double total_seconds = cl.get_double("min-time", 1.0);
  std::vector<int> thread_counts = {1, static_cast<int>(one_cpu_per_core().size())};
  if (cl.has("threads")) thread_counts = {static_cast<int>(cl.get_long("threads", 1))};
  std::cout << "isa,threads,gflops,precision\n";
  for (int threads : thread_counts)
    for (fma_precision precision : {fma_precision::f64, fma_precision::f32}) {
      const fma_peak peak = measure_fma_peak(threads, total_seconds, precision);
      std::printf("%s,%d,%.3f,%s\n", peak.isa.c_str(), peak.threads, peak.gflops,
                  precision_name(precision));
    }
  return 0;
}

template <class T>
int run_routine(const command_line& cl, const std::string& symbol) {
  const run_options options = read_run_options(cl, "blas");
  const auto gemm = reinterpret_cast<fortran_gemm<T>>(load_symbol(cl.get("lib", ""), symbol));
  run_shapes<T>(options, [gemm](const gemm_shape&) { return fortran_call<T>(gemm); },
                std::cout);
  return 0;
}

int run_benchmark(const command_line& cl) {
  if (!cl.has("lib")) throw std::invalid_argument("--lib is required (or --peak)");
  if (cl.has("threads")) set_thread_environment(cl.get("threads", ""));
  const std::string routine = cl.get("routine", "dgemm");
  if (routine == "sgemm") return run_routine<float>(cl, "sgemm_");
  if (routine == "dgemm") return run_routine<double>(cl, "dgemm_");
  if (routine == "cgemm") return run_routine<std::complex<float>>(cl, "cgemm_");
  if (routine == "zgemm") return run_routine<std::complex<double>>(cl, "zgemm_");
  if (!is_level3_routine(routine))
    throw std::invalid_argument("--routine must be ?gemm or one of " + level3_routine_names() +
                                ", got " + routine);
  const run_options options = read_run_options(cl, "blas");
  run_level3(options, routine, load_symbol(cl.get("lib", ""), routine + "_"), std::cout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::set<std::string> valued = run_option_names;
    valued.insert("lib");
    valued.insert("routine");
    std::set<std::string> flags = run_flag_names;
    flags.insert("peak");
    const command_line cl(argc, argv, valued, flags);
    if (cl.has("help")) {
      print_usage();
      return 0;
    }
    return cl.has("peak") ? run_peak(cl) : run_benchmark(cl);
  } catch (const missing_symbol& error) {
    std::cerr << "swblas-bench-dgemm: " << error.what() << std::endl;
    return 5;
  } catch (const std::exception& error) {
    std::cerr << "swblas-bench-dgemm: " << error.what() << std::endl;
    return 2;
  }
}
