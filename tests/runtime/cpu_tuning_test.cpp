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
}

TEST(CpuTuning, UnmeasuredCpusGetZen5sFiguresAndSaySo) {
  for (const cpu_identity id : {cpu_identity{cpu_vendor::intel, 6, 0x55}, cpu_identity{cpu_vendor::amd, 0x17, 0x31},
                                cpu_identity{}}) {
    const tuning_choice c = tuning_for(id);
    EXPECT_FALSE(c.measured);
    EXPECT_STREQ(c.row->name, "Zen 5");
    EXPECT_EQ(tuning_basis(c), "not measured on this cpu, Zen 5's");
  }
}

TEST(CpuTuning, EveryRowHasEveryFigure) {
  for (const cpu_identity id : {cpu_identity{cpu_vendor::amd, 0x19, 0x11}, cpu_identity{cpu_vendor::amd, 0x1a, 0x02}}) {
    const cpu_tuning& row = *tuning_for(id).row;
    EXPECT_GT(row.batch_whole_max_doubles, 0.0) << row.name;
    EXPECT_GT(row.pack_b_rows_full_k, 0.0) << row.name;
  }
}

}  // namespace
}  // namespace swblas
