// The plan of an experiment: its runs in enumeration order, their seeds and caps, one run, and
// the check of recorded rows against the plan (runner_detail.hpp).

#include "runner_detail.hpp"

#include "lilucb_experiments/summaries.hpp"

#include "lilucb/bandit/presets/algorithms.hpp"
#include "lilucb/bandit/arms.hpp"
#include "lilucb/bandit/arms_spec.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/observers.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/resources.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <unordered_set>

namespace lilucb::experiments::detail {

experiment_plan::experiment_plan(const experiment_config& c) : c_(c) {
  const bool modern = c_.kind == experiment_kind::modern;
  na_ = modern ? c_.methods.size() : c_.algorithms.size();
  ns_ = modern ? c_.instances.size() : c_.scenarios.size();
  nz_ = modern ? c_.deltas.size() : c_.sizes.size();
  for (std::size_t s = 0; s < ns_; ++s)
    for (std::size_t z = 0; z < nz_; ++z) {
      instance in;
      if (modern) {
        auto m = lilucb::experiments::instance_of(c_, s);
        in.label = std::move(m.label);
        in.means = std::move(m.means);
        in.sigma = m.sigma;
        in.sigmas = std::move(m.sigmas);
        in.model = m.model;
      } else {
        in.label = c_.scenarios[s].label;
        in.means = scenario_means(c_.scenarios[s], c_.sizes[z], c_.gap);
        in.sigma = c_.sigma;
      }
      in.h1 = modern ? question_h1(in.means, c_.target) : lilucb::hardness_h1(in.means);
      instances_.push_back(std::move(in));
    }
  base_.resize(na_ * ns_ * nz_);
  for (std::size_t a = 0; a < na_; ++a)
    for (std::size_t s = 0; s < ns_; ++s)
      for (std::size_t z = 0; z < nz_; ++z)
        if (modern || c_.runs(c_.algorithms[a], c_.sizes[z])) {
          base_[(a * ns_ + s) * nz_ + z] = total_;
          total_ += c_.repetitions;
        }
}

std::uint64_t experiment_plan::index_of(const run_coords& x) const { return *cell_base(x.a, x.s, x.z) + x.rep; }

std::optional<run_coords> experiment_plan::locate(const run_row& r) const {
  run_coords x;
  if (c_.kind == experiment_kind::modern) {
    const auto a = std::find_if(c_.methods.begin(), c_.methods.end(), [&](const modern_method& m) { return m.label == r.method; });
    const auto s = std::find(c_.instances.begin(), c_.instances.end(), r.scenario);
    const auto z = std::find(c_.deltas.begin(), c_.deltas.end(), r.delta);
    if (a == c_.methods.end() || s == c_.instances.end() || z == c_.deltas.end() || r.repetition >= c_.repetitions)
      return std::nullopt;
    return run_coords{static_cast<std::size_t>(a - c_.methods.begin()), static_cast<std::size_t>(s - c_.instances.begin()),
                      static_cast<std::size_t>(z - c_.deltas.begin()), r.repetition};
  }
  const auto a = std::find(c_.algorithms.begin(), c_.algorithms.end(), r.algorithm);
  const auto s = std::find_if(c_.scenarios.begin(), c_.scenarios.end(), [&](const scenario& q) { return q.label == r.scenario; });
  const auto z = std::find(c_.sizes.begin(), c_.sizes.end(), r.n);
  if (a == c_.algorithms.end() || s == c_.scenarios.end() || z == c_.sizes.end() || r.repetition >= c_.repetitions)
    return std::nullopt;
  x.a = static_cast<std::size_t>(a - c_.algorithms.begin());
  x.s = static_cast<std::size_t>(s - c_.scenarios.begin());
  x.z = static_cast<std::size_t>(z - c_.sizes.begin());
  x.rep = r.repetition;
  if (!cell_base(x.a, x.s, x.z)) return std::nullopt;
  return x;
}

namespace {
const char* tag_of(experiment_kind k) {
  return k == experiment_kind::anytime ? "/anytime" : k == experiment_kind::modern ? "/modern" : "";
}

/// A modern run's seed: run_seed over (method seed key (modern_method::seed_key) + "/modern", instance label + "@delta=" +
/// delta, number of arms, repetition), so a run's seed does not depend on the order of the axes.
std::uint64_t modern_seed(const experiment_config& c, const instance& in, std::size_t a, std::size_t z, std::uint64_t rep) {
  return run_seed(c.seed, c.methods[a].seed_key + "/modern", in.label + "@delta=" + lilucb::detail::format_value(c.deltas[z]),
                  in.means.size(), rep);
}
}  // namespace

std::uint64_t experiment_plan::seed_of(const run_coords& x) const {
  if (c_.kind == experiment_kind::modern) return modern_seed(c_, instance_of(x.s, x.z), x.a, x.z, x.rep);
  return run_seed(c_.seed, std::string(bandit::to_string(c_.algorithms[x.a])) + tag_of(c_.kind), c_.scenarios[x.s].label,
                  c_.sizes[x.z], x.rep);
}

void experiment_plan::set_windows(std::vector<window_row> w) {
  windows_ = std::move(w);
  checkpoints_.clear();
  for (std::size_t s = 0; s < c_.scenarios.size(); ++s)
    for (std::size_t z = 0; z < c_.sizes.size(); ++z) {
      const auto& row = windows_.at(s * c_.sizes.size() + z);
      checkpoints_.push_back(anytime_checkpoints(c_, c_.scenarios[s], c_.sizes[z], row.window));
    }
}

std::uint64_t experiment_plan::cap(std::size_t s, std::size_t z) const {
  return c_.kind == experiment_kind::anytime ? windows_.at(s * c_.sizes.size() + z).window : c_.budget;
}

const std::vector<std::uint64_t>* experiment_plan::checkpoints(std::size_t s, std::size_t z) const {
  return c_.kind == experiment_kind::anytime ? &checkpoints_.at(s * c_.sizes.size() + z) : nullptr;
}

namespace {

// The output of a run at each checkpoint ('1': wrong).  A run that stopped before a checkpoint
// keeps reporting its answer there.
std::string wrong_string(const bandit::empirical_best_recorder& rec, std::size_t chosen, std::size_t truth) {
  std::string s(rec.best().size(), '0');
  for (std::size_t k = 0; k < s.size(); ++k) {
    const std::size_t b = rec.best()[k] == bandit::empirical_best_recorder::kNotReached ? chosen : rec.best()[k];
    s[k] = b == truth ? '0' : '1';
  }
  return s;
}

}  // namespace

run_row one_run(const experiment_plan& p, const run_coords& x, const std::string& tag, std::uint64_t budget,
                const std::vector<std::uint64_t>* checkpoints) {
  const auto& c = p.config();
  run_row r;
  if (c.kind == experiment_kind::modern) {
    // The modern comparison: a method of the table at error probability delta (run_options::nu).
    const auto& in = p.instance_of(x.s, x.z);
    const auto& m = c.methods[x.a];
    r.method = m.label;
    r.scenario = in.label;
    r.delta = c.deltas[x.z];
    r.repetition = x.rep;
    r.seed = p.seed_of(x);
    bandit::run_options o;
    o.nu = r.delta;
    o.sigma = in.sigma;
    o.max_pulls = budget;
    o.seed = r.seed;
    o.run = 0;
    // The config's question: a best arm, an epsilon-good arm (every epsilon-good arm is correct), or
    // a top-m set (judged as a set).
    const auto run_on = [&](const auto& arms) {
      bandit::combination comb = m.combination;
      comb.target = c.target;
      const bandit::run_result res =
          m.preset ? bandit::run_algorithm(*m.preset, arms, o) : bandit::run_combination(comb, arms, o).run;
      r.pulls = res.pulls;
      r.status = res.status;
      r.chosen_arm = res.best_arm;
      r.correct = c.target.best_arm() ? res.best_arm == lilucb::best_arm(arms.means())
                  : c.target.top_m()  ? bandit::is_good_answer_set(c.target, arms.means(), res.answer_set)
                                      : bandit::is_good_answer(c.target, arms.means(), res.best_arm);
    };
    // The instance's arms (bounded ones in [0, 1] at the default concentration), its means shuffled
    // by the run's seed.
    bandit::arms_spec arms;
    arms.model = in.model;
    arms.means = shuffled_means(in.means, r.seed);
    arms.sigma = in.sigma;
    if (in.model == bandit::reward_model::gaussian_unknown_variance) {
      // The same permutation for the means and their sigmas (it depends on the seed and K only);
      // the rules read no sigma (the sampling rules' nominal scale: the largest, as `run --sigma
      // unknown`).
      o.unknown_variance = true;
      o.sigma = 0;
      arms.sigmas = shuffled_means(in.sigmas, r.seed);
    }
    bandit::visit_arms(arms, run_on);
    return r;
  }
  r.algorithm = c.algorithms[x.a];
  r.scenario = c.scenarios[x.s].label;
  r.n = c.sizes[x.z];
  r.repetition = x.rep;
  r.seed = run_seed(c.seed, bandit::to_string(r.algorithm) + tag, r.scenario, r.n, x.rep);
  bandit::run_options o;
  o.nu = c.nu;
  o.sigma = c.sigma;
  o.max_pulls = budget;
  o.seed = r.seed;
  o.run = 0;
  const bandit::gaussian_arms arms(shuffled_means(p.instance_of(x.s, x.z).means, r.seed), c.sigma);
  const std::size_t truth = lilucb::best_arm(arms.means());
  bandit::run_result res;
  if (checkpoints) {
    bandit::empirical_best_recorder rec(*checkpoints);
    res = bandit::run_algorithm(r.algorithm, arms, o, rec);
    r.wrong_at = wrong_string(rec, res.best_arm, truth);
  } else {
    res = bandit::run_algorithm(r.algorithm, arms, o);
  }
  r.pulls = res.pulls;
  r.status = res.status;
  r.chosen_arm = res.best_arm;
  r.correct = res.best_arm == truth;
  return r;
}

run_row planned_run(const experiment_plan& p, const run_coords& x) {
  return one_run(p, x, tag_of(p.config().kind), p.cap(x.s, x.z), p.checkpoints(x.s, x.z));
}

run_row truncated_run(const experiment_plan& p, const run_coords& x, std::uint64_t cap) {
  return one_run(p, x, tag_of(p.config().kind), std::min(cap, p.cap(x.s, x.z)), nullptr);
}

std::vector<std::uint64_t> check_rows(const experiment_plan& p, const std::vector<run_row>& rows, std::uint64_t shard_index,
                                      std::uint64_t shard_count, const std::string& param, const std::string& file) {
  std::vector<std::uint64_t> idx;
  idx.reserve(rows.size());
  std::unordered_set<std::uint64_t> seen;
  seen.reserve(rows.size());
  const auto& kind = p.config().kind;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const auto& r = rows[k];
    auto refuse = [&](const std::string& why) {
      throw lilucb::domain_error("lilucb experiment", param, file,
                                 "rows of this experiment's runs only, each once; row " + std::to_string(k + 1) + " (" +
                                     to_csv(r, kind).substr(0, 120) + ") " + why);
    };
    const auto x = p.locate(r);
    if (!x) refuse("is not a run of the config (algorithm, scenario, n or repetition)");
    const std::uint64_t i = p.index_of(*x);
    if (i % shard_count != shard_index)
      refuse("belongs to shard " + std::to_string(i % shard_count) + "/" + std::to_string(shard_count) + ", not " +
             std::to_string(shard_index) + "/" + std::to_string(shard_count));
    if (r.seed != p.seed_of(*x)) refuse("has seed " + std::to_string(r.seed) + ", the config's is " + std::to_string(p.seed_of(*x)));
    if (!seen.insert(i).second) refuse("is a duplicate");
    if (r.pulls > p.cap(x->s, x->z)) refuse("has more pulls than its cap " + std::to_string(p.cap(x->s, x->z)));
    if (r.chosen_arm >= p.instance_of(x->s, x->z).means.size()) refuse("chose an arm that does not exist");
    if (const auto* cps = p.checkpoints(x->s, x->z); cps && r.wrong_at.size() != cps->size())
      refuse("has " + std::to_string(r.wrong_at.size()) + " checkpoints, the window has " + std::to_string(cps->size()));
    idx.push_back(i);
  }
  return idx;
}

