#pragma once
// Best-arm identification of a real system, ask-tell: the user asks which arm to pull, pulls it
// in the world, and tells the reward, in any order and possibly long after the ask; the study
// stops with the registry's certified answer and can be saved and loaded at any point.  A layer
// above the bandit engine (its own folder; its names stay in namespace lilucb::bandit, beside the
// rules and arms they are made of).
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
//  - save/load (to_json/from_json): the state holds the settings, every ask and tell in order,
//    each arm's sufficient statistics and a hash chain (SHA-256): the settings' digest starts it,
//    each event's digest covers the one before, and the head digest names the whole history.
//    Loading checks every field's type exactly (integers written as integers, no repeated or
//    unknown keys, a known version), replays the events through fresh rules (the sampling rule's
//    draws come from the seed's stream), so a loaded study continues exactly as the uninterrupted
//    one, and checks the settings' digest, the head and the replayed statistics against the saved
//    ones.  The chain is not a secret-keyed seal: an editor who recomputes it is caught only
//    against a head digest kept elsewhere (a published answer's, or the last one written:
//    from_json's last_written).
//  - Snapshot and journal (the CLI's state: docs/live-study.md, "The state file"): the events
//    since the last take_journal_record() as one journal record (one line of text naming the
//    chain's head before and after its events), and snapshot(): the settings, the chain's head
//    and event count, the statistics, the rules' and the random stream's state and the asks in
//    flight, so that open() continues from it after replaying only the journal's records written
//    since, exactly as the uninterrupted study.  A combination whose rules cannot be saved
//    (detail/state_archive.hpp) has a snapshot without their state: open() then replays the
//    whole journal.
//  - Ids: a study is told either with ids (tell(id, ...)) or without (tell_arm, counted for the
//    arm's oldest ask in flight), never both for asked pulls: once one way has counted an ask, the
//    other is refused for asks in flight (a tell of an id already counted still returns false), so
//    one pull can never be counted twice.  A reward of an
//    arm with no ask in flight (a pull the user chose) is always taken.
//
// Domain: every argument is checked (lilucb::domain_error naming it); a refused call changes
// nothing.  Gaussian studies take sigma in [1e-130, 1e130] and rewards with |reward| <= 1e15
// sigma (with an unknown variance: |reward| <= 1e75, where every squared reward stays finite); bounded studies a range whose half-width is in that interval and whose ends are at most
// 1e145 in magnitude: every squared standardized difference and squared reward the statistics
// form is then a finite, normal double (no statistic reaches +-inf or NaN).

#include "lilucb/bandit/reward_model.hpp"
#include "lilucb/bandit/rules.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lilucb::random {
class normal_stream;
}

