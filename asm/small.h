// The unpacked path for small problems (small_gemm_fn of small_gemm.h):
// C[0:m, 0:n] := alpha * A * op(B) + beta * C for any m, n, k, without
// packing. A is read in place (unit row stride, column stride lda), B
// elements are broadcast from any strides.
//
// The rows of C are cut into strips: full strips of RowVecs vectors of V,
// then one or two strips for the rest, as many vectors as they need with
// the very last one partial (masked loads and stores of the first m % width
// rows: a 15-row problem is one strip of two vectors, not a vector and seven
// one-lane rows). Each strip is cut into register blocks of at most NB
// columns, as even as they come (no narrow tail block); a problem that fits
// one register block (wider, up to 2 NB columns, where its few rows leave
// the registers for them) goes straight to it. beta == 0: C is not read.
//
// A prefetch_stream (the next problem of a batch) is fetched a few lines per
// k step, spread evenly over the blocks.
//
// A small_batch of problems of one strip of rows runs as one loop of that
// strip (or of its one register block) over the entries (run_batch), the
// next entry fetched whole or as a stream.
#pragma once

#include <algorithm>
#include <array>
#include <type_traits>
#include <utility>

#include "prefetch.h"
#include "small_gemm.h"
#include "tile_epilogue.h"

namespace swblas::kernels {

// Internal linkage for the two plain classes, as in prefetch.h: each kernel
// file compiles them with its ISA flags, and an out-of-line copy with
// external linkage could be merged by the linker across ISAs (README). The
// templates below are instantiated per ISA traits type already.
namespace {  // NOLINT(cert-dcl59-cpp,google-build-namespaces): see above

// The part of a prefetch_stream one register block fetches: one range,
// `per_step` lines per k step, into L1 or L2. (The branch is on a value
// fixed for the whole stream; the hint itself must be a constant.)
struct stream_cursor {
  const char* next = nullptr;
  const char* end = nullptr;
  int per_step = 0;
  bool into_l1 = true;

  __attribute__((always_inline)) void step() {
    if (into_l1)
      step_into<kIntoL1>();
    else
      step_into<kIntoL2>();
  }
  template <int Locality>
  __attribute__((always_inline)) void step_into() {
    for (int s = 0; s < per_step && next < end; ++s, next += prefetch_stream::kLineBytes)
      __builtin_prefetch(next, 0, Locality);
  }
};

// Hands a stream to the blocks of one call range by range.
class stream_feed {
 public:
  stream_feed(prefetch_stream* s, std::size_t steps) : s_(s) {
    if (!s_ || steps == 0) return;
    const std::size_t lines = s_->lines_left();
    per_step_ = static_cast<int>(std::min<std::size_t>(kMaxPerStep, (lines + steps - 1) / steps));
  }
  stream_cursor take() {
    if (per_step_ == 0) return {};
    while (range_ < s_->ranges && s_->next[range_] >= s_->end[range_]) ++range_;
    if (range_ == s_->ranges) return {};
    return {s_->next[range_], s_->end[range_], per_step_, s_->into_l1};
  }
  void give_back(const stream_cursor& c) {
    if (c.per_step) s_->next[range_] = c.next;
  }

 private:
  static constexpr std::size_t kMaxPerStep = 8;
  prefetch_stream* s_;
  int range_ = 0;
  int per_step_ = 0;
};

}  // namespace

// One register block of Rows vectors of V by Cols columns, C at (0, 0) of
// the given pointers. Partial: the last vector holds only the rows that
// `last` selects (V::first_lanes).
template <class V, int Rows, int Cols, bool Partial>
struct small_block {
  using T = typename V::value_type;
  using reg = typename V::reg;
  using mask = typename V::mask;
  static constexpr dim_t kHeight = Rows * V::width;
  static constexpr dim_t kPrefetchColumns = 48;

