// The measured rows of the per-CPU context (see cpu_tuning.h).
#include "cpu_tuning.h"

namespace swblas {
namespace {

constexpr cpu_tuning kMeasured[] = {
    // Zen 5 (family 0x1a), the first machine: the fallback for every other.
    // Batch windows: 8^3 and 12^3 entries 1.25x and 1.15x slower as a stream
    // (its bookkeeping against 40 and 140 ns of work), 16^3 1.4x slower
    // whole. Split rows: two threads overtake the better loop at about 1000
    // rows a thread (m = 700..4000, n = 1000..4000, k = 64 and 1000). An A
    // off a line: copied for streamed double batches only (unpacked_gemm.h).
    // Every figure measured: the stand-in for the figures other rows lack.
    {cpu_vendor::amd, 0x1a, "Zen 5", 512.0, 60.0, off_line_a_copy::streamed_double_batches},
    // Zen 4 (family 0x19 model 0x11; Zen 3 shares the family, unmeasured).
    // Batch windows: 16^3 entries (768 doubles) 1.2x faster whole than
    // streamed into L1 and 1.45x faster than into L2; 28^3 (2352) 1.08x and
    // 32^3 (3072) 1.03-1.04x faster whole than into L2 on one thread, 28^3
    // 1.1x and 32^3 the same on two. Split rows: AVX-512 on 256-bit units,
    // half Zen 5's FMA rate per cycle, so a packed double of B costs fewer
    // FMAs' time; two threads, loops forced, interleaved: split rows ahead
    // of jr at 1000^3 by 1-2% on a quiet host and 10% on a busy one, at
    // 1000x1000x256 by 12% on the busy one, behind it at 512^3 and
    // 600x1000x1000 by 1-3% and at 500x2000x2000 by 5%: 40 splits the first
    // and keeps jr for the others.
    {cpu_vendor::amd, 0x19, "Zen 4", 3072.0, 40.0, off_line_a_copy::not_measured},
    // Intel family 6, measured on Emerald Rapids (model 207, AVX-512, 2 MiB
    // L2). Batch windows: 16^3 and 32^3 entries whole against streamed
    // within the noise (2.50-3.97 ms either way at 10000 x 16^3), so Zen 5's
    // 512 doubles. Split rows: not measured. An A off a line: a vector load
    // across two lines costs here what it does not on Zen 5; one thread, A,
    // B and C 16 bytes past a line, alternating runs, best GFLOP/s in place
    // / copied: DGEMM by rows 64^3 at lda 128 68 -> 72, 128^3 70 -> 79,
    // 256^3 67 -> 79, 384^3 61 -> 77 (on lines 91 and 89); by columns
    // 64 x 256 x 256 at lda 256 47 -> 71 (on lines 72), 32 x 2000 x 2000 at
    // lda 2048 31 -> 56; SGEMM at lda 256, 128^3 143 -> 159, 256^3 155 -> 162;
    // long strips of it without the aliasing too (kStripInL1Bytes).
    {cpu_vendor::intel, 6, "Emerald Rapids", 512.0, kNotMeasured, off_line_a_copy::always},
};

constexpr bool has(double figure) { return figure != kNotMeasured; }
constexpr bool has(off_line_a_copy figure) { return figure != off_line_a_copy::not_measured; }

template <class Figure>
tuning_choice row_with(const cpu_identity& id, Figure cpu_tuning::*figure) {
  const tuning_choice c = tuning_for(id);
  return c.measured && has(c.row->*figure) ? c : tuning_choice{&kMeasured[0], false};
}

}  // namespace

tuning_choice tuning_for(const cpu_identity& id) {
  for (const cpu_tuning& row : kMeasured)
    if (row.vendor == id.vendor && row.family == id.family) return {&row, true};
  return {&kMeasured[0], false};
}

tuning_choice tuning_for(const cpu_identity& id, double cpu_tuning::*figure) { return row_with(id, figure); }
tuning_choice tuning_for(const cpu_identity& id, off_line_a_copy cpu_tuning::*figure) {
  return row_with(id, figure);
}

std::string tuning_basis(const tuning_choice& c) {
  return c.measured ? std::string("measured on ") + c.row->name
                    : std::string("not measured on this cpu, ") + c.row->name + "'s";
}

}  // namespace swblas
