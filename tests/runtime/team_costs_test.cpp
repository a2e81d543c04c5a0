// The team planner's per-CPU cost of split rows' packing of B.
#include <gtest/gtest.h>

#include <string>

#include "team_costs.h"

namespace swblas {
namespace {

const cpu_identity kZen4{cpu_vendor::amd, 0x19, 0x11};
const cpu_identity kZen5{cpu_vendor::amd, 0x1a, 0x02};
const cpu_identity kSkylakeX{cpu_vendor::intel, 6, 0x55};

TEST(TeamCosts, PackingBCostIsTheMeasuredOneForTheCpu) {
  EXPECT_EQ(choose_team_costs(kZen4).pack_b_rows_full_k, 40.0);
  EXPECT_EQ(choose_team_costs(kZen4).basis, "measured on Zen 4");
  EXPECT_EQ(choose_team_costs(kZen5).pack_b_rows_full_k, kPackBPerFma);
  EXPECT_EQ(choose_team_costs(kZen5).basis, "measured on Zen 5");
  // Unmeasured CPUs get Zen 5's figure and say so.
  const team_costs intel = choose_team_costs(kSkylakeX);
  EXPECT_EQ(intel.pack_b_rows_full_k, kPackBPerFma);
  EXPECT_NE(std::string(intel.basis).find("not measured"), std::string::npos);
  EXPECT_EQ(choose_team_costs(cpu_identity{}).pack_b_rows_full_k, kPackBPerFma);
  // The default is Zen 5's (tests that build tables by hand rely on it).
  EXPECT_EQ(team_costs{}.pack_b_rows_full_k, kPackBPerFma);
}

TEST(TeamCosts, ShortKKeepsTheCommonFigure) {
  const team_costs zen4 = choose_team_costs(kZen4);
  EXPECT_EQ(zen4.pack_b_rows(256, 256), 40.0);
  EXPECT_EQ(zen4.pack_b_rows(4000, 256), 40.0);
  EXPECT_EQ(zen4.pack_b_rows(255, 256), kPackBPerFma);
  EXPECT_EQ(zen4.pack_b_rows(64, 256), kPackBPerFma);
  EXPECT_EQ(choose_team_costs(kZen5).pack_b_rows(4000, 256), kPackBPerFma);
}

TEST(TeamCosts, VerboseLineSaysBothFiguresAndTheBasis) {
  const std::string line = describe_team_costs(choose_team_costs(kZen4));
  EXPECT_NE(line.find("40 rows"), std::string::npos) << line;
  EXPECT_NE(line.find("60 below"), std::string::npos) << line;
  EXPECT_NE(line.find("measured on Zen 4"), std::string::npos) << line;
}

}  // namespace
}  // namespace swblas