  // Every entry of s, this block's shape, one after the other: the loop the
  // out-of-order core overlaps one entry's store with the next one's start.
  // `lanes`: the rows of the last vector (V::width when it is whole). The
  // next entry is fetched whole or not at all (s.ahead). Measured on Zen 5,
  // one thread, batches of 8^3 problems in L2 and in L3/memory: fetching 2
  // or 4 entries ahead within 3% of 1 (an entry's ~18 ns covers an L3
  // round trip).
  __attribute__((flatten)) static void run_batch(const basic_small_batch<T>& batch, int lanes) {
    // A copy of the batch's description: C's stores (vector intrinsics,
    // which may alias anything) cannot reach it, so its fields and the
    // strides made of them stay in registers rather than being reloaded
    // and recomputed for every entry.
    const basic_small_batch<T> s = batch;
    const mask last = V::first_lanes(lanes);
    const bool whole = s.ahead == batch_fetch::whole;
    if (whole) prefetch_entry(s, 0);
    for (dim_t e = 0; e < s.count; ++e) {
      if (whole && e + 1 < s.count) prefetch_entry(s, e + 1);
      product_body<false>(s.k, s.alpha, s.a_of(e), s.lda, s.b_of(e), s.rs_b, s.cs_b, s.beta, s.c_of(e),
                          s.ldc, last, true, nullptr);
    }
  }

  // C := alpha * A * op(B) + beta * C for this block; a stream (ahead) is
  // fed on the way. Without one the block runs a loop that keeps no cursor:
  // its registers and checks had the compiler spill the loop's strides
  // (Zen 5, one thread, the routine alone: 12^3 90 -> 51 ns, 16^3 127 -> 83
  // ns). Two functions, not two loops in one, so that the streaming loop
  // compiles as it did alone (with both in one function, batches of 32^3
  // and 64^3 entries in memory ran 2-10 % slower, on a noisy machine).
  static void run(dim_t k, T alpha, const T* a, inc_t lda,
                  const T* b, inc_t rs_b, inc_t cs_b, T beta,
                  T* c, inc_t ldc, mask last, bool fetch_a, stream_cursor& ahead) {
    if (ahead.per_step)
      return product<true>(k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc, last, fetch_a, &ahead);
    product<false>(k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc, last, fetch_a, nullptr);
  }

  // The block as a whole m x n problem (a small_gemm_fn, for a problem of
  // this block's shape and no stream): A fetched ahead (see product). The
  // routine's signature, so that small_gemm::run reaches it with a jump
  // and no arguments moved: each layer between the entry point and the
  // product cost about a nanosecond of a 4^3 DGEMM's 15 (Zen 5).
  __attribute__((noinline)) static void alone(dim_t m, dim_t, dim_t k, T alpha, const T* a, inc_t lda,
                                              const T* b, inc_t rs_b, inc_t cs_b, T beta, T* c, inc_t ldc,
                                              prefetch_stream*) {
    const int lanes = static_cast<int>(m % V::width);
    product_body<false>(k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc, V::first_lanes(lanes ? lanes : V::width),
                        true, nullptr);
  }

 private:
  static constexpr bool is_partial(int r) { return Partial && r == Rows - 1; }

  template <bool Streams>
  __attribute__((noinline)) static void product(dim_t k, T alpha, const T* a, inc_t lda,
                                                const T* b, inc_t rs_b, inc_t cs_b, T beta,
                                                T* c, inc_t ldc, mask last, bool fetch_a,
                                                stream_cursor* ahead) {
    product_body<Streams>(k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc, last, fetch_a, ahead);
  }

