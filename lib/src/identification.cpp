// The ask-tell study (lilucb/study/identification.hpp).

#include "lilucb/study/identification.hpp"

#include "lilucb/bandit/any_rule.hpp"
#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/combination.hpp"
#include "lilucb/random.hpp"
#include "lilucb/bandit/detail/state_archive.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/theory/characteristic_time.hpp"
#include "lilucb/theory/characteristic_time_unknown_variance.hpp"
#include "lilucb/detail/sha256.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"
#include "lilucb/resources.hpp"

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <set>
#include <unordered_set>
#include <utility>

namespace lilucb::bandit {

namespace {

constexpr const char* format_name = "lilucb-study";
constexpr std::uint64_t format_version = 2;  // version 1 (no chain) is read too
constexpr std::size_t npos = static_cast<std::size_t>(-1);
constexpr std::size_t max_batch = 10'000'000;
constexpr std::size_t max_arms = 0xffffffffu;

[[noreturn]] void refuse(const char* fn, const char* parameter, const std::string& value, const std::string& admissible) {
  ::lilucb::detail::raise_domain_error(fn, parameter, value, admissible);
}

/// What the sampling rule's next() reads of a run (compose.hpp's session): the statistics (here the
/// view with the pulls in flight), the random stream and the number of arms.
struct view_session {
  const arm_stats* view;
  random::normal_stream* stream;
  const arm_stats& stats() const { return *view; }
  random::normal_stream& rng() { return *stream; }
  std::size_t size() const { return view->size(); }
};

/// One ask or tell, as the state file lists them (replayed in order on load).  Kinds: 'a' an ask;
/// 't' a tell naming its id, or (no id) a pull the user chose; 'u' a tell of an arm without an id,
/// counted for the arm's oldest ask in flight (that ask's id).
struct study_event {
  char kind;
  std::optional<std::uint64_t> id;
  std::size_t arm;
  double reward;                    // tells only
  bool is_tell() const { return kind != 'a'; }
};

/// The event as the hash chain reads it: one line of text, the reward in its shortest
/// round-trip form.
std::string chain_text(const study_event& e) {
  std::string t(1, e.kind);
  t += ' ';
  t += e.id ? std::to_string(*e.id) : std::string("-");
  t += ' ';
  t += std::to_string(e.arm);
  if (e.is_tell()) {
    t += ' ';
    t += ::lilucb::detail::format_value(e.reward);
  }
  return t;
}

/// The settings as the state file writes them (keys sorted: one text per settings).
nlohmann::json settings_json(const study_settings& s) {
  nlohmann::json j;
  j["arms"] = s.arms;
  j["names"] = s.names;
  j["model"] = model_name(s.model);
  if (s.model == reward_model::gaussian) {
    if (s.unknown_variance) j["unknown_variance"] = true;  // (no sigma; a known-sigma study's settings are as before)
    else j["sigma"] = s.sigma;
  }
  if (s.model == reward_model::bounded) j["range"] = {s.lo, s.hi};
  j["nu"] = s.nu;
  j["method"] = s.method;
  j["seed"] = s.seed;
  // An epsilon-good or top-m question only (a best-arm study's settings, and so its digest, are as before).
  if (s.target.epsilon != 0) {
    j["epsilon"] = s.target.epsilon;
    if (s.target.relative) j["epsilon_relative"] = true;
  }
  if (s.target.top_m()) j["top"] = s.target.top;
  return j;
}

std::string settings_text(const study_settings& s) { return settings_json(s).dump(); }

/// The next link of the chain: SHA-256 of the previous digest and the event's text.
std::string chain_next(const std::string& previous, const study_event& e) {
  return ::lilucb::detail::sha256().update(previous).update("\n").update(chain_text(e)).hex();
}

/// The asks a study remembers: the ids from `base` (a multiple of 64) to the next id, each with its
/// arm (packed in `width` bytes) and whether it is in flight (a bit), the number in flight per
/// arm, and per arm an id below which it has none in flight.  Trimmed (trim()) to the ids from the
/// oldest in flight or the last recent_asks, whichever is older: the memory is O(asks in flight
/// + recent_asks + K), not O(history).
struct asks_window {
  static constexpr std::uint64_t recent_asks = 65536;
  std::uint64_t base = 0, end = 0;
  unsigned width;
  std::vector<std::uint8_t> arms;   // (end - base) * width bytes
  std::vector<std::uint64_t> bits;  // bit (id - base): in flight
  std::vector<std::uint64_t> pending, cursor;

  explicit asks_window(std::size_t K)
      : width(K <= 0x100 ? 1 : K <= 0x10000 ? 2 : 4), pending(K, 0), cursor(K, 0) {}

  std::size_t arm_at(std::uint64_t id) const {
    const std::uint8_t* p = arms.data() + (id - base) * width;
    std::uint32_t a = p[0];
    if (width >= 2) a |= std::uint32_t{p[1]} << 8;
    if (width == 4) a |= std::uint32_t{p[2]} << 16 | std::uint32_t{p[3]} << 24;
    return a;
  }
  /// The arm of ask `id` when it is in flight or among the last recent_asks asks (exactly those,
  /// whatever the window holds beyond them: the answer does not depend on when it was trimmed).
  std::optional<std::size_t> arm_of(std::uint64_t id) const {
    if (id < base || id >= end) return std::nullopt;
    if (end - id > recent_asks && !in_flight(id)) return std::nullopt;
    return arm_at(id);
  }
  bool in_flight(std::uint64_t id) const {
    if (id < base || id >= end) return false;
    const std::uint64_t k = id - base;
    return bits[k >> 6] >> (k & 63) & 1;
  }
  void push(std::uint64_t id, std::size_t arm) {
    end = id + 1;
    for (unsigned b = 0; b < width; ++b) arms.push_back(static_cast<std::uint8_t>(arm >> (8 * b)));
    const std::uint64_t k = id - base;
    if ((k >> 6) >= bits.size()) bits.push_back(0);
    bits[k >> 6] |= std::uint64_t{1} << (k & 63);
    ++pending[arm];
  }
  void remove(std::uint64_t id, std::size_t arm) {
    const std::uint64_t k = id - base;
    bits[k >> 6] &= ~(std::uint64_t{1} << (k & 63));
    --pending[arm];
  }
  /// Arm i's oldest ask in flight.  Domain: pending[i] > 0.
  std::uint64_t oldest(std::size_t i) {
    std::uint64_t id = std::max(cursor[i], base);
    while (!(in_flight(id) && arm_at(id) == i)) ++id;
    return cursor[i] = id;
  }
  /// Forgets the ids below the oldest in flight and below the last recent_asks.
  void trim() {
    std::uint64_t keep = end > recent_asks ? end - recent_asks : 0;
    std::size_t w = 0;
    while (w < bits.size() && bits[w] == 0) ++w;
    if (w < bits.size()) keep = std::min(keep, base + 64 * w + static_cast<std::uint64_t>(std::countr_zero(bits[w])));
    keep &= ~std::uint64_t{63};
    if (keep <= base) return;
    const std::uint64_t drop = keep - base;
    arms.erase(arms.begin(), arms.begin() + static_cast<std::ptrdiff_t>(drop * width));
    bits.erase(bits.begin(), bits.begin() + static_cast<std::ptrdiff_t>(drop / 64));
    base = keep;
    for (auto& c : cursor) c = std::max(c, base);
  }
  template <class Archive>
  void archive_state(Archive& ar) {
    ar(base, end, arms, bits, pending, cursor);
  }
  /// After loading: whether the window is one that push/remove/trim can make for K arms (every
  /// arm below K, the counts in flight those of the bits, no bit past the end, each cursor at or
  /// below its arm's oldest ask in flight), so that arm_at, oldest and trim stay in bounds.  O(window).
  bool consistent(std::size_t K) const {
    if (pending.size() != K || cursor.size() != K || base % 64 != 0 || base > end) return false;
    const std::uint64_t n = end - base;
    if (n > arms.size() / width || arms.size() != n * width || bits.size() != n / 64 + (n % 64 != 0)) return false;
    if (n % 64 != 0 && bits.back() >> (n % 64) != 0) return false;
    // Every arm of the window below K (one-byte arms: their maximum, a loop the compiler vectorises).
    if (width == 1) {
      std::uint8_t most = 0;
      for (const std::uint8_t b : arms) most = std::max(most, b);
      if (most >= K) return false;
    } else {
      for (std::uint64_t id = base; id < end; ++id)
        if (arm_at(id) >= K) return false;
    }
    // The asks in flight per arm and each arm's first, visiting only the set bits.
    std::vector<std::uint64_t> flying(K, 0);
    std::vector<std::uint64_t> first(K, end);
    std::size_t seen = 0;  // arms with an ask in flight found so far
    auto count_word = [&](std::size_t w, auto arm_of_offset) {
      for (std::uint64_t word = bits[w]; word != 0; word &= word - 1) {
        const std::uint64_t k = 64 * static_cast<std::uint64_t>(w) + static_cast<std::uint64_t>(std::countr_zero(word));
        const std::size_t a = arm_of_offset(k);
        if (flying[a]++ == 0) first[a] = base + k, ++seen;
      }
    };
    if (width == 1) {
      auto arm_byte = [this](std::uint64_t k) { return static_cast<std::size_t>(arms[k]); };
      // A word of 64 asks in flight once every arm's first is known: counted in four interleaved
      // tallies (one dependency chain each), the same counts.
      std::vector<std::uint64_t> tally(4 * 256, 0);
      for (std::size_t w = 0; w < bits.size(); ++w) {
        if (bits[w] != ~std::uint64_t{0} || seen < K) {
          count_word(w, arm_byte);
          continue;
        }
        const std::uint8_t* p = arms.data() + 64 * w;
        for (int j = 0; j < 64; j += 4) {
          ++tally[p[j]];
          ++tally[256 + p[j + 1]];
          ++tally[512 + p[j + 2]];
          ++tally[768 + p[j + 3]];
        }
      }
      for (std::size_t a = 0; a < K; ++a) flying[a] += tally[a] + tally[256 + a] + tally[512 + a] + tally[768 + a];
    } else {
      for (std::size_t w = 0; w < bits.size(); ++w) count_word(w, [this](std::uint64_t k) { return arm_at(base + k); });
    }
    for (std::size_t i = 0; i < K; ++i)
      if (flying[i] != pending[i] || cursor[i] > first[i]) return false;
    return true;
  }
};

}  // namespace

struct identification::impl {
  study_settings set;
  combination comb;
  reward_model model = reward_model::gaussian;
  double sigma = 0;
  std::optional<any_sampling> sampling;
  std::optional<any_stopping> stopping;
  stopping_factory make_stopping = nullptr;  // the stopping rule's factory and its arguments (a fresh
  rule_context context;                      // copy for evidence_now)
  run_parameters parameters;
  random::normal_stream stream;
  arm_stats real, view;
  // A study of unknown variance: each arm's Welford mean and M2 of its rewards told (status().sds).
  std::vector<double> spread_mean, spread_m2;
  std::uint64_t next_id = 0;
  asks_window asks;  // the arms of the recent asks and of every ask in flight
  std::size_t round_robin = 0;   // the next arm of the first round
  std::size_t unsampled;         // arms without a reward told
  std::size_t last_asked = npos;  // the arm of the last next() whose view the rule has not observed
  bool done = false;
  study_answer final;
  bool stream_used = false;
  bool forked = false;              // a fork(): no events, no chain; never saved
  std::vector<study_event> events;  // keep_all: every event; otherwise the events not yet taken
  bool keep_all = true;             // events holds the whole history (to_json can write it)
  std::size_t taken = 0;            // events[0, taken) are in a journal record already
  std::uint64_t event_count = 0;    // the history's length
  std::uint64_t record_from = 0;    // the history's length and head at the last take_journal_record
  std::string record_prev;
  std::uint64_t journal_end = 0;    // open(): where the journal's complete records end
  std::string settings_digest;  // the chain's origin: SHA-256 of the canonical settings
  std::string head;             // the chain's head: the digest after the last event
  bool told_ids = false;        // a tell named an id ('t' with an id)
  bool told_oldest = false;     // a tell without an id counted an ask ('u')

