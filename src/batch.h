// swblas::gemm_batch: every entry of every group of a batch solved as one
// team job (src/thread_pool.h), the work shared out by entries and by tiles;
// one driver for every element type (complex batches as their 1m views).
#pragma once

#include <cstddef>
#include <optional>

#include "blocked_gemm.h"
#include "dispatch.h"
#include "macro_kernel.h"

namespace swblas {

// How the entries of one group are shared out by the team.
//   by_entry: each thread takes whole entries (in chunks, dynamically) and
//             packs into its own buffers; tiny entries take the micro
//             kernel's unpacked small path.
//   team:     the entries one after the other, each shared by the whole
//             team block by block (B panel shared, A block private for ic,
//             shared for jr), as swblas::gemm runs one large problem.
enum class batch_split : int { by_entry = 0, team = 1 };

// A group takes the team split when it has fewer than this many entries per
// thread (whole entries would leave threads idle at the end) and one entry
// is worth the whole team by itself (team_size).
inline constexpr dim_t kMinEntriesPerThread = 4;

// The by-entry work of a group is cut into about this many chunks per
// thread, handed out dynamically, so that the last chunk is short.
inline constexpr dim_t kChunksPerThread = 16;

struct batch_options {
  int threads = 1;                   // upper bound on the team size
  bool allow_small = true;           // false: tiny entries are packed too
  bool fit_team_to_work = true;      // false: exactly `threads` (tests)
  std::optional<batch_split> split;  // default: chosen per group
};

// The team size for the whole batch: one thread per kMinTilesPerThread
// micro-tiles of work over all groups, at most `configured`.
template <class T>
int batch_team_size(const basic_block_engine<T>& e, const basic_gemm_batch_problem<T>* groups,
                    std::size_t group_count, int configured);
inline int batch_team_size(const dispatch_table& t, const gemm_batch_problem* groups, std::size_t group_count,
                           int configured) {
  return batch_team_size(t.engine, groups, group_count, configured);
}

// Solves every group (the quick cases m == 0, n == 0, k == 0 and
// alpha == 0 included; count may be 0) with engine e of table t: one team
// job for the whole batch. Entries must not overlap in C. Thread safe.
// The groups may be the real views of complex problems (complex_gemm.cpp),
// e's kc then even.
template <class T>
void gemm_batch_with(const dispatch_table& t, const basic_block_engine<T>& e,
                     const basic_gemm_batch_problem<T>* groups, std::size_t group_count, const batch_options& o);
// The same on the table's double engine.
void gemm_batch_with(const dispatch_table& t, const gemm_batch_problem* groups, std::size_t group_count,
                     const batch_options& o);

// gemm_batch_with on the threads available to the caller, traced under
// `name` (SWBLAS_VERBOSE). Instantiated for double and float.
template <class T>
void gemm_batch_on(const dispatch_table& t, const basic_block_engine<T>& e,
                   const basic_gemm_batch_problem<T>* groups, std::size_t group_count, const char* name);

// What the batched entry points call: the active dispatch table and its
// configured thread count. The complex batches are in complex_gemm.h.
void gemm_batch(const gemm_batch_problem* groups, std::size_t group_count);
void gemm_batch(const basic_gemm_batch_problem<float>* groups, std::size_t group_count);

}  // namespace swblas
