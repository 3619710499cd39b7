// The ask-tell study (lilucb/bandit/identification.hpp).

#include "lilucb/bandit/identification.hpp"

#include "lilucb/bandit/any_rule.hpp"
#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/combination.hpp"
#include "lilucb/bandit/detail/random.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/characteristic_time.hpp"
#include "lilucb/detail/sha256.hpp"
#include "lilucb/errors.hpp"
#include "lilucb/resources.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
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
  detail::normal_stream* stream;
  const arm_stats& stats() const { return *view; }
  detail::normal_stream& rng() { return *stream; }
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
  j["model"] = to_string(s.model);
  if (s.model == study_model::gaussian) j["sigma"] = s.sigma;
  if (s.model == study_model::bounded) j["range"] = {s.lo, s.hi};
  j["nu"] = s.nu;
  j["method"] = s.method;
  j["seed"] = s.seed;
  return j;
}

std::string settings_text(const study_settings& s) { return settings_json(s).dump(); }

/// The next link of the chain: SHA-256 of the previous digest and the event's text.
std::string chain_next(const std::string& previous, const study_event& e) {
  return ::lilucb::detail::sha256().update(previous).update("\n").update(chain_text(e)).hex();
}

}  // namespace

const char* to_string(study_model m) {
  switch (m) {
    case study_model::gaussian: return "gaussian";
    case study_model::bernoulli: return "bernoulli";
    case study_model::bounded: return "bounded";
  }
  return "?";
}

study_model parse_study_model(std::string_view name) {
  for (auto m : {study_model::gaussian, study_model::bernoulli, study_model::bounded})
    if (name == to_string(m)) return m;
  refuse("lilucb::bandit::parse_study_model", "model", ::lilucb::detail::quoted(name), "{gaussian, bernoulli, bounded}");
}

struct identification::impl {
  study_settings set;
  combination comb;
  reward_model model = reward_model::gaussian;
  double sigma = 0;
  std::optional<any_sampling> sampling;
  std::optional<any_stopping> stopping;
  detail::normal_stream stream;
  arm_stats real, view;
  std::vector<std::set<std::uint64_t>> in_flight_of;  // per arm, the ids of its asks not yet told (oldest first)
  std::uint64_t next_id = 0;
  std::vector<std::uint32_t> arm_of_ask;          // the arm of ask id k (K <= 2^32 checked)
  std::size_t round_robin = 0;   // the next arm of the first round
  std::size_t unsampled;         // arms without a reward told
  std::size_t last_asked = npos;  // the arm of the last next() whose view the rule has not observed
  bool done = false;
  study_answer final;
  bool stream_used = false;
  std::vector<study_event> events;
  std::string settings_digest;  // the chain's origin: SHA-256 of the canonical settings
  std::string head;             // the chain's head: the digest after the last event
  bool told_ids = false;        // a tell named an id ('t' with an id)
  bool told_oldest = false;     // a tell without an id counted an ask ('u')

  void append(const study_event& e) {
    events.push_back(e);
    head = chain_next(head, e);
  }

  explicit impl(study_settings s)
      : set(std::move(s)), stream(set.seed, 0), real(set.arms), view(set.arms), in_flight_of(set.arms), unsampled(set.arms) {}

  void check_reward(const char* fn, double r) const {
    lilucb::check_finite(fn, "reward", r);
    if (set.model == study_model::gaussian && !(std::fabs(r) <= study_max_standardized_reward * set.sigma))
      refuse(fn, "reward", ::lilucb::detail::format_value(r),
             "|reward| <= 1e15 sigma = " + ::lilucb::detail::format_value(study_max_standardized_reward * set.sigma) +
                 " (a larger reward leaves the doubles in the statistics: rescale the rewards, or give the "
                 "study a sigma of their scale)");
    if (set.model == study_model::bernoulli && r != 0.0 && r != 1.0)
      refuse(fn, "reward", ::lilucb::detail::format_value(r), "0 or 1 (Bernoulli rewards)");
    if (set.model == study_model::bounded && !(r >= set.lo && r <= set.hi))
      refuse(fn, "reward", ::lilucb::detail::format_value(r),
             "[" + ::lilucb::detail::format_value(set.lo) + ", " + ::lilucb::detail::format_value(set.hi) +
                 "] (the study's range)");
  }

