// Bindings of the anytime boundaries (lib/include/lilucb/boundaries/): each family's radius and
// tail bound, the one run-time family description (family.hpp), the crossing engine
// (crossing.hpp), its Monte-Carlo check (monte_carlo.hpp) and the calibration (calibration.hpp).
//
// A boundary is named by the keyword arguments of `lilucb boundary|crossing|calibrate`
// (kind, alpha, sigma, eps, inner, eta, s, m, c, v_opt, a, b; None = the option not given) and
// turned into a boundary_spec by the CLI's own boundary_spec_from (cli/boundary_options.cpp): one
// place for the families' defaults and checks, so an invalid boundary raises the CLI's message.
// Python numbers reach it as their shortest round-trip text, which reads back as the same double.

#include "py_common.hpp"

#include "boundary_options.hpp"

#include "lilucb/boundaries/calibration.hpp"
#include "lilucb/boundaries/crossing.hpp"
#include "lilucb/boundaries/crossing_time.hpp"
#include "lilucb/boundaries/family.hpp"
#include "lilucb/boundaries/glr_threshold.hpp"
#include "lilucb/boundaries/lil_tail.hpp"
#include "lilucb/boundaries/linear.hpp"
#include "lilucb/boundaries/monte_carlo.hpp"
#include "lilucb/boundaries/normal_mixture.hpp"
#include "lilucb/boundaries/stitching.hpp"

#include <cstdio>
#include <limits>

namespace lilucb::python {

namespace {

namespace lb = lilucb::boundaries;

constexpr double boundary_nan = std::numeric_limits<double>::quiet_NaN();

using opt = std::optional<double>;
using opt_text = std::optional<std::string>;

/// The boundary keyword arguments as Python passed them (None: not given, the family's default).
struct boundary_kwargs {
  std::string kind;
  opt alpha;
  double sigma = 1;
  opt eps;
  opt_text inner;
  opt eta, s, m, c, v_opt, a, b;
};

/// The spec `lilucb <command> --kind ... --alpha <alpha> ...` builds (alpha overrides kw.alpha):
/// the arguments given are the options given, None the options left out (the CLI's defaults).
/// A family's argument given for another kind is refused, as the CLI refuses its option: never
/// silently ignored (alpha too, for linear and constant).
lb::boundary_spec spec_of(const boundary_kwargs& kw, std::optional<double> alpha, bool alpha_required) {
  cli::boundary_cli_options o;
  o.kind = kw.kind;
  o.alpha = alpha ? number_text(*alpha) : std::string();
  o.sigma = number_text(kw.sigma);
  const auto set = [](std::string& option, const opt& x) {
    if (x) option = number_text(*x);
  };
  set(o.eps, kw.eps);
  if (kw.inner) o.inner = *kw.inner;
  set(o.eta, kw.eta);
  set(o.s, kw.s);
  set(o.m, kw.m);
  set(o.c, kw.c);
  set(o.v_opt, kw.v_opt);
  set(o.a, kw.a);
  set(o.b, kw.b);
  const lb::boundary_spec spec = cli::boundary_spec_from(o, alpha_required);
  using lb::boundary_kind;
  const bool lil = spec.kind == boundary_kind::lil || spec.kind == boundary_kind::lil_plus2;
  const bool stitched = spec.kind == boundary_kind::stitched;
  const bool mixture = spec.kind == boundary_kind::mixture || spec.kind == boundary_kind::mixture_two_sided;
  const bool linear = spec.kind == boundary_kind::linear;
  const auto refuse = [&](const char* name, const std::string& value, const char* families) {
    throw lilucb::domain_error("lilucb " + kw.kind, name, value,
                               std::string("None for kind ") + kw.kind + " (" + name + " applies to " + families +
                                   " only)");
  };
  const auto given_only_for = [&](const char* name, const opt& x, bool applies, const char* families) {
    if (!applies && x) refuse(name, number_text(*x), families);
  };
  if (!lb::has_alpha(spec.kind) && alpha) refuse("alpha", number_text(*alpha), "the families indexed by alpha");
  given_only_for("eps", kw.eps, lil, "kind lil and lil-plus2");
  if (kw.inner && spec.kind != boundary_kind::lil) refuse("inner", "'" + *kw.inner + "'", "kind lil");
  given_only_for("eta", kw.eta, stitched, "kind stitched");
  given_only_for("s", kw.s, stitched, "kind stitched");
  given_only_for("m", kw.m, stitched, "kind stitched");
  given_only_for("c", kw.c, stitched || spec.kind == boundary_kind::constant, "kind stitched and constant");
  given_only_for("v_opt", kw.v_opt, mixture, "kind mixture and mixture-two-sided");
  given_only_for("a", kw.a, linear, "kind linear");
  given_only_for("b", kw.b, linear, "kind linear");
  return spec;
}

/// Specs for a stream of alpha values (one vectorised call): built once when alpha was not given
/// (None: the CLI without --alpha), else once per distinct alpha, kept for up to 64 distinct
/// values (a broadcast grid of t against a few alphas builds each spec once), beyond that rebuilt
/// when alpha changes.  A NaN never matches: it is built, and rejected as `--alpha nan` is.
class spec_cache {
 public:
  spec_cache(boundary_kwargs kw, bool alpha_given) : kw_(std::move(kw)), given_(alpha_given) { kept_.reserve(64); }
  const lb::boundary_spec& at(double alpha) {
    if (!given_) {
      if (!none_) none_ = spec_of(kw_, std::nullopt, true);
      return *none_;
    }
    for (const auto& e : kept_)
      if (e.first == alpha) return e.second;
    if (last_alpha_ == alpha) return *last_;
    lb::boundary_spec spec = spec_of(kw_, alpha, true);
    if (kept_.size() < 64) {
      kept_.emplace_back(alpha, spec);
      return kept_.back().second;
    }
    last_ = spec;
    last_alpha_ = alpha;
    return *last_;
  }