  // product's body, inlined into run_batch's loop over the entries.
  template <bool Streams>
  __attribute__((always_inline)) static void product_body(dim_t k, T alpha, const T* a, inc_t lda,
                                                          const T* b, inc_t rs_b, inc_t cs_b, T beta,
                                                          T* c, inc_t ldc, mask last, bool fetch_a,
                                                          stream_cursor* ahead) {
    reg acc[Cols][Rows];
#pragma GCC unroll 16
    for (int j = 0; j < Cols; ++j)
#pragma GCC unroll 8
      for (int r = 0; r < Rows; ++r) acc[j][r] = V::zero();
    // A is read in place, one column of the strip per k step, lda apart:
    // the hardware prefetcher does not follow that stride far enough ahead
    // (measured: skinny n = 16 shapes 0.87 -> 1.05 of BLIS), so every line
    // of the column kPrefetchColumns steps ahead is prefetched while there
    // is one: past the strip's end a prefetch only costs bandwidth (a batch
    // of 16^3 problems in memory ran 1.9x slower with it). 48 steps, not 16,
    // cover a memory round trip: a batch of 256^3 problems in memory 1.17x
    // faster, 64^3 1.08x (Zen 5). Every line, not the first and the last:
    // a 32-row AVX-512 strip spans 4-5 lines, and the middle ones came from
    // memory on demand (Zen 4, one thread: 4000x16x4000 1.2x, 2000x32x2000
    // 1.15x faster with them). Into L2, which takes more misses in flight
    // than L1 (3-5% faster than into L1). fetch_a: only the first column
    // block of a strip, the others find the strip in L1 or L2 (prefetches
    // there cost a batch of 128^3 problems 12%).
    stream_cursor fetch = Streams ? *ahead : stream_cursor{};  // a local copy stays in registers
    dim_t l = 0;
    for (; fetch_a && l + kPrefetchColumns < k; ++l, a += lda, b += rs_b) {
      prefetch_span<kIntoL2>(a + kPrefetchColumns * lda, kHeight);
      if constexpr (Streams) fetch.step();
      rank1(a, b, cs_b, last, acc);
    }
    if constexpr (Streams) {
      // One loop per cache level: the cursor's level is then no register
      // and no test per line (with them GCC spilled the column strides).
      if (fetch.into_l1)
        streamed_steps<kIntoL1>(l, k, a, lda, b, rs_b, cs_b, last, fetch, acc);
      else
        streamed_steps<kIntoL2>(l, k, a, lda, b, rs_b, cs_b, last, fetch, acc);
      *ahead = fetch;
    } else {
      for (; l < k; ++l, a += lda, b += rs_b) rank1(a, b, cs_b, last, acc);
    }
    store(acc, alpha, beta, c, ldc, last);
  }

  // k steps [l, k), each with up to per_step lines of the stream.
  template <int Locality>
  __attribute__((always_inline)) static void streamed_steps(dim_t& l, dim_t k, const T*& a, inc_t lda, const T*& b,
                                                            inc_t rs_b, inc_t cs_b, mask last, stream_cursor& fetch,
                                                            reg (&acc)[Cols][Rows]) {
    for (; l < k; ++l, a += lda, b += rs_b) {
      fetch.template step_into<Locality>();
      rank1(a, b, cs_b, last, acc);
    }
  }

  // acc += A(:, l) * B(l, :) for the strip's column of A at a.
  __attribute__((always_inline)) static void rank1(const T* a, const T* b, inc_t cs_b,
                                                   mask last, reg (&acc)[Cols][Rows]) {
    reg av[Rows];
#pragma GCC unroll 8
    for (int r = 0; r < Rows; ++r) av[r] = load(a, r, last);
#pragma GCC unroll 16
    for (int j = 0; j < Cols; ++j) {
      const reg bv = V::broadcast(b + j * cs_b);
#pragma GCC unroll 8
      for (int r = 0; r < Rows; ++r) acc[j][r] = V::fma(av[r], bv, acc[j][r]);
    }
  }

  __attribute__((always_inline)) static reg load(const T* p, int r, mask last) {
    return is_partial(r) ? V::load_first(p + r * V::width, last) : V::loadu(p + r * V::width);
  }

  __attribute__((always_inline)) static void put(T* p, int r, mask last, reg x) {
    if (is_partial(r))
      V::store_first(p + r * V::width, last, x);
    else
      V::storeu(p + r * V::width, x);
  }

  // C := alpha * acc + beta * C, without the multiplication by alpha when
  // it is 1 (a small block spends a good part of its time here).
  static void store(reg (&acc)[Cols][Rows], T alpha, T beta,
                    T* c, inc_t ldc, mask last) {
    if (alpha != T(1)) {
      const reg va = V::set1(alpha);
#pragma GCC unroll 16
      for (int j = 0; j < Cols; ++j)
#pragma GCC unroll 8
        for (int r = 0; r < Rows; ++r) acc[j][r] = V::mul(va, acc[j][r]);
    }
    if (beta != T(0)) {
      // Every column of C is read before any is written: with ldc not a
      // multiple of the vector, a partial vector's masked store spans the
      // next column's first rows, and a load there waits until that store
      // has left the core (no forwarding from a masked store): a 12^3
      // DGEMM ran 1.5x slower reading and writing column by column (Zen 4).
      const beta_merge<V> merge(beta);
#pragma GCC unroll 16
      for (int j = 0; j < Cols; ++j)
#pragma GCC unroll 8
        for (int r = 0; r < Rows; ++r) acc[j][r] = merge(load(c + j * ldc, r, last), acc[j][r]);
    }
#pragma GCC unroll 16
    for (int j = 0; j < Cols; ++j)
#pragma GCC unroll 8
      for (int r = 0; r < Rows; ++r) put(c + j * ldc, r, last, acc[j][r]);
  }
};

// small_block<V, ...>::run, whatever the block's shape.
template <class V, class T = typename V::value_type>
using small_block_fn = void (*)(dim_t, T, const T*, inc_t, const T*, inc_t, inc_t, T, T*, inc_t,
                                typename V::mask, bool, stream_cursor&);

// One strip of Rows vectors across all n columns, in blocks of at most NB
// columns as even as they come: 32 columns as 6, 6, 5, 5, 5, 5 rather than
// five blocks of 6 and one of 2, whose few accumulators per column of A
// loaded ran it at a fraction of the rate. Measured on Zen 4 (1 thread,
// AVX-512, NB = 6): DGEMM 45x83x61 and 32x2000x2000 (column chunks of 8:
// 4 + 4, not 6 + 2) 1.12x faster, batches of 16^3 and 32^3 entries 1.04x.
template <class V, int Rows, int NB, bool Partial>
struct small_strip {
  static_assert(NB >= 2, "a strip needs a table of narrower blocks");
  using T = typename V::value_type;
  using mask = typename V::mask;
  using block_fn = small_block_fn<V>;

