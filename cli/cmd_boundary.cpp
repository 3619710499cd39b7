// `lilucb boundary`: one anytime boundary's radius and width at time t.

#include "boundary_options.hpp"
#include "cli_support.hpp"

#include "lilucb/boundaries/family.hpp"

#include <iostream>
#include <limits>
#include <memory>

namespace lilucb::cli {

namespace {

struct boundary_command_options {
  boundary_cli_options b;
  std::string t;
  bool json = false;
};

void run_boundary_command(const boundary_command_options& o) {
  const boundaries::boundary_spec s = boundary_spec_from(o.b, true);
  const double t = parse_real("--t", o.t, "[1, inf)");
  // The library's limit on t (the radius must be a double) is the user's --t.
  const double radius = [&] {
    try {
      return boundaries::boundary_radius(s, t);
    } catch (const lilucb::domain_error& e) {
      if (e.parameter() != "t") throw;
      throw lilucb::domain_error("lilucb boundary", "--t", o.t, e.admissible());
    }
  }();
  const auto stated = boundaries::stated_crossing_probability(s);
  const bool has_alpha = boundaries::has_alpha(s.kind);
  if (o.json) {
    print_json({{"kind", boundaries::to_string(s.kind)},
                {"t", t},
                {"sigma", s.sigma},
                {"alpha", has_alpha ? nlohmann::json(s.alpha) : nlohmann::json(nullptr)},
                {"stated_crossing_probability", json_or_null(stated)},
                {"radius", radius},
                {"width", radius / t}});
    return;
  }
  std::cout << boundaries::to_string(s.kind) << " boundary at t = " << text_number(t)
            << ", sigma = " << text_number(s.sigma);
  if (has_alpha) std::cout << ", alpha = " << text_number(s.alpha);
  std::cout << ":\n  radius on S_t        = " << text_number(radius)
            << "\n  width (radius / t)   = " << text_number(radius / t)
            << "\n  stated crossing prob = " << (stated ? text_number(*stated) : std::string("none")) << "\n";
}

}  // namespace

void add_boundary_command(CLI::App& app) {
  auto o = std::make_shared<boundary_command_options>();
  auto* sub = app.add_subcommand("boundary", "An anytime boundary's radius and width at time t (docs/boundaries.md)");
  add_boundary_options(sub, o->b, true);
  declare_option(sub->add_option("--t", o->t, "number of samples, >= 1")->required(),
                 real_spec(1, true, std::numeric_limits<double>::infinity(), false));
  declare_option(sub->add_flag("--json", o->json, "print one JSON object"), flag_spec());
  sub->callback([o] { run_boundary_command(*o); });
}

}  // namespace lilucb::cli
