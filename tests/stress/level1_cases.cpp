// Random calls of every Level-1 routine netlib exports, all precisions,
// through the Fortran entry points. A function's value goes into a result
// operand of one element; the scalar in/out arguments of the rotation
// constructions are operands of one element each.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_draw.h"
#include "swblas.h"

namespace swblas_stress {
namespace {

using rotg_fn = void (*)(void*, void*, void*, void*);
using rotmg_fn = void (*)(void*, void*, void*, cv, void*);
using rot_fn = void (*)(ci, void*, ci, void*, ci, cv, cv);
using rotm_fn = void (*)(ci, void*, ci, void*, ci, cv);
using swap_fn = void (*)(ci, void*, ci, void*, ci);
using scal_fn = void (*)(ci, cv, void*, ci);
using copy_fn = void (*)(ci, cv, ci, void*, ci);
using axpy_fn = void (*)(ci, cv, cv, ci, void*, ci);
template <class V>
using dot_fn = V (*)(ci, cv, ci, cv, ci);
using sdsdot_fn = float (*)(ci, cv, cv, ci, cv, ci);
template <class V>
using vector_function_fn = V (*)(ci, cv, ci);  // nrm2, asum, i?amax
template <class R>
using cabs1_fn = R (*)(cv);

template <class T>
T from_fortran(fortran_value_t<T> v) {
  if constexpr (is_complex<T>)
    return T(__real__ v, __imag__ v);
  else
    return v;
}

template <class T>
double epsilon_of() {
  return std::numeric_limits<real_t<T>>::epsilon();
}

// "nrm2" -> snrm2_, dnrm2_, scnrm2_, dznrm2_ (and csrot_, zdrot_ with
// `complex_first`).
template <class T>
std::string mixed_name(const char* operation, bool complex_first = false) {
  if constexpr (is_complex<T>) {
    const char c = prefix_of<T>(), r = prefix_of<real_t<T>>();
    return std::string{complex_first ? c : r, complex_first ? r : c} + operation + "_";
  }
  return routine_name<T>(operation);
}

// Mostly dimension()'s lengths, up to a few thousand for the vector
// kernels' bodies, and now and then enough that a team of threads splits
// the call (src/vector_team.h: two threads from 512 KiB).
int length(rng_t& rng) {
  if (chance(rng, 0.02)) return std::uniform_int_distribution<int>(40000, 120000)(rng);
  return dimension(rng, 4000);
}

// increment(), and 0 now and then where the reference defines the call
// with it (an input repeated, or a quick return).
int increment_or_zero(rng_t& rng) { return chance(rng, 0.1) ? 0 : increment(rng); }

// output_vector, or for increment 0 the one element it names.
template <class T>
operand updated_vector(std::string name, int n, int inc, double tolerance) {
  if (inc != 0) return output_vector<T>(std::move(name), n, inc, tolerance);
  return output_storage<T>(std::move(name), vector_extent(n, inc), tolerance);
}

template <class T>
std::function<void(void*, rng_t&)> fill_with(T value) {
  return [value](void* data, rng_t&) { *static_cast<T*>(data) = value; };
}

// describe() with every digit: the rotation constructions' inputs span
// many orders of magnitude.
template <class T>
std::string describe_exactly(const char* name, T value) {
  std::ostringstream s;
  s.precision(std::numeric_limits<real_t<T>>::max_digits10);
  s << name << "=" << value << " ";
  return s.str();
}

// The function's value: one element, written by the invoker.
template <class T>
operand result(double tolerance) {
  return output_storage<T>("result", 1, tolerance);
}

// A rotg input: zero now and then (the reference's special cases), for a
// complex one a zero part now and then, on a scale shared by a and b far
// enough out that the scaled branches (beyond rtmin, rtmax) run too.
template <class T>
T rotg_input(rng_t& rng, double scale) {
  using R = real_t<T>;
  if (chance(rng, 0.15)) return T(R(0));
  const double size = scale * std::ldexp(1.0, std::uniform_int_distribution<int>(-8, 8)(rng));
  if constexpr (is_complex<T>) {
    const double re = chance(rng, 0.15) ? 0.0 : unit(rng) * size, im = chance(rng, 0.15) ? 0.0 : unit(rng) * size;
    return T(R(re), R(im));
  }
  return T(R(unit(rng) * size));
}

// ?rotg: a := r (and for a real T b := z, c and s from it); a complex b is
// only read. Tolerances relative to |r| and |z| = |r / a| when |a| <= |b|.
template <class T>
fuzz_case rotg_case(rng_t& rng) {
  using R = real_t<T>;
  const int reach = std::numeric_limits<R>::max_exponent * 5 / 8;
  const double scale = chance(rng, 0.3) ? std::ldexp(1.0, std::uniform_int_distribution<int>(-reach, reach)(rng)) : 1;
  const T a = rotg_input<T>(rng, scale), b = rotg_input<T>(rng, scale);
  const double eps = epsilon_of<T>(), size_a = std::abs(a), size_b = std::abs(b);
  const double z = size_a > size_b || size_a == 0 ? 1.0 : (size_a + size_b) / size_a;
  fuzz_case c;
  c.routine = routine_name<T>("rotg");
  c.arguments = describe_exactly("a", a) + describe_exactly("b", b);
  operand oa = output_storage<T>("a", 1, 16 * eps * (size_a + size_b));
  oa.fill = fill_with(a);
  operand ob = is_complex<T> ? input_storage<T>("b", 1) : output_storage<T>("b", 1, 16 * eps * z);
  ob.fill = fill_with(b);
  c.operands = {oa, ob, output_storage<R>("c", 1, 16 * eps), output_storage<T>("s", 1, 16 * eps)};
  c.call = [](void* fn, void* const* d) { reinterpret_cast<rotg_fn>(fn)(d[0], d[1], d[2], d[3]); };
  return c;
}

// What netlib's drotmg returns, in double, for the sizes the tolerances are
// relative to: |d1|, |d2|, |x1|, the largest |h| (the implicit ones
// counted), 1/u, the loss when 1 - h12 h21 cancels, and how many times d1
// and d2 were rescaled by 4096^2.
struct rotmg_sizes {
  double d1 = 0, d2 = 0, x1 = 0, h = 0, loss = 1;
  int rescalings = 0;
};
rotmg_sizes rotmg_reference_sizes(double d1, double d2, double x1, double y1) {
  if (d1 < 0) return {};
  const double p2 = d2 * y1;
  if (p2 == 0) return {std::fabs(d1), std::fabs(d2), std::fabs(x1), 0, 1, 0};
  const double p1 = d1 * x1, q2 = p2 * y1, q1 = p1 * x1;
  double h11 = 1, h21 = -1, h12 = 1, h22 = 1, loss = 1;
  if (std::fabs(q1) > std::fabs(q2)) {
    h21 = -y1 / x1, h12 = p2 / p1;
    const double u = 1 - h12 * h21;
    if (!(u > 0)) return {};
    d1 /= u, d2 /= u, x1 *= u, loss = 1 / u;
  } else if (q2 < 0) {
    return {};
  } else {
    h11 = p1 / p2, h22 = x1 / y1;
    const double u = 1 + h11 * h22, d2_new = d1 / u;
    d1 = d2 / u, d2 = d2_new, x1 = y1 * u;
  }
  const double gam = 4096, gamsq = gam * gam;
  int rescalings = 0;
  while (d1 != 0 && (d1 <= 1 / gamsq || d1 >= gamsq)) {
    const double f = d1 <= 1 / gamsq ? 1 / gam : gam;
    d1 /= f * f, x1 *= f, h11 *= f, h12 *= f, ++rescalings;
  }
  while (d2 != 0 && (std::fabs(d2) <= 1 / gamsq || std::fabs(d2) >= gamsq)) {
    const double f = std::fabs(d2) <= 1 / gamsq ? 1 / gam : gam;
    d2 /= f * f, h21 *= f, h22 *= f, ++rescalings;
  }
  const double h = std::max({std::fabs(h11), std::fabs(h21), std::fabs(h12), std::fabs(h22)});
  return {std::fabs(d1), std::fabs(d2), std::fabs(x1), h, loss, rescalings};
}

// A rotmg input: zero now and then, negative with `negative`, and now and
// then far from 1 (d beyond 4096^-2 and 4096^2, so that rescaling runs).
double rotmg_input(rng_t& rng, double zero, double negative, int reach) {
  if (chance(rng, zero)) return 0;
  const double size = chance(rng, 0.3) ? std::ldexp(1.0, std::uniform_int_distribution<int>(-reach, reach)(rng)) : 1;
  const double v = size * (0.5 * unit(rng) + 0.5);
  return chance(rng, negative) ? -v : v;
}

// ?rotmg: d1, d2 and x1 updated, y1 read, param written as far as its flag
// says (every param scalar compared: those the reference leaves must stay).
template <class R>
fuzz_case rotmg_case(rng_t& rng) {
  const R d1 = R(rotmg_input(rng, 0.08, 0.08, 40)), d2 = R(rotmg_input(rng, 0.1, 0.3, 40));
  const R x1 = R(rotmg_input(rng, 0.08, 0.5, 10)), y1 = R(rotmg_input(rng, 0.1, 0.5, 10));
  const rotmg_sizes size = rotmg_reference_sizes(d1, d2, x1, y1);
  const double tolerance = 32 * epsilon_of<R>() * size.loss;
  fuzz_case c;
  c.routine = routine_name<R>("rotmg");
  c.arguments = describe_exactly("d1", d1) + describe_exactly("d2", d2) + describe_exactly("x1", x1) +
                describe_exactly("y1", y1);
  operand od1 = output_storage<R>("d1", 1, tolerance * size.d1), od2 = output_storage<R>("d2", 1, tolerance * size.d2);
  operand ox1 = output_storage<R>("x1", 1, tolerance * size.x1), oy1 = input_storage<R>("y1", 1);
  od1.fill = fill_with(d1), od2.fill = fill_with(d2), ox1.fill = fill_with(x1), oy1.fill = fill_with(y1);
  c.operands = {od1, od2, ox1, oy1, output_storage<R>("param", 5, tolerance * size.h)};
  // netlib 3.11 resets h21 and h12 to -1 and 1 in every rescaling after the
  // first (LAPACK issue #244, fixed later): then both calls zero those two.
  const bool h21_h12_wrong = size.rescalings > 1;
  c.call = [=](void* fn, void* const* d) {
    reinterpret_cast<rotmg_fn>(fn)(d[0], d[1], d[2], d[3], d[4]);
    if (h21_h12_wrong) static_cast<R*>(d[4])[2] = static_cast<R*>(d[4])[3] = 0;
  };
  return c;
}

// ?rot, csrot and zdrot (real c and s). No zero increments: the reference's
// result would be its loop's recurrence on one element.
template <class T>
fuzz_case rot_case(rng_t& rng) {
  using R = real_t<T>;
  const fint n = length(rng), incx = increment(rng), incy = increment(rng);
  const R cosine = scalar<R>(rng), sine = scalar<R>(rng);
  const double tolerance = product_tolerance<T>(2, std::max(magnitude(cosine), magnitude(sine)), 0.0);
  fuzz_case c;
  c.routine = mixed_name<T>("rot", true);
  c.arguments = describe("n", n) + describe("incx", incx) + describe("incy", incy) + describe("c", cosine) +
                describe("s", sine);
  c.operands = {output_vector<T>("x", n, incx, tolerance), output_vector<T>("y", n, incy, tolerance)};
  c.call = [=](void* fn, void* const* d) {
    reinterpret_cast<rot_fn>(fn)(&n, d[0], &incx, d[1], &incy, &cosine, &sine);
  };
  return c;
}

// ?rotm: param's flag one of -2, -1, 0, 1 (no NaN there: it selects H).
// No zero increments, as for ?rot.
template <class R>
fuzz_case rotm_case(rng_t& rng) {
  const fint n = length(rng), incx = increment(rng), incy = increment(rng);
  const double tolerance = product_tolerance<R>(2, 1.0, 0.0);
  fuzz_case c;
  c.routine = routine_name<R>("rotm");
  c.arguments = describe("n", n) + describe("incx", incx) + describe("incy", incy);
  operand param = input_storage<R>("param", 5);
  param.fill = [](void* data, rng_t& r) {
    R* p = static_cast<R*>(data);
    p[0] = R(std::uniform_int_distribution<int>(-2, 1)(r));
    for (int k = 1; k < 5; ++k) p[k] = R(unit(r));
  };
  param.nan_allowed = false;
  c.operands = {output_vector<R>("x", n, incx, tolerance), output_vector<R>("y", n, incy, tolerance), param};
  c.call = [=](void* fn, void* const* d) { reinterpret_cast<rotm_fn>(fn)(&n, d[0], &incx, d[1], &incy, d[2]); };
  return c;
}

// ?swap: no zero increments (the reference's result would be a permutation
// its loop order makes).
template <class T>
fuzz_case swap_case(rng_t& rng) {
  const fint n = length(rng), incx = increment(rng), incy = increment(rng);
  fuzz_case c;
  c.routine = routine_name<T>("swap");
  c.arguments = describe("n", n) + describe("incx", incx) + describe("incy", incy);
  c.operands = {output_vector<T>("x", n, incx, 0.0), output_vector<T>("y", n, incy, 0.0)};
  c.call = [=](void* fn, void* const* d) { reinterpret_cast<swap_fn>(fn)(&n, d[0], &incx, d[1], &incy); };
  return c;
}

// ?scal, and csscal/zdscal with a real S. The reference does nothing for
// incx < 1, so negative and zero increments are drawn too.
template <class T, class S>
fuzz_case scal_case(rng_t& rng) {
  const fint n = length(rng), incx = increment_or_zero(rng);
  const S alpha = scalar<S>(rng);
  fuzz_case c;
  c.routine = std::is_same_v<T, S> ? routine_name<T>("scal") : mixed_name<T>("scal", true);
  c.arguments = describe("n", n) + describe("alpha", alpha) + describe("incx", incx);
  c.operands = {updated_vector<T>("x", n, incx, product_tolerance<T>(1, magnitude(alpha), 0.0))};
  c.call = [=](void* fn, void* const* d) { reinterpret_cast<scal_fn>(fn)(&n, &alpha, d[0], &incx); };
  return c;
}

// ?copy: incx 0 copies x[0] everywhere; no incy 0 (the reference's result
// would be the last element, an accident of its loop order).
template <class T>
fuzz_case copy_case(rng_t& rng) {
  const fint n = length(rng), incx = increment_or_zero(rng), incy = increment(rng);
  fuzz_case c;
  c.routine = routine_name<T>("copy");
  c.arguments = describe("n", n) + describe("incx", incx) + describe("incy", incy);
  c.operands = {input_vector<T>("x", n, incx), output_vector<T>("y", n, incy, 0.0)};
  c.call = [=](void* fn, void* const* d) { reinterpret_cast<copy_fn>(fn)(&n, d[0], &incx, d[1], &incy); };
  return c;
}

// ?axpy: incx 0 adds alpha x[0] everywhere, incy 0 sums alpha x into y[0].
template <class T>
fuzz_case axpy_case(rng_t& rng) {
  const fint n = length(rng), incx = increment_or_zero(rng), incy = increment_or_zero(rng);
  const T alpha = scalar<T>(rng);
  const double tolerance = product_tolerance<T>(incy == 0 ? n : 1, magnitude(alpha), 1.0);
  fuzz_case c;
  c.routine = routine_name<T>("axpy");
  c.arguments = describe("n", n) + describe("alpha", alpha) + describe("incx", incx) + describe("incy", incy);
  c.operands = {input_vector<T>("x", n, incx), updated_vector<T>("y", n, incy, tolerance)};
  c.call = [=](void* fn, void* const* d) { reinterpret_cast<axpy_fn>(fn)(&n, &alpha, d[0], &incx, d[1], &incy); };
  return c;
}

// ?dot, ?dotu, and ?dotc with `conjugated`; either increment may be 0.
template <class T, bool conjugated>
fuzz_case dot_case(rng_t& rng) {
  const fint n = length(rng), incx = increment_or_zero(rng), incy = increment_or_zero(rng);
  fuzz_case c;
  c.routine = routine_name<T>(is_complex<T> ? (conjugated ? "dotc" : "dotu") : "dot");
  c.arguments = describe("n", n) + describe("incx", incx) + describe("incy", incy);
  c.operands = {input_vector<T>("x", n, incx), input_vector<T>("y", n, incy),
                result<T>(product_tolerance<T>(n, 1.0, 0.0))};
  c.call = [=](void* fn, void* const* d) {
    const auto dot = reinterpret_cast<dot_fn<fortran_value_t<T>>>(fn);
    *static_cast<T*>(d[2]) = from_fortran<T>(dot(&n, d[0], &incx, d[1], &incy));
  };
  return c;
}

// sdsdot (sb + the sum in double, rounded once) and dsdot (the sum in
// double). sdsdot's tolerance is an ulp or two of a result within
// |sb| + 2 sqrt(n) (six deviations of a sum of n products of uniforms), so
// a sum accumulated in float would not pass.
template <bool with_sb>
fuzz_case sdsdot_case(rng_t& rng) {
  const fint n = length(rng), incx = increment_or_zero(rng), incy = increment_or_zero(rng);
  const float sb = scalar<float>(rng);
  const double size = magnitude(sb) + 2 * std::sqrt(double(n)) + 1;
  fuzz_case c;
  c.routine = with_sb ? "sdsdot_" : "dsdot_";
  c.arguments = describe("n", n) + (with_sb ? describe("sb", sb) : "") + describe("incx", incx) +
                describe("incy", incy);
  const operand sum = with_sb ? result<float>(4 * epsilon_of<float>() * size)
                              : result<double>(product_tolerance<double>(n, 1.0, 0.0));
  c.operands = {input_vector<float>("x", n, incx), input_vector<float>("y", n, incy), sum};
  c.call = [=](void* fn, void* const* d) {
    if (with_sb)
      *static_cast<float*>(d[2]) = reinterpret_cast<sdsdot_fn>(fn)(&n, &sb, d[0], &incx, d[1], &incy);
    else
      *static_cast<double*>(d[2]) = reinterpret_cast<dot_fn<double>>(fn)(&n, d[0], &incx, d[1], &incy);
  };
  return c;
}

// ?nrm2: the reference (3.10's algorithm) repeats x[0] for incx 0 and walks
// back for a negative one. Now and then x is scaled far out, so that the
// sums of tiny and of huge squares (Blue's accumulators) run, and now and
// then one scalar is infinite.
template <class T>
fuzz_case nrm2_case(rng_t& rng) {
  using R = real_t<T>;
  const fint n = length(rng), incx = increment_or_zero(rng);
  const int low = std::numeric_limits<R>::min_exponent - std::numeric_limits<R>::digits;
  const int high = std::numeric_limits<R>::max_exponent - 16;
  const double scale = chance(rng, 0.25) ? std::ldexp(1.0, std::uniform_int_distribution<int>(low, high)(rng)) : 1;
  const double norm = scale * std::sqrt(double(n) * reals_per<T>);
  const double tolerance =
      4 * epsilon_of<T>() * (n + 2) * norm + 2 * std::numeric_limits<R>::denorm_min();
  fuzz_case c;
  c.routine = mixed_name<T>("nrm2");
  c.arguments = describe("n", n) + describe("incx", incx) + describe("scale", scale);
  operand x = input_vector<T>("x", n, incx);
  x.fill = [count = x.count, scale](void* data, rng_t& r) {
    R* v = static_cast<R*>(data);
    for (std::size_t i = 0; i < count; ++i) v[i] = R(scale * unit(r));
    if (count > 0 && chance(r, 0.03)) v[std::uniform_int_distribution<std::size_t>(0, count - 1)(r)] = R(INFINITY);
  };
  c.operands = {x, result<R>(tolerance)};
  c.call = [=](void* fn, void* const* d) {
    *static_cast<R*>(d[1]) = reinterpret_cast<vector_function_fn<R>>(fn)(&n, d[0], &incx);
  };
  return c;
}

// ?asum: 0 for incx < 1 in the reference.
template <class T>
fuzz_case asum_case(rng_t& rng) {
  using R = real_t<T>;
  const fint n = length(rng), incx = increment_or_zero(rng);
  const double sum = double(n) * reals_per<T>;
  fuzz_case c;
  c.routine = mixed_name<T>("asum");
  c.arguments = describe("n", n) + describe("incx", incx);
  c.operands = {input_vector<T>("x", n, incx), result<R>(2 * epsilon_of<T>() * (n + 2) * sum)};
  c.call = [=](void* fn, void* const* d) {
    *static_cast<R*>(d[1]) = reinterpret_cast<vector_function_fn<R>>(fn)(&n, d[0], &incx);
  };
  return c;
}

// i?amax: 0 for n < 1 or incx < 1 in the reference. Now and then the parts
// take a few values only, so that maxima tie and the first must be found,
// and some are infinite.
template <class T>
fuzz_case iamax_case(rng_t& rng) {
  using R = real_t<T>;
  const fint n = length(rng), incx = increment_or_zero(rng);
  fuzz_case c;
  c.routine = std::string("i") + prefix_of<T>() + "amax_";
  c.arguments = describe("n", n) + describe("incx", incx);
  operand x = input_vector<T>("x", n, incx);
  if (chance(rng, 0.3)) {
    x.fill = [count = x.count](void* data, rng_t& r) {
      for (std::size_t i = 0; i < count; ++i) {
        const double v = chance(r, 0.01) ? std::numeric_limits<double>::infinity() : std::round(4 * unit(r)) / 4;
        static_cast<R*>(data)[i] = R(chance(r, 0.5) ? v : -v);
      }
    };
  }
  operand index;
  index.name = "result";
  index.type = storage::i32;
  index.count = 1;
  index.output = true;
  index.written = [](std::size_t) { return true; };
  c.operands = {x, index};
  c.call = [=](void* fn, void* const* d) {
    *static_cast<fint*>(d[1]) = reinterpret_cast<vector_function_fn<fint>>(fn)(&n, d[0], &incx);
  };
  return c;
}

// scabs1 and dcabs1: |re z| + |im z|, one rounding.
template <class R>
fuzz_case cabs1_case(rng_t&) {
  fuzz_case c;
  c.routine = routine_name<R>("cabs1");
  c.operands = {input_storage<std::complex<R>>("z", 1), result<R>(2 * epsilon_of<R>())};
  c.call = [](void* fn, void* const* d) { *static_cast<R*>(d[1]) = reinterpret_cast<cabs1_fn<R>>(fn)(d[0]); };
  return c;
}

template <class T>
void add_every_precision_routine(std::vector<case_maker>& makers) {
  using R = real_t<T>;
  makers.push_back({routine_name<T>("rotg"), &rotg_case<T>});
  makers.push_back({mixed_name<T>("rot", true), &rot_case<T>});
  makers.push_back({routine_name<T>("swap"), &swap_case<T>});
  makers.push_back({routine_name<T>("scal"), &scal_case<T, T>});
  makers.push_back({routine_name<T>("copy"), &copy_case<T>});
  makers.push_back({routine_name<T>("axpy"), &axpy_case<T>});
  makers.push_back({mixed_name<T>("nrm2"), &nrm2_case<T>});
  makers.push_back({mixed_name<T>("asum"), &asum_case<T>});
  makers.push_back({std::string("i") + prefix_of<T>() + "amax_", &iamax_case<T>});
  if constexpr (is_complex<T>) {
    makers.push_back({mixed_name<T>("scal", true), &scal_case<T, R>});
    makers.push_back({routine_name<T>("dotu"), &dot_case<T, false>});
    makers.push_back({routine_name<T>("dotc"), &dot_case<T, true>});
  } else {
    makers.push_back({routine_name<T>("rotmg"), &rotmg_case<T>});
    makers.push_back({routine_name<T>("rotm"), &rotm_case<T>});
    makers.push_back({routine_name<T>("dot"), &dot_case<T, false>});
    makers.push_back({routine_name<T>("cabs1"), &cabs1_case<T>});
  }
}

}  // namespace

std::vector<case_maker> level1_makers() {
  std::vector<case_maker> makers;
  for_each_precision([&](auto t) { add_every_precision_routine<decltype(t)>(makers); });
  makers.push_back({"sdsdot_", &sdsdot_case<true>});
  makers.push_back({"dsdot_", &sdsdot_case<false>});
  return makers;
}

}  // namespace swblas_stress
