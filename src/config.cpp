// Parsing of the SWBLAS_* environment variables.
#include "config.h"

#include <cctype>
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

// Takes `value` into config if it is a positive integer; else warns.
bool take_threads(const char* name, const std::string& value, runtime_config* config) {
  const std::optional<int> n = positive_integer(value);
  if (!n) {
    config->warnings.push_back(std::string("ignoring ") + name + "=\"" + value +
                               "\" (not a positive integer)");
    return false;
  }
  config->threads = *n < kMaxThreads ? *n : kMaxThreads;
  config->threads_source = name;
  return true;
}

bool is_set(const char* v) { return v != nullptr && *v != '\0'; }

}  // namespace

void parse_thread_count(const char* swblas_num_threads, const char* omp_num_threads,
                        int cores, runtime_config* config) {
  if (is_set(swblas_num_threads) &&
      take_threads("SWBLAS_NUM_THREADS", swblas_num_threads, config))
    return;
  if (is_set(omp_num_threads)) {
    const std::string list = omp_num_threads;
    if (take_threads("OMP_NUM_THREADS", list.substr(0, list.find(',')), config)) return;
  }
  config->threads = cores > 0 ? cores : 1;
  config->threads_source = "cores";
}

runtime_config parse_config(const char* swblas_num_threads, const char* omp_num_threads,
                            const char* verbose, const char* target, int cores) {
  runtime_config config;
  parse_thread_count(swblas_num_threads, omp_num_threads, cores, &config);
  if (is_set(verbose)) {
    const std::string v = trim(verbose);
    config.verbose = v == "0" ? 0 : v == std::to_string(kCallTraceVerbosity) ? kCallTraceVerbosity : 1;
  }
  if (is_set(target)) config.forced_target = lower_case(trim(target));
  return config;
}

runtime_config config_from_environment(int cores) {
  return parse_config(std::getenv("SWBLAS_NUM_THREADS"), std::getenv("OMP_NUM_THREADS"),
                      std::getenv("SWBLAS_VERBOSE"), std::getenv("SWBLAS_TARGET"), cores);
}

}  // namespace swblas
