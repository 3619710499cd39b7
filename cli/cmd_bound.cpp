// `lilucb bound`: the finite-LIL bound of Lemma lem:lil at one t.

#include "cli_support.hpp"

#include "lilucb/theory/finite_lil.hpp"

#include <iostream>
#include <memory>

namespace lilucb::cli {

namespace {

struct bound_options {
  std::string t, eps, delta, sigma = "1", inner = "plus2";
  bool json = false;
};

void run_bound(const bound_options& o) {
  const double t = parse_real("--t", o.t, "[1, inf)");
  const double eps = parse_real("--eps", o.eps, "[0, 1)");
  const double delta = parse_real("--delta", o.delta, "(0, 1)");
  const double sigma = parse_real("--sigma", o.sigma, "(0, inf)");
  const inner_log inner = parse_inner_log(o.inner);

  const double bound = lil_bound(t, eps, delta, sigma, inner);
  const double width = lil_width(t, eps, delta, sigma, inner);
  // A guarantee exists for eps in (0,1) only, and is informative only when < 1.
  std::optional<double> failure, failure_proof;
  std::string why_none;
  if (eps > 0) {
    const double p = lil_failure_probability(eps, delta, inner);
    if (p < 1) failure = p;
    else why_none = "the stated failure probability is >= 1 (vacuous)";
    if (delta < lil_delta_max(eps, inner_log::lemma)) {
      const double q = lil_failure_probability_proof(eps, delta);
      if (q < 1) failure_proof = q;
    }
  } else {
    why_none = "eps = 0 is outside the finite-LIL bound [Lemma lem:lil] (no guarantee)";
  }
  if (o.json) {
    print_json({{"t", t},
                {"eps", eps},
                {"delta", delta},
                {"sigma", sigma},
                {"inner", to_string(inner)},
                {"bound", bound},
                {"width", width},
                {"failure_probability", json_or_null(failure)},
                {"failure_probability_proof", json_or_null(failure_proof)}});
    return;
  }
  std::cout << "The finite-LIL bound [Lemma lem:lil] (" << (inner == inner_log::lemma ? "log((1+eps)t)" : "log((1+eps)t + 2)")
            << ") at t = " << text_number(t) << ", eps = " << text_number(eps)
            << ", delta = " << text_number(delta) << ", sigma = " << text_number(sigma) << ":\n"
            << "  bound on S_t          = " << text_number(bound) << "\n"
            << "  width (bound / t)     = " << text_number(width) << "\n"
            << "  failure probability   = "
            << (failure ? text_number(*failure) : "none: " + why_none) << "\n";
  if (failure_proof)
    std::cout << "  as the proof sums it  = " << text_number(*failure_proof)
              << " (2 zeta(1+eps) - 1 terms plus t = 1; docs/findings.md)\n";
}

}  // namespace

void add_bound_command(CLI::App& app) {
  auto o = std::make_shared<bound_options>();
  auto* sub = app.add_subcommand("bound", "The finite-LIL bound [Lemma lem:lil] at time t");
  declare_option(sub->add_option("--t", o->t, "number of samples, >= 1")->required(), real_spec(1, true, std::numeric_limits<double>::infinity(), false));
  declare_option(sub->add_option("--eps", o->eps, "eps, in (0,1) ([0,1) with --inner plus2)")->required(), real_spec(0, true, 1, false));
  declare_option(sub->add_option("--delta", o->delta, "delta, in (0, log(1+eps)/e) (lemma) or (0,1) (plus2)")->required(), real_spec(0, false, 1, false));
  declare_option(sub->add_option("--sigma", o->sigma, "sub-Gaussian scale of one reward, > 0; default 1: the theory's unit scale (the bounds are stated for sigma-sub-Gaussian rewards)"), real_spec(0, false, std::numeric_limits<double>::infinity(), false).defaults_to(o->sigma));
  declare_option(sub->add_option("--inner", o->inner, "lemma: log((1+eps)t); plus2: log((1+eps)t + 2) (default)"), choice_spec({"lemma", "plus2"}).defaults_to(o->inner));
  declare_option(sub->add_flag("--json", o->json, "print one JSON object"), flag_spec());
  sub->callback([o] { run_bound(*o); });
}

}  // namespace lilucb::cli
