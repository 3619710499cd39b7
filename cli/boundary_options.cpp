#include "boundary_options.hpp"

#include "cli_support.hpp"

#include "lilucb/errors.hpp"

#include <cstdio>
#include <limits>
#include <string>
#include <vector>

namespace lilucb::cli {

void add_boundary_options(CLI::App* sub, boundary_cli_options& o, bool with_alpha) {
  using boundaries::boundary_kind;
  constexpr double inf = std::numeric_limits<double>::infinity();
  // Without --alpha (calibrate, which finds alpha) only the families indexed by alpha apply.
  std::vector<std::string> kinds, with_alpha_kinds;
  for (auto k : {boundary_kind::lil, boundary_kind::lil_plus2, boundary_kind::stitched, boundary_kind::mixture,
                 boundary_kind::mixture_two_sided, boundary_kind::linear, boundary_kind::constant}) {
    if (with_alpha || boundaries::has_alpha(k)) kinds.push_back(boundaries::to_string(k));
    if (boundaries::has_alpha(k)) with_alpha_kinds.push_back(boundaries::to_string(k));
  }
  // Each family's parameters apply to that family only: given with another --kind they are refused.
  // A family's parameters are what its radius at the engine's times t depends on ("t" errors of
  // crossing and calibrate); the finite-LIL family calls alpha delta, its range depends on eps.
  declare_option(sub->add_option("--kind", o.kind, "lil|lil-plus2|stitched|mixture|mixture-two-sided|linear|constant")->required(),
                 choice_spec(kinds));
  if (with_alpha)
    declare_option(sub->add_option("--alpha", o.alpha, "crossing probability in (0,1) (the delta of the finite-LIL bound [Lemma lem:lil] for lil, lil-plus2)"),
                   real_spec(0, false, 1, false).when("--kind", with_alpha_kinds).defaults_to(no_default).feeding({"delta"}));
  declare_option(sub->add_option("--sigma", o.sigma, "sub-Gaussian scale of one reward, > 0; default 1: the theory's unit scale (the bounds are stated for sigma-sub-Gaussian rewards)"),
                 real_spec(0, false, inf, false).defaults_to(o.sigma).feeding({"t"}));
  declare_option(sub->add_option("--eps", o.eps, "lil: eps in (0,1) (default 0.01)"),
                 real_spec(0, false, 1, false).when("--kind", {"lil", "lil-plus2"}).defaults_to(o.eps).feeding({"delta", "t"}));
  declare_option(sub->add_option("--inner", o.inner, "lil: lemma (default) or plus2"),
                 choice_spec({"lemma", "plus2"}).when("--kind", {"lil"}).defaults_to(o.inner));
  declare_option(sub->add_option("--eta", o.eta, "stitched: eta > 1 (default 2)"),
                 real_spec(1, false, inf, false).when("--kind", {"stitched"}).defaults_to(o.eta).feeding({"t"}));
  declare_option(sub->add_option("--s", o.s, "stitched: s > 1 (default 1.4)"),
                 real_spec(1, false, inf, false).when("--kind", {"stitched"}).defaults_to(o.s).feeding({"t"}));
  declare_option(sub->add_option("--m", o.m, "stitched: m > 0 (default sigma^2)"),
                 real_spec(0, false, inf, false).when("--kind", {"stitched"}).defaults_to("sigma^2").feeding({"t"}));
  declare_option(sub->add_option("--c", o.c, "stitched: c >= 0 (default 0); constant: the boundary value c >= 0"),
                 real_spec(0, true, inf, false).when("--kind", with_alpha ? std::vector<std::string>{"stitched", "constant"}
                                                                          : std::vector<std::string>{"stitched"}).defaults_to("0").feeding({"t"}));
  declare_option(sub->add_option("--v-opt", o.v_opt, "mixtures: intrinsic time v > 0 where rho is tightest (default 100 sigma^2)"),
                 real_spec(0, false, inf, false).when("--kind", {"mixture", "mixture-two-sided"}).defaults_to("100 sigma^2").feeding({"t"}));
  if (with_alpha) {  // the linear family has no alpha to calibrate
    declare_option(sub->add_option("--a", o.a, "linear: intercept a >= 0 (default 1)"),
                   real_spec(0, true, inf, false).when("--kind", {"linear"}).defaults_to(o.a).feeding({"t"}));
    declare_option(sub->add_option("--b", o.b, "linear: slope b >= 0 (default 0.1)"),
                   real_spec(0, true, inf, false).when("--kind", {"linear"}).defaults_to(o.b).feeding({"t"}));
  }
}

boundaries::boundary_spec boundary_spec_from(const boundary_cli_options& o, bool alpha_required) {
  using boundaries::boundary_kind;
  boundaries::boundary_spec s;
  s.kind = boundaries::parse_boundary_kind(o.kind);
  s.sigma = parse_real("--sigma", o.sigma, "(0, inf)");
  if (boundaries::has_alpha(s.kind)) {
    if (o.alpha.empty()) {
      if (alpha_required)
        throw lilucb::domain_error("lilucb " + o.kind, "--alpha", "missing", "(0, 1), required for --kind " + o.kind);
    } else {
      s.alpha = parse_real("--alpha", o.alpha, "(0, 1)");
    }
  }
  switch (s.kind) {
    case boundary_kind::lil:
    case boundary_kind::lil_plus2:
      s.eps = parse_real("--eps", o.eps, "(0, 1)");
      s.inner = parse_inner_log(o.inner);
      break;
    case boundary_kind::stitched:
      s.eta = parse_real("--eta", o.eta, "(1, inf)");
      s.s = parse_real("--s", o.s, "(1, inf)");
      if (!o.m.empty()) {
        s.m = parse_real("--m", o.m, "(0, inf)");
        if (!(s.m > 0)) throw lilucb::domain_error("lilucb " + o.kind, "--m", o.m, "(0, inf)");
      }
      if (!o.c.empty()) s.c = parse_real("--c", o.c, "[0, inf)");
      break;
    case boundary_kind::mixture:
    case boundary_kind::mixture_two_sided:
      if (!o.v_opt.empty()) {
        s.v_opt = parse_real("--v-opt", o.v_opt, "(0, inf)");
        if (!(s.v_opt > 0)) throw lilucb::domain_error("lilucb " + o.kind, "--v-opt", o.v_opt, "(0, inf)");
      }
      break;
    case boundary_kind::linear:
      s.a = parse_real("--a", o.a, "[0, inf)");
      s.b = parse_real("--b", o.b, "[0, inf)");
      break;
    case boundary_kind::constant:
      if (o.c.empty()) throw lilucb::domain_error("lilucb " + o.kind, "--c", "missing", "[0, inf), required for --kind constant");
      s.c_const = parse_real("--c", o.c, "[0, inf)");
      break;
  }
  // Without a required alpha (calibrate, stated_alpha_for), alpha is a placeholder the caller
  // replaces; for the finite-LIL family it must still lie in Lemma lem:lil's delta range (the
  // default 0.05 does not for eps < 0.146), so take half the largest admissible delta.
  if (!alpha_required && o.alpha.empty() && (s.kind == boundary_kind::lil || s.kind == boundary_kind::lil_plus2) &&
      s.eps > 0 && s.eps < 1)
    s.alpha = lil_delta_max(s.eps, boundaries::detail::lil_inner(s)) / 2;
  // The finite-LIL family's alpha is Lemma lem:lil's delta: the library's refusal of that delta is
  // said in the option's own name.
  try {
    boundaries::check_boundary_spec(s);
  } catch (const lilucb::domain_error& e) {
    if (e.parameter() != "delta" || o.alpha.empty() ||
        (s.kind != boundary_kind::lil && s.kind != boundary_kind::lil_plus2))
      throw;
    throw lilucb::domain_error("lilucb " + o.kind, "--alpha", o.alpha,
                               e.admissible() + " for --kind " + o.kind + " at --eps " + o.eps +
                                   " (alpha is the finite-LIL bound's delta [Lemma lem:lil]); --kind lil-plus2 takes any alpha in (0, 1)");
  }
  return s;
}

void check_computing_time(const std::string& command, const boundaries::computing_time& estimate,
                          std::uint64_t horizon, unsigned resolution, double max_seconds,
                          const computing_argument_names& names, std::ostream* note) {
  if (estimate.timed_horizon == 0) return;
  char in_hours[32] = "";
  if (estimate.seconds >= 3600) std::snprintf(in_hours, sizeof in_hours, " (%.3g h)", estimate.seconds / 3600);
  char how[256];
  std::snprintf(how, sizeof how, "about %.3g s%s at %s %u (its first %llu steps took %.3g s)", estimate.seconds,
                in_hours, names.resolution, resolution, static_cast<unsigned long long>(estimate.timed_horizon),
                estimate.timed_seconds);
  if (estimate.seconds > max_seconds) {
    char limit[64];
    std::snprintf(limit, sizeof limit, "%g", max_seconds);
    throw lilucb::domain_error(command, names.horizon, std::to_string(horizon),
                               std::string("a computation estimated within ") + names.max_seconds + " = " + limit +
                                   " s; this one would take " + how + ": lower " + names.horizon + " or " +
                                   names.resolution + ", or raise " + names.max_seconds);
  }
  if (note && estimate.seconds > 10) *note << command << ": " << how << "; Ctrl-C stops it" << std::endl;
}

}  // namespace lilucb::cli
