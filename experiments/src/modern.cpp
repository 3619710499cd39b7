// The methods and instances of `lilucb experiment modern` (modern.hpp).

#include "lilucb_experiments/modern.hpp"

#include "lilucb_experiments/config.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/errors.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
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
  const bandit::method what = bandit::parse_method(row.name);
  if (const auto* preset = std::get_if<bandit::algorithm>(&what)) {
    if (*preset != bandit::algorithm::lilucb_heuristic)
      bad_method(parameter, row.name, "the preset lilucb-heuristic (the uncertified reference) or a combination");
    m.preset = *preset;
    m.label = m.seed_key = row.name;
    return m;
  }
  m.combination = std::get<bandit::combination>(what);
  // A combination must run on some reward model; the config checks it against its instances'.
  bool runs_somewhere = false;
  for (const auto& model : bandit::reward_models) runs_somewhere = runs_somewhere || bandit::admits(m.combination, model.id);
  if (!runs_somewhere) bandit::check_combination(kModernFn, m.combination, bandit::reward_model::gaussian);
  m.label = m.seed_key = bandit::to_string(m.combination);
  if (m.combination.stopping == bandit::stopping_rule::ls && m.combination.boundary != bandit::stopping::ls_boundary::lil)
    m.seed_key += std::string(":") + bandit::stopping::to_string(m.combination.boundary);
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
  // Committed configs and results may carry a combination's older spelling.
  const std::string name = bandit::canonical_combination_name(label);
  for (auto& m : all_modern_methods())
    if (m.label == name) return m;
  bad_method(parameter, "'" + label + "'", "a method of the table: " + method_labels());
}

modern_instance parse_instance(const std::string& parameter, const std::string& label, double sigma, double gap) {
  modern_instance in;
  in.label = label;
  if (label == "linear5") {  // five equally spaced means
    in.means = {1.0, 0.8, 0.6, 0.4, 0.2};
    in.sigma = 1.0;
    return in;
  }
  if (label == "onegap4") {  // one gap, three tied arms
    in.means = {0.5, 0.0, 0.0, 0.0};
    in.sigma = 0.5;
    return in;
  }
  // Rewards in [0, 1] (scale 1/2): Bernoulli arms, or bounded ones (Beta laws of concentration 9).
  const auto unit_range = [&](bandit::reward_model model, std::vector<double> means) {
    in.means = std::move(means);
    in.sigma = 0.5;
    in.model = model;
    return in;
  };
  using bandit::reward_model;
  // Ties for the epsilon-good question (docs/certified-glr/epsilon-topm.md): a best arm tied with
  // others, exactly or nearly; the near tie is Bernoulli(0.5, 0.49, 0.49, 0.49), on which best-arm
  // identification at nu = 1/2 left 15 of 300 runs unstopped at 4e5 pulls.
  if (label == "tie4") {  // four exactly tied Gaussian arms
    in.means = {0.5, 0.5, 0.5, 0.5};
    in.sigma = 0.5;
    return in;
  }
  if (label == "tie2-gap") {  // two tied best arms, two below
    in.means = {0.5, 0.5, 0.4, 0.2};
    in.sigma = 0.5;
    return in;
  }
  // Top-m questions (docs/certified-glr/epsilon-topm.md, sections 2 and 8): the prototype's
  // regular and near instances, the m-th and (m+1)-th arms tied (for an epsilon), and Bernoulli.
  if (label == "t-reg5") {
    in.means = {0.5, 0.4, 0.3, 0.2, 0.1};
    in.sigma = 0.5;
    return in;
  }
  if (label == "t-near5") {  // the top two apart from three arms near 0.3
    in.means = {0.5, 0.4, 0.3, 0.3, 0.0};
    in.sigma = 0.5;
    return in;
  }
  if (label == "t-tie5") {  // the 2nd and 3rd arms tied
    in.means = {0.5, 0.35, 0.35, 0.2, 0.1};
    in.sigma = 0.5;
    return in;
  }
  if (label == "bern-top6") return unit_range(reward_model::bernoulli, {0.6, 0.5, 0.45, 0.4, 0.3, 0.2});
  // Low rates (variances 0.02 to 0.09), where sigma = 1/2 overstates every arm's variance.
  if (label == "bern-low-top5") return unit_range(reward_model::bernoulli, {0.1, 0.08, 0.05, 0.04, 0.02});
  if (label == "bern-tie4") return unit_range(reward_model::bernoulli, {0.5, 0.5, 0.5, 0.5});
  if (label == "bern-near4") return unit_range(reward_model::bernoulli, {0.5, 0.49, 0.49, 0.49});
  // Rates near 0.2 tied for the best (variances 0.05 to 0.16, where sigma = 1/2 says 0.25).
  if (label == "bern-low-tie4") return unit_range(reward_model::bernoulli, {0.2, 0.2, 0.12, 0.05});
  if (label == "gk-mu1") return unit_range(reward_model::bernoulli, {0.5, 0.45, 0.43, 0.4});
  if (label == "gk-mu2") return unit_range(reward_model::bernoulli, {0.3, 0.21, 0.2, 0.19, 0.18});
  if (label == "lowrate5") return unit_range(reward_model::bernoulli, {0.05, 0.04, 0.03, 0.02, 0.01});
  // Gaussian arms of unknown, different standard deviations (Propositions PT and GU against heuristic-ev).
  const auto unknown_variance = [&](std::vector<double> means, std::vector<double> sigmas) {
    in.means = std::move(means);
    in.sigmas = std::move(sigmas);
    in.sigma = *std::max_element(in.sigmas.begin(), in.sigmas.end());
    in.model = reward_model::gaussian_unknown_variance;
    return in;
  };
  if (label == "uv-linear5") return unknown_variance({1.0, 0.8, 0.6, 0.4, 0.2}, {0.5, 2.0, 1.0, 0.5, 1.0});
  if (label == "uv-spread4") return unknown_variance({0.5, 0.3, 0.25, 0.0}, {0.25, 1.0, 0.5, 2.0});
  if (label == "beta-mu1") return unit_range(reward_model::bounded, {0.5, 0.45, 0.43, 0.4});  // gk-mu1's means
  if (label == "beta-low4")  // low means: variances 0.005 to 0.009
    return unit_range(reward_model::bounded, {0.1, 0.08, 0.07, 0.05});
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
      "linear5, onegap4, SCENARIO-nN (SCENARIO sparse or alphaA, N in [2, 2^32), e.g. sparse-n10), the Bernoulli "
      "instances gk-mu1, gk-mu2, lowrate5, the bounded instances beta-mu1, beta-low4, the instances of unknown "
      "variances uv-linear5, uv-spread4, or the tied instances (an "
      "epsilon-good question) tie4, tie2-gap, bern-tie4, bern-near4, bern-low-tie4, or the top-m instances t-reg5, t-near5, t-tie5, "
      "bern-top6, bern-low-top5");
}

