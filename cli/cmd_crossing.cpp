// `lilucb crossing`: the probability that a Gaussian walk ever crosses a boundary.

#include "boundary_options.hpp"
#include "cli_support.hpp"

#include "lilucb/boundaries/crossing.hpp"

#include <iostream>
#include <limits>
#include <memory>

namespace lilucb::cli {

namespace {

struct crossing_command_options {
  boundary_cli_options b;
  std::string horizon, resolution = "4", max_seconds = "600";
  bool json = false;
};

void run_crossing_command(const crossing_command_options& o) {
  const boundaries::boundary_spec s = boundary_spec_from(o.b, true);
  const std::uint64_t horizon = parse_count("--horizon", o.horizon, "[1, 10^7]");
  if (horizon < 1 || horizon > 10000000)
    throw lilucb::domain_error("lilucb crossing", "--horizon", o.horizon, "[1, 10^7]");
  const std::uint64_t q = parse_count("--resolution", o.resolution, "[1, 256]");
  if (q < 1 || q > 256) throw lilucb::domain_error("lilucb crossing", "--resolution", o.resolution, "[1, 256]");
  const double max_seconds = parse_real("--max-seconds", o.max_seconds, "(0, inf)");
  check_computing_time("lilucb crossing", boundaries::estimate_crossing_time(s, horizon, static_cast<unsigned>(q)),
                       horizon, static_cast<unsigned>(q), max_seconds, {}, &std::cerr);
  const auto r = boundaries::crossing_probability(s, horizon, static_cast<unsigned>(q));
  if (o.json) {
    print_json({{"kind", boundaries::to_string(s.kind)},
                {"alpha", boundaries::has_alpha(s.kind) ? nlohmann::json(s.alpha) : nlohmann::json(nullptr)},
                {"sigma", s.sigma},
                {"horizon", horizon},
                {"probability_lower", r.probability_lower},
                {"probability_upper", r.probability_upper},
                {"estimate", r.estimate},
                {"tail_bound", json_or_null(r.tail_bound)},
                {"method", r.method}});
    return;
  }
  std::cout << "P(exists t <= " << horizon << " : S_t >= u(t)) for " << boundaries::to_string(s.kind)
            << ", Gaussian rewards of sigma = " << text_number(s.sigma) << ":\n"
            << "  in [" << text_number(r.probability_lower) << ", " << text_number(r.probability_upper)
            << "] (estimate " << text_number(r.estimate) << ")\n"
            << "  after the horizon     <= "
            << (r.tail_bound ? text_number(*r.tail_bound) : std::string("none proven")) << "\n"
            << "  method: " << r.method << "\n";
}

}  // namespace

void add_crossing_command(CLI::App& app) {
  auto o = std::make_shared<crossing_command_options>();
  auto* sub = app.add_subcommand("crossing", "Exact crossing probability of a boundary by a Gaussian walk");
  add_boundary_options(sub, o->b, true);
  declare_option(sub->add_option("--horizon", o->horizon, "last time T, in [1, 10^7]")->required(), count_spec(1, 10000000, "[1, 10^7]"));
  declare_option(sub->add_option("--resolution", o->resolution, "q: node spacing min(sigma/2, 2 sigma/q) of the finer discretisation (default 4, sigma/2; the other uses 1.25 times that)"),
                 count_spec(1, 256, "[1, 256]").defaults_to(o->resolution));
  declare_option(sub->add_option("--max-seconds", o->max_seconds,
                                 "refuse a computation estimated (by timing its first steps) to take longer (default 600)"),
                 real_spec(0, false, std::numeric_limits<double>::infinity(), false).defaults_to(o->max_seconds));
  declare_option(sub->add_flag("--json", o->json, "print one JSON object"), flag_spec());
  sub->callback([o] { run_crossing_command(*o); });
}

}  // namespace lilucb::cli
