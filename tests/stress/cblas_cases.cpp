// Random calls of every CBLAS routine netlib exports, all precisions, both layouts, with ?gemmt, and of the
// Fortran functions' subroutine forms beneath netlib's CBLAS (ddotsub_ ...). A case is the Fortran maker's
// case of the same routine (level{1,2,3}_cases.cpp: its draws, operands, fills, NaNs and tolerances) made through
// the CBLAS entry point: the Fortran case's invoker is kept, given an adapter of this file instead of the routine,
// and the adapter turns the Fortran arguments into the CBLAS call. Column-major, the call is the same one; row-major,
// it reads the same storage as the transpose: a column-major m x n matrix with leading dimension ld is a row-major
// n x m one with the same ld, its 'U' triangle (or upper band, upper packed) a row-major lower one. Both calls thus
// touch exactly the scalars the Fortran case declares, whatever the layout.
#include <complex>
#include <cstddef>
#include <cstring>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "cblas.h"
#include "fuzz_draw.h"
#include "swblas.h"

namespace swblas_stress {
namespace {

// The CBLAS call an adapter makes. The Fortran invoker only passes the routine's address along, so the rest travels
// beside it, per thread (the fuzzer runs cases on many threads at once). `conjugate` asks a row-major call whose
// column-major op is 'N' for ConjTrans rather than Trans: the same shapes, the conjugate matrix. With `shown` set,
// the adapter writes out the call instead of making it.
struct cblas_call {
  void* fn = nullptr;
  CBLAS_LAYOUT layout = CblasColMajor;
  bool conjugate = false;
  std::string* shown = nullptr;
  const std::vector<operand>* operands = nullptr;  // names for `shown`
  std::size_t index = 0;                          // i?amax's whole result
};
thread_local cblas_call current;

// Sets `current` for one call of the Fortran invoker.
class calling {
 public:
  explicit calling(const cblas_call& how) { current = how; }
  ~calling() { current = cblas_call(); }
  calling(const calling&) = delete;
  calling& operator=(const calling&) = delete;
};

bool row_major() { return current.layout == CblasRowMajor; }

// The argument where the layouts differ: `column` in a column-major call, `row` in a row-major one.
fint by_layout(ci column, ci row) { return row_major() ? *row : *column; }
// Row-major storage holds the transpose: the other triangle, the other side.
CBLAS_UPLO uplo_of(char uplo) { return is(uplo, 'U') != row_major() ? CblasUpper : CblasLower; }
CBLAS_SIDE side_of(char side) { return is(side, 'L') != row_major() ? CblasLeft : CblasRight; }
CBLAS_DIAG diag_of(char diag) { return is(diag, 'U') ? CblasUnit : CblasNonUnit; }
CBLAS_TRANSPOSE same_op(char trans) {
  if (is(trans, 'N')) return CblasNoTrans;
  return is(trans, 'T') ? CblasTrans : CblasConjTrans;
}
// The op of a single matrix read as its transpose when row-major: 'N' becomes (Conj)Trans and 'T' or 'C' NoTrans.
CBLAS_TRANSPOSE layout_op(char trans, bool conjugate) {
  if (!row_major()) return same_op(trans);
  if (!is(trans, 'N')) return CblasNoTrans;
  return conjugate ? CblasConjTrans : CblasTrans;
}

// A scalar argument: real ones by value, complex ones by address.
template <class T>
struct by_address {
  cv p;
};
template <class T>
auto scalar_arg(cv p) {
  if constexpr (is_complex<T>)
    return by_address<T>{p};
  else
    return *static_cast<const T*>(p);
}
template <class A>
A passed(A a) {
  return a;
}
template <class T>
cv passed(by_address<T> a) {
  return a.p;
}

// An argument as C source shows it; an operand by its name.
std::string shown(CBLAS_LAYOUT v) { return v == CblasRowMajor ? "CblasRowMajor" : "CblasColMajor"; }
std::string shown(CBLAS_TRANSPOSE v) {
  return v == CblasNoTrans ? "CblasNoTrans" : v == CblasTrans ? "CblasTrans" : "CblasConjTrans";
}
std::string shown(CBLAS_UPLO v) { return v == CblasUpper ? "CblasUpper" : "CblasLower"; }
std::string shown(CBLAS_DIAG v) { return v == CblasUnit ? "CblasUnit" : "CblasNonUnit"; }
std::string shown(CBLAS_SIDE v) { return v == CblasLeft ? "CblasLeft" : "CblasRight"; }
std::string shown(fint v) { return std::to_string(v); }
template <class R>
std::string shown_real(R v) {
  std::ostringstream s;
  s.precision(std::numeric_limits<R>::max_digits10);
  s << v;
  return s.str();
}
std::string shown(float v) { return shown_real(v); }
std::string shown(double v) { return shown_real(v); }
template <class T>
std::string shown(by_address<T> a) {
  const T v = *static_cast<const T*>(a.p);
  return "{" + shown_real(v.real()) + ", " + shown_real(v.imag()) + "}";
}
// While showing, the operands' addresses are these slots (the adapters of Levels 2 and 3 never read them).
const char operand_slots[16] = {};
std::string shown(cv p) { return (*current.operands)[static_cast<const char*>(p) - operand_slots].name; }

// Makes the CBLAS call, or shows it.
template <class R = void, class... A>
R emit(A... args) {
  if (current.shown) {
    std::string s;
    ((s += (s.empty() ? "" : ", ") + shown(args)), ...);
    *current.shown = s;
    return R();
  }
  return reinterpret_cast<R (*)(decltype(passed(args))...)>(current.fn)(passed(args)...);
}

// A routine family: the Fortran symbol of precision T (whose maker is reused) and `adapter<T>`, which has the
// Fortran routine's signature and makes the CBLAS call. `layouts`: the call takes a layout (Levels 2 and 3);
// `widen` and `finish` adjust the Fortran case's operands and complete a call where the CBLAS result differs in
// type (i?amax's size_t).
struct level1 {
  static constexpr bool layouts = false;
  static void widen(fuzz_case&) {}
  static void finish(void* const*) {}
};
struct level23 : level1 {
  static constexpr bool layouts = true;
};

// The real prefix, then the complex one ("nrm2" -> scnrm2_), or the other way round with `complex_first` (csrot_).
template <class T>
std::string mixed_name(const char* operation, bool complex_first = false) {
  if (!is_complex<T>) return routine_name<T>(operation);
  const char real = prefix_of<real_t<T>>(), complex = prefix_of<T>();
  return std::string{complex_first ? complex : real, complex_first ? real : complex} + operation + "_";
}
// Real routines symmetric, complex ones Hermitian: "symv" or "hemv".
template <class T>
std::string symmetric_name(const char* real_operation, const char* complex_operation) {
  return routine_name<T>(is_complex<T> ? complex_operation : real_operation);
}

// ---- Level 1: the same arguments, scalars by value, complex dots through an argument, i?amax 0-based size_t.

struct rotg : level1 {
  template <class T>
  static std::string fortran() { return routine_name<T>("rotg"); }
  template <class T>
  static void adapter(void* a, void* b, void* c, void* s) { emit(a, b, c, s); }
};
struct rotmg : level1 {
  template <class T>
  static std::string fortran() { return routine_name<T>("rotmg"); }
  template <class T>
  static void adapter(void* d1, void* d2, void* x1, cv y1, void* param) {
    emit(d1, d2, x1, *static_cast<const T*>(y1), param);
  }
};
struct rot : level1 {
  template <class T>
  static std::string fortran() { return mixed_name<T>("rot", true); }
  template <class T>
  static void adapter(ci n, void* x, ci incx, void* y, ci incy, cv c, cv s) {
    emit(*n, x, *incx, y, *incy, scalar_arg<real_t<T>>(c), scalar_arg<real_t<T>>(s));
  }
};
struct rotm : level1 {
  template <class T>
  static std::string fortran() { return routine_name<T>("rotm"); }
  template <class T>
  static void adapter(ci n, void* x, ci incx, void* y, ci incy, cv param) { emit(*n, x, *incx, y, *incy, param); }
};
// swap and copy: (n, x, incx, y, incy).
struct swap : level1 {
  template <class T>
  static std::string fortran() { return routine_name<T>("swap"); }
  template <class T>
  static void adapter(ci n, cv x, ci incx, void* y, ci incy) { emit(*n, x, *incx, y, *incy); }
};
struct copy : swap {
  template <class T>
  static std::string fortran() { return routine_name<T>("copy"); }
};
// ?scal, and csscal/zdscal with `real_alpha`.
template <bool real_alpha>
struct scal : level1 {
  template <class T>
  static std::string fortran() { return real_alpha ? mixed_name<T>("scal", true) : routine_name<T>("scal"); }
  template <class T>
  static void adapter(ci n, cv alpha, void* x, ci incx) {
    emit(*n, scalar_arg<std::conditional_t<real_alpha, real_t<T>, T>>(alpha), x, *incx);
  }
};
struct axpy : level1 {
  template <class T>
  static std::string fortran() { return routine_name<T>("axpy"); }
  template <class T>
  static void adapter(ci n, cv alpha, cv x, ci incx, void* y, ci incy) {
    emit(*n, scalar_arg<T>(alpha), x, *incx, y, *incy);
  }
};

// ?dot, and cblas_?dotu_sub, cblas_?dotc_sub with `conjugated`.
template <bool conjugated>
struct dot : level1 {
  template <class T>
  static std::string fortran() { return routine_name<T>(is_complex<T> ? (conjugated ? "dotc" : "dotu") : "dot"); }
  template <class T>
  static fortran_value_t<T> adapter(ci n, cv x, ci incx, cv y, ci incy) {
    if constexpr (is_complex<T>) {
      T sum;
      emit(*n, x, *incx, y, *incy, static_cast<void*>(&sum));
      fortran_value_t<T> value;
      __real__ value = sum.real();
      __imag__ value = sum.imag();
      return value;
    } else {
      return emit<T>(*n, x, *incx, y, *incy);
    }
  }
};
// dsdot: ddot's signature; sdsdot: sb first.
struct dsdot : dot<false> {
  template <class T>
  static std::string fortran() { return "dsdot_"; }
};
struct sdsdot : level1 {
  template <class T>
  static std::string fortran() { return "sdsdot_"; }
  template <class T>
  static float adapter(ci n, cv sb, cv x, ci incx, cv y, ci incy) {
    return emit<float>(*n, *static_cast<const float*>(sb), x, *incx, y, *incy);
  }
};
// nrm2 and asum: a real function of (n, x, incx).
struct nrm2 : level1 {
  template <class T>
  static std::string fortran() { return mixed_name<T>("nrm2"); }
  template <class T>
  static real_t<T> adapter(ci n, cv x, ci incx) { return emit<real_t<T>>(*n, x, *incx); }
};
struct asum : nrm2 {
  template <class T>
  static std::string fortran() { return mixed_name<T>("asum"); }
};
// i?amax: the result operand widened to a size_t, all of which is compared.
struct iamax : level1 {
  template <class T>
  static std::string fortran() { return std::string("i") + prefix_of<T>() + "amax_"; }
  template <class T>
  static fint adapter(ci n, cv x, ci incx) {
    current.index = emit<std::size_t>(*n, x, *incx);
    return static_cast<fint>(current.index);
  }
  static void widen(fuzz_case& c) { c.operands[1].count = sizeof(std::size_t) / bytes_of(storage::i32); }
  static void finish(void* const* d) { std::memcpy(d[1], &current.index, sizeof current.index); }
};
struct cabs1 : level1 {
  template <class T>
  static std::string fortran() { return routine_name<T>("cabs1"); }
  template <class T>
  static T adapter(cv z) { return emit<T>(z); }
};

// ---- Level 2.

// ?gemv, and ?gbmv: the band of a row-major matrix is the band of its transpose, kl and ku swapped. Row-major
// ConjTrans only for M > 0: netlib's loops forever for M = 0 < N (it steps y back by a stride set only for M > 0).
CBLAS_TRANSPOSE general_op(char trans, ci n) {
  return layout_op(trans, current.conjugate && *n > 0);
}
struct gemv : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>("gemv"); }
  template <class T>
  static void adapter(cc trans, ci m, ci n, cv alpha, cv a, ci lda, cv x, ci incx, cv beta, void* y, ci incy, len) {
    emit(current.layout, general_op(*trans, n), by_layout(m, n), by_layout(n, m), scalar_arg<T>(alpha),
         a, *lda, x, *incx, scalar_arg<T>(beta), y, *incy);
  }
};
struct gbmv : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>("gbmv"); }
  template <class T>
  static void adapter(cc trans, ci m, ci n, ci kl, ci ku, cv alpha, cv a, ci lda, cv x, ci incx, cv beta, void* y,
                      ci incy, len) {
    emit(current.layout, general_op(*trans, n), by_layout(m, n), by_layout(n, m), by_layout(kl, ku),
         by_layout(ku, kl), scalar_arg<T>(alpha), a, *lda, x, *incx, scalar_arg<T>(beta), y, *incy);
  }
};

