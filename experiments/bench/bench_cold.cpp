// Cold single runs against a plain reference loop (Google Benchmark; docs/benchmarks.md, "Cold
// single runs against a reference loop").
//
//   build/bin/lilucb_bench_cold [--benchmark_filter=...] [--benchmark_repetitions=3]
//
// BM_cold_vs_reference/<algorithm>/<scenario>/n:<n>: lil'UCB Heuristic and lil'UCB + LS on
// Section 5's sparse (gap 1/2) and alpha 0.6 scenarios, Gaussian arms, sigma = 1/2, nu = 0.1,
// n = 10^4 and 10^6.  Each iteration makes three runs with the same seed (the iteration number),
// in an order that rotates from one iteration to the next, and times each by the process's CPU
// time:
//
//   reference  a plain lil'UCB loop written here without the library's engine: a binary heap of
//              (index, arm) with one sift-down per pull, std::mt19937_64 with
//              std::normal_distribution, plain double sums, and every width computed by its
//              formula at every use (no tables); for lil'UCB + LS two indexed binary heaps (means,
//              upper bounds) for the LS rule.  Same parameters, indices and stopping rules as the
//              library's run_algorithm (lilucb-heuristic: eps = 0, beta = 1/2, a = 1 + 10/n,
//              delta = nu/5; lilucb-ls: Section 5's lil'UCB at nu/2 with the LS rule at nu/2),
//              other random numbers: its pulls per run (ref_pulls) are comparable to the
//              library's (lib_pulls), not equal.
//   cold       the library's run_algorithm on a new thread, so it starts with empty width tables
//              (thread_count_cache is per thread): what one `lilucb run` pays, process start and
//              argument parsing aside.
//   warm       the same run on the benchmark's thread, whose tables earlier runs filled (one
//              untimed run before the first iteration): what a run costs inside an experiment.
//
// Counters: ns per pull of each (CPU time / pulls, summed over the iterations), cold/ref and
// warm/ref, pulls per run, capped runs per iteration, and largest_count, the most-pulled arm's
// count at the end of a cold run (the extent of the width tables it reads).  Runs are capped at
// 2*10^7 pulls ($LILUCB_BENCH_MAX_PULLS overrides; a capped run still measures the cost per
// pull).  BM_fill: the cost of one width table entry.  At the end the program prints each case's
// figures (medians over the repetitions when there are several) against the target cold/ref <= 0.35.

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/detail/confidence.hpp"
#include "lilucb/bandit/scenarios.hpp"
#include "lilucb/theory/parameters.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using namespace lilucb::bandit;

// ---------------------------------------------------------------------------------------------
// The reference loop.

// A binary max-heap of (key, arm), larger key first, ties to the lower arm; only the root's key
// changes (one sift-down).
class plain_heap {
 public:
  explicit plain_heap(const std::vector<double>& keys) : h_(keys.size()) {
    for (std::size_t i = 0; i < keys.size(); ++i) h_[i] = {keys[i], i};
    for (std::size_t i = h_.size() / 2; i-- > 0;) sift_down(i);
  }
  std::size_t top() const { return h_[0].arm; }
  void replace_top(double key) {
    h_[0].key = key;
    sift_down(0);
  }

 private:
  struct node {
    double key;
    std::size_t arm;
  };
  static bool before(const node& a, const node& b) { return a.key > b.key || (a.key == b.key && a.arm < b.arm); }
  void sift_down(std::size_t i) {
    const std::size_t n = h_.size();
    const node x = h_[i];
    while (true) {
      std::size_t c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && before(h_[c + 1], h_[c])) ++c;
      if (!before(h_[c], x)) break;
      h_[i] = h_[c];
      i = c;
    }
    h_[i] = x;
  }
  std::vector<node> h_;
};