  void append(const study_event& e) {
    if (forked) return;
    events.push_back(e);
    head = chain_next(head, e);
    ++event_count;
  }

  explicit impl(study_settings s)
      : set(std::move(s)), stream(set.seed, 0), real(set.arms), view(set.arms), asks(set.arms), unsampled(set.arms) {
    if (set.unknown_variance) {
      spread_mean.assign(set.arms, 0.0);
      spread_m2.assign(set.arms, 0.0);
    }
  }

  void check_reward(const char* fn, double r) const {
    lilucb::check_finite(fn, "reward", r);
    if (set.unknown_variance && !(std::fabs(r) <= study_max_unknown_variance_reward))
      refuse(fn, "reward", ::lilucb::detail::format_value(r),
             "|reward| <= 1e75 (a study of unknown variance: larger rewards leave the doubles in the "
             "statistics; rescale the rewards)");
    if (set.model == reward_model::gaussian && !set.unknown_variance &&
        !(std::fabs(r) <= study_max_standardized_reward * set.sigma))
      refuse(fn, "reward", ::lilucb::detail::format_value(r),
             "|reward| <= 1e15 sigma = " + ::lilucb::detail::format_value(study_max_standardized_reward * set.sigma) +
                 " (a larger reward leaves the doubles in the statistics: rescale the rewards, or give the "
                 "study a sigma of their scale)");
    if (set.model == reward_model::bernoulli && r != 0.0 && r != 1.0)
      refuse(fn, "reward", ::lilucb::detail::format_value(r), "0 or 1 (Bernoulli rewards)");
    if (set.model == reward_model::bounded && !(r >= set.lo && r <= set.hi))
      refuse(fn, "reward", ::lilucb::detail::format_value(r),
             "[" + ::lilucb::detail::format_value(set.lo) + ", " + ::lilucb::detail::format_value(set.hi) +
                 "] (the study's range)");
  }

  /// The sampling rule's view of arm i: its rewards plus its pulls in flight at its mean.
  void sync_view(std::size_t i) {
    const std::uint64_t n = real.count(i);
    const std::uint64_t flying = asks.pending[i];
    const double sum = n ? real.sum(i) + static_cast<double>(flying) * real.mean(i) : 0.0;
    view.assign(i, n + flying, sum);
  }

  /// The sampling rule observes the arm its last next() returned, if it has not yet.
  void flush() {
    if (last_asked == npos) return;
    std::visit([&](auto& r) { r.observe(last_asked, view); }, sampling->get());
    last_asked = npos;
  }

  study_ask ask_one() {
    flush();
    std::size_t i;
    if (unsampled > 0) {
      i = round_robin;
      round_robin = round_robin + 1 == set.arms ? 0 : round_robin + 1;
    } else {
      view_session s{&view, &stream};
      i = std::visit([&](auto& r) -> std::size_t { return r.next(s); }, sampling->get());
    }
    const std::uint64_t id = next_id++;
    asks.push(id, i);
    sync_view(i);
    last_asked = i;
    append({'a', id, i, 0.0});
    return {id, i};
  }

  /// A reward of arm i, for ask `id` (then still in flight) or for no ask; `kind` is the event's
  /// ('t' or 'u').
  void record(std::size_t i, double r, std::optional<std::uint64_t> id, char kind) {
    real.add(i, r);  // the only call that can throw (a sum beyond DBL_MAX), before any other change
    sampling->tell_reward(i, r);
    if (set.unknown_variance) {
      const double d = r - spread_mean[i];
      spread_mean[i] += d / static_cast<double>(real.count(i));
      spread_m2[i] += d * (r - spread_mean[i]);
    }
    if (id) asks.remove(*id, i);
    sync_view(i);
    if (i == last_asked) {
      std::visit([&](auto& rule) { rule.observe(i, view); }, sampling->get());
      last_asked = npos;
    } else {
      flush();
      sampling->revise(i, view);
    }
    stopping->observe(i, real);
    if (real.count(i) == 1) --unsampled;
    if (kind == 'u') told_oldest = true;
    else if (id) told_ids = true;
    append({kind, id, i, r});
    if (!done && unsampled == 0 && stopping->should_stop(real)) stop();
  }

  /// Replays event e (as from the state file): false when it is not the event the study makes
  /// or admits now.
  bool replay(const char* fn, const study_event& e) {
    if (e.kind == 'a') {
      if (done || !e.id) return false;
      const study_ask a = ask_one();
      return a.id == *e.id && a.arm == e.arm;
    }
    if (e.id) {
      if (!asks.in_flight(*e.id) || asks.arm_at(*e.id) != e.arm) return false;
      if (e.kind == 'u' && *e.id != asks.oldest(e.arm)) return false;
      check_reward(fn, e.reward);
      record(e.arm, e.reward, e.id, e.kind);
      return true;
    }
    if (asks.pending[e.arm] != 0) return false;
    check_reward(fn, e.reward);
    record(e.arm, e.reward, std::nullopt, 't');
    return true;
  }

  /// Saves or loads everything that changes after construction (the view is rebuilt from it).
  void archive(detail::state_archive& ar) {
    ar(real);
    sampling->archive_state(ar);
    stopping->archive_state(ar);
    ar(stream, next_id, asks, round_robin, unsampled, last_asked, done, told_ids, told_oldest);
    if (done) {
      std::uint64_t n = final.evidence.size();
      ar(final.best_arm, final.certified, final.certificate, final.evidence_note, n);
      if (ar.loading()) {
        if (n > set.arms) refuse("lilucb::bandit::identification::open", "state", "evidence of " + std::to_string(n) + " challengers", "at most K");
        final.evidence.resize(n);
        final.done = true;
      }
      for (auto& e : final.evidence) ar(e.arm, e.statistic, e.threshold);
    }
  }

  /// The loaded study's own fields that index or count (beyond the asks, checked by the caller): the
  /// first round's next arm and the arms without a reward, the statistics' total, the answer's
  /// arms.  The rules and the random stream check their own (state_is_valid:
  /// detail/state_archive.hpp).
  void check_loaded(const std::function<void(const std::string&)>& bad) {
    auto& q = *this;
    std::uint64_t total = 0;
    std::size_t unsampled = 0;
    for (std::size_t i = 0; i < q.set.arms; ++i) {
      if (q.real.count(i) > std::numeric_limits<std::uint64_t>::max() - total) bad("a snapshot state whose pulls overflow");
      total += q.real.count(i);
      unsampled += q.real.count(i) == 0;
      if (!std::isfinite(q.real.sum(i))) bad("a snapshot state with a sum that is not finite");
    }
    if (total != q.real.total()) bad("a snapshot state whose total pulls are not the sum of the arms'");
    if (q.round_robin >= q.set.arms || q.unsampled != unsampled) bad("a snapshot state whose first round does not fit its pulls");
    if (q.done && q.final.best_arm >= q.set.arms) bad("a snapshot state whose answer is not an arm");
    for (const auto& e : q.final.evidence)
      if (e.arm >= q.set.arms) bad("a snapshot state whose evidence names no arm");
  }

  void stop() {
    done = true;
    final = current_answer();
    final.done = true;
    final.certified = stopping->certified();
  }

  /// The stopping rule's evidence now, leaving its saved state as the events alone make it: a
  /// rule's evidence() may update its caches, and a snapshot must hold the state a replay of the
  /// events reaches (verify compares them byte for byte), however often answer() was called.  An
  /// archivable rule's evidence is computed on a copy (a fresh rule loaded with its state).
  std::vector<challenger_evidence> evidence_now() {
    if (!stopping->archivable()) return stopping->evidence(real);
    detail::state_archive saved;
    stopping->archive_state(saved);
    any_stopping copy = make_stopping(context, parameters);
    detail::state_archive load(saved.bytes(), saved.bytes().size(), set.arms);
    copy.archive_state(load);
    return copy.evidence(real);
  }

