// The pool's contract (src/thread_pool.h): every item runs once, a section
// starts after the sections before it have finished, calls while the pool
// is busy or inside a user's parallel region run alone, and the thread
// count can be set at run time.
#include <gtest/gtest.h>

#include <omp.h>

#include <atomic>
#include <cstdlib>
#include <thread>
#include <vector>

#include "config.h"
#include "swblas.h"
#include "thread_pool.h"

namespace swblas {
namespace {

// Sections of growing length; each item checks that every item of the
// earlier sections had finished when it started, and that its worker
// number is in range and runs nothing else meanwhile.
class checked_sections final : public team_job {
 public:
  explicit checked_sections(int sections) {
    dim_t start = 0;
    for (int s = 0; s < sections; ++s) {
      starts_.push_back(start);
      start += 1 + s % 7;
    }
    items_ = start;
    runs_ = std::vector<std::atomic<int>>(static_cast<std::size_t>(items_));
  }
  dim_t items() const { return items_; }
  dim_t section_start(dim_t item) const override {
    dim_t start = 0;
    for (dim_t s : starts_)
      if (s <= item) start = s;
    return start;
  }
  void run_item(dim_t item, int worker) override {
    if (finished_.load() < section_start(item)) early_.fetch_add(1);
    if (worker < 0 || worker >= kWorkerSlots || busy_[worker].exchange(true)) bad_worker_.fetch_add(1);
    for (volatile int spin = 0; spin < 2000; ++spin) {
    }
    runs_[static_cast<std::size_t>(item)].fetch_add(1);
    if (worker >= 0 && worker < kWorkerSlots) busy_[worker] = false;
    finished_.fetch_add(1);
  }
  int early() const { return early_.load(); }
  int bad_workers() const { return bad_worker_.load(); }
  static constexpr int kWorkerSlots = 8;
  int runs_of(dim_t item) const { return runs_[static_cast<std::size_t>(item)].load(); }