 private:
  boundary_kwargs kw_;
  bool given_;
  std::optional<lb::boundary_spec> none_;
  std::vector<std::pair<double, lb::boundary_spec>> kept_;  // reserved: references stay valid
  std::optional<lb::boundary_spec> last_;
  double last_alpha_ = boundary_nan;  // NaN: matches nothing
};

using float_array = py::array_t<double, py::array::forcecast>;

/// "lilucb.NAME(LEADING, sigma=1.0, ...)": the public signature of a function taking the boundary
/// keyword arguments, for TypeErrors.
std::string boundary_signature(const char* name, const char* leading) {
  return std::string("lilucb.") + name + "(" + leading +
         ", sigma=1.0, eps=None, inner=None, eta=None, s=None, m=None, c=None, v_opt=None, a=None, b=None)";
}

/// alpha as an array argument, checked (None: a placeholder the spec_cache ignores).
float_array alpha_array(const std::string& signature, const py::object& alpha) {
  return alpha.is_none() ? float_array(py::float_(boundary_nan)) : real_array_arg(signature, "alpha", alpha);
}

lb::mixture_sides parse_sides(const char* fn, const std::string& sides) {
  if (sides == "one-sided") return lb::mixture_sides::one_sided;
  if (sides == "two-sided") return lb::mixture_sides::two_sided;
  throw lilucb::domain_error(fn, "sides", "'" + sides + "'", "{one-sided, two-sided}");
}

/// A count option of `lilucb crossing|calibrate`, checked as the CLI checks its text: a whole
/// number (parse_count's message otherwise), then the command's range.
std::uint64_t cli_count(const char* command, const char* option, double x, double lo, double hi,
                        const char* admissible) {
  const bool whole = x >= 0 && std::floor(x) == x && x <= 1.8e19;
  std::string text = number_text(x);  // what a user would type: 100000000, not 1e+08
  if (whole) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", x);
    text = buf;
  }
  if (!whole)
    throw lilucb::domain_error("lilucb", option, "'" + text + "' (not a whole number)", admissible);
  if (!(x >= lo && x <= hi)) throw lilucb::domain_error(command, option, text, admissible);
  return static_cast<std::uint64_t>(x);
}

/// The crossing engine evaluates the boundary at t = 1..horizon: a refusal of one of those t (the
/// stitched radius overflows past t = 1.6 at s = 1e308) is a refusal of the horizon, the argument.
void rethrow_time_as_horizon(const char* function, const lilucb::domain_error& e, std::uint64_t horizon) {
  if (e.parameter() != "t") return;
  throw lilucb::domain_error(function, "horizon", std::to_string(horizon),
                             "horizons whose every time t is admissible: t in " + e.admissible() + " (here t = " +
                                 e.value() + " is not)");
}

// The boundary keyword arguments, in the CLI's order, after the function's own leading ones.
#define LILUCB_BOUNDARY_ARGS                                                                           \
  py::arg("sigma") = 1.0, py::arg("eps") = py::none(), py::arg("inner") = py::none(),                 \
      py::arg("eta") = py::none(), py::arg("s") = py::none(), py::arg("m") = py::none(),              \
      py::arg("c") = py::none(), py::arg("v_opt") = py::none(), py::arg("a") = py::none(),            \
      py::arg("b") = py::none()

boundary_kwargs make_kwargs(const std::string& kind, std::optional<double> alpha, double sigma, opt eps,
                            opt_text inner, opt eta, opt s, std::optional<double> m,
                            std::optional<double> c, std::optional<double> v_opt, opt a, opt b) {
  return boundary_kwargs{kind, alpha, sigma, eps, inner, eta, s, m, c, v_opt, a, b};
}

/// The Python names of the arguments check_computing_time's messages name.
const cli::computing_argument_names python_computing_names{"horizon", "resolution", "max_seconds"};

const char* const boundary_kwargs_doc =
    "The boundary: kind in {lil, lil-plus2, stitched, mixture, mixture-two-sided, linear, constant};\n"
    "alpha its crossing probability in (0,1) (the delta of Lemma lem:lil for lil, lil-plus2; required\n"
    "for every family but linear and constant); sigma > 0 the sub-Gaussian scale of one reward;\n"
    "lil: eps in (0,1) (None: 0.01), inner 'lemma' (None) or 'plus2'; stitched: eta > 1 (None: 2),\n"
    "s > 1 (None: 1.4), m > 0 (None: sigma^2), c >= 0 (None: 0); mixtures: v_opt > 0 (None: 100 sigma^2);\n"
    "linear: a >= 0 (None: 1), b >= 0 (None: 0.1); constant: c >= 0 (required).\n"
    "The names and defaults of `lilucb boundary --help`; an invalid boundary raises DomainError\n"
    "with the CLI's message.  A family's argument given (not None) for another kind raises\n"
    "DomainError naming it, as the CLI refuses the option.";

}  // namespace