  study_answer current_answer() {
    study_answer a;
    a.done = done;
    a.best_arm = set.arms == 1 ? 0 : stopping->recommendation(real);
    a.answer_set = stopping->recommended_set(real);
    if (a.answer_set.size() < 2) a.answer_set.clear();  // one arm (an epsilon-good question): best_arm
    a.certified = done && stopping->certified();
    a.certificate = stopping->certificate();
    if (!stopping->has_evidence())
      a.evidence_note = std::string("the stopping rule of ") + to_string(comb) +
                        " reports its decision only, not its statistics";
    else if (unsampled > 0)
      a.evidence_note = "no statistics before every arm has a reward";
    else
      a.evidence = evidence_now();
    return a;
  }
};

namespace {

/// The number of arms checked before anything of that size is allocated: K in [1, 2^32), and the
/// memory a study of K arms holds (a run's, resources.hpp, and per arm the asks in flight and the
/// sampling rule's view) available.
study_settings with_checked_arms(study_settings s) {
  constexpr const char* fn = "lilucb::bandit::identification";
  // The model's one name for Gaussian rewards of unknown variance is the study's gaussian with
  // unknown_variance (the settings read back and the saved state say the latter).
  if (s.model == reward_model::gaussian_unknown_variance) {
    s.model = reward_model::gaussian;
    s.unknown_variance = true;
  }
  if (s.arms < 1 || s.arms > max_arms) refuse(fn, "arms", std::to_string(s.arms), "1 to 2^32 - 1");
  check_memory(fn, "arms", std::to_string(s.arms),
               run_memory_bytes(static_cast<double>(s.arms)) + 256.0 * static_cast<double>(s.arms),
               "a study of " + std::to_string(s.arms) + " arms");
  return s;
}

}  // namespace

bool study_name_is_valid(std::string_view name) {
  if (name.empty() || name.size() > 256) return false;
  for (std::size_t k = 0; k < name.size();) {
    const auto c = static_cast<unsigned char>(name[k]);
    if (c < 0x20 || c == 0x7f || c == ',') return false;
    // Well-formed UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (len == 0 || k + len > name.size()) return false;
    std::uint32_t cp = len == 1 ? c : c & (0x7f >> len);
    for (std::size_t j = 1; j < len; ++j) {
      const auto d = static_cast<unsigned char>(name[k + j]);
      if ((d >> 6) != 0x2) return false;
      cp = cp << 6 | (d & 0x3f);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
        (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp < 0xa0))
      return false;  // overlong, out of range, a surrogate, or a C1 control character
    k += len;
  }
  return true;
}

identification::identification(study_settings settings)
    : p_(std::make_unique<impl>(with_checked_arms(std::move(settings)))) {
  constexpr const char* fn = "lilucb::bandit::identification";
  auto& s = p_->set;
  if (!s.names.empty()) {
    if (s.names.size() != s.arms)
      refuse(fn, "names", std::to_string(s.names.size()) + " names", "none, or one per arm (" + std::to_string(s.arms) + ")");
    std::unordered_set<std::string> seen;
    for (const auto& n : s.names) {
      if (n.empty() || !seen.insert(n).second)
        refuse(fn, "names", ::lilucb::detail::quoted(n), "distinct non-empty names");
      if (!study_name_is_valid(n))
        refuse(fn, "names", ::lilucb::detail::quoted(n),
               "names without control characters or commas, at most 256 bytes of UTF-8");
    }
  }
  check_open_interval(fn, "nu", s.nu, 0.0, 1.0);
  const auto check_scale = [&](const char* parameter, double sigma, const std::string& value) {
    if (!(sigma >= study_min_sigma && sigma <= study_max_sigma))
      refuse(fn, parameter, value,
             "[1e-130, 1e130] (a scale outside it leaves the doubles in the statistics: rescale the rewards)");
  };
  switch (s.model) {
    case reward_model::gaussian:
      if (s.unknown_variance) {
        if (s.sigma != 0)
          refuse(fn, "sigma", ::lilucb::detail::format_value(s.sigma), "0 with unknown_variance (the rules read no sigma)");
        p_->model = reward_model::gaussian_unknown_variance;
        p_->sigma = unknown_variance_sampling_sigma;
        break;
      }
      check_finite(fn, "sigma", s.sigma);
      check_positive(fn, "sigma", s.sigma);
      check_scale("sigma", s.sigma, ::lilucb::detail::format_value(s.sigma));
      p_->model = reward_model::gaussian;
      p_->sigma = s.sigma;
      break;
    case reward_model::bernoulli:
      p_->model = reward_model::bernoulli;
      p_->sigma = 0.5;
      break;
    case reward_model::bounded:
      check_finite(fn, "lo", s.lo);
      check_finite(fn, "hi", s.hi);
      if (!(s.lo < s.hi) || !std::isfinite(s.hi - s.lo))
        refuse(fn, "range", "[" + ::lilucb::detail::format_value(s.lo) + ", " + ::lilucb::detail::format_value(s.hi) + "]",
               "lo < hi, both finite");
      check_scale("range", (s.hi - s.lo) / 2,
                  "[" + ::lilucb::detail::format_value(s.lo) + ", " + ::lilucb::detail::format_value(s.hi) + "]");
      if (!(std::max(std::fabs(s.lo), std::fabs(s.hi)) <= study_max_standardized_reward * study_max_sigma))
        refuse(fn, "range", "[" + ::lilucb::detail::format_value(s.lo) + ", " + ::lilucb::detail::format_value(s.hi) + "]",
               "ends of magnitude at most 1e145");
      p_->model = reward_model::bounded;
      p_->sigma = (s.hi - s.lo) / 2;
      break;
    default:  // sub_gaussian (a user's own arm type), and any model without a study of its own
      refuse(fn, "model", model_name(s.model), "{gaussian, bernoulli, bounded} (the models a study supports)");
  }
  if (s.unknown_variance && s.model != reward_model::gaussian)
    refuse(fn, "unknown_variance", std::string("true with a ") + model_name(s.model) + " study", "false unless the model is gaussian");
  check_target(fn, s.target);
  if (s.target.top_m() && s.target.top >= s.arms)
    refuse(fn, "top", std::to_string(s.target.top), "1, or 2..K-1 (K = " + std::to_string(s.arms) + " arms)");
  if (s.target.relative && s.target.epsilon != 0 &&
      !(s.model == reward_model::bernoulli || (s.model == reward_model::bounded && s.lo >= 0)))
    refuse(fn, "epsilon", ::lilucb::detail::format_value(s.target.epsilon) + " (relative) with a " + model_name(s.model) +
                              (s.model == reward_model::bounded ? " study of range lo < 0" : " study"),
           "a relative epsilon only for rewards known to be >= 0: bernoulli, or bounded with lo >= 0 (the "
           "certificate needs mu* >= 0); an additive epsilon for any model");
  if (s.method.empty()) s.method = to_string(recommended_combination(p_->model, s.target));
  if (s.method.find('+') == std::string::npos)
    refuse(fn, "method", ::lilucb::detail::quoted(s.method),
           "a combination SAMPLING+STOPPING of the registry (the presets run simulations only)");
  p_->comb = parse_combination(s.method);
  p_->comb.target = s.target;
  check_combination(fn, p_->comb, p_->model);
  if (const auto& stop = describe(p_->comb.stopping); !stop.in_studies) {
    std::string admitted;
    for (const auto& d : stopping_rules)
      if (d.in_studies) admitted.append(admitted.empty() ? "" : " or ").append(d.name);
    std::string why("a combination whose stopping rule is ");
    why.append(admitted).append(": ").append(stop.studies_note);
    refuse(fn, "method", ::lilucb::detail::quoted(s.method), why);
  }
  s.method = to_string(p_->comb);

  rule_context ctx;
  ctx.arms = s.arms;
  ctx.sigma = p_->sigma;
  ctx.nu = s.nu;
  ctx.model = p_->model;
  ctx.stopping = p_->comb.stopping;
  ctx.threshold = p_->comb.threshold;
  ctx.rho = p_->comb.rho;
  ctx.inner = run_options{}.inner;
  ctx.target = s.target;
  if (s.model == reward_model::bounded) {
    ctx.lo = s.lo;
    ctx.hi = s.hi;
  }
  run_parameters params;
  const auto& stop_rule = describe(p_->comb.stopping);
  const stopping_factory make_stopping = stop_rule.takes == stopping_parameter::threshold ? describe(p_->comb.threshold).make
                                         : stop_rule.takes == stopping_parameter::boundary ? describe(p_->comb.boundary).make
                                                                                           : stop_rule.make;
  p_->make_stopping = make_stopping;
  p_->context = ctx;
  p_->parameters = params;
  p_->stopping.emplace(make_stopping(ctx, params));
  p_->sampling.emplace(describe(p_->comb.sampling).make(ctx, params));
  p_->sampling->take_rewards_apart();  // the view holds no rewards (sync_view)
  p_->settings_digest = ::lilucb::detail::sha256().update("lilucb-study settings\n").update(settings_text(s)).hex();
  p_->head = p_->settings_digest;
  p_->record_prev = p_->head;
  if (s.arms == 1) p_->stop();
}

identification::~identification() = default;
identification::identification(identification&&) noexcept = default;
identification& identification::operator=(identification&&) noexcept = default;

const study_settings& identification::settings() const { return p_->set; }
std::string identification::method() const { return p_->set.method; }
bool identification::done() const { return p_->done; }

study_ask identification::ask() {
  if (p_->done)
    refuse("lilucb::bandit::identification::ask", "study", "done", "a study that has not stopped (see answer())");
  return p_->ask_one();
}

std::vector<study_ask> identification::ask(std::size_t m) {
  constexpr const char* fn = "lilucb::bandit::identification::ask";
  if (m < 1 || m > max_batch) refuse(fn, "count", std::to_string(m), "1 to " + std::to_string(max_batch));
  if (p_->done) refuse(fn, "study", "done", "a study that has not stopped (see answer())");
  std::vector<study_ask> out;
  out.reserve(m);
  for (std::size_t k = 0; k < m; ++k) out.push_back(p_->ask_one());
  return out;
}

bool identification::tell(std::uint64_t id, double reward) {
  constexpr const char* fn = "lilucb::bandit::identification::tell";
  if (id >= p_->next_id)
    refuse(fn, "id", std::to_string(id),
           p_->next_id ? "an id returned by ask() (0 to " + std::to_string(p_->next_id - 1) + ")" : "none asked yet");
  p_->check_reward(fn, reward);
  if (!p_->asks.in_flight(id)) return false;  // told before: counted once
  const std::size_t arm = p_->asks.arm_at(id);
  if (p_->told_oldest && !p_->forked)  // a fork's caller tells each ask in flight once (fork())
    refuse(fn, "id", std::to_string(id),
           "no id for an ask in flight: this study's asked pulls were told without ids (each counted for its arm's "
           "oldest ask), so an id could count one pull twice; tell by arm, or start the study over telling ids");
  p_->record(arm, reward, id, 't');
  return true;
}

bool identification::tell(std::uint64_t id, std::size_t arm, double reward) {
  constexpr const char* fn = "lilucb::bandit::identification::tell";
  if (arm >= p_->set.arms) refuse(fn, "arm", std::to_string(arm), "0 to " + std::to_string(p_->set.arms - 1));
  // In flight or told recently: a retry naming another arm is a mistake.
  if (const auto known = p_->asks.arm_of(id); known && *known != arm)
    refuse(fn, "arm", std::to_string(arm), "the arm of ask " + std::to_string(id) + ": " + std::to_string(*known));
  return tell(id, reward);
}

std::size_t identification::tell_many(std::span<const std::uint64_t> ids, std::span<const std::size_t> arms,
                                      std::span<const double> rewards) {
  constexpr const char* fn = "lilucb::bandit::identification::tell_many";
  if (arms.size() != ids.size() || rewards.size() != ids.size())
    refuse(fn, "arms", std::to_string(arms.size()) + " arms and " + std::to_string(rewards.size()) + " rewards",
           std::to_string(ids.size()) + " of each (one per id)");
  auto& q = *p_;
  // Every check of tell(id, arm, reward) first.  A sum cannot leave the doubles: the rewards'
  // domain keeps 2^64 of them finite.
  const auto indexed = [](const char* name, std::size_t k) {  // "name[k]"
    std::string t(name);
    t += '[';
    t += std::to_string(k);
    t += ']';
    return t;
  };
  for (std::size_t k = 0; k < ids.size(); ++k) {
    if (ids[k] >= q.next_id)
      refuse(fn, indexed("ids", k).c_str(), std::to_string(ids[k]),
             q.next_id ? "an id returned by ask() (0 to " + std::to_string(q.next_id - 1) + ")" : "none asked yet");
    if (arms[k] >= q.set.arms)
      refuse(fn, indexed("arms", k).c_str(), std::to_string(arms[k]), "0 to " + std::to_string(q.set.arms - 1));
    if (const auto known = q.asks.arm_of(ids[k]); known && *known != arms[k])
      refuse(fn, indexed("arms", k).c_str(), std::to_string(arms[k]),
             "the arm of ask " + std::to_string(ids[k]) + ": " + std::to_string(*known));
    try {
      q.check_reward(fn, rewards[k]);
    } catch (const lilucb::domain_error& e) {
      refuse(fn, indexed("rewards", k).c_str(), e.value(), e.admissible());
    }
  }
  if (q.told_oldest)
    for (std::size_t k = 0; k < ids.size(); ++k)
      if (q.asks.in_flight(ids[k]))
        refuse(fn, indexed("ids", k).c_str(), std::to_string(ids[k]),
               "no id for an ask in flight: this study's asked pulls were told without ids (each counted for its "
               "arm's oldest ask)");
  std::size_t counted = 0;
  for (std::size_t k = 0; k < ids.size(); ++k)
    if (q.asks.in_flight(ids[k])) {
      q.record(arms[k], rewards[k], ids[k], 't');
      ++counted;
    }
  return counted;
}

std::size_t identification::expire(std::uint64_t through, double reward, std::span<const study_outcome> outcomes) {
  constexpr const char* fn = "lilucb::bandit::identification::expire";
  p_->check_reward(fn, reward);
  // Every outcome checked before anything is counted (a refusal names "outcomes"): an ask in
  // flight within the window, once, of the arm given with it, its reward in range.
  std::vector<std::pair<std::uint64_t, double>> given;
  given.reserve(outcomes.size());
  for (const auto& o : outcomes) {
    const std::string which = "id " + std::to_string(o.id);
    if (o.id > through || !p_->asks.in_flight(o.id))
      refuse(fn, "outcomes", which,
             "an ask still in flight with id at most " + std::to_string(through) +
                 " (an outcome of a later pull is told at its own deadline; one of a closed pull is a retry)");
    if (o.arm && p_->asks.arm_at(o.id) != *o.arm)
      refuse(fn, "outcomes", which + ", arm " + std::to_string(*o.arm),
             "the arm of ask " + std::to_string(o.id) + ": " + std::to_string(p_->asks.arm_at(o.id)));
    try {
      p_->check_reward(fn, o.reward);
    } catch (const lilucb::domain_error& e) {
      refuse(fn, "outcomes", which + ", reward " + e.value(), e.admissible());
    }
    given.emplace_back(o.id, o.reward);
  }
  std::sort(given.begin(), given.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t k = 1; k < given.size(); ++k)
    if (given[k - 1].first == given[k].first) refuse(fn, "outcomes", "id " + std::to_string(given[k].first), "each id once");
  // Told in id order; a study whose asked pulls were told without ids is refused by the first
  // tell, before anything is counted.
  const std::uint64_t end = std::min(p_->asks.end, through == UINT64_MAX ? through : through + 1);
  std::vector<std::uint64_t> ids;
  for (std::uint64_t id = p_->asks.base; id < end; ++id)
    if (p_->asks.in_flight(id)) ids.push_back(id);
  // A Gaussian study's rewards are draws of its arms' laws: a fixed value told for a pull that
  // never reported is not one (it changes the arm's law and voids the certificate), so every
  // pull of its window needs its outcome.  The default reward is a conversion window's "not
  // converted", for Bernoulli and bounded studies.
  if (p_->set.model == reward_model::gaussian && given.size() != ids.size())
    refuse(fn, "outcomes", std::to_string(ids.size() - given.size()) + " pulls in the window without an outcome",
           "an outcome for every pull in flight up to the id in a gaussian study (a told reward must be a draw of "
           "the arm's law; leave a pull that never reports untold); the default reward is for bernoulli and "
           "bounded studies");
  std::size_t counted = 0, next = 0;
  for (const std::uint64_t id : ids) {
    double r = reward;
    if (next < given.size() && given[next].first == id) r = given[next++].second;
    counted += tell(id, r);
  }
  return counted;
}

void identification::tell_arm(std::size_t arm, double reward) {
  constexpr const char* fn = "lilucb::bandit::identification::tell";
  if (arm >= p_->set.arms) refuse(fn, "arm", std::to_string(arm), "0 to " + std::to_string(p_->set.arms - 1));
  p_->check_reward(fn, reward);
  if (p_->asks.pending[arm] == 0) {
    p_->record(arm, reward, std::nullopt, 't');
    return;
  }
  if (p_->told_ids)
    refuse(fn, "id", "(absent)",
           "the id of the ask (arm " + std::to_string(arm) + " has asks in flight, and this study's tells name their "
           "ids: a reward without one could be a pull told again under its id)");
  p_->record(arm, reward, p_->asks.oldest(arm), 'u');
}

std::vector<study_ask> identification::in_flight() const {
  const auto& w = p_->asks;
  std::vector<study_ask> out;
  for (std::size_t k = 0; k < w.bits.size(); ++k)
    for (std::uint64_t b = w.bits[k]; b != 0; b &= b - 1) {
      const std::uint64_t id = w.base + 64 * k + static_cast<std::uint64_t>(std::countr_zero(b));
      out.push_back({id, w.arm_at(id)});
    }
  return out;
}

bool identification::rule_certified() const { return p_->stopping->certified(); }
std::string identification::rule_certificate() const { return p_->stopping->certificate(); }

study_answer identification::answer() { return p_->done ? p_->final : p_->current_answer(); }

study_status identification::status() {
  auto& q = *p_;
  const std::size_t K = q.set.arms;
  study_status st;
  st.pulls.resize(K);
  st.means.resize(K);
  for (std::size_t i = 0; i < K; ++i) {
    st.pulls[i] = q.real.count(i);
    st.means[i] = q.real.mean(i);
  }
  st.pending.resize(K);
  for (std::size_t i = 0; i < K; ++i) st.total_pending += st.pending[i] = q.asks.pending[i];
  st.total_pulls = q.real.total();
  st.done = q.done;
  st.leader = q.done ? q.final.best_arm : K == 1 ? 0 : q.stopping->recommendation(q.real);
  // The estimate is T* of the question: the best arm's, T*_eps of an epsilon-good study (finite
  // on ties), or T*_m of a top-m one (additive epsilon; none for a relative one).  Bounded studies
  // use the Gaussian program at their sigma = (hi - lo)/2.  The range moves each mean by one
  // standard error (sigma/sqrt(n); Bernoulli sqrt(mu(1 - mu)/n), at least 1/(2n)): the arms the
  // question answers now (the leading m, m = 1 but for top-m) up and the others down for the low
  // end, the other way for the high end (none when the leading means then tie or cross).
  if (q.set.unknown_variance) {
    st.sds.resize(K);
    for (std::size_t i = 0; i < K; ++i)
      st.sds[i] = st.pulls[i] >= 2 ? std::sqrt(std::max(0.0, q.spread_m2[i]) / static_cast<double>(st.pulls[i] - 1)) : 0.0;
  }
  // A study of unknown variance: T* of that model at the sample standard deviations, for the
  // best-arm question once every arm shows a spread (no T*_eps of that model is implemented).
  bool spreads = true;
  for (double sd : st.sds) spreads = spreads && sd > 0;
  const bool uv_estimate = q.set.unknown_variance && q.set.target.best_arm() && spreads;
  if (K >= 2 && q.unsampled == 0 && (!q.set.unknown_variance || uv_estimate) &&
      !(q.set.target.top_m() && q.set.target.relative)) {
    const auto& t = q.set.target;
    const auto shift = t.relative ? epsilon_shift::relative : epsilon_shift::additive;
    const bool bern = q.set.model == reward_model::bernoulli;
    const auto remaining = [&](const std::vector<double>& mu) -> std::optional<double> {
      try {
        const double t_star =
            t.top_m() ? (bern ? characteristic_time_top_m_bernoulli(mu, t.top, t.epsilon).t_star
                              : characteristic_time_top_m_gaussian(mu, q.sigma, t.top, t.epsilon).t_star)
            : !t.best_arm() ? (bern ? characteristic_time_epsilon_bernoulli(mu, t.epsilon, shift).t_star
                                    : characteristic_time_epsilon_gaussian(mu, q.sigma, t.epsilon, shift).t_star)
            : bern                 ? characteristic_time_bernoulli(mu).t_star
            : q.set.unknown_variance ? characteristic_time_gaussian_unknown_variance(mu, st.sds).t_star
                                     : characteristic_time_gaussian(mu, q.sigma).t_star;
        const double need = t_star * std::log(1 / q.set.nu) - static_cast<double>(st.total_pulls);
        if (std::isfinite(need)) return std::max(0.0, need);
      } catch (const lilucb::domain_error&) {
        // the leading means tie (best arm, or at the m-th place), or no epsilon-good answer has a
        // finite T*: no estimate
      }
      return std::nullopt;
    };
    st.remaining_estimate = remaining(st.means);
    std::vector<std::size_t> order(K);
    for (std::size_t i = 0; i < K; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return st.means[a] > st.means[b]; });
    const std::size_t answered = t.top_m() ? t.top : 1;
    std::vector<double> easy(st.means), hard(st.means);
    const double lo = bern ? 0.0 : q.set.model == reward_model::bounded ? q.set.lo : -HUGE_VAL;
    const double hi = bern ? 1.0 : q.set.model == reward_model::bounded ? q.set.hi : HUGE_VAL;
    double hard_answered = HUGE_VAL, hard_others = -HUGE_VAL;
    for (std::size_t r = 0; r < K; ++r) {
      const std::size_t i = order[r];
      const double n = static_cast<double>(st.pulls[i]), mu = st.means[i];
      const double se = bern                     ? std::max(std::sqrt(mu * (1 - mu) / n), 1 / (2 * n))
                        : q.set.unknown_variance ? st.sds[i] / std::sqrt(n)
                                                 : q.sigma / std::sqrt(n);
      const double up = std::min(hi, mu + se), down = std::max(lo, mu - se);
      easy[i] = r < answered ? up : down;
      hard[i] = r < answered ? down : up;
      if (r < answered) hard_answered = std::min(hard_answered, hard[i]);
      else hard_others = std::max(hard_others, hard[i]);
    }
    if (st.remaining_estimate) {
      // Low: the widened gaps' estimate, or the estimate itself when that is smaller (a Bernoulli
      // mean moved towards 1/2 has a larger variance).  High: none when the narrowed means tie or
      // cross (within one standard error the question may need any number of pulls).
      const auto low = remaining(easy);
      st.remaining_low = low ? std::min(*low, *st.remaining_estimate) : *st.remaining_estimate;
      if (hard_answered > hard_others)
        if (const auto high = remaining(hard)) st.remaining_high = std::max(*high, *st.remaining_estimate);
    }
  }
  return st;
}

