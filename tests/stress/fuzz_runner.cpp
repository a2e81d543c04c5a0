#include "fuzz_runner.h"

#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <sstream>

#include "fuzz_draw.h"

namespace swblas_stress {
namespace {

// Operands larger than this are visited through `declared` only.
constexpr std::size_t kSparseBytes = std::size_t(1) << 28;

// `bytes` of read-write memory with an inaccessible page on either side,
// flush against the one after it or the one before it.
class guarded_storage {
 public:
  guarded_storage(std::size_t bytes, bool against_end) {
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t inner = (bytes + page - 1) / page * page;
    mapped_ = inner + 2 * page;
    // Without reserve: an operand far larger than memory costs only the
    // pages the calls touch (small ones, not huge pages).
    void* p = mmap(nullptr, mapped_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return;
    base_ = static_cast<unsigned char*>(p);
    if (bytes > kSparseBytes) madvise(base_, mapped_, MADV_NOHUGEPAGE);
    if (inner > 0) mprotect(base_ + page, inner, PROT_READ | PROT_WRITE);
    data_ = base_ + page + (against_end ? inner - bytes : 0);
  }
  ~guarded_storage() {
    if (base_) munmap(base_, mapped_);
  }
  guarded_storage(const guarded_storage&) = delete;
  guarded_storage& operator=(const guarded_storage&) = delete;
  unsigned char* data() const { return data_; }

 private:
  unsigned char* base_ = nullptr;
  unsigned char* data_ = nullptr;
  std::size_t mapped_ = 0;
};

// Scalar i of an operand without a fill of its own: uniform in [-1, 1].
void fill_one(const operand& o, void* data, std::size_t i, rng_t& rng) {
  switch (o.type) {
    case storage::f32: static_cast<float*>(data)[i] = static_cast<float>(unit(rng)); break;
    case storage::f64: static_cast<double*>(data)[i] = unit(rng); break;
    case storage::i32: static_cast<int*>(data)[i] = -7; break;
  }
}

void set_nan(const operand& o, void* data, std::size_t i) {
  if (o.type == storage::f32) static_cast<float*>(data)[i] = std::numeric_limits<float>::quiet_NaN();
  if (o.type == storage::f64) static_cast<double*>(data)[i] = std::numeric_limits<double>::quiet_NaN();
}

double real_at(const operand& o, const unsigned char* data, std::size_t i) {
  switch (o.type) {
    case storage::f32: return reinterpret_cast<const float*>(data)[i];
    case storage::f64: return reinterpret_cast<const double*>(data)[i];
    case storage::i32: return reinterpret_cast<const int*>(data)[i];
  }
  return 0.0;
}

bool agrees(double got, double want, double tolerance) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  return std::fabs(got - want) <= tolerance;
}

std::string mismatch(const fuzz_case& c, const operand& o, std::size_t i, const char* what, double got,
                     double want, double before) {
  std::ostringstream m;
  m.precision(17);
  m << c.routine << "(" << c.arguments << "): " << o.name << " scalar " << i << " " << what << ": swblas " << got
    << ", reference " << want << ", before " << before;
  if (o.output) m << ", tolerance " << o.tolerance;
  return m.str();
}

}  // namespace

reference_blas::reference_blas(const char* path) {
  handle_ = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle_) error_ = dlerror();
}

reference_blas::~reference_blas() {
  if (handle_) dlclose(handle_);
}

void* reference_blas::symbol(const std::string& name) const { return handle_ ? dlsym(handle_, name.c_str()) : nullptr; }

void* swblas_symbol(const std::string& name) { return dlsym(RTLD_DEFAULT, name.c_str()); }