// ?symv/?hemv, ?sbmv/?hbmv, ?spmv/?hpmv.
struct symv : level23 {
  template <class T>
  static std::string fortran() { return symmetric_name<T>("symv", "hemv"); }
  template <class T>
  static void adapter(cc uplo, ci n, cv alpha, cv a, ci lda, cv x, ci incx, cv beta, void* y, ci incy, len) {
    emit(current.layout, uplo_of(*uplo), *n, scalar_arg<T>(alpha), a, *lda, x, *incx, scalar_arg<T>(beta), y, *incy);
  }
};
struct sbmv : level23 {
  template <class T>
  static std::string fortran() { return symmetric_name<T>("sbmv", "hbmv"); }
  template <class T>
  static void adapter(cc uplo, ci n, ci k, cv alpha, cv a, ci lda, cv x, ci incx, cv beta, void* y, ci incy, len) {
    emit(current.layout, uplo_of(*uplo), *n, *k, scalar_arg<T>(alpha), a, *lda, x, *incx, scalar_arg<T>(beta), y,
         *incy);
  }
};
struct spmv : level23 {
  template <class T>
  static std::string fortran() { return symmetric_name<T>("spmv", "hpmv"); }
  template <class T>
  static void adapter(cc uplo, ci n, cv alpha, cv ap, cv x, ci incx, cv beta, void* y, ci incy, len) {
    emit(current.layout, uplo_of(*uplo), *n, scalar_arg<T>(alpha), ap, x, *incx, scalar_arg<T>(beta), y, *incy);
  }
};

