// A small fixed pool for parallelFor: workers spin briefly on a generation counter, then sleep. One
// caller at a time owns the pool (the addon may be loaded in several worker threads of one process);
// another caller meanwhile runs its tasks itself — results are the same either way. A job ends only when
// every worker has left it: a worker still reading the last job's task or count while the next caller sets
// up its own would run a dead task or count a task twice (seen as crashes with two JS threads).
#include <algorithm>
#include <atomic>
#include <memory>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "compute.h"

namespace genenv {
namespace {

struct Pool {
  std::vector<std::thread> workers;
  // done[i]: the last generation worker i has finished with (it is out of drain() for it).
  std::unique_ptr<std::atomic<uint64_t>[]> done;
  std::mutex owner;  // held by the caller whose job is running
  std::mutex sleep;
  std::condition_variable wake;
  std::atomic<uint64_t> generation{0};
  std::atomic<int> next{0};
  std::atomic<int> finished{0};
  std::atomic<bool> stopping{false};
  const std::function<void(int)>* task = nullptr;
  int count = 0;

  void drain() {
    for (int index; (index = next.fetch_add(1)) < count;) {
      (*task)(index);
      finished.fetch_add(1, std::memory_order_release);
    }
  }

  // `seen` starts at the generation current when the pool was sized: a worker thread that starts late must
  // still take part in every job begun since, or its caller would wait for it forever.
  void work(int worker, uint64_t seen) {
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
      drain();
      done[worker].store(current, std::memory_order_release);
    }
  }

  void resize(int threads) {
    stop();
    stopping = false;
    const uint64_t start = generation.load();
    done.reset(new std::atomic<uint64_t>[std::max(1, threads)]);
    for (int index = 0; index < threads; index++) done[index].store(start);
    for (int index = 1; index < threads; index++) workers.emplace_back([this, index, start] { work(index - 1, start); });
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

void setPoolThreads(int threads) {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.owner);
  p.resize(std::max(1, threads));
}

void parallelFor(int count, const std::function<void(int)>& task) {
  Pool& p = pool();
  if (count <= 1 || p.workers.empty() || !p.owner.try_lock()) {
    for (int index = 0; index < count; index++) task(index);
    return;
  }
  p.task = &task;
  p.count = count;
  p.finished.store(0);
  p.next.store(0);
  uint64_t current;
  {
    std::lock_guard<std::mutex> lock(p.sleep);
    current = p.generation.fetch_add(1, std::memory_order_release) + 1;
  }
  p.wake.notify_all();
  p.drain();
  // Every worker must have left this job before the task and its buffers go away.
  for (size_t worker = 0; worker < p.workers.size(); worker++) {
    while (p.done[worker].load(std::memory_order_acquire) < current) {
#if defined(__x86_64__)
      __builtin_ia32_pause();
#endif
    }
  }
  p.owner.unlock();
}

}  // namespace genenv
