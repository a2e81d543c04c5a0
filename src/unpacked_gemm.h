// The unpacked path: the micro kernel's small routine (asm/small_gemm.h) on
// A and B in place, k blocked by kc, threads splitting the rows or the
// columns of C. It serves
//
//   small problems, every dimension at most the routine's max_dim:
//     packing costs more than it saves there (on Zen 5 the AVX-512 24x8
//     small path runs at 95% of peak up to n = 384, the packed path at
//     80-90%; with two threads splitting n it reached 1.5x the packed team);
//   skinny problems, one of m, n only a few register blocks while the other
//     and k are large, e.g. (4000, 16, 4000) or (32, 2000, 2000): with few
//     columns each element of A is used by only ceil(n/nr) micro-kernel
//     calls, so packing A (a strided read from memory and a write) costs
//     about as much as the multiplication and is not overlapped with it, and
//     the last B micro-panel is zero-padded; with few rows each packed B
//     micro-panel is used by only ceil(m/mr) calls, after a round trip
//     through L3.
//
// The small routine reads A in place one strip of rows at a time (the strip
// stays in L1 while every column block of the strip uses it) and broadcasts
// B from any strides; its row and column tails are blocks of their own
// size, not zero-padded ones (BLIS's "sup" kernels do the same). The k loop
// is blocked by kc so that a strip of A (few columns) or the m x kc block of
// A (few rows) stays in cache.
//
// Threads split the rows (by_rows) or the columns (by_columns) into
// contiguous ranges of whole strips or column blocks, each an independent
// sub-problem: no barriers, no shared buffers, and no packing buffers but
// each thread's copy of a transposed A's m x kc block, or of a strip of an A
// whose leading dimension would keep it out of L1 (the parts are a team
// job of the driver, src/gemm.cpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

#include "../asm/prefetch.h"
#include "../asm/small_gemm.h"
#include "cpu_tuning.h"
#include "macro_kernel.h"
#include "pack_buffer.h"
#include "thread_pool.h"