namespace lilucb::bandit {

struct stored_study;
class study_lock;

/// The study's numeric domain (see the file comment).
inline constexpr double study_min_sigma = 1e-130;
inline constexpr double study_max_sigma = 1e130;
inline constexpr double study_max_standardized_reward = 1e15;
/// The largest |reward| of a study of unknown variance.
inline constexpr double study_max_unknown_variance_reward = 1e75;
/// The scale the sampling rule of a study of unknown variance is built with.
inline constexpr double unknown_variance_sampling_sigma = 1;

/// Whether `name` can name an arm: 1 to 256 bytes of well-formed UTF-8 with no control character
/// (C0, DEL or C1) and no comma (names are listed comma-separated and printed one per line).
bool study_name_is_valid(std::string_view name);

/// Where a study's history stands: the number of events, the head digest of its hash chain and
/// the digest of its settings (64 hexadecimal digits each).
struct study_history {
  std::uint64_t events = 0;
  std::string head;
  std::string settings;
};

/// Where a snapshot stands in its journal (snapshot_link): it covers the journal's first
/// `covered` bytes; open() needs the journal from byte `needed_from` on (a few bytes before
/// `covered`, to check the link, or 0 when the whole journal is replayed).
struct study_journal_link {
  std::uint64_t covered = 0;
  std::uint64_t needed_from = 0;
};

struct study_settings {
  std::size_t arms = 0;            ///< K in [1, 2^32)
  std::vector<std::string> names;  ///< empty, or K distinct names (study_name_is_valid)
  /// What the rewards are (reward_model.hpp; a model chosen by name): gaussian with a known sigma
  /// (or sigma-sub-Gaussian, for the rules not restricted to Gaussian arms), bernoulli (each reward
  /// 0 or 1), or bounded in [lo, hi] (the rules for a known range, pooled-kl and pooled-eb, read
  /// (y - lo)/(hi - lo); the sigma rules run with sigma = (hi - lo)/2, certified by Hoeffding's lemma).
  /// gaussian_unknown_variance is the same study as gaussian with unknown_variance below (the
  /// settings read back and the saved state say the latter).
  reward_model model = reward_model::gaussian;
  double sigma = 0;                ///< gaussian: the rewards' scale, > 0 (unused otherwise; 0 with unknown_variance)
  /// gaussian: the rewards are Gaussian with standard deviations unknown and possibly different
  /// per arm (reward_model::gaussian_unknown_variance).  sigma is then 0, and only the rules that
  /// read no sigma admit: glr-paired-t (certified, Proposition PT; the default method is then
  /// t3c-ids-matched+glr-paired-t), glr-gu (certified, Proposition GU) and glr-heuristic-ev (the practice);
  /// the question is the best arm or an
  /// epsilon-good one (top = 1).  The sampling rule runs at the nominal scale
  /// unknown_variance_sampling_sigma, except the samplers that read the arms' empirical variances
  /// (t3c-ids-matched with paired-t or heuristic-ev, lucb-glr, tt-topm), which read no unit once an
  /// arm has two distinct rewards (T3C's first leaders are drawn in the rewards' unit): the
  /// others' efficiency, not the certificate, depends on the rewards' scale.  Rewards must be Gaussian draws at full precision: with GU three equal rewards
  /// of an arm followed by a far one make its predictive evidence -inf (the study then never
  /// stops); with PT blocks of equal differences give no evidence (V = 0).
  /// Its snapshots hold no rules' state (snapshot_holds_rules): open() replays the journal.
  bool unknown_variance = false;
  double lo = 0, hi = 1;           ///< bounded: the range of the rewards, lo < hi, both finite
  double nu = 0;                   ///< the target error probability, in (0, 1)
  std::string method;              ///< a combination of the registry whose stopping rule admits studies;
                                   ///< empty: recommended_combination(model, target) (combination.hpp;
                                   ///< t3c-ids-matched+glr-paired-t with unknown_variance)
  std::uint64_t seed = 0;          ///< the sampling rule's random stream
  /// The question (target.hpp): the best arm by default, an epsilon-good arm, or the top m arms
  /// (top = m in 2..K-1) (the method's stopping rule must answer it: GLR one-sided, certified by
  /// Proposition Gε-M1 or TM-M1, pooled-kl by TM-K for top m or Kε-U for an additive epsilon, or
  /// heuristic); relative only for bernoulli studies or bounded ones
  /// with lo >= 0.  Written to the state only when epsilon > 0 or top > 1 (a best-arm study's
  /// state is unchanged).
  answer_target target{};
};

/// One ask: the id to tell its reward with, and the arm to pull.
struct study_ask {
  std::uint64_t id;
  std::size_t arm;
};

struct study_answer {
  bool done = false;              ///< whether the stopping rule has fired
  std::size_t best_arm = 0;       ///< the answer when done; the current leader otherwise
  std::vector<std::size_t> answer_set;  ///< a top-m study's set (increasing), as best_arm; else empty
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
  /// study's model and question (T*_eps for an epsilon-good study, T*_m for a top-m one): the
  /// lower bound's leading term (a nu-correct rule needs about T* log(1/nu) pulls in expectation;
  /// the certified rules take more, the planner of `lilucb study plan` simulates how many).  A
  /// study of unknown variance uses T* of that model (characteristic_time_unknown_variance.hpp) at
  /// the sample standard deviations, for the best-arm question only.  Absent while an arm has no
  /// reward (unknown variance: no spread) or the leading means tie.
  std::optional<double> remaining_estimate;
  /// The same estimate with each mean moved by one standard error (sigma/sqrt(n), the sample sd
  /// for unknown variances, at the same sds; Bernoulli
  /// sqrt(mu(1 - mu)/n), at least 1/(2n); kept in the model's range), the arms the question answers
  /// now up and the others down (low: the smaller of that estimate and remaining_estimate), or the
  /// other way (high: the larger of the two); high is absent when the narrowed means tie or cross
  /// (no upper end).  Both absent with remaining_estimate; low <= remaining_estimate <= high.
  std::optional<double> remaining_low, remaining_high;
  /// A study of unknown variance: each arm's sample standard deviation sqrt(M2/(n - 1)) of its
  /// rewards told (0 with fewer than two); empty otherwise.
  std::vector<double> sds;
};

/// An outcome received for an ask (identification::expire): its id, its reward, and optionally
/// the arm the caller recorded with it (checked against the ask's arm).
struct study_outcome {
  std::uint64_t id = 0;
  double reward = 0;
  std::optional<std::size_t> arm;
};

class identification {
 public:
  /// Checks the settings: K >= 1; names empty or K distinct non-empty; sigma > 0 (gaussian), or
  /// sigma = 0 with unknown_variance (gaussian only);
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
  /// The same, checking that ask `id` was of `arm` (a script that records both): a call naming
  /// another arm is refused (a mistake, not a duplicate) while the ask is in flight or among the
  /// last 65,536 asks (ids next - 65,536 to next - 1); for an older ask already told it returns
  /// false like any retry, the arm unchecked (the study keeps the arms of those asks only: memory
  /// and snapshot O(asks in flight + 65,536 + K), not O(history)).  The rule is the same for a
  /// study made, loaded or opened, whenever its snapshots were taken.  Either way nothing is
  /// counted twice.  Domain: as above, and arm the ask's arm within that window.
  bool tell(std::uint64_t id, std::size_t arm, double reward);
  /// Rewards of asked pulls: tell(ids[k], arms[k], rewards[k]) for k in order (the arm checked
  /// within the same window), every one checked before any is counted, so a refused call changes
  /// nothing.  Returns the number counted (ids
  /// told before, in an earlier call or earlier in this one, are not).  Domain: the three of one
  /// length; each as for tell(id, arm, reward).
  std::size_t tell_many(std::span<const std::uint64_t> ids, std::span<const std::size_t> arms,
                        std::span<const double> rewards);
  /// A reward of `arm` without an id: the arm's oldest ask not yet told, or, when none is in
  /// flight, a pull the user chose (still value-blind: Condition A).
  void tell_arm(std::size_t arm, double reward);
  /// An attribution window's deadline: closes every ask still in flight whose id is at most
  /// `through`, in id order, telling its outcome from `outcomes` (the outcomes the caller received
  /// for those pulls, e.g. the conversions; an outcome's arm, when given, must be its ask's) or else `reward` (default 0: "not
  /// converted"); returns how many were told.  The order of these tells depends on the ids only,
  /// so the arrival order stays value-blind (Condition A) provided the caller told none of these
  /// outcomes before their deadline (docs/live-study.md, "The rules in practice": a conversion
  /// told as it arrives, ahead of the window's zeros, is a value-dependent order).  A reward told
  /// later for a closed id is a retry, ignored.  Domain: every reward in the model's range; every
  /// outcome's id an ask in flight at most `through`, each id once; the study's asked pulls told
  /// with ids; a gaussian study (sigma known or not) an outcome for every pull of the window (a
  /// fixed reward is not a draw of a Gaussian arm: the default is for bernoulli and bounded
  /// studies).  Everything is checked before anything is counted; a refused outcome is named
  /// "outcomes", a refused default "reward".
  std::size_t expire(std::uint64_t through, double reward = 0, std::span<const study_outcome> outcomes = {});

