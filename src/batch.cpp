// swblas::gemm_batch: every group is planned first (quick case, small path,
// by-entry or team split, buffer sizes, team size), then one team job
// (src/thread_pool.h) runs the team groups' entries, one after the other,
// each as the packed path's items, and then the by-entry work in chunks,
// each claimed by whichever thread is free.
#include "batch.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "call_trace.h"
#include "gemm_driver.h"
#include "pack_buffer.h"
#include "thread_pool.h"
#include "unpacked_gemm.h"

namespace swblas {
namespace {

// small: swblas::gemm's unpacked path (src/unpacked_gemm.h), one thread per entry.
enum class group_work { none, scale, small, packed_by_entry, packed_team };

template <class T>
struct group_plan {
  const basic_gemm_batch_problem<T>* group = nullptr;
  group_work work = group_work::none;
  unpacked_split split = unpacked_split::none;  // small only
  parallel_loop loop = parallel_loop::ic;  // packed_team only
  dim_t chunk = 1;                         // by-entry work: entries per unit
  dim_t first_unit = 0;                    // by-entry work: its units are
  dim_t units = 0;                         // [first_unit, first_unit + units)
  dim_t first_item = 0;                    // packed_team: its entries' items are
  dim_t entry_items = 0;                   // [first_item, first_item + count * entry_items)
  std::optional<blocked_items<T>> items;   // packed_team: one entry's items (every entry's layout)
};

// Everything the region needs, decided before it opens.
template <class T>
struct batch_plan {
  std::vector<group_plan<T>> groups;
  dim_t by_entry_units = 0;
  dim_t team_items = 0;  // the team groups' items come first
  bool has_team_groups = false;
  bool has_packed_by_entry = false;
  std::size_t team_a_private = 0, team_a_shared = 0, team_b = 0;  // elements of T
  std::size_t entry_a = 0, entry_b = 0;