// ?trmv, ?tbmv, ?tpmv, and the solves ?trsv, ?tbsv, ?tpsv with `solve`.
template <bool solve>
struct trmv : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>(solve ? "trsv" : "trmv"); }
  template <class T>
  static void adapter(cc uplo, cc trans, cc diag, ci n, cv a, ci lda, void* x, ci incx, len, len, len) {
    emit(current.layout, uplo_of(*uplo), layout_op(*trans, current.conjugate), diag_of(*diag), *n, a, *lda, x, *incx);
  }
};
template <bool solve>
struct tbmv : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>(solve ? "tbsv" : "tbmv"); }
  template <class T>
  static void adapter(cc uplo, cc trans, cc diag, ci n, ci k, cv a, ci lda, void* x, ci incx, len, len, len) {
    emit(current.layout, uplo_of(*uplo), layout_op(*trans, current.conjugate), diag_of(*diag), *n, *k, a, *lda, x,
         *incx);
  }
};
template <bool solve>
struct tpmv : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>(solve ? "tpsv" : "tpmv"); }
  template <class T>
  static void adapter(cc uplo, cc trans, cc diag, ci n, cv ap, void* x, ci incx, len, len, len) {
    emit(current.layout, uplo_of(*uplo), layout_op(*trans, current.conjugate), diag_of(*diag), *n, ap, x, *incx);
  }
};

