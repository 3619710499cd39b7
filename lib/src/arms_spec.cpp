#include "lilucb/bandit/arms_spec.hpp"

#include "lilucb/bandit/reward_model.hpp"
#include "lilucb/errors.hpp"

#include <cmath>
#include <string>

namespace lilucb::bandit {

std::string model_choices() {
  std::string s = "{";
  for (const auto& d : reward_models)
    if (d.chosen_by_name) {
      if (s.size() > 1) s += ", ";
      s += d.name;
    }
  s += "}";
  return s;
}

reward_model parse_reward_model(const char* function, const char* parameter, std::string_view name) {
  for (const auto& d : reward_models)
    if (d.chosen_by_name && name == d.name) return d.id;
  lilucb::detail::raise_domain_error(function, parameter, lilucb::detail::quoted(name), model_choices());
}

namespace {

std::string number(double x) { return lilucb::detail::format_value(x); }

bool positive_finite(double x) { return x > 0 && std::isfinite(x); }

}  // namespace

void check_arms_spec(const char* function, const arms_spec& a, const arms_spec_names& names) {
  const auto refuse = [&](const std::string& parameter, const std::string& value, const std::string& admissible) {
    lilucb::detail::raise_domain_error(function, parameter.c_str(), value, admissible);
  };
  switch (a.model) {
    case reward_model::gaussian:
    case reward_model::gaussian_unknown_variance:
      if (!positive_finite(a.sigma)) refuse(names.sigma, number(a.sigma), "(0, inf)");
      if (!a.sigmas.empty() && a.sigmas.size() != a.means.size())
        refuse(names.sigmas, std::to_string(a.sigmas.size()) + " values",
               "one standard deviation per arm (" + std::to_string(a.means.size()) + ")");
      for (std::size_t i = 0; i < a.sigmas.size(); ++i)
        if (!positive_finite(a.sigmas[i])) refuse(names.sigmas + "[" + std::to_string(i) + "]", number(a.sigmas[i]), "(0, inf)");
      return;
    case reward_model::bernoulli: return;
    case reward_model::bounded: {
      const double lo = a.lo, hi = a.hi;
      if (!(std::isfinite(lo) && std::isfinite(hi) && lo < hi && std::isfinite(hi - lo) && (hi - lo) / 2 > 0)) {
        std::string value = "(";
        value += number(lo);
        value += ", ";
        value += number(hi);
        value += ")";
        refuse(names.range, value, "(lo, hi) with lo < hi, both finite, hi - lo finite and (hi - lo)/2 > 0");
      }
      if (!positive_finite(a.concentration)) refuse(names.concentration, number(a.concentration), "(0, inf)");
      for (std::size_t i = 0; i < a.means.size(); ++i)
        if (!(a.means[i] > lo && a.means[i] < hi)) {
          std::string admissible = "(";
          admissible += number(lo);
          admissible += ", ";
          admissible += number(hi);
          admissible += "): means strictly inside the range of bounded arms";
          refuse(names.means + "[" + std::to_string(i) + "]", number(a.means[i]), admissible);
        }
      return;
    }
    case reward_model::sub_gaussian: break;
  }
  refuse(names.model, model_name(a.model), model_choices());
}

}  // namespace lilucb::bandit
