// rule_set.h: which official rules of the Warlight family a game follows.
//
// The rules core (rules.h) is one implementation; a RuleSet is the value it
// consults where the rule sets differ (the tables at the top of
// ../shared/spec/warlight2-engine.md and ../shared/wl1/spec.md section 0).
// A wl::Game carries its rule set; the per-move code is compiled once per
// rule set (a template argument), so the branch is taken once per round,
// never per move.
//
//   wl::Game wl1(map, wl::RuleSet::kWl1);
//   wl::ExecuteAttacks(s, q1, q2, rng, wl::IgnoreEvents(),
//                      wl::CombatMode::kOfficial, wl1.Rules());
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

// The rule set a name stands for, or nullopt.
constexpr std::optional<RuleSet> ParseRuleSet(std::string_view name) {
  for (RuleSet r : {RuleSet::kWl2, RuleSet::kWl1, RuleSet::kDingle}) {
    if (RuleSetName(r) == name) return r;
  }
  return std::nullopt;
}

}  // namespace wl

#endif  // WL_RULE_SET_H_