  /// The sampling rule's view of arm i: its rewards plus its pulls in flight at its mean.
  void sync_view(std::size_t i) {
    const std::uint64_t n = real.count(i);
    const std::uint64_t flying = in_flight_of[i].size();
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
    arm_of_ask.push_back(static_cast<std::uint32_t>(i));
    in_flight_of[i].insert(id);
    sync_view(i);
    last_asked = i;
    append({'a', id, i, 0.0});
    return {id, i};
  }

  /// A reward of arm i, for ask `id` (then still in flight) or for no ask; `kind` is the event's
  /// ('t' or 'u').
  void record(std::size_t i, double r, std::optional<std::uint64_t> id, char kind) {
    real.add(i, r);  // the only call that can throw (a sum beyond DBL_MAX), before any other change
    if (id) {
      in_flight_of[i].erase(*id);
    }
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

  void stop() {
    done = true;
    final = current_answer();
    final.done = true;
    final.certified = stopping->certified();
  }

  study_answer current_answer() {
    study_answer a;
    a.done = done;
    a.best_arm = set.arms == 1 ? 0 : stopping->recommendation(real);
    a.certified = done && stopping->certified();
    a.certificate = stopping->certificate();
    if (!stopping->has_evidence())
      a.evidence_note = std::string("the stopping rule of ") + to_string(comb) +
                        " reports its decision only, not its statistics";
    else if (unsampled > 0)
      a.evidence_note = "no statistics before every arm has a reward";
    else
      a.evidence = stopping->evidence(real);
    return a;
  }
};

namespace {

/// The number of arms checked before anything of that size is allocated: K in [1, 2^32), and the
/// memory a study of K arms holds (a run's, resources.hpp, and per arm the asks in flight and the
/// sampling rule's view) available.
study_settings with_checked_arms(study_settings s) {
  constexpr const char* fn = "lilucb::bandit::identification";
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
    case study_model::gaussian:
      check_finite(fn, "sigma", s.sigma);
      check_positive(fn, "sigma", s.sigma);
      check_scale("sigma", s.sigma, ::lilucb::detail::format_value(s.sigma));
      p_->model = reward_model::gaussian;
      p_->sigma = s.sigma;
      break;
    case study_model::bernoulli:
      p_->model = reward_model::bernoulli;
      p_->sigma = 0.5;
      break;
    case study_model::bounded:
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
  }
  if (s.method.empty()) s.method = std::string(recommended_method_for(s.model));
  if (s.method.find('+') == std::string::npos)
    refuse(fn, "method", ::lilucb::detail::quoted(s.method),
           "a combination SAMPLING+STOPPING of the registry (the presets run simulations only)");
  p_->comb = parse_combination(s.method);
  check_combination(fn, p_->comb, p_->model);
  if (p_->comb.stopping == stopping_rule::lilucb)
    refuse(fn, "method", ::lilucb::detail::quoted(s.method),
           "a combination whose stopping rule is ls or glr: lil'UCB's stopping rule is certified only with lil'UCB's "
           "own sequential sampling (docs/live-study.md)");
  s.method = to_string(p_->comb);

