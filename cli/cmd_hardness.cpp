// `lilucb hardness`: instance quantities for a vector of means: T*, w* and the lower bound of the
// arms' reward model (with --sigma unknown, of Gaussian arms of unknown variances, beside the
// known-variance ones), lil'UCB's bounds and Farrell's rate.

#include "arms_options.hpp"
#include "cli_support.hpp"

#include "lilucb/bandit/defaults.hpp"
#include "lilucb/boundaries/glr_threshold.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/theory/parameters.hpp"
#include "lilucb_experiments/sample_size.hpp"
#include "lilucb/theory/theorem.hpp"

#include <iostream>
#include <limits>
#include <memory>
#include <optional>

namespace lilucb::cli {

namespace {

struct hardness_options {
  arms_cli_options arms;
  std::string delta, eps = "0.01", beta = "1", a, nu = "0.1";
  bool json = false;
};

void run_hardness(const hardness_options& o) {
  const bandit::arms_spec arms = parse_arms_options("lilucb hardness", o.arms);
  const bool unknown = arms.model == bandit::reward_model::gaussian_unknown_variance;
  const bool gaussian = arms.model == bandit::reward_model::gaussian || unknown;
  // With --arm-sigmas T* reads the arms' own standard deviations: a number for --sigma would be
  // read by nothing, and is refused rather than ignored.
  if (!arms.sigmas.empty() && !unknown && o.arms.sigma_opt->count() > 0)
    throw lilucb::domain_error("lilucb hardness", "--sigma", o.arms.sigma,
                               "unknown, or absent with --arm-sigmas (T* reads the arms' own standard deviations)");
  const std::vector<double>& means = arms.means;
  const double eps = parse_real("--eps", o.eps, "(0, 1)");
  const double beta = parse_real("--beta", o.beta, "(0, inf)");
  const double nu = parse_real("--nu", o.nu, "(0, 1/2)");
  check_open_interval("lilucb hardness", "--nu", nu, 0.0, 0.5, "(0, 1/2) (Farrell's bound needs nu < 1/2)");
  const std::size_t best = best_arm(means);  // validates the means first
  // With neither --delta nor --a, the certified setting for nu (delta and a as `lilucb params`
  // reports them, Theorem R); with --delta, a defaults to the stated theorem's a_min(beta, delta).
  std::optional<lilucb_setting<double>> certified;
  if (o.delta.empty()) certified = certified_setting(nu, eps, beta).setting;
  const double delta = certified ? certified->delta : parse_real("--delta", o.delta, "(0, 1)");
  double a;
  if (o.a.empty() && certified) {
    a = certified->a;
  } else if (o.a.empty()) {
    const auto am = a_min(beta, delta);
    if (!am)
      throw lilucb::domain_error("lilucb hardness", "--delta", text_number(delta),
                                 "a delta where a_min(beta, delta) is feasible, or give --a");
    a = *am;
  } else {
    a = parse_real("--a", o.a, "(0, inf)");
  }
  const auto g = gaps(means);
  const double h1 = hardness_h1(means);
  const double h3 = hardness_h3(means);
  const double l1 = lemma1_bound(means, eps, beta, delta);
  const double l1p = lemma1_bound_proof(means, eps, beta, delta);
  const double total = total_samples_bound(l1, a);
  const double total_p = total_samples_bound(l1p, a);
  const double farrell = farrell_lower_bound(means, nu);
  // T*(mu), w*(mu), the lower bound T* kl(delta, 1-delta) at --delta (default --nu), and
  // the fixed-point prediction t = T* log((1 + log t)/delta) of GLR stopping with the heuristic threshold.
  const double sigma = arms.sigma;
  // Farrell's Theorem thm:3 concerns N(Delta, 1) rewards as Delta -> 0: on Gaussian arms of
  // standard deviation sigma its form is the paper's at the gaps Delta / sigma (the rewards divided
  // by sigma); an asymptotic rate, not a bound at given gaps, and nothing for Bernoulli arms or for
  // arms of different standard deviations (--arm-sigmas).
  // A sigma at which the gaps Delta / sigma leave the doubles (or the sum overflows) has no finite
  // rate: it is reported as such, the rest of the command stands.
  std::optional<double> farrell_model;
  bool farrell_overflows = false;
  if (gaussian && arms.sigmas.empty()) {
    std::vector<double> scaled(means);
    for (double& m : scaled) m /= sigma;
    try {
      farrell_model = farrell_lower_bound(scaled, nu);
    } catch (const lilucb::domain_error&) {
      farrell_overflows = true;
    }
  }
  const double lb_delta = o.delta.empty() ? nu : delta;
  // The fixed point below uses the GLR threshold log((1 + log t)/delta): finite for delta >= 1/max_real.
  if (!(lb_delta >= 1 / std::numeric_limits<double>::max()))
    throw lilucb::domain_error("lilucb hardness", o.delta.empty() ? "--nu" : "--delta", text_number(lb_delta),
                               "values >= 1/max_real = " + text_number(1 / std::numeric_limits<double>::max()) +
                                   " (the GLR threshold log((1 + log t)/delta) must be finite)");
  nlohmann::json t_star = nullptr, w_star = nullptr, lower = nullptr, predicted = nullptr;
  nlohmann::json t_star_known = nullptr, w_star_known = nullptr, lower_known = nullptr;
  if (means.size() >= 2) {
    const auto ct = experiments::plan_characteristic_time(arms);
    t_star = ct.t_star;
    w_star = ct.w_star;
    lower = bai_lower_bound(ct.t_star, lb_delta);
    // The practice's threshold, also that of heuristic-ev (the practice for unknown variances).
    predicted = fixed_point_stopping_time(ct.t_star, [&](double t) { return boundaries::glr_threshold_heuristic(t, lb_delta); });
    if (unknown) {
      // The same arms with their variances known: T* of that model, at most the unknown one's
      // (docs/bandit.md, "T* of Gaussian arms of unknown variances").
      bandit::arms_spec known = arms;
      known.model = bandit::reward_model::gaussian;
      const auto kt = experiments::plan_characteristic_time(known);
      t_star_known = kt.t_star;
      w_star_known = kt.w_star;
      lower_known = bai_lower_bound(kt.t_star, lb_delta);
    }
  }
  if (o.json) {
    print_json({{"means", means},
                {"n", means.size()},
                {"best_arm", best},
                {"gaps", g},
                {"h1", h1},
                {"h3", h3},
                {"h3_c", "e"},
                {"eps", eps},
                {"beta", beta},
                {"delta", delta},
                {"a", a},
                {"lemma1_bound", l1},
                {"lemma1_bound_proof", l1p},
                {"total_bound", total},
                {"total_bound_proof", total_p},
                {"nu", nu},
                {"farrell_lower_bound", farrell},
                {"farrell_rate", farrell_model ? nlohmann::json(*farrell_model) : nlohmann::json(nullptr)},
                {"model", o.arms.model},
                {"arms", o.arms.model},  // the old name of "model"
                {"sigma", gaussian && arms.sigmas.empty() ? nlohmann::json(sigma) : nlohmann::json(nullptr)},
                {"arm_sigmas", arms.sigmas.empty() ? nlohmann::json(nullptr) : nlohmann::json(arms.sigmas)},
                {"unknown_variance", gaussian ? nlohmann::json(unknown) : nlohmann::json(nullptr)},
                {"range", arms.model == bandit::reward_model::bounded ? nlohmann::json({arms.lo, arms.hi}) : nlohmann::json(nullptr)},
                {"concentration", arms.model == bandit::reward_model::bounded ? nlohmann::json(arms.concentration)
                                                                               : nlohmann::json(nullptr)},
                {"t_star", t_star},
                {"w_star", w_star},
                {"lower_bound_delta", lb_delta},
                {"lower_bound", lower},
                {"fixed_point_heuristic_glr", predicted},
                {"t_star_known_variance", t_star_known},
                {"w_star_known_variance", w_star_known},
                {"lower_bound_known_variance", lower_known}});
    return;
  }
  const std::string model = experiments::arms_text(arms);
  std::cout << means.size() << " arms (" << model << "); best arm " << best << " (0-based)\n";
  if (means.size() >= 2) {
    std::cout << "Samples needed, for " << model << (unknown ? "," : "") << " with these means (Garivier & Kaufmann 2016"
              << (unknown ? "; the divergence of unknown variances, Jourdan, Degenne & Kaufmann 2023" : "") << "):\n"
              << "  lower bound on the expected pulls of every method "
              << (unknown ? "correct for Gaussian arms of unknown variances, erring with probability <= "
                          : "that errs with probability <= ")
              << text_number(lb_delta) << (unknown ? " on each" : "")
              << ": T* kl(delta, 1-delta) = " << text_number(lower.get<double>()) << "\n"
              << "  predicted stop of the GLR practice, t = T* log((1 + log t)/delta) (uncertified) = "
              << text_number(predicted.get<double>()) << "\n"
              << "  characteristic time T*(mu) = " << text_number(t_star.get<double>()) << "\n"
              << "  optimal proportions w*(mu) =";
    for (double w : w_star.get<std::vector<double>>()) std::cout << ' ' << text_number(w);
    std::cout << "\n";
    if (unknown) {
      std::cout << "  with the variances known (for comparison; the unknown-variance T* is at least this): T* = "
                << text_number(t_star_known.get<double>()) << ", lower bound " << text_number(lower_known.get<double>())
                << ", w* =";
      for (double w : w_star_known.get<std::vector<double>>()) std::cout << ' ' << text_number(w);
      std::cout << "\n";
    }
    std::cout << "  the recommended certified method's pulls (mean, median, 10-90% range, by simulation): "
                 "lilucb plan with the same --means, --model (--sigma, --arm-sigmas, --range, --concentration) and --nu\n";
  }
  std::cout << "Gap sums (the paper's hardness):\n"
            << "  H1 = sum Delta^-2                     = " << text_number(h1) << "\n"
            << "  H3 = sum log log(e/Delta^2)/Delta^2   = " << text_number(h3) << "\n"
            << "lil'UCB's theoretical bounds (the paper; sigma-sub-Gaussian rewards) at eps = " << text_number(eps)
            << ", beta = " << text_number(beta) << ", delta = " << text_number(delta) << ", a = " << text_number(a) << ":\n"
            << "  suboptimal pulls, as stated [Lemma lem:1]        <= " << text_number(l1) << "\n"
            << "  suboptimal pulls, as the proof derives it          <= " << text_number(l1p) << "\n"
            << "  total samples at stopping < 2 + (1+a) B: stated B = " << text_number(total)
            << ", proof's B = " << text_number(total_p) << "\n";
  if (farrell_model)
    std::cout << "Farrell's rate [Theorem thm:3] for " << model << ", (2 - 4 nu) sum (Delta/sigma)^-2 log log (Delta/sigma)^-2 at nu = "
              << text_number(nu) << ": " << text_number(*farrell_model)
              << " (a limit as the gaps tend to 0, not a lower bound at these gaps)\n";
  else if (farrell_overflows)
    std::cout << "Farrell's rate [Theorem thm:3] for " << model << ": not finite (the gaps Delta/sigma leave the doubles)\n";
  else if (gaussian)
    std::cout << "Farrell's rate [Theorem thm:3] concerns Gaussian rewards of one standard deviation: not given for "
              << model << "\n";
  else
    std::cout << "Farrell's rate [Theorem thm:3] concerns Gaussian rewards: not given for " << model << "\n";
}

}  // namespace

void add_hardness_command(CLI::App& app) {
  auto o = std::make_shared<hardness_options>();
  auto* sub = app.add_subcommand("hardness", "Samples needed for given means: T*, the lower bound every method obeys, the practice's predicted stop; then lil'UCB's bounds and Farrell's rate");
  declare_option(sub->add_option("--delta", o->delta, "lil'UCB's delta, in (0,1) (default: the certified delta for --nu)"), real_spec(0, false, 1, false).defaults_to("certified for --nu"));
  declare_option(sub->add_option("--eps", o->eps, "eps, in (0,1) (default 0.01)"), real_spec(0, false, 1, false).defaults_to(o->eps));
  declare_option(sub->add_option("--beta", o->beta, "beta, > 0 (default 1)"), real_spec(0, false, std::numeric_limits<double>::infinity(), false).defaults_to(o->beta));
  declare_option(sub->add_option("--a", o->a, "stopping parameter a, > 0 (default: the certified a for --nu, as params reports it; with --delta, the stated a_min(beta, delta))"), real_spec(0, false, std::numeric_limits<double>::infinity(), false).defaults_to("certified for --nu"));
  declare_option(sub->add_option("--nu", o->nu, "error probability nu, in (0, 1/2) (default 0.1): of the lower bound (--delta's when given) and Farrell's rate, and the default delta's target"), real_spec(0, false, 0.5, false).defaults_to(o->nu));
  // Appended in place: "literal" + std::string&& trips GCC 12's -Wrestrict (a false positive).
  std::string sigma_help = "Gaussian reward standard deviation for T*, > 0; default ";
  sigma_help += text_number(bandit::default_sigma);
  sigma_help += ": the scale of the paper's Section 5 experiments (rewards of variance 1/4); unknown: T*, w* and the "
                "lower bound of Gaussian arms whose standard deviations (--arm-sigmas) the method does not know, "
                "beside those with the variances known";
  declare_arms_options(*sub, o->arms, sigma_help,
                       "T* reads them: known different standard deviations (a number for --sigma beside them is "
                       "refused: nothing would read it), or with --sigma unknown the arms' true ones, which the method "
                       "does not know");
  declare_option(sub->add_flag("--json", o->json, "print one JSON object"), flag_spec());
  sub->callback([o] { run_hardness(*o); });
}

}  // namespace lilucb::cli