  void clear() {
    groups.clear();  // keeps its capacity: no allocation in the steady state
    by_entry_units = team_items = 0;
    has_team_groups = has_packed_by_entry = false;
    team_a_private = team_a_shared = team_b = entry_a = entry_b = 0;
  }
};



// Entries [first, last) of g as a batch of their own.
template <class T>
basic_gemm_batch_problem<T> entry_range(const basic_gemm_batch_problem<T>& g, dim_t first, dim_t last) {
  basic_gemm_batch_problem<T> r = g;
  r.count = last - first;
  if (g.a_array)
    r.a_array = g.a_array + first;
  else
    r.shape.a = g.shape.a + first * g.stride_a;
  if (g.b_array)
    r.b_array = g.b_array + first;
  else
    r.shape.b = g.shape.b + first * g.stride_b;
  if (g.c_array)
    r.c_array = g.c_array + first;
  else
    r.shape.c = g.shape.c + first * g.stride_c;
  return r;
}

// The entries of g (op(A) with unit row stride) as the small routine's
// batch.
template <class T>
basic_small_batch<T> small_run(const basic_gemm_batch_problem<T>& g) {
  const basic_gemm_problem<T>& p = g.shape;
  basic_small_batch<T> s;
  s.count = g.count;
  s.m = p.m;
  s.n = p.n;
  s.k = p.k;
  s.alpha = p.alpha;
  s.beta = p.beta;
  s.a_array = g.a_array;
  s.a = p.a;
  s.stride_a = g.stride_a;
  s.lda = p.cs_a;
  s.b_array = g.b_array;
  s.b = p.b;
  s.stride_b = g.stride_b;
  s.rs_b = p.rs_b;
  s.cs_b = p.cs_b;
  s.c_array = g.c_array;
  s.c = p.c;
  s.stride_c = g.stride_c;
  s.ldc = p.ldc;
  return s;
}

// An entry small or skinny enough for the unpacked path runs on one thread
// when the entries alone keep the team busy (or one thread is all it is
// worth); a few large ones are better served by the team.
//
// A batch's entries come from memory one after the other, and the small
// routine keeps up with the packed kernels only while the next entry's
// operands are fetched on the way: a small (not skinny) entry too large for
// that window is packed. Measured on Zen 5, batches in memory, one thread:
// 96^3 entries 1.5x faster on the small path with the window (the packed
// path without it), 128^3 even, 256^3 1.25x faster packed.
template <class T>
unpacked_split unpacked_by_entry(const basic_gemm_batch_problem<T>& g, const small_gemm_desc<T>* r, int nt) {
  // The entries' loops (small_batch) read A with unit row stride only.
  if (g.shape.rs_a != 1) return unpacked_split::none;
  const unpacked_split s = classify_unpacked(g.shape, r);
  if (s == unpacked_split::none) return s;
  const basic_gemm_problem<T>& p = g.shape;
  const bool skinny = std::max({p.m, p.n, p.k}) > r->max_dim;
  if (!skinny && operand_doubles(p) > kPrefetchedOperandDoubles) return unpacked_split::none;
  return g.count >= nt || unpacked_team(g.shape, s, *r, nt) == 1 ? s : unpacked_split::none;
}

// small: the micro kernel's small routine (null: none; the real view of a
// complex problem never takes it).
template <class T>
group_work classify(const basic_gemm_batch_problem<T>& g, const basic_block_engine<T>& e,
                    const small_gemm_desc<T>* small, int nt, const batch_options& o, unpacked_split* split) {
  const basic_gemm_problem<T>& p = g.shape;
  if (g.count <= 0) return group_work::none;
  switch (quick_case_of(p)) {
    case quick_case::empty: return group_work::none;
    case quick_case::beta_only: return p.beta == T(1) ? group_work::none : group_work::scale;
    case quick_case::none: break;
  }
  if (o.allow_small && !p.complex) *split = unpacked_by_entry(g, small, nt);
  if (*split != unpacked_split::none) return group_work::small;
  if (o.split) return *o.split == batch_split::team ? group_work::packed_team
                                                    : group_work::packed_by_entry;
  const bool few_entries = g.count < kMinEntriesPerThread * nt;
  const bool entry_fills_team = team_size(p, *e.ukernel, e.blk, nt) >= nt;
  return nt > 1 && few_entries && entry_fills_team ? group_work::packed_team
                                                   : group_work::packed_by_entry;
}

template <class T>
void plan_team_group(const dispatch_table& t, const basic_block_engine<T>& e, int nt, group_plan<T>* gp,
                     batch_plan<T>* plan) {
  const basic_gemm_problem<T>& p = gp->group->shape;
  gemm_options o;
  o.threads = nt;
  o.fit_team_to_work = false;  // the whole batch team runs each entry
  o.split_rows = false;        // ... sharing one B panel
  gp->loop = plan_team(e, t.team, p, o).loop;
  gp->items.emplace(p, e, gp->loop, nt);
  gp->entry_items = gp->items->count();
  gp->first_item = plan->team_items;
  plan->team_items += gp->group->count * gp->entry_items;
  std::size_t& a_max = gp->loop == parallel_loop::jr ? plan->team_a_shared : plan->team_a_private;
  a_max = std::max(a_max, a_block_elems(p, e));
  plan->team_b = std::max(plan->team_b, b_panel_elems(p, e));
  plan->has_team_groups = true;
}

template <class T>
void plan_by_entry_group(const basic_block_engine<T>& e, int nt, group_plan<T>* gp, batch_plan<T>* plan) {
  const basic_gemm_batch_problem<T>& g = *gp->group;
  gp->chunk = std::max<dim_t>(1, g.count / (nt * kChunksPerThread));
  gp->units = ceil_div(g.count, gp->chunk);
  if (gp->work != group_work::packed_by_entry) return;
  plan->entry_a = std::max(plan->entry_a, a_block_elems(g.shape, e));
  plan->entry_b = std::max(plan->entry_b, b_panel_elems(g.shape, e));
  plan->has_packed_by_entry = true;
}

template <class T>
void make_plan(const dispatch_table& t, const basic_block_engine<T>& e, const basic_gemm_batch_problem<T>* groups,
               std::size_t group_count, int nt, const batch_options& o, batch_plan<T>* plan) {
  plan->clear();
  for (std::size_t i = 0; i < group_count; ++i) {
    group_plan<T> gp;
    gp.group = &groups[i];
    gp.work = classify(groups[i], e, small_of<T>(t), nt, o, &gp.split);
    gp.first_unit = plan->by_entry_units;
    if (gp.work == group_work::packed_team)
      plan_team_group(t, e, nt, &gp, plan);
    else if (gp.work != group_work::none)
      plan_by_entry_group(e, nt, &gp, plan);
    plan->by_entry_units += gp.units;
    plan->groups.push_back(gp);
  }
}

// The calling thread's buffers for the whole batch: the team groups' B
// panel and A block (shared for jr, a slice per worker for ic), then, once
// the team groups are done, a slice of each per worker for the by-entry
// units (the same memory).
template <class T>
struct batch_buffers {
  T* a_shared = nullptr;
  T* a_private = nullptr;
  T* b = nullptr;
  std::size_t team_a_step = 0, entry_a_step = 0, entry_b_step = 0;
};

template <class T>
bool get_buffers(const batch_plan<T>& plan, int nt, batch_buffers<T>* out) {
  const std::size_t workers = std::size_t(nt);
  out->team_a_step = slice_elems<T>(plan.team_a_private);
  out->entry_a_step = slice_elems<T>(plan.entry_a);
  out->entry_b_step = slice_elems<T>(plan.entry_b);
  const std::size_t b = std::max(plan.team_b, workers * out->entry_b_step);
  const std::size_t a = workers * std::max(out->team_a_step, out->entry_a_step);
  if (b) out->b = try_thread_pack_buffer_of<T>(pack_role::b_panel, b);
  if (a) out->a_private = try_thread_pack_buffer_of<T>(pack_role::a_private, a);
  if (plan.team_a_shared) out->a_shared = try_thread_pack_buffer_of<T>(pack_role::a_shared, plan.team_a_shared);
  return (!b || out->b) && (!a || out->a_private) && (!plan.team_a_shared || out->a_shared);
}

// The batch as one job: the team groups' items, entry after entry, then
// the by-entry units, which wait for them (they reuse the buffers that the
// team groups share).
template <class T>
class batch_job final : public team_job {
 public:
  batch_job(const dispatch_table& t, const basic_block_engine<T>& e, const batch_plan<T>& plan,
            const batch_buffers<T>& buffers)
      : t_(t), e_(e), small_(small_of<T>(t)), plan_(plan), buf_(buffers) {}