  rule_context ctx;
  ctx.arms = s.arms;
  ctx.sigma = p_->sigma;
  ctx.nu = s.nu;
  ctx.model = p_->model;
  ctx.stopping = p_->comb.stopping;
  ctx.rho = p_->comb.rho;
  ctx.inner = run_options{}.inner;
  if (s.model == study_model::bounded) {
    ctx.lo = s.lo;
    ctx.hi = s.hi;
  }
  run_parameters params;
  const auto& stop_rule = describe(p_->comb.stopping);
  const stopping_factory make_stopping = stop_rule.takes == stopping_parameter::threshold ? describe(p_->comb.threshold).make
                                         : stop_rule.takes == stopping_parameter::boundary ? describe(p_->comb.boundary).make
                                                                                           : stop_rule.make;
  p_->stopping.emplace(make_stopping(ctx, params));
  p_->sampling.emplace(describe(p_->comb.sampling).make(ctx, params));
  p_->settings_digest = ::lilucb::detail::sha256().update("lilucb-study settings\n").update(settings_text(s)).hex();
  p_->head = p_->settings_digest;
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
  const std::size_t arm = p_->arm_of_ask[id];
  if (!p_->in_flight_of[arm].count(id)) return false;  // told before: counted once
  if (p_->told_oldest)
    refuse(fn, "id", std::to_string(id),
           "no id for an ask in flight: this study's asked pulls were told without ids (each counted for its arm's "
           "oldest ask), so an id could count one pull twice; tell by arm, or start the study over telling ids");
  p_->record(arm, reward, id, 't');
  return true;
}

bool identification::tell(std::uint64_t id, std::size_t arm, double reward) {
  constexpr const char* fn = "lilucb::bandit::identification::tell";
  if (arm >= p_->set.arms) refuse(fn, "arm", std::to_string(arm), "0 to " + std::to_string(p_->set.arms - 1));
  if (id < p_->next_id && p_->arm_of_ask[id] != arm)  // in flight or told before: a retry naming another arm is a mistake
    refuse(fn, "arm", std::to_string(arm), "the arm of ask " + std::to_string(id) + ": " + std::to_string(p_->arm_of_ask[id]));
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
    if (arms[k] >= q.set.arms || q.arm_of_ask[ids[k]] != arms[k])
      refuse(fn, indexed("arms", k).c_str(), std::to_string(arms[k]),
             "the arm of ask " + std::to_string(ids[k]) + ": " + std::to_string(q.arm_of_ask[ids[k]]));
    try {
      q.check_reward(fn, rewards[k]);
    } catch (const lilucb::domain_error& e) {
      refuse(fn, indexed("rewards", k).c_str(), e.value(), e.admissible());
    }
  }
  if (q.told_oldest)
    for (std::size_t k = 0; k < ids.size(); ++k)
      if (q.in_flight_of[arms[k]].count(ids[k]))
        refuse(fn, indexed("ids", k).c_str(), std::to_string(ids[k]),
               "no id for an ask in flight: this study's asked pulls were told without ids (each counted for its "
               "arm's oldest ask)");
  std::size_t counted = 0;
  for (std::size_t k = 0; k < ids.size(); ++k)
    if (q.in_flight_of[arms[k]].count(ids[k])) {
      q.record(arms[k], rewards[k], ids[k], 't');
      ++counted;
    }
  return counted;
}

void identification::tell_arm(std::size_t arm, double reward) {
  constexpr const char* fn = "lilucb::bandit::identification::tell";
  if (arm >= p_->set.arms) refuse(fn, "arm", std::to_string(arm), "0 to " + std::to_string(p_->set.arms - 1));
  p_->check_reward(fn, reward);
  const auto& flying = p_->in_flight_of[arm];
  if (flying.empty()) {
    p_->record(arm, reward, std::nullopt, 't');
    return;
  }
  if (p_->told_ids)
    refuse(fn, "id", "(absent)",
           "the id of the ask (arm " + std::to_string(arm) + " has asks in flight, and this study's tells name their "
           "ids: a reward without one could be a pull told again under its id)");
  p_->record(arm, reward, *flying.begin(), 'u');
}

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
  for (std::size_t i = 0; i < K; ++i) st.total_pending += st.pending[i] = q.in_flight_of[i].size();
  st.total_pulls = q.real.total();
  st.done = q.done;
  st.leader = q.done ? q.final.best_arm : K == 1 ? 0 : q.stopping->recommendation(q.real);
  if (K >= 2 && q.unsampled == 0) {
    try {
      const double t_star = q.set.model == study_model::bernoulli
                                ? characteristic_time_bernoulli(st.means).t_star
                                : characteristic_time_gaussian(st.means, q.sigma).t_star;
      const double need = t_star * std::log(1 / q.set.nu) - static_cast<double>(st.total_pulls);
      if (std::isfinite(need)) st.remaining_estimate = std::max(0.0, need);
    } catch (const lilucb::domain_error&) {
      // the leading means tie: no finite estimate
    }
  }
  return st;
}

detail::normal_stream& identification::random_stream() {
  p_->stream_used = true;
  return p_->stream;
}

