// Random calls of the batched GEMMs (pointer arrays and strided, CBLAS and
// Fortran, four precisions, the Fortran aliases without the underscore) and
// of the fused dgemm and sgemm (single and strided batch). netlib has none of them:
// the reference is its ?gemm_ called once per entry, and for the fused calls
// the prologue applied to a copy of A before and the epilogue to C after.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "fuzz_draw.h"
#include "swblas.h"

namespace swblas_stress {
namespace {

// netlib's ?gemm_, the reference of every entry.
using gemm_fn = void (*)(cc, cc, ci, ci, ci, cv, cv, ci, cv, ci, cv, void*, ci, len, len);
// swblas's batched entry points, every precision through void pointers; the
// strided CBLAS form takes real scalars by value (S = T) and complex ones by
// address (S = const void*).
using cblas_batch_fn = void (*)(CBLAS_LAYOUT, const CBLAS_TRANSPOSE*, const CBLAS_TRANSPOSE*, ci, ci, ci, cv, cv*,
                                ci, cv*, ci, cv, void**, ci, fint, ci);
using fortran_batch_fn = void (*)(cc, cc, ci, ci, ci, cv, cv*, ci, cv*, ci, cv, void**, ci, ci, ci);
template <class S>
using cblas_strided_fn = void (*)(CBLAS_LAYOUT, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, fint, fint, fint, S, cv, fint, fint,
                                  cv, fint, fint, S, void*, fint, fint, fint);
using fortran_strided_fn = void (*)(cc, cc, ci, ci, ci, cv, cv, ci, ci, cv, ci, ci, cv, void*, ci, ci, ci);
// The fused entry points of element type T (double or float).
template <class T>
using fused_fn = std::conditional_t<std::is_same_v<T, float>, decltype(&swblas_sgemm_fused),
                                    decltype(&swblas_dgemm_fused)>;
template <class T>
using fused_strided_fn = std::conditional_t<std::is_same_v<T, float>, decltype(&swblas_sgemm_fused_batch_strided),
                                            decltype(&swblas_dgemm_fused_batch_strided)>;

CBLAS_TRANSPOSE cblas_trans(char t) {
  if (is(t, 'N')) return CblasNoTrans;
  return is(t, 'T') ? CblasTrans : CblasConjTrans;
}

int uniform(rng_t& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// Elements between neighbouring entries: often none, else a few.
std::size_t gap(rng_t& rng) { return chance(rng, 0.4) ? 0 : static_cast<std::size_t>(uniform(rng, 1, 9)); }

// A matrix as stored: `inner` contiguous elements (a column column-major, a
// row row-major), `outer` of them ld apart; op(X) is rows x cols.
struct stored_shape {
  fint inner, outer;
  std::size_t extent(fint ld) const { return matrix_extent(inner, outer, ld); }
};
stored_shape stored(bool row_major, char trans, fint rows, fint cols) {
  const fint r = is(trans, 'N') ? rows : cols, c = is(trans, 'N') ? cols : rows;
  return row_major ? stored_shape{c, r} : stored_shape{r, c};
}

// An entry's m, n, k: mostly dimension(rng, 100); now and then a skinny
// entry deeper than a kc block (384 for avx512's dgemm), cheap and the only
// way into the k-blocked paths (and a fused epilogue after several blocks).
struct entry_dims {
  fint m, n, k;
};
entry_dims draw_dims(rng_t& rng) {
  if (chance(rng, 0.08)) return {uniform(rng, 1, 16), uniform(rng, 1, 16), uniform(rng, 385, 1200)};
  const fint m = dimension(rng, 100), n = dimension(rng, 100);
  return {m, n, dimension(rng, 100)};
}

// leading_dimension's, but a deep entry's gap of thousands (10^7 elements to
// fill and compare over its 385+ columns, seconds a case) becomes a few.
fint entry_ld(rng_t& rng, stored_shape s) {
  const fint ld = leading_dimension(rng, s.inner), tight = std::max(s.inner, 1);
  const bool thousands = ld - tight >= 1000 && ld - tight <= 5000;
  return s.outer > 100 && thousands ? tight + (ld - tight) % 10 : ld;
}

// One group: `size` entries C := alpha op(A) op(B) + beta C sharing every
// argument but their matrices, each at its offset (elements) in the A, B
// and C operands.
template <class T>
struct group_draw {
  char ta, tb;
  fint m, n, k, size;
  stored_shape a, b, c;
  fint lda, ldb, ldc;
  T alpha, beta;
  std::vector<std::size_t> a_at, b_at, c_at;

  group_draw(rng_t& rng, bool row_major, fint entries, entry_dims d)
      : ta(pick(rng, "NTC")), tb(pick(rng, "NTC")), m(d.m), n(d.n), k(d.k), size(entries),
        a(stored(row_major, ta, m, k)), b(stored(row_major, tb, k, n)), c(stored(row_major, 'N', m, n)),
        lda(entry_ld(rng, a)), ldb(entry_ld(rng, b)), ldc(entry_ld(rng, c)), alpha(alpha_over(k, scalar<T>(rng))),
        beta(scalar<T>(rng)) {}

  double tolerance(double factor_bound = 1.0, double added = 0.0) const {
    return product_tolerance<T>(k, magnitude(alpha) * factor_bound, magnitude(beta) + added);
  }
  std::string arguments() const {
    std::string s = describe("transa", ta) + describe("transb", tb) + describe("m", m) + describe("n", n) +
                    describe("k", k) + describe("alpha", alpha) + describe("lda", lda) + describe("ldb", ldb) +
                    describe("beta", beta) + describe("ldc", ldc) + describe("size", size);
    for (fint e = 0; e < size; ++e)
      s += "@(" + std::to_string(a_at[e]) + "," + std::to_string(b_at[e]) + "," + std::to_string(c_at[e]) + ") ";
    return s;
  }
};

// A whole call: its groups (one for the strided forms) and the operands'
// sizes in elements.
template <class T>
struct batch_draw {
  bool row_major = false;
  std::vector<group_draw<T>> groups;
  fint stridea = 0, strideb = 0, stridec = 0;  // strided forms
  std::size_t a_count = 0, b_count = 0, c_count = 0;

  std::string arguments(bool strided) const {
    std::string s = describe("layout", row_major ? 'R' : 'C');
    if (strided) s += describe("stridea", stridea) + describe("strideb", strideb) + describe("stridec", stridec);
    for (std::size_t g = 0; g < groups.size(); ++g) s += "group" + std::to_string(g) + ": " + groups[g].arguments();
    return s;
  }
  double tolerance() const {
    double t = 0.0;
    for (const group_draw<T>& g : groups) t = std::max(t, g.tolerance());
    return t;
  }
};

// An input's place: now and then an earlier entry's (entries may share what
// they only read), else after everything placed so far.
std::size_t place_input(rng_t& rng, std::size_t extent, std::vector<std::size_t>& earlier, std::size_t& end) {
  const std::size_t at = !earlier.empty() && chance(rng, 0.2)
                             ? earlier[uniform(rng, 0, static_cast<int>(earlier.size()) - 1)]
                             : end + gap(rng);
  earlier.push_back(at);
  end = std::max(end, at + extent);
  return at;
}

// The C entries of one group: after everything placed so far, or now and
// then in the leading-dimension gap of the entry before (no element shared,
// all the API asks of the entries).
template <class T>
void place_outputs(rng_t& rng, group_draw<T>& g, std::size_t& end) {
  bool in_gap = false;
  for (fint e = 0; e < g.size; ++e) {
    in_gap = e > 0 && !in_gap && g.c.inner > 0 && g.ldc >= 2 * g.c.inner && chance(rng, 0.2);
    const std::size_t at = in_gap ? g.c_at.back() + g.c.inner : end + gap(rng);
    g.c_at.push_back(at);
    end = std::max(end, at + g.c.extent(g.ldc));
  }
}

// 1..3 groups of 0..4 entries for the pointer-array forms.
template <class T>
batch_draw<T> pointer_batch(rng_t& rng, bool row_major) {
  batch_draw<T> d;
  d.row_major = row_major;
  std::vector<std::size_t> a_seen, b_seen;
  for (int groups = uniform(rng, 1, 3); groups > 0; --groups) {
    const fint size = uniform(rng, 0, 4);
    group_draw<T> g(rng, row_major, size, draw_dims(rng));
    for (fint e = 0; e < g.size; ++e) {
      g.a_at.push_back(place_input(rng, g.a.extent(g.lda), a_seen, d.a_count));
      g.b_at.push_back(place_input(rng, g.b.extent(g.ldb), b_seen, d.b_count));
    }
    place_outputs(rng, g, d.c_count);
    d.groups.push_back(std::move(g));
  }
  return d;
}

constexpr std::size_t kMaxStride = std::numeric_limits<fint>::max();

// A stride far beyond the matrices now and then: entries 2^30 to 2^31
// elements apart, offsets beyond 2^31 elements from the third entry on.
bool far_apart(rng_t& rng, std::size_t extent) { return extent < (std::size_t(1) << 30) && chance(rng, 0.03); }
fint far_stride(rng_t& rng) { return uniform(rng, 1 << 30, static_cast<int>(kMaxStride)); }

// An input's stride: now and then 0 (one matrix shared) or below its extent
// (overlapping matrices), else the extent with a gap.
fint input_stride(rng_t& rng, std::size_t extent) {
  if (chance(rng, 0.15)) return 0;
  if (extent > 1 && chance(rng, 0.1)) return uniform(rng, 1, static_cast<int>(std::min(extent - 1, kMaxStride)));
  if (extent + 9 > kMaxStride) return uniform(rng, 0, static_cast<int>(kMaxStride));  // overlapping, as above
  if (far_apart(rng, extent)) return far_stride(rng);
  return static_cast<fint>(extent + gap(rng));
}

// Entry e at e * stride: the operand holds the last one.
std::size_t strided_count(fint size, fint stride, std::size_t extent) {
  return size > 0 && extent > 0 ? static_cast<std::size_t>(size - 1) * stride + extent : 0;
}

// One group of 0..4 entries for the strided forms (1 entry: `single`).
template <class T>
batch_draw<T> strided_batch(rng_t& rng, bool row_major, bool single = false) {
  batch_draw<T> d;
  d.row_major = row_major;
  const fint size = single ? 1 : uniform(rng, 0, 4);
  group_draw<T> g(rng, row_major, size, draw_dims(rng));
  d.stridea = input_stride(rng, g.a.extent(g.lda));
  d.strideb = input_stride(rng, g.b.extent(g.ldb));
  // C's entries must not overlap: at least one whole C apart (else an error),
  // which an int stride cannot be past a leading dimension near 2^31: one entry.
  const std::size_t whole_c = static_cast<std::size_t>(g.ldc) * g.c.outer;
  if (whole_c + 9 > kMaxStride) {
    g.size = std::min(g.size, 1);
    d.stridec = uniform(rng, 0, static_cast<int>(kMaxStride));
  } else {
    d.stridec = far_apart(rng, whole_c) ? far_stride(rng) : static_cast<fint>(whole_c + gap(rng));
  }
  for (fint e = 0; e < g.size; ++e) {
    g.a_at.push_back(static_cast<std::size_t>(e) * d.stridea);
    g.b_at.push_back(static_cast<std::size_t>(e) * d.strideb);
    g.c_at.push_back(static_cast<std::size_t>(e) * d.stridec);
  }
  d.a_count = strided_count(g.size, d.stridea, g.a.extent(g.lda));
  d.b_count = strided_count(g.size, d.strideb, g.b.extent(g.ldb));
  d.c_count = strided_count(g.size, d.stridec, g.c.extent(g.ldc));
  d.groups.push_back(std::move(g));
  return d;
}

// Index (elements, in C's operand) of element (i, j) of entry e of g.
template <class T>
std::size_t c_index(const batch_draw<T>& d, const group_draw<T>& g, fint e, fint i, fint j) {
  const std::size_t ld = g.ldc;
  return g.c_at[e] + (d.row_major ? i * ld + j : j * ld + i);
}

// One entry's matrix in its operand.
struct placed_matrix {
  std::size_t at;
  stored_shape shape;
  std::size_t ld;

  bool holds(std::size_t element) const {
    if (element < at) return false;
    const std::size_t offset = element - at;
    return offset % ld < std::size_t(shape.inner) && offset / ld < std::size_t(shape.outer);
  }
};

// An operand holding `matrices`: it declares their scalars, each once
// (entries may share A and B), for an operand too large to visit whole.
template <class T>
operand entries_operand(std::string name, std::size_t elements, std::vector<placed_matrix> matrices) {
  operand o = input_storage<T>(std::move(name), elements);
  const std::size_t width = reals_per<T>;
  o.declared = [=](const std::function<void(std::size_t)>& visit) {
    std::vector<std::size_t> held;
    for (const placed_matrix& p : matrices)
      for (std::size_t j = 0; j < std::size_t(p.shape.outer); ++j)
        for (std::size_t i = 0; i < std::size_t(p.shape.inner); ++i) held.push_back(p.at + j * p.ld + i);
    std::sort(held.begin(), held.end());
    held.erase(std::unique(held.begin(), held.end()), held.end());
    for (std::size_t e : held)
      for (std::size_t part = 0; part < width; ++part) visit(e * width + part);
  };
  return o;
}

// A, B and C, each entry's matrices in one operand; only the entries' C
// matrices are written, their gaps and leading-dimension gaps stay as they were.
template <class T>
std::vector<operand> entry_operands(const batch_draw<T>& d, double tolerance) {
  std::vector<placed_matrix> a, b, c;
  for (const group_draw<T>& g : d.groups)
    for (fint e = 0; e < g.size; ++e) {
      a.push_back({g.a_at[e], g.a, std::size_t(g.lda)});
      b.push_back({g.b_at[e], g.b, std::size_t(g.ldb)});
      c.push_back({g.c_at[e], g.c, std::size_t(g.ldc)});
    }
  operand out = as_output(entries_operand<T>("C", d.c_count, c), tolerance);
  const std::size_t width = reals_per<T>;
  out.written = [c, width](std::size_t i) {
    return std::any_of(c.begin(), c.end(), [&](const placed_matrix& p) { return p.holds(i / width); });
  };
  return {entries_operand<T>("A", d.a_count, a), entries_operand<T>("B", d.b_count, b), out};
}

// netlib's ?gemm_ on one entry; a row-major entry as the column-major
// C^T = op(B)^T op(A)^T, as CBLAS does.
template <class T>
void reference_entry(void* fn, bool row_major, const group_draw<T>& g, const T* a, const fint* lda, const T* b,
                     T* c) {
  const auto gemm = reinterpret_cast<gemm_fn>(fn);
  if (row_major)
    gemm(&g.tb, &g.ta, &g.n, &g.m, &g.k, &g.alpha, b, &g.ldb, a, lda, &g.beta, c, &g.ldc, 1, 1);
  else
    gemm(&g.ta, &g.tb, &g.m, &g.n, &g.k, &g.alpha, a, lda, b, &g.ldb, &g.beta, c, &g.ldc, 1, 1);
}

template <class T>
void reference_entries(void* fn, void* const* data, const batch_draw<T>& d) {
  for (const group_draw<T>& g : d.groups)
    for (fint e = 0; e < g.size; ++e)
      reference_entry(fn, d.row_major, g, static_cast<const T*>(data[0]) + g.a_at[e], &g.lda,
                      static_cast<const T*>(data[1]) + g.b_at[e], static_cast<T*>(data[2]) + g.c_at[e]);
}

// The per-group and per-entry arrays of a pointer-array call, the matrix
// pointers into the operands at `data`.
template <class T>
struct pointer_arrays {
  std::vector<CBLAS_TRANSPOSE> cblas_ta, cblas_tb;
  std::vector<char> ta, tb;
  std::vector<fint> m, n, k, lda, ldb, ldc, size;
  std::vector<T> alpha, beta;
  std::vector<const void*> a, b;
  std::vector<void*> c;

  pointer_arrays(const batch_draw<T>& d, void* const* data) {
    for (const group_draw<T>& g : d.groups) {
      cblas_ta.push_back(cblas_trans(g.ta));
      cblas_tb.push_back(cblas_trans(g.tb));
      ta.push_back(g.ta);
      tb.push_back(g.tb);
      m.push_back(g.m);
      n.push_back(g.n);
      k.push_back(g.k);
      lda.push_back(g.lda);
      ldb.push_back(g.ldb);
      ldc.push_back(g.ldc);
      size.push_back(g.size);
      alpha.push_back(g.alpha);
      beta.push_back(g.beta);
      for (fint e = 0; e < g.size; ++e) {
        a.push_back(static_cast<const T*>(data[0]) + g.a_at[e]);
        b.push_back(static_cast<const T*>(data[1]) + g.b_at[e]);
        c.push_back(static_cast<T*>(data[2]) + g.c_at[e]);
      }
    }
  }
  fint groups() const { return static_cast<fint>(size.size()); }
};

enum class form { cblas, fortran, cblas_strided, fortran_strided };

template <class T>
std::string batch_symbol(form f, bool alias) {
  const std::string gemm = std::string(1, prefix_of<T>()) + "gemm_batch";
  switch (f) {
    case form::cblas: return "cblas_" + gemm;
    case form::fortran: return gemm + (alias ? "" : "_");
    case form::cblas_strided: return "cblas_" + gemm + "_strided";
    case form::fortran_strided: return gemm + "_strided" + (alias ? "" : "_");
  }
  return {};
}

// A scalar as the strided CBLAS form takes it.
template <class T>
auto cblas_scalar(const T& x) {
  if constexpr (is_complex<T>)
    return static_cast<const void*>(&x);
  else
    return x;
}

template <class T, form F>
void call_batch(void* fn, void* const* data, const batch_draw<T>& d) {
  if constexpr (F == form::cblas || F == form::fortran) {
    pointer_arrays<T> p(d, data);
    const fint groups = p.groups();
    if constexpr (F == form::cblas)
      reinterpret_cast<cblas_batch_fn>(fn)(d.row_major ? CblasRowMajor : CblasColMajor, p.cblas_ta.data(),
                                           p.cblas_tb.data(), p.m.data(), p.n.data(), p.k.data(), p.alpha.data(),
                                           p.a.data(), p.lda.data(), p.b.data(), p.ldb.data(), p.beta.data(),
                                           p.c.data(), p.ldc.data(), groups, p.size.data());
    else
      reinterpret_cast<fortran_batch_fn>(fn)(p.ta.data(), p.tb.data(), p.m.data(), p.n.data(), p.k.data(),
                                             p.alpha.data(), p.a.data(), p.lda.data(), p.b.data(), p.ldb.data(),
                                             p.beta.data(), p.c.data(), p.ldc.data(), &groups, p.size.data());
  } else {
    const group_draw<T>& g = d.groups[0];
    if constexpr (F == form::cblas_strided)
      reinterpret_cast<cblas_strided_fn<decltype(cblas_scalar(g.alpha))>>(fn)(
          d.row_major ? CblasRowMajor : CblasColMajor, cblas_trans(g.ta), cblas_trans(g.tb), g.m, g.n, g.k,
          cblas_scalar(g.alpha), data[0], g.lda, d.stridea, data[1], g.ldb, d.strideb, cblas_scalar(g.beta), data[2],
          g.ldc, d.stridec, g.size);
    else
      reinterpret_cast<fortran_strided_fn>(fn)(&g.ta, &g.tb, &g.m, &g.n, &g.k, &g.alpha, data[0], &g.lda,
                                               &d.stridea, data[1], &g.ldb, &d.strideb, &g.beta, data[2], &g.ldc,
                                               &d.stridec, &g.size);
  }
}

// The Fortran forms are column-major only.
template <class T, form F, bool alias>
fuzz_case batch_case(rng_t& rng) {
  constexpr bool strided = F == form::cblas_strided || F == form::fortran_strided;
  const bool row_major = (F == form::cblas || F == form::cblas_strided) && chance(rng, 0.5);
  const batch_draw<T> d = strided ? strided_batch<T>(rng, row_major) : pointer_batch<T>(rng, row_major);
  fuzz_case c;
  c.routine = batch_symbol<T>(F, alias);
  c.arguments = d.arguments(strided);
  c.operands = entry_operands(d, d.tolerance());
  c.call = [=](void* fn, void* const* data) { call_batch<T, F>(fn, data, d); };
  c.reference_routine = routine_name<T>("gemm");
  c.call_reference = [=](void* fn, void* const* data) { reference_entries(fn, data, d); };
  return c;
}

// The fused operations of a call, valid as swblas.h states them; either
// descriptor may be absent.
struct fused_ops_draw {
  bool has_pro, has_epi, bias_null;
  swblas_prologue pro;
  swblas_epilogue epi;  // bias: the operand's address, set by the invoker
  fint bias_length;

  fused_ops_draw(rng_t& rng, fint m, fint n)
      : has_pro(chance(rng, 0.75)), has_epi(chance(rng, 0.8)), bias_null(false), pro(), epi(), bias_length(0) {
    pro.kind = static_cast<swblas_prologue_kind>(uniform(rng, 0, 2));
    pro.scale = 0.05 + 1.95 * std::fabs(unit(rng));
    pro.zero_point = chance(rng, 0.7) ? uniform(rng, -4, 4) : 3.0 * unit(rng);
    pro.qmin = uniform(rng, -20, 2);
    pro.qmax = pro.qmin + uniform(rng, 0, 30);
    epi.bias_kind = static_cast<swblas_bias_kind>(uniform(rng, 0, 2));
    epi.activation = static_cast<swblas_activation>(uniform(rng, 0, 8));
    epi.alpha = unit(rng);
    epi.lo = unit(rng);
    epi.hi = epi.lo + (chance(rng, 0.1) ? 0.0 : std::fabs(unit(rng)));
    if (epi.bias_kind == SWBLAS_BIAS_PER_ROW) bias_length = m;
    if (epi.bias_kind == SWBLAS_BIAS_PER_COLUMN) bias_length = n;
    bias_null = epi.bias_kind == SWBLAS_BIAS_NONE && chance(rng, 0.5);
    if (!has_epi) bias_length = 0;
  }

  // |pro(a)| for |a| <= 1.
  double factor_bound() const {
    if (!has_pro || pro.kind == SWBLAS_PROLOGUE_NONE) return 1.0;
    if (pro.kind == SWBLAS_PROLOGUE_SCALE) return pro.scale;
    const double q = std::max(std::fabs(pro.qmin - pro.zero_point), std::fabs(pro.qmax - pro.zero_point));
    return std::min(pro.scale * q, 1.0 + pro.scale);
  }
  // How much the activation may stretch an error of its argument.
  double lipschitz() const { return has_epi ? 1.2 * std::max(1.0, std::fabs(epi.alpha)) : 1.0; }

  // The std:: definitions swblas's are measured against (src/fused_ops.h's
  // *_reference): NaN passes through every operation.
  double prologue(double x) const {
    if (pro.kind == SWBLAS_PROLOGUE_SCALE) return pro.scale * x;
    if (pro.kind != SWBLAS_PROLOGUE_FAKE_QUANT) return x;
    double q = std::nearbyint(x / pro.scale) + pro.zero_point;
    q = q < pro.qmin ? pro.qmin : (q > pro.qmax ? pro.qmax : q);
    return pro.scale * (q - pro.zero_point);
  }
  double activation(double x) const {
    switch (epi.activation) {
      case SWBLAS_ACT_RELU: return x < 0.0 ? 0.0 : x;
      case SWBLAS_ACT_LEAKY_RELU: return x > 0.0 ? x : epi.alpha * x;
      case SWBLAS_ACT_GELU_TANH: return 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
      case SWBLAS_ACT_GELU_ERF: return 0.5 * x * (1.0 + std::erf(x * 0.7071067811865476));
      case SWBLAS_ACT_SIGMOID: return 1.0 / (1.0 + std::exp(-x));
      case SWBLAS_ACT_TANH: return std::tanh(x);
      case SWBLAS_ACT_SILU: return x / (1.0 + std::exp(-x));
      case SWBLAS_ACT_CLAMP: return x < epi.lo ? epi.lo : (x > epi.hi ? epi.hi : x);
      default: return x;
    }
  }
  double bias(const double* b, fint i, fint j) const {
    if (epi.bias_kind == SWBLAS_BIAS_PER_ROW) return b[i];
    if (epi.bias_kind == SWBLAS_BIAS_PER_COLUMN) return b[j];
    return 0.0;
  }

  std::string arguments() const {
    std::string s = has_pro ? "" : "pro=NULL ";
    if (!has_epi) s += "epi=NULL ";
    if (has_pro)
      s += "pro={kind=" + std::to_string(pro.kind) + " " + describe("scale", pro.scale) +
           describe("zero_point", pro.zero_point) + describe("qmin", pro.qmin) + describe("qmax", pro.qmax) + "} ";
    if (has_epi)
      s += "epi={bias_kind=" + std::to_string(epi.bias_kind) + (bias_null ? " bias=NULL" : "") +
           " activation=" + std::to_string(epi.activation) + " " + describe("alpha", epi.alpha) +
           describe("lo", epi.lo) + describe("hi", epi.hi) + "} ";
    return s;
  }
};

// "swblas_dgemm_fused", "swblas_sgemm_fused_batch_strided" ...
template <class T>
std::string fused_symbol(bool batched) {
  return std::string("swblas_") + (std::is_same_v<T, float> ? "s" : "d") + "gemm_fused" +
         (batched ? "_batch_strided" : "");
}

// swblas_?gemm_fused, and swblas_?gemm_fused_batch_strided with `batched`
// (T double or float; the descriptors, bias included, are double). A float
// element is transformed in double and rounded once, so the reference
// rounds its prologue and epilogue results the same way.
template <class T, bool batched>
fuzz_case fused_case(rng_t& rng) {
  const bool row_major = chance(rng, 0.5);
  const batch_draw<T> d = strided_batch<T>(rng, row_major, !batched);
  const group_draw<T>& g = d.groups[0];
  const fused_ops_draw ops(rng, g.m, g.n);
  fuzz_case c;
  c.routine = fused_symbol<T>(batched);
  c.arguments = d.arguments(batched) + ops.arguments();
  c.operands = entry_operands(d, ops.lipschitz() * g.tolerance(ops.factor_bound(), 1.0));
  c.operands.push_back(input_storage<double>("bias", ops.bias_length));
  c.call = [=](void* fn, void* const* data) {
    swblas_epilogue epi = ops.epi;
    epi.bias = ops.bias_null ? nullptr : static_cast<const double*>(data[3]);
    const CBLAS_LAYOUT layout = d.row_major ? CblasRowMajor : CblasColMajor;
    const T* a = static_cast<const T*>(data[0]);
    const T* b = static_cast<const T*>(data[1]);
    T* cm = static_cast<T*>(data[2]);
    const swblas_prologue* pro = ops.has_pro ? &ops.pro : nullptr;
    const swblas_epilogue* ep = ops.has_epi ? &epi : nullptr;
    if (batched)
      reinterpret_cast<fused_strided_fn<T>>(fn)(layout, cblas_trans(g.ta), cblas_trans(g.tb), g.m, g.n, g.k, g.alpha, a,
                                             g.lda, d.stridea, b, g.ldb, d.strideb, g.beta, cm, g.ldc, d.stridec,
                                             g.size, pro, ep);
    else
      reinterpret_cast<fused_fn<T>>(fn)(layout, cblas_trans(g.ta), cblas_trans(g.tb), g.m, g.n, g.k, g.alpha, a, g.lda,
                                     b, g.ldb, g.beta, cm, g.ldc, pro, ep);
  };
  c.reference_routine = routine_name<T>("gemm");
  c.call_reference = [=](void* fn, void* const* data) {
    // A is an input: the prologue goes on a tight copy of each entry's.
    const fint tight = std::max(g.a.inner, 1);
    T* cm = static_cast<T*>(data[2]);
    for (fint e = 0; e < g.size; ++e) {
      std::vector<T> a(static_cast<std::size_t>(g.a.inner) * g.a.outer);
      const T* from = static_cast<const T*>(data[0]) + g.a_at[e];
      for (fint j = 0; j < g.a.outer; ++j)
        for (fint i = 0; i < g.a.inner; ++i) {
          const T x = from[static_cast<std::size_t>(j) * g.lda + i];
          a[static_cast<std::size_t>(j) * tight + i] = ops.has_pro ? T(ops.prologue(x)) : x;
        }
      reference_entry(fn, d.row_major, g, a.data(), &tight, static_cast<const T*>(data[1]) + g.b_at[e],
                      cm + g.c_at[e]);
    }
    if (!ops.has_epi) return;
    const double* bias = static_cast<const double*>(data[3]);
    for (fint e = 0; e < g.size; ++e)
      for (fint i = 0; i < g.m; ++i)
        for (fint j = 0; j < g.n; ++j) {
          T& x = cm[c_index(d, g, e, i, j)];
          x = T(ops.activation(double(x) + ops.bias(bias, i, j)));
        }
  };
  return c;
}

template <class T>
void add_every_form(std::vector<case_maker>& makers) {
  makers.push_back({batch_symbol<T>(form::cblas, false), &batch_case<T, form::cblas, false>});
  makers.push_back({batch_symbol<T>(form::fortran, false), &batch_case<T, form::fortran, false>});
  makers.push_back({batch_symbol<T>(form::fortran, true), &batch_case<T, form::fortran, true>});
  makers.push_back({batch_symbol<T>(form::cblas_strided, false), &batch_case<T, form::cblas_strided, false>});
  makers.push_back({batch_symbol<T>(form::fortran_strided, false), &batch_case<T, form::fortran_strided, false>});
  makers.push_back({batch_symbol<T>(form::fortran_strided, true), &batch_case<T, form::fortran_strided, true>});
}

}  // namespace

std::vector<case_maker> batch_makers() {
  std::vector<case_maker> makers;
  for_each_precision([&](auto t) { add_every_form<decltype(t)>(makers); });
  for (bool batched : {false, true}) {
    makers.push_back({fused_symbol<double>(batched), batched ? &fused_case<double, true> : &fused_case<double, false>});
    makers.push_back({fused_symbol<float>(batched), batched ? &fused_case<float, true> : &fused_case<float, false>});
  }
  return makers;
}

}  // namespace swblas_stress
