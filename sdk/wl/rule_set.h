// rule_set.h: which official rules of the Warlight family a game follows.
//
// The rules core (rules.h) is one implementation; a RuleSet is the value it
// consults where the rule sets differ (the tables at the top of
// ../shared/spec/warlight2-engine.md and ../shared/wl1/spec.md section 0).
// A wl::Game carries its rule set; the per-move code is compiled once per
// rule set (a template argument), so the branch is taken once per round,
// never per move. Everywhere else a place that differs asks the rule set's
// traits (RuleSetTraits: luck, draft, turn order, fog, rounds, time), not
// its name.
//
//   wl::Game wl1(map, wl::RuleSet::kWl1);
//   wl::ExecuteAttacks(s, q1, q2, rng, wl::IgnoreEvents(),
//                      wl::CombatMode::kOfficial, wl1.Rules());
//   if (wl::TraitsOf(view.Rules()).sequential_turns) ...
#ifndef WL_RULE_SET_H_
#define WL_RULE_SET_H_

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace wl {

enum class RuleSet : uint8_t {
  kWl2,     // Warlight AI Challenge 2 (2015), the default
  kWl1,     // Warlight AI Challenge 1 (2014, the "conquest" engine)
  kDingle,  // Adam Dingle's Java Warlight (../shared/dingle/spec.md)
};

// Every rule set, in the enum's order.
inline constexpr RuleSet kRuleSets[] = {RuleSet::kWl2, RuleSet::kWl1,
                                        RuleSet::kDingle};

// "wl2", "wl1", "dingle": the names flags, result files and the protocol's
// "settings rule_set" line use.
constexpr std::string_view RuleSetName(RuleSet rules) {
  switch (rules) {
    case RuleSet::kWl1:
      return "wl1";
    case RuleSet::kDingle:
      return "dingle";
    case RuleSet::kWl2:
      break;
  }
  return "wl2";
}

// How a battle's kills are decided: the rule set's luck.
enum class Luck : uint8_t {
  kMixed,    // WL2: 16% luck, the kill counts of spec section 6
  kDice,     // WL1: every army rolls, 100% luck (wl1 §7): no take is sure
  kRounded,  // Dingle: the expected kills, rounded (dingle §8)
};

// What the places that differ between the rule sets ask.
struct RuleSetTraits {
  Luck luck;
  // The draft is one request for kPreferredRegionCount regions at once
  // (wl1 §4.2), not alternating picks.
  bool draft_as_list;
  // The players play their turns one after the other, each order checked
  // against the board as it is then (dingle §4), not at once.
  bool sequential_turns;
  bool fog;  // a player sees only its regions and their neighbours
  // The round limit when the rule set fixes it (100: wl1 §11, dingle §9);
  // 0: max(60, 2.5 x regions), the settings line of WL2.
  int fixed_rounds;
  // An answer that comes after the request's time is read by the engine
  // as the next request's answer (wl1 §10.2), so it must not be written.
  bool late_answer_is_next;
  // A move sends at most min(armies at the round's start, armies now) - 1,
  // and a source down to 1 army moves nothing (wl1 §6.3 steps 5-7); WL2
  // counts the round's start only (spec section 6).
  bool clamp_to_current_armies;
};

// The traits of `rules`.
constexpr RuleSetTraits TraitsOf(RuleSet rules) {
  switch (rules) {
    case RuleSet::kWl1:
      return {Luck::kDice, true, false, true, 100, true, true};
    case RuleSet::kDingle:
      return {Luck::kRounded, false, true, false, 100, false, false};
    case RuleSet::kWl2:
      break;
  }
  return {Luck::kMixed, false, false, true, 0, false, false};
}

// The rule set a name stands for, or nullopt.
constexpr std::optional<RuleSet> ParseRuleSet(std::string_view name) {
  for (RuleSet r : kRuleSets) {
    if (RuleSetName(r) == name) return r;
  }
  return std::nullopt;
}

}  // namespace wl

#endif  // WL_RULE_SET_H_