  static void run(dim_t n, dim_t k, T alpha, const T* a, inc_t lda,
                  const T* b, inc_t rs_b, inc_t cs_b, T beta,
                  T* c, inc_t ldc, mask last, stream_feed& feed) {
    if (n <= 0) return;
    const dim_t blocks = (n + NB - 1) / NB;
    const dim_t narrow = n / blocks, wide = n % blocks;  // the first `wide` one column wider
    dim_t j = 0;
    for (dim_t q = 0; q < blocks; ++q) {
      const dim_t width = narrow + (q < wide ? 1 : 0);
      stream_cursor ahead = feed.take();
      if (width == NB)  // the common block called directly
        small_block<V, Rows, NB, Partial>::run(k, alpha, a, lda, b + j * cs_b, rs_b, cs_b,
                                               beta, c + j * ldc, ldc, last, q == 0, ahead);
      else
        narrow_blocks()[width - 1](k, alpha, a, lda, b + j * cs_b, rs_b, cs_b, beta,
                                   c + j * ldc, ldc, last, q == 0, ahead);
      feed.give_back(ahead);
      j += width;
    }
  }

  // Every entry of s, this strip's height, one after the other, the next
  // entry fetched as s.ahead says (a stream: spread over this one's blocks;
  // the first entry whole). Fetching two entries ahead measured the same.
  static void run_batch(const basic_small_batch<T>& batch, int lanes) {
    const basic_small_batch<T> s = batch;  // in registers, as small_block's
    const mask last = V::first_lanes(lanes);
    const std::size_t steps = static_cast<std::size_t>((s.n + NB - 1) / NB * s.k);
    if (s.ahead != batch_fetch::none) prefetch_entry(s, 0);
    for (dim_t e = 0; e < s.count; ++e) {
      prefetch_stream next;
      if (e + 1 < s.count) {
        if (s.ahead == batch_fetch::whole)
          prefetch_entry(s, e + 1);
        else if (s.ahead == batch_fetch::stream)
          next = entry_stream(s, e + 1);
      }
      stream_feed feed(next.ranges ? &next : nullptr, steps);
      run(s.n, s.k, s.alpha, s.a_of(e), s.lda, s.b_of(e), s.rs_b, s.cs_b, s.beta, s.c_of(e),
          s.ldc, last, feed);
    }
  }

 private:
  // narrow_blocks()[w - 1] is the block w columns wide, w = 1..NB-1.
  static const block_fn* narrow_blocks() {
    return narrow_table(std::make_integer_sequence<int, NB - 1>());
  }
  template <int... W>
  static const block_fn* narrow_table(std::integer_sequence<int, W...>) {
    static constexpr block_fn table[] = {&small_block<V, Rows, W + 1, Partial>::run...};
    return table;
  }
};

// small_gemm_fn: strips of RowVecs vectors, then one strip of the rows left.
template <class V, int RowVecs, int NB>
struct small_gemm {
  using T = typename V::value_type;
  using mask = typename V::mask;
  using strip_fn = void (*)(dim_t, dim_t, T, const T*, inc_t, const T*, inc_t, inc_t, T, T*, inc_t, mask,
                            stream_feed&);
  static constexpr dim_t kStrip = RowVecs * V::width;

