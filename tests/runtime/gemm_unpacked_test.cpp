// The unpacked path (src/unpacked_gemm.h): which shapes take it (small and
// skinny ones), and that they come out right on every target, for every team
// size, over several k blocks, with the column tails and the row tails of the
// small kernel, and that the thread split leaves no row or column out.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "gemm_check.h"
#include "unpacked_gemm.h"

namespace swblas {
namespace {

using testing_support::check_gemm;
using testing_support::problem_spec;

const dgemm_small_desc& any_small_at_full_rate() {
  std::size_t count = 0;
  const dgemm_small_desc* const* all = small_gemm_registry(&count);
  for (std::size_t i = 0; i < count; ++i)
    if (all[i]->at_full_rate) return *all[i];
  ADD_FAILURE() << "no small routine at the full rate in this build";
  return *all[0];
}

gemm_problem shape(dim_t m, dim_t n, dim_t k, inc_t rs_a = 1) {
  gemm_problem p{m, n, k};
  p.rs_a = rs_a;
  return p;
}

TEST(UnpackedPolicy, SkinnyShortSideOfAFewRegisterBlocks) {
  const dgemm_small_desc& r = any_small_at_full_rate();
  const dgemm_ukernel_desc& u = *r.ukernel;
  const dim_t cols = kSkinnyColumnBlocks * u.nr, rows = kSkinnyRows;
  EXPECT_EQ(classify_unpacked(shape(4000, 2 * u.nr + 4, 4000), &r), unpacked_split::by_rows);
  EXPECT_EQ(classify_unpacked(shape(2000, cols, 2000), &r), unpacked_split::by_rows);
  EXPECT_EQ(classify_unpacked(shape(2000, cols + 1, 2000), &r), unpacked_split::none);
  EXPECT_EQ(classify_unpacked(shape(rows / 2, 2000, 2000), &r), unpacked_split::by_columns);
  EXPECT_EQ(classify_unpacked(shape(rows, 2000, 2000), &r), unpacked_split::by_columns);
  EXPECT_EQ(classify_unpacked(shape(rows + 1, 2000, 2000), &r), unpacked_split::none);
  // The row limit is in rows, not register blocks: a 24-row kernel takes
  // 96 x 2000 x 2000 packed (unpacked it ran 1.7x slower).
  dgemm_ukernel_desc tall_block = u;
  tall_block.mr = 24;
  dgemm_small_desc tall = r;
  tall.ukernel = &tall_block;
  EXPECT_EQ(classify_unpacked(shape(96, 2000, 2000), &tall), unpacked_split::none);
  EXPECT_EQ(classify_unpacked(shape(rows, 2000, 2000), &tall), unpacked_split::by_columns);
  // Square and not small: the short side must be the shorter one.
  EXPECT_EQ(classify_unpacked(shape(16, 16, 4000), &r), unpacked_split::none);
  EXPECT_EQ(classify_unpacked(shape(2000, 2000, 32), &r), unpacked_split::none);
  // op(A) = A^T: the small routine cannot read it in place; with few rows
  // by_columns copies its blocks untransposed, with few columns it is packed.
  EXPECT_EQ(classify_unpacked(shape(4000, 2 * u.nr, 4000, 4000), &r), unpacked_split::none);
  EXPECT_EQ(classify_unpacked(shape(rows, 2000, 2000, 2000), &r), unpacked_split::by_columns);
  EXPECT_EQ(classify_unpacked(shape(rows + 1, 2000, 2000, 2000), &r), unpacked_split::none);
  EXPECT_EQ(classify_unpacked(shape(rows, rows, 2000, 2000), &r), unpacked_split::none);
  // No small routine: always packed.
  EXPECT_EQ(classify_unpacked(shape(4000, 2 * u.nr, 4000), nullptr), unpacked_split::none);
  dgemm_small_desc half_rate = r;
  half_rate.at_full_rate = false;
  EXPECT_EQ(classify_unpacked(shape(4000, 2 * u.nr, 4000), &half_rate), unpacked_split::none);
  EXPECT_EQ(classify_unpacked(shape(rows, 2000, 2000, 2000), &half_rate), unpacked_split::none);
}

TEST(UnpackedPolicy, SmallWhenEveryDimensionIsAtMostTheKernelsLimit) {
  dgemm_small_desc r = any_small_at_full_rate();
  r.max_dim = 100;
  r.at_full_rate = false;  // no skinny case in the way
  EXPECT_EQ(classify_unpacked(shape(100, 90, 100), &r), unpacked_split::by_rows);
  EXPECT_EQ(classify_unpacked(shape(90, 100, 100), &r), unpacked_split::by_columns);
  EXPECT_EQ(classify_unpacked(shape(100, 100, 101), &r), unpacked_split::none);
  EXPECT_EQ(classify_unpacked(shape(100, 100, 100, 100), &r), unpacked_split::none);  // A^T
  // Tiny products are small whatever their shape.
  EXPECT_EQ(classify_unpacked(shape(4, 4, 2000), &r), unpacked_split::by_rows);
}

TEST(UnpackedPolicy, TeamByWorkAndBlocks) {
  const dgemm_small_desc& r = any_small_at_full_rate();
  const dgemm_ukernel_desc& u = *r.ukernel;
  // One vector of rows or one column block each at most.
  EXPECT_EQ(unpacked_team(shape(2 * r.row_unit + 1, 3, 50), unpacked_split::by_rows, r, 8, true), 3);
  EXPECT_EQ(unpacked_team(shape(3, u.nr, 50), unpacked_split::by_columns, r, 8, true), 1);
  // One thread per kMinUnpackedWorkPerThread (32^3 of double).
  EXPECT_EQ(unpacked_team(shape(32, 32, 32), unpacked_split::by_rows, r, 8), 1);
  EXPECT_EQ(unpacked_team(shape(48, 48, 48), unpacked_split::by_rows, r, 8), 3);
  EXPECT_EQ(unpacked_team(shape(8 * u.mr, 1024, 1024), unpacked_split::by_rows, r, 8), 8);
  EXPECT_EQ(unpacked_team(shape(8 * u.mr, 1024, 1024), unpacked_split::by_rows, r, 2), 2);
}

// The next batch entry as a prefetch stream: the storage span of each
// operand (any transpose), none for an operand that is mostly gaps.
TEST(UnpackedPrefetch, OperandsStreamCoversTheStorageSpans) {
  std::vector<double> a(2000), b(2000), c(2000);
  gemm_problem p{16, 12, 10};
  p.a = a.data();
  p.cs_a = 20;  // lda 20 <= 2 * 16: kept
  p.b = b.data();
  p.rs_b = 14;  // op(B) = B^T: B stored 12 x 10, ldb 14
  p.cs_b = 1;
  p.c = c.data();
  p.ldc = 40;  // ldc 40 > 2 * 16: mostly gaps, left out
  const prefetch_stream s = operands_stream(p, true);
  ASSERT_EQ(s.ranges, 2);
  EXPECT_EQ(s.next[0], reinterpret_cast<const char*>(a.data()));
  EXPECT_EQ(s.end[0] - s.next[0], std::ptrdiff_t(sizeof(double) * (9 * 20 + 16)));
  EXPECT_EQ(s.next[1], reinterpret_cast<const char*>(b.data()));
  EXPECT_EQ(s.end[1] - s.next[1], std::ptrdiff_t(sizeof(double) * (9 * 14 + 12)));
  EXPECT_EQ(s.lines_left(), (s.end[0] - s.next[0] + 63) / 64 + (s.end[1] - s.next[1] + 63) / 64);
  p.ldc = 16;
  EXPECT_EQ(operands_stream(p, true).ranges, 3);
  p.k = 0;  // nothing to read of A and B
  EXPECT_EQ(operands_stream(p, true).ranges, 1);
}

// Unpacked shapes with k over several k blocks on every target this CPU runs,
// teams of 1, 2 and 5 (more threads than blocks included), op(B) = B and
// B^T, and op(A) = A^T for the few-rows shapes (by_columns copies its
// blocks; with few columns A^T is packed: the packed path's tests cover it).
TEST(UnpackedGemm, EveryTargetEveryTeam) {
  const problem_spec shapes[] = {
      {150, 13, 530},  // few columns: two full column blocks and a tail
      {45, 5, 530},    // few columns, narrower than one register block
      {11, 97, 520},   // few rows: a row tail of single vectors and rows
      {7, 40, 290},    // few rows, less than one strip
      {31, 29, 23},    // small: a partial strip, split by rows
      {29, 31, 9},     // small, split by columns
  };
  testing_support::for_each_runnable_table([&](const char* target, dispatch_table& t) {
    ASSERT_NE(t.small, nullptr) << target;
    if (t.small->at_full_rate) {  // else the packed path takes the skinny ones
      for (const problem_spec& s : shapes)
        EXPECT_NE(classify_unpacked(shape(s.m, s.n, s.k), t.small), unpacked_split::none)
            << target << " " << testing_support::describe(s);
    }
    unsigned seed = 700;
    for (int threads : {1, 2, 5})
      for (problem_spec s : shapes)
        for (int trans = 0; trans < 4; ++trans) {
          const bool trans_b = trans & 1;
          s.trans_a = trans >= 2;
          if (s.trans_a && !(s.m <= kSkinnyRows && s.m < s.n)) continue;
          if (s.trans_a && t.small->at_full_rate) {
            EXPECT_EQ(classify_unpacked(shape(s.m, s.n, s.k, s.k), t.small),
                      unpacked_split::by_columns)
                << target << " " << testing_support::describe(s);
          }
          s.trans_b = trans_b;
          s.alpha = trans_b ? -0.5 : 1.0;
          s.beta = trans_b ? 2.0 : 0.0;  // 0: C holds NaN, which must not survive
          s.ldc_pad = trans_b ? 3 : 0;
          gemm_options o;
          o.threads = threads;
          o.fit_team_to_work = false;
          check_gemm(t, s, o, seed++);
        }
  });
}

// A batch entry whose A leads by whole KiB and starts off a cache line: by
// rows copies each strip first (copies_strips), in the small routine's own
// pieces (full strips, then the rest), over several k blocks, sharing out
// the stream of the next entry; a single call does the same on a CPU that
// copies always. On every target, C as the naive loops.
TEST(UnpackedGemm, StripsOfAnAliasedAOffALineCopied) {
  std::vector<char> next_entry(64 * 1000);
  testing_support::for_each_runnable_table([&](const char* target, dispatch_table& t) {
    const dgemm_small_desc& r = *t.small;
    unsigned seed = 900;
    for (problem_spec s : {problem_spec{30, 29, 31}, problem_spec{100, 37, 90}, problem_spec{9, 40, 70}}) {
      if (std::max({s.m, s.n, s.k}) > r.max_dim) continue;
      for (double beta : {0.0, 2.0}) {
        s.lda = 128;  // 1 KiB
        s.a_line_offset = 16;
        s.alpha = -0.5;
        s.beta = beta;
        s.ldc_pad = 5;
        const std::string what = std::string(target) + " " + testing_support::describe(s);
        {
          testing_support::test_problem tp(s, seed);
          const gemm_problem& p = tp.problem();
          ASSERT_TRUE(unpacked_detail::copies_strips(p, r, s.k, off_line_a_copy::streamed_double_batches, true))
              << what;
          EXPECT_FALSE(unpacked_detail::copies_strips(p, r, s.k, off_line_a_copy::streamed_double_batches, false));
          prefetch_stream ahead;
          ahead.add(next_entry.data(), next_entry.size());
          run_unpacked_part(p, unpacked_split::by_rows, r, /*kc=*/s.k / 3 + 1,
                            off_line_a_copy::streamed_double_batches, &ahead);
          tp.expect_correct(what + ", streamed");
          EXPECT_LT(ahead.lines_left(), next_entry.size() / 64) << "the stream was not fetched";
        }
        testing_support::test_problem tp(s, seed++);
        ASSERT_TRUE(unpacked_detail::copies_strips(tp.problem(), r, s.k, off_line_a_copy::always, false)) << what;
        run_unpacked_part(tp.problem(), unpacked_split::by_rows, r, /*kc=*/s.k / 3 + 1, off_line_a_copy::always);
        tp.expect_correct(what + ", a call");
      }
    }
  });
}

// Where the CPU copies always, an A off a line is copied without the
// aliasing too once a strip of it (strip_rows x k) leaves L1; a batch's
// streamed entries copy only the aliased one.
TEST(UnpackedGemm, LongStripsOfAnAOffALineCopiedWhereAlways) {
  testing_support::for_each_runnable_table([&](const char* target, dispatch_table& t) {
    const dgemm_small_desc& r = *t.small;
    unsigned seed = 980;
    for (dim_t k : {dim_t(40), std::min<dim_t>(r.max_dim, 300)}) {
      problem_spec s{std::min<dim_t>(r.max_dim, 50), std::min<dim_t>(r.max_dim, 3 * r.ukernel->nr), k};
      s.lda = s.m + 3;  // not whole KiB
      s.a_line_offset = 16;
      s.beta = 1.0;
      const std::string what = std::string(target) + " " + testing_support::describe(s);
      testing_support::test_problem tp(s, seed++);
      const gemm_problem& p = tp.problem();
      const bool long_strip =
          std::size_t(r.strip_rows) * std::size_t(k) * sizeof(double) > unpacked_detail::kStripInL1Bytes;
      EXPECT_EQ(unpacked_detail::copies_strips(p, r, k, off_line_a_copy::always, false), long_strip) << what;
      EXPECT_FALSE(unpacked_detail::copies_strips(p, r, k, off_line_a_copy::streamed_double_batches, true)) << what;
      run_unpacked_part(p, unpacked_split::by_rows, r, /*kc=*/k, off_line_a_copy::always);
      tp.expect_correct(what);
    }
  });
}

// The same A with fewer rows than columns: by columns copies each m x kc
// block to line-aligned columns first (copies_block) where the CPU copies
// always, and reads it in place elsewhere; split among threads or not.
TEST(UnpackedGemm, BlocksOfAnAliasedAOffALineCopied) {
  testing_support::for_each_runnable_table([&](const char* target, dispatch_table& t) {
    const dgemm_small_desc& r = *t.small;
    const dim_t nr = r.ukernel->nr;
    unsigned seed = 950;
    // Few rows, tiny (by columns on every routine, also those not at the
    // packed kernel's rate, which take no skinny problems), over several
    // k blocks.
    for (problem_spec s : {problem_spec{13, 30, 32}, problem_spec{31, 32, 32}}) {
      s.lda = 256;  // 2 KiB
      s.a_line_offset = 24;
      s.alpha = 1.5;
      s.beta = 0.0;
      const std::string what = std::string(target) + " " + testing_support::describe(s);
      testing_support::test_problem tp(s, seed++);
      const gemm_problem& p = tp.problem();
      ASSERT_EQ(classify_unpacked(p, &r), unpacked_split::by_columns) << what;
      ASSERT_TRUE(unpacked_detail::copies_block(p, r, off_line_a_copy::always)) << what;
      EXPECT_FALSE(unpacked_detail::copies_block(p, r, off_line_a_copy::streamed_double_batches));
      for (off_line_a_copy when : {off_line_a_copy::always, off_line_a_copy::streamed_double_batches})
        for (int parts : {1, 2}) {
          testing_support::test_problem run(s, seed);
          for (int part = 0; part < parts; ++part)
            run_unpacked_part(unpacked_detail::part_of(run.problem(), unpacked_split::by_columns, nr, part, parts),
                              unpacked_split::by_columns, r, /*kc=*/20, when);
          run.expect_correct(what + (when == off_line_a_copy::always ? ", copied" : ", in place") + " in " +
                             std::to_string(parts) + " part(s)");
        }
    }
    // A on a line, a leading dimension off whole KiB, or one column block:
    // nothing to win.
    for (const problem_spec& s : {problem_spec{13, 3 * nr + 1, 45, false, false, 1.0, 0.0, 0, 256, 0},
                                  problem_spec{13, 3 * nr + 1, 45, false, false, 1.0, 0.0, 0, 264, 16},
                                  problem_spec{13, nr, 45, false, false, 1.0, 0.0, 0, 256, 16}}) {
      testing_support::test_problem tp(s, seed);
      EXPECT_FALSE(unpacked_detail::copies_block(tp.problem(), r, off_line_a_copy::always))
          << target << " " << testing_support::describe(s);
    }
  });
}

// Single precision copies too where the CPU copies always: an SGEMM whose A
// leads by 256 floats from 8 bytes past a line, by rows and by columns,
// against double sums.
TEST(UnpackedGemm, FloatAOffALineCopied) {
  testing_support::for_each_runnable_table([&](const char* target, dispatch_table& t) {
    if (!t.small_f32) return;
    const small_gemm_desc<float>& r = *t.small_f32;
    constexpr dim_t lda = 256, ldc = 70;
    std::vector<float> a_store(lda * 64 + 32), b(64 * 64);
    float* const a = a_store.data() + (16 - reinterpret_cast<std::uintptr_t>(a_store.data()) % 64 / 4) % 16 + 2;
    for (std::size_t i = 0; i < a_store.size(); ++i) a_store[i] = float(int(i * 7 % 13) - 6) / 8;
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = float(int(i * 5 % 11) - 5) / 4;
    for (const auto [m, n, k] : {std::array<dim_t, 3>{30, 3 * r.ukernel->nr + 2, 31},
                                 std::array<dim_t, 3>{9, 4 * r.ukernel->nr, 64}}) {
      basic_gemm_problem<float> p{m, n, k};
      std::vector<float> c(ldc * n, 1.0f);
      p.alpha = 2.0f;
      p.beta = 1.0f;
      p.a = a;
      p.cs_a = lda;
      p.b = b.data();
      p.rs_b = 1;
      p.cs_b = k;
      p.c = c.data();
      p.ldc = ldc;
      const unpacked_split s = classify_unpacked(p, &r);
      ASSERT_NE(s, unpacked_split::none) << target;
      EXPECT_TRUE(s == unpacked_split::by_rows ? unpacked_detail::copies_strips(p, r, k, off_line_a_copy::always, false)
                                               : unpacked_detail::copies_block(p, r, off_line_a_copy::always))
          << target << " " << m << "x" << n << "x" << k;
      run_unpacked_part(p, s, r, /*kc=*/k / 2 + 1, off_line_a_copy::always);
      for (dim_t j = 0; j < n; ++j)
        for (dim_t i = 0; i < m; ++i) {
          double want = 1.0;  // small integers over powers of two: every sum exact
          for (dim_t l = 0; l < k; ++l) want += 2.0 * double(a[i + l * lda]) * double(b[l + j * k]);
          ASSERT_EQ(double(c[i + j * ldc]), want) << target << " " << m << "x" << n << "x" << k << " C(" << i
                                                  << "," << j << ")";
        }
    }
  });
}

// The lines of a stream shared out: the first ones, range after range.
TEST(UnpackedPrefetch, FirstLinesOfAStream) {
  std::vector<char> x(64 * 10), y(64 * 4);
  prefetch_stream s;
  s.add(x.data(), x.size());
  s.add(y.data(), y.size() - 10);  // a partial last line counts as one
  const prefetch_stream some = unpacked_detail::first_lines(s, 3);
  EXPECT_EQ(some.lines_left(), 3u);
  EXPECT_EQ(some.end[0], s.next[0] + 3 * 64);
  EXPECT_EQ(some.end[1], some.next[1]);  // none of the second range
  EXPECT_EQ(unpacked_detail::first_lines(s, 12).lines_left(), 12u);
  EXPECT_EQ(unpacked_detail::first_lines(s, 12).end[1], s.next[1] + 2 * 64);
  EXPECT_EQ(unpacked_detail::first_lines(s, 100).lines_left(), 14u);
  EXPECT_EQ(unpacked_detail::first_lines(s, 0).lines_left(), 0u);
}

// The part boundaries of a split: every row (column) in exactly one part.
TEST(UnpackedGemm, PartsCoverTheSplitSideOnce) {
  const dgemm_small_desc& r = any_small_at_full_rate();
  const dgemm_ukernel_desc& u = *r.ukernel;
  for (unpacked_split s : {unpacked_split::by_rows, unpacked_split::by_columns})
    for (int parts : {1, 2, 3, 7}) {
      gemm_problem p = s == unpacked_split::by_rows ? shape(5 * u.mr + 3, 4, 9)
                                                    : shape(4, 5 * u.nr + 3, 9);
      std::vector<double> c(static_cast<std::size_t>(p.m * p.n));
      p.c = c.data();
      p.ldc = p.m;
      const dim_t unit = unpacked_detail::unit(s, r);
      dim_t covered = 0;
      for (int part = 0; part < parts; ++part) {
        const gemm_problem q = unpacked_detail::part_of(p, s, unit, part, parts);
        const dim_t first = s == unpacked_split::by_rows ? q.c - p.c : (q.c - p.c) / p.ldc;
        const dim_t extent = s == unpacked_split::by_rows ? q.m : q.n;
        if (extent == 0) continue;
        EXPECT_EQ(first, covered) << "part " << part << " of " << parts;
        EXPECT_EQ(first % unit, 0);
        covered += extent;
      }
      EXPECT_EQ(covered, s == unpacked_split::by_rows ? p.m : p.n);
    }
}

}  // namespace
}  // namespace swblas