namespace swblas {

// How far the short side may reach for the skinny case. Few columns: up to
// 8 blocks of nr, measured with avx2_8x6 on Zen 3 (k = 2000, against the
// packed path and OpenBLAS/BLIS in the same runs: the unpacked strips win up
// to n = 48 and lose from 64, where A is reused enough to pay for its
// packing) and avx512_24x8 on Zen 5 (ahead at n = 48, even at 96). Few
// rows: up to 40 rows whatever mr, since the crossover is in rows (the small
// routine's row blocks), not in register blocks: avx2_8x6 breaks even at
// 48-64 rows; avx512_24x8, measured against its packed path on Zen 5
// (n = 2000, k = 300 and 2000, 1 and 2 threads), wins at 32 rows by 1.1-2x,
// is even at 40 and loses at 48 (by 12-36% single-threaded) and 96 (by
// 1.7x); 6 blocks of its mr (144 rows) had it unpacked up to there.
inline constexpr dim_t kSkinnyColumnBlocks = 8;
inline constexpr dim_t kSkinnyRows = 40;

// A thread joins the unpacked path's team for at least this much work
// (m*n*k multiply-adds of double; float needs twice as many, its vectors
// holding twice the lanes). Measured on Zen 4 with avx512_24x8 and the
// pool's spinning helpers, two threads against one: dgemm 48^3 1.37x, 64^3
// 1.37x; sgemm 48^3 0.91x, 64^3 1.24x. (With OpenMP's teams, Zen 5, 64^3
// had lost: waking a thread cost half the product.)
inline constexpr double kMinUnpackedWorkPerThread = 32.0 * 32.0 * 32.0;

// Any problem with at most this many multiply-adds is small, whatever its
// shape (packing one operand would cost as much as the product).
inline constexpr double kTinyWork = 32.0 * 32.0 * 32.0;
inline constexpr bool tiny_work(dim_t m, dim_t n, dim_t k) { return double(m) * double(n) * double(k) <= kTinyWork; }

// Which side the threads split, or none: the problem takes the packed path.
enum class unpacked_split : int {
  none = 0,
  by_rows = 1,     // strips of rows of A and C; every thread reads all of B
  by_columns = 2,  // column blocks of B and C; every thread reads all of A
};

// Whether p takes the unpacked path on small routine r (null: none), and
// how it is split. It reads A with unit row stride only (op(A) = A). Skinny
// problems need a small routine at the packed kernel's rate, and the short
// side must also be the shorter one, so that a small square problem is not
// mistaken for one. op(A) = A^T is taken with few rows only: by_columns
// copies each m x kc block of op(A) untransposed first (at most kSkinnyRows
// x kc doubles, against m x kc x n multiply-adds), where packing it for the
// packed path would zero-pad the rows to mr and pack B for only m rows.
// The real view of a complex problem (p.complex) is never unpacked: only
// the packing applies the 1m rule.
template <class T>
inline unpacked_split classify_unpacked(const basic_gemm_problem<T>& p,
                                        const small_gemm_desc<typename basic_gemm_problem<T>::value_type>* r) {
  if (!r || p.complex) return unpacked_split::none;
  if (p.rs_a != 1)
    return r->at_full_rate && p.m <= kSkinnyRows && p.m < p.n ? unpacked_split::by_columns
                                                              : unpacked_split::none;
  const bool tiny = tiny_work(p.m, p.n, p.k);
  if (tiny || (p.m <= r->max_dim && p.n <= r->max_dim && p.k <= r->max_dim))
    return p.m >= p.n ? unpacked_split::by_rows : unpacked_split::by_columns;
  if (!r->at_full_rate) return unpacked_split::none;
  if (p.n <= kSkinnyColumnBlocks * r->ukernel->nr && p.n < p.m) return unpacked_split::by_rows;
  if (p.m <= kSkinnyRows && p.m < p.n) return unpacked_split::by_columns;
  return unpacked_split::none;
}

namespace unpacked_detail {

// Whether A, read in place, is worth copying first (to line-aligned
// columns): its leading dimension is whole KiB, which puts a strip's columns
// in a quarter of L1's sets, so that A's lines leave L1 between their uses,
// and it starts off a cache line (as malloc places it), so that each vector
// load spans two lines. Where such loads are cheap (Zen 5) the copy pays
// only for double entries of a batch streaming the next one in; where they
// are dear (Emerald Rapids) it pays in every call (off_line_a_copy,
// cpu_tuning.h). Measured on Zen 5 (avx512, one thread, A 16 bytes past a
// line, lda 128): a batch of 100 128^3 DGEMMs in memory 72-77 -> 81-85
// GFLOP/s (on lines 82-84), 20 in L3 and one in L2 even; as losses there,
// single calls (A in L1 or L2 from the call before: 64^3 with lda 128 99 ->
// 90, 256^3 104 -> 101), float (256^3, lda 256: 213 -> 207). Never copied: A
// on a line or lda 136 (nothing to win), and skinny problems by rows
// (4096 x 16 x 4096, lda 4096: 51 -> 38, the copy's pass over A from memory
// not overlapped with the multiplication).
inline constexpr std::size_t kSetAliasingBytes = 1024;
template <class T>
inline bool off_line(const basic_gemm_problem<T>& p) {
  return p.rs_a == 1 && reinterpret_cast<std::uintptr_t>(p.a) % prefetch_stream::kLineBytes != 0;
}
template <class T>
inline bool aliased_off_line(const basic_gemm_problem<T>& p) {
  return off_line(p) && std::size_t(p.cs_a) * sizeof(T) % kSetAliasingBytes == 0;
}

// Where the copy pays in every call, it pays without the aliasing too once
// a strip of A (strip_rows x kc) no longer stays in L1 between its column
// blocks: each vector of it then costs two lines from L2. Emerald Rapids
// (48 KiB L1d), lda = n, A, B and C 16 bytes past a line, best GFLOP/s in
// place / copied: 48^3 76 / 67, 96^3 80 / 76, 128^3 (a 24 KiB strip) 82 /
// 78; 160^3 77 / 79, 200^3 69 / 78, 256^3 at lda 264 67 / 79, 300^3 65 / 78.
inline constexpr std::size_t kStripInL1Bytes = 24 * 1024;

// Whether by_rows copies each strip of A before its column blocks use it
// (more than one: else each strip is read once anyway), for an entry of a
// batch that streams the next one in (`streaming`) or a call, k blocked by kc.
template <class T>
inline bool copies_strips(const basic_gemm_problem<T>& p, const small_gemm_desc<T>& r, dim_t kc,
                          off_line_a_copy when, bool streaming) {
  const bool always = when == off_line_a_copy::always;
  if (!always && !(std::is_same_v<T, double> && streaming)) return false;
  const bool small = p.m <= r.max_dim && p.n <= r.max_dim && p.k <= r.max_dim;
  if (!small || p.n <= r.ukernel->nr) return false;
  const std::size_t strip_bytes = std::size_t(r.strip_rows) * std::size_t(std::min(kc, p.k)) * sizeof(T);
  return aliased_off_line(p) || (always && off_line(p) && strip_bytes > kStripInL1Bytes);
}

// Whether by_columns copies each m x kc block of an A it would read in place
// (each used by every column block). Emerald Rapids, one thread, A, B and C
// 16 bytes past a line: 64 x 256 x 256 at lda 256 47 -> 71 GFLOP/s (on lines
// 72), 32 x 2000 x 2000 at lda 2048 31 -> 56 (cpu_tuning.cpp).
template <class T>
inline bool copies_block(const basic_gemm_problem<T>& p, const small_gemm_desc<T>& r, off_line_a_copy when) {
  return when == off_line_a_copy::always && p.n > r.ukernel->nr && aliased_off_line(p);
}

// The rows of the piece of A by_rows copies at row i: a full strip while
// the small routine would cut one there, else all that is left (which it
// cuts in one or two strips of its own).
template <class T>
inline dim_t strip_height(dim_t m, dim_t i, const small_gemm_desc<T>& r) {
  return m - i > r.strip_rows + r.row_unit ? r.strip_rows : m - i;
}

// The leading dimension of a copied piece of `rows` rows: whole cache lines.
template <class T>
inline inc_t line_padded(dim_t rows) {
  constexpr dim_t line = prefetch_stream::kLineBytes / sizeof(T);
  return (rows + line - 1) / line * line;
}

// The first `lines` lines of what s has left, as a stream of their own for
// one of the calls that share s (each fetches its share of it).
inline prefetch_stream first_lines(const prefetch_stream& s, std::size_t lines) {
  prefetch_stream part = s;
  for (int r = 0; r < part.ranges; ++r) {
    const std::size_t left = part.lines_left(r);
    const std::size_t take = std::min(left, lines);
    if (take < left) part.end[r] = part.next[r] + take * prefetch_stream::kLineBytes;
    lines -= take;
  }
  return part;
}

// By rows: per k block, every mr-row strip of A multiplies all n columns of
// B (the small routine walks the strips, each across all column blocks).
template <class T>
inline void by_rows_in_place(const basic_gemm_problem<T>& p, const small_gemm_desc<T>& r, dim_t kc,
                             prefetch_stream* ahead) {
  for (dim_t pc = 0; pc < p.k; pc += kc)
    r.gemm(p.m, p.n, std::min(kc, p.k - pc), p.alpha, p.a + pc * p.cs_a, p.cs_a,
           p.b + pc * p.rs_b, p.rs_b, p.cs_b, beta_for_block(pc, p.beta), p.c, p.ldc, ahead);
}

// The same, each strip of A copied to `strip` (copies_strips) and
// multiplied from there; `ahead` is shared out by the strips' work.
template <class T>
inline void by_copied_strips(const basic_gemm_problem<T>& p, const small_gemm_desc<T>& r, dim_t kc, T* strip,
                             prefetch_stream* ahead) {
  double work_left = double(p.m) * double(p.k);
  for (dim_t pc = 0; pc < p.k; pc += kc) {
    const dim_t kb = std::min(kc, p.k - pc);
    const T beta = beta_for_block(pc, p.beta);
    for (dim_t i = 0; i < p.m;) {
      const dim_t rows = strip_height(p.m, i, r);
      const inc_t ld = line_padded<T>(rows);
      copy_columns(rows, 0, kb, p.a + i + pc * p.cs_a, 1, p.cs_a, strip, ld);
      prefetch_stream share;
      if (ahead) {
        const double work = double(rows) * double(kb);
        share = first_lines(*ahead, std::size_t(std::ceil(double(ahead->lines_left()) * work / work_left)));
        work_left -= work;
      }
      r.gemm(rows, p.n, kb, p.alpha, strip, ld, p.b + pc * p.rs_b, p.rs_b, p.cs_b, beta, p.c + i, p.ldc,
             ahead ? &share : nullptr);
      if (ahead) std::copy(share.next, share.next + prefetch_stream::kMaxRanges, ahead->next);
      i += rows;
    }
  }
}

template <class T>
inline void by_rows(const basic_gemm_problem<T>& p, const small_gemm_desc<T>& r, dim_t kc, off_line_a_copy when,
                    prefetch_stream* ahead) {
  if (copies_strips(p, r, kc, when, ahead != nullptr)) {
    const dim_t most_rows = std::min(p.m, r.strip_rows + r.row_unit);
    const std::size_t elems = std::size_t(line_padded<T>(most_rows)) * std::size_t(std::min(kc, p.k));
    // Without the buffer A is read in place: slower, the same result.
    if (T* strip = try_thread_pack_buffer_of<T>(pack_role::a_unpacked, elems))
      return by_copied_strips(p, r, kc, strip, ahead);
  }
  by_rows_in_place(p, r, kc, ahead);
}

// This thread's buffer for by_columns' m x kc blocks of A, copied with
// leading dimension ld. When it cannot be had, the blocks are the
// gemm_block arena's, and k is blocked by what it holds (m is at most
// kSkinnyRows or the small routine's max_dim there: classify_unpacked).
template <class T>
inline T* block_buffer(inc_t ld, dim_t k, dim_t* kc, std::optional<arena_lease>* lease) {
  const std::size_t elems = std::size_t(ld) * std::size_t(std::min(*kc, k));
  if (T* b = try_thread_pack_buffer_of<T>(pack_role::a_unpacked, elems)) return b;
  warn_memory_short("a small GEMM copies its A in shorter blocks");
  lease->emplace(shortage_arena::gemm_block);
  *kc = std::max<dim_t>(1, std::min<dim_t>(*kc, dim_t(arena_lease::elems<T>()) / ld));
  return (*lease)->data<T>();
}

// By columns: per k block, the m x kc block of A stays in L2 while each
// nr-wide column block of B streams through L1 once, used by every strip of
// A. The block is copied, untransposed and on lines, when op(A) = A^T or
// when copies_block says so.
template <class T>
inline void by_columns(const basic_gemm_problem<T>& p, const small_gemm_desc<T>& r, dim_t kc, off_line_a_copy when,
                       prefetch_stream* ahead) {
  const dim_t nr = r.ukernel->nr;
  const bool copied = p.rs_a != 1 || copies_block(p, r, when);
  const inc_t ld = copied ? line_padded<T>(p.m) : p.cs_a;
  std::optional<arena_lease> lease;
  T* const block = copied ? block_buffer<T>(ld, p.k, &kc, &lease) : nullptr;
  for (dim_t pc = 0; pc < p.k; pc += kc) {
    const dim_t kb = std::min(kc, p.k - pc);
    const T beta = beta_for_block(pc, p.beta);
    if (copied) copy_columns(p.m, 0, kb, p.a + pc * p.cs_a, p.rs_a, p.cs_a, block, ld);
    const T* a = copied ? block : p.a + pc * p.cs_a;
    for (dim_t j = 0; j < p.n; j += nr)
      r.gemm(p.m, std::min<dim_t>(nr, p.n - j), kb, p.alpha, a, ld,
             p.b + pc * p.rs_b + j * p.cs_b, p.rs_b, p.cs_b, beta, p.c + j * p.ldc, p.ldc,
             ahead);
  }
}

template <class T>
inline dim_t unit(unpacked_split s, const small_gemm_desc<T>& r) {
  return s == unpacked_split::by_rows ? r.row_unit : r.ukernel->nr;
}

// Part `part` of `parts` of p, split in whole units of rows (by_rows) or
// nr columns (by_columns). May be empty.
template <class T>
inline basic_gemm_problem<T> part_of(const basic_gemm_problem<T>& p, unpacked_split s, dim_t unit, int part,
                                     int parts) {
  basic_gemm_problem<T> q = p;
  const dim_t extent = s == unpacked_split::by_rows ? p.m : p.n;
  const auto [first, last] = even_part(extent, unit, part, parts);
  // A structured operand is read by index (operand_packing.h); a complex
  // view's real rows are two per element.
  const dim_t elements = p.complex ? first / 2 : first;
  if (s == unpacked_split::by_rows) {
    q.m = last - first;
    if (p.a_structure.kind == structure::general)
      q.a += first * p.rs_a;
    else
      q.a_structure.row0 += elements;
    q.c += first;
  } else {
    q.n = last - first;
    if (p.b_structure.kind == structure::general)
      q.b += first * p.cs_b;
    else
      q.b_structure.col0 += first;
    q.c += first * p.ldc;
  }
  return q;
}

}  // namespace unpacked_detail

// Solves q (possibly empty; split s says how its team cut it) with k
// blocked by kc, on the calling thread, copying an aliased A off a line
// `when` the CPU wants it (the dispatch table's off_line_a), fetching
// `ahead` (may be null) on the way.
template <class T>
inline void run_unpacked_part(const basic_gemm_problem<T>& q, unpacked_split s, const small_gemm_desc<T>& r,
                              dim_t kc, off_line_a_copy when, prefetch_stream* ahead = nullptr) {
  if (q.m <= 0 || q.n <= 0) return;
  if (s == unpacked_split::by_rows)
    unpacked_detail::by_rows(q, r, kc, when, ahead);
  else
    unpacked_detail::by_columns(q, r, kc, when, ahead);
}

// The size of op(A), op(B) and C of p, in doubles (the prefetch policy's
// unit: a float problem is half its elements).
template <class T>
inline double operand_doubles(const basic_gemm_problem<T>& p) {
  const double elements = double(p.m) * double(p.k) + double(p.k) * double(p.n) + double(p.m) * double(p.n);
  return elements * double(sizeof(T)) / double(sizeof(double));
}

// Starts fetching every line of A, B and C of a small problem about to be
// solved, e.g. the first entry of a run of batch entries in memory: the
// small routine meets its misses one k step at a time (A and B) or at the
// end of each block (C), each a memory round trip; issued together they
// overlap. Measured on Zen 5, batches of 16^3, 32^3 and 64^3 problems in
// memory: up to 6%, 10-13% and 5% faster.
template <class T>
inline void prefetch_operands(const basic_gemm_problem<T>& p) {
  prefetch_problem(p.m, p.n, p.k, p.a, p.rs_a, p.cs_a, p.b, p.rs_b, p.cs_b, p.c, p.ldc);
}

// The operands of p (the next entry of a batch) as a stream for the small
// routine to fetch, into L1 or L2, while it multiplies the current one.
// Measured on Zen 5, one thread, batches of 32^3 and 64^3 problems in
// memory: 1.4-1.6x faster than fetching each entry whole just before it
// starts (the arithmetic then waited for the memory instead of overlapping it).
template <class T>
inline prefetch_stream operands_stream(const basic_gemm_problem<T>& p, bool into_l1) {
  return problem_stream(p.m, p.n, p.k, p.a, p.rs_a, p.cs_a, p.b, p.rs_b, p.cs_b, p.c, p.ldc,
                        into_l1);
}

// The team for p on the unpacked path: at most `configured`, one thread per
// vector of rows (by_rows) or column block (by_columns) at most, and unless
// any_work, one per kMinUnpackedWorkPerThread of work.
template <class T>
inline int unpacked_team(const basic_gemm_problem<T>& p, unpacked_split s, const small_gemm_desc<T>& r,
                         int configured, bool any_work = false) {
  const double work = double(p.m) * double(p.n) * double(p.k) * double(sizeof(T)) / double(sizeof(double));
  const double worth = any_work ? double(std::numeric_limits<int>::max())
                                : std::max(1.0, work / kMinUnpackedWorkPerThread);
  const dim_t extent = s == unpacked_split::by_rows ? p.m : p.n;
  const dim_t blocks = ceil_div(extent, unpacked_detail::unit(s, r));
  const double cap = double(std::min<dim_t>(blocks, std::max(configured, 1)));
  return static_cast<int>(std::min(worth, cap));
}

}  // namespace swblas