// An indexed binary max-heap: any arm's key can change (sift up or down), ties to the lower arm.
class plain_indexed_heap {
 public:
  plain_indexed_heap(std::size_t n, double key) : key_(n, key), heap_(n), pos_(n) {
    for (std::size_t i = 0; i < n; ++i) heap_[i] = pos_[i] = i;
  }
  std::size_t top() const { return heap_[0]; }
  double key(std::size_t arm) const { return key_[arm]; }
  // The larger key of the root's children (-infinity when there is none).
  double second_key() const {
    double k = -std::numeric_limits<double>::infinity();
    if (heap_.size() > 1) k = key_[heap_[1]];
    if (heap_.size() > 2) k = std::max(k, key_[heap_[2]]);
    return k;
  }
  void update(std::size_t arm, double key) {
    key_[arm] = key;
    std::size_t i = pos_[arm];
    while (i > 0 && before(arm, heap_[(i - 1) / 2])) {
      place(i, heap_[(i - 1) / 2]);
      i = (i - 1) / 2;
    }
    const std::size_t n = heap_.size();
    while (true) {
      std::size_t c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && before(heap_[c + 1], heap_[c])) ++c;
      if (!before(heap_[c], arm)) break;
      place(i, heap_[c]);
      i = c;
    }
    place(i, arm);
  }

 private:
  bool before(std::size_t a, std::size_t b) const { return key_[a] > key_[b] || (key_[a] == key_[b] && a < b); }
  void place(std::size_t i, std::size_t arm) {
    heap_[i] = arm;
    pos_[arm] = i;
  }
  std::vector<double> key_;
  std::vector<std::size_t> heap_, pos_;
};

// factor * (1+sqrt(eps)) sigma sqrt(2 (1+eps) log(k log((1+eps) T + 2)/delta) / T), +infinity
// where the outer logarithm is not positive: Lemma lem:lil's width with footnote fnt:delta_foot's
// inner log (the library's default, run_options::inner = plus2), k = 1 for lil'UCB's index and
// 2n for the LS rule.
struct plain_width {
  double factor, eps, delta, sigma, k;
  double operator()(std::uint64_t T) const {
    const double t = static_cast<double>(T);
    const double l = std::log(k * std::log((1 + eps) * t + 2) / delta);
    if (!(l > 0)) return std::numeric_limits<double>::infinity();
    return factor * (1 + std::sqrt(eps)) * sigma * std::sqrt(2 * (1 + eps) * l / t);
  }
};

struct reference_result {
  std::uint64_t pulls = 0;
  std::size_t best = 0;
  bool capped = false;
};

