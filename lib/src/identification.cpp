// The ask-tell study (lilucb/bandit/identification.hpp).

#include "lilucb/bandit/identification.hpp"

#include "lilucb/bandit/any_rule.hpp"
#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/combination.hpp"
#include "lilucb/bandit/detail/random.hpp"
#include "lilucb/bandit/run.hpp"
#include "lilucb/characteristic_time.hpp"
#include "lilucb/errors.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <unordered_set>
#include <utility>

namespace lilucb::bandit {

namespace {

constexpr const char* format_name = "lilucb-study";
constexpr int format_version = 1;
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

/// One ask or tell, as the state file lists them (replayed in order on load).
struct study_event {
  bool is_tell;
  std::optional<std::uint64_t> id;  // absent: a tell_arm with no ask in flight
  std::size_t arm;
  double reward;                    // tells only
};

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

  explicit impl(study_settings s)
      : set(std::move(s)), stream(set.seed, 0), real(set.arms), view(set.arms), in_flight_of(set.arms), unsampled(set.arms) {}

  void check_reward(const char* fn, double r) const {
    lilucb::check_finite(fn, "reward", r);
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
    events.push_back({false, id, i, 0.0});
    return {id, i};
  }

  /// A reward of arm i, for ask `id` (then still in flight) or for no ask.
  void record(std::size_t i, double r, std::optional<std::uint64_t> id) {
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
    events.push_back({true, id, i, r});
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

identification::identification(study_settings settings) : p_(std::make_unique<impl>(std::move(settings))) {
  constexpr const char* fn = "lilucb::bandit::identification";
  auto& s = p_->set;
  if (s.arms < 1 || s.arms > max_arms) refuse(fn, "arms", std::to_string(s.arms), "1 to 2^32 - 1");
  if (!s.names.empty()) {
    if (s.names.size() != s.arms)
      refuse(fn, "names", std::to_string(s.names.size()) + " names", "none, or one per arm (" + std::to_string(s.arms) + ")");
    std::unordered_set<std::string> seen;
    for (const auto& n : s.names)
      if (n.empty() || !seen.insert(n).second)
        refuse(fn, "names", ::lilucb::detail::quoted(n), "distinct non-empty names");
  }
  check_open_interval(fn, "nu", s.nu, 0.0, 1.0);
  switch (s.model) {
    case study_model::gaussian:
      check_finite(fn, "sigma", s.sigma);
      check_positive(fn, "sigma", s.sigma);
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
  p_->record(arm, reward, id);
  return true;
}

bool identification::tell(std::uint64_t id, std::size_t arm, double reward) {
  constexpr const char* fn = "lilucb::bandit::identification::tell";
  if (arm >= p_->set.arms) refuse(fn, "arm", std::to_string(arm), "0 to " + std::to_string(p_->set.arms - 1));
  if (id < p_->next_id && p_->arm_of_ask[id] != arm)  // in flight or told before: a retry naming another arm is a mistake
    refuse(fn, "arm", std::to_string(arm), "the arm of ask " + std::to_string(id) + ": " + std::to_string(p_->arm_of_ask[id]));
  return tell(id, reward);
}

void identification::tell_arm(std::size_t arm, double reward) {
  constexpr const char* fn = "lilucb::bandit::identification::tell";
  if (arm >= p_->set.arms) refuse(fn, "arm", std::to_string(arm), "0 to " + std::to_string(p_->set.arms - 1));
  p_->check_reward(fn, reward);
  const auto& flying = p_->in_flight_of[arm];
  if (flying.empty()) p_->record(arm, reward, std::nullopt);
  else p_->record(arm, reward, *flying.begin());
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
  nlohmann::json j;
  j["format"] = format_name;
  j["version"] = format_version;
  j["arms"] = q.set.arms;
  j["names"] = q.set.names;
  j["model"] = to_string(q.set.model);
  if (q.set.model == study_model::gaussian) j["sigma"] = q.set.sigma;
  if (q.set.model == study_model::bounded) j["range"] = {q.set.lo, q.set.hi};
  j["nu"] = q.set.nu;
  j["method"] = q.set.method;
  j["seed"] = q.set.seed;
  // The events as flat arrays (one JSON value per number keeps large states quick to read):
  // kinds "a" (ask) or "t" (tell) per event; ids (null: a tell without an ask) and arms per
  // event; rewards per tell.
  std::string kinds;
  kinds.reserve(q.events.size());
  auto ids = nlohmann::json::array(), arms = nlohmann::json::array(), rewards = nlohmann::json::array();
  ids.get_ref<nlohmann::json::array_t&>().reserve(q.events.size());
  arms.get_ref<nlohmann::json::array_t&>().reserve(q.events.size());
  for (const auto& e : q.events) {
    kinds.push_back(e.is_tell ? 't' : 'a');
    ids.push_back(e.id ? nlohmann::json(*e.id) : nlohmann::json(nullptr));
    arms.push_back(e.arm);
    if (e.is_tell) rewards.push_back(e.reward);
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
  return j.dump();
}

identification identification::from_json(std::string_view text) {
  constexpr const char* fn = "lilucb::bandit::identification::from_json";
  const auto bad = [&](const std::string& what) -> void {
    refuse(fn, "state", what, "the JSON state written by to_json (format " + std::string(format_name) + ", version " +
                                  std::to_string(format_version) + ")");
  };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("not JSON: ") + e.what());
  }
  study_settings s;
  std::vector<study_event> events;
  nlohmann::json stats;
  try {
    if (!j.is_object() || j.value("format", "") != format_name) bad("not a study state");
    if (j.at("version").get<int>() != format_version) bad("version " + j.at("version").dump());
    s.arms = j.at("arms").get<std::size_t>();
    s.names = j.at("names").get<std::vector<std::string>>();
    s.model = parse_study_model(j.at("model").get<std::string>());
    if (s.model == study_model::gaussian) s.sigma = j.at("sigma").get<double>();
    if (s.model == study_model::bounded) {
      const auto r = j.at("range").get<std::vector<double>>();
      if (r.size() != 2) bad("range of " + std::to_string(r.size()) + " numbers");
      s.lo = r[0];
      s.hi = r[1];
    }
    s.nu = j.at("nu").get<double>();
    s.method = j.at("method").get<std::string>();
    s.seed = j.at("seed").get<std::uint64_t>();
    const auto& ev = j.at("events");
    const auto& kinds = ev.at("kinds").get_ref<const std::string&>();
    const auto& ids = ev.at("ids");
    const auto& arms = ev.at("arms");
    const auto& rewards = ev.at("rewards");
    if (ids.size() != kinds.size() || arms.size() != kinds.size() ||
        rewards.size() != static_cast<std::size_t>(std::count(kinds.begin(), kinds.end(), 't')))
      bad("events whose arrays differ in length");
    events.reserve(kinds.size());
    std::size_t told = 0;
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      const auto id = ids[k].is_null() ? std::nullopt : std::optional<std::uint64_t>(ids[k].get<std::uint64_t>());
      if (kinds[k] == 'a' && id) events.push_back({false, id, arms[k].get<std::size_t>(), 0});
      else if (kinds[k] == 't') events.push_back({true, id, arms[k].get<std::size_t>(), rewards[told++].get<double>()});
      else bad("event " + std::to_string(k) + " of kind '" + std::string(1, kinds[k]) + "'");
    }
    stats = j.at("statistics");
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("malformed: ") + e.what());
  }
  identification study(std::move(s));  // checks the settings
  auto& q = *study.p_;
  for (std::size_t k = 0; k < events.size(); ++k) {
    const auto& e = events[k];
    const auto mismatch = [&]() { bad("event " + std::to_string(k) + " does not replay (edited or truncated state)"); };
    if (!e.is_tell) {
      if (q.done) mismatch();
      const study_ask a = q.ask_one();
      if (a.id != *e.id || a.arm != e.arm) mismatch();
    } else if (e.id) {
      if (*e.id >= q.next_id || q.arm_of_ask[*e.id] != e.arm || !q.in_flight_of[e.arm].count(*e.id)) mismatch();
      q.check_reward(fn, e.reward);
      q.record(e.arm, e.reward, e.id);
    } else {
      if (e.arm >= q.set.arms || !q.in_flight_of[e.arm].empty()) mismatch();
      q.check_reward(fn, e.reward);
      q.record(e.arm, e.reward, std::nullopt);
    }
  }
  try {
    const auto pulls = stats.at("pulls").get<std::vector<std::uint64_t>>();
    const auto sums = stats.at("sums").get<std::vector<double>>();
    bool same = pulls.size() == q.set.arms && sums.size() == q.set.arms && stats.at("done").get<bool>() == q.done;
    for (std::size_t i = 0; same && i < q.set.arms; ++i) same = pulls[i] == q.real.count(i) && sums[i] == q.real.sum(i);
    if (!same) bad("statistics that its events do not replay to (edited state)");
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("malformed statistics: ") + e.what());
  }
  return study;
}

}  // namespace lilucb::bandit