 private:
  std::vector<dim_t> starts_;
  dim_t items_ = 0;
  std::vector<std::atomic<int>> runs_;
  std::atomic<dim_t> finished_{0};
  std::atomic<int> early_{0};
  std::atomic<bool> busy_[kWorkerSlots] = {};
  std::atomic<int> bad_worker_{0};  // a worker out of range, or running two items at once
};

// The parts of a split tile [0, count) in order, cut at multiples of the
// unit (the last part ends at count), none larger than the fair share
// rounded up to a unit.
TEST(ThreadPool, EvenPartsTileTheRangeInWholeUnits) {
  for (dim_t count : {0, 1, 7, 64, 100, 1001})
    for (dim_t unit : {1, 8, 24})
      for (dim_t parts : {1, 2, 3, 7}) {
        dim_t next = 0;
        for (dim_t part = 0; part < parts; ++part) {
          const part_range r = even_part(count, unit, part, parts);
          EXPECT_EQ(r.first, next) << count << " " << unit << " " << parts;
          EXPECT_LE(r.first, r.last);
          if (r.last < count) {
            EXPECT_EQ(r.last % unit, 0);
          }
          EXPECT_LE(r.last - r.first, ((count + unit - 1) / unit + parts - 1) / parts * unit);
          next = r.last;
        }
        EXPECT_EQ(next, count);
      }
}

TEST(ThreadPool, EveryItemRunsOnceAfterTheSectionsBeforeIt) {
  for (int threads : {1, 2, 3, 8})
    for (int round = 0; round < 50; ++round) {
      checked_sections job(1 + round % 13);
      run_team_job(job, job.items(), threads);
      EXPECT_EQ(job.early(), 0) << threads << " threads";
      EXPECT_EQ(job.bad_workers(), 0) << threads << " threads";
      for (dim_t i = 0; i < job.items(); ++i) ASSERT_EQ(job.runs_of(i), 1) << "item " << i;
    }
}

TEST(ThreadPool, IndependentItemsAllRun) {
  std::vector<std::atomic<int>> seen(10000);
  run_items(10000, 2, [&](dim_t i) { seen[static_cast<std::size_t>(i)].fetch_add(1); });
  for (const auto& s : seen) ASSERT_EQ(s.load(), 1);
}

// Items that wait on what earlier items publish (wait_for_count): a chain
// where item i waits for item i - 1 finishes on teams larger than the
// machine and alone, each item seeing exactly its predecessors' count.
TEST(ThreadPool, ItemsWaitingOnEarlierOnesFinishInOrder) {
  for (int threads : {1, 2, 3, 8})
    for (dim_t items : {1, 2, 5, 40}) {
      std::atomic<dim_t> published{0};
      std::atomic<int> out_of_order{0};
      run_items(items, threads, [&](dim_t i) {
        wait_for_count(published, i);
        if (published.load() != i) out_of_order.fetch_add(1);
        for (volatile int spin = 0; spin < 2000; ++spin) {
        }
        published.store(i + 1, std::memory_order_release);
      });
      EXPECT_EQ(published.load(), items) << threads << " threads";
      EXPECT_EQ(out_of_order.load(), 0) << threads << " threads";
    }
}

// Item 0 is the caller's in every call, so that in a loop of calls the
// caller's part stays in its cache (a helper spinning for the next job
// took it now and then before).
TEST(ThreadPool, TheCallerRunsTheFirstItem) {
  const std::thread::id me = std::this_thread::get_id();
  int elsewhere = 0;
  for (int call = 0; call < 2000; ++call)
    run_items(2, 2, [&](dim_t item, int worker) {
      if (item == 0 && (worker != 0 || std::this_thread::get_id() != me)) ++elsewhere;
    });
  EXPECT_EQ(elsewhere, 0);
}

// A call from inside an item finds the pool busy and runs alone, in order.
TEST(ThreadPool, NestedCallsRunAloneOnTheirThread) {
  std::atomic<int> wrong{0};
  run_items(4, 2, [&](dim_t) {
    EXPECT_EQ(available_threads(), 1);
    const std::thread::id me = std::this_thread::get_id();
    run_items(16, 2, [&](dim_t) {
      if (std::this_thread::get_id() != me) wrong.fetch_add(1);
    });
  });
  EXPECT_EQ(wrong.load(), 0);
}

// Another user thread's call while the pool is held runs alone and
// finishes without waiting for the pool.
TEST(ThreadPool, CallsWhileThePoolIsBusyRunAlone) {
  std::atomic<bool> holding{false}, release{false};
  std::thread owner([&] {
    run_items(2, 2, [&](dim_t item) {
      if (item != 0) return;
      holding = true;
      while (!release) std::this_thread::yield();
    });
  });
  while (!holding) std::this_thread::yield();
  EXPECT_EQ(available_threads(), 1);
  const std::thread::id me = std::this_thread::get_id();
  int alone = 0;
  run_items(8, 2, [&](dim_t) { alone += std::this_thread::get_id() == me; });
  EXPECT_EQ(alone, 8);
  release = true;
  owner.join();
}

TEST(ThreadPool, UserParallelRegionsGetOneThread) {
  int inside[2] = {0, 0};
#pragma omp parallel num_threads(2)
  inside[omp_get_thread_num()] = available_threads();
  EXPECT_EQ(inside[0], 1);
  EXPECT_EQ(inside[1], 1);
}

TEST(ThreadPool, ThreadCountSetAtRunTime) {
  const int start_up = swblas_get_num_threads();
  ASSERT_GE(start_up, 1);
  setenv("SWBLAS_OVERSUBSCRIBE", "1", 1);
  swblas_set_num_threads(3);
  EXPECT_EQ(swblas_get_num_threads(), 3);
  EXPECT_EQ(openblas_get_num_threads(), 3);
  swblas_set_num_threads(1 << 30);
  EXPECT_EQ(swblas_get_num_threads(), kMaxThreads);
  unsetenv("SWBLAS_OVERSUBSCRIBE");
  swblas_set_num_threads(1 << 30);  // the hardware threads this process may use
  EXPECT_LE(swblas_get_num_threads(), static_cast<int>(std::thread::hardware_concurrency()));
  openblas_set_num_threads(1);
  EXPECT_EQ(swblas_get_num_threads(), 1);
  EXPECT_EQ(available_threads(), 1);
  swblas_set_num_threads(0);
  EXPECT_EQ(swblas_get_num_threads(), start_up);
}

}  // namespace
}  // namespace swblas