  dim_t items() const { return plan_.team_items + plan_.by_entry_units; }

  dim_t section_start(dim_t item) const override {
    if (item >= plan_.team_items) return plan_.team_items;
    const group_plan<T>& gp = team_group_of(item);
    const dim_t entry_start = gp.first_item + (item - gp.first_item) / gp.entry_items * gp.entry_items;
    return entry_start + gp.items->section_start(item - entry_start);
  }

  void run_item(dim_t item, int worker) override {
    if (item >= plan_.team_items) return run_by_entry_unit(item - plan_.team_items, worker);
    const group_plan<T>& gp = team_group_of(item);
    const dim_t entry = (item - gp.first_item) / gp.entry_items;
    T* a = gp.loop == parallel_loop::jr ? buf_.a_shared : buf_.a_private + std::size_t(worker) * buf_.team_a_step;
    gp.items->run(gp.group->entry(entry), item - gp.first_item - entry * gp.entry_items, a, buf_.b);
  }

 private:
  const group_plan<T>& team_group_of(dim_t item) const {
    for (const group_plan<T>& gp : plan_.groups)
      if (gp.work == group_work::packed_team && item < gp.first_item + gp.group->count * gp.entry_items) return gp;
    return plan_.groups.back();  // not reached: item < team_items
  }

