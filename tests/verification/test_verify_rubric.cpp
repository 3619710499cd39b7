// The rubric (verification/include/lilucb_verification/rubric.hpp, docs/verification.md) and the
// `reproduction` check that judges Section 5's statements from the committed data: every rule on
// its edges, and planted reproduction data on which a row that must fail fails.

#include "lilucb_verification/checks.hpp"
#include "lilucb_verification/rubric.hpp"

#include "lilucb/clopper_pearson.hpp"
#include "lilucb/errors.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <random>

namespace v = lilucb::verification;
namespace fs = std::filesystem;
using vk = v::verdict_kind;

BOOST_AUTO_TEST_SUITE(rubric)

BOOST_AUTO_TEST_CASE(r1_proofs) {
  BOOST_TEST((v::judge_proof(true, false, false) == vk::holds));
  BOOST_TEST((v::judge_proof(false, true, false) == vk::holds_with_caveat));
  BOOST_TEST((v::judge_proof(false, true, true) == vk::fails));
  BOOST_TEST((v::judge_proof(false, false, true) == vk::fails));
  BOOST_TEST((v::judge_proof(false, false, false) == vk::undecided));
}

// R2 on the limit ratio with the 10% tolerance: the paper's alpha = 0.3 form (limit 5/3) fails,
// the alpha = 0.6 form (limit zeta(1.2)/6 = 0.932, ratios 0.41 ... 0.80 at n = 10 ... 10^4) holds
// with caveat, a form right everywhere holds.
BOOST_AUTO_TEST_CASE(r2_forms_on_the_limit_ratio) {
  BOOST_TEST((v::judge_form(5.0 / 3, 1.18, 1.63) == vk::fails));
  BOOST_TEST((v::judge_form(0.9319, 0.41, 0.80) == vk::holds_with_caveat));
  BOOST_TEST((v::judge_form(1.0, 0.9, 0.9999) == vk::holds));
  BOOST_TEST((v::judge_form(1.0999, 1.0999, 0.9001) == vk::holds));  // just inside the tolerance
  BOOST_TEST((v::judge_form(1.1001, 1.0, 1.0) == vk::fails));
  BOOST_TEST((v::judge_form(4.0, 3.6, 4.0) == vk::fails));    // the sparse text's mu_1 = 1/4
  for (double bad : {std::nan(""), std::numeric_limits<double>::infinity()})
    BOOST_CHECK_THROW(v::judge_form(bad, 1, 1), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(r3_corrections) {
  BOOST_TEST((v::judge_correction(1.0) == vk::holds));
  BOOST_TEST((v::judge_correction(1.046) == vk::holds_with_caveat));  // Lemma lem:1's (8e + 1)/8e
  BOOST_TEST((v::judge_correction(30.269 / 12.199) == vk::fails));    // the proof's a_min (F4)
  BOOST_CHECK_THROW(v::judge_correction(0.0), lilucb::domain_error);
  BOOST_CHECK_THROW(v::judge_correction(std::nan("")), lilucb::domain_error);
}

// R4: fails exactly from the critical count on (L > p0); holds when U + uncovered <= p0; with
// caveat when only U <= p0; undecided when the runs neither reject nor show the bound.
BOOST_AUTO_TEST_CASE(r4_rates) {
  const double a = v::mc_alpha;
  for (std::uint64_t m : {20u, 1000u, 40000u})
    for (double p0 : {0.0, 0.01, 0.1}) {
      const auto c = lilucb::binomial_critical_count(m, p0, a);
      BOOST_TEST_CONTEXT("m=" << m << " p0=" << p0 << " c=" << c) {
        if (c <= m)
          BOOST_TEST((v::judge_rate(lilucb::clopper_pearson_lower(c, m, a), lilucb::clopper_pearson_upper(c, m, a), p0) ==
                      vk::fails));
        if (c >= 1)
          BOOST_TEST((v::judge_rate(lilucb::clopper_pearson_lower(c - 1, m, a),
                                    lilucb::clopper_pearson_upper(c - 1, m, a), p0) != vk::fails));
      }
    }
  // 0 of 5000 runs against nu = 0.1: U = 0.00276, the bound is shown.
  const double u = lilucb::clopper_pearson_upper(0, 5000, a);
  BOOST_TEST((v::judge_rate(0.0, u, 0.1) == vk::holds));
  BOOST_TEST((v::judge_rate(0.0, u, 0.1, 0.1) == vk::holds_with_caveat));  // a horizon's tail could matter
  BOOST_TEST((v::judge_rate(0.0, u, 0.001) == vk::undecided));             // consistent, not shown
  BOOST_CHECK_THROW(v::judge_rate(0.5, 0.4, 0.1), lilucb::domain_error);
  BOOST_CHECK_THROW(v::judge_rate(0.0, 0.4, std::nan("")), lilucb::domain_error);
}

BOOST_AUTO_TEST_CASE(r5_settings_hold_only_with_a_complete_argument) {
  BOOST_TEST((v::judge_setting(true, true, false) == vk::holds));
  BOOST_TEST((v::judge_setting(true, false, false) == vk::holds_with_caveat));
  BOOST_TEST((v::judge_setting(true, false, true) == vk::fails));
  BOOST_TEST((v::judge_setting(false, true, false) == vk::fails));
}

BOOST_AUTO_TEST_CASE(r6_cells_and_r7_findings) {
  BOOST_TEST((v::judge_cells(0, 0, 0) == vk::undecided));
  BOOST_TEST((v::judge_cells(0, 0, 5) == vk::undecided));
  BOOST_TEST((v::judge_cells(5, 5, 5) == vk::holds));
  BOOST_TEST((v::judge_cells(3, 5, 6) == vk::holds_with_caveat));
  BOOST_TEST((v::judge_cells(2, 5, 6) == vk::fails));
  BOOST_TEST((v::judge_cells(0, 6, 6, true) == vk::holds_with_caveat));
  BOOST_TEST((v::judge_finding(true, true) == vk::holds));
  BOOST_TEST((v::judge_finding(false, true) == vk::fails));
  BOOST_TEST((v::judge_finding(true, false) == vk::undecided));
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(reproduction_check)

namespace {

struct temp_dir {
  fs::path path;
  temp_dir() {
    std::random_device rd;
    path = fs::temp_directory_path() / ("lilucb_verify_rubric_" + std::to_string(rd()));
    fs::create_directories(path);
  }
  ~temp_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// Paper-preset stopping times, one cell (sparse, n = 10): lil'UCB 4x lil'UCB + LS (S4 holds);
// Successive Elimination leads the guaranteed algorithms (S3 must fail); Exp-Gap + LS twice as
// slow as nonadaptive (S1: only the weaker reading).
void plant_paper(const fs::path& root) {
  const fs::path d = root / "paper" / "stopping-times";
  fs::create_directories(d);
  std::ofstream(d / "summary.csv")
      << "algorithm,scenario,n,h1,runs,stopped,censored,mean_pulls,median_pulls,q1_pulls,q3_pulls,"
         "mean_over_h1,median_over_h1,errors,error_rate,error_ci_low,error_ci_high\n"
         "lilucb,sparse,10,36,10,10,0,4000,3600,3000,4400,111,100,0,0,0,0.308\n"
         "lilucb-ls,sparse,10,36,10,10,0,1000,900,800,1000,27.8,25,0,0,0,0.308\n"
         "ucb1-ls,sparse,10,36,10,10,0,1000,950,800,1000,27.8,26.4,0,0,0,0.308\n"
         "lilucb-heuristic,sparse,10,36,10,10,0,300,360,300,400,8.33,10,0,0,0,0.308\n"
         "successive-elimination,sparse,10,36,10,10,0,800,720,700,900,22.2,20,0,0,0,0.308\n"
         "exp-gap-ls,sparse,10,36,10,10,0,90000,100000,50000,100000,2500,2777.78,0,0,0,0.308\n"
         "nonadaptive-ls,sparse,10,36,10,10,0,50000,50000,40000,60000,1389,1388.89,0,0,0,0.308\n";
  std::ofstream(d / "manifest.json") << R"({"experiment": "stopping-times", "config": {"algorithms": ["lilucb", "lilucb-ls", "ucb1-ls",
      "lilucb-heuristic", "successive-elimination", "exp-gap-ls", "nonadaptive-ls"], "scenarios": ["sparse"],
      "sizes": [10], "nu": 0.1}, "git": {"commit": "0123456789abcdef"}})";
}

std::map<std::string, v::claim> run(const fs::path& root) {
  v::verify_options o;
  o.reproduction_dir = root;
  std::map<std::string, v::claim> out;
  for (auto& c : v::run_checks(o, "reproduction")) out[c.id] = c;
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(planted_data_decide_the_statements) {
  temp_dir tmp;
  plant_paper(tmp.path);
  const auto claims = run(tmp.path);
  BOOST_TEST_REQUIRE(claims.size() == 9u);
  BOOST_TEST((claims.at("reproduction.s4-ls-impact").verdict == vk::holds));
  BOOST_TEST(claims.at("reproduction.s4-ls-impact").evidence.find("lil'UCB / lil'UCB + LS 4") != std::string::npos);
  // The row that must fail fails: Successive Elimination leads, not lil'UCB + LS or UCB1 + LS.
  BOOST_TEST((claims.at("reproduction.s3-ls-lead").verdict == vk::fails));
  BOOST_TEST(claims.at("reproduction.s3-ls-lead").evidence.find("fastest with a guarantee: Successive Elimination") !=
             std::string::npos);
  // Exp-Gap + LS twice as slow: "barely better" only in the weaker reading (nowhere much better).
  BOOST_TEST((claims.at("reproduction.s1-expgap-vs-nonadaptive").verdict == vk::holds_with_caveat));
  // No heuristic + LS variant, no anytime data: undecided, never invented.
  BOOST_TEST((claims.at("reproduction.s5-heuristic-ls").verdict == vk::undecided));
  BOOST_TEST((claims.at("reproduction.a1-expgap-anytime").verdict == vk::undecided));
  BOOST_TEST(claims.at("reproduction.s4-ls-impact").evidence.find("0123456") != std::string::npos);
  for (const auto& [id, c] : claims) BOOST_TEST(c.effort_independent, id);
}

BOOST_AUTO_TEST_CASE(no_data_is_undecided_and_malformed_data_throws) {
  temp_dir tmp;
  for (const auto& [id, c] : run(tmp.path)) BOOST_TEST((c.verdict == vk::undecided), id);
  plant_paper(tmp.path);
  std::ofstream(tmp.path / "paper" / "stopping-times" / "summary.csv") << "not,a,summary\n";
  BOOST_CHECK_THROW(run(tmp.path), lilucb::domain_error);
}

BOOST_AUTO_TEST_SUITE_END()
