#pragma once
// A sampling rule and a stopping rule of the registry (rules.hpp) as one value each, whatever
// the rule: what the registry's factories return and run_combination runs.
//
// any_sampling holds the rule's own type (a variant of the sampling rule classes: next() is a
// template on the run's session); run_combination visits it once per run, so the run loop calls
// the rule's own next() with no dispatch per pull.  any_stopping is itself a stopping rule (the
// compose.hpp concept), type-erased: one virtual call per call of the concept.

#include "lilucb/bandit/arm_stats.hpp"
#include "lilucb/bandit/detail/state_archive.hpp"
#include "lilucb/bandit/rules.hpp"
#include "lilucb/bandit/sampling/lilucb.hpp"
#include "lilucb/bandit/sampling/lucb.hpp"
#include "lilucb/bandit/sampling/top_m_pair.hpp"
#include "lilucb/bandit/sampling/top_two.hpp"
#include "lilucb/bandit/sampling/track_and_stop.hpp"
#include "lilucb/bandit/sampling/uniform.hpp"
#include "lilucb/bandit/sampling/weakest_pair.hpp"
#include "lilucb/bandit/stopping/glr.hpp"
#include "lilucb/bandit/stopping/glr_mixture.hpp"
#include "lilucb/bandit/stopping/glr_one_sided.hpp"
#include "lilucb/bandit/stopping/glr_pooled.hpp"
#include "lilucb/bandit/stopping/kk21_threshold.hpp"
#include "lilucb/bandit/stopping/lilucb.hpp"
#include "lilucb/bandit/stopping/ls.hpp"
#include "lilucb/bandit/stopping/ls_boundary.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace lilucb::bandit {

/// Every sampling rule class of the registry.
class any_sampling {
 public:
  using variant = std::variant<sampling::uniform, sampling::lilucb, sampling::lucb1, sampling::kl_lucb,
                               sampling::tas_d, sampling::tas_c, sampling::ttts, sampling::t3c, sampling::eb_tci,
                               sampling::weakest_pair, sampling::top_m_pair>;
  template <class Rule>
  any_sampling(Rule r) : rule_(std::move(r)) {}  // NOLINT: implicit from every rule class
  variant& get() { return rule_; }

  /// Arm i's statistics changed although it is not the arm the rule's last next() returned (the
  /// ask-tell study: a reward told late).  A rule whose observe() assumes the arm just returned
  /// (a member revise(i, stats)) handles it there; every other rule's observe() takes any arm.
  void revise(std::size_t i, const arm_stats& s) {
    std::visit(
        [&](auto& r) {
          if constexpr (requires { r.revise(i, s); }) r.revise(i, s);
          else r.observe(i, s);
        },
        rule_);
  }

  /// A study's rewards reach the rule apart from its view of the statistics (which holds pulls in
  /// flight at their arm's mean and no last reward): a rule that reads rewards themselves (members
  /// take_rewards_apart() and observe_reward(i, y): the Top-Two variance models) is told so once,
  /// and then each reward through tell_reward; the other rules ignore both.
  void take_rewards_apart() {
    std::visit([](auto& r) {
      if constexpr (requires { r.take_rewards_apart(); }) r.take_rewards_apart();
    }, rule_);
  }
  void tell_reward(std::size_t i, double y) {
    std::visit([&](auto& r) {
      if constexpr (requires { r.observe_reward(i, y); }) r.observe_reward(i, y);
    }, rule_);
  }

  /// Whether the rule can be saved (it has archive_state: detail/state_archive.hpp).
  bool archivable() const {
    return std::visit([](const auto& r) { return detail::has_archive_state<std::remove_cvref_t<decltype(r)>>; }, rule_);
  }
  /// Saves or loads the rule's state through `ar` (a loaded state is checked by the rule's
  /// state_is_valid, where it has one: detail/state_archive.hpp).  Domain: archivable().
  void archive_state(detail::state_archive& ar) {
    std::visit(
        [&](auto& r) {
          if constexpr (detail::has_archive_state<std::remove_cvref_t<decltype(r)>>) ar(r);
        },
        rule_);
  }

 private:
  variant rule_;
};

