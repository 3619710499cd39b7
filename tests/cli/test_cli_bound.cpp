// `lilucb bound`: JSON and text against the library, both inner logs, a RapidCheck property on random inputs.
// Part of the test_cli executable; shared helpers in cli_test_support.hpp.

#include "cli_test_support.hpp"

// =========================================================================================
// 2. lilucb bound --json
// =========================================================================================

namespace {
struct bound_case {
  std::string t, eps, delta, sigma, inner;  // empty sigma/inner: not passed
  bool failure_null;                         // expected independently
};

const std::vector<bound_case> bound_cases = {
    {"100", "0.01", "0.1", "", "", true},          // stated failure probability >= 1
    {"100", "0", "0.1", "", "", true},             // eps = 0: heuristic width, no guarantee
    {"100", "0", "0.1", "", "plus2", true},
    {"100", "0.5", "1e-4", "", "", false},         // a real guarantee
    {"100", "0.5", "1e-4", "2.5", "plus2", false},
    {"1", "0.5", "1e-6", "", "lemma", false},
    {"12345.5", "0.1", "1e-3", "0.3", "lemma", false},
    {"1", "0.1", "0.01", "", "lemma", true},       // lemma form, vacuous (p ~ 1.76)
    {"1e300", "0.1", "0.3", "", "", true},         // huge t: no overflow
    {"1", "0.99", "0.999", "1e-3", "plus2", true},
};

lilucb::inner_log inner_of(const std::string& s) {
  return s == "lemma" ? lilucb::inner_log::lemma : lilucb::inner_log::plus2;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(bound_command)

BOOST_AUTO_TEST_CASE(json_agrees_with_library) {
  for (const auto& c : bound_cases) {
    std::vector<std::string> args = {"bound", "--t", c.t, "--eps", c.eps, "--delta", c.delta};
    if (!c.sigma.empty()) args.insert(args.end(), {"--sigma", c.sigma});
    if (!c.inner.empty()) args.insert(args.end(), {"--inner", c.inner});
    args.push_back("--json");
    BOOST_TEST_CONTEXT(show(args)) {
      const double t = std::stod(c.t), eps = std::stod(c.eps), delta = std::stod(c.delta);
      const double sigma = c.sigma.empty() ? 1.0 : std::stod(c.sigma);
      const auto inner = inner_of(c.inner);
      const double bound = lilucb::lil_bound(t, eps, delta, sigma, inner);
      const double width = lilucb::lil_width(t, eps, delta, sigma, inner);
      std::optional<double> failure;
      if (eps > 0) {
        const double p = lilucb::lil_failure_probability(eps, delta, inner);
        if (p < 1) failure = p;
      }
      BOOST_TEST(!failure.has_value() == c.failure_null);
      BOOST_TEST(std::isfinite(bound));
      BOOST_TEST(bound > 0);

      const json j = expect_json(args);
      if (j.is_null()) continue;
      check_number(j, "/t", t);
      check_number(j, "/eps", eps);
      check_number(j, "/delta", delta);
      check_number(j, "/sigma", sigma);
      check_number(j, "/bound", bound);
      check_number(j, "/width", width);
      check_optional(j, "/failure_probability", failure);
      if (const auto v = at(j, "/failure_probability"))
        BOOST_TEST(v->is_null() == c.failure_null, "failure_probability = " << v->dump());
      if (const auto v = at(j, "/inner"))
        BOOST_TEST(*v == json(c.inner.empty() ? "plus2" : c.inner));
    }
  }
}

BOOST_AUTO_TEST_CASE(default_inner_is_plus2) {
  // The two forms differ here, so the comparison can tell which one the CLI used.
  const double lemma = lilucb::lil_bound(10.0, 0.5, 1e-4, 1.0, lilucb::inner_log::lemma);
  const double plus2 = lilucb::lil_bound(10.0, 0.5, 1e-4, 1.0, lilucb::inner_log::plus2);
  BOOST_TEST(std::abs(lemma - plus2) > 1e-6 * plus2);
  const json j = expect_json({"bound", "--t", "10", "--eps", "0.5", "--delta", "1e-4", "--json"});
  if (j.is_null()) return;
  check_number(j, "/bound", plus2);
  if (const auto v = at(j, "/inner")) BOOST_TEST(*v == json("plus2"));
  const json k = expect_json(
      {"bound", "--t", "10", "--eps", "0.5", "--delta", "1e-4", "--inner", "lemma", "--json"});
  if (!k.is_null()) check_number(k, "/bound", lemma);
}

BOOST_AUTO_TEST_CASE(plus2_accepts_delta_beyond_the_lemma_range) {
  // delta = 0.5 is outside (0, log(1+eps)/e) but inside plus2's (0,1).
  const auto ok = run_cli({"bound", "--t", "5", "--eps", "0.1", "--delta", "0.5", "--json"});
  BOOST_TEST(ok.status == 0);
  const auto bad =
      run_cli({"bound", "--t", "5", "--eps", "0.1", "--delta", "0.5", "--inner", "lemma", "--json"});
  BOOST_TEST(bad.status == 2);
}

BOOST_AUTO_TEST_CASE(text_mode_prints_the_key_numbers) {
  {
    const auto r = run_cli({"bound", "--t", "100", "--eps", "0.5", "--delta", "1e-4"});
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.err == "");
    BOOST_TEST(r.out.front() != '{');
    const auto in = lilucb::inner_log::plus2;
    for (const std::string& s :
         {text_number(lilucb::lil_bound(100.0, 0.5, 1e-4, 1.0, in)),
          text_number(lilucb::lil_width(100.0, 0.5, 1e-4, 1.0, in)),
          text_number(lilucb::lil_failure_probability(0.5, 1e-4, in))})
      BOOST_TEST(contains(r.out, s), "text output lacks " << s << ":\n" << r.out);
  }
  {
    const auto r = run_cli({"bound", "--t", "100", "--eps", "0", "--delta", "0.1"});
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.err == "");
    const auto in = lilucb::inner_log::plus2;
    BOOST_TEST(contains(r.out, text_number(lilucb::lil_bound(100.0, 0.0, 0.1, 1.0, in))));
    BOOST_TEST(contains(r.out, "none"), r.out);
  }
}

