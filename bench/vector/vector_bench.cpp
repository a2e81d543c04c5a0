// swblas-bench-vector: times one Level-1 or Level-2 routine (see
// vector_routines.h) of any BLAS library loaded by path with dlopen, so that
// swblas, OpenBLAS and BLIS are measured by the same code and none of them is
// linked in.  --stream measures the memory bandwidth instead (the bound of
// these routines), --call-cost the time of a call at length 8.
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "../load_library.h"
#include "bandwidth_probe.h"
#include "bench_harness.h"
#include "fma_peak.h"
#include "vector_routines.h"

namespace {

using namespace swblas_bench;

constexpr const char* csv_header =
    "library,routine,threads,size,seconds,gbytes_per_s,gflops,calls_per_run,runs";

void print_usage() {
  std::cout
      << "usage: swblas-bench-vector --lib PATH --routine R --sizes LIST [options]\n"
         "       swblas-bench-vector --lib PATH --call-cost [options]\n"
         "       swblas-bench-vector --stream [--threads N] [--min-time S]\n"
         "Times the Fortran R_ of the BLAS at PATH (loaded with dlopen) on each size;\n"
         "prints CSV: " << csv_header << "\n"
         "where seconds is the best time of one call, gbytes_per_s the bytes one call\n"
         "moves (the traffic model of vector_routines.h) over it, and a run repeats the\n"
         "call for at least 1 ms.\n"
         "  --lib PATH         shared library exporting R_\n"
         "  --routine R        one of: " << vector_routine_names() << "\n"
         "                     (dgemv_n, dgemv_t: dgemv_ with TRANS N, T; dsymv uplo U;\n"
         "                     dtrsv, dtrmv uplo U, trans N, diag N)\n"
         "  --sizes LIST       vector lengths, or matrix orders n (n x n) of the Level-2\n"
         "                     routines, separated by ',', ';' or spaces; 1e6 is allowed\n"
         "  --threads N        thread count (sets OMP/OPENBLAS/BLIS/SWBLAS_NUM_THREADS)\n"
         "  --min-time S       runs of a size for at least S seconds, the best counting\n"
         "                     (default 0.2; 0: one run; --stream: per kernel, default 0.5)\n"
         "  --label NAME       first CSV column (default blas)\n"
         "  --seed X           random data seed (default 1)\n"
         "  --offset B         operands start B bytes past a 64-byte boundary (default 0;\n"
         "                     16 is where glibc's malloc puts large blocks)\n"
         "  --no-header        omit the CSV header\n"
         "  --call-cost        ddot and daxpy at n = 8, and an empty call through the same\n"
         "                     harness (library 'harness', routine empty_call): the\n"
         "                     per-call overhead\n"
         "  --stream           the bandwidth probe: kernels read (8 B an element), update\n"
         "                     (24 B) and triad (32 B, write-allocate counted) over arrays\n"
         "                     of 4x the last-level cache; without --threads on 1 thread\n"
         "                     and one per core. CSV: kernel,threads,gbytes_per_s,\n"
         "                     bytes_per_element,array_bytes,llc_bytes\n"
         "Exit status: 0 ok, 2 setup error, 3 wrong result, 5 the library lacks R_.\n";
}

// Sizes as integers 1 ... INT_MAX (Fortran INTEGER); "1e7" is 10000000.
std::vector<int> parse_sizes(const std::string& list) {
  std::string text = list;
  for (char& c : text)
    if (c == ',' || c == ';') c = ' ';
  std::istringstream items(text);
  std::vector<int> sizes;
  for (std::string item; items >> item;) {
    std::size_t used = 0;
    const double value = std::stod(item, &used);
    if (used != item.size() || value < 1 || value > INT_MAX || value != static_cast<int>(value))
      throw std::invalid_argument("bad size '" + item + "'");
    sizes.push_back(static_cast<int>(value));
  }
  if (sizes.empty()) throw std::invalid_argument("no size given");
  return sizes;
}

struct options {
  std::string label;
  std::string threads;
  timing_options timing;
  std::uint64_t seed = 1;
  std::size_t offset = 0;
};

// A run lasts at least 1 ms (whole calls); runs go on until min-time seconds
// are spent on the size; the best call time counts.
options read_options(const command_line& cl) {
  options o;
  o.label = cl.get("label", "blas");
  const char* omp_threads = std::getenv("OMP_NUM_THREADS");
  o.threads = cl.get("threads", omp_threads ? omp_threads : "default");
  o.timing.min_run_seconds = 0.001;
  o.timing.runs = INT_MAX;
  o.timing.max_seconds = cl.get_double("min-time", 0.2);
  o.seed = static_cast<std::uint64_t>(cl.get_long("seed", 1));
  const long offset = cl.get_long("offset", 0);
  if (offset < 0 || offset >= 64) throw std::invalid_argument("--offset takes 0..63 bytes");
  o.offset = static_cast<std::size_t>(offset);
  return o;
}

void print_row(const options& o, const std::string& library, const std::string& routine,
               int size, double bytes, double flops, const timing_result& t) {
  std::printf("%s,%s,%s,%d,%.6e,%.3f,%.3f,%ld,%d\n", library.c_str(), routine.c_str(),
              o.threads.c_str(), size, t.seconds, bytes / t.seconds * 1e-9,
              flops / t.seconds * 1e-9, t.calls_per_run, t.runs);
  std::fflush(stdout);
}

// time_best_of_runs after an estimate of the call's time from the fastest of
// up to 5 single calls: its calibration keeps the call count of the first run
// that lasts the run length, so one call slowed down by another process
// would otherwise leave runs of a single call.
timing_result time_call(const std::function<void()>& call, timing_options timing) {
  double fastest = 1e300;
  for (int i = 0; i < 5; ++i) {
    const auto start = std::chrono::steady_clock::now();
    call();
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    fastest = std::min(fastest, elapsed.count());
    if (fastest >= timing.min_run_seconds) break;  // one call is a run
  }
  timing.min_calls = std::max(1L, static_cast<long>(timing.min_run_seconds / fastest));
  return time_best_of_runs(call, timing);
}

// The first call is checked (a wrong result ends the process with status
// 3), then the call is timed.
void run_size(const options& o, const std::string& routine, void* symbol, int n) {
  const vector_case c = make_vector_case(routine, symbol, n, o.offset, o.seed);
  const std::string error = c.run.checked_call();
  if (!error.empty()) {
    std::cerr << "swblas-bench-vector: wrong result from " << o.label << " " << routine
              << " n=" << n << ": " << error << std::endl;
    std::exit(3);
  }
  print_row(o, o.label, routine, n, c.bytes, c.run.flops, time_call(c.run.call, o.timing));
}

int run_routine(const command_line& cl) {
  const std::string routine = cl.get("routine", "");
  if (!is_vector_routine(routine))
    throw std::invalid_argument("--routine must be one of " + vector_routine_names() +
                                ", got '" + routine + "'");
  const std::vector<int> sizes = parse_sizes(cl.get("sizes", ""));
  const options o = read_options(cl);
  void* symbol = load_symbol(cl.get("lib", ""), vector_routine_symbol(routine));
  if (!cl.has("no-header")) std::cout << csv_header << std::endl;
  for (int n : sizes) run_size(o, routine, symbol, n);
  return 0;
}

// ddot and daxpy at n = 8 (a routine the library lacks is left out; status 5
// when it lacks both), then an empty std::function call timed the same way.
int run_call_cost(const command_line& cl) {
  const options o = read_options(cl);
  if (!cl.has("no-header")) std::cout << csv_header << std::endl;
  int found = 0;
  for (const std::string routine : {"ddot", "daxpy"}) {
    try {
      run_size(o, routine, load_symbol(cl.get("lib", ""), vector_routine_symbol(routine)), 8);
      ++found;
    } catch (const missing_symbol& error) {
      std::cerr << "swblas-bench-vector: " << error.what() << std::endl;
    }
  }
  if (found == 0) return 5;
  print_row(o, "harness", "empty_call", 8, 0.0, 0.0, time_call([] {}, o.timing));
  return 0;
}

int run_stream(const command_line& cl) {
  std::vector<int> thread_counts = {1, static_cast<int>(one_cpu_per_core().size())};
  if (cl.has("threads")) thread_counts = {static_cast<int>(cl.get_long("threads", 1))};
  if (thread_counts[0] < 1) throw std::invalid_argument("--threads must be at least 1");
  if (thread_counts.size() == 2 && thread_counts[1] == 1) thread_counts.pop_back();
  const double min_seconds = cl.get_double("min-time", 0.5);
  const std::size_t llc = last_level_cache_bytes();
  if (!cl.has("no-header"))
    std::cout << "kernel,threads,gbytes_per_s,bytes_per_element,array_bytes,llc_bytes\n";
  for (int threads : thread_counts)
    for (const bandwidth& b : measure_bandwidth(threads, min_seconds))
      std::printf("%s,%d,%.3f,%d,%zu,%zu\n", b.kernel.c_str(), b.threads, b.gbytes_per_s,
                  b.bytes_per_element, b.array_bytes, llc);
  return 0;
}

int run(const command_line& cl) {
  if (cl.has("stream")) return run_stream(cl);
  if (!cl.has("lib")) throw std::invalid_argument("--lib is required (or --stream)");
  if (cl.has("threads")) set_thread_environment(cl.get("threads", ""));
  return cl.has("call-cost") ? run_call_cost(cl) : run_routine(cl);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const command_line cl(argc, argv,
                          {"lib", "routine", "sizes", "threads", "min-time", "label", "seed", "offset"},
                          {"stream", "call-cost", "no-header", "help"});
    if (cl.has("help")) {
      print_usage();
      return 0;
    }
    return run(cl);
  } catch (const missing_symbol& error) {
    std::cerr << "swblas-bench-vector: " << error.what() << std::endl;
    return 5;
  } catch (const std::exception& error) {
    std::cerr << "swblas-bench-vector: " << error.what() << std::endl;
    return 2;
  }
}