void register_boundaries(py::module_& m) {
  using py::arg;

  // ---- one boundary (family.hpp), vectorised over t and alpha ----
  m.def(
      "boundary_radius",
      [](const std::string& kind, const array_like& t, const optional_array_like& alpha, double sigma, opt eps,
         opt_text inner, opt eta, opt s, std::optional<double> mm, std::optional<double> c,
         std::optional<double> v_opt, opt a, opt b) -> float_or_array {
        const std::string sig = boundary_signature("boundary_radius", "kind, t, alpha=None");
        const float_array ts = real_array_arg(sig, "t", t), alphas = alpha_array(sig, alpha);
        check_broadcast("lilucb.boundary_radius", {{"t", ts}, {"alpha", alphas}});
        spec_cache cache(make_kwargs(kind, std::nullopt, sigma, eps, inner, eta, s, mm, c, v_opt, a, b), !alpha.is_none());
        return py::vectorize([&cache](double tt, double al) { return lb::boundary_radius(cache.at(al), tt); })(ts, alphas);
      },
      arg("kind"), arg("t"), arg("alpha") = py::none(), LILUCB_BOUNDARY_ARGS,
      (std::string("The radius u(t) on the sum S_t of t rewards of one anytime boundary\n"
                   "(lilucb::boundaries::boundary_radius, family.hpp; `lilucb boundary` prints it as radius):\n"
                   "  lil, lil-plus2: lil_bound(t, eps, alpha, sigma, inner) (Lemma lem:lil);\n"
                   "  stitched: Howard et al. (2021) Theorem 1, eq. (10), at v = sigma^2 t;\n"
                   "  mixture, mixture-two-sided: Howard et al. (2021) Proposition 5 / eq. (14);\n"
                   "  linear: a + b t;  constant: c.\n"
                   "Domain: t >= 1.  Broadcasts over t and alpha.\n") +
       boundary_kwargs_doc)
          .c_str());

  m.def(
      "boundary_width",
      [](const std::string& kind, const array_like& t, const optional_array_like& alpha, double sigma, opt eps,
         opt_text inner, opt eta, opt s, std::optional<double> mm, std::optional<double> c,
         std::optional<double> v_opt, opt a, opt b) -> float_or_array {
        const std::string sig = boundary_signature("boundary_width", "kind, t, alpha=None");
        const float_array ts = real_array_arg(sig, "t", t), alphas = alpha_array(sig, alpha);
        check_broadcast("lilucb.boundary_width", {{"t", ts}, {"alpha", alphas}});
        spec_cache cache(make_kwargs(kind, std::nullopt, sigma, eps, inner, eta, s, mm, c, v_opt, a, b), !alpha.is_none());
        return py::vectorize([&cache](double tt, double al) { return lb::boundary_radius(cache.at(al), tt) / tt; })(ts,
                                                                                                                alphas);
      },
      arg("kind"), arg("t"), arg("alpha") = py::none(), LILUCB_BOUNDARY_ARGS,
      (std::string("The width u(t)/t of one anytime boundary: the deviation of an empirical mean of t\n"
                   "rewards (`lilucb boundary` prints it as width).  Domain: t >= 1.  Broadcasts over t and alpha.\n") +
       boundary_kwargs_doc)
          .c_str());

  m.def(
      "stated_crossing_probability",
      [](const std::string& kind, const optional_array_like& alpha, double sigma, opt eps, opt_text inner,
         opt eta, opt s, std::optional<double> mm, std::optional<double> c, std::optional<double> v_opt,
         opt a, opt b) -> opt_float_or_array {
        const float_array alphas =
            alpha_array(boundary_signature("stated_crossing_probability", "kind, alpha=None"), alpha);
        spec_cache cache(make_kwargs(kind, std::nullopt, sigma, eps, inner, eta, s, mm, c, v_opt, a, b), !alpha.is_none());
        return none_if_nan(py::vectorize([&cache](double al) {
          const auto p = lb::stated_crossing_probability(cache.at(al));
          return p ? *p : boundary_nan;
        })(alphas));
      },
      arg("kind"), arg("alpha") = py::none(), LILUCB_BOUNDARY_ARGS,
      (std::string("The one-sided crossing probability the family states, P(exists t : S_t >= u(t)) <= it:\n"
                   "alpha, or lil_failure_probability(eps, alpha, inner) for lil and lil-plus2\n"
                   "(lilucb::boundaries::stated_crossing_probability).  None (scalar call) or NaN (array entry)\n"
                   "where none is stated (linear, constant) or it is vacuous (>= 1).  Broadcasts over alpha.\n") +
       boundary_kwargs_doc)
          .c_str());

  m.def(
      "boundary_tail_bound",
      [](const std::string& kind, const array_like& T, const optional_array_like& alpha, double sigma, opt eps,
         opt_text inner, opt eta, opt s, std::optional<double> mm, std::optional<double> c,
         std::optional<double> v_opt, opt a, opt b) -> opt_float_or_array {
        const std::string sig = boundary_signature("boundary_tail_bound", "kind, T, alpha=None");
        const float_array Ts = real_array_arg(sig, "T", T), alphas = alpha_array(sig, alpha);
        check_broadcast("lilucb.boundary_tail_bound", {{"T", Ts}, {"alpha", alphas}});
        spec_cache cache(make_kwargs(kind, std::nullopt, sigma, eps, inner, eta, s, mm, c, v_opt, a, b), !alpha.is_none());
        return none_if_nan(py::vectorize([&cache](double TT, double al) {
          const auto p = lb::boundary_tail_bound(cache.at(al), TT);
          return p ? *p : boundary_nan;
        })(Ts, alphas));
      },
      arg("kind"), arg("T"), arg("alpha") = py::none(), LILUCB_BOUNDARY_ARGS,
      (std::string("A proven upper bound on P(exists t > T : S_t >= u(t)) for Gaussian rewards N(0, sigma^2),\n"
                   "from the family's own proof restricted to t > T (lilucb::boundaries::boundary_tail_bound):\n"
                   "lil_tail_probability, stitched_tail_probability, normal_mixture_tail_probability,\n"
                   "linear_tail_probability (b > 0).  None/NaN where none is proven (constant; linear with b = 0;\n"
                   "lil with alpha outside the lemma's range).  Domain: T >= 1.  Broadcasts over T and alpha.\n") +
       boundary_kwargs_doc)
          .c_str());

  m.def(
      "_boundary",
      [](const std::string& kind, double t, std::optional<double> alpha, double sigma, opt eps,
         opt_text inner, opt eta, opt s, std::optional<double> mm, std::optional<double> c,
         std::optional<double> v_opt, opt a, opt b) {
        // As `lilucb boundary --json` (cli/cmd_boundary.cpp): the same calls in the same order.
        const auto kw = make_kwargs(kind, alpha, sigma, eps, inner, eta, s, mm, c, v_opt, a, b);
        const lb::boundary_spec spec = spec_of(kw, alpha, true);
        const double radius = lb::boundary_radius(spec, t);
        const bool has_alpha = lb::has_alpha(spec.kind);
        py::dict d;
        d["kind"] = lb::to_string(spec.kind);
        d["t"] = t;
        d["sigma"] = spec.sigma;
        d["alpha"] = has_alpha ? py::object(py::float_(spec.alpha)) : py::object(py::none());
        d["stated_crossing_probability"] = optional_value(lb::stated_crossing_probability(spec));
        d["radius"] = radius;
        d["width"] = radius / t;
        return d;
      },
      arg("kind"), arg("t"), arg("alpha") = py::none(), LILUCB_BOUNDARY_ARGS);

  // ---- crossing probabilities (crossing.hpp) and their Monte-Carlo check ----
  m.def(
      "_crossing_probability",
      [](const std::string& kind, double horizon, std::optional<double> alpha, double sigma, opt eps,
         opt_text inner, opt eta, opt s, std::optional<double> mm, std::optional<double> c,
         std::optional<double> v_opt, opt a, opt b, double resolution, double max_seconds) {
        // The checks of `lilucb crossing` (cli/cmd_crossing.cpp), in its order.
        const lb::boundary_spec spec = spec_of(make_kwargs(kind, alpha, sigma, eps, inner, eta, s, mm, c, v_opt, a, b),
                                               alpha, true);
        const std::uint64_t T = cli_count("lilucb crossing", "--horizon", horizon, 1, 1e7, "[1, 10^7]");
        const std::uint64_t q = cli_count("lilucb crossing", "--resolution", resolution, 1, 256, "[1, 256]");
        check_positive("lilucb.crossing_probability", "max_seconds", max_seconds);
        lb::crossing_result r;
        try {
          interruptible([&] {
            cli::check_computing_time("lilucb.crossing_probability",
                                      lb::estimate_crossing_time(spec, T, static_cast<unsigned>(q)), T,
                                      static_cast<unsigned>(q), max_seconds, python_computing_names, nullptr);
            r = lb::crossing_probability(spec, T, static_cast<unsigned>(q));
          });
        } catch (const lilucb::domain_error& e) {
          rethrow_time_as_horizon("lilucb.crossing_probability", e, T);
          throw;
        }
        py::dict d;
        d["kind"] = lb::to_string(spec.kind);
        d["alpha"] = lb::has_alpha(spec.kind) ? py::object(py::float_(spec.alpha)) : py::object(py::none());
        d["sigma"] = spec.sigma;
        d["horizon"] = r.horizon;
        d["probability_lower"] = r.probability_lower;
        d["probability_upper"] = r.probability_upper;
        d["estimate"] = r.estimate;
        d["coarse_estimate"] = r.coarse_estimate;
        d["dropped"] = r.dropped;
        d["tail_bound"] = optional_value(r.tail_bound);
        d["resolution"] = r.resolution;
        d["method"] = r.method;
        return d;
      },
      arg("kind"), arg("horizon"), arg("alpha") = py::none(), LILUCB_BOUNDARY_ARGS, arg("resolution") = 4.0,
      arg("max_seconds") = 600.0);

  m.def(
      "_crossing_monte_carlo",
      [](const std::string& kind, double horizon, std::optional<double> alpha, double sigma, opt eps,
         opt_text inner, opt eta, opt s, std::optional<double> mm, std::optional<double> c,
         std::optional<double> v_opt, opt a, opt b, double paths, double seed, double max_seconds) {
        constexpr const char* fn = "lilucb::boundaries::crossing_monte_carlo";
        const lb::boundary_spec spec = spec_of(make_kwargs(kind, alpha, sigma, eps, inner, eta, s, mm, c, v_opt, a, b),
                                               alpha, true);
        const std::uint64_t T = whole_number(fn, "horizon", horizon, 1, "a whole number in [1, 10^7]");
        if (T > 10000000) throw lilucb::domain_error(fn, "horizon", number_text(horizon), "a whole number in [1, 10^7]");
        const std::uint64_t P = whole_number(fn, "paths", paths, 1, "a whole number in [1, 2^53]");
        const std::uint64_t sd = whole_number(fn, "seed", seed, 0, "a whole number in [0, 2^53]");
        check_positive("lilucb.crossing_monte_carlo", "max_seconds", max_seconds);
        lb::crossing_count r;
        try {
          interruptible([&] {
            const std::vector<double> radii = lb::boundary_radii(spec, T);
            std::optional<lb::crossing_count> all;
            const lb::computing_time e = lb::estimate_monte_carlo_time(radii, spec.sigma, P, sd, &all);
            if (e.seconds > max_seconds) {
              char how[160];
              std::snprintf(how, sizeof how, "about %.3g s (its first %llu paths took %.3g s)", e.seconds,
                            static_cast<unsigned long long>(e.timed_horizon), e.timed_seconds);
              throw lilucb::domain_error("lilucb.crossing_monte_carlo", "paths", std::to_string(P),
                                         "a computation estimated within max_seconds = " + number_text(max_seconds) +
                                             " s; this one would take " + how +
                                             ": lower paths or horizon, or raise max_seconds");
            }
            r = all ? *all : lb::crossing_monte_carlo(radii, spec.sigma, P, sd);
          });
        } catch (const lilucb::domain_error& e) {
          rethrow_time_as_horizon("lilucb.crossing_monte_carlo", e, T);
          throw;
        }
        py::dict d;
        d["crossed"] = r.crossed;
        d["paths"] = r.paths;
        return d;
      },
      arg("kind"), arg("horizon"), arg("alpha") = py::none(), LILUCB_BOUNDARY_ARGS, arg("paths") = 10000.0,
      arg("seed") = 1.0, arg("max_seconds") = 600.0);

  // ---- calibration (calibration.hpp) ----
  m.def(
      "stated_alpha_for",
      [](const std::string& kind, const array_like& p, double sigma, opt eps, opt_text inner, opt eta,
         opt s, std::optional<double> mm, std::optional<double> c, std::optional<double> v_opt, opt a,
         opt b) -> float_or_array {
        const float_array ps = real_array_arg(boundary_signature("stated_alpha_for", "kind, p"), "p", p);
        const lb::boundary_spec spec =
            spec_of(make_kwargs(kind, std::nullopt, sigma, eps, inner, eta, s, mm, c, v_opt, a, b), std::nullopt, false);
        return py::vectorize([&spec](double pp) { return lb::stated_alpha_for(spec, pp); })(ps);
      },
      arg("kind"), arg("p"), LILUCB_BOUNDARY_ARGS,
      (std::string("The alpha of the family whose stated crossing probability is p: p itself, or for lil and\n"
                   "lil-plus2 lil_delta_for_failure_probability(eps, p, inner) (lilucb::boundaries::stated_alpha_for;\n"
                   "the start of calibrate).  Domain: a family indexed by alpha, p in (0, 1/2).  Broadcasts over p.\n") +
       boundary_kwargs_doc)
          .c_str());

  m.def(
      "_calibrate",
      [](const std::string& kind, double target, double sigma, opt eps, opt_text inner, opt eta,
         opt s, std::optional<double> mm, std::optional<double> c, std::optional<double> v_opt, opt a, opt b,
         double horizon, double resolution, double max_seconds) {
        // The checks of `lilucb calibrate` (cli/cmd_calibrate.cpp), in its order.
        const lb::boundary_spec spec =
            spec_of(make_kwargs(kind, std::nullopt, sigma, eps, inner, eta, s, mm, c, v_opt, a, b), std::nullopt, false);
        lb::calibration_options co;
        co.horizon = cli_count("lilucb calibrate", "--horizon", horizon, 1, 1e6, "[1, 10^6]");
        co.resolution = static_cast<unsigned>(cli_count("lilucb calibrate", "--resolution", resolution, 1, 64, "[1, 64]"));
        // target reaches the library as the p of stated_alpha_for and as the alphas tried: its refusals
        // name target (the argument), not those quantities.
        check_positive("lilucb.calibrate", "max_seconds", max_seconds);
        lb::calibration_result r;
        try {
          interruptible([&] {
            cli::check_computing_time("lilucb.calibrate", lb::estimate_calibration_time(spec, target, co), co.horizon,
                                      co.resolution, max_seconds, python_computing_names, nullptr);
            r = lb::calibrate(spec, target, co);
          });
        } catch (const lilucb::domain_error& e) {
          if (e.parameter() == "p")  // stated_alpha_for(spec, target)
            throw lilucb::domain_error("lilucb.calibrate", "target", number_text(target), e.admissible());
          if (e.parameter() == "alpha" || e.parameter() == "delta")  // an alpha tried (delta: lil's alpha)
            throw lilucb::domain_error("lilucb.calibrate", "target", number_text(target),
                                       "targets whose alphas the family admits: " + e.admissible() + " (here " +
                                           e.parameter() + " = " + e.value() + ")");
          rethrow_time_as_horizon("lilucb.calibrate", e, co.horizon);
          throw;
        }
        py::dict widths;
        for (std::size_t i = 0; i < r.width_times.size(); ++i) widths[py::float_(r.width_times[i])] = r.width_ratio[i];
        py::dict d;
        d["kind"] = lb::to_string(spec.kind);
        d["sigma"] = spec.sigma;
        d["target"] = r.target;
        d["horizon"] = co.horizon;
        d["stated_alpha"] = r.stated_alpha;
        d["effective_probability_at_stated_alpha"] = r.effective_at_stated;
        d["alpha"] = r.alpha;
        d["alpha_ratio"] = r.alpha_ratio;
        d["achieved"] = r.achieved;
        d["width_ratio"] = widths;
        d["evaluations"] = r.evaluations;
        return d;
      },
      arg("kind"), arg("target"), LILUCB_BOUNDARY_ARGS, arg("horizon") = 10000.0, arg("resolution") = 4.0,
      arg("max_seconds") = 600.0);

  // ---- the families' own functions, vectorised over every real argument ----
  def_vectorized(m, "stitched_radius", [](double v, double alpha, double eta, double s, double mm, double c) {
          return lb::stitched_radius<double>(v, alpha, eta, s, mm, c);
        },
        arg("v"), arg("alpha"), arg("eta") = 2.0, arg("s") = 1.4, arg("m") = 1.0, arg("c") = 0.0,
        "Polynomial stitching radius (Howard, Ramdas, McAuliffe & Sekhon 2021, Theorem 1, eq. (10)):\n"
        "    u(v) = sqrt(k1^2 v' l(v) + (k2 c l(v))^2) + k2 c l(v),  v' = max(v, m),\n"
        "    l(v) = s log log(eta v'/m) + log(zeta(s)/(alpha (log eta)^s)),\n"
        "    k1 = (eta^(1/4) + eta^(-1/4))/sqrt(2),  k2 = (sqrt(eta) + 1)/2,\n"
        "at intrinsic time v (sigma^2 t for sigma-sub-Gaussian rewards).\n"
        "Domain: v >= 0, alpha in (0,1), eta > 1, s > 1, m > 0, c >= 0.  Broadcasts over arrays.");
  def_vectorized(m, "stitched_tail_probability", [](double v_from, double alpha, double eta, double s, double mm) {
          return lb::stitched_tail_probability<double>(v_from, alpha, eta, s, mm);
        },
        arg("v_from"), arg("alpha"), arg("eta") = 2.0, arg("s") = 1.4, arg("m") = 1.0,
        "An upper bound on P(exists t with V_t >= v_from : S_t >= u(V_t)) from Theorem 1's union over\n"
        "epochs k >= k0 = floor(log_eta(max(v_from, m)/m)): alpha/zeta(s) (N^-s + N^(1-s)/(s-1)), N = k0+1\n"
        "(alpha for N = 1).  Domain: v_from >= 0, alpha in (0,1), eta > 1, s > 1, m > 0.  Broadcasts.");
  def_vectorized(m, "normal_mixture_rho", [](double v_opt, double alpha_opt, std::string sides) {
          return lb::normal_mixture_rho<double>(v_opt, alpha_opt,
                                                parse_sides("lilucb::boundaries::normal_mixture_rho", sides));
        },
        arg("v_opt"), arg("alpha_opt"), arg("sides") = "two-sided",
        "The mixture scale rho that makes the two-sided radius tightest at v_opt:\n"
        "    rho = v_opt/(2 log(1/a) + log(1 + 2 log(1/a))), a = alpha_opt (two-sided), 2 alpha_opt (one-sided)\n"
        "(Howard et al. 2021, eq. (14); confseq's choice).  sides: 'one-sided' or 'two-sided'.\n"
        "Domain: v_opt > 0; alpha_opt in (0,1) (two-sided) or (0, 1/2) (one-sided).  Broadcasts.");
  def_vectorized(m, "normal_mixture_log_supermartingale", [](double s, double v, double rho, std::string sides) {
          return lb::normal_mixture_log_supermartingale<double>(
              s, v, rho, parse_sides("lilucb::boundaries::normal_mixture_log_supermartingale", sides));
        },
        arg("s"), arg("v"), arg("rho"), arg("sides") = "two-sided",
        "log M(s, v) of the normal mixture: two-sided M = sqrt(rho/(v+rho)) exp(s^2/(2(v+rho)));\n"
        "one-sided M = sqrt(4 rho/(v+rho)) exp(s^2/(2(v+rho))) Phi(s/sqrt(v+rho))\n"
        "(Howard et al. 2021, Proposition 5 and Section 3.2).  Domain: s finite, v >= 0, rho > 0.  Broadcasts.");
  def_vectorized(m, "normal_mixture_radius", [](double v, double alpha, double rho, std::string sides) {
          return lb::normal_mixture_radius<double>(v, alpha, rho,
                                                   parse_sides("lilucb::boundaries::normal_mixture_radius", sides));
        },
        arg("v"), arg("alpha"), arg("rho"), arg("sides") = "two-sided",
        "The normal-mixture radius u(v), the s >= 0 with log M(s, v) = log(1/alpha): two-sided\n"
        "u = sqrt((v+rho)(log(1 + v/rho) + 2 log(1/alpha))) (bounds |S_t|), one-sided by TOMS 748\n"
        "(Howard et al. 2021, eq. (14)).  Domain: v >= 0, alpha in (0,1), rho > 0.  Broadcasts.");
  def_vectorized(m, "normal_mixture_tail_probability", [](double v_T, double alpha, double rho, std::string sides) {
          return lb::normal_mixture_tail_probability<double>(
              v_T, alpha, rho, parse_sides("lilucb::boundaries::normal_mixture_tail_probability", sides));
        },
        arg("v_T"), arg("alpha"), arg("rho"), arg("sides") = "two-sided",
        "For Gaussian rewards, an upper bound on P(exists t >= T : S_t >= u(sigma^2 t)), v_T = sigma^2 T:\n"
        "E[min(1, alpha M(S_T, v_T))]; two-sided alpha (2 Phi(u/tau) - 1) + 2 Phi(-u/sqrt(v_T)),\n"
        "tau^2 = v_T (v_T + rho)/rho; one-sided by Gauss-Kronrod quadrature over the half-normal prior.\n"
        "Domain: v_T > 0, alpha in (0,1), rho > 0.  Broadcasts.");
  def_vectorized(m, "linear_radius", [](double t, double a, double b) { return lb::linear_radius<double>(t, a, b); }, arg("t"),
        arg("a"), arg("b"),
        "The linear boundary a + b t (no anytime guarantee of its own: a check of the crossing engine).\n"
        "Domain: t >= 0, a >= 0, b >= 0.  Broadcasts.");
  def_vectorized(m, "brownian_linear_crossing_probability", [](double a, double b, double sigma) {
          return lb::brownian_linear_crossing_probability<double>(a, b, sigma);
        },
        arg("a"), arg("b"), arg("sigma"),
        "exp(-2ab/sigma^2): the probability that sigma B (Brownian motion) ever crosses a + b t, an upper\n"
        "bound for the Gaussian walk at every horizon.  Domain: a, b >= 0, sigma > 0.  Broadcasts.");
  def_vectorized(m, "linear_tail_probability", [](double T, double a, double b, double sigma) {
          return lb::linear_tail_probability<double>(T, a, b, sigma);
        },
        arg("T"), arg("a"), arg("b"), arg("sigma"),
        "An upper bound on P(exists t > T : S_t >= a + b t) for Gaussian rewards, m = a + b T:\n"
        "    Phi(-m/(sigma sqrt T)) + exp(2b(bT - m)/sigma^2) Phi((m - 2bT)/(sigma sqrt T)).\n"
        "Domain: T >= 1, a >= 0, b > 0, sigma > 0.  Broadcasts.");
  def_vectorized(m, "lil_tail_probability", [](double T, double eps, double delta) { return lb::lil_tail_probability(T, eps, delta); },
        arg("T"), arg("eps"), arg("delta"),
        "An upper bound on P(exists t > T : S_t > lil_bound(t, eps, delta, sigma, inner)) (either inner form):\n"
        "the proof of Lemma lem:lil restricted to the blocks (u_k, u_{k+1}] reaching beyond T (Steps 1-2 summed,\n"
        "an integral bound beyond u_k = 1e15).  Domain: T >= 1, eps in (0,1), delta in (0, log(1+eps)/e).\n"
        "Broadcasts.");
  def_vectorized(m, "kk_g_gaussian", [](double lambda) { return lb::kk_g_gaussian<double>(lambda); },
        arg("lambda_"),
        "g_G(lambda) = 2 lambda - 2 lambda log(4 lambda) + log zeta(2 lambda) - 1/2 log(1 - lambda) of\n"
        "Kaufmann & Koolen (2021), JMLR 22(246) (corollary number not verified, docs/boundaries.md).\n"
        "Domain: lambda in (1/2, 1) (the DomainError names it 'lambda').  Broadcasts.");
  def_vectorized(m, "kk_calibration_gaussian", [](double x) { return lb::kk_calibration_gaussian<double>(x); },
        arg("x"),
        "C_G(x) = min over lambda in (1/2, 1) of (g_G(lambda) + x)/lambda (Kaufmann & Koolen 2021), by\n"
        "Brent's minimiser.  Domain: x >= 0.  Broadcasts.");
  def_vectorized(m, "glr_threshold_gaussian", [](double t, double delta, double K) { return lb::glr_threshold_gaussian<double>(t, delta, K); },
        arg("t"), arg("delta"), arg("K"),
        "The Gaussian GLR stopping threshold of Kaufmann & Koolen (2021) (the 'kk21' threshold):\n"
        "    beta(t, delta) = 2 C_G(1/2 log((K-1)/delta)) + 4 log(4 + log(t/2)),\n"
        "delta-correct under any sampling rule.  Domain: t >= 1, delta in (0,1), K >= 2 (arms).  Broadcasts.");
  def_vectorized(m, "glr_threshold_heuristic", [](double t, double delta) { return lb::glr_threshold_heuristic<double>(t, delta); },
        arg("t"), arg("delta"),
        "The heuristic GLR threshold log((1 + log t)/delta) of most published experiments (Garivier &\n"
        "Kaufmann 2016 and followers): UNCERTIFIED, no theorem gives delta-correctness with it.\n"
        "Domain: t >= 1, delta in (0,1).  Broadcasts.");
}

#undef LILUCB_BOUNDARY_ARGS

}  // namespace lilucb::python