random::normal_stream& identification::random_stream() {
  p_->stream_used = true;
  return p_->stream;
}

identification identification::fork() const {
  identification copy(*this, 0);
  return copy;
}

identification::identification(const identification& o, int) : p_(std::make_unique<impl>(*o.p_)) {
  auto& q = *p_;
  q.forked = true;
  q.events.clear();
  q.events.shrink_to_fit();
  q.keep_all = false;
  q.taken = 0;
}

namespace {
[[noreturn]] void refuse_fork(const char* fn) {
  refuse(fn, "study", "a fork()", "a study made, loaded or opened: a fork simulates a continuation and keeps no history");
}
}  // namespace

std::string identification::to_json() const {
  const auto& q = *p_;
  if (q.forked) refuse_fork("lilucb::bandit::identification::to_json");
  if (q.stream_used)
    refuse("lilucb::bandit::identification::to_json", "study", "random_stream() used",
           "a study whose rewards did not come from its own random stream (those draws are not in the state)");
  if (!q.keep_all)
    refuse("lilucb::bandit::identification::to_json", "study", "opened from a snapshot",
           "a study whose whole history is in memory (made, or read by from_json): this one's is in its journal");
  nlohmann::json j = settings_json(q.set);
  j["format"] = format_name;
  j["version"] = format_version;
  // The events as flat arrays (one JSON value per number keeps large states quick to read):
  // kinds 'a', 't' or 'u' per event (study_event); ids (null: a tell without an ask) and arms per
  // event; rewards per tell.
  std::string kinds;
  kinds.reserve(q.events.size());
  auto ids = nlohmann::json::array(), arms = nlohmann::json::array(), rewards = nlohmann::json::array();
  ids.get_ref<nlohmann::json::array_t&>().reserve(q.events.size());
  arms.get_ref<nlohmann::json::array_t&>().reserve(q.events.size());
  for (const auto& e : q.events) {
    kinds.push_back(e.kind);
    ids.push_back(e.id ? nlohmann::json(*e.id) : nlohmann::json(nullptr));
    arms.push_back(e.arm);
    if (e.is_tell()) rewards.push_back(e.reward);
  }
  j["events"] = {{"kinds", std::move(kinds)}, {"ids", std::move(ids)}, {"arms", std::move(arms)}, {"rewards", std::move(rewards)}};
  std::vector<std::uint64_t> pulls(q.set.arms);
  std::vector<double> sums(q.set.arms);
  for (std::size_t i = 0; i < q.set.arms; ++i) {
    pulls[i] = q.real.count(i);
    sums[i] = q.real.sum(i);
  }
  j["statistics"] = {{"pulls", pulls}, {"sums", sums}, {"done", q.done}};
  if (q.done) j["statistics"]["best_arm"] = q.final.best_arm;
  j["chain"] = {{"settings", q.settings_digest}, {"head", q.head}, {"events", q.events.size()}};
  return j.dump();
}