std::string identification::to_json() const {
  const auto& q = *p_;
  if (q.stream_used)
    refuse("lilucb::bandit::identification::to_json", "study", "random_stream() used",
           "a study whose rewards did not come from its own random stream (those draws are not in the state)");
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

study_history identification::history() const { return {p_->events.size(), p_->head, p_->settings_digest}; }

namespace {

/// Parses JSON text refusing a key repeated in one object (the last would silently win).
nlohmann::json parse_without_duplicate_keys(std::string_view text, std::string& duplicate) {
  std::vector<std::set<std::string>> keys;  // per open object, its keys so far
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
  return nlohmann::json::parse(text.begin(), text.end(), callback);
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

}  // namespace

identification identification::from_json(std::string_view text, const std::optional<study_history>& last_written) {
  constexpr const char* fn = "lilucb::bandit::identification::from_json";
  const std::function<void(const std::string&)> bad = [&](const std::string& what) {
    refuse(fn, "state", what, "the JSON state written by to_json (format " + std::string(format_name) + ", version " +
                                  std::to_string(format_version) + " or 1)");
  };
  nlohmann::json j;
  std::string duplicate;
  try {
    j = parse_without_duplicate_keys(text, duplicate);
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("not JSON: ") + e.what());
  }
  if (!duplicate.empty()) bad("a repeated key \"" + duplicate + "\" (which one counts would be a guess)");
  study_settings s;
  std::vector<study_event> events;
  nlohmann::json stats, chain;
  std::uint64_t version = 0;
  try {
    if (!j.is_object() || !j.contains("format") || j["format"] != format_name) bad("not a study state");
    version = exact_unsigned(j.at("version"), "version", bad);
    if (version != 1 && version != format_version) bad("version " + j.at("version").dump() + " (unknown)");
    std::set<std::string> known{"format", "version", "arms", "names", "model", "nu", "method", "seed", "events", "statistics"};
    if (version >= 2) known.insert("chain");
    const std::string model = j.at("model").get<std::string>();
    if (model == "gaussian") known.insert("sigma");
    if (model == "bounded") known.insert("range");
    for (const auto& [key, value] : j.items())
      if (!known.count(key)) bad("a key \"" + key + "\" that a " + model + " study of version " + std::to_string(version) + " has not");
    s.arms = exact_unsigned(j.at("arms"), "arms", bad);
    if (s.arms < 1 || s.arms > max_arms) bad("arms " + j.at("arms").dump() + " (1 to 2^32 - 1)");
    s.names = j.at("names").get<std::vector<std::string>>();
    s.model = parse_study_model(model);
    if (s.model == study_model::gaussian) s.sigma = exact_number(j.at("sigma"), "sigma", bad);
    if (s.model == study_model::bounded) {
      const auto& r = j.at("range");
      if (!r.is_array() || r.size() != 2) bad("range " + r.dump() + " (two numbers)");
      s.lo = exact_number(r[0], "range", bad);
      s.hi = exact_number(r[1], "range", bad);
    }
    s.nu = exact_number(j.at("nu"), "nu", bad);
    s.method = j.at("method").get<std::string>();
    s.seed = exact_unsigned(j.at("seed"), "seed", bad);
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
    const auto mismatch = [&]() { bad("event " + std::to_string(k) + " does not replay (edited or truncated state)"); };
    if (e.kind == 'a') {
      if (q.done) mismatch();
      const study_ask a = q.ask_one();
      if (a.id != *e.id || a.arm != e.arm) mismatch();
    } else if (e.id) {
      if (*e.id >= q.next_id || q.arm_of_ask[*e.id] != e.arm || !q.in_flight_of[e.arm].count(*e.id)) mismatch();
      if (e.kind == 'u' && *e.id != *q.in_flight_of[e.arm].begin()) mismatch();
      q.check_reward(fn, e.reward);
      q.record(e.arm, e.reward, e.id, e.kind);
    } else {
      if (!q.in_flight_of[e.arm].empty()) mismatch();
      q.check_reward(fn, e.reward);
      q.record(e.arm, e.reward, std::nullopt, 't');
    }
    if (last_written && k + 1 == last_written->events && q.head != last_written->head)
      bad("a history that differs from the one written before at event " + std::to_string(k) +
          " (an edited or replaced state)");
  }
  if (q.told_ids && q.told_oldest && version >= 2) bad("tells with ids and tells of an arm's oldest ask mixed");
  if (version >= 2 && chain.at("head").get<std::string>() != q.head)
    bad("events whose hash chain does not end at its head (an edited event)");
  try {
    const auto pulls = stats.at("pulls").get<std::vector<std::uint64_t>>();
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

}  // namespace lilucb::bandit
