// The reward models' table (reward_model.hpp) and the arms specification (arms_spec.hpp): names
// round trip, every model chosen by name has an arm set from visit_arms whose reward_model_of is
// that model, check_arms_spec's valid and invalid values (each edge of every range, NaN, the
// infinities) name the field as the caller calls it, and visit_arms builds the arms the
// specification describes.

#include "lilucb/bandit/arms_spec.hpp"
#include "lilucb/bandit/compose.hpp"
#include "lilucb/bandit/reward_model.hpp"
#include "lilucb/errors.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace lb = lilucb::bandit;

namespace {

constexpr double spec_inf = std::numeric_limits<double>::infinity();
constexpr double spec_nan = std::numeric_limits<double>::quiet_NaN();

lb::arms_spec arms_of_model(lb::reward_model m, std::vector<double> means) {
  lb::arms_spec a;
  a.model = m;
  a.means = std::move(means);
  return a;
}

// The parameter a refusal names, or "" when the specification is accepted.
std::string refused_by_check(const lb::arms_spec& a, const lb::arms_spec_names& names = {}) {
  try {
    lb::check_arms_spec("test", a, names);
  } catch (const lilucb::domain_error& e) {
    return e.parameter();
  }
  return "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(arms_spec)

BOOST_AUTO_TEST_CASE(model_names_round_trip) {
  for (const auto& d : lb::reward_models) {
    BOOST_TEST(std::string(lb::model_name(d.id)) == d.name);
    BOOST_TEST(std::string(lb::to_string(d.id)) == d.title);
    if (d.chosen_by_name) BOOST_TEST((lb::parse_reward_model("test", "model", d.name) == d.id));
    else BOOST_CHECK_THROW(lb::parse_reward_model("test", "model", d.name), lilucb::domain_error);
  }
  BOOST_TEST(lb::model_choices() == "{gaussian, bernoulli, bounded}");
  try {
    lb::parse_reward_model("lilucb run", "--model", "poisson");
    BOOST_FAIL("poisson parsed");
  } catch (const lilucb::domain_error& e) {
    BOOST_TEST(e.parameter() == "--model");
    BOOST_TEST(e.value() == "'poisson'");
    BOOST_TEST(e.admissible() == "{gaussian, bernoulli, bounded}");
  }
}

// Every model chosen by name (and gaussian_unknown_variance, drawn as gaussian) has an arm set, and
// that arm set's reward_model_of is the model the specification named.
BOOST_AUTO_TEST_CASE(every_model_chosen_by_name_has_its_arm_set) {
  for (const auto& d : lb::reward_models) {
    if (!d.chosen_by_name) continue;
    const auto a = arms_of_model(d.id, {0.6, 0.4});
    BOOST_TEST_CONTEXT(d.name) {
      BOOST_TEST(refused_by_check(a) == "");
      const auto model = lb::visit_arms(a, [](const auto& arms) {
        return lb::reward_model_of<std::decay_t<decltype(arms)>>();
      });
      BOOST_TEST((model == d.id));
    }
  }
  const auto unknown = arms_of_model(lb::reward_model::gaussian_unknown_variance, {0.6, 0.4});
  BOOST_TEST(lb::visit_arms(unknown, [](const auto& arms) {
    return std::is_same_v<std::decay_t<decltype(arms)>, lb::gaussian_arms>;
  }));
  BOOST_TEST(refused_by_check(arms_of_model(lb::reward_model::sub_gaussian, {0.6, 0.4})) == "model");
  BOOST_CHECK_THROW(lb::visit_arms(arms_of_model(lb::reward_model::sub_gaussian, {0.6, 0.4}), [](const auto&) {}),
                    lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(valid_and_invalid_values_name_the_field) {
  const lb::arms_spec_names cli{"--model", "--means", "--sigma", "--arm-sigmas", "--range", "--concentration"};
  struct row {
    std::function<void(lb::arms_spec&)> change;
    std::string parameter;  // "" = accepted
  };
  const std::vector<row> gaussian{
      {[](auto&) {}, ""},
      {[](auto& a) { a.sigma = 1e-300; }, ""},
      {[](auto& a) { a.sigma = 0; }, "--sigma"},
      {[](auto& a) { a.sigma = -1; }, "--sigma"},
      {[](auto& a) { a.sigma = spec_inf; }, "--sigma"},
      {[](auto& a) { a.sigma = spec_nan; }, "--sigma"},
      {[](auto& a) { a.sigmas = {0.5, 2}; }, ""},
      {[](auto& a) { a.sigmas = {0.5}; }, "--arm-sigmas"},
      {[](auto& a) { a.sigmas = {0.5, 0}; }, "--arm-sigmas[1]"},
      {[](auto& a) { a.sigmas = {spec_nan, 1}; }, "--arm-sigmas[0]"},
      {[](auto& a) { a.sigmas = {1, spec_inf}; }, "--arm-sigmas[1]"},
      // The range and the concentration are the bounded arms' only.
      {[](auto& a) { a.lo = 2, a.hi = 1, a.concentration = spec_nan; }, ""},
  };
  for (const auto& r : gaussian) {
    auto a = arms_of_model(lb::reward_model::gaussian, {3, 2});
    r.change(a);
    BOOST_TEST(refused_by_check(a, cli) == r.parameter);
    a.model = lb::reward_model::gaussian_unknown_variance;
    BOOST_TEST(refused_by_check(a, cli) == r.parameter);
  }
  const std::vector<row> bounded{
      {[](auto&) {}, ""},
      {[](auto& a) { a.concentration = 1e-300; }, ""},
      {[](auto& a) { a.concentration = 0; }, "--concentration"},
      {[](auto& a) { a.concentration = -1; }, "--concentration"},
      {[](auto& a) { a.concentration = spec_inf; }, "--concentration"},
      {[](auto& a) { a.concentration = spec_nan; }, "--concentration"},
      {[](auto& a) { a.hi = a.lo; }, "--range"},
      {[](auto& a) { a.lo = 5, a.hi = 0; }, "--range"},
      {[](auto& a) { a.hi = spec_inf; }, "--range"},
      {[](auto& a) { a.lo = -spec_inf; }, "--range"},
      {[](auto& a) { a.lo = spec_nan; }, "--range"},
      {[](auto& a) { a.lo = -1.5e308, a.hi = 1.5e308; }, "--range"},  // hi - lo overflows
      {[](auto& a) { a.lo = 0, a.hi = 5e-324; }, "--range"},         // (hi - lo)/2 underflows
      {[](auto& a) { a.means = {3, 4}; }, "--means[1]"},               // on an end
      {[](auto& a) { a.means = {0, 2}; }, "--means[0]"},
      {[](auto& a) { a.means = {3, spec_nan}; }, "--means[1]"},
      {[](auto& a) { a.sigma = spec_nan, a.sigmas = {0}; }, ""},            // sigma is the Gaussian arms' only
  };
  for (const auto& r : bounded) {
    auto a = arms_of_model(lb::reward_model::bounded, {3, 2});
    a.lo = 0;
    a.hi = 4;
    r.change(a);
    BOOST_TEST(refused_by_check(a, cli) == r.parameter);
  }
  // Bernoulli arms: their means are the constructor's to check (bernoulli_arms).
  auto b = arms_of_model(lb::reward_model::bernoulli, {0.3, 0.2});
  b.sigma = spec_nan;
  b.concentration = spec_nan;
  b.lo = 1;
  b.hi = 0;
  BOOST_TEST(refused_by_check(b, cli) == "");
  // The library's names by default.
  auto bad = arms_of_model(lb::reward_model::bounded, {3, 2});
  BOOST_TEST(refused_by_check(bad) == "means[0]");
  bad.hi = bad.lo;
  BOOST_TEST(refused_by_check(bad) == "range");
}

BOOST_AUTO_TEST_CASE(visit_arms_builds_the_specified_arms) {
  auto g = arms_of_model(lb::reward_model::gaussian, {1, 2});
  g.sigma = 0.7;
  lb::visit_arms(g, [](const auto& arms) {
    if constexpr (std::is_same_v<std::decay_t<decltype(arms)>, lb::gaussian_arms>) {
      BOOST_TEST(arms.means() == (std::vector<double>{1, 2}));
      BOOST_TEST(arms.subgaussian_scale() == 0.7);
    } else {
      BOOST_FAIL("not gaussian_arms");
    }
  });
  g.sigmas = {0.2, 1.5};
  BOOST_TEST(lb::visit_arms(g, [](const auto& arms) { return arms.subgaussian_scale(); }) == 1.5);
  auto u = arms_of_model(lb::reward_model::bounded, {1, 2});
  u.lo = -1;
  u.hi = 3;
  u.concentration = 4;
  lb::visit_arms(u, [](const auto& arms) {
    if constexpr (std::is_same_v<std::decay_t<decltype(arms)>, lb::bounded_arms>) {
      BOOST_TEST(arms.lo() == -1);
      BOOST_TEST(arms.hi() == 3);
      BOOST_TEST(arms.concentration() == 4);
      BOOST_TEST(arms.means() == (std::vector<double>{1, 2}));
    } else {
      BOOST_FAIL("not bounded_arms");
    }
  });
  // The defaults: bounded arms in [0, 1] at concentration 9, Gaussian ones at sigma 1/2.
  const lb::arms_spec d;
  BOOST_TEST(d.lo == 0);
  BOOST_TEST(d.hi == 1);
  BOOST_TEST(d.concentration == lb::bounded_arms::default_concentration);
  BOOST_TEST(d.sigma == lb::default_sigma);
}

BOOST_AUTO_TEST_SUITE_END()