study_history identification::history() const { return {p_->event_count, p_->head, p_->settings_digest}; }

namespace {

/// Parses `text` (named `what` in refusals) as JSON, refused through `bad` when it is not JSON or
/// repeats a key in one object (the last would silently win: which one counts would be a guess).
nlohmann::json parse_strict_json(std::string_view text, const std::string& what,
                                 const std::function<void(const std::string&)>& bad) {
  std::vector<std::set<std::string>> keys;  // per open object, its keys so far
  std::string duplicate;
  const auto callback = [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    switch (event) {
      case nlohmann::json::parse_event_t::object_start: keys.emplace_back(); break;
      case nlohmann::json::parse_event_t::object_end: keys.pop_back(); break;
      case nlohmann::json::parse_event_t::key:
        if (!keys.back().insert(parsed.get<std::string>()).second && duplicate.empty()) duplicate = parsed.get<std::string>();
        break;
      default: break;
    }
    return true;
  };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text.begin(), text.end(), callback);
  } catch (const nlohmann::json::exception& e) {
    bad(what + " that is not JSON: " + e.what());
  }
  if (!duplicate.empty()) bad("a repeated key \"" + duplicate + "\" in " + what + " (which one counts would be a guess)");
  return j;
}

/// An unsigned integer written as one (no fraction, no exponent, no sign).
std::uint64_t exact_unsigned(const nlohmann::json& v, const std::string& what, const std::function<void(const std::string&)>& bad) {
  if (!v.is_number_unsigned()) bad(what + " " + v.dump() + " (an unsigned integer is needed)");
  return v.get<std::uint64_t>();
}

double exact_number(const nlohmann::json& v, const std::string& what, const std::function<void(const std::string&)>& bad) {
  if (!v.is_number()) bad(what + " " + v.dump() + " (a number is needed)");
  return v.get<double>();
}

/// The settings as settings_json writes them (types checked exactly; values by the constructor).
/// Throws nlohmann::json::exception for a missing key or a wrong type the checks do not name.
study_settings read_settings(const nlohmann::json& j, const std::function<void(const std::string&)>& bad) {
  study_settings s;
  s.arms = exact_unsigned(j.at("arms"), "arms", bad);
  if (s.arms < 1 || s.arms > max_arms) bad("arms " + j.at("arms").dump() + " (1 to 2^32 - 1)");
  s.names = j.at("names").get<std::vector<std::string>>();
  s.model = parse_reward_model("lilucb::bandit::read_settings", "model", j.at("model").get<std::string>());
  if (j.contains("unknown_variance")) {
    if (s.model != reward_model::gaussian || j.at("unknown_variance") != true || j.contains("sigma"))
      bad("unknown_variance " + j.at("unknown_variance").dump() + " (true, in a gaussian study without sigma, or absent)");
    s.unknown_variance = true;
  } else if (s.model == reward_model::gaussian) {
    s.sigma = exact_number(j.at("sigma"), "sigma", bad);
  }
  if (s.model == reward_model::bounded) {
    const auto& r = j.at("range");
    if (!r.is_array() || r.size() != 2) bad("range " + r.dump() + " (two numbers)");
    s.lo = exact_number(r[0], "range", bad);
    s.hi = exact_number(r[1], "range", bad);
  }
  s.nu = exact_number(j.at("nu"), "nu", bad);
  s.method = j.at("method").get<std::string>();
  s.seed = exact_unsigned(j.at("seed"), "seed", bad);
  if (j.contains("epsilon")) {
    s.target.epsilon = exact_number(j.at("epsilon"), "epsilon", bad);
    if (!(s.target.epsilon > 0)) bad("epsilon " + j.at("epsilon").dump() + " (written only when > 0)");
  }
  if (j.contains("epsilon_relative")) {
    if (!j.contains("epsilon") || j.at("epsilon_relative") != true)
      bad("epsilon_relative " + j.at("epsilon_relative").dump() + " (true, with epsilon, or absent)");
    s.target.relative = true;
  }
  if (j.contains("top")) {
    s.target.top = exact_unsigned(j.at("top"), "top", bad);
    if (!(s.target.top > 1)) bad("top " + j.at("top").dump() + " (written only when > 1)");
  }
  return s;
}

}  // namespace