double question_h1(const std::vector<double>& means, const bandit::answer_target& target) {
  if (target.top_m()) {
    // Kalyanakrishnan et al. 2012: H = sum_i 1/max(Delta_i, eps/2)^2, Delta_i = mu_i - mu_(m+1) for
    // the top m arms and mu_(m) - mu_i for the others (additive epsilon; relative: eps mu_(m)).
    std::vector<double> sorted = means;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    const std::size_t m = target.top;
    const double slack = target.relative ? target.epsilon * sorted[m - 1] : target.epsilon;
    if (!(sorted[m - 1] > sorted[m]) && !(slack > 0))
      lilucb::detail::raise_domain_error("lilucb::experiments::question_h1", "means", "a tie at the m-th place",
                                         "mu_(m) > mu_(m+1), or a positive slack epsilon");
    double h = 0;
    for (double x : means) {
      const double gap = std::max(x >= sorted[m - 1] ? x - sorted[m] : sorted[m - 1] - x, slack / 2);
      h += 1 / (gap * gap);
    }
    return h;
  }
  if (target.best_arm()) return lilucb::hardness_h1(means);
  const auto best = std::max_element(means.begin(), means.end());
  const double slack = target.relative ? target.epsilon * *best : target.epsilon;
  if (!(slack > 0))
    lilucb::detail::raise_domain_error("lilucb::experiments::question_h1", "epsilon", lilucb::detail::format_value(slack),
                                       "a positive slack (epsilon, or epsilon mu* > 0 when relative)");
  double h = 0;
  for (auto it = means.begin(); it != means.end(); ++it)
    if (it != best) h += 1 / ((*best - *it + slack) * (*best - *it + slack));
  return h;
}

std::optional<double> predicted_stopping_time(const modern_method& m, double t_star, double delta, std::size_t arms) {
  if (m.preset || m.combination.stopping != bandit::stopping_rule::glr) return std::nullopt;
  // A statistic that depends on the counts (the mixtures of Propositions M, M1, P and P2) has no
  // fixed point in t: the registry says which thresholds are functions of t alone.
  const auto beta = bandit::describe(m.combination.threshold).beta;
  if (!beta || arms < 2) return std::nullopt;
  // The rule runs with integer t below 2^64: a fixed point beyond is none (a domain_error).
  const auto fixed_point = [&](const auto& beta_of_t) {
    return lilucb::fixed_point_stopping_time<double>(t_star, [&](double t) {
      if (!(t < 0x1p64))
        lilucb::detail::raise_domain_error(kModernFn, "t", lilucb::detail::format_value(t),
                                           "below 2^64 (the pull counter's range): t = T* beta(t) has no solution there");
      return beta_of_t(static_cast<std::uint64_t>(std::ceil(t)));
    });
  };
  return fixed_point(beta(delta, arms));
}

}  // namespace lilucb::experiments
