// The per-CPU context: its rows are found by vendor and family, whatever
// the model; a CPU not measured gets the first CPU's figures, saying so.
#include <gtest/gtest.h>

#include "cpu_tuning.h"

namespace swblas {
namespace {

TEST(CpuTuning, RowByVendorAndFamilyWhateverTheModel) {
  const tuning_choice zen4 = tuning_for({cpu_vendor::amd, 0x19, 0x11});
  EXPECT_TRUE(zen4.measured);
  EXPECT_STREQ(zen4.row->name, "Zen 4");
  EXPECT_EQ(tuning_for({cpu_vendor::amd, 0x19, 0x61}).row, zen4.row);
  EXPECT_STREQ(tuning_for({cpu_vendor::amd, 0x1a, 0x02}).row->name, "Zen 5");
  EXPECT_EQ(tuning_basis(zen4), "measured on Zen 4");
  // Intel's family 6 spans every core since 2006; its row was measured on
  // Emerald Rapids (model 207) and serves them all.
  EXPECT_STREQ(tuning_for({cpu_vendor::intel, 6, 207}).row->name, "Emerald Rapids");
  EXPECT_EQ(tuning_for({cpu_vendor::intel, 6, 0x55}).row, tuning_for({cpu_vendor::intel, 6, 207}).row);
}

TEST(CpuTuning, UnmeasuredCpusGetZen5sFiguresAndSaySo) {
  for (const cpu_identity id : {cpu_identity{cpu_vendor::intel, 0x13, 0x01}, cpu_identity{cpu_vendor::amd, 0x17, 0x31},
                                cpu_identity{}}) {
    const tuning_choice c = tuning_for(id);
    EXPECT_FALSE(c.measured);
    EXPECT_STREQ(c.row->name, "Zen 5");
    EXPECT_EQ(tuning_basis(c), "not measured on this cpu, Zen 5's");
  }
}

// A figure a row has not measured is Zen 5's, and its basis says so; the
// figures a row has are its own.
TEST(CpuTuning, AFigureNotMeasuredIsZen5s) {
  const cpu_identity zen4{cpu_vendor::amd, 0x19, 0x11}, zen5{cpu_vendor::amd, 0x1a, 0x02},
      emerald_rapids{cpu_vendor::intel, 6, 207};
  for (const cpu_identity id : {zen4, zen5, emerald_rapids}) {
    for (double cpu_tuning::*figure : {&cpu_tuning::batch_whole_max_doubles, &cpu_tuning::pack_b_rows_full_k}) {
      const tuning_choice c = tuning_for(id, figure);
      EXPECT_GT(c.row->*figure, 0.0) << tuning_for(id).row->name;
      EXPECT_EQ(c.measured, c.row == tuning_for(id).row) << tuning_for(id).row->name;
    }
    EXPECT_NE(tuning_for(id, &cpu_tuning::off_line_a).row->off_line_a, off_line_a_copy::not_measured);
  }
  const tuning_choice split_rows = tuning_for(emerald_rapids, &cpu_tuning::pack_b_rows_full_k);
  EXPECT_FALSE(split_rows.measured);
  EXPECT_EQ(tuning_basis(split_rows), "not measured on this cpu, Zen 5's");
  EXPECT_TRUE(tuning_for(emerald_rapids, &cpu_tuning::batch_whole_max_doubles).measured);
  EXPECT_FALSE(tuning_for(zen4, &cpu_tuning::off_line_a).measured);
  EXPECT_TRUE(tuning_for(zen4, &cpu_tuning::pack_b_rows_full_k).measured);
}

// Where line-split loads are dear (measured on Emerald Rapids) an aliased A
// off a line is copied in every call; on the AMD rows and for CPUs not
// measured only streamed double batch entries copy it.
TEST(CpuTuning, OffLineACopiedAlwaysOnlyWhereMeasuredToPay) {
  const auto copy_of = [](const cpu_identity& id) { return tuning_for(id, &cpu_tuning::off_line_a).row->off_line_a; };
  EXPECT_EQ(copy_of({cpu_vendor::intel, 6, 207}), off_line_a_copy::always);
  for (const cpu_identity id : {cpu_identity{cpu_vendor::amd, 0x19, 0x11}, cpu_identity{cpu_vendor::amd, 0x1a, 0x02},
                                cpu_identity{}})
    EXPECT_EQ(copy_of(id), off_line_a_copy::streamed_double_batches);
}

}  // namespace
}  // namespace swblas
