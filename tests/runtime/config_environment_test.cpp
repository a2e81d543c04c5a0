// config_from_environment reads this process's CPU affinity mask: a thread
// count above its hardware threads is lowered to them unless
// SWBLAS_OVERSUBSCRIBE=1. The test narrows its own thread's mask to one CPU
// and sets the variables, restoring both afterwards.
#include <gtest/gtest.h>
#include <sched.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "config.h"

namespace swblas {
namespace {

// Sets (or, with nullptr, unsets) a variable for the scope.
class scoped_env {
 public:
  scoped_env(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    set(value);
  }
  ~scoped_env() { set(old_ ? old_->c_str() : nullptr); }
  scoped_env(const scoped_env&) = delete;
  scoped_env& operator=(const scoped_env&) = delete;

 private:
  void set(const char* value) {
    if (value)
      setenv(name_, value, 1);
    else
      unsetenv(name_);
  }

  const char* name_;
  std::optional<std::string> old_;
};

// Binds the calling thread to the first CPU of its mask for the scope.
class one_cpu {
 public:
  one_cpu() {
    ok_ = sched_getaffinity(0, sizeof saved_, &saved_) == 0;
    if (!ok_) return;
    int first = 0;
    while (first < CPU_SETSIZE - 1 && !CPU_ISSET(first, &saved_)) ++first;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    ok_ = sched_setaffinity(0, sizeof one, &one) == 0;
  }
  ~one_cpu() {
    if (ok_) sched_setaffinity(0, sizeof saved_, &saved_);
  }
  one_cpu(const one_cpu&) = delete;
  one_cpu& operator=(const one_cpu&) = delete;
  bool ok() const { return ok_; }

 private:
  cpu_set_t saved_;
  bool ok_ = false;
};

TEST(ConfigFromEnvironment, ThreadsBeyondTheAffinityMaskNeedOversubscribe) {
  const one_cpu bound;
  if (!bound.ok()) GTEST_SKIP() << "cannot change this thread's CPU affinity";
  const scoped_env threads("SWBLAS_NUM_THREADS", "100000");
  {
    const scoped_env unset("SWBLAS_OVERSUBSCRIBE", nullptr);
    const runtime_config c = config_from_environment(1);
    EXPECT_EQ(c.threads, 1);
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_NE(c.warnings[0].find("exceeds the 1 hardware threads"), std::string::npos)
        << c.warnings[0];
  }
  const scoped_env allowed("SWBLAS_OVERSUBSCRIBE", "1");
  EXPECT_EQ(config_from_environment(1).threads, kMaxThreads);
}

TEST(ConfigFromEnvironment, DefaultIsTheCores) {
  const scoped_env swblas("SWBLAS_NUM_THREADS", nullptr);
  const scoped_env omp("OMP_NUM_THREADS", nullptr);
  const runtime_config c = config_from_environment(3);
  EXPECT_EQ(c.threads, 3);
  EXPECT_EQ(c.threads_source, "cores");
}

}  // namespace
}  // namespace swblas
