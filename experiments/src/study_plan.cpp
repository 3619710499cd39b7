// The plan of a live study (study_plan.hpp): its continuations simulated from forks of the study.

#include "lilucb_experiments/study_plan.hpp"

#include "lilucb/random.hpp"
#include "lilucb/bandit/parallel.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/interrupt.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <sstream>

namespace lilucb::experiments {

namespace study_plan_impl {

constexpr const char* kFn = "lilucb::experiments::plan_study";

std::string number(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", x);
  return b;
}

// The arms the continuations draw from: the study's model at its empirical means (bounded means
// kept 1e-6 of the range inside it, as Beta arms need).
// (draws: the continuations will draw from them, so an unknown-variance study needs a spread).
bandit::arms_spec arms_of(const bandit::identification& study, const bandit::study_status& st, double concentration,
                          bool draws) {
  const auto& set = study.settings();
  bandit::arms_spec a;
  a.means = st.means;
  a.model = set.model;
  switch (set.model) {
    case bandit::reward_model::gaussian:
      a.sigma = set.sigma;
      if (set.unknown_variance) {
        // Each arm at its sample standard deviation; an arm without a spread yet (fewer than two
        // rewards, or equal ones) at the largest of the others'.
        a.model = bandit::reward_model::gaussian_unknown_variance;
        const double largest = st.sds.empty() ? 0.0 : *std::max_element(st.sds.begin(), st.sds.end());
        if (draws && !(largest > 0))
          lilucb::detail::raise_domain_error(
              kFn, "study", "no arm whose rewards differ",
              "a study of unknown variance with an arm of two different rewards (the continuations draw "
              "each arm at its sample standard deviation)");
        a.sigmas = st.sds;
        for (double& s : a.sigmas)
          if (!(s > 0)) s = largest;
      }
      break;
    case bandit::reward_model::bounded:
      a.lo = set.lo;
      a.hi = set.hi;
      a.concentration = concentration;
      for (double& m : a.means) {
        const double margin = 1e-6 * (set.hi - set.lo);
        m = std::clamp(m, set.lo + margin, set.hi - margin);
      }
      break;
    default: break;  // bernoulli: the means alone (a study's model is one chosen by name)
  }
  return a;
}

}  // namespace study_plan_impl

study_plan plan_study(const bandit::identification& study, const study_plan_request& q) {
  using namespace study_plan_impl;
  if (q.runs < 1 || q.runs > 1'000'000)
    lilucb::detail::raise_domain_error(kFn, "runs", std::to_string(q.runs), "[1, 10^6]");
  if (q.max_pulls < 1 || q.max_pulls > (std::uint64_t{1} << 63))
    lilucb::detail::raise_domain_error(kFn, "max_pulls", std::to_string(q.max_pulls), "[1, 2^63]");
  if (q.threads > 1024)
    lilucb::detail::raise_domain_error(kFn, "threads", std::to_string(q.threads), "[0, 1024] (0: all cores)");
  const auto& set = study.settings();
  if (set.model == bandit::reward_model::bounded && !(q.concentration > 0 && q.concentration < HUGE_VAL))
    lilucb::detail::raise_domain_error(kFn, "concentration", lilucb::detail::format_value(q.concentration), "(0, inf)");
  // status() is not const (it reads the rule's recommendation); a fork answers for the study.
  auto now = study.fork();
  study_plan p;
  p.method = study.method();
  p.status = now.status();
  p.done = p.status.done;
  p.nu = set.nu;
  p.told = p.status.total_pulls;
  p.in_flight = p.status.total_pending;
  p.seed = q.seed;
  p.max_pulls = q.max_pulls;
  if (p.done) {  // (a one-arm study is done before any reward)
    p.arms = arms_of(study, p.status, q.concentration, false);
    return p;
  }
  for (std::size_t i = 0; i < set.arms; ++i)
    if (p.status.pulls[i] == 0)
      lilucb::detail::raise_domain_error(
          kFn, "study", "arm " + std::to_string(i) + " without a reward told",
          "a study whose every arm has a reward (the continuations draw from the empirical means; lilucb plan "
          "--means plans a study before it starts)");
  p.arms = arms_of(study, p.status, q.concentration, true);

  const auto in_flight = now.in_flight();
  // The rule's certificate, whether or not a continuation stops.
  const bool certified = study.rule_certified();
  const std::string certificate = study.rule_certificate();
  std::vector<bandit::composed_result> runs(q.runs);
  std::mutex lock;
  std::size_t finished = 0;
  bandit::visit_arms(p.arms, [&](const auto& arms) {
    bandit::parallel_for(q.runs, q.threads, [&](std::size_t k) {
      auto s = now.fork();
      lilucb::random::normal_stream rng(q.seed, k);
      for (const auto& a : in_flight) s.tell(a.id, arms.sample(a.arm, rng));
      std::uint64_t asked = 0;
      while (!s.done() && asked < q.max_pulls) {
        if ((asked & 4095) == 4095) check_interrupt();  // Ctrl-C within a long continuation
        const auto a = s.ask();
        ++asked;
        s.tell(a.id, arms.sample(a.arm, rng));
      }
      const auto answer = s.answer();
      auto& r = runs[k];
      r.run.algorithm = p.method;
      r.run.best_arm = answer.best_arm;
      r.run.answer_set = answer.answer_set;
      r.run.pulls = asked;
      r.run.status = s.done() ? bandit::run_status::stopped : bandit::run_status::budget_exhausted;
      r.certified = certified;
      r.certificate = certificate;
      if (q.progress) {
        std::lock_guard<std::mutex> g(lock);
        q.progress(++finished, q.runs);
      }
    });
  });
  p.remaining = summarize_runs(runs, set.target, p.arms.means);
  // The totals are the new asks shifted by those told and in flight (the quantiles shift with them).
  const double before = static_cast<double>(p.told + p.in_flight);
  p.total_mean = before + p.remaining.mean;
  p.total_q10 = before + p.remaining.q10;
  p.total_q90 = before + p.remaining.q90;
  return p;
}

nlohmann::json to_json(const study_plan& p) {
  const auto opt = [](const std::optional<double>& x) { return x ? nlohmann::json(x.value()) : nlohmann::json(nullptr); };
  nlohmann::json j{{"method", p.method},
                   {"done", p.done},
                   {"nu", p.nu},
                   {"told", p.told},
                   {"in_flight", p.in_flight},
                   {"arms", to_json(p.arms)},
                   {"seed", p.seed},
                   {"max_pulls", p.max_pulls},
                   {"estimate", {{"remaining", opt(p.status.remaining_estimate)},
                                 {"range", {opt(p.status.remaining_low), opt(p.status.remaining_high)}}}}};
  if (p.done) {
    j["remaining"] = nullptr;
    j["total"] = nullptr;
  } else {
    j["remaining"] = to_json(p.remaining);
    j["total"] = {{"mean", p.total_mean}, {"q10", p.total_q10}, {"q90", p.total_q90}};
  }
  return j;
}

std::string study_plan_text(const study_plan& p) {
  using study_plan_impl::number;
  std::ostringstream o;
  o << "Plan for the rest of the study: " << p.arms.means.size() << " arms, method " << p.method << ", nu = " << number(p.nu)
    << "; " << p.told << " rewards told, " << p.in_flight << " in flight\n";
  if (p.done) {
    o << "  the study has stopped: no more pulls (lilucb study answer)\n";
    return o.str();
  }
  o << "  the arms as they look now (the continuations' true means): ";
  for (std::size_t i = 0; i < p.arms.means.size(); ++i) o << (i ? ", " : "") << number(p.arms.means[i]);
  if (p.arms.model == bandit::reward_model::gaussian) o << " (Gaussian, sigma " << number(p.arms.sigma) << ")";
  if (p.arms.model == bandit::reward_model::gaussian_unknown_variance) {
    o << " (Gaussian at the sample standard deviations ";
    for (std::size_t i = 0; i < p.arms.sigmas.size(); ++i) o << (i ? ", " : "") << number(p.arms.sigmas[i]);
    o << ")";
  }
  if (p.arms.model == bandit::reward_model::bernoulli) o << " (Bernoulli)";
  if (p.arms.model == bandit::reward_model::bounded)
    o << " (Beta of concentration " << number(p.arms.concentration) << " on [" << number(p.arms.lo) << ", "
      << number(p.arms.hi) << "])";
  o << "\n  " << p.remaining.runs << " continuations of the study's own rules (seed " << p.seed
    << "), the asks in flight told first; pulls below are the new asks:\n"
    << summary_text(p.remaining, "    ") << "  total pulls the study would reach: mean " << number(p.total_mean)
    << ", 10-90% " << number(p.total_q10) << " to " << number(p.total_q90) << '\n'
    << "  an estimate under \"the means are what they look like now\"; it moves as rewards arrive\n";
  return o.str();
}

}  // namespace lilucb::experiments
