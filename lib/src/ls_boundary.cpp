// The LS rule's anytime-boundary widths and their calibration cache
// (lilucb/bandit/stopping/ls_boundary.hpp states the contract and the certificate).

#include "lilucb/bandit/stopping/ls_boundary.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>

namespace lilucb::bandit::stopping {

double boundary_width::operator()(std::uint64_t T) const {
  const double t = static_cast<double>(T);
  return boundaries::boundary_radius(spec, t) / t;
}

boundaries::calibration_result calibrated_stitching(double p, const boundaries::calibration_options& o) {
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

std::string certificate_number(double x) {
  std::ostringstream os;
  os.precision(6);
  os << x;
  return os.str();
}

ls<boundary_width> boundary_ls(std::size_t K, double nu, double sigma, ls_boundary kind,
                               const boundaries::calibration_options& cal, const answer_target& target) {
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
  return ls<boundary_width>(K, boundary_width{spec}, std::move(cert), target);
}

}  // namespace lilucb::bandit::stopping