identification identification::from_json(std::string_view text, const std::optional<study_history>& last_written) {
  constexpr const char* fn = "lilucb::bandit::identification::from_json";
  const std::function<void(const std::string&)> bad = [&](const std::string& what) {
    refuse(fn, "state", what, "the JSON state written by to_json (format " + std::string(format_name) + ", version " +
                                  std::to_string(format_version) + " or 1)");
  };
  nlohmann::json j = parse_strict_json(text, "a state", bad);
  study_settings s;
  std::vector<study_event> events;
  nlohmann::json stats, chain;
  std::uint64_t version = 0;
  try {
    if (!j.is_object() || !j.contains("format") || j["format"] != format_name) bad("not a study state");
    version = exact_unsigned(j.at("version"), "version", bad);
    if (version != 1 && version != format_version) bad("version " + j.at("version").dump() + " (unknown)");
    std::set<std::string> known{"format", "version", "arms", "names", "model", "nu", "method", "seed", "events", "statistics",
                                "epsilon", "epsilon_relative", "top"};
    if (version >= 2) known.insert("chain");
    const std::string model = j.at("model").get<std::string>();
    if (model == "gaussian") known.insert({"sigma", "unknown_variance"});
    if (model == "bounded") known.insert("range");
    for (const auto& [key, value] : j.items())
      if (!known.count(key)) bad("a key \"" + key + "\" that a " + model + " study of version " + std::to_string(version) + " has not");
    s = read_settings(j, bad);
    const auto& ev = j.at("events");
    if (!ev.is_object() || ev.size() != 4) bad("events that are not {kinds, ids, arms, rewards}");
    const auto& kinds = ev.at("kinds").get_ref<const std::string&>();
    const auto& ids = ev.at("ids");
    const auto& arms = ev.at("arms");
    const auto& rewards = ev.at("rewards");
    if (!ids.is_array() || !arms.is_array() || !rewards.is_array() || ids.size() != kinds.size() ||
        arms.size() != kinds.size() ||
        rewards.size() != kinds.size() - static_cast<std::size_t>(std::count(kinds.begin(), kinds.end(), 'a')))
      bad("events whose arrays differ in length");
    events.reserve(kinds.size());
    std::size_t told = 0;
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      const std::string at = "event " + std::to_string(k);
      const char kind = kinds[k];
      if (kind != 'a' && kind != 't' && !(kind == 'u' && version >= 2))
        bad(at + " of kind '" + std::string(1, kind) + "'");
      std::optional<std::uint64_t> id;
      if (!ids[k].is_null()) id = exact_unsigned(ids[k], at + " id", bad);
      else if (kind != 't') bad(at + " without an id");
      const std::uint64_t arm = exact_unsigned(arms[k], at + " arm", bad);
      if (arm >= s.arms) bad(at + " arm " + std::to_string(arm) + " (the study has " + std::to_string(s.arms) + " arms)");
      // Version 1 wrote a tell without an id that counted an ask as a tell of that id.
      const double reward = kind == 'a' ? 0.0 : exact_number(rewards[told++], at + " reward", bad);
      events.push_back({kind, id, static_cast<std::size_t>(arm), reward});
    }
    stats = j.at("statistics");
    if (version >= 2) {
      chain = j.at("chain");
      if (!chain.is_object() || chain.size() != 3 || !chain.at("settings").is_string() || !chain.at("head").is_string())
        bad("a chain that is not {settings, head, events}");
      if (exact_unsigned(chain.at("events"), "chain events", bad) != events.size())
        bad("a chain of " + chain.at("events").dump() + " events beside " + std::to_string(events.size()) + " events");
    }
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("malformed: ") + e.what());
  }
  if (last_written && last_written->events > events.size())
    refuse(fn, "state",
           "an older state: " + std::to_string(events.size()) + " events, " + std::to_string(last_written->events) +
               " written before (head " + last_written->head +
               "); loading an older state after later rewards were seen voids the certificate (docs/live-study.md, "
               "Restarts)",
           "the study's latest state");
  identification study(std::move(s));  // checks the settings
  auto& q = *study.p_;
  if (version >= 2 && chain.at("settings").get<std::string>() != q.settings_digest)
    bad("settings (arms, names, model, sigma or range, nu, method, seed) that differ from those its chain starts from "
        "(an edited setting)");
  if (last_written && !last_written->settings.empty() && last_written->settings != q.settings_digest)
    bad("settings that differ from those of the state written before (a different study, or an edited setting)");
  for (std::size_t k = 0; k < events.size(); ++k) {
    const auto& e = events[k];
    if (!q.replay(fn, e))
      bad("event " + std::to_string(k) +
          " does not replay (an edited or truncated state, or a state written by a toolkit version whose rule for this "
          "method differs: docs/live-study.md, \"A rule that changes between toolkit versions\")");
    if (last_written && k + 1 == last_written->events && q.head != last_written->head)
      bad("a history that differs from the one written before at event " + std::to_string(k) +
          " (an edited or replaced state)");
  }
  if (q.told_ids && q.told_oldest && version >= 2) bad("tells with ids and tells of an arm's oldest ask mixed");
  if (version >= 2 && chain.at("head").get<std::string>() != q.head)
    bad("events whose hash chain does not end at its head (an edited event)");
  try {
    // Each count an exact unsigned integer (a double such as 1e105 has no uint64 value to convert to).
    const auto& counts = stats.at("pulls");
    if (!counts.is_array()) bad("malformed statistics: pulls " + counts.dump() + " (a list is needed)");
    std::vector<std::uint64_t> pulls;
    for (const auto& c : counts) pulls.push_back(exact_unsigned(c, "statistics' pulls", bad));
    const auto sums = stats.at("sums").get<std::vector<double>>();
    bool same = stats.size() == (q.done ? 4u : 3u) && pulls.size() == q.set.arms && sums.size() == q.set.arms &&
                stats.at("done").get<bool>() == q.done;
    for (std::size_t i = 0; same && i < q.set.arms; ++i) same = pulls[i] == q.real.count(i) && sums[i] == q.real.sum(i);
    if (same && q.done) same = stats.at("best_arm").is_number_unsigned() && stats.at("best_arm").get<std::size_t>() == q.final.best_arm;
    if (!same) bad("statistics that its events do not replay to (edited state)");
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("malformed statistics: ") + e.what());
  }
  return study;
}

// ---- snapshot and journal (docs/live-study.md, "The state file") ----

namespace {

constexpr std::string_view snapshot_magic = "lilucb-study snapshot 4\n";
constexpr std::uint64_t snapshot_version = 4;
/// Version 3 snapshots (before the pooled rules' sums of absolute values) are read by replaying
/// their whole journal; the next write makes them version 4.
constexpr std::string_view snapshot_magic_v3 = "lilucb-study snapshot 3\n";

/// The snapshot version a text's first line names: 4, 3, or 0 (not a snapshot).
std::uint64_t snapshot_magic_version(std::string_view text) {
  if (text.substr(0, snapshot_magic.size()) == snapshot_magic) return snapshot_version;
  if (text.substr(0, snapshot_magic_v3.size()) == snapshot_magic_v3) return 3;
  return 0;
}
/// The bytes before a snapshot's end of journal that open() reads to check the link: more than
/// the trailer ,"to":N,"head":"<64 digits>"} of a record.
constexpr std::uint64_t link_bytes = 256;

/// A 64-bit check of the snapshot's binary state, eight bytes a step (against damage and naive
/// edits; the header's SHA-256 digest covers it).
std::string check64(std::string_view bytes) {
  std::uint64_t h = 0x9e3779b97f4a7c15ull ^ bytes.size();
  std::size_t k = 0;
  for (; k + 8 <= bytes.size(); k += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes.data() + k, 8);
    h = (std::rotl(h, 29) ^ w) * 0xbf58476d1ce4e5b9ull;
  }
  for (; k < bytes.size(); ++k) h = (std::rotl(h, 29) ^ static_cast<unsigned char>(bytes[k])) * 0x94d049bb133111ebull;
  h ^= h >> 31;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string snapshot_digest(const nlohmann::json& header_without_digest) {
  return ::lilucb::detail::sha256().update("lilucb-study snapshot\n").update(header_without_digest.dump()).hex();
}

/// One journal record (take_journal_record's line), parsed.
struct journal_record {
  std::uint64_t from = 0, to = 0;
  std::string prev, head;
  std::vector<study_event> events;  // asks without their ids (the replay gives them)
};

journal_record parse_record(std::string_view line, const std::function<void(const std::string&)>& bad) {
  journal_record r;
  const nlohmann::json j = parse_strict_json(line, "a journal record", bad);
  try {
    if (!j.is_object() || j.size() != 8) bad("not {from, prev, kinds, ids, arms, rewards, to, head}");
    r.from = exact_unsigned(j.at("from"), "from", bad);
    r.to = exact_unsigned(j.at("to"), "to", bad);
    r.prev = j.at("prev").get<std::string>();
    r.head = j.at("head").get<std::string>();
    const auto& kinds = j.at("kinds").get_ref<const std::string&>();
    const auto& ids = j.at("ids");
    const auto& arms = j.at("arms");
    const auto& rewards = j.at("rewards");
    const auto asks = static_cast<std::size_t>(std::count(kinds.begin(), kinds.end(), 'a'));
    if (!ids.is_array() || !arms.is_array() || !rewards.is_array() || arms.size() != kinds.size() ||
        ids.size() != kinds.size() - asks || rewards.size() != kinds.size() - asks)
      bad("arrays whose lengths do not match its kinds");
    if (r.to < r.from || r.to - r.from != kinds.size()) bad("events " + std::to_string(r.from) + " to " + std::to_string(r.to) + " beside " + std::to_string(kinds.size()) + " events");
    r.events.reserve(kinds.size());
    std::size_t told = 0;
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      const char kind = kinds[k];
      if (kind != 'a' && kind != 't' && kind != 'u') bad("an event of kind '" + std::string(1, kind) + "'");
      const std::string at = "event " + std::to_string(r.from + k);
      study_event e{kind, std::nullopt, static_cast<std::size_t>(exact_unsigned(arms[k], at + " arm", bad)), 0.0};
      if (kind != 'a') {
        if (!ids[told].is_null()) e.id = exact_unsigned(ids[told], at + " id", bad);
        else if (kind == 'u') bad(at + " without an id");
        e.reward = exact_number(rewards[told], at + " reward", bad);
        ++told;
      }
      r.events.push_back(e);
    }
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("malformed: ") + e.what());
  }
  return r;
}

/// The event count and head a record's line ends with (its trailer ,"to":N,"head":"H"}), from
/// the last bytes of the line.
bool record_trailer(std::string_view tail, std::uint64_t& to, std::string& head) {
  const std::string_view key_to = ",\"to\":", key_head = ",\"head\":\"";
  const auto h = tail.rfind(key_head);
  const auto t = tail.rfind(key_to);
  if (h == std::string_view::npos || t == std::string_view::npos || t > h) return false;
  const std::string_view digits = tail.substr(t + key_to.size(), h - t - key_to.size());
  if (digits.empty() || digits.size() > 20 || digits.find_first_not_of("0123456789") != std::string_view::npos) return false;
  if (std::from_chars(digits.data(), digits.data() + digits.size(), to).ec != std::errc()) return false;  // beyond 2^64
  const std::string_view rest = tail.substr(h + key_head.size());
  if (rest.size() != 64 + 3 || rest.substr(64) != "\"}\n") return false;
  head = std::string(rest.substr(0, 64));
  return true;
}

}  // namespace

std::string identification::take_journal_record() {
  auto& q = *p_;
  if (q.forked) refuse_fork("lilucb::bandit::identification::take_journal_record");
  if (q.taken == q.events.size()) return "";
  std::string kinds, ids = "[", arms = "[", rewards = "[";
  char buf[32];
  for (std::size_t k = q.taken; k < q.events.size(); ++k) {
    const auto& e = q.events[k];
    kinds.push_back(e.kind);
    if (arms.size() > 1) arms.push_back(',');
    arms.append(buf, std::to_chars(buf, buf + sizeof buf, static_cast<std::uint64_t>(e.arm)).ptr);
    if (e.is_tell()) {
      if (ids.size() > 1) {
        ids.push_back(',');
        rewards.push_back(',');
      }
      if (e.id) ids.append(buf, std::to_chars(buf, buf + sizeof buf, *e.id).ptr);
      else ids += "null";
      rewards += ::lilucb::detail::format_value(e.reward);
    }
  }
  std::string line = "{\"from\":" + std::to_string(q.record_from) + ",\"prev\":\"" + q.record_prev + "\",\"kinds\":\"" +
                     kinds + "\",\"ids\":" + ids + "],\"arms\":" + arms + "],\"rewards\":" + rewards +
                     "],\"to\":" + std::to_string(q.event_count) + ",\"head\":\"" + q.head + "\"}\n";
  q.record_from = q.event_count;
  q.record_prev = q.head;
  if (q.keep_all) {
    q.taken = q.events.size();
  } else {
    q.events.clear();
    q.events.shrink_to_fit();
    q.taken = 0;
  }
  return line;
}

