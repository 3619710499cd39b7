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
#include <string>
#include <string_view>

namespace lilucb::bandit::stopping {

// The boundary kinds (ls_boundary), their names and parsing are the registry's (rules.hpp).

/// B(T) = u(sigma^2 T)/T for a boundary family (equality comparable: thread_count_cache shares
/// one table per spec).
struct boundary_width {
  boundaries::boundary_spec spec;
  double operator()(std::uint64_t T) const;
  bool operator==(const boundary_width&) const = default;
};

/// The calibrated alpha of the stitched family (default eta, s, m = sigma^2, c = 0) at crossing
/// probability p for Gaussian rewards, cached per process (see the file comment).
/// Domain: p in (0, 1/2), horizon >= 1, resolution in [1, 1024].
boundaries::calibration_result calibrated_stitching(double p, const boundaries::calibration_options& o);

/// The calibration options of the LS rule's `calibrated` boundary: horizon 1000, resolution 4
/// (the crossing computation up to t = 1000, the stitching tail bound beyond).
inline constexpr boundaries::calibration_options ls_calibration_defaults{1000, 4};

/// A number for a certificate: 6 significant digits (std::to_string would print 5e-7 as 0.000000).
std::string certificate_number(double x);

/// The LS rule with per-arm boundary `kind` (not lil: finite_lil_ls) at error probability nu,
/// each arm's one-sided crossing probability p = nu/(2K); with an epsilon-good or top-m target,
/// the question's form (ls.hpp).  Domain: K >= 1, nu in (0, 1), sigma > 0, a valid target;
/// `calibrated` also the calibration options' domain.
ls<boundary_width> boundary_ls(std::size_t K, double nu, double sigma, ls_boundary kind,
                               const boundaries::calibration_options& cal = ls_calibration_defaults,
                               const answer_target& target = {});

}  // namespace lilucb::bandit::stopping
