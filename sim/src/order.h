// Happens-before between CPEs, for the race the reply words cannot show: a
// CPE uses an LDM buffer (declared through sim_check_ldm_read/_write) and
// another CPE then sends RMA data into it with nothing ordering the two: on
// the machine the data may land while the buffer is still in use (a missing
// ssync before a double-buffered broadcast). Each CPE keeps a vector clock;
// barriers join the clocks of their members, and an RMA reply increment passes
// the issuer's clock (at issue) to the CPE that waits for it. Callers hold the
// engine mutex.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "swsim/sim.h"

namespace swsim::detail {

using vector_clock = std::array<unsigned long, cpe_count>;

// The caller's use of LDM [offset, offset+len) at its local time `epoch`.
struct access_mark {
  std::size_t offset = 0;
  std::size_t len = 0;
  unsigned long epoch = 0;
};

struct cpe_order {
  vector_clock clock{};
  std::vector<access_mark> marks;
};

void reset_order(cpe_order& order, int tid);
// The clock to hand to others; the caller's own later events get a new epoch.
vector_clock publish(cpe_order& order, int tid);
void join(vector_clock& into, const vector_clock& from);
void mark_access(cpe_order& order, int tid, std::size_t offset, std::size_t len);
// A use by `owner` of [offset, offset+len) that `writer`'s clock does not
// cover, or nullptr.
const access_mark* unordered_access(const cpe_order& owner, int owner_tid, const vector_clock& writer,
                                    std::size_t offset, std::size_t len);

}  // namespace swsim::detail