// A study of unknown variance keeps its arms' spreads outside the rules' state: its snapshot holds
// no rules, and open() rebuilds everything by replaying the journal.
bool identification::snapshot_holds_rules() const {
  return !p_->set.unknown_variance && p_->sampling->archivable() && p_->stopping->archivable();
}

std::uint64_t identification::journal_end() const { return p_->journal_end; }

bool identification::is_snapshot(std::string_view text) { return snapshot_magic_version(text) != 0; }

namespace {

nlohmann::json snapshot_statistics(const arm_stats& real, const std::vector<std::uint64_t>& pending, bool done,
                                   std::size_t best_arm) {
  std::vector<std::uint64_t> pulls(real.size());
  std::vector<double> sums(real.size());
  for (std::size_t i = 0; i < real.size(); ++i) {
    pulls[i] = real.count(i);
    sums[i] = real.sum(i);
  }
  nlohmann::json s{{"pulls", pulls}, {"sums", sums}, {"pending", pending}, {"done", done}};
  if (done) s["best_arm"] = best_arm;
  return s;
}

}  // namespace

std::string identification::snapshot(std::uint64_t journal_bytes) {
  constexpr const char* fn = "lilucb::bandit::identification::snapshot";
  auto& q = *p_;
  if (q.forked) refuse_fork(fn);
  if (q.stream_used)
    refuse(fn, "study", "random_stream() used",
           "a study whose rewards did not come from its own random stream (those draws are not in the state)");
  if (q.taken != q.events.size())
    refuse(fn, "study", std::to_string(q.events.size() - q.taken) + " events not in the journal",
           "every event taken into a journal record first (take_journal_record)");
  q.asks.trim();
  const bool rules = snapshot_holds_rules();
  std::string payload;
  if (rules) {
    detail::state_archive ar;
    q.archive(ar);
    payload = ar.bytes();
  }
  nlohmann::json j = settings_json(q.set);
  j["format"] = format_name;
  j["version"] = snapshot_version;
  j["chain"] = {{"settings", q.settings_digest}, {"head", q.head}, {"events", q.event_count}};
  j["journal"] = {{"covered", journal_bytes},
                  {"needed_from", rules ? (journal_bytes > link_bytes ? journal_bytes - link_bytes : 0) : 0}};
  j["statistics"] = snapshot_statistics(q.real, q.asks.pending, q.done, q.final.best_arm);
  j["state"] = {{"bytes", payload.size()}, {"check", check64(payload)}, {"rules", rules}};
  j["digest"] = snapshot_digest(j);
  std::string out(snapshot_magic);
  out += j.dump();
  out += '\n';
  out += payload;
  return out;
}

namespace {

/// A snapshot's header (its second line) and binary state, with the header's own checks: format,
/// version, keys, digest, the state's length and check.
struct snapshot_parts {
  nlohmann::json header;
  std::string_view state;
  std::uint64_t covered = 0, needed_from = 0, events = 0;
  std::string head, settings;
  bool rules = false;
  std::uint64_t version = 0;  // 4, or 3 (replayed from its journal's start)
};

snapshot_parts read_snapshot(std::string_view text, const std::function<void(const std::string&)>& bad) {
  snapshot_parts p;
  p.version = snapshot_magic_version(text);
  if (p.version == 0) bad("not a study snapshot (its first line is not \"lilucb-study snapshot 4\" or \"lilucb-study snapshot 3\")");
  text.remove_prefix(snapshot_magic.size());
  const auto nl = text.find('\n');
  if (nl == std::string_view::npos) bad("a snapshot without the end of its header line");
  p.header = parse_strict_json(text.substr(0, nl), "a snapshot header", bad);
  p.state = text.substr(nl + 1);
  auto& j = p.header;
  try {
    if (!j.is_object() || j.value("format", "") != format_name) bad("not a study snapshot");
    if (exact_unsigned(j.at("version"), "version", bad) != p.version)
      bad("snapshot version " + j.at("version").dump() + " under a first line of version " + std::to_string(p.version));
    std::set<std::string> known{"format", "version", "arms", "names", "model", "nu", "method", "seed", "chain", "journal", "statistics", "state", "digest",
                                "epsilon", "epsilon_relative", "top"};
    const std::string model = j.at("model").get<std::string>();
    if (model == "gaussian") known.insert({"sigma", "unknown_variance"});
    if (model == "bounded") known.insert("range");
    for (const auto& [key, value] : j.items())
      if (!known.count(key)) bad("a key \"" + key + "\" that a snapshot of a " + model + " study has not");
    nlohmann::json without = j;
    without.erase("digest");
    if (j.at("digest").get<std::string>() != snapshot_digest(without))
      bad("a snapshot whose header does not match its digest (an edited snapshot: settings, chain, statistics or state)");
    const auto& c = j.at("chain");
    if (!c.is_object() || c.size() != 3) bad("a chain that is not {settings, head, events}");
    p.settings = c.at("settings").get<std::string>();
    p.head = c.at("head").get<std::string>();
    p.events = exact_unsigned(c.at("events"), "chain events", bad);
    const auto& jl = j.at("journal");
    if (!jl.is_object() || jl.size() != 2) bad("a journal link that is not {covered, needed_from}");
    p.covered = exact_unsigned(jl.at("covered"), "journal covered", bad);
    p.needed_from = exact_unsigned(jl.at("needed_from"), "journal needed_from", bad);
    const auto& st = j.at("state");
    if (!st.is_object() || st.size() != 3) bad("a state that is not {bytes, check, rules}");
    p.rules = st.at("rules").get<bool>();
    if (exact_unsigned(st.at("bytes"), "state bytes", bad) != p.state.size())
      bad("a binary state of " + std::to_string(p.state.size()) + " bytes where its header says " + st.at("bytes").dump() + " (a damaged snapshot)");
    if (st.at("check").get<std::string>() != check64(p.state)) bad("a binary state that does not match its check (a damaged or edited snapshot)");
    if (p.needed_from > p.covered || (!p.rules && p.needed_from != 0)) bad("a journal link that needs bytes it does not cover");
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("a malformed snapshot header: ") + e.what());
  }
  return p;
}

}  // namespace

study_journal_link identification::snapshot_link(std::string_view snapshot) {
  const std::function<void(const std::string&)> bad = [](const std::string& what) {
    refuse("lilucb::bandit::identification::snapshot_link", "state", what, "a snapshot written by snapshot()");
  };
  const std::uint64_t version = snapshot_magic_version(snapshot);
  if (version == 0) bad("not a study snapshot");
  snapshot.remove_prefix(snapshot_magic.size());
  const auto nl = snapshot.find('\n');
  if (nl == std::string_view::npos) bad("a snapshot without the end of its header line");
  try {
    const auto j = nlohmann::json::parse(snapshot.substr(0, nl));
    const auto& l = j.at("journal");
    study_journal_link link{exact_unsigned(l.at("covered"), "journal covered", bad),
                            exact_unsigned(l.at("needed_from"), "journal needed_from", bad)};
    if (link.needed_from > link.covered) bad("a journal link that needs bytes it does not cover");
    if (version == 3) link.needed_from = 0;  // replayed from the start (open)
    return link;
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("a malformed snapshot header: ") + e.what());
  }
  return {};
}