// ?ger, ?geru, and ?gerc with `conjugate`: row-major, x y^T is y x^T of the transpose.
template <bool conjugate>
struct ger : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>(!is_complex<T> ? "ger" : (conjugate ? "gerc" : "geru")); }
  template <class T>
  static void adapter(ci m, ci n, cv alpha, cv x, ci incx, cv y, ci incy, void* a, ci lda) {
    const bool row = row_major();
    emit(current.layout, by_layout(m, n), by_layout(n, m), scalar_arg<T>(alpha), row ? y : x, by_layout(incx, incy),
         row ? x : y, by_layout(incy, incx), a, *lda);
  }
};

// ?syr/?her and ?spr/?hpr (real alpha), ?syr2/?her2 and ?spr2/?hpr2.
struct syr : level23 {
  template <class T>
  static std::string fortran() { return symmetric_name<T>("syr", "her"); }
  template <class T>
  static void adapter(cc uplo, ci n, cv alpha, cv x, ci incx, void* a, ci lda, len) {
    emit(current.layout, uplo_of(*uplo), *n, scalar_arg<real_t<T>>(alpha), x, *incx, a, *lda);
  }
};
struct spr : level23 {
  template <class T>
  static std::string fortran() { return symmetric_name<T>("spr", "hpr"); }
  template <class T>
  static void adapter(cc uplo, ci n, cv alpha, cv x, ci incx, void* ap, len) {
    emit(current.layout, uplo_of(*uplo), *n, scalar_arg<real_t<T>>(alpha), x, *incx, ap);
  }
};
struct syr2 : level23 {
  template <class T>
  static std::string fortran() { return symmetric_name<T>("syr2", "her2"); }
  template <class T>
  static void adapter(cc uplo, ci n, cv alpha, cv x, ci incx, cv y, ci incy, void* a, ci lda, len) {
    emit(current.layout, uplo_of(*uplo), *n, scalar_arg<T>(alpha), x, *incx, y, *incy, a, *lda);
  }
};
struct spr2 : level23 {
  template <class T>
  static std::string fortran() { return symmetric_name<T>("spr2", "hpr2"); }
  template <class T>
  static void adapter(cc uplo, ci n, cv alpha, cv x, ci incx, cv y, ci incy, void* ap, len) {
    emit(current.layout, uplo_of(*uplo), *n, scalar_arg<T>(alpha), x, *incx, y, *incy, ap);
  }
};