  // Columns of a block in a strip of `rows` vectors: NB, but enough that
  // the block has kMinChains independent accumulators (two FMA pipes of
  // latency 4: a one-vector strip with 6 columns would wait on them).
  static constexpr int kMinChains = 8;
  static constexpr int block_columns(int rows) {
    return NB > (kMinChains + rows - 1) / rows ? NB : (kMinChains + rows - 1) / rows;
  }
  // Columns of the block of a problem that is one block (one_block): as
  // many as keep the full strip's RowVecs * NB accumulators, up to 2 NB.
  // One wide block starts and stores once: Zen 5, one thread, the routine
  // alone, 12^3 (one 2 x 12 block, not two 2 x 6) 80 -> 64 ns. Strips keep
  // block_columns: wider blocks beside a batch's prefetch cursor ran
  // batches of 16^3 and 32^3 entries 1.1-1.4x slower.
  static constexpr int one_block_columns(int rows) {
    return std::max(block_columns(rows), std::min(RowVecs * NB / rows, 2 * NB));
  }
  // [v - 1]: one_block_columns(v), looked up on every call, not divided.
  static constexpr std::array<int, RowVecs> kOneBlockColumns = [] {
    std::array<int, RowVecs> columns{};
    for (int v = 1; v <= RowVecs; ++v) columns[v - 1] = one_block_columns(v);
    return columns;
  }();

  static void run(dim_t m, dim_t n, dim_t k, T alpha, const T* a,
                  inc_t lda, const T* b, inc_t rs_b, inc_t cs_b,
                  T beta, T* c, inc_t ldc, prefetch_stream* ahead) {
    if (m <= 0 || n <= 0) return;
    // A problem that is one register block, with no stream to feed, goes
    // straight to its block: the strip's set-up (stream feed, column
    // blocks, tables) was a tenth of an 8^3 DGEMM, and its stack frame,
    // set up before the test while both were one function, 2-3 ns of a
    // 4^3 one (Zen 5).
    if (const block_fns* block = ahead ? nullptr : one_block(m, n))
      return block->alone(m, n, k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc, nullptr);
    run_strips(m, n, k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc, ahead);
  }

  // small_gemm_desc::routine_for: the block run() would jump to, or run.
  static small_gemm_fn<T> routine_for(dim_t m, dim_t n) {
    const block_fns* block = one_block(m, n);
    return block ? block->alone : &run;
  }

  // run() for a problem of strips.
  __attribute__((noinline)) static void run_strips(dim_t m, dim_t n, dim_t k, T alpha, const T* a, inc_t lda,
                                                   const T* b, inc_t rs_b, inc_t cs_b, T beta, T* c, inc_t ldc,
                                                   prefetch_stream* ahead) {
    const mask all = V::first_lanes(V::width);  // unused by whole strips
    // Register blocks of about NB columns, each strip of up to kStrip rows.
    const dim_t blocks = ((m + kStrip - 1) / kStrip) * ((n + NB - 1) / NB);
    stream_feed feed(ahead, static_cast<std::size_t>(blocks * k));
    dim_t i = 0;
    // Full strips while more than RowVecs + 1 vectors are left.
    for (; m - i > (RowVecs + 1) * V::width; i += kStrip)
      small_strip<V, RowVecs, NB, false>::run(n, k, alpha, a + i, lda, b, rs_b, cs_b, beta,
                                              c + i, ldc, all, feed);
    // The rest in one strip, or two of about equal height: RowVecs + 1
    // vectors as RowVecs and 1 would leave a one-vector strip, whose few
    // accumulators cannot cover the FMA latency.
    while (i < m) {
      const dim_t vectors = (m - i + V::width - 1) / V::width;
      const dim_t take = vectors == RowVecs + 1 ? (vectors + 1) / 2 : vectors;
      const dim_t rows = std::min(m - i, take * V::width);
      const int lanes = static_cast<int>(rows % V::width);
      const strip_fn* table = for_lanes(lanes, [](auto partial) {
        return strip_table<decltype(partial)::value>(std::make_integer_sequence<int, RowVecs>());
      });
      table[take - 1](n, k, alpha, a + i, lda, b, rs_b, cs_b, beta, c + i, ldc,
                      lanes ? V::first_lanes(lanes) : all, feed);
      i += rows;
    }
  }