identification identification::open(std::string_view snap, std::string_view journal, std::uint64_t journal_offset,
                                    const std::optional<study_history>& last_written, bool full_replay) {
  constexpr const char* fn = "lilucb::bandit::identification::open";
  const std::function<void(const std::string&)> bad = [&](const std::string& what) {
    refuse(fn, "state", what, "a study snapshot and its journal written by `lilucb study` (docs/live-study.md, \"The state file\")");
  };
  const snapshot_parts p = read_snapshot(snap, bad);
  study_settings s;
  try {
    s = read_settings(p.header, bad);
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("malformed settings: ") + e.what());
  }
  identification study(std::move(s));  // checks the settings
  auto& q = *study.p_;
  q.keep_all = false;
  if (p.settings != q.settings_digest)
    bad("settings (arms, names, model, sigma or range, nu, method, seed) that differ from those its chain starts from "
        "(an edited setting)");
  if (last_written && !last_written->settings.empty() && last_written->settings != q.settings_digest)
    bad("settings that differ from those of the state written before (a different study, or an edited setting)");
  const bool resume = p.rules && !full_replay && p.version == snapshot_version;
  if (!resume) {
    if (journal_offset != 0) bad("a journal read from byte " + std::to_string(journal_offset) + " (this study replays it from the start)");
  } else if (journal_offset > p.needed_from) {
    bad("a journal read from byte " + std::to_string(journal_offset) + " (the snapshot needs it from byte " + std::to_string(p.needed_from) + ")");
  }
  const std::uint64_t journal_size = journal_offset + journal.size();
  if (journal_size < p.covered)
    bad("a journal of " + std::to_string(journal_size) + " bytes where the snapshot covers " + std::to_string(p.covered) +
        " (journal records dropped, or another study's journal)");

  // The statistics of the header against the study's state (after loading or replaying it).
  const auto check_statistics = [&]() {
    if (snapshot_statistics(q.real, q.asks.pending, q.done, q.final.best_arm) != p.header.at("statistics"))
      bad("snapshot statistics (pulls, sums, asks in flight or the answer) that differ from its state (an edited snapshot)");
  };
  std::uint64_t position = journal_offset;  // the journal byte the replay has reached
  if (resume) {
    if (p.covered > 0) {
      const std::string_view before = journal.substr(0, p.covered - journal_offset);
      std::uint64_t to = 0;
      std::string head;
      if (!record_trailer(before, to, head) || to != p.events || head != p.head)
        bad("a journal whose record before byte " + std::to_string(p.covered) + " does not end at the snapshot's event " +
            std::to_string(p.events) + " and head " + p.head + " (journal records dropped or edited, or another study's journal)");
    } else if (p.events != 0) {
      bad("a snapshot of " + std::to_string(p.events) + " events that covers no journal");
    }
    detail::state_archive ar(p.state, p.state.size(), q.set.arms);
    try {
      q.archive(ar);
    } catch (const lilucb::domain_error& e) {
      bad(std::string("a snapshot state that does not load: ") + e.value());
    }
    if (!ar.at_end()) bad("a snapshot state with bytes after its end");
    if (q.asks.end != q.next_id || !q.asks.consistent(q.set.arms) || (q.last_asked >= q.set.arms && q.last_asked != npos))
      bad("a snapshot state whose asks do not fit together");
    q.check_loaded(bad);
    for (std::size_t i = 0; i < q.set.arms; ++i) q.sync_view(i);
    q.event_count = p.events;
    q.head = p.head;
    check_statistics();
    position = p.covered;
  } else if (p.covered == 0) {
    if (p.events != 0 || p.head != q.settings_digest) bad("a snapshot of " + std::to_string(p.events) + " events that covers no journal");
    check_statistics();
  }
  q.record_from = q.event_count;
  q.record_prev = q.head;
  if (last_written && last_written->events == q.event_count && last_written->head != q.head && position == p.covered && resume)
    bad("a history that differs from the one written before at event " + std::to_string(q.event_count) + " (an edited or replaced state)");

  // The records after `position`: each line links to the head before it and is replayed.
  std::string_view rest = journal.substr(position - journal_offset);
  q.journal_end = position;
  while (true) {
    const auto nl = rest.find('\n');
    if (nl == std::string_view::npos) break;  // the end, or an interrupted append (ignored)
    const std::string_view line = rest.substr(0, nl + 1);
    const std::string at = "journal record at byte " + std::to_string(position);
    const journal_record r = parse_record(line.substr(0, nl), [&](const std::string& what) { bad(at + ": " + what); });
    if (r.from != q.event_count || r.prev != q.head)
      bad(at + " starts at event " + std::to_string(r.from) + " after head " + r.prev + ", not at event " +
          std::to_string(q.event_count) + " after head " + q.head + " (a record dropped, repeated or edited)");
    for (std::size_t k = 0; k < r.events.size(); ++k) {
      study_event e = r.events[k];
      if (e.arm >= q.set.arms) bad(at + ": event " + std::to_string(r.from + k) + " of arm " + std::to_string(e.arm) + " (the study has " + std::to_string(q.set.arms) + ")");
      if (e.kind == 'a') e.id = q.next_id;
      if (!q.replay(fn, e)) bad(at + ": event " + std::to_string(r.from + k) + " does not replay (an edited record)");
    }
    if (q.head != r.head) bad(at + ": events whose hash chain does not end at the record's head (an edited event)");
    q.events.clear();
    position += line.size();
    rest.remove_prefix(line.size());
    q.journal_end = position;
    if (last_written && last_written->events == q.event_count && last_written->head != q.head)
      bad("a history that differs from the one written before at event " + std::to_string(q.event_count) + " (an edited or replaced state)");
    if (position == p.covered && !resume) {  // the snapshot's point of a full replay
      if (q.event_count != p.events || q.head != p.head)
        bad("a snapshot of event " + std::to_string(p.events) + " and head " + p.head + " where its journal replays to event " +
            std::to_string(q.event_count) + " and head " + q.head);
      check_statistics();
      if (p.rules && p.version == snapshot_version) {  // (a version 3 state is in the older layout)
        q.asks.trim();
        detail::state_archive ar;
        q.archive(ar);
        if (ar.bytes() != p.state) bad("a snapshot state that differs from the one its journal replays to (an edited snapshot)");
      }
    }
  }
  if (!resume && p.covered > 0 && q.journal_end < p.covered)
    bad("a journal with no record ending at byte " + std::to_string(p.covered) + ", where its snapshot stands");
  if (last_written && last_written->events > q.event_count)
    refuse(fn, "state",
           "an older state: " + std::to_string(q.event_count) + " events, " + std::to_string(last_written->events) +
               " written before (head " + last_written->head +
               "); loading an older state after later rewards were seen voids the certificate (docs/live-study.md, "
               "Restarts)",
           "the study's latest state");
  q.record_from = q.event_count;
  q.record_prev = q.head;
  q.taken = 0;
  return study;
}

// ---- the state files of `lilucb study` ----

namespace {

/// The largest state, and journal read from the snapshot's link on: 1 GiB (a version 2 state of
/// 10^7 events is about 110 MB); verify reads the whole journal: up to 64 GiB.
constexpr std::size_t max_state_bytes = std::size_t{1} << 30;
constexpr std::size_t max_journal_bytes = std::size_t{1} << 36;
/// The journal's growth since the snapshot after which a write rewrites the snapshot: a load
/// replays at most this much journal (about 2000 events).
constexpr std::uint64_t compaction_bytes = 64 * 1024;

std::string lock_path(const std::filesystem::path& state, std::string_view function) {
  return io::resolve_write_target(state, function).string() + ".lock";
}

/// The history in STATE.lock's text: one JSON line {"events", "head", "settings"}; nullopt when it
/// is not such a line (an interrupted record: no check is then made).
std::optional<study_history> parse_lock_record(const std::string& text) {
  try {
    const auto j = nlohmann::json::parse(text);
    if (!j.is_object() || !j.at("events").is_number_unsigned()) return std::nullopt;
    return study_history{j.at("events").get<std::uint64_t>(), j.at("head").get<std::string>(), j.at("settings").get<std::string>()};
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace

std::filesystem::path study_journal_path(const std::filesystem::path& state, bool for_reading, std::string_view function) {
  if (for_reading) {
    std::error_code ec;
    const auto real = std::filesystem::is_symlink(state, ec) ? std::filesystem::canonical(state, ec) : state;
    return (ec ? state : real).string() + ".journal";
  }
  return io::resolve_write_target(state, function).string() + ".journal";
}

std::optional<study_history> peek_study_record(const std::filesystem::path& state) {
  try {
    const auto text = io::read_file_if_present(lock_path(state, "lilucb::bandit::peek_study_record"), 4096);
    return text ? parse_lock_record(*text) : std::nullopt;
  } catch (const lilucb::io_error&) {
    return std::nullopt;  // an unreadable lock (another user's folder), or a state the writers refuse: read as it is
  }
}

stored_study read_study(const std::filesystem::path& state, const std::optional<study_history>& last_written,
                        bool full_replay, std::string_view function) {
  const std::string text = io::read_file(state, max_state_bytes, function);
  try {
    if (!identification::is_snapshot(text)) return {identification::from_json(text, last_written), true, 0};
    const auto link = identification::snapshot_link(text);
    const std::uint64_t from = full_replay || link.needed_from == 0 ? 0 : link.needed_from;
    const auto journal = study_journal_path(state, true, function);
    const auto tail = io::read_file_from(journal, from, full_replay ? max_journal_bytes : max_state_bytes, function);
    if (!tail && link.covered > 0)
      throw lilucb::io_error(std::string(function), journal.string(),
                             "is missing: the snapshot covers " + std::to_string(link.covered) + " bytes of it (the state is incomplete)");
    return {identification::open(text, tail ? *tail : std::string(), from, last_written, full_replay), false, link.covered,
            snapshot_magic_version(text) != snapshot_version};
  } catch (const lilucb::domain_error& e) {
    const std::string what = e.parameter() == "state" ? e.value() : e.parameter() + " = " + e.value() + ", not " + e.admissible();
    throw lilucb::domain_error(std::string(function), "state", state.string(), "a study state written by `lilucb study` (" + what + ")");
  }
}

study_lock::study_lock(const std::filesystem::path& state, std::string_view function) {
  path_ = lock_path(state, function);
  const std::string fn(function);
  fd_ = ::open(path_.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK);
  if (fd_ < 0 && errno == ENOENT) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
    created_ = fd_ >= 0;
    if (fd_ < 0 && errno == EEXIST) fd_ = ::open(path_.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK);
  }
  if (fd_ < 0) throw lilucb::io_error(fn, path_, std::string("cannot open the lock: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    throw lilucb::io_error(fn, path_, "the lock is not a regular file");
  }
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const int e = errno;
    if (created_) ::unlink(path_.c_str());
    ::close(fd_);
    fd_ = -1;
    throw lilucb::io_error(fn, path_, std::string("cannot be locked: ") + std::strerror(e));
  }
}

study_lock::~study_lock() {
  if (fd_ < 0) return;
  if (created_ && !committed_) ::unlink(path_.c_str());
  ::close(fd_);
}

std::optional<study_history> study_lock::record() const {
  std::string text(4096, '\0');
  const ssize_t n = ::pread(fd_, text.data(), text.size(), 0);
  if (n <= 0) return std::nullopt;
  text.resize(static_cast<std::size_t>(n));
  return parse_lock_record(text);
}

void study_lock::commit(const study_history& h) {
  committed_ = true;
  const std::string text = nlohmann::json{{"events", h.events}, {"head", h.head}, {"settings", h.settings}}.dump() + "\n";
  if (::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, text.data(), text.size(), 0) == static_cast<ssize_t>(text.size())) ::fsync(fd_);
}

std::string write_study(const std::filesystem::path& state, stored_study& s, study_lock& lock, std::string_view function) {
  auto& study = s.study;
  auto& q = *study.p_;
  // What take_journal_record changes, restored when nothing was committed (the study can be written again).
  auto events = q.events;
  const auto taken = q.taken, record_from = q.record_from;
  const auto record_prev = q.record_prev;
  const std::string record = study.take_journal_record();
  const auto journal = study_journal_path(state, false, function);
  std::string warning;
  try {
    if (s.whole_state) {
      io::write_file_atomically(journal, record, function, io::file_mode::fresh);
      io::write_file_atomically(state, study.snapshot(record.size()), function);
      q.journal_end = s.covered = record.size();
      s.whole_state = false;
    } else if (!record.empty()) {
      // Another writer's complete record after journal_end (a study read without the lock) would be
      // cut by the append: refused.
      if (const auto after = io::read_file_from(journal, q.journal_end, max_state_bytes, function);
          after && after->find('\n') != std::string::npos)
        throw lilucb::io_error(std::string(function), journal.string(),
                               "gained a record since the study was read (another writer): read the study again");
      const std::uint64_t end = io::append_to_file(journal, record, q.journal_end, function);
      q.journal_end = end;
      if (end - s.covered >= compaction_bytes || s.older_snapshot) {
        try {
          io::write_file_atomically(state, study.snapshot(end), function);
          s.covered = end;
          s.older_snapshot = false;
        } catch (const lilucb::io_error& e) {
          warning = std::string(function) + ": warning: the snapshot was not rewritten (" + e.path() + ": " + e.reason() +
                    "); the events are committed in the journal, and the next command tries again";
        }
      }
    }
  } catch (...) {
    q.events = std::move(events);
    q.taken = taken;
    q.record_from = record_from;
    q.record_prev = record_prev;
    throw;
  }
  lock.commit(study.history());
  return warning;
}

}  // namespace lilucb::bandit
