// The methods and instances of `lilucb experiment modern` (modern.hpp).

#include "lilucb_experiments/modern.hpp"

#include "lilucb_experiments/config.hpp"

#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/bandit/stopping/kk21_threshold.hpp"
#include "lilucb/characteristic_time.hpp"
#include "lilucb/errors.hpp"

#include <charconv>
#include <cmath>

namespace lilucb::experiments {

namespace {
constexpr const char* kModernFn = "lilucb experiment";

[[noreturn]] void bad_method(const std::string& name, const std::string& value, const std::string& admissible) {
  throw lilucb::domain_error(kModernFn, name, value, admissible);
}
}  // namespace

bool modern_method::certified() const {
  // The only preset method_of admits is the uncertified lil'UCB Heuristic.
  return !preset && bandit::is_certified(combination);
}

modern_method method_of(const method_row& row, const std::string& parameter) {
  modern_method m;
  if (row.not_in_presets) m.not_in_presets = row.not_in_presets;
  if (row.not_in_full) m.not_in_full = row.not_in_full;
  if (row.preset) {
    m.preset = bandit::parse_algorithm(row.preset);
    if (*m.preset != bandit::algorithm::lilucb_heuristic)
      bad_method(parameter, row.preset, "the preset lilucb-heuristic (the uncertified reference) or a combination");
    m.label = row.preset;
    return m;
  }
  m.combination.sampling = bandit::parse_sampling_rule(row.sampling);
  m.combination.stopping = bandit::parse_stopping_rule(row.stopping);
  if (m.combination.sampling == bandit::sampling_rule::kl_lucb)
    bad_method(parameter, "kl-lucb", "a sampling rule for Gaussian arms (kl-lucb needs Bernoulli arms)");
  if (m.combination.stopping == bandit::stopping_rule::lilucb && m.combination.sampling != bandit::sampling_rule::lilucb)
    bad_method(parameter, std::string(row.sampling) + "+lilucb", "lil'UCB's stopping rule only with lil'UCB's sampling rule");
  if (m.combination.stopping == bandit::stopping_rule::glr)
    m.combination.threshold = bandit::parse_glr_threshold(row.threshold);
  if (m.combination.stopping == bandit::stopping_rule::ls) m.combination.boundary = row.boundary;
  m.label = bandit::to_string(m.combination);
  if (m.combination.stopping == bandit::stopping_rule::ls && m.combination.boundary != "lil")
    m.label += ":" + m.combination.boundary;
  return m;
}

std::vector<modern_method> all_modern_methods() {
  std::vector<modern_method> out;
  for (const auto& row : method_table) out.push_back(method_of(row));
  return out;
}

std::string preset_omission(const modern_method& m, const std::string& preset) {
  if (!m.not_in_presets.empty()) return m.not_in_presets;
  return preset == "full" ? m.not_in_full : std::string();
}

std::vector<modern_method> preset_methods(const std::string& preset) {
  std::vector<modern_method> out;
  for (auto& m : all_modern_methods())
    if (preset_omission(m, preset).empty()) out.push_back(std::move(m));
  return out;
}

std::string method_labels() {
  std::string s;
  for (const auto& m : all_modern_methods()) s += (s.empty() ? "" : ", ") + m.label;
  return s;
}

modern_method parse_method(const std::string& parameter, const std::string& label) {
  for (auto& m : all_modern_methods())
    if (m.label == label) return m;
  bad_method(parameter, "'" + label + "'", "a method of the table: " + method_labels());
}

modern_instance parse_instance(const std::string& parameter, const std::string& label, double sigma, double gap) {
  modern_instance in;
  in.label = label;
  if (label == "linear5") {  // issue 14, instance (a)
    in.means = {1.0, 0.8, 0.6, 0.4, 0.2};
    in.sigma = 1.0;
    return in;
  }
  if (label == "onegap4") {  // issue 14, instance (b)
    in.means = {0.5, 0.0, 0.0, 0.0};
    in.sigma = 0.5;
    return in;
  }
  const auto dash = label.rfind("-n");
  if (dash != std::string::npos && dash > 0) {
    const std::string num = label.substr(dash + 2);
    std::uint64_t n = 0;
    const auto r = std::from_chars(num.data(), num.data() + num.size(), n);
    if (!num.empty() && num[0] != '0' && r.ec == std::errc() && r.ptr == num.data() + num.size() && n >= 2 &&
        n < (std::uint64_t(1) << 32)) {
      scenario sc;
      try {
        sc = parse_scenario(parameter, label.substr(0, dash));
      } catch (const lilucb::domain_error&) {
        bad_method(parameter, "'" + label + "'", "SCENARIO-nN with SCENARIO sparse or alphaA in canonical form (e.g. alpha0.3-n100)");
      }
      in.means = scenario_means(sc, n, gap);
      in.sigma = sigma;
      return in;
    }
  }
  bad_method(parameter, "'" + label + "'",
      "linear5, onegap4 or SCENARIO-nN (SCENARIO sparse or alphaA, N in [2, 2^32), e.g. sparse-n10)");
}

std::optional<double> predicted_stopping_time(const modern_method& m, double t_star, double delta, std::size_t arms) {
  if (m.preset || m.combination.stopping != bandit::stopping_rule::glr) return std::nullopt;
  switch (m.combination.threshold) {
    case bandit::glr_threshold::heuristic: {
      // The threshold the GLR rule runs with (stopping/glr.hpp), at the next integer t.
      const auto beta = bandit::stopping::make_heuristic_threshold(delta);
      return lilucb::fixed_point_stopping_time<double>(
          t_star, [&](double t) { return beta(static_cast<std::uint64_t>(std::ceil(t))); });
    }
    case bandit::glr_threshold::kk21: {
      if (arms < 2) return std::nullopt;
      const auto beta = bandit::stopping::make_kk21_threshold(delta, arms);
      return lilucb::fixed_point_stopping_time<double>(
          t_star, [&](double t) { return beta(static_cast<std::uint64_t>(std::ceil(t))); });
    }
    // The mixture statistics of Propositions M, M1, P and P2 depend on the counts, not on t alone: no
    // fixed point.
    case bandit::glr_threshold::mixture:
    case bandit::glr_threshold::one_sided:
    case bandit::glr_threshold::pooled:
    case bandit::glr_threshold::pooled_per_arm: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace lilucb::experiments
