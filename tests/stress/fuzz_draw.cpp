#include "fuzz_draw.h"

#include <cctype>
#include <cstring>
#include <limits>

namespace swblas_stress {

std::size_t bytes_of(storage s) {
  switch (s) {
    case storage::f32: return sizeof(float);
    case storage::f64: return sizeof(double);
    case storage::i32: return sizeof(int);
  }
  return 1;
}

bool chance(rng_t& rng, double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng) < p; }

double unit(rng_t& rng) { return std::uniform_real_distribution<double>(-1.0, 1.0)(rng); }

int dimension(rng_t& rng, int large) {
  if (chance(rng, 0.06)) return 0;
  if (chance(rng, 0.08)) return 1;
  if (chance(rng, 0.12)) return std::uniform_int_distribution<int>(41, large)(rng);
  return std::uniform_int_distribution<int>(2, 40)(rng);
}

int leading_dimension(rng_t& rng, int rows) {
  const int tight = rows > 1 ? rows : 1;
  // Columns 2^28 to 2^31 elements apart: offsets beyond 2^31 elements from
  // the third column on (or the second), in mappings without reserve.
  if (chance(rng, 0.01)) return std::uniform_int_distribution<int>(1 << 28, std::numeric_limits<int>::max() - 1)(rng);
  if (chance(rng, 0.05)) return tight + std::uniform_int_distribution<int>(1000, 5000)(rng);
  if (chance(rng, 0.3)) return tight + std::uniform_int_distribution<int>(1, 9)(rng);
  return tight;
}

int increment(rng_t& rng) {
  const int step = std::uniform_int_distribution<int>(1, 3)(rng);
  if (chance(rng, 0.5)) return 1;
  return chance(rng, 0.5) ? step : -step;
}

char pick(rng_t& rng, const char* options) {
  const int count = static_cast<int>(std::strlen(options));
  const char c = options[std::uniform_int_distribution<int>(0, count - 1)(rng)];
  return chance(rng, 0.1) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : c;
}

std::size_t vector_extent(int n, int inc) {
  if (n <= 0) return 0;
  return 1 + static_cast<std::size_t>(n - 1) * static_cast<std::size_t>(inc < 0 ? -inc : inc);
}

std::size_t matrix_extent(int rows, int cols, int ld) {
  if (rows <= 0 || cols <= 0) return 0;
  return static_cast<std::size_t>(ld) * static_cast<std::size_t>(cols - 1) + static_cast<std::size_t>(rows);
}

std::string describe(const char* name, char value) { return std::string(name) + "=" + value + " "; }

}  // namespace swblas_stress
