#include "order.h"

#include <algorithm>

namespace swsim::detail {

void reset_order(cpe_order& order, int tid) {
  order.clock.fill(0);
  order.clock[tid] = 1;
  order.marks.clear();
}

vector_clock publish(cpe_order& order, int tid) {
  const vector_clock published = order.clock;
  ++order.clock[tid];
  return published;
}

void join(vector_clock& into, const vector_clock& from) {
  for (int tid = 0; tid < cpe_count; ++tid) into[tid] = std::max(into[tid], from[tid]);
}

void mark_access(cpe_order& order, int tid, std::size_t offset, std::size_t len) {
  auto& marks = order.marks;
  marks.erase(std::remove_if(marks.begin(), marks.end(),
                             [&](const access_mark& m) { return m.offset >= offset && m.offset + m.len <= offset + len; }),
              marks.end());
  marks.push_back(access_mark{offset, len, order.clock[tid]});
}

const access_mark* unordered_access(const cpe_order& owner, int owner_tid, const vector_clock& writer,
                                    std::size_t offset, std::size_t len) {
  for (const access_mark& m : owner.marks) {
    const bool overlap = m.offset < offset + len && offset < m.offset + m.len;
    if (overlap && m.epoch > writer[owner_tid]) return &m;
  }
  return nullptr;
}

}  // namespace swsim::detail
