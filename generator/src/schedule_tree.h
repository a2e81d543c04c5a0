// Schedule-tree helpers that every back end's recipe uses: finding the marks
// that are the protocol between passes, and the legality check of a
// transformed schedule.
#pragma once

#include <string>

#include <isl/cpp.h>

namespace swgen {

// The first mark named `name` below `root` (top down); std::logic_error when
// there is none.
isl::schedule_node find_mark(const isl::schedule_node& root, const std::string& name);

// Every dependence must still go forward in the transformed schedule:
// std::logic_error otherwise.
void check_legal(const isl::schedule& sched, const isl::union_map& deps);

}  // namespace swgen
