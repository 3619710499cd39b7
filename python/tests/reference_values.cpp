// Prints library values at a sample of inputs, one JSON object per line:
//   {"f": "<python name>", "args": {<keyword arguments>}, "value": <number, null or [numbers]>}
// test_agreement.py calls lilucb.<f>(**args) and requires the same double, bit for bit.  Numbers
// are printed with 17 significant digits, which read back as the same double.

#include "lilucb/boundaries/calibration.hpp"
#include "lilucb/boundaries/family.hpp"
#include "lilucb/boundaries/glr_threshold.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/clopper_pearson.hpp"
#include "lilucb/theory/finite_lil.hpp"
#include "lilucb/theory/instance.hpp"
#include "lilucb/theory/ls_bound.hpp"
#include "lilucb/theory/parameters.hpp"
#include "lilucb/theory/repaired_theorem.hpp"
#include "lilucb/theory/theorem.hpp"

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace {

std::string num(double x) {
  if (std::isnan(x)) return "NaN";  // the spellings Python's json module reads
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
std::string num(const std::optional<double>& x) { return x ? num(*x) : "null"; }
std::string num(std::uint64_t x) { return std::to_string(x); }
std::string num(const std::vector<double>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + num(v[i]);
  return s + "]";
}

struct args {
  std::string text;
  args& add(const char* k, double v) { return raw(k, num(v)); }
  args& add(const char* k, const char* v) { return raw(k, std::string("\"") + v + "\""); }
  args& add(const char* k, const std::vector<double>& v) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + num(v[i]);
    return raw(k, s + "]");
  }
  args& raw(const char* k, const std::string& v) {
    text += (text.empty() ? "" : ", ") + std::string("\"") + k + "\": " + v;
    return *this;
  }
};

template <class V>
void emit(const char* f, const args& a, const V& value) {
  std::printf("{\"f\": \"%s\", \"args\": {%s}, \"value\": %s}\n", f, a.text.c_str(), num(value).c_str());
}

// A field of a result object: lilucb.<f>(**args).<field>.
template <class V>
void emit_field(const char* f, const char* field, const args& a, const V& value) {
  std::printf("{\"f\": \"%s\", \"field\": \"%s\", \"args\": {%s}, \"value\": %s}\n", f, field, a.text.c_str(),
              num(value).c_str());
}

// The boundaries (family.hpp and each family's header) at a sample of inputs; the Python calls
// name the boundary with the CLI's keyword arguments, the spec here is set directly.
void emit_boundaries() {
  using namespace lilucb::boundaries;
  struct family {
    boundary_spec spec;
    args kw;  // the keyword arguments naming it (without t and alpha)
  };
  std::vector<family> families;
  for (const double sigma : {0.5, 1.0, 2.0}) {
    boundary_spec b;
    b.sigma = sigma;
    for (const double eps : {0.01, 0.5}) {
      for (const char* inner : {"lemma", "plus2"}) {
        b.kind = boundary_kind::lil;
        b.eps = eps;
        b.inner = lilucb::parse_inner_log(inner);
        families.push_back({b, args().add("kind", "lil").add("sigma", sigma).add("eps", eps).add("inner", inner)});
      }
      b.kind = boundary_kind::lil_plus2;
      b.inner = lilucb::inner_log::lemma;
      families.push_back({b, args().add("kind", "lil-plus2").add("sigma", sigma).add("eps", eps)});
    }
    b = boundary_spec{};
    b.sigma = sigma;
    b.kind = boundary_kind::stitched;
    families.push_back({b, args().add("kind", "stitched").add("sigma", sigma)});
    b.eta = 1.5, b.s = 2.5, b.m = 3, b.c = 0.25;
    families.push_back({b, args().add("kind", "stitched").add("sigma", sigma).add("eta", 1.5).add("s", 2.5).add("m", 3.0)
                               .add("c", 0.25)});
    b = boundary_spec{};
    b.sigma = sigma;
    for (const auto k : {boundary_kind::mixture, boundary_kind::mixture_two_sided}) {
      b.kind = k;
      b.v_opt = 0;
      families.push_back({b, args().add("kind", to_string(k)).add("sigma", sigma)});
      b.v_opt = 37.5;
      families.push_back({b, args().add("kind", to_string(k)).add("sigma", sigma).add("v_opt", 37.5)});
    }
    b = boundary_spec{};
    b.sigma = sigma;
    b.kind = boundary_kind::linear;
    b.a = 2.5, b.b = 0.125;
    families.push_back({b, args().add("kind", "linear").add("sigma", sigma).add("a", 2.5).add("b", 0.125)});
    b.kind = boundary_kind::constant;
    b.c_const = 7.25;
    families.push_back({b, args().add("kind", "constant").add("sigma", sigma).add("c", 7.25)});
  }
  for (auto& fam : families) {
    const bool lil = fam.spec.kind == boundary_kind::lil || fam.spec.kind == boundary_kind::lil_plus2;
    std::vector<double> alphas = {0.01, 0.05, 0.3};
    if (lil) {
      const double dmax = lilucb::lil_delta_max(fam.spec.eps, detail::lil_inner(fam.spec));
      alphas = {1e-9, 1e-4, dmax / 3};
    }
    if (!has_alpha(fam.spec.kind)) alphas = {0.05};  // alpha ignored: the Python call omits it
    for (const double alpha : alphas) {
      boundary_spec b = fam.spec;
      b.alpha = alpha;
      args kw = fam.kw;
      if (has_alpha(b.kind)) kw.add("alpha", alpha);
      for (const double t : {1.0, 2.0, 17.5, 1000.0, 1e6, 1e12}) {
        args with_t = kw;
        with_t.add("t", t);
        emit("boundary_radius", with_t, boundary_radius(b, t));
        emit("boundary_width", with_t, boundary_radius(b, t) / t);
      }
      emit("stated_crossing_probability", kw, stated_crossing_probability(b));
      for (const double T : {1.0, 10.0, 1e4, 1e9}) {
        args with_T = kw;
        with_T.add("T", T);
        emit("boundary_tail_bound", with_T, boundary_tail_bound(b, T));
      }
    }
    if (has_alpha(fam.spec.kind))
      for (const double p : {1e-6, 0.01, 0.2}) {
        args kw = fam.kw;
        kw.add("p", p);
        emit("stated_alpha_for", kw, stated_alpha_for(fam.spec, p));
      }
  }
  for (const double alpha : {1e-6, 0.05, 0.4}) {
    for (const double v : {0.0, 0.5, 1.0, 100.0, 1e8}) {
      emit("stitched_radius", args().add("v", v).add("alpha", alpha), stitched_radius<double>(v, alpha, 2, 1.4, 1, 0));
      emit("stitched_radius", args().add("v", v).add("alpha", alpha).add("eta", 3.0).add("s", 1.1).add("m", 0.5).add("c", 2.0),
           stitched_radius<double>(v, alpha, 3, 1.1, 0.5, 2));
      emit("stitched_tail_probability", args().add("v_from", v).add("alpha", alpha),
           stitched_tail_probability<double>(v, alpha, 2, 1.4, 1));
      emit("linear_radius", args().add("t", v).add("a", alpha).add("b", 0.3), linear_radius<double>(v, alpha, 0.3));
    }
    for (const char* sides : {"one-sided", "two-sided"}) {
      const auto sd = std::string(sides) == "one-sided" ? mixture_sides::one_sided : mixture_sides::two_sided;
      for (const double v_opt : {1.0, 250.0}) {
        const double rho = normal_mixture_rho<double>(v_opt, alpha, sd);
        emit("normal_mixture_rho", args().add("v_opt", v_opt).add("alpha_opt", alpha).add("sides", sides), rho);
        for (const double v : {0.0, 1.0, 1e4}) {
          emit("normal_mixture_radius", args().add("v", v).add("alpha", alpha).add("rho", rho).add("sides", sides),
               normal_mixture_radius<double>(v, alpha, rho, sd));
          emit("normal_mixture_log_supermartingale", args().add("s", 1.5 * v - 2).add("v", v).add("rho", rho).add("sides", sides),
               normal_mixture_log_supermartingale<double>(1.5 * v - 2, v, rho, sd));
          if (v > 0)
            emit("normal_mixture_tail_probability", args().add("v_T", v).add("alpha", alpha).add("rho", rho).add("sides", sides),
                 normal_mixture_tail_probability<double>(v, alpha, rho, sd));
        }
      }
    }
  }
  for (const double a : {0.0, 1.0, 4.5})
    for (const double b : {0.01, 0.5})
      for (const double sigma : {0.5, 2.0}) {
        emit("brownian_linear_crossing_probability", args().add("a", a).add("b", b).add("sigma", sigma),
             brownian_linear_crossing_probability<double>(a, b, sigma));
        for (const double T : {1.0, 30.0, 1e5})
          emit("linear_tail_probability", args().add("T", T).add("a", a).add("b", b).add("sigma", sigma),
               linear_tail_probability<double>(T, a, b, sigma));
      }
  for (const double eps : {0.01, 0.3, 0.9})
    for (const double T : {1.0, 7.0, 1e6, 1e16, 1e300}) {
      const double dmax = lilucb::lil_delta_max(eps, lilucb::inner_log::lemma);
      for (const double delta : {1e-12, dmax / 2})
        emit("lil_tail_probability", args().add("T", T).add("eps", eps).add("delta", delta), lil_tail_probability(T, eps, delta));
    }
  for (const double lambda : {0.5000001, 0.6, 0.75, 0.99})
    emit("kk_g_gaussian", args().add("lambda_", lambda), kk_g_gaussian<double>(lambda));
  for (const double x : {0.0, 0.5, 3.0, 40.0}) emit("kk_calibration_gaussian", args().add("x", x), kk_calibration_gaussian<double>(x));
  for (const double t : {1.0, 2.0, 100.0, 1e7})
    for (const double delta : {1e-9, 0.01, 0.5}) {
      emit("glr_threshold_heuristic", args().add("t", t).add("delta", delta), glr_threshold_heuristic<double>(t, delta));
      for (const double K : {2.0, 10.0, 1000.0})
        emit("glr_threshold_gaussian", args().add("t", t).add("delta", delta).add("K", K), glr_threshold_gaussian<double>(t, delta, K));
    }
}

// Characteristic time, its lower bound and predictor (characteristic_time.hpp) and Theorem R
// (repaired_theorem.hpp).
void emit_characteristic_time_and_repaired() {
  using namespace lilucb;
  for (const double p : {0.0, 0.1, 0.5, 0.999, 1.0})
    for (const double q : {0.0, 0.2, 0.5, 1.0}) emit("bernoulli_kl", args().add("p", p).add("q", q), bernoulli_kl(p, q));
  for (const double delta : {1e-12, 0.01, 0.25, 0.5}) {
    emit("kl_delta", args().add("delta", delta), kl_delta(delta));
    emit("bai_lower_bound", args().add("t_star", 123.25).add("delta", delta), bai_lower_bound(123.25, delta));
  }
  const std::vector<std::vector<double>> instances = {{0.5, 0.45, 0.1}, {0.1, 0.9, 0.3, 0.85}, {0.9, 0.1}, {0.6, 0.5, 0.5, 0.5, 0.0}};
  for (const auto& m : instances)
    for (const double sigma : {0.5, 1.0}) {
      const auto g = characteristic_time_gaussian(m, sigma);
      emit_field("characteristic_time", "t_star", args().add("means", m).add("sigma", sigma).add("arms", "gaussian"), g.t_star);
      emit_field("characteristic_time", "w_star", args().add("means", m).add("sigma", sigma).add("arms", "gaussian"), g.w_star);
      const auto b = characteristic_time_bernoulli(m);
      emit_field("characteristic_time", "t_star", args().add("means", m).add("arms", "bernoulli"), b.t_star);
      emit_field("characteristic_time", "w_star", args().add("means", m).add("arms", "bernoulli"), b.w_star);
      for (const double delta : {1e-6, 0.1}) {
        emit("fixed_point_stopping_time", args().add("t_star", g.t_star).add("beta", "heuristic").add("delta", delta),
             fixed_point_stopping_time(g.t_star, [&](double t) { return boundaries::glr_threshold_heuristic(t, delta); }));
        const double K = double(m.size());
        emit("fixed_point_stopping_time", args().add("t_star", g.t_star).add("beta", "kk21").add("delta", delta).add("K", K),
             fixed_point_stopping_time(g.t_star, [&](double t) { return boundaries::glr_threshold_gaussian(t, delta, K); }));
      }
    }
  for (const double eps : {0.001, 0.01, 0.3, 0.9}) {
    const double dmax = repaired_delta_max(eps);
    emit("repaired_delta_max", args().add("eps", eps), dmax);
    for (const double delta : {dmax * 1e-9, dmax * 1e-3, dmax / 2, dmax * 0.999}) {
      emit("repaired_alpha", args().add("eps", eps).add("delta", delta), repaired_alpha(eps, delta));
      emit("repaired_failure_bound", args().add("eps", eps).add("delta", delta), repaired_failure_bound(eps, delta));
      for (const double beta : {0.5, 1.0, 1.66}) {
        emit("repaired_kappa", args().add("beta", beta).add("delta", delta).add("eps", eps), repaired_kappa(beta, delta, eps));
        emit("repaired_a_min", args().add("beta", beta).add("delta", delta).add("eps", eps), repaired_a_min(beta, delta, eps));
        emit("repaired_sample_factor", args().add("beta", beta).add("delta", delta).add("eps", eps),
             repaired_sample_factor(beta, delta, eps));
      }
    }
  }
}

}  // namespace