  /// The asks in flight (asked, not yet told), in id order.  O(asks in flight + the ids the study
  /// remembers / 64): those from its oldest ask in flight or its last 65,536 asks, trimmed when it
  /// is saved or opened (a study never saved remembers every id).
  std::vector<study_ask> in_flight() const;

  bool done() const;
  /// Whether the study's stopping rule is certified (its answer, once done, carries the
  /// certificate) and the statement it rests on (or why there is none), before and after the stop.
  bool rule_certified() const;
  std::string rule_certificate() const;
  study_answer answer();
  study_status status();

  /// The versioned JSON state (see the file comment).  Throws lilucb::domain_error if
  /// random_stream() was used (its draws are not in the events), or for a study from open() (its
  /// events before the snapshot are in the journal, not in memory).
  std::string to_json() const;
  /// A study from to_json's text.  Throws lilucb::domain_error naming "state", and saying what
  /// differs, when the text is not a state of this format (version 2, or 1 without a chain), a
  /// field has the wrong type or a key is repeated or unknown, its settings do not match its
  /// chain's origin, its events do not replay, reach another head or other statistics.  With
  /// `last_written` (the history() of the last state written for this study): also when the text
  /// has fewer events (an older state: loading it after later rewards were seen voids the
  /// certificate), other settings, or a history that differs at that event.
  static identification from_json(std::string_view text, const std::optional<study_history>& last_written = std::nullopt);
  /// The history now: events, head digest, settings digest.
  study_history history() const;

