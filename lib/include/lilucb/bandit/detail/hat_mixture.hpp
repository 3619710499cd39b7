#pragma once
// The pair statistic of Proposition PB (docs/certified-glr/pooled-betting.md): range-scaled bets
// on rewards in [0, 1], bounded below for every mean m at once by hat sums on 33 knots.
//
// Knots y_j = j/32 (j = 0..32) and hats phi_j(y) = max(0, 1 - 32|y - y_j|); a side's hat sums are
// H_j = sum over its pulls of phi_j(Y) (sum_j H_j = N, sum_j y_j H_j = S).  For bets
// 0 <= beta_k < 1 with weights w_k (sum_k w_k <= 1):
//     a_k(m) = sum_j H^V_j log(1 - beta_k + beta_k y_j / m)            (the pooled arm V, bets up),
//     b_k(m) = sum_j H^c_j log(1 - beta_k + beta_k (1 - y_j)/(1 - m))  (arm c, bets down),
//     A = log sum_k w_k e^{a_k},  B = log sum_k w_k e^{b_k},  h = A + B,
//     S_B = inf over 0 < m < 1 of h(m).
// h is convex on (0, 1) (the page's Lemma 3), so its infimum is certified from five enclosures
// around an approximate minimiser (the page, section 4: chords of a convex function extended
// outside their interval lie below it).
//
// Numerics (the page, "Numerics of the library rule"): every point value comes with a bound on its
// rounding and on the rounding of the hat sums it reads, assuming log1p within 2 ulps (tested), so
// lower <= h(m) <= upper at the exact hat sums.

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace lilucb::bandit::hat_mixture {

/// The knots: 32 cells of width 1/32 (a power of two: 32 Y and its fractional part are exact).
inline constexpr std::size_t cells = 32;
inline constexpr std::size_t knots = cells + 1;
/// The most bets a prior may hold.
inline constexpr std::size_t max_bets = 128;

/// One side's prior: bets 0 <= beta_1 < ... < beta_G < 1 (increasing; at most 128) and finite
/// log-weights whose weights sum to at most 1.
struct bet_prior {
  std::vector<double> beta, log_weight;
};

/// The prior "capE" of the page (section 6): the bet 0 (mass 0.04); a cluster at the range's cap,
/// 0.9, 0.95, 0.98, 0.995 (0.30); a band 0.8 * 2^(-k/3), k = 0..14 (0.56); a tail k = 15..50
/// (0.10); each weight multiplied by 1 - 1e-12 (56 bets).
bet_prior make_default_bet_prior();

/// Checks a prior (1 to 128 increasing bets in [0, 0.9999], finite log-weights whose weights sum
/// to at most 1 - 1e-14 as computed): throws lilucb::domain_error naming fn and "prior".
void check_bet_prior(const char* fn, const bet_prior& p);

/// "56 range-scaled bets from 7.8e-06 to 0.995 and the bet 0": for certificates and reports.
std::string describe(const bet_prior& p);

/// One side's hat sums and, per knot, a bound on |computed - exact| (err_j >= 0).
struct hat_sums {
  std::array<double, knots> h{}, err{};
  double n = 0;  ///< the side's pull count (exact)
};

/// A side's hat sums from its cell data: count[j] rewards in cell j ([y_j, y_{j+1}), the reward 1
/// in the last cell) whose fractional parts theta = 32 Y - j sum to theta[j] within theta_err[j]:
/// H_j = (count_j - theta_j) + theta_{j-1}.  Domain: counts below 2^53, theta_j in [0, count_j]
/// up to its error (unchecked: the rule's own bookkeeping).
hat_sums from_cells(const std::array<double, cells>& count, const std::array<double, cells>& theta,
                    const std::array<double, cells>& theta_err);

/// The cell of a reward y in [0, 1] and its fractional part theta in [0, 1] (both exact).
struct cell_of {
  std::size_t j;
  double theta;
};
cell_of locate(double y);

/// The pair: V (the pooled arm, bets up) and c (bets down), and the prior both sides use.
struct pair_hats {
  hat_sums v, c;
  const bet_prior* prior;
};

/// Certified bounds of h at one point: lower <= h(m) <= upper.  Domain: m in (0, 1).
struct point_bounds {
  double lower, upper;
};
point_bounds h_bounds(const pair_hats& p, double m);

/// A cheap guess of h's minimiser: the precision-weighted mean of the two sides' means (each
/// side's variance read from its hat sums, at least 1e-4), clamped to [1e-6, 1 - 1e-6].
/// Domain: both counts >= 1.
double guess(const pair_hats& p);

/// The outcome of a search: `lower` a certified lower bound of S_B (-inf when nothing is
/// certified), `upper` the smallest certified upper bound seen, `argmin` where it was seen,
/// `evaluations` the points evaluated.
struct search_result {
  double lower, upper, argmin;
  int evaluations;
};

/// Newton's method on h' (safeguarded by a bracket in logit(m)) from m0, then the five-point
/// certificate.  With thr finite it decides "S_B >= thr": it returns as soon as an upper bound is
/// below thr (fail) or the certificate reaches thr (pass); a pair neither passed nor failed is
/// failed by the caller (only a pass needs a certificate).  With thr NaN it returns the best
/// certified lower bound over a few spacings.  A minimiser within 1e-15 of 0 or 1 (a side whose
/// rewards are all at the end the other side bets towards) certifies nothing: lower = -inf.
/// Domain: m0 in (0, 1); both counts >= 1.
search_result search(const pair_hats& p, double m0, double thr);

/// One side's terms at a fixed m, ready to be summed against hat sums in O(G * knots)
/// multiplications and no logarithm: F_kj = log1p(beta_k z_j) with z_j = y_j/m - 1 (V) or
/// (1 - y_j)/(1 - m) - 1 (c), and the bound dF_kj on its rounding.  For the rules' fail test at a
/// tracked point.  Domain: m in (0, 1).
/// The terms of a knot are computed the first time a side with mass or error on it is read
/// (Bernoulli rewards use two knots of 33).
class side_table {
 public:
  side_table() = default;
  side_table(const bet_prior& p, double m, bool pooled);
  double point() const { return m_; }
  bool pooled() const { return pooled_; }
  bool empty() const { return ready_.empty(); }
  /// The side's bet exponents at this point, read upwards from the exact hat sums (one pass over
  /// the knots), and two upper bounds of its log-sum (A or B) from them: `loose` without
  /// exponentials (the log-sum of w_k e^{a_k} is at most max_k a_k, as the weights sum to at most
  /// 1), `tight()` the log-sum itself with its rounding.
  struct bounds {
    std::array<double, max_bets> v;  ///< log w_k + a_k as computed, k < g
    std::size_t g;
    double emax;   ///< the largest bound on |v_k computed - v_k exact|
    double loose;
    double tight() const;
  };
  /// Domain: p the prior the table was built with.
  bounds upper_bounds(const bet_prior& p, const hat_sums& s);
  double upper(const bet_prior& p, const hat_sums& s) { return upper_bounds(p, s).tight(); }

 private:
  void fill(const bet_prior& p, std::size_t j);
  double m_ = 0;
  bool pooled_ = true;
  std::vector<char> ready_;     // per knot: terms computed
  std::vector<double> f_, df_;  // knots x G
};

/// S_B's certified lower bound for a pooled side V against a side c given by their rewards'
/// hat sums (exact: err = 0), on prior p.  Domain: both counts >= 1; every H_j >= 0 and finite.
/// Throws lilucb::domain_error naming the argument.
double pooled_betting_statistic(const bet_prior& p, const std::array<double, knots>& hv,
                                const std::array<double, knots>& hc);

}  // namespace lilucb::bandit::hat_mixture