int main() {
  using namespace lilucb;
  const double ts[] = {1, 2, 3, 10, 1000, 123456.5, 1e9, 1e300};
  const double epss[] = {0.001, 0.01, 0.1, 0.5, 0.9};
  const double sigmas[] = {0.25, 0.5, 1, 3};
  const double betas[] = {0.5, 1, 1.66, 4};
  const std::uint64_t ns[] = {1, 2, 10, 1000, 1000000};
  for (const double eps : epss) {
    const double dmax = lil_delta_max(eps, inner_log::lemma);
    const double deltas[] = {1e-12, 1e-6, 1e-3, dmax / 2, dmax * 0.999};
    emit("lil_delta_max", args().add("eps", eps).add("inner", "lemma"), dmax);
    emit("rho", args().add("eps", eps), rho(eps));
    for (const double delta : deltas) {
      const bool in_lemma_range = delta < dmax;
      for (const char* inner : {"lemma", "plus2"}) {
        const auto il = parse_inner_log(inner);
        if (il == inner_log::lemma && !in_lemma_range) continue;
        for (const double t : ts)
          for (const double s : sigmas) {
            emit("lil_bound", args().add("t", t).add("eps", eps).add("delta", delta).add("sigma", s).add("inner", inner),
                 lil_bound(t, eps, delta, s, il));
            emit("lil_width", args().add("t", t).add("eps", eps).add("delta", delta).add("sigma", s).add("inner", inner),
                 lil_width(t, eps, delta, s, il));
          }
        emit("lil_failure_probability", args().add("eps", eps).add("delta", delta).add("inner", inner),
             lil_failure_probability(eps, delta, il));
      }
      if (in_lemma_range)
        emit("lil_failure_probability_proof", args().add("eps", eps).add("delta", delta),
             lil_failure_probability_proof(eps, delta));
      emit("ls_failure_probability", args().add("eps", eps).add("delta", delta), ls_failure_probability(eps, delta));
      emit("theorem_failure_bound", args().add("eps", eps).add("delta", delta), theorem_failure_bound(eps, delta));
      emit("lemma1_success_probability", args().add("eps", eps).add("delta", delta),
           lemma1_success_probability(eps, delta));
      emit("lemma2_success_probability", args().add("eps", eps).add("delta", delta),
           lemma2_success_probability(eps, delta));
      for (const std::uint64_t n : ns) {
        const double nd = static_cast<double>(n);
        emit("ls_failure_probability_union", args().add("eps", eps).add("delta", delta).add("n", nd),
             ls_failure_probability_union(eps, delta, n));
        for (const double t : ts)
          emit("ls_bound", args().add("t", t).add("eps", eps).add("delta", delta).add("sigma", 0.5).add("n", nd),
               ls_bound(t, eps, delta, 0.5, n));
      }
      for (const double beta : betas) {
        emit("kappa", args().add("beta", beta).add("delta", delta), kappa(beta, delta));
        emit("a_min", args().add("beta", beta).add("delta", delta), a_min(beta, delta));
        emit("a_min_proof", args().add("beta", beta).add("delta", delta).add("eps", eps), a_min_proof(beta, delta, eps));
      }
    }
    for (const double p : {1e-9, 1e-3, 0.05, 0.3}) {
      emit("lil_delta_for_failure_probability", args().add("eps", eps).add("p", p).add("inner", "plus2"),
           lil_delta_for_failure_probability(eps, p, inner_log::plus2));
      emit("ls_delta_for_failure_probability", args().add("eps", eps).add("p", p),
           ls_delta_for_failure_probability(eps, p));
    }
    for (const double beta : betas) emit("gamma", args().add("beta", beta).add("eps", eps), gamma(beta, eps));
  }
  for (const double delta : {1e-9, 1e-3, 0.1, 0.5, 0.9}) emit("a_min_denominator", args().add("delta", delta), a_min_denominator(delta));
  for (const double beta : betas) {
    emit("exploration_ratio", args().add("beta", beta), exploration_ratio(beta));
    emit("leading_constant", args().add("beta", beta), leading_constant(beta));
  }
  emit("optimal_beta", args(), optimal_beta<double>());
  const std::vector<std::vector<double>> instances = {
      {0.5, 0.45, 0.1}, {0.1, 0.9, 0.3, 0.85}, {1.0, 0.0, 0.0, 0.0, 0.0}, {0.9, 0.899}, {0.3, 0.2, 0.1, 0.0, -0.5}};
  for (const auto& m : instances) {
    emit("best_arm", args().add("means", m), best_arm(m));
    emit("hardness_h1", args().add("means", m), hardness_h1(m));
    emit("hardness_h3", args().add("means", m), hardness_h3(m));
    for (const double delta : {1e-6, 0.01, 0.3}) {
      emit("farrell_lower_bound", args().add("means", m).add("delta", delta), farrell_lower_bound(m, delta));
      for (const double eps : {0.01, 0.5})
        for (const double beta : {1.0, 1.66}) {
          emit("lemma1_bound", args().add("means", m).add("eps", eps).add("beta", beta).add("delta", delta),
               lemma1_bound(m, eps, beta, delta));
          emit("lemma1_bound_proof", args().add("means", m).add("eps", eps).add("beta", beta).add("delta", delta),
               lemma1_bound_proof(m, eps, beta, delta));
        }
    }
  }
  for (const double b : {0.0, 1.5, 1e6})
    for (const double a : {1.01, 9.0, 1234.5})
      emit("total_samples_bound", args().add("suboptimal_pulls_bound", b).add("a", a), total_samples_bound(b, a));
  for (const std::uint64_t m : {1, 7, 1000, 123457})
    for (const std::uint64_t k : {std::uint64_t{0}, std::uint64_t{1}, m / 3, m}) {
      if (k > m) continue;
      const double kd = double(k), md = double(m);
      for (const double alpha : {1e-6, 0.05, 0.5}) {
        emit("clopper_pearson_lower", args().add("k", kd).add("m", md).add("alpha", alpha), clopper_pearson_lower(k, m, alpha));
        emit("clopper_pearson_upper", args().add("k", kd).add("m", md).add("alpha", alpha), clopper_pearson_upper(k, m, alpha));
      }
    }
  for (const std::uint64_t trials : {1, 50, 20000, 1000000})
    for (const double p : {0.0, 1e-4, 0.05, 0.5, 1.0})
      for (const double alpha : {1e-6, 0.01}) {
        emit("binomial_critical_count", args().add("trials", double(trials)).add("p", p).add("alpha", alpha),
             binomial_critical_count(trials, p, alpha));
        emit("binomial_critical_count",
             args().add("trials", double(trials)).add("p", p).add("alpha", alpha).add("bound", "upper_reaches"),
             binomial_critical_count(trials, p, alpha, cp_bound::upper_reaches));
      }
  emit_boundaries();
  emit_characteristic_time_and_repaired();
  return 0;
}
