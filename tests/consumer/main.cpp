// A downstream program built against the installed lilucb package (scripts/test installs the
// library and builds this with find_package(lilucb)).  Exit status 1 unless every check holds:
//  - theory: a call with mixed argument types (integer t) equals the all-double call bit for bit
//    and the formula of Lemma lem:lil (footnote form) evaluated here with <cmath>;
//  - bandit: a seeded run_algorithm of lil'UCB on Gaussian arms is reproducible (a second run
//    with the same seed gives the same counts), its counts add up to its pulls, every arm was
//    pulled at least once (Figure 1's initialisation), it stopped by Figure 1's rule, which
//    then holds for the counts (T_max >= 1 + a (t - T_max)), and it chose the clearly best arm.
//  - combination: "t3c+glr-mixture", parsed by name and run on the same arms, is reproducible,
//    stops, is certified (Proposition M) and chooses the clearly best arm.
#include <lilucb/lilucb.hpp>

#include <cmath>
#include <cstdio>
#include <string>

namespace {
int failures = 0;
void check(bool ok, const char* what) {
  std::printf("%s: %s\n", ok ? "ok    " : "FAILED", what);
  if (!ok) ++failures;
}
}  // namespace

int main() {
  using lilucb::inner_log;
  // ---- theory, mixed argument types ----
  const double mixed = lilucb::lil_bound(1000, 0.01, 1e-3, 0.5, inner_log::plus2);
  const double plain = lilucb::lil_bound(1000.0, 0.01, 1e-3, 0.5, inner_log::plus2);
  const double t = 1000, eps = 0.01, delta = 1e-3, sigma = 0.5;
  const double by_hand =
      (1 + std::sqrt(eps)) * std::sqrt(2 * sigma * sigma * (1 + eps) * t * std::log(std::log((1 + eps) * t + 2) / delta));
  std::printf("lil_bound(1000, 0.01, 1e-3, 0.5, plus2) = %.17g\n", mixed);
  check(mixed == plain, "lil_bound with an integer t equals the all-double call");
  check(std::fabs(mixed - by_hand) <= 1e-13 * by_hand, "lil_bound equals Lemma lem:lil written out");
  bool threw = false;
  try {
    lilucb::lil_bound(0.5, 0.01, 0.001, 1.0, inner_log::plus2);
  } catch (const lilucb::domain_error&) {
    threw = true;
  }
  check(threw, "t = 0.5 throws lilucb::domain_error");
  check(std::isinf(lilucb::lil_bound(0.5, 0.01, 0.001, 1.0, inner_log::plus2, lilucb::policies::return_sentinel{})),
        "t = 0.5 under return_sentinel is +infinity");

  // ---- bandit, a seeded run of lil'UCB on Gaussian arms ----
  namespace bandit = lilucb::bandit;
  const bandit::gaussian_arms arms({1.0, 0.5, 0.4, 0.3, 0.2, 0.0}, 0.5);
  bandit::run_options opts;
  opts.nu = 0.1;
  opts.seed = 20261126;
  const bandit::run_result r = bandit::run_algorithm(bandit::algorithm::lilucb, arms, opts);
  const bandit::run_result again = bandit::run_algorithm(bandit::algorithm::lilucb, arms, opts);
  std::printf("lilucb run: %llu pulls, best arm %zu, stopped by %s\n", static_cast<unsigned long long>(r.pulls),
              r.best_arm, r.stopped_by.c_str());
  check(r.counts == again.counts && r.pulls == again.pulls && r.best_arm == again.best_arm,
        "the same seed gives the same run");
  unsigned long long sum = 0, t_max = 0, t_min = r.counts.empty() ? 0 : r.counts[0];
  for (auto c : r.counts) {
    sum += c;
    t_max = c > t_max ? c : t_max;
    t_min = c < t_min ? c : t_min;
  }
  check(r.counts.size() == arms.size() && sum == r.pulls, "the counts add up to the pulls");
  check(t_min >= 1, "every arm was pulled at least once");
  // One value is a field of the typed parameters; named() prints the same value under its name.
  const double a = r.parameters.lilucb && r.parameters.lilucb->a ? *r.parameters.lilucb->a : -1;
  double named_a = -2;
  for (const auto& [name, value] : r.parameters.named())
    if (name == "a") named_a = value;
  check(named_a == a, "named() prints Figure 1's a as recorded");
  check(r.status == bandit::run_status::stopped && r.stopped_by == "lilucb", "stopped by Figure 1's rule");
  check(a > 0 && static_cast<double>(t_max) >= 1 + a * static_cast<double>(r.pulls - t_max),
        "Figure 1's stopping condition holds for the counts");
  check(r.best_arm == 0 && r.counts[0] == t_max, "the best arm (mean 1.0) is the most pulled and chosen");

  // ---- a combination by name: T3C sampling with GLR stopping, mixture threshold ----
  const bandit::combination c = bandit::parse_combination("t3c+glr-mixture");
  const bandit::composed_result cr = bandit::run_combination(c, arms, opts);
  const bandit::composed_result cr_again = bandit::run_combination(c, arms, opts);
  std::printf("t3c+glr-mixture run: %llu pulls, best arm %zu\n", static_cast<unsigned long long>(cr.run.pulls),
              cr.run.best_arm);
  check(bandit::to_string(c) == std::string("t3c+glr-mixture"), "the combination prints by the name it was parsed from");
  check(cr.run.counts == cr_again.run.counts && cr.run.pulls == cr_again.run.pulls, "the same seed gives the same combined run");
  check(cr.run.status == bandit::run_status::stopped && cr.run.best_arm == 0, "the combination stops on the best arm");
  check(cr.certified && cr.certificate.find("Proposition M") != std::string::npos, "the combination is certified");
  std::printf("lilucb %s: %s\n", lilucb::version(), failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
