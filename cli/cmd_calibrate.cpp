// `lilucb calibrate`: the alpha at which a boundary's certified crossing probability for
// Gaussian rewards equals a target.

#include "boundary_options.hpp"
#include "cli_support.hpp"

#include "lilucb/boundaries/calibration.hpp"

#include <iostream>
#include <limits>
#include <memory>

namespace lilucb::cli {

namespace {

struct calibrate_command_options {
  boundary_cli_options b;
  std::string target, horizon = "10000", resolution = "4", max_seconds = "600";
  bool json = false;
};

void run_calibrate_command(const calibrate_command_options& o) {
  const boundaries::boundary_spec s = boundary_spec_from(o.b, false);
  const double p = parse_real("--target", o.target, "(0, 1/2)");
  boundaries::calibration_options co;
  co.horizon = parse_count("--horizon", o.horizon, "[1, 10^6]");
  if (co.horizon < 1 || co.horizon > 1000000)
    throw lilucb::domain_error("lilucb calibrate", "--horizon", o.horizon, "[1, 10^6]");
  const std::uint64_t q = parse_count("--resolution", o.resolution, "[1, 64]");
  if (q < 1 || q > 64) throw lilucb::domain_error("lilucb calibrate", "--resolution", o.resolution, "[1, 64]");
  co.resolution = static_cast<unsigned>(q);
  const double max_seconds = parse_real("--max-seconds", o.max_seconds, "(0, inf)");
  // A target so small that the boundary's alpha underflows is the user's --target, not an alpha
  // they never gave.
  const auto target_refused = [&](const lilucb::domain_error& e) {
    if (e.parameter() != "alpha") throw e;
    throw lilucb::domain_error("lilucb calibrate", "--target", o.target,
                               "a target whose boundary parameter alpha is a positive double (here alpha = " + e.value() + ")");
  };
  boundaries::calibration_result r;
  try {
    check_computing_time("lilucb calibrate", boundaries::estimate_calibration_time(s, p, co), co.horizon, co.resolution,
                         max_seconds, {}, &std::cerr);
    r = boundaries::calibrate(s, p, co);
  } catch (const lilucb::domain_error& e) {
    target_refused(e);
  }
  nlohmann::json widths = nlohmann::json::object();
  for (std::size_t i = 0; i < r.width_times.size(); ++i) widths[text_number(r.width_times[i])] = r.width_ratio[i];
  if (o.json) {
    print_json({{"kind", boundaries::to_string(s.kind)},
                {"sigma", s.sigma},
                {"target", p},
                {"horizon", co.horizon},
                {"stated_alpha", r.stated_alpha},
                {"effective_probability_at_stated_alpha", r.effective_at_stated},
                {"alpha", r.alpha},
                {"alpha_ratio", r.alpha_ratio},
                {"achieved", r.achieved},
                {"width_ratio", widths}});
    return;
  }
  std::cout << "calibrating " << boundaries::to_string(s.kind) << " to crossing probability " << text_number(p)
            << " (Gaussian rewards, sigma = " << text_number(s.sigma) << ", engine to T = " << co.horizon
            << " plus the proven tail):\n"
            << "  stated alpha            = " << text_number(r.stated_alpha) << " (its certified probability "
            << text_number(r.effective_at_stated) << ")\n"
            << "  calibrated alpha        = " << text_number(r.alpha) << " (x" << text_number(r.alpha_ratio)
            << ", certified probability " << text_number(r.achieved) << ")\n";
  for (std::size_t i = 0; i < r.width_times.size(); ++i)
    std::cout << "  width ratio at t = " << text_number(r.width_times[i]) << " : " << text_number(r.width_ratio[i]) << "\n";
}

}  // namespace

void add_calibrate_command(CLI::App& app) {
  auto o = std::make_shared<calibrate_command_options>();
  auto* sub = app.add_subcommand("calibrate", "The alpha whose certified crossing probability equals a target");
  add_boundary_options(sub, o->b, false);
  declare_option(sub->add_option("--target", o->target, "target crossing probability p in (0, 1/2)")->required(),
                 real_spec(0, false, 0.5, false).feeding({"delta", "p"}));
  declare_option(sub->add_option("--horizon", o->horizon, "horizon of the crossing computation (default 10^4; beyond it the tail bound)"),
                 count_spec(1, 1000000, "[1, 10^6]").defaults_to(o->horizon));
  declare_option(sub->add_option("--resolution", o->resolution, "grid resolution (default 4)"), count_spec(1, 64, "[1, 64]").defaults_to(o->resolution));
  declare_option(sub->add_option("--max-seconds", o->max_seconds,
                                 "refuse a calibration estimated (by timing a crossing computation's first steps) to take longer (default 600)"),
                 real_spec(0, false, std::numeric_limits<double>::infinity(), false).defaults_to(o->max_seconds));
  declare_option(sub->add_flag("--json", o->json, "print one JSON object"), flag_spec());
  sub->callback([o] { run_calibrate_command(*o); });
}

}  // namespace lilucb::cli
