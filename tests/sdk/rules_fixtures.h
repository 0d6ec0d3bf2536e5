// rules_fixtures.h: what rules-core tests build games with: small maps,
// positions, queued moves, a recorder of executed events, and scripted dice
// and coins (the rules core draws through any type with NextDouble(); this
// one hands out a given sequence and fails the test on a draw beyond it).
//
//   Game game = LineGame(3);                          // 1-2-3, WL2 rules
//   State s = game.InitialState();
//   Put(s, 1, kP1, 10);
//   ScriptedRandom rng;
//   rng.Then(kCoinP1).Then(kHit, 3).Then(kMiss, 2);  // coin, then dice
//   ... ExecuteAttacks(..., rng) ...
//   EXPECT_EQ(rng.draws(), rng.size());              // every draw used
#ifndef WL_TESTS_SDK_RULES_FIXTURES_H_
#define WL_TESTS_SDK_RULES_FIXTURES_H_

#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "map.h"
#include "player.h"
#include "rule_set.h"
#include "rules.h"
#include "state.h"

namespace wl::testing {

constexpr Player kP1 = Player::kPlayer1;
constexpr Player kP2 = Player::kPlayer2;
constexpr Player kNeutral = Player::kNeutral;

// Scripted draws: a coin below 0.5 lets player1 go (spec section 6, wl1
// §6.1); a die below 0.6 is an attacker hit, below 0.7 a defender hit (the
// official engines' 60% and 70%).
constexpr double kCoinP1 = 0.25;
constexpr double kCoinP2 = 0.75;
constexpr double kHit = 0.0;
constexpr double kMiss = 0.99;

// Hands out a scripted sequence of doubles, counting every draw; a draw
// beyond the script fails the test. It has no CountBelow, so the rules core
// draws dice one NextDouble() at a time, as with JavaRandom.
class ScriptedRandom {
 public:
  ScriptedRandom& Then(double r, int times = 1) {
    for (int i = 0; i < times; ++i) script_.push_back(r);
    return *this;
  }
  double NextDouble() {
    ++draws_;
    if (next_ >= script_.size()) {
      ADD_FAILURE() << "draw #" << draws_ << " is beyond the script of "
                    << script_.size();
      return 0.5;
    }
    return script_[next_++];
  }
  int draws() const { return draws_; }
  int size() const { return static_cast<int>(script_.size()); }

 private:
  std::vector<double> script_;
  size_t next_ = 0;
  int draws_ = 0;
};

// A valid map: super region i + 1 holds supers[i] (in file order) with bonus
// bonuses[i] (0 if not given); links are added in the order given.
inline Map MakeMap(const std::vector<std::vector<int>>& supers,
                   const std::vector<std::pair<int, int>>& links,
                   const std::vector<int>& bonuses = {}) {
  Map map;
  for (size_t i = 0; i < supers.size(); ++i) {
    EXPECT_EQ(map.AddSuperRegion(static_cast<int>(i) + 1,
                                 i < bonuses.size() ? bonuses[i] : 0),
              "");
  }
  for (size_t i = 0; i < supers.size(); ++i) {
    for (int r : supers[i]) {
      EXPECT_EQ(map.AddRegion(r, static_cast<int>(i) + 1), "");
    }
  }
  for (const auto& [a, b] : links) EXPECT_EQ(map.AddLink(a, b), "");
  EXPECT_EQ(map.Validate(), "");
  return map;
}

// Regions 1..n in one super region, linked in a line 1-2-...-n.
inline Game LineGame(int n, RuleSet rules = RuleSet::kWl2) {
  std::vector<int> regions;
  std::vector<std::pair<int, int>> links;
  for (int r = 1; r <= n; ++r) {
    regions.push_back(r);
    if (r > 1) links.push_back({r - 1, r});
  }
  return Game(MakeMap({regions}, links), rules);
}

inline void Put(State& s, int region, Player p, int armies) {
  s.SetOwner(region, p);
  s.armies[region] = armies;
}

inline MoveQueue Queue(const Game& game, const State& s, Player p,
                       std::initializer_list<Move> moves) {
  MoveQueue q;
  for (const Move& m : moves) q.Push(QueueAttackTransfer(game, s, p, m));
  return q;
}

inline Move At(int from, int to, int armies) {
  return Move::AttackTransfer(from, to, armies);
}

// Records every event of ExecutePlacements / ExecuteAttacks.
struct Recorder {
  std::vector<QueuedMove> events;
  std::vector<State> after;
  void operator()(const QueuedMove& e, const State& s) {
    events.push_back(e);
    after.push_back(s);
  }
  // "p1 1-2" for each event, to compare execution orders.
  std::vector<std::string> Sequence() const {
    std::vector<std::string> out;
    for (const QueuedMove& e : events) {
      out.push_back(std::string(PlayerName(e.move.player)) + " " +
                    std::to_string(e.move.from) + "-" +
                    std::to_string(e.move.to));
    }
    return out;
  }
};

}  // namespace wl::testing

#endif  // WL_TESTS_SDK_RULES_FIXTURES_H_
