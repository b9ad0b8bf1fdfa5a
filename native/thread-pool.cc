// A small fixed pool for parallelFor: workers spin briefly on a generation counter, then sleep. One
// caller at a time owns the pool (the addon may be loaded in several worker threads of one process);
// another caller meanwhile runs its tasks itself — results are the same either way. Guests (helpUntil) are
// threads of the process waiting for another: while they wait they join the open job as workers do, so that a
// training thread done with its half of a batch takes tasks of the other half's products instead of sleeping.
// A job is open for joining from its setup until the caller has drained it; a worker enters (counted in
// `inside`) and works only while the job it saw is still the open one, and the caller waits only for the
// workers inside. So a worker still asleep when a job starts never delays it (the caller runs the tasks
// itself), and no worker reads a job's task or count while the next caller sets up its own (that race
// once crashed resumed runs with two JS threads).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "compute.h"

namespace genenv {
namespace {

struct Pool {
  std::vector<std::thread> workers;
  std::mutex owner;  // held by the caller whose job is running
  std::mutex sleep;
  std::condition_variable wake;
  std::atomic<uint64_t> generation{0};
  std::atomic<int> next{0};
  std::atomic<int> finished{0};
  std::atomic<bool> stopping{false};
  // The generation whose job may be joined now (0: none), and the workers inside a job.
  std::atomic<uint64_t> open{0};
  std::atomic<int> inside{0};
  // Threads in helpUntil: a caller publishes its job for them even where the pool has no workers.
  std::atomic<int> guests{0};
  const std::function<void(int)>* task = nullptr;
  int count = 0;

  void drain() {
    for (int index; (index = next.fetch_add(1)) < count;) {
      (*task)(index);
      finished.fetch_add(1, std::memory_order_release);
    }
  }

  // Joins job `current` if it is still the open one (the caller waits for every thread inside before it closes).
  void join(uint64_t current) {
    inside.fetch_add(1);
    if (open.load() == current) drain();
    inside.fetch_sub(1);
  }

  void work(uint64_t seen) {
    while (true) {
      uint64_t current;
      int spins = 0;
      while ((current = generation.load(std::memory_order_acquire)) == seen && !stopping) {
        if (++spins < 2000) {
#if defined(__x86_64__)
          __builtin_ia32_pause();
#endif
          continue;
        }
        std::unique_lock<std::mutex> lock(sleep);
        wake.wait(lock, [&] { return generation.load() != seen || stopping; });
      }
      if (stopping) return;
      seen = current;
      join(current);
    }
  }

  void resize(int threads) {
    stop();
    stopping = false;
    const uint64_t start = generation.load();
    for (int index = 1; index < threads; index++) workers.emplace_back([this, start] { work(start); });
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(sleep);
      stopping = true;
    }
    wake.notify_all();
    for (auto& worker : workers) worker.join();
    workers.clear();
  }

  ~Pool() { stop(); }
};

Pool& pool() {
  static Pool instance;
  return instance;
}

}  // namespace

int poolThreads() { return (int)pool().workers.size() + 1; }

bool poolCanShare() {
  Pool& p = pool();
  return !p.workers.empty() || p.guests.load(std::memory_order_relaxed) > 0;
}

bool helpUntil(const int32_t* flag, int32_t value, double idleSeconds) {
  Pool& p = pool();
  p.guests.fetch_add(1);
  const auto idle = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(idleSeconds));
  auto deadline = std::chrono::steady_clock::now() + idle;
  uint64_t joined = 0;
  bool raised = false;
  for (int spins = 0;; spins++) {
    if (__atomic_load_n(flag, __ATOMIC_ACQUIRE) != value) {
      raised = true;
      break;
    }
    const uint64_t current = p.open.load(std::memory_order_acquire);
    if (current != 0 && current != joined) {
      joined = current;
      p.join(current);
      deadline = std::chrono::steady_clock::now() + idle;
      continue;
    }
#if defined(__x86_64__)
    __builtin_ia32_pause();
#endif
    if (spins % 256 == 0 && std::chrono::steady_clock::now() > deadline) break;
  }
  p.guests.fetch_sub(1);
  return raised;
}

void setPoolThreads(int threads) {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.owner);
  p.resize(std::max(1, threads));
}

void parallelFor(int count, const std::function<void(int)>& task) {
  Pool& p = pool();
  if (count <= 1 || !poolCanShare() || !p.owner.try_lock()) {
    for (int index = 0; index < count; index++) task(index);
    return;
  }
  p.task = &task;
  p.count = count;
  p.finished.store(0);
  p.next.store(0);
  {
    std::lock_guard<std::mutex> lock(p.sleep);
    const uint64_t current = p.generation.load() + 1;
    p.open.store(current);
    p.generation.store(current, std::memory_order_release);
  }
  p.wake.notify_all();
  p.drain();
  // Close the job, then wait for every worker that entered it to leave before the task and its buffers go
  // away (a worker entering after the close sees it closed and leaves without touching them).
  p.open.store(0);
  while (p.inside.load() > 0) {
#if defined(__x86_64__)
    __builtin_ia32_pause();
#endif
  }
  p.owner.unlock();
}

}  // namespace genenv
