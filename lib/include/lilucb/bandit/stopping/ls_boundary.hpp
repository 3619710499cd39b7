#pragma once
// The LS-style stopping rule (ls.hpp) with anytime boundaries as per-arm widths:
//   stitched    polynomial stitching (Howard et al. 2021, Theorem 1, eq. (10); boundaries/stitching.hpp)
//               at one-sided crossing probability alpha = nu/(2K);
//   mixture     the one-sided normal mixture (Howard et al. 2021, Section 3.2; boundaries/
//               normal_mixture.hpp) at alpha = nu/(2K), rho tightest at v_opt = 100 sigma^2;
//   calibrated  the stitched family at the alpha whose crossing probability for Gaussian rewards,
//               computed by the crossing engine up to `horizon` and bounded by the stitching
//               proof's tail beyond it, is p = nu/(2K) (boundaries/calibration.hpp).
// The width of arm i after T pulls is B(T) = u(sigma^2 T)/T.
//
// Certificate (docs/boundaries.md, "Why the calibrated boundary is a certificate"): each arm's
// rewards are one i.i.d. sequence whatever the sampling rule; each of the 2K events "arm i's
// centred sum crosses +u or -u at some count" has probability <= nu/(2K) (stitched, mixture: by
// the boundary's own theorem, for sigma-sub-Gaussian rewards; calibrated: by the crossing
// computation, for Gaussian rewards of standard deviation <= sigma); off their union every arm
// stays inside its boundary at every count, and the rule can then only answer the best arm.
//
// Calibration is scale-free (the stitched radius at sigma is sigma times the radius at 1, and a
// Gaussian walk of standard deviation sigma is sigma times one of standard deviation 1), so the
// calibrated alpha depends on p and the calibration options only; it is computed once per
// process for each (p, horizon, resolution) and cached (about 10 s per value at horizon 1000
// on a lightly loaded core; docs/boundaries.md has the measurements).

#include "lilucb/bandit/detail/ls_rule.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/stopping/ls.hpp"
#include "lilucb/boundaries/calibration.hpp"
#include "lilucb/boundaries/family.hpp"
#include "lilucb/errors.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>

namespace lilucb::bandit::stopping {

// The boundary kinds (ls_boundary), their names and parsing are the registry's (rules.hpp).

/// B(T) = u(sigma^2 T)/T for a boundary family (equality comparable: thread_count_cache shares
/// one table per spec).
struct boundary_width {
  boundaries::boundary_spec spec;
  double operator()(std::uint64_t T) const {
    const double t = static_cast<double>(T);
    return boundaries::boundary_radius(spec, t) / t;
  }
  bool operator==(const boundary_width&) const = default;
};

/// The calibrated alpha of the stitched family (default eta, s, m = sigma^2, c = 0) at crossing
/// probability p for Gaussian rewards, cached per process (see the file comment).
/// Domain: p in (0, 1/2), horizon >= 1, resolution in [1, 1024].
inline boundaries::calibration_result calibrated_stitching(double p, const boundaries::calibration_options& o) {
  static std::mutex mutex;
  static std::map<std::tuple<double, std::uint64_t, unsigned>, boundaries::calibration_result> cache;
  const auto key = std::make_tuple(p, o.horizon, o.resolution);
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
  }
  boundaries::boundary_spec spec;
  spec.kind = boundaries::boundary_kind::stitched;
  spec.sigma = 1;
  const auto r = boundaries::calibrate(spec, p, o);  // outside the lock: several p in parallel
  std::lock_guard<std::mutex> lock(mutex);
  cache.emplace(key, r);
  return r;
}

/// The calibration options of the LS rule's `calibrated` boundary: horizon 1000, resolution 4
/// (the crossing computation up to t = 1000, the stitching tail bound beyond).
inline constexpr boundaries::calibration_options ls_calibration_defaults{1000, 4};

/// A number for a certificate: 6 significant digits (std::to_string would print 5e-7 as 0.000000).
inline std::string certificate_number(double x) {
  std::ostringstream os;
  os.precision(6);
  os << x;
  return os.str();
}

/// The LS rule with per-arm boundary `kind` (not lil: finite_lil_ls) at error probability nu,
/// each arm's one-sided crossing probability p = nu/(2K).  Domain: K >= 1, nu in (0, 1),
/// sigma > 0; `calibrated` also the calibration options' domain.
inline ls<boundary_width> boundary_ls(std::size_t K, double nu, double sigma, ls_boundary kind,
                                      const boundaries::calibration_options& cal = ls_calibration_defaults) {
  constexpr const char* fn = "lilucb::bandit::stopping::boundary_ls";
  check_open_interval(fn, "nu", nu, 0.0, 1.0);
  check_positive(fn, "sigma", sigma);
  if (kind == ls_boundary::lil)
    ::lilucb::detail::raise_domain_error(fn, "boundary", "lil", "{stitched, mixture, calibrated} (lil: finite_lil_ls)");
  const double p = nu / (2.0 * static_cast<double>(K < 1 ? 1 : K));
  boundaries::boundary_spec spec;
  spec.sigma = sigma;
  spec.alpha = p;
  std::string cert;
  const std::string share = "per-arm one-sided crossing probability nu/(2K) = " + certificate_number(p);
  switch (kind) {
    case ls_boundary::stitched:
      spec.kind = boundaries::boundary_kind::stitched;
      cert = "LS rule with the polynomial-stitching boundary (Howard, Ramdas, McAuliffe & Sekhon 2021, Theorem 1, "
             "eq. (10); eta = 2, s = 1.4, m = sigma^2) at " + share +
             " and sign: union bound over arms and signs, valid for any sampling rule and sigma-sub-Gaussian "
             "rewards; P(wrong answer) <= nu";
      break;
    case ls_boundary::mixture:
      spec.kind = boundaries::boundary_kind::mixture;
      cert = "LS rule with the one-sided normal-mixture boundary (Howard et al. 2021, Section 3.2, Ville's "
             "inequality; rho tightest at v = 100 sigma^2) at " + share +
             " and sign: union bound over arms and signs, valid for any sampling rule and sigma-sub-Gaussian "
             "rewards; P(wrong answer) <= nu";
      break;
    case ls_boundary::calibrated: {
      const auto r = calibrated_stitching(p, cal);
      spec.kind = boundaries::boundary_kind::stitched;
      spec.alpha = r.alpha;
      cert = "LS rule with the stitched boundary calibrated to crossing probability p = nu/(2K) = " +
             certificate_number(p) + " for Gaussian rewards (alpha = " + certificate_number(r.alpha) +
             " = " + certificate_number(r.alpha_ratio) + " x p; crossing engine up to t = " +
             std::to_string(cal.horizon) +
             ", an estimate with its two-resolution error added, plus the stitching proof's tail bound beyond; "
             "docs/boundaries.md): union bound over arms and signs, valid for any sampling rule and Gaussian "
             "arms of standard deviation <= sigma; P(wrong answer) <= nu up to the engine's stated error";
      break;
    }
    case ls_boundary::lil: break;
  }
  boundaries::check_boundary_spec(spec);
  return ls<boundary_width>(K, boundary_width{spec}, std::move(cert));
}

}  // namespace lilucb::bandit::stopping