// ---- Level 3: row-major, C = op(A) op(B) is C^T = op(B)^T op(A)^T, each op kept (conjugation included).

struct gemm : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>("gemm"); }
  template <class T>
  static void adapter(cc ta, cc tb, ci m, ci n, ci k, cv alpha, cv a, ci lda, cv b, ci ldb, cv beta, void* c, ci ldc,
                      len, len) {
    const bool row = row_major();
    emit(current.layout, same_op(row ? *tb : *ta), same_op(row ? *ta : *tb), by_layout(m, n), by_layout(n, m), *k,
         scalar_arg<T>(alpha), row ? b : a, by_layout(lda, ldb), row ? a : b, by_layout(ldb, lda), scalar_arg<T>(beta),
         c, *ldc);
  }
};
// ?gemmt, which netlib lacks: the Fortran case's reference (netlib's ?gemm on the whole of C, the other triangle
// put back) computes the same thing on the same storage whatever the layout.
struct gemmt : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>("gemmt"); }
  template <class T>
  static void adapter(cc uplo, cc ta, cc tb, ci n, ci k, cv alpha, cv a, ci lda, cv b, ci ldb, cv beta, void* c,
                      ci ldc, len, len, len) {
    const bool row = row_major();
    emit(current.layout, uplo_of(*uplo), same_op(row ? *tb : *ta), same_op(row ? *ta : *tb), *n, *k,
         scalar_arg<T>(alpha), row ? b : a, by_layout(lda, ldb), row ? a : b, by_layout(ldb, lda),
         scalar_arg<T>(beta), c, *ldc);
  }
};
// ?symm, and ?hemm with `hermitian`.
template <bool hermitian>
struct symm : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>(hermitian ? "hemm" : "symm"); }
  template <class T>
  static void adapter(cc side, cc uplo, ci m, ci n, cv alpha, cv a, ci lda, cv b, ci ldb, cv beta, void* c, ci ldc,
                      len, len) {
    emit(current.layout, side_of(*side), uplo_of(*uplo), by_layout(m, n), by_layout(n, m), scalar_arg<T>(alpha), a,
         *lda, b, *ldb, scalar_arg<T>(beta), c, *ldc);
  }
};
// The transposed op of a rank update when row-major: ConjTrans for herk and her2k, Trans for csyrk and csyr2k (which
// take no ConjTrans), either for the real ones.
template <class T, bool hermitian>
CBLAS_TRANSPOSE rank_update_op(char trans) {
  return layout_op(trans, hermitian || (!is_complex<T> && current.conjugate));
}
// ?syrk, and ?herk with `hermitian` (real alpha and beta).
template <bool hermitian>
struct syrk : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>(hermitian ? "herk" : "syrk"); }
  template <class T>
  static void adapter(cc uplo, cc trans, ci n, ci k, cv alpha, cv a, ci lda, cv beta, void* c, ci ldc, len, len) {
    using S = std::conditional_t<hermitian, real_t<T>, T>;
    emit(current.layout, uplo_of(*uplo), rank_update_op<T, hermitian>(*trans), *n, *k, scalar_arg<S>(alpha), a, *lda,
         scalar_arg<S>(beta), c, *ldc);
  }
};
// ?syr2k, and ?her2k with `hermitian` (real beta).
template <bool hermitian>
struct syr2k : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>(hermitian ? "her2k" : "syr2k"); }
  template <class T>
  static void adapter(cc uplo, cc trans, ci n, ci k, cv alpha, cv a, ci lda, cv b, ci ldb, cv beta, void* c, ci ldc,
                      len, len) {
    using B = std::conditional_t<hermitian, real_t<T>, T>;
    emit(current.layout, uplo_of(*uplo), rank_update_op<T, hermitian>(*trans), *n, *k, scalar_arg<T>(alpha), a, *lda,
         b, *ldb, scalar_arg<B>(beta), c, *ldc);
  }
};
// ?trmm, and ?trsm with `solve`.
template <bool solve>
struct trmm : level23 {
  template <class T>
  static std::string fortran() { return routine_name<T>(solve ? "trsm" : "trmm"); }
  template <class T>
  static void adapter(cc side, cc uplo, cc transa, cc diag, ci m, ci n, cv alpha, cv a, ci lda, void* b, ci ldb, len,
                      len, len, len) {
    emit(current.layout, side_of(*side), uplo_of(*uplo), same_op(*transa), diag_of(*diag), by_layout(m, n),
         by_layout(n, m), scalar_arg<T>(alpha), a, *lda, b, *ldb);
  }
};