/// Any stopping rule class, as one stopping rule (type-erased: a factory wraps its rule, so a new
/// stopping rule class needs no list here).  A copy is an independent rule in the same state (every
/// rule class is a value type; a rule's tables of thread_count_cache are the copying thread's:
/// detail::thread_cache_ref).
class any_stopping {
 public:
  template <class Rule>
  any_stopping(Rule r) : rule_(std::make_unique<model<Rule>>(std::move(r))) {}  // NOLINT: from every rule class
  any_stopping(const any_stopping& o) : rule_(o.rule_ ? o.rule_->clone() : nullptr) {}
  any_stopping& operator=(const any_stopping& o) {
    if (this != &o) rule_ = o.rule_ ? o.rule_->clone() : nullptr;
    return *this;
  }
  any_stopping(any_stopping&&) noexcept = default;
  any_stopping& operator=(any_stopping&&) noexcept = default;

  const char* name() const { return rule_->name(); }
  void observe(std::size_t i, const arm_stats& s) { rule_->observe(i, s); }
  bool should_stop(const arm_stats& s) { return rule_->should_stop(s); }
  std::size_t recommendation(const arm_stats& s) const { return rule_->recommendation(s); }
  /// A top-m rule's answer set (a member recommended_set(stats), increasing arms); empty for the
  /// rules that answer one arm.
  std::vector<std::size_t> recommended_set(const arm_stats& s) const { return rule_->recommended_set(s); }
  bool certified() const { return rule_->certified(); }
  std::string certificate() const { return rule_->certificate(); }
  /// Whether the rule reports its statistics (a member evidence(stats)), and the statistics of
  /// every challenger of its answer now (empty when it does not).
  bool has_evidence() const { return rule_->has_evidence(); }
  std::vector<challenger_evidence> evidence(const arm_stats& s) { return rule_->evidence(s); }
  /// Whether the rule can be saved (it has archive_state: detail/state_archive.hpp).
  bool archivable() const { return rule_->archivable(); }
  /// Saves or loads the rule's state through `ar` (a loaded state is checked by the rule's
  /// state_is_valid, where it has one: detail/state_archive.hpp).  Domain: archivable().
  void archive_state(detail::state_archive& ar) { rule_->archive_state(ar); }

 private:
  struct concept_t {
    virtual ~concept_t() = default;
    virtual std::unique_ptr<concept_t> clone() const = 0;
    virtual const char* name() const = 0;
    virtual void observe(std::size_t i, const arm_stats& s) = 0;
    virtual bool should_stop(const arm_stats& s) = 0;
    virtual std::size_t recommendation(const arm_stats& s) const = 0;
    virtual std::vector<std::size_t> recommended_set(const arm_stats& s) const = 0;
    virtual bool certified() const = 0;
    virtual std::string certificate() const = 0;
    virtual bool has_evidence() const = 0;
    virtual std::vector<challenger_evidence> evidence(const arm_stats& s) = 0;
    virtual bool archivable() const = 0;
    virtual void archive_state(detail::state_archive& ar) = 0;
  };
  template <class Rule>
  struct model final : concept_t {
    explicit model(Rule r) : rule(std::move(r)) {}
    std::unique_ptr<concept_t> clone() const override { return std::make_unique<model>(rule); }
    const char* name() const override { return rule.name(); }
    void observe(std::size_t i, const arm_stats& s) override { rule.observe(i, s); }
    bool should_stop(const arm_stats& s) override { return rule.should_stop(s); }
    std::size_t recommendation(const arm_stats& s) const override { return rule.recommendation(s); }
    std::vector<std::size_t> recommended_set(const arm_stats& s) const override {
      if constexpr (requires(const Rule& r) { r.recommended_set(s); }) return rule.recommended_set(s);
      else return {};
    }
    bool certified() const override { return rule.certified(); }
    std::string certificate() const override { return std::string(rule.certificate()); }
    bool has_evidence() const override { return requires(Rule& r, const arm_stats& s) { r.evidence(s); }; }
    std::vector<challenger_evidence> evidence(const arm_stats& s) override {
      if constexpr (requires(Rule& r) { r.evidence(s); }) return rule.evidence(s);
      else return {};
    }
    bool archivable() const override { return detail::has_archive_state<Rule>; }
    void archive_state(detail::state_archive& ar) override {
      if constexpr (detail::has_archive_state<Rule>) ar(rule);
    }
    Rule rule;
  };
  std::unique_ptr<concept_t> rule_;
};

}  // namespace lilucb::bandit