  void run_by_entry_unit(dim_t unit, int worker) {
    const auto g = std::upper_bound(plan_.groups.begin(), plan_.groups.end(), unit,
                                    [](dim_t u, const group_plan<T>& gp) { return u < gp.first_unit + gp.units; });
    const group_plan<T>& gp = *g;
    T* a = plan_.entry_a ? buf_.a_private + std::size_t(worker) * buf_.entry_a_step : nullptr;
    T* b = plan_.entry_b ? buf_.b + std::size_t(worker) * buf_.entry_b_step : nullptr;
    const dim_t first = (unit - gp.first_unit) * gp.chunk;
    run_entries(gp, first, std::min(gp.group->count, first + gp.chunk), a, b);
  }

  void run_entries(const group_plan<T>& gp, dim_t first, dim_t last, T* a, T* b) {
    const basic_gemm_batch_problem<T>& g = *gp.group;
    if (gp.work == group_work::scale) {
      for (dim_t e = first; e < last; ++e) scale_c(g.entry(e));
    } else if (gp.work == group_work::small) {
      run_small_entries(gp, first, last);
    } else {
      for (dim_t e = first; e < last; ++e) run_blocked(g.entry(e), e_, parallel_loop::ic, a, b);
    }
  }

  void run_small_entries(const group_plan<T>& gp, dim_t first, dim_t last) {
    const basic_gemm_batch_problem<T>& g = *gp.group;
    {
      // Each entry's operands are fetched while the entry before it is
      // multiplied: whole, as it starts, when they are a few lines (a
      // stream's bookkeeping would cost more), else as a stream of a few
      // lines per k step (issued at once, hundreds of prefetches stall the
      // multiplication they were meant to overlap). The first entry of the
      // range is fetched whole.
      const dim_t kc = e_.blk.kc;
      using fetch = batch_fetch;
      const double operands = operand_doubles(g.shape);
      const fetch ahead = t_.prefetch.ahead_for(operands);
      const bool into_l1 = t_.prefetch.stream_into_l1(operands);
      if (first >= last) return;
      // Entries of one strip of rows (k in one block): the strip's own loop
      // over them.
      if (g.shape.k <= kc) {
        basic_small_batch<T> run = small_run(entry_range(g, first, last));
        run.ahead = ahead;
        run.stream_into_l1 = into_l1;
        if (small_->batch(run)) return;
      }
      basic_gemm_problem<T> p = g.entry(first);
      if (ahead != fetch::none) prefetch_operands(p);
      for (dim_t e = first; e < last; ++e) {
        const bool has_next = e + 1 < last;
        const basic_gemm_problem<T> next = has_next ? g.entry(e + 1) : p;
        prefetch_stream stream;
        if (has_next && ahead == fetch::whole) prefetch_operands(next);
        if (has_next && ahead == fetch::stream) stream = operands_stream(next, into_l1);
        run_unpacked_part(p, gp.split, *small_, kc, t_.off_line_a, stream.ranges ? &stream : nullptr);
        p = next;
      }
    }
  }

