// `lilucb hardness`: JSON and text against the library.
// Part of the test_cli executable; shared helpers in cli_test_support.hpp.

#include "cli_test_support.hpp"

#include "lilucb/bandit/compose.hpp"
#include "lilucb/boundaries/glr_threshold.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/theory/characteristic_time_unknown_variance.hpp"

// =========================================================================================
// 3. lilucb hardness --json
// =========================================================================================

namespace {
struct hardness_case {
  std::string means, delta, eps, beta, a, nu;  // empty: not passed
  std::size_t best;                            // expected independently
};

const std::vector<hardness_case> hardness_cases = {
    {"0.5,0.4,0.1", "", "", "", "", "", 0},           // default delta: the certified one
    {"0.5,0.4,0.1", "0.05", "", "", "", "", 0},
    {"0.1,0.9,0.3,0.85", "1e-3", "0.1", "1.66", "", "0.2", 1},
    {"0.2,0.25,0.3,0.35,0.4,0.45,0.5", "", "0.5", "2", "20", "0.01", 6},
    {"-1,-0.5,-0.75", "1e-4", "", "", "9", "", 1},
    {"0.5", "", "", "", "", "", 0},                   // one arm: nothing to tell apart
};

std::vector<double> parse_means(const std::string& s) {
  std::vector<double> v;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) v.push_back(std::stod(item));
  return v;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(hardness_command)

BOOST_AUTO_TEST_CASE(json_agrees_with_library) {
  for (const auto& c : hardness_cases) {
    std::vector<std::string> args = {"hardness", "--means", c.means};
    if (!c.delta.empty()) args.insert(args.end(), {"--delta", c.delta});
    if (!c.eps.empty()) args.insert(args.end(), {"--eps", c.eps});
    if (!c.beta.empty()) args.insert(args.end(), {"--beta", c.beta});
    if (!c.a.empty()) args.insert(args.end(), {"--a", c.a});
    if (!c.nu.empty()) args.insert(args.end(), {"--nu", c.nu});
    args.push_back("--json");
    BOOST_TEST_CONTEXT(show(args)) {
      const auto means = parse_means(c.means);
      const double eps = c.eps.empty() ? 0.01 : std::stod(c.eps);
      const double beta = c.beta.empty() ? 1.0 : std::stod(c.beta);
      const double nu = c.nu.empty() ? 0.1 : std::stod(c.nu);
      const double delta = c.delta.empty() ? lilucb::certified_setting(nu, eps, beta).setting.delta
                                           : std::stod(c.delta);
      // a: the certified setting's with neither --delta nor --a (as `params`), else the stated a_min
      const double a = !c.a.empty()       ? std::stod(c.a)
                       : c.delta.empty() ? lilucb::certified_setting(nu, eps, beta).setting.a
                                         : *lilucb::a_min(beta, delta);
      BOOST_TEST(lilucb::best_arm(means) == c.best);
      const double l1 = lilucb::lemma1_bound(means, eps, beta, delta);

      const json j = expect_json(args);
      if (j.is_null()) continue;
      check_integer(j, "/best_arm", c.best);
      check_integer(j, "/n", means.size());
      check_number(j, "/h1", lilucb::hardness_h1(means));
      check_number(j, "/h3", lilucb::hardness_h3(means));
      check_number(j, "/delta", delta);
      check_number(j, "/a", a);
      check_number(j, "/eps", eps);
      check_number(j, "/beta", beta);
      check_number(j, "/nu", nu);
      check_number(j, "/lemma1_bound", l1);
      check_number(j, "/lemma1_bound_proof", lilucb::lemma1_bound_proof(means, eps, beta, delta));
      check_number(j, "/total_bound", lilucb::total_samples_bound(l1, a));
      check_number(j, "/farrell_lower_bound", lilucb::farrell_lower_bound(means, nu));
      // Farrell's rate in the arms' model: Gaussian of the default sigma 1/2, the gaps Delta / sigma
      std::vector<double> scaled(means);
      for (double& m : scaled) m /= 0.5;
      check_number(j, "/farrell_rate", lilucb::farrell_lower_bound(scaled, nu));
      if (const auto g = at(j, "/gaps")) {
        const auto expected = lilucb::gaps(means);
        BOOST_TEST((g->is_array() && g->size() == expected.size()), "gaps = " << g->dump());
        if (g->is_array() && g->size() == expected.size())
          for (std::size_t i = 0; i < expected.size(); ++i)
            check_number(j, "/gaps/" + std::to_string(i), expected[i]);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(text_mode_prints_the_key_numbers) {
  const auto r = run_cli({"hardness", "--means", "0.5,0.4,0.1", "--delta", "0.05"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  BOOST_TEST(r.out.front() != '{');
  const std::vector<double> m = {0.5, 0.4, 0.1};
  const double a = *lilucb::a_min(1.0, 0.05);
  const double l1 = lilucb::lemma1_bound(m, 0.01, 1.0, 0.05);
  for (const std::string& s :
       {text_number(lilucb::hardness_h1(m)), text_number(lilucb::hardness_h3(m)), text_number(l1),
        text_number(lilucb::total_samples_bound(l1, a)),
        text_number(lilucb::farrell_lower_bound(std::vector<double>{1.0, 0.8, 0.2}, 0.1)), std::string("best arm 0"),
        std::string("not a lower bound at these gaps")})
    BOOST_TEST(contains(r.out, s), "text output lacks " << s << ":\n" << r.out);
  // What the user needs comes first: the lower bound every method obeys, before lil'UCB's bounds.
  BOOST_TEST(r.out.find("lower bound on the expected pulls") < r.out.find("lil'UCB's theoretical bounds"));
  const auto b = run_cli({"hardness", "--means", "0.05,0.04,0.03", "--model", "bernoulli", "--nu", "0.05"});
  BOOST_TEST(b.status == 0);
  BOOST_TEST(contains(b.out, "Farrell's rate [Theorem thm:3] concerns Gaussian rewards: not given for Bernoulli arms"), b.out);
  const json jb = expect_json({"hardness", "--means", "0.05,0.04,0.03", "--model", "bernoulli", "--nu", "0.05", "--json"});
  BOOST_TEST((!jb.is_null() && jb.at("farrell_rate").is_null()), jb.dump());
}

// Every lower bound `hardness` prints holds for the model it names: on a few instances, it is at
// most the mean pulls of the recommended certified method for that model (100 runs, fixed seeds:
// the comparison is deterministic).  The paper's Farrell expression at the Bernoulli means of the
// A/B test below is 5 times the lower bound and above the certified method's mean: it is a rate,
// printed as one, never as a bound.
BOOST_AUTO_TEST_CASE(the_printed_lower_bound_is_below_a_certified_methods_mean) {
  namespace lb = lilucb::bandit;
  struct instance {
    std::vector<double> means;
    std::string arms, means_text, nu;
  };
  const instance instances[] = {
      {{0.05, 0.04, 0.03}, "bernoulli", "0.05,0.04,0.03", "0.05"},
      {{0.5, 0.45, 0.43, 0.4}, "bernoulli", "0.5,0.45,0.43,0.4", "0.1"},
      {{0.5, 0.4, 0.1}, "gaussian", "0.5,0.4,0.1", "0.1"},
      {{0.6, 0.5, 0.45}, "bounded", "0.6,0.5,0.45", "0.1"},  // Beta arms of concentration 9 on [0, 1]
      // Gaussian arms of standard deviations 0.3, 1, 0.5 unknown to the method (--sigma unknown)
      {{0.5, 0.4, 0.1}, "unknown-variance", "0.5,0.4,0.1", "0.1"},
  };
  for (const auto& c : instances) {
    BOOST_TEST_CONTEXT(c.arms << " " << c.means_text) {
      const bool unknown = c.arms == "unknown-variance";
      std::vector<std::string> args{"hardness", "--means", c.means_text, "--nu", c.nu, "--json"};
      if (unknown) args.insert(args.end() - 1, {"--sigma", "unknown", "--arm-sigmas", "0.3,1,0.5"});
      else args.insert(args.end() - 1, {"--model", c.arms});
      if (c.arms == "bounded") args.insert(args.end() - 1, {"--range", "0,1"});
      const json j = expect_json(args);
      if (j.is_null()) continue;
      const double bound = j.at("lower_bound").get<double>();
      lb::run_options opts;
      opts.nu = std::stod(c.nu);
      opts.sigma = unknown ? 0.0 : 0.5;  // with an unknown variance the rules read no sigma
      opts.unknown_variance = unknown;
      double total = 0;
      constexpr int runs = 100;
      for (int seed = 1; seed <= runs; ++seed) {
        opts.seed = static_cast<std::uint64_t>(seed);
        const auto r =
            c.arms == "bernoulli" ? lb::run_combination(lb::recommended_combination(lb::reward_model::bernoulli), lb::bernoulli_arms(c.means), opts)
            : c.arms == "bounded" ? lb::run_combination(lb::recommended_combination(lb::reward_model::bounded), lb::bounded_arms(c.means, 0, 1), opts)
            : unknown ? lb::run_combination(lb::recommended_combination(lb::reward_model::gaussian_unknown_variance),
                                            lb::gaussian_arms(c.means, std::vector<double>{0.3, 1, 0.5}), opts)
                                  : lb::run_combination(lb::recommended_combination(lb::reward_model::gaussian), lb::gaussian_arms(c.means, 0.5), opts);
        BOOST_TEST((r.run.status == lb::run_status::stopped));
        total += static_cast<double>(r.run.pulls);
      }
      const double mean = total / runs;
      BOOST_TEST_MESSAGE(c.arms << " " << c.means_text << ": lower bound " << bound << ", certified mean " << mean
                                << ", the paper's Farrell expression " << j.at("farrell_lower_bound").get<double>());
      if (c.arms == "bounded") BOOST_TEST(j.at("range") == json::array({0.0, 1.0}));
      BOOST_TEST(bound <= mean);
    }
  }
}

// --sigma unknown (Gaussian arms of unknown variances, at --arm-sigmas or 0.5 each) and
// --arm-sigmas alone (different known variances): T*, w*, the lower bound and the practice's
// fixed point are the library's functions at the instance, the known-variance comparison too.
namespace {
struct sigmas_case {
  std::vector<std::string> options;
  std::vector<double> means, sigmas;
  bool unknown, given;  // --sigma unknown; --arm-sigmas given
};

const std::vector<sigmas_case> sigmas_cases = {
    {{"--means", "0.5,0.4,0.1", "--sigma", "unknown", "--arm-sigmas", "0.3,1,0.5"}, {0.5, 0.4, 0.1}, {0.3, 1, 0.5}, true, true},
    {{"--means", "0.5,0.4,0.1", "--sigma", "unknown"}, {0.5, 0.4, 0.1}, {0.5, 0.5, 0.5}, true, false},
    {{"--means", "1,0.2,0.9,-3", "--sigma", "unknown", "--arm-sigmas", "2,0.01,0.7,5", "--nu", "0.01"},
     {1, 0.2, 0.9, -3}, {2, 0.01, 0.7, 5}, true, true},
    {{"--means", "0.5,0.4,0.1", "--arm-sigmas", "0.3,1,0.5"}, {0.5, 0.4, 0.1}, {0.3, 1, 0.5}, false, true},
    {{"--means", "0.5,0.4,0.1", "--arm-sigmas", "0.3,1,0.5", "--delta", "0.05"}, {0.5, 0.4, 0.1}, {0.3, 1, 0.5}, false, true},
};

void check_vector(const json& j, const std::string& key, const std::vector<double>& expected) {
  const auto v = at(j, "/" + key);
  BOOST_TEST((v && v->is_array() && v->size() == expected.size()), key << " = " << (v ? v->dump() : "missing"));
  if (v && v->is_array() && v->size() == expected.size())
    for (std::size_t i = 0; i < expected.size(); ++i) check_number(j, "/" + key + "/" + std::to_string(i), expected[i]);
}
}  // namespace

BOOST_AUTO_TEST_CASE(arm_sigmas_and_unknown_variances_agree_with_library) {
  for (const auto& c : sigmas_cases) {
    std::vector<std::string> args{"hardness"};
    args.insert(args.end(), c.options.begin(), c.options.end());
    args.push_back("--json");
    BOOST_TEST_CONTEXT(show(args)) {
      const json j = expect_json(args);
      if (j.is_null()) continue;
      const auto nu_at = std::find(c.options.begin(), c.options.end(), "--nu");
      const auto delta_at = std::find(c.options.begin(), c.options.end(), "--delta");
      const double lb_delta = delta_at != c.options.end() ? std::stod(*(delta_at + 1))
                              : nu_at != c.options.end()  ? std::stod(*(nu_at + 1))
                                                          : 0.1;
      const auto known = lilucb::characteristic_time_gaussian(c.means, c.sigmas);
      const auto model = c.unknown ? lilucb::characteristic_time_gaussian_unknown_variance(c.means, c.sigmas) : known;
      check_number(j, "/t_star", model.t_star);
      check_vector(j, "w_star", model.w_star);
      check_number(j, "/lower_bound_delta", lb_delta);
      check_number(j, "/lower_bound", lilucb::bai_lower_bound(model.t_star, lb_delta));
      check_number(j, "/fixed_point_heuristic_glr",
                   lilucb::fixed_point_stopping_time(model.t_star, [&](double t) {
                     return lilucb::boundaries::glr_threshold_heuristic(t, lb_delta);
                   }));
      check_bool(j, "/unknown_variance", c.unknown);
      if (c.given) {
        check_vector(j, "arm_sigmas", c.sigmas);
        BOOST_TEST(j.at("sigma").is_null(), j.at("sigma").dump());
        // Farrell's rate is for one standard deviation: none for arms of their own.
        BOOST_TEST(j.at("farrell_rate").is_null(), j.at("farrell_rate").dump());
      } else {
        BOOST_TEST(j.at("arm_sigmas").is_null(), j.at("arm_sigmas").dump());
        check_number(j, "/sigma", 0.5);
        BOOST_TEST(j.at("farrell_rate").is_number(), j.at("farrell_rate").dump());
      }
      if (c.unknown) {
        // the same arms with their variances known, for comparison: at most the unknown T*
        check_number(j, "/t_star_known_variance", known.t_star);
        check_vector(j, "w_star_known_variance", known.w_star);
        check_number(j, "/lower_bound_known_variance", lilucb::bai_lower_bound(known.t_star, lb_delta));
        BOOST_TEST(known.t_star <= model.t_star);
      } else {
        for (const char* key : {"t_star_known_variance", "w_star_known_variance", "lower_bound_known_variance"})
          BOOST_TEST(j.at(key).is_null(), key << " = " << j.at(key).dump());
      }
    }
  }
  // The default instance: known sigma 0.5, no comparison fields filled.
  const json d = expect_json({"hardness", "--means", "0.5,0.4,0.1", "--json"});
  if (!d.is_null()) {
    check_number(d, "/t_star", lilucb::characteristic_time_gaussian(std::vector<double>{0.5, 0.4, 0.1}, 0.5).t_star);
    check_bool(d, "/unknown_variance", false);
    check_number(d, "/sigma", 0.5);
    BOOST_TEST(d.at("arm_sigmas").is_null());
    BOOST_TEST(d.at("t_star_known_variance").is_null());
  }
  const json b = expect_json({"hardness", "--means", "0.5,0.4,0.1", "--model", "bernoulli", "--json"});
  if (!b.is_null())
    for (const char* key : {"sigma", "arm_sigmas", "unknown_variance", "t_star_known_variance"})
      BOOST_TEST(b.at(key).is_null(), key << " = " << b.at(key).dump());
}

BOOST_AUTO_TEST_CASE(unknown_variance_text_prints_both_characteristic_times) {
  const std::vector<double> means{0.5, 0.4, 0.1}, sigmas{0.3, 1, 0.5};
  const auto r = run_cli({"hardness", "--means", "0.5,0.4,0.1", "--sigma", "unknown", "--arm-sigmas", "0.3,1,0.5"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  const auto uv = lilucb::characteristic_time_gaussian_unknown_variance(means, sigmas);
  const auto known = lilucb::characteristic_time_gaussian(means, sigmas);
  for (const std::string& s :
       {std::string("Gaussian arms of sigmas 0.3, 1, 0.5, unknown to the method"),
        std::string("every method correct for Gaussian arms of unknown variances"), text_number(uv.t_star),
        text_number(lilucb::bai_lower_bound(uv.t_star, 0.1)), text_number(uv.w_star[1]),
        std::string("with the variances known"), text_number(known.t_star),
        text_number(lilucb::bai_lower_bound(known.t_star, 0.1)), text_number(known.w_star[1]),
        std::string("not given for Gaussian arms of sigmas 0.3, 1, 0.5")})
    BOOST_TEST(contains(r.out, s), "text output lacks " << s << ":\n" << r.out);
  const auto k = run_cli({"hardness", "--means", "0.5,0.4,0.1", "--arm-sigmas", "0.3,1,0.5"});
  BOOST_TEST(k.status == 0);
  BOOST_TEST(contains(k.out, "Gaussian arms of sigmas 0.3, 1, 0.5 with these means"), k.out);
  BOOST_TEST(contains(k.out, text_number(known.t_star)), k.out);
  BOOST_TEST(!contains(k.out, "with the variances known"), k.out);
}

// Each refusal of the sigma options: exit 2, nothing on stdout, one line naming the option.
BOOST_AUTO_TEST_CASE(sigma_options_refusals_name_the_option) {
  const std::string m = "0.5,0.4,0.1";
  const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> cases{
      {{"--sigma", "unknown", "--arm-sigmas", "1,2"}, {"--arm-sigmas", "1,2", "one standard deviation per arm (3)"}},
      {{"--arm-sigmas", "1,2,3,4"}, {"--arm-sigmas", "one standard deviation per arm (3)"}},
      {{"--sigma", "unknown", "--arm-sigmas", "1,0,2"}, {"--arm-sigmas", "(0, inf)"}},
      {{"--arm-sigmas", "1,-0.5,2"}, {"--arm-sigmas", "(0, inf)"}},
      {{"--sigma", "unknown", "--arm-sigmas", "1,nan,2"}, {"--arm-sigmas[1]", "nan"}},
      {{"--arm-sigmas", "1,2,inf"}, {"--arm-sigmas[2]", "inf"}},
      {{"--sigma", "unknown", "--arm-sigmas", "1e-300,1,1"}, {"--arm-sigmas", "1e-300"}},
      {{"--sigma", "unknown", "--model", "bernoulli"}, {"--sigma", "--model bernoulli"}},
      {{"--sigma", "unknown", "--model", "bounded", "--range", "0,1"}, {"--sigma", "--model bounded"}},
      {{"--arm-sigmas", "1,1,1", "--model", "bernoulli"}, {"--arm-sigmas", "--model bernoulli"}},
      {{"--sigma", "2", "--arm-sigmas", "1,1,1"}, {"--sigma", "absent with --arm-sigmas"}},
      {{"--sigma", "unknow"}, {"--sigma", "unknow"}},
  };
  for (const auto& [extra, needles] : cases) {
    std::vector<std::string> args{"hardness", "--means", m};
    args.insert(args.end(), extra.begin(), extra.end());
    for (const bool json_out : {false, true}) {
      auto a = args;
      if (json_out) a.push_back("--json");
      const auto r = run_cli(a);
      BOOST_TEST_CONTEXT(show(a)) {
        BOOST_TEST(r.status == 2);
        BOOST_TEST(r.out == "");
        BOOST_TEST(std::count(r.err.begin(), r.err.end(), '\n') == 1, r.err);
        for (const auto& n : needles) BOOST_TEST(contains(r.err, n), "stderr lacks " << n << ": " << r.err);
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