  /// The events since the last call (or since the study was made, loaded or opened) as one
  /// journal record: one line ending in '\n'; "" when there are none.  The events are then
  /// counted as written.
  std::string take_journal_record();
  /// The snapshot of the study now (first line JSON, then its binary state), saying that it
  /// covers the first `journal_bytes` bytes of the journal.  Throws lilucb::domain_error if
  /// random_stream() was used.  Not const: the asks in flight are first stored compactly.
  std::string snapshot(std::uint64_t journal_bytes);
  /// The snapshot's link to its journal (needed_from <= covered; the header is not yet checked
  /// against its digest: open() does that).  Throws lilucb::domain_error naming "state" when the
  /// text's first line is not a snapshot header or its link is not one.
  static study_journal_link snapshot_link(std::string_view snapshot);
  /// Whether `text` begins as a snapshot (version 3) rather than a whole JSON state (to_json).
  static bool is_snapshot(std::string_view text);
  /// The study of a snapshot and its journal: `journal` holds the journal's bytes from
  /// `journal_offset` (at most snapshot_link(snapshot).needed_from, or 0 with full_replay) to its
  /// end.  Checks the snapshot's digest, its statistics against its state, the journal's record
  /// before `covered` against its head, and each later record's link and events (replayed: O(events
  /// since the snapshot)).  A last line without its '\n' is an interrupted append: ignored
  /// (journal_end() says where the complete records end).  full_replay (verify) replays the whole
  /// journal from the settings instead and checks the snapshot's state against the replayed one.
  /// With `last_written` as from_json.  Throws lilucb::domain_error naming "state", saying what
  /// differs.
  static identification open(std::string_view snapshot, std::string_view journal, std::uint64_t journal_offset,
                              const std::optional<study_history>& last_written = std::nullopt, bool full_replay = false);
  /// For a study from open(): the journal's length up to its last complete record.
  std::uint64_t journal_end() const;
  /// Whether snapshot() holds the rules' state (open() then replays only the journal's tail).
  bool snapshot_holds_rules() const;

  /// An independent copy of the study now, to simulate its continuation (the planner of `lilucb
  /// study plan`, lilucb_experiments/study_plan.hpp): the same settings, statistics, asks in
  /// flight, rules' state and random stream, so its asks continue this study's.  It records no
  /// history (no events, no hash chain: O(1) per event), so it is never saved: to_json, snapshot
  /// and take_journal_record refuse it, and history() stays the original's at the fork.  A fork
  /// may tell(id, reward) its asks in flight even when the study told by arm (each id counts
  /// once).  Cost: a copy of the study's state (a study kept in memory copies its history once;
  /// a fork of a fork copies none).
  identification fork() const;