void sort_canonical(const experiment_plan& p, std::vector<run_row>& rows) {
  std::vector<std::pair<std::uint64_t, std::size_t>> order;
  order.reserve(rows.size());
  for (std::size_t k = 0; k < rows.size(); ++k) order.emplace_back(p.index_of(*p.locate(rows[k])), k);
  std::sort(order.begin(), order.end());
  std::vector<run_row> sorted;
  sorted.reserve(rows.size());
  for (const auto& [i, k] : order) sorted.push_back(std::move(rows[k]));
  rows = std::move(sorted);
}

nlohmann::json shard_json(std::uint64_t index, std::uint64_t count) {
  return count > 1 ? nlohmann::json{{"index", index}, {"count", count}} : nlohmann::json(nullptr);
}

}  // namespace lilucb::experiments::detail

namespace lilucb::experiments {

namespace {

// The three parts of a plan's memory (plan_memory_bytes).
struct plan_memory {
  double means = 0, rows = 0, runs = 0;  // bytes: instances' means, recorded rows, parallel runs
  double parallel = 0;                   // runs at once: the threads, at most the shard's runs
  double total() const { return means + rows + runs; }
};

plan_memory plan_memory_parts(const experiment_config& c, const runner_options& opts) {
  const bool modern = c.kind == experiment_kind::modern;
  // Arms per instance, without building the means of the classic scenarios.
  plan_memory m;
  double largest = 0, runs = 0;
  const auto add_instance = [&](double arms, double cells) {
    largest = std::max(largest, arms);
    m.means += 8.0 * arms * cells;
  };
  if (modern) {
    for (std::size_t i = 0; i < c.instances.size(); ++i)
      add_instance(static_cast<double>(instance_of(c, i).means.size()), static_cast<double>(c.deltas.size()));
    runs = static_cast<double>(c.methods.size()) * static_cast<double>(c.instances.size()) *
           static_cast<double>(c.deltas.size()) * static_cast<double>(c.repetitions);
  } else {
    for (const auto& s : c.scenarios)
      for (auto n : c.sizes) add_instance(static_cast<double>(n) + (s.sparse ? 0.0 : 1.0), 1.0);
    for (auto a : c.algorithms)
      for (auto n : c.sizes)
        if (c.runs(a, n)) runs += static_cast<double>(c.scenarios.size()) * static_cast<double>(c.repetitions);
  }
  const double shard_runs = std::ceil(runs / static_cast<double>(std::max<std::uint64_t>(1, opts.shard_count)));
  double per_row = 256;
  // An anytime row holds one character per checkpoint: at most checkpoints_per_decade per decade
  // of a window below 2^64 (20 decades).
  if (c.kind == experiment_kind::anytime) per_row += 20.0 * static_cast<double>(c.checkpoints_per_decade);
  m.rows = shard_runs * per_row;
  const unsigned threads = bandit::thread_count(opts.threads);
  m.parallel = std::max(1.0, std::min(static_cast<double>(threads), shard_runs));
  m.runs = m.parallel * lilucb::run_memory_bytes(largest);
  return m;
}

}  // namespace

double plan_memory_bytes(const experiment_config& c, const runner_options& opts) {
  return plan_memory_parts(c, opts).total();
}

void check_plan_memory(const experiment_config& c, const runner_options& opts, const std::string& function) {
  const plan_memory m = plan_memory_parts(c, opts);
  const std::optional<double> have = lilucb::available_memory_bytes();
  if (!have || m.total() <= *have) return;
  const bool modern = c.kind == experiment_kind::modern;
  // Named: "threads" when one run at a time would fit, else the argument behind the largest part.
  const double one_run = m.runs / m.parallel;
  std::string parameter = modern ? "instances" : "sizes", value;
  if (lilucb::fits_with_one_run(m.parallel, m.means + m.rows, one_run, *have)) {
    parameter = "threads";
    value = lilucb::detail::format_value(m.parallel) + " parallel runs";
  } else if (m.rows > m.means && m.rows > one_run) {
    parameter = "repetitions";
    value = std::to_string(c.repetitions);
  } else if (modern) {
    value = std::to_string(c.instances.size()) + " instance(s)";
  } else {
    for (auto n : c.sizes) {
      if (!value.empty()) value += ',';
      value += std::to_string(n);
    }
  }
  char what[160];
  std::snprintf(what, sizeof what, "the plan's instances (%.3g GB), its rows (%.3g GB) and %.0f parallel run(s) (%.3g GB)",
                m.means / 1e9, m.rows / 1e9, m.parallel, m.runs / 1e9);
  lilucb::check_memory(function, parameter, value, m.total(), what);
}

}  // namespace lilucb::experiments