  const dispatch_table& t_;
  const basic_block_engine<T>& e_;
  const small_gemm_desc<T>* small_;  // set where a group takes the small path
  const batch_plan<T>& plan_;
  batch_buffers<T> buf_;
};

// Without the buffers: each entry as a GEMM of its own on this thread,
// which shrinks its blocks as memory allows.
template <class T>
void run_entries_as_gemms(const dispatch_table& t, const basic_block_engine<T>& e,
                          const basic_gemm_batch_problem<T>* groups, std::size_t group_count) {
  gemm_options one;
  one.threads = 1;
  for (std::size_t g = 0; g < group_count; ++g)
    for (dim_t i = 0; i < groups[g].count; ++i) {
      const basic_gemm_problem<T> p = groups[g].entry(i);
      if (!p.complex) {
        gemm_with(t, p, one);
        continue;
      }
      switch (quick_case_of(p)) {
        case quick_case::empty: break;
        case quick_case::beta_only: scale_c(p); break;
        case quick_case::none: run_packed(p, e, plan_team(e, t.team, p, one)); break;
      }
    }
}


}  // namespace

template <class T>
int batch_team_size(const basic_block_engine<T>& e, const basic_gemm_batch_problem<T>* groups,
                    std::size_t group_count, int configured) {
  if (!e.ukernel) return 1;
  const double tile = double(e.ukernel->mr) * e.ukernel->nr;
  const dim_t kc = e.blk.kc;
  double tiles = 0.0;  // micro-kernel calls' worth of work, in double (no overflow)
  for (std::size_t i = 0; i < group_count; ++i) {
    const basic_gemm_problem<T>& p = groups[i].shape;
    const quick_case q = quick_case_of(p);
    if (groups[i].count <= 0 || q == quick_case::empty) continue;
    const double area = double(p.m) * double(p.n) * double(groups[i].count);
    if (q == quick_case::beta_only)
      tiles += area / tile;
    else
      tiles += area * double(p.k) / (tile * double(std::min(std::max<dim_t>(kc, 1), p.k)));
  }
  const double worth = tiles / kMinTilesPerThread;
  const int cap = std::max(configured, 1);
  return worth >= cap ? cap : std::max(static_cast<int>(worth), 1);
}

template <class T>
void gemm_batch_with(const dispatch_table& t, const basic_block_engine<T>& e,
                     const basic_gemm_batch_problem<T>* groups, std::size_t group_count, const batch_options& o) {
  if (group_count == 0) return;
  if (!e.ukernel) no_micro_kernel();
  const int nt = o.fit_team_to_work ? batch_team_size(e, groups, group_count, o.threads) : std::max(o.threads, 1);
  // Reused by every call on this thread (the group list only ever grows).
  thread_local batch_plan<T> plan;
  make_plan(t, e, groups, group_count, nt, o, &plan);
  if (!plan.has_team_groups && plan.by_entry_units == 0) return;
  batch_buffers<T> buffers;
  if (!get_buffers(plan, nt, &buffers)) return run_entries_as_gemms(t, e, groups, group_count);
  batch_job<T> job(t, e, plan, buffers);
  run_team_job(job, job.items(), nt);
}

void gemm_batch_with(const dispatch_table& t, const gemm_batch_problem* groups, std::size_t group_count,
                     const batch_options& o) {
  gemm_batch_with(t, t.engine, groups, group_count, o);
}

template <class T>
void gemm_batch_on(const dispatch_table& t, const basic_block_engine<T>& e,
                   const basic_gemm_batch_problem<T>* groups, std::size_t group_count, const char* name) {
  batch_options o;
  o.threads = available_threads();
  run_traced([&] { gemm_batch_with(t, e, groups, group_count, o); },
             [&] {
               dim_t entries = 0;
               for (std::size_t g = 0; g < group_count; ++g) entries += groups[g].count;
               return std::string(name) + " " + std::to_string(group_count) + " group(s), " +
                      std::to_string(entries) + " entries";
             },
             [&] {
               const int nt = group_count ? batch_team_size(e, groups, group_count, o.threads) : 1;
               return "batch driver, " + thread_count_text(nt);
             });
}

template int batch_team_size(const basic_block_engine<double>&, const gemm_batch_problem*, std::size_t, int);
template void gemm_batch_on(const dispatch_table&, const basic_block_engine<double>&, const gemm_batch_problem*,
                            std::size_t, const char*);
template void gemm_batch_on(const dispatch_table&, const basic_block_engine<float>&,
                            const basic_gemm_batch_problem<float>*, std::size_t, const char*);

void gemm_batch(const gemm_batch_problem* groups, std::size_t group_count) {
  const dispatch_table& t = active_dispatch();
  gemm_batch_on(t, t.engine, groups, group_count, "dgemm_batch");
}

void gemm_batch(const basic_gemm_batch_problem<float>* groups, std::size_t group_count) {
  const dispatch_table& t = active_dispatch();
  gemm_batch_on(t, engine_of<float>(t), groups, group_count, "sgemm_batch");
}

}  // namespace swblas