// ---- The makers.

using make_fn = fuzz_case (*)(rng_t&);

// The Fortran maker of `symbol` ("dgemv_").
make_fn fortran_maker(const std::string& symbol) {
  static const std::map<std::string, make_fn> makers = [] {
    std::map<std::string, make_fn> m;
    for (auto* level : {&level1_makers, &level2_makers, &level3_makers})
      for (const case_maker& maker : (*level)()) m[maker.routine] = maker.make;
    return m;
  }();
  return makers.at(symbol);
}

// "dgemv_" -> "cblas_dgemv"; the complex dots return through an argument: "zdotu_" -> "cblas_zdotu_sub".
std::string cblas_symbol(const std::string& fortran) {
  const std::string base = fortran.substr(0, fortran.size() - 1);
  const bool complex_dot = base.size() == 5 && base.compare(1, 3, "dot") == 0;
  return "cblas_" + base + (complex_dot ? "_sub" : "");
}

// The Fortran case of F's routine in precision T, made through the CBLAS entry point in a random layout.
template <class T, class F>
fuzz_case cblas_case(rng_t& rng) {
  fuzz_case c = fortran_maker(F::template fortran<T>())(rng);
  cblas_call how;
  if constexpr (F::layouts) {
    how.layout = chance(rng, 0.5) ? CblasRowMajor : CblasColMajor;
    how.conjugate = chance(rng, 0.5);
  }
  c.routine = cblas_symbol(c.routine);
  F::widen(c);
  void* const adapter = reinterpret_cast<void*>(&F::template adapter<T>);
  const invoker fortran_call = std::move(c.call);
  c.call = [=](void* fn, void* const* d) {
    cblas_call with_fn = how;
    with_fn.fn = fn;
    const calling scope(with_fn);
    fortran_call(adapter, d);
    F::finish(d);
  };
  // Level 1 keeps the Fortran description (the same arguments, with every digit of rotg's and rotmg's).
  if constexpr (F::layouts) {
    std::vector<void*> slots;
    for (std::size_t k = 0; k < c.operands.size(); ++k) slots.push_back(const_cast<char*>(operand_slots + k));
    cblas_call showing = how;
    showing.shown = &c.arguments;
    showing.operands = &c.operands;
    const calling scope(showing);
    fortran_call(adapter, slots.data());
  }
  return c;
}

template <class T, class F>
void add(std::vector<case_maker>& makers) {
  makers.push_back({cblas_symbol(F::template fortran<T>()), &cblas_case<T, F>});
}

// ---- The subroutine forms of the Fortran functions beneath netlib's CBLAS (ddotsub_, izamaxsub_, ...): the
// function's arguments, then its value's address.

// The adapter: the Fortran function's signature (A..., value V), calling the subroutine.
template <class V, class... A>
V through_subroutine(A... args) {
  V value;
  reinterpret_cast<void (*)(A..., V*)>(current.fn)(args..., &value);
  return value;
}