// lil'UCB (Figure 1) with the stopping rule T_max >= 1 + a (t - T_max) and, when ls_delta > 0,
// Section 5's LS rule (eps 0.01) with width B(T) at ls_delta.
reference_result reference_run(const std::vector<double>& means, double sigma, double eps, double beta, double a,
                               double delta, double ls_delta, std::uint64_t seed, std::uint64_t max_pulls) {
  const std::size_t n = means.size();
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<double> sum(n, 0.0);
  std::vector<std::uint64_t> count(n, 0);
  const plain_width bonus{1 + beta, eps, delta, sigma, 1.0};
  const bool ls = ls_delta > 0;
  const plain_width B{1.0, ls_eps, ls_delta, sigma, 2.0 * static_cast<double>(n)};
  plain_indexed_heap mean_heap(ls ? n : 0, -std::numeric_limits<double>::infinity());
  plain_indexed_heap upper_heap(ls ? n : 0, std::numeric_limits<double>::infinity());
  std::vector<double> lower(ls ? n : 0);
  std::uint64_t t = 0;
  auto pull = [&](std::size_t i) {
    sum[i] += means[i] + sigma * normal(rng);
    ++count[i];
    ++t;
    const double m = sum[i] / static_cast<double>(count[i]);
    if (ls) {
      const double b = B(count[i]);
      mean_heap.update(i, m);
      upper_heap.update(i, m + b);
      lower[i] = m - b;
    }
    return m;
  };
  auto ls_stops = [&] {
    const std::size_t best = mean_heap.top();
    const double other = upper_heap.top() == best ? upper_heap.second_key() : upper_heap.key(upper_heap.top());
    return lower[best] >= other;
  };
  std::vector<double> index(n);
  for (std::size_t i = 0; i < n; ++i) index[i] = pull(i) + bonus(1);
  plain_heap heap(index);
  std::uint64_t t_max = 1;
  std::size_t most_pulled = 0;
  while (true) {
    if (!(static_cast<double>(t_max) < 1 + a * static_cast<double>(t - t_max))) return {t, most_pulled, false};
    if (ls && ls_stops()) return {t, mean_heap.top(), false};
    if (t >= max_pulls) return {t, most_pulled, true};
    const std::size_t i = heap.top();
    const double m = pull(i);
    heap.replace_top(m + bonus(count[i]));
    if (count[i] > t_max || (count[i] == t_max && i < most_pulled)) {
      t_max = count[i];
      most_pulled = i;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The benchmarks.

std::uint64_t max_pulls() {
  const char* cap = std::getenv("LILUCB_BENCH_MAX_PULLS");
  return cap ? std::strtoull(cap, nullptr, 10) : 20000000ULL;
}

std::vector<double> scenario_means(bool sparse, std::uint64_t n) {
  return sparse ? sparse_means(n, 0.5) : alpha_means(n, 0.6);
}

constexpr double nu = 0.1, sigma = 0.5;

// Process CPU time in seconds (the cold runs' work is on their own threads).
double process_cpu() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// One case: each iteration makes a reference run, a cold library run and a warm library run with
// the same seed (the iteration number), in an order that rotates with the seed, so the three see
// the same load on a shared machine; their CPU times are summed separately.
void bm_case(benchmark::State& state, algorithm alg, bool sparse, std::uint64_t n) {
  const auto means = scenario_means(sparse, n);
  const std::uint64_t cap = max_pulls();
  double eps, beta, a, delta, ls_delta = 0;
  if (alg == algorithm::lilucb_heuristic) {
    const auto s = lilucb::heuristic_setting(nu, means.size());
    eps = s.eps, beta = s.beta, a = s.a, delta = s.delta;
  } else {
    const auto s = lilucb::paper_theory_setting(nu / 2);
    eps = s.eps, beta = s.beta, a = s.a, delta = s.delta;
    ls_delta = ls_delta_for_share(nu / 2);
  }
  const gaussian_arms arms(means, sigma);
  run_options opts;
  opts.nu = nu;
  opts.sigma = sigma;
  opts.max_pulls = cap;
  benchmark::DoNotOptimize(run_algorithm(alg, arms, opts).best_arm);  // fills this thread's tables

  double time[3] = {0, 0, 0};  // reference, cold, warm
  std::uint64_t pulls[3] = {0, 0, 0}, capped[3] = {0, 0, 0}, runs = 0;
  double largest = 0;
  for (auto _ : state) {
    opts.seed = ++runs;
    for (int k = 0; k < 3; ++k) {
      const int which = static_cast<int>((runs + static_cast<std::uint64_t>(k)) % 3);
      const double t0 = process_cpu();
      if (which == 0) {
        const auto r = reference_run(means, sigma, eps, beta, a, delta, ls_delta, runs, cap);
        time[0] += process_cpu() - t0;
        pulls[0] += r.pulls;
        capped[0] += r.capped;
        benchmark::DoNotOptimize(r.best);
        continue;
      }
      run_result r;
      if (which == 1) {
        std::thread t([&] { r = run_algorithm(alg, arms, opts); });
        t.join();
      } else {
        r = run_algorithm(alg, arms, opts);
      }
      time[which] += process_cpu() - t0;
      pulls[which] += r.pulls;
      capped[which] += r.status == run_status::budget_exhausted;
      if (which == 1) largest += static_cast<double>(*std::max_element(r.counts.begin(), r.counts.end()));
      benchmark::DoNotOptimize(r.best_arm);
    }
  }
  const double runs_d = static_cast<double>(runs);
  auto ns = [&](int k) { return 1e9 * time[k] / static_cast<double>(pulls[k]); };
  state.counters["ref_ns"] = ns(0);
  state.counters["cold_ns"] = ns(1);
  state.counters["warm_ns"] = ns(2);
  state.counters["cold/ref"] = ns(1) / ns(0);
  state.counters["warm/ref"] = ns(2) / ns(0);
  state.counters["ref_pulls"] = static_cast<double>(pulls[0]) / runs_d;
  state.counters["lib_pulls"] = static_cast<double>(pulls[1]) / runs_d;
  state.counters["capped"] = static_cast<double>(capped[0] + capped[1] + capped[2]) / runs_d;
  // The most-pulled arm's count at the end: the extent of the width tables a run reads.
  state.counters["largest_count"] = largest / runs_d;
}

// The cost of one table entry: a fresh table filled to 2^20 counts (lil'UCB Heuristic's bonus).
void bm_fill(benchmark::State& state) {
  const auto s = lilucb::heuristic_setting(nu, 10001);
  const detail::lilucb_bonus f{1 + s.beta, s.eps, s.delta, sigma, lilucb::inner_log::plus2};
  constexpr std::uint64_t count = std::uint64_t(1) << 20;
  for (auto _ : state) {
    detail::count_cache<detail::lilucb_bonus> table(f);
    double sum = 0;
    for (std::uint64_t T = 1; T < count; ++T) sum += table(T);
    benchmark::DoNotOptimize(sum);
  }
  state.counters["ns_per_entry"] = benchmark::Counter(static_cast<double>(count) * 1e-9,
                                                      benchmark::Counter::kIsRate | benchmark::Counter::kIsIterationInvariant |
                                                          benchmark::Counter::kInvert);
}

// Collects each case's counters: the median over repetitions when there are several
// (--benchmark_repetitions), else the one measurement.
class collecting_reporter : public benchmark::ConsoleReporter {
 public:
  collecting_reporter() : ConsoleReporter(OO_Tabular) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& r : runs) {
      if (!r.counters.count("cold/ref")) continue;
      const std::string& name = r.run_name.function_name;
      if (r.run_type == Run::RT_Iteration && !medians.count(name)) values[name] = r.counters;
      if (r.run_type == Run::RT_Aggregate && r.aggregate_name == "median") {
        medians.insert(name);
        values[name] = r.counters;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  std::map<std::string, benchmark::UserCounters> values;
  std::set<std::string> medians;
};

std::string case_name(algorithm alg, bool sparse, std::uint64_t n) {
  return std::string(to_string(alg)) + "/" + (sparse ? "sparse" : "alpha0.6") + "/n:" + std::to_string(n);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> cases;
  for (std::uint64_t n : {10000ULL, 1000000ULL})
    for (algorithm alg : {algorithm::lilucb_heuristic, algorithm::lilucb_ls})
      for (bool sparse : {true, false}) {
        const std::string c = "BM_cold_vs_reference/" + case_name(alg, sparse, n);
        cases.push_back(c);
        benchmark::RegisterBenchmark(c.c_str(), [=](benchmark::State& s) { bm_case(s, alg, sparse, n); })
            ->MeasureProcessCPUTime()
            ->Unit(benchmark::kMillisecond)
            ->MinTime(1.0);
      }
  benchmark::RegisterBenchmark("BM_fill/lilucb-heuristic/2^20", bm_fill)->Unit(benchmark::kMillisecond)->MinTime(1.0);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  collecting_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::printf("\n%-58s %9s %8s %8s %9s %9s  %s\n", "case (ns per pull, CPU time)", "reference", "cold", "warm",
              "cold/ref", "warm/ref", "cold target 0.35");
  for (const auto& c : cases) {
    const auto v = reporter.values.find(c);
    if (v == reporter.values.end()) continue;
    auto get = [&](const char* k) { return static_cast<double>(v->second.at(k).value); };
    std::printf("%-58s %9.1f %8.1f %8.1f %9.3f %9.3f  %s\n", c.c_str(), get("ref_ns"), get("cold_ns"), get("warm_ns"),
                get("cold/ref"), get("warm/ref"), get("cold/ref") <= 0.35 ? "met" : "MISSED");
  }
  benchmark::Shutdown();
  return 0;
}
