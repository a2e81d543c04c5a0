// A batched spec, one entry at a time: the runtime shares a batch's entries
// out (the analysis has checked they are independent), so the kernel of a
// batched spec is the kernel of one entry's GEMM.
#pragma once

#include <string>

#include "spec.h"

namespace swgen {

// The scop of one entry of batched scop `s`: the batch loop `batch` removed
// from every statement, the [batch] subscript from every access, and the
// batch count from the parameters when nothing else uses it.
scop one_entry(scop s, const std::string& batch);

}  // namespace swgen