  /// The stream the sampling rule draws from.  A simulation that draws its rewards from it
  /// reproduces run_combination pull for pull (tests); such a study can no longer be saved.
  random::normal_stream& random_stream();

 private:
  friend std::string write_study(const std::filesystem::path& state, stored_study& s, study_lock& lock, std::string_view function);
  struct impl;
  identification(const identification& o, int);  // fork()'s copy
  std::unique_ptr<impl> p_;
};

// ---- the state files of `lilucb study` (docs/live-study.md, "The state file") ----
// STATE: the snapshot (or a whole JSON state of version 1 or 2, migrated by the next write);
// STATE.journal beside the file STATE resolves to: the append-only journal; STATE.lock beside it:
// an exclusive lock for the writers and the history last written.  The CLI and Python read and
// write a study's files through these functions only (every file through lilucb/io/safe_file.hpp).

/// A study read from its state files (or made, to be written for the first time).
struct stored_study {
  identification study;
  bool whole_state = true;    ///< made, or read from a whole JSON state: the next write_study writes a
                              ///< journal of every event, then the snapshot (the commit)
  std::uint64_t covered = 0;  ///< the journal bytes the snapshot covers
  bool older_snapshot = false;  ///< read from a snapshot of an older version: the next write rewrites it
};

/// STATE.journal for the state at `state`: beside the file it resolves to (for reading, a state
/// the writers refuse, a hard link, still names its journal).  Throws io_error for writing to a
/// state that cannot be written (resolve_write_target's refusals).
std::filesystem::path study_journal_path(const std::filesystem::path& state, bool for_reading, std::string_view function);

/// The history STATE.lock records, read without taking the lock; nullopt when there is no record
/// (no lock file, an unreadable or interrupted one).  A reader reads it before the state: a writer
/// writes the state before the record, so a record newer than the state is never seen.
std::optional<study_history> peek_study_record(const std::filesystem::path& state);

/// The study at `state` with every check of a load (docs/live-study.md's table; full_replay:
/// verify's, the whole journal replayed), against `last_written` as open() (a rollback refused).
/// At most 1 GiB of state and of journal after the snapshot's link (full_replay: 64 GiB).
/// Throws lilucb::domain_error (naming `function`, parameter "state", the path, and what differs)
/// for a state that is not one, and lilucb::io_error for a file that cannot be read.
stored_study read_study(const std::filesystem::path& state, const std::optional<study_history>& last_written,
                        bool full_replay, std::string_view function);

/// An exclusive lock on STATE.lock (STATE's real path, so a symlink and its target share it), held
/// for the object's lifetime (waits for another holder), and the history it records.  A lock file
/// this object created is removed again unless write_study committed through it.  Throws io_error.
class study_lock {
 public:
  study_lock(const std::filesystem::path& state, std::string_view function);
  ~study_lock();
  study_lock(const study_lock&) = delete;
  study_lock& operator=(const study_lock&) = delete;
  /// The history last written, if recorded.
  std::optional<study_history> record() const;
  /// Records `h` as the history last written (after the state was written) and keeps the lock
  /// file.  A failure to record leaves the record older, which the next command accepts.
  void commit(const study_history& h);

 private:
  std::string path_;
  int fd_ = -1;
  bool created_ = false, committed_ = false;
};

/// Commits the study's events since it was read (or made): a whole state gets a journal of one
/// record written whole, then its snapshot (the rename of the snapshot is the commit); a study read
/// from a snapshot gets its record appended at journal_end() (the fsync is the commit; refused,
/// nothing written, when the journal gained a complete record since the study was read: another
/// writer's), and a new snapshot once the journal has grown 64 KiB past the last one.  Then the
/// lock records the history, and `s` stands as read from the files written.  Returns a warning
/// ("" when none) when only the snapshot's rewrite failed (the events are committed in the
/// journal; the next write tries again).  Throws lilucb::io_error naming `function` otherwise, the
/// files unchanged.  Domain: `lock` held on `state`.
std::string write_study(const std::filesystem::path& state, stored_study& s, study_lock& lock, std::string_view function);

}  // namespace lilucb::bandit