BOOST_AUTO_TEST_SUITE_END()

// -----------------------------------------------------------------------------------------
// Property: for random in-domain (t, eps, delta, sigma, inner) the CLI's JSON is the library's.
// -----------------------------------------------------------------------------------------

namespace {
/// A double in [0,1) from a 64-bit integer draw, at full size from the first case.
double draw_unit() {
  const auto k = *rc::gen::resize(
      rc::kNominalSize, rc::gen::inRange<std::uint64_t>(0, std::uint64_t(1) << 53));
  return std::ldexp(static_cast<double>(k), -53);
}
/// log-uniform in [lo, hi).
double draw_log_uniform(double lo, double hi) {
  return std::exp(std::log(lo) + draw_unit() * (std::log(hi) - std::log(lo)));
}
}  // namespace

RC_BOOST_PROP(bound_json_matches_library_on_random_inputs, ()) {
  const bool lemma = *rc::gen::arbitrary<bool>();
  const auto inner = lemma ? lilucb::inner_log::lemma : lilucb::inner_log::plus2;
  const double t = draw_log_uniform(1.0, 1e12);
  // eps = 0 is allowed for plus2; include it now and then.
  const bool zero_eps = !lemma && *rc::gen::inRange(0, 8) == 0;
  const double eps = zero_eps ? 0.0 : draw_log_uniform(1e-6, 0.999);
  const double cap = lemma ? std::log1p(eps) / std::exp(1.0) : 1.0;
  const double delta = draw_log_uniform(1e-15 * cap, cap);
  const double sigma = draw_log_uniform(1e-3, 1e3);
  RC_PRE(delta > 0 && delta < lilucb::lil_delta_max(eps > 0 ? eps : 0.5, inner) &&
         t >= 1 && eps < 1);

  const std::vector<std::string> args = {
      "bound", "--t", exact_text(t), "--eps", exact_text(eps), "--delta", exact_text(delta),
      "--sigma", exact_text(sigma), "--inner", lemma ? "lemma" : "plus2", "--json"};
  const auto r = run_cli(args);
  RC_LOG() << show(args) << "\nstdout: " << r.out << "\nstderr: " << r.err << "\n";
  RC_ASSERT(r.status == 0);
  RC_ASSERT(r.err.empty());
  const json j = json::parse(r.out);
  const auto close = [](double a, double b) {
    return a == b || std::abs(a - b) <= 1e-15 * std::max(std::abs(a), std::abs(b));
  };
  RC_ASSERT(close(j.at("t").get<double>(), t));
  RC_ASSERT(close(j.at("eps").get<double>(), eps));
  RC_ASSERT(close(j.at("delta").get<double>(), delta));
  RC_ASSERT(close(j.at("bound").get<double>(), lilucb::lil_bound(t, eps, delta, sigma, inner)));
  RC_ASSERT(close(j.at("width").get<double>(), lilucb::lil_width(t, eps, delta, sigma, inner)));
  std::optional<double> p;
  if (eps > 0) {
    const double q = lilucb::lil_failure_probability(eps, delta, inner);
    if (q < 1) p = q;
  }
  RC_ASSERT(j.at("failure_probability").is_null() == !p.has_value());
  if (p) RC_ASSERT(close(j.at("failure_probability").get<double>(), *p));
}
