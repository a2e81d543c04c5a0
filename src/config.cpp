// Parsing of the SWBLAS_* environment variables, and the CPU affinity mask
// that bounds the thread count they may ask for.
#include "config.h"

#include <sched.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <optional>

namespace swblas {
namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

std::string lower_case(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// A positive integer (surrounding blanks allowed), or nothing.
std::optional<int> positive_integer(const std::string& text) {
  const std::string s = trim(text);
  if (s.empty() || s.size() > 9) return std::nullopt;
  for (char ch : s)
    if (!std::isdigit(static_cast<unsigned char>(ch))) return std::nullopt;
  const int v = std::atoi(s.c_str());
  if (v <= 0) return std::nullopt;
  return v;
}

bool is_set(const char* v) { return v != nullptr && *v != '\0'; }

// The most threads a variable may ask for: `hardware_threads` (0: unknown),
// since more threads than PUs only take turns on them, unless
// `oversubscribe` allows more; never more than kMaxThreads.
struct thread_limit {
  int hardware_threads;
  bool oversubscribe;

  // `threads` lowered to the hardware threads unless oversubscribed.
  int within_hardware(int threads) const {
    return !oversubscribe && hardware_threads > 0 ? std::min(threads, hardware_threads) : threads;
  }
};

// Takes `value` into config if it is a positive integer, lowered to the
// limit with a warning; else warns and leaves config as it was.
bool take_threads(const char* name, const std::string& value, const thread_limit& limit,
                  runtime_config* config) {
  const std::optional<int> n = positive_integer(value);
  if (!n) {
    config->warnings.push_back(std::string("ignoring ") + name + "=\"" + value +
                               "\" (not a positive integer)");
    return false;
  }
  const std::string asked = std::string(name) + "=" + std::to_string(*n);
  int threads = limit.within_hardware(*n);
  if (threads < *n) {
    config->warnings.push_back(asked + " exceeds the " + std::to_string(threads) +
                               " hardware threads this process may run on; using " +
                               std::to_string(threads) + " (SWBLAS_OVERSUBSCRIBE=1 allows more)");
  }
  if (threads > kMaxThreads) {
    threads = kMaxThreads;
    config->warnings.push_back(asked + " exceeds swblas's limit; using " +
                               std::to_string(threads));
  }
  config->threads = threads;
  config->threads_source = name;
  return true;
}

// SWBLAS_OVERSUBSCRIBE: 1 allows more threads than hardware threads; 0 or
// unset does not, and so does any other value, with a warning.
bool allows_oversubscription(const char* oversubscribe, runtime_config* config) {
  if (!is_set(oversubscribe)) return false;
  const std::string v = trim(oversubscribe);
  if (v == "1") return true;
  if (v != "0")
    config->warnings.push_back(std::string("ignoring SWBLAS_OVERSUBSCRIBE=\"") + oversubscribe +
                               "\" (expected 0 or 1)");
  return false;
}

// The hardware threads (PUs) in this process's CPU affinity mask, 0 if it
// cannot be read. A machine with more than CPU_SETSIZE CPUs needs a wider
// set than cpu_set_t (sched_getaffinity fails with EINVAL), so it grows.
int affinity_hardware_threads() {
  constexpr int kMostCpus = 1 << 20;
  for (int cpus = CPU_SETSIZE; cpus <= kMostCpus; cpus *= 2) {
    cpu_set_t* set = CPU_ALLOC(cpus);
    if (set == nullptr) return 0;
    const std::size_t size = CPU_ALLOC_SIZE(cpus);
    const bool read = sched_getaffinity(0, size, set) == 0;
    const bool too_narrow = !read && errno == EINVAL;
    const int count = read ? CPU_COUNT_S(size, set) : 0;
    CPU_FREE(set);
    if (!too_narrow) return count;
  }
  return 0;
}

// SWBLAS_VERBOSE: 0, 1 or 2, blanks around allowed. Any other value warns
// and means 0: "no" or "off" is as likely as "yes", and a program that did
// not clearly ask for the start-up report should not find it on its stderr;
// the warning already tells that the variable was seen.
int verbosity(const char* verbose, runtime_config* config) {
  const std::string v = trim(verbose);
  for (int level = 0; level <= kCallTraceVerbosity; ++level)
    if (v == std::to_string(level)) return level;
  config->warnings.push_back(std::string("ignoring SWBLAS_VERBOSE=\"") + verbose +
                             "\" (expected 0, 1 or 2)");
  return 0;
}

}  // namespace

void parse_thread_count(const char* swblas_num_threads, const char* omp_num_threads,
                        const char* oversubscribe, int cores, int hardware_threads,
                        runtime_config* config) {
  const thread_limit limit{hardware_threads, allows_oversubscription(oversubscribe, config)};
  if (is_set(swblas_num_threads) &&
      take_threads("SWBLAS_NUM_THREADS", swblas_num_threads, limit, config))
    return;
  if (is_set(omp_num_threads)) {
    const std::string list = omp_num_threads;
    if (take_threads("OMP_NUM_THREADS", list.substr(0, list.find(',')), limit, config)) return;
  }
  config->threads = cores > 0 ? cores : 1;
  config->threads_source = "cores";
}

runtime_config parse_config(const char* swblas_num_threads, const char* omp_num_threads,
                            const char* oversubscribe, const char* verbose, const char* target,
                            int cores, int hardware_threads) {
  runtime_config config;
  parse_thread_count(swblas_num_threads, omp_num_threads, oversubscribe, cores, hardware_threads,
                     &config);
  if (is_set(verbose)) config.verbose = verbosity(verbose, &config);
  if (is_set(target)) config.forced_target = lower_case(trim(target));
  return config;
}

int capped_thread_count(int threads) {
  runtime_config ignored;
  const thread_limit limit{affinity_hardware_threads(),
                           allows_oversubscription(std::getenv("SWBLAS_OVERSUBSCRIBE"), &ignored)};
  return std::min(limit.within_hardware(threads), kMaxThreads);
}

runtime_config config_from_environment(int cores) {
  return parse_config(std::getenv("SWBLAS_NUM_THREADS"), std::getenv("OMP_NUM_THREADS"),
                      std::getenv("SWBLAS_OVERSUBSCRIBE"), std::getenv("SWBLAS_VERBOSE"),
                      std::getenv("SWBLAS_TARGET"), cores, affinity_hardware_threads());
}

}  // namespace swblas