  // small_batch_fn: one strip of at most RowVecs vectors (the strip
  // run() would give), as one block of its columns if they fit one.
  static bool run_batch(const basic_small_batch<T>& s) {
    if (s.count <= 0 || s.m <= 0 || s.n <= 0) return true;
    const dim_t vectors = (s.m + V::width - 1) / V::width;
    if (vectors > RowVecs) return false;
    const int lanes = static_cast<int>(s.m % V::width);
    const int last_lanes = lanes ? lanes : V::width;
    const bool streams = s.ahead == batch_fetch::stream;
    if (const block_fns* block = streams ? nullptr : one_block(s.m, s.n)) {
      block->batch(s, last_lanes);
      return true;
    }
    // A stream needs two blocks of the strip at least: a block fetches one
    // range only.
    if (streams && s.n <= block_columns(static_cast<int>(vectors))) return false;
    const batch_fn* strips = for_lanes(lanes, [](auto partial) {
      return batch_strip_table<decltype(partial)::value>(std::make_integer_sequence<int, RowVecs>());
    });
    strips[vectors - 1](s, last_lanes);
    return true;
  }

 private:
  using batch_fn = void (*)(const basic_small_batch<T>&, int);
  using alone_fn = small_gemm_fn<T>;
  // One register block's two entry points: a problem, a batch of them.
  struct block_fns {
    alone_fn alone;
    batch_fn batch;
  };
  static constexpr int kMaxBlockColumns = one_block_columns(1);
  using block_row_fns = std::array<block_fns, kMaxBlockColumns>;

  // The register block of an m x n problem (m, n >= 1), when the problem
  // is one: at most RowVecs vectors (the last partial when m asks for it)
  // by at most one_block_columns of them; else null.
  static const block_fns* one_block(dim_t m, dim_t n) {
    const dim_t vectors = (m + V::width - 1) / V::width;
    if (vectors > RowVecs || n > kOneBlockColumns[vectors - 1]) return nullptr;
    const block_row_fns* blocks = for_lanes(static_cast<int>(m % V::width), [](auto partial) {
      return block_table<decltype(partial)::value>(std::make_integer_sequence<int, RowVecs>());
    });
    return &blocks[vectors - 1][n - 1];
  }

  // The table for a last vector of `lanes` rows (0: a whole one): `table`
  // of std::true_type (partial) or std::false_type. A one-lane vector is
  // never partial.
  template <class Table>
  static auto for_lanes(int lanes, Table table) {
    if constexpr (V::width == 1) {
      return table(std::false_type{});
    } else {
      return lanes ? table(std::true_type{}) : table(std::false_type{});
    }
  }

  // [v - 1]: the strip of v vectors, over a batch.
  template <bool Partial, int... R>
  static const batch_fn* batch_strip_table(std::integer_sequence<int, R...>) {
    static constexpr batch_fn table[] = {
        &small_strip<V, R + 1, block_columns(R + 1), Partial>::run_batch...};
    return table;
  }

  // [v - 1][w - 1]: the block of v vectors by w columns, w up to
  // one_block_columns(v) (null past it).
  template <bool Partial, int... R>
  static const block_row_fns* block_table(std::integer_sequence<int, R...>) {
    static constexpr block_row_fns table[] = {
        block_row_of<Partial, R + 1>(std::make_integer_sequence<int, kMaxBlockColumns>())...};
    return table;
  }
  template <bool Partial, int Rows, int... W>
  static constexpr block_row_fns block_row_of(std::integer_sequence<int, W...>) {
    return {block_entry<Partial, Rows, W + 1>()...};
  }
  template <bool Partial, int Rows, int Cols>
  static constexpr block_fns block_entry() {
    if constexpr (Cols <= one_block_columns(Rows))
      return {&small_block<V, Rows, Cols, Partial>::alone,
              &small_block<V, Rows, Cols, Partial>::run_batch};
    else
      return {nullptr, nullptr};
  }

  // [v - 1]: the strip of v vectors, v = 1..RowVecs (the last one partial).
  template <bool Partial, int... R>
  static const strip_fn* strip_table(std::integer_sequence<int, R...>) {
    static constexpr strip_fn table[] = {
        &small_strip<V, R + 1, block_columns(R + 1), Partial>::run...};
    return table;
  }
};

}  // namespace swblas::kernels