case_outcome run_case(const fuzz_case& c, const reference_blas& reference, rng_t& rng, bool against_end_guard) {
  void* mine = swblas_symbol(c.routine);
  const std::string& theirs_name = c.call_reference ? c.reference_routine : c.routine;
  void* theirs = reference.symbol(theirs_name);
  if (!mine) return {false, "swblas does not export " + c.routine};
  if (!theirs) return {false, "the reference BLAS does not export " + theirs_name};

  const std::size_t n = c.operands.size();
  std::vector<std::unique_ptr<guarded_storage>> mappings;
  std::vector<std::vector<unsigned char>> before(n), dense_copies(n);  // before: the visited scalars, in order
  std::vector<char> sparse(n);
  std::vector<void*> mine_data(n), theirs_data(n);
  std::string planted;  // where NaNs were put, for the message
  for (std::size_t k = 0; k < n; ++k) {
    const operand& o = c.operands[k];
    const std::size_t bytes = o.count * bytes_of(o.type), width = bytes_of(o.type);
    sparse[k] = bytes > kSparseBytes;
    if (sparse[k] && (o.fill || !o.declared)) return {true, {}};
    mappings.push_back(std::make_unique<guarded_storage>(bytes, against_end_guard));
    unsigned char* data = mappings.back()->data();
    if (!data && sparse[k]) return {true, {}};  // address space: a draw too large for this machine
    if (!data) return {false, "mmap of " + std::to_string(bytes) + " bytes for " + o.name + " failed"};
    mine_data[k] = data;
    if (sparse[k]) {
      mappings.push_back(std::make_unique<guarded_storage>(bytes, against_end_guard));
      unsigned char* copy = mappings.back()->data();
      if (!copy) return {true, {}};
      o.declared([&](std::size_t i) {
        fill_one(o, data, i, rng);
        std::memcpy(copy + i * width, data + i * width, width);
        before[k].insert(before[k].end(), data + i * width, data + (i + 1) * width);
      });
      theirs_data[k] = copy;
      continue;
    }
    if (o.fill) {
      o.fill(data, rng);
    } else {
      for (std::size_t i = 0; i < o.count; ++i) fill_one(o, data, i, rng);
    }
    // Now and then a NaN: it must reach what the reference lets it reach
    // (beta = 0 overwrites it; a triangle or a gap not read keeps it out).
    if (o.nan_allowed && o.type != storage::i32 && o.count > 0 && chance(rng, 0.05)) {
      const std::size_t at = std::uniform_int_distribution<std::size_t>(0, o.count - 1)(rng);
      set_nan(o, data, at);
      planted += " " + o.name + " scalar " + std::to_string(at);
    }
    before[k].assign(data, data + bytes);
    // Doubles' alignment for the reference's copy, one element more so an
    // empty operand still has an address.
    dense_copies[k].resize(bytes + sizeof(double));
    std::memcpy(dense_copies[k].data(), data, bytes);
    theirs_data[k] = dense_copies[k].data();
  }

  (c.call_reference ? c.call_reference : c.call)(theirs, theirs_data.data());
  c.call(mine, mine_data.data());

  std::string failure;
  for (std::size_t k = 0; k < n && failure.empty(); ++k) {
    const operand& o = c.operands[k];
    const unsigned char* got = static_cast<const unsigned char*>(mine_data[k]);
    const unsigned char* want = static_cast<const unsigned char*>(theirs_data[k]);
    const std::size_t width = bytes_of(o.type);
    std::size_t visited = 0;
    const auto check = [&](std::size_t i) {
      const unsigned char* was = before[k].data() + (sparse[k] ? visited++ : i) * width;
      if (!failure.empty()) return;
      if (o.output && o.written(i)) {
        const std::size_t first = i / o.parts * o.parts;
        bool got_nan = false, want_nan = false;
        for (std::size_t j = first; j < first + o.parts; ++j) {
          got_nan = got_nan || std::isnan(real_at(o, got, j));
          want_nan = want_nan || std::isnan(real_at(o, want, j));
        }
        if (got_nan && want_nan) return;
        if (got_nan != want_nan || !agrees(real_at(o, got, i), real_at(o, want, i), o.tolerance))
          failure = mismatch(c, o, i, "differs", real_at(o, got, i), real_at(o, want, i), real_at(o, was, 0));
      } else if (std::memcmp(got + i * width, was, width) != 0) {
        failure = mismatch(c, o, i, o.output ? "is not the routine's to write, but changed" : "is an input, but changed",
                           real_at(o, got, i), real_at(o, want, i), real_at(o, was, 0));
      }
    };
    if (sparse[k]) {
      o.declared(check);
    } else {
      for (std::size_t i = 0; i < o.count && failure.empty(); ++i) check(i);
    }
  }
  if (!failure.empty() && !planted.empty()) failure += "; NaN put at" + planted;
  return {false, failure};
}

std::uint64_t case_seed(std::uint64_t seed, std::uint64_t index) {
  // splitmix64 of the pair: neighbouring indices give unrelated streams.
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + index + 1;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

case_outcome run_one(const case_maker& maker, const reference_blas& reference, std::uint64_t seed) {
  rng_t rng(seed);
  const fuzz_case c = maker.make(rng);
  case_outcome outcome = run_case(c, reference, rng, seed % 2 == 0);
  if (!outcome.failure.empty())
    outcome.failure += " [replay: SWBLAS_FUZZ_REPLAY=" + maker.routine + ":" + std::to_string(seed) + "]";
  return outcome;
}

fuzz_report fuzz(const std::vector<case_maker>& makers, const reference_blas& reference, std::uint64_t seed,
                 double seconds, int min_rounds, long max_cases) {
  fuzz_report report;
  if (makers.empty()) return report;
  const auto start = std::chrono::steady_clock::now();
  const long min_cases = static_cast<long>(makers.size()) * min_rounds;
  for (std::uint64_t i = 0;; ++i) {
    if (max_cases > 0 && report.cases >= max_cases) break;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (report.cases >= min_cases && elapsed >= seconds) break;
    const case_maker& maker = makers[i % makers.size()];
    const auto case_start = std::chrono::steady_clock::now();
    case_outcome outcome = run_one(maker, reference, case_seed(seed, i));
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - case_start).count();
    if (took > report.slowest) {
      report.slowest = took;
      report.slowest_case = maker.routine + ":" + std::to_string(case_seed(seed, i));
    }
    ++report.cases;
    if (outcome.skipped) ++report.skipped;
    if (!outcome.failure.empty()) report.failures.push_back(std::move(outcome.failure));
    if (report.failures.size() >= 20) break;
  }
  return report;
}

}  // namespace swblas_stress
