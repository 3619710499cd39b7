#pragma once
// Best-arm identification of a real system, ask-tell: the user asks which arm to pull, pulls it
// in the world, and tells the reward, in any order and possibly long after the ask; the study
// stops with the registry's certified answer and can be saved and loaded at any point.
//
// How the rules run (the proof that the certificate survives: docs/live-study.md, Proposition L):
//  - The stopping rule sees the rewards in the order they are told (the arrival order), exactly
//    as in a sequential run whose k-th pull is the arm of the k-th tell.  Certified when the
//    arrival order does not depend on the rewards' values (Condition A of docs/live-study.md).
//  - The sampling rule chooses the asks.  Until every arm has a reward, asks go round robin
//    (arms 0, 1, ..., K-1, 0, ...), as the first round of run_composed.  After that, pulls in flight are counted in the sampling rule's view
//    with the arm's current empirical mean, so ask(m) spreads m pulls instead of asking for the
//    same information m times.
//  - Asked one at a time and told before the next ask, a study makes run_combination's pulls
//    with the same method and seed when its rewards are drawn from random_stream() (tested).
//  - save/load (to_json/from_json): the state holds the settings, every ask and tell in order
//    and each arm's sufficient statistics; loading replays the events through fresh rules (the
//    sampling rule's draws come from the seed's stream), so a loaded study continues exactly as
//    the uninterrupted one, and checks the replayed statistics against the saved ones.
//
// Domain: every argument is checked (lilucb::domain_error naming it); a refused call changes
// nothing.

#include "lilucb/bandit/rules.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lilucb::bandit {

namespace detail {
class normal_stream;
}

/// What the rewards of a study are: Gaussian with a known sigma (or sigma-sub-Gaussian, for the
/// rules not restricted to Gaussian arms), Bernoulli (each reward 0 or 1), or bounded in [lo, hi]
/// (the rules for a known range, pooled-kl and pooled-eb, read (y - lo)/(hi - lo); the sigma rules
/// run with sigma = (hi - lo)/2, certified by Hoeffding's lemma).
enum class study_model { gaussian, bernoulli, bounded };
const char* to_string(study_model m);
/// "gaussian", "bernoulli" or "bounded"; throws lilucb::domain_error naming "model".
study_model parse_study_model(std::string_view name);

/// The method a study uses by default, recommended_combination of its reward model: for Gaussian
/// rewards Proposition P2; for Bernoulli rewards Proposition PK (the Bernoulli divergence, which
/// adapts to rates near 0 or 1; docs/certified-glr/pooled-kl.md); for bounded rewards Proposition
/// PE (empirical-Bernstein bets, which adapt to the rewards' variance; docs/certified-glr/pooled-eb.md).
inline constexpr std::string_view recommended_method = "t3c-ids+glr-pooled-per-arm";
inline constexpr std::string_view recommended_bernoulli_method = "t3c-ids+glr-pooled-kl";
inline constexpr std::string_view recommended_bounded_method = "t3c-ids+glr-pooled-eb";
constexpr std::string_view recommended_method_for(study_model m) {
  return m == study_model::bernoulli ? recommended_bernoulli_method
         : m == study_model::bounded ? recommended_bounded_method
                                     : recommended_method;
}

struct study_settings {
  std::size_t arms = 0;            ///< K in [1, 2^32)
  std::vector<std::string> names;  ///< empty, or K distinct non-empty names
  study_model model = study_model::gaussian;
  double sigma = 0;                ///< gaussian: the rewards' scale, > 0 (unused otherwise)
  double lo = 0, hi = 1;           ///< bounded: the range of the rewards, lo < hi, both finite
  double nu = 0;                   ///< the target error probability, in (0, 1)
  std::string method;              ///< a combination of the registry; empty: recommended_method_for(model)
  std::uint64_t seed = 0;          ///< the sampling rule's random stream
};

/// One ask: the id to tell its reward with, and the arm to pull.
struct study_ask {
  std::uint64_t id;
  std::size_t arm;
};

struct study_answer {
  bool done = false;              ///< whether the stopping rule has fired
  std::size_t best_arm = 0;       ///< the answer when done; the current leader otherwise
  bool certified = false;         ///< done, with a certified rule
  std::string certificate;        ///< the statement behind the answer (or why there is none)
  std::vector<challenger_evidence> evidence;  ///< at the stopping time (now, before it)
  std::string evidence_note;      ///< when the rule reports no statistics, why
};

struct study_status {
  std::vector<std::uint64_t> pulls;    ///< rewards told, per arm
  std::vector<std::uint64_t> pending;  ///< asks not yet told, per arm
  std::vector<double> means;           ///< empirical means (0 for an arm without a reward)
  std::uint64_t total_pulls = 0;
  std::uint64_t total_pending = 0;
  std::size_t leader = 0;              ///< the stopping rule's recommendation now
  bool done = false;
  /// Pulls still needed by the estimate T*(mu_hat) log(1/nu) - total_pulls (at least 0), for the
  /// study's model; absent while an arm has no reward or the leading means tie.
  std::optional<double> remaining_estimate;
};

class identification {
 public:
  /// Checks the settings: K >= 1; names empty or K distinct non-empty; sigma > 0 (gaussian);
  /// lo < hi finite (bounded); nu in (0, 1); the method a combination of the registry admitted
  /// for the model (check_combination) whose stopping rule is not lil'UCB's (its certificate needs
  /// lil'UCB's own sequential sampling: docs/live-study.md).
  explicit identification(study_settings settings);
  ~identification();
  identification(identification&&) noexcept;
  identification& operator=(identification&&) noexcept;

  const study_settings& settings() const;
  /// The method's name as the registry prints it.
  std::string method() const;

  /// The next arm to pull.  Throws lilucb::domain_error once the study is done.
  study_ask ask();
  /// m arms for m pulls run in parallel.  Domain: m >= 1 (at most 10^7 at once).
  std::vector<study_ask> ask(std::size_t m);

  /// The reward of ask `id`.  Returns false, changing nothing, when that id was told already (a
  /// retried tell is counted once).  Domain: id asked; reward finite and in the model's range
  /// (0 or 1 for bernoulli, [lo, hi] for bounded).
  bool tell(std::uint64_t id, double reward);
  /// The same, checking that ask `id` was of `arm` (a script that records both), in flight or
  /// told before (a retry naming another arm is a mistake, not a duplicate).  Domain: as above,
  /// and arm the ask's arm.
  bool tell(std::uint64_t id, std::size_t arm, double reward);
  /// A reward of `arm` without an id: the arm's oldest ask not yet told, or, when none is in
  /// flight, a pull the user chose (still value-blind: Condition A).
  void tell_arm(std::size_t arm, double reward);

  bool done() const;
  study_answer answer();
  study_status status();

  /// The versioned JSON state (see the file comment).  Throws lilucb::domain_error if
  /// random_stream() was used (its draws are not in the events).
  std::string to_json() const;
  /// A study from to_json's text.  Throws lilucb::domain_error naming "state" when the text is
  /// not a state of this format and version, or its events do not replay to its statistics.
  static identification from_json(std::string_view text);

  /// The stream the sampling rule draws from.  A simulation that draws its rewards from it
  /// reproduces run_combination pull for pull (tests); such a study can no longer be saved.
  detail::normal_stream& random_stream();

 private:
  struct impl;
  std::unique_ptr<impl> p_;
};

}  // namespace lilucb::bandit