// The Fortran case of `fortran`'s function through its subroutine form, with `adapter`.
template <class Adapter, Adapter adapter>
fuzz_case subroutine_case_of(const std::string& fortran, rng_t& rng) {
  fuzz_case c = fortran_maker(fortran)(rng);
  c.routine = fortran.substr(0, fortran.size() - 1) + "sub_";
  const invoker fortran_call = std::move(c.call);
  c.call = [=](void* fn, void* const* d) {
    cblas_call with_fn;
    with_fn.fn = fn;
    const calling scope(with_fn);
    fortran_call(reinterpret_cast<void*>(adapter), d);
  };
  return c;
}

// F's function in precision T, V its value, A... its arguments.
template <class T, class F, class V, class... A>
fuzz_case subroutine_case(rng_t& rng) {
  return subroutine_case_of<V (*)(A...), &through_subroutine<V, A...>>(F::template fortran<T>(), rng);
}

template <class T, class F, class V, class... A>
void add_subroutine(std::vector<case_maker>& makers) {
  const std::string fortran = F::template fortran<T>();
  makers.push_back({fortran.substr(0, fortran.size() - 1) + "sub_", &subroutine_case<T, F, V, A...>});
}

template <class T>
void add_subroutines(std::vector<case_maker>& makers) {
  using R = real_t<T>;
  add_subroutine<T, nrm2, R, ci, cv, ci>(makers);
  add_subroutine<T, asum, R, ci, cv, ci>(makers);
  add_subroutine<T, iamax, fint, ci, cv, ci>(makers);
  add_subroutine<T, dot<false>, fortran_value_t<T>, ci, cv, ci, cv, ci>(makers);
  if constexpr (is_complex<T>) add_subroutine<T, dot<true>, fortran_value_t<T>, ci, cv, ci, cv, ci>(makers);
  if constexpr (!is_complex<T>) add_subroutine<T, cabs1, T, cv>(makers);
}

template <class T>
void add_level1(std::vector<case_maker>& makers) {
  add<T, rotg>(makers), add<T, rot>(makers), add<T, swap>(makers), add<T, scal<false>>(makers);
  add<T, copy>(makers), add<T, axpy>(makers), add<T, nrm2>(makers), add<T, asum>(makers), add<T, iamax>(makers);
  if constexpr (is_complex<T>) {
    add<T, scal<true>>(makers), add<T, dot<false>>(makers), add<T, dot<true>>(makers);
  } else {
    add<T, rotmg>(makers), add<T, rotm>(makers), add<T, dot<false>>(makers), add<T, cabs1>(makers);
  }
}

template <class T>
void add_level2(std::vector<case_maker>& makers) {
  add<T, gemv>(makers), add<T, gbmv>(makers), add<T, symv>(makers), add<T, sbmv>(makers), add<T, spmv>(makers);
  add<T, trmv<false>>(makers), add<T, tbmv<false>>(makers), add<T, tpmv<false>>(makers);
  add<T, trmv<true>>(makers), add<T, tbmv<true>>(makers), add<T, tpmv<true>>(makers);
  add<T, ger<false>>(makers), add<T, syr>(makers), add<T, spr>(makers), add<T, syr2>(makers), add<T, spr2>(makers);
  if constexpr (is_complex<T>) add<T, ger<true>>(makers);
}

template <class T>
void add_level3(std::vector<case_maker>& makers) {
  add<T, gemm>(makers), add<T, symm<false>>(makers), add<T, syrk<false>>(makers), add<T, syr2k<false>>(makers);
  add<T, trmm<false>>(makers), add<T, trmm<true>>(makers), add<T, gemmt>(makers);
  if constexpr (is_complex<T>) add<T, symm<true>>(makers), add<T, syrk<true>>(makers), add<T, syr2k<true>>(makers);
}

}  // namespace

std::vector<case_maker> cblas_makers() {
  std::vector<case_maker> makers;
  for_each_precision([&](auto t) {
    add_level1<decltype(t)>(makers);
    add_level2<decltype(t)>(makers);
    add_level3<decltype(t)>(makers);
    add_subroutines<decltype(t)>(makers);
  });
  add<float, sdsdot>(makers);
  add<double, dsdot>(makers);
  add_subroutine<float, sdsdot, float, ci, cv, cv, ci, cv, ci>(makers);
  add_subroutine<double, dsdot, double, ci, cv, ci, cv, ci>(makers);
  return makers;
}

}  // namespace swblas_stress
