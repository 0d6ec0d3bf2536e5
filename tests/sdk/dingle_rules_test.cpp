// Tests of dingle.h, Dingle's rules on the rules core (../shared/dingle/
// spec.md, "dingle §N"): combat and the spec's examples, setup with
// scripted draws, income, placement, move lists, the end of the game; every
// shared Dingle game regenerated event for event from its recorded answers;
// and invariants over thousands of random games.
#include <boost/json.hpp>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "dingle.h"
#include "gtest/gtest.h"
#include "java_random.h"
#include "random_play.h"
#include "rules_fixtures.h"
#include "shared_data.h"
#include "wl/map_json.h"

namespace wl::testing {
namespace {

namespace json = boost::json;
using dingle::Decision;
using dingle::Phase;
using dingle::Position;

// ---------------------------------------------------------------------------
// Fixtures.

// Hands out a scripted sequence of nextInt(bound), nextInt() and
// nextDouble() draws; a draw of another kind or bound, or beyond the
// script, fails the test.
class ScriptedDingleRandom {
 public:
  ScriptedDingleRandom& Int(int bound, int r) {
    script_.push_back({bound, r, 0});
    return *this;
  }
  ScriptedDingleRandom& Double(double u, int times = 1) {
    for (int i = 0; i < times; ++i) script_.push_back({-1, 0, u});
    return *this;
  }
  int32_t NextInt(int32_t bound) { return Take(bound).r; }
  int32_t NextInt() { return Take(0).r; }
  double NextDouble() { return Take(-1).u; }
  bool Done() const { return script_.empty(); }

 private:
  struct Draw {
    int bound;  // -1: nextDouble, 0: nextInt(), else nextInt(bound)
    int r;
    double u;
  };
  Draw Take(int bound) {
    if (script_.empty()) {
      ADD_FAILURE() << "a draw (bound " << bound << ") beyond the script";
      return {bound, 0, 0.5};
    }
    Draw d = script_.front();
    script_.pop_front();
    EXPECT_EQ(d.bound, bound) << "a draw of another kind or bound";
    return d;
  }
  std::deque<Draw> script_;
};

std::vector<int> Ids(RegionSet set) {
  std::vector<int> ids;
  for (int r : set) ids.push_back(r);
  return ids;
}

Map EarthMap() {
  absl::StatusOr<Map> map = tools::LoadMapFile(std::string(WL_SOURCE_DIR) +
                                               "/maps/dingle_earth.json");
  EXPECT_TRUE(map.ok());
  return map.ok() ? *map : Map();
}

const Game& Earth() {
  static const Game game(EarthMap(), RuleSet::kDingle);
  return game;
}

// Three continents of 3 regions (bonuses 1, 2, 3) on a line 1-2-...-9.
Game Line9() {
  std::vector<std::pair<int, int>> links;
  for (int r = 1; r < 9; ++r) links.push_back({r, r + 1});
  return Game(MakeMap({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, links, {1, 2, 3}),
              RuleSet::kDingle);
}

// A position on `game` (every region neutral with 2 armies) in `round`,
// player `turn` to play `phase`.
Position At(const Game& game, Player turn, Phase phase, int round = 1) {
  Position pos;
  pos.state = game.InitialState();
  pos.round = round;
  pos.turn = turn;
  pos.phase = phase;
  return pos;
}

// Every event as a short string: "ignored 1 NotOwned", "clamped 7 5",
// "placed 2 5 7" (region, armies, region after), "rejected 1-2 3 ...",
// "transfer 1-2 3", "attack 1-2 A D killed d a conquered".
std::string Why(Illegal why) {
  switch (why) {
    case Illegal::kPlaceNotOwned:
      return "NotOwned";
    case Illegal::kPlaceLessThanOne:
      return "LessThanOne";
    case Illegal::kPlaceNoArmiesLeft:
      return "NoArmiesLeft";
    case Illegal::kMoveNotOwned:
      return "MoveNotOwned";
    case Illegal::kMoveNotNeighbor:
      return "NotNeighbor";
    case Illegal::kMoveLessThanOne:
      return "MoveLessThanOne";
    case Illegal::kMoveNoArmiesLeft:
      return "TooMany";
    case Illegal::kMoveRepeatedPair:
      return "Repeated";
    default:
      return "?";
  }
}

struct EventLog : dingle::NoEvents {
  std::vector<std::string> events;
  void Add(const std::string& e) { events.push_back(e); }
  static std::string Pair(const Move& m) {
    return std::to_string(m.from) + "-" + std::to_string(m.to);
  }
  void PlaceIgnored(const Move& o, Illegal why) {
    Add("ignored " + std::to_string(o.from) + " " + Why(why));
  }
  void PlaceClamped(const Move& o, int available) {
    Add("clamped " + std::to_string(o.armies) + " " +
        std::to_string(available));
  }
  void Placed(const Move& m, const State& s) {
    Add("placed " + std::to_string(m.from) + " " + std::to_string(m.armies) +
        " " + std::to_string(s.armies[m.from]));
  }
  void MoveRejected(const Move& o, Illegal why) {
    Add("rejected " + Pair(o) + " " + Why(why));
  }
  void Transferred(const Move& m, const State&) {
    Add("transfer " + Pair(m) + " " + std::to_string(m.armies));
  }
  void Attacked(const dingle::AttackReport& a, const State&) {
    Add("attack " + Pair(a.move) + " " + std::to_string(a.move.armies) + " " +
        std::to_string(a.defenders) + " killed " +
        std::to_string(a.losses.defenders_killed) + " " +
        std::to_string(a.losses.attackers_killed) +
        (a.losses.conquered ? " conquered" : " repelled"));
  }
};

// ---------------------------------------------------------------------------
// Combat (dingle §8).

TEST(DingleCombatTest, RoundsUpWhenTheDrawIsBelowTheFraction) {
  EXPECT_EQ(DingleRound(3 * 0.6, 0.79), 2);  // 1.7999999999999998
  EXPECT_EQ(DingleRound(3 * 0.6, 0.8), 1);
  EXPECT_EQ(DingleRound(3.0, 0.0), 3);  // integral: the draw changes nothing
  EXPECT_EQ(DingleRound(3.0, 0.999), 3);
  EXPECT_EQ(DingleRound(0.0, 0.0), 0);
}

// 90 * 0.7 is 62.99999999999999 in doubles, not 63 (dingle §8).
TEST(DingleCombatTest, NinetyTimesSevenTenthsIsJavasDouble) {
  EXPECT_EQ(DingleRound(90 * 0.7, 0.9999999999999928), 63);
  EXPECT_EQ(DingleRound(90 * 0.7, 0.9999999999999929), 62);
  EXPECT_EQ(DingleCombat(100, 90, 0.0, 0.9999999999999929).attackers_killed,
            62);
  EXPECT_EQ(DingleCombat(100, 90, 0.0, 0.5).attackers_killed, 63);
}

// The probability of conquest over a 1000 x 1000 grid of draw pairs.
double ConquestRate(int a, int d) {
  int conquered = 0;
  for (int i = 0; i < 1000; ++i) {
    for (int j = 0; j < 1000; ++j) {
      conquered +=
          DingleCombat(a, d, (i + 0.5) / 1000, (j + 0.5) / 1000).conquered;
    }
  }
  return conquered / 1e6;
}

TEST(DingleCombatTest, TheSpecsExamples) {
  EXPECT_DOUBLE_EQ(ConquestRate(3, 2), 0.8);
  EXPECT_DOUBLE_EQ(ConquestRate(2, 2), 0.12);
  EXPECT_DOUBLE_EQ(ConquestRate(1, 1), 0.18);
  EXPECT_DOUBLE_EQ(ConquestRate(5, 3), 1.0);
  // 3 vs 2: 1 or 2 survivors, R(1.4) = 2 with p 0.4.
  EXPECT_EQ(DingleCombat(3, 2, 0.5, 0.39).attackers_killed, 2);
  EXPECT_EQ(DingleCombat(3, 2, 0.5, 0.41).attackers_killed, 1);
  // 5 vs 3: R(2.0999999999999996) = 3 with p ~0.1.
  EXPECT_EQ(DingleCombat(5, 3, 0.9, 0.0999).attackers_killed, 3);
  EXPECT_EQ(DingleCombat(5, 3, 0.9, 0.1).attackers_killed, 2);
  EXPECT_TRUE(DingleCombat(5, 3, 0.9, 0.0).conquered);
}

TEST(DingleCombatTest, BothWipedOutLeavesTheDefenderOne) {
  const Losses l = DingleCombat(2, 2, 0.1, 0.1);  // R(1.2) = 2, R(1.4) = 2
  EXPECT_EQ(l.attackers_killed, 2);
  EXPECT_EQ(l.defenders_killed, 1);
  EXPECT_FALSE(l.conquered);
  // Kills are capped at the other side's size.
  const Losses big = DingleCombat(10, 1, 0.9, 0.9);
  EXPECT_EQ(big.defenders_killed, 1);
  EXPECT_EQ(big.attackers_killed, 0);
  EXPECT_TRUE(big.conquered);
}

TEST(DingleCombatTest, MostLikelyIsMathRoundWithoutDraws) {
  Losses l = DingleMostLikelyCombat(3, 2);  // round(1.8) = 2, round(1.4) = 1
  EXPECT_TRUE(l.conquered);
  EXPECT_EQ(l.attackers_killed, 1);
  l = DingleMostLikelyCombat(2, 2);  // round(1.2) = 1
  EXPECT_FALSE(l.conquered);
  EXPECT_EQ(l.defenders_killed, 1);
  l = DingleMostLikelyCombat(1, 1);  // 1 and 1: the defender keeps 1
  EXPECT_FALSE(l.conquered);
  EXPECT_EQ(l.defenders_killed, 0);
  EXPECT_EQ(l.attackers_killed, 1);
  l = DingleMostLikelyCombat(5, 2);  // round(3.0), round(1.4): half up
  EXPECT_TRUE(l.conquered);
  EXPECT_EQ(l.attackers_killed, 1);
  EXPECT_EQ(DingleMostLikelyCombat(10, 5).attackers_killed, 4);  // 3.5 -> 4
}

// ---------------------------------------------------------------------------
// Setup (dingle §3).

// The setup of g000 (seed 1), from its trace: 8 draws, p1 1 8 31 40, p2 16
// 19 24 36.
TEST(DingleSetupTest, Seed1GivesTheRecordedStarts) {
  JavaRandom rng(1);
  dingle::Setup setup = dingle::SetUp(Earth(), rng);
  EXPECT_EQ(setup.error, "");
  const Position& pos = setup.position;
  const std::vector<int> p1 = Ids(pos.state.owned[0]);
  const std::vector<int> p2 = Ids(pos.state.owned[1]);
  EXPECT_EQ(p1, (std::vector<int>{1, 8, 31, 40}));
  EXPECT_EQ(p2, (std::vector<int>{16, 19, 24, 36}));
  EXPECT_EQ(setup.pickable.size(), 34u);
  EXPECT_EQ(pos.round, 1);
  EXPECT_EQ(pos.turn, kP1);
  EXPECT_EQ(pos.phase, Phase::kPlaceArmies);
  for (int r = 1; r <= 42; ++r) EXPECT_EQ(pos.state.armies[r], 2);
  // The next draw is the first agent call's clone draw (g000).
  EXPECT_EQ(rng.NextInt(), -138487339);
}

// Pass 1's neighbour rule, the continent rule and pass 2, draw by draw
// (the bounds are the sizes of the `possible` lists).
TEST(DingleSetupTest, AutomaticDistributionTwoPasses) {
  const Game game = Line9();
  ScriptedDingleRandom rng;
  rng.Int(9, 0)    // p1: all nine -> 1
      .Int(7, 0)   // p2: not 2 (next to p1's 1) -> 3
      .Int(5, 4)   // p1: 5 6 7 8 9 (2 and 4 touch p2's 3) -> 9
      .Int(4, 0)   // p2: 4 5 6 7 (2, 8 touch p1) -> 4
      .Int(3, 2)   // p1: 6 7 8 -> 8 (continent 3 now holds 2 of p1's)
      .Int(2, 1)   // p2: 5 6 -> 6 (continent 2 now holds 2 of p2's)
      .Int(2, 1)   // p1: pass 1 empty; pass 2: 2 5 (not 7) -> 5
      .Int(2, 0);  // p2: pass 1 empty; pass 2: 2 7 -> 2
  dingle::Setup setup = dingle::SetUp(game, rng);
  EXPECT_TRUE(rng.Done());
  const State& s = setup.position.state;
  const std::vector<int> p1 = Ids(s.owned[0]);
  const std::vector<int> p2 = Ids(s.owned[1]);
  EXPECT_EQ(p1, (std::vector<int>{1, 5, 8, 9}));
  EXPECT_EQ(p2, (std::vector<int>{2, 3, 4, 6}));
  EXPECT_EQ(setup.pickable, std::vector<int>{7});
}

TEST(DingleSetupTest, NoPossibleRegionIsAnError) {
  // One continent: at most 2 regions each, but 4 are due.
  const Game game(
      MakeMap({{1, 2, 3, 4, 5, 6}}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}}),
      RuleSet::kDingle);
  FastRandom rng(1);
  EXPECT_EQ(dingle::SetUp(game, rng).error, "no possible starting region");
}

TEST(DingleSetupTest, ExtraArmiesPerPlayer) {
  JavaRandom rng(1);
  dingle::Options options;
  options.extra[0] = 2;
  const dingle::Setup setup = dingle::SetUp(Earth(), rng, options);
  const State& s = setup.position.state;
  for (int r : s.owned[0]) EXPECT_EQ(s.armies[r], 4);
  for (int r : s.owned[1]) EXPECT_EQ(s.armies[r], 2);
}

// -warlords: one region per continent, redrawn while it touches a listed
// one; then S = 1 each here, drawn from the 2.
TEST(DingleSetupTest, WarlordsRedrawsNeighbours) {
  const Game game(MakeMap({{1, 2}, {3, 4}}, {{1, 2}, {2, 3}, {3, 4}}),
                  RuleSet::kDingle);
  ScriptedDingleRandom rng;
  rng.Int(2, 1)    // continent 1: its 2nd region, 2
      .Int(2, 0)   // continent 2: 3 touches 2, drawn again
      .Int(2, 1)   // -> 4
      .Int(2, 1)   // p1 from 2 4 -> 4
      .Int(1, 0);  // p2 from 2 -> 2 (nextInt(1) still draws)
  dingle::Options options;
  options.warlords = true;
  dingle::Setup setup = dingle::SetUp(game, rng, options);
  EXPECT_TRUE(rng.Done());
  EXPECT_EQ(setup.starts, 1);
  EXPECT_EQ(setup.position.state.Owner(4), kP1);
  EXPECT_EQ(setup.position.state.Owner(2), kP2);
  EXPECT_TRUE(setup.pickable.empty());
}

TEST(DingleSetupTest, ManualDraftAlternatesAndEndsAtS) {
  const Game game = Line9();
  ScriptedDingleRandom none;  // the manual setup draws nothing
  dingle::Options options;
  options.manual = true;
  options.extra[1] = 1;
  dingle::Setup setup = dingle::SetUp(game, none, options);
  Position& pos = setup.position;
  EXPECT_EQ(pos.round, 0);
  EXPECT_EQ(pos.phase, Phase::kStartingRegions);
  EXPECT_TRUE(pos.state.owned[0].Empty() && pos.state.owned[1].Empty());
  EXPECT_EQ(setup.pickable.size(), 9u);
  // Adjacent picks and 3 on one continent are fine; a taken or unknown
  // region is not pickable and changes nothing.
  const int picks[] = {1, 2, 3, 4, 5, 6, 7};
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(pos.turn, i % 2 == 0 ? kP1 : kP2);
    EXPECT_EQ(dingle::Pick(setup, picks[i]), dingle::PickResult::kPicked);
    EXPECT_EQ(dingle::Pick(setup, picks[i]), dingle::PickResult::kNotPickable);
  }
  EXPECT_EQ(dingle::Pick(setup, 42), dingle::PickResult::kNotPickable);
  EXPECT_EQ(pos.turn, kP2);
  EXPECT_EQ(dingle::Pick(setup, 9), dingle::PickResult::kDraftOver);
  EXPECT_EQ(pos.round, 1);
  EXPECT_EQ(pos.turn, kP1);
  EXPECT_EQ(pos.phase, Phase::kPlaceArmies);
  EXPECT_EQ(setup.pickable, std::vector<int>{8});
  EXPECT_EQ(pos.state.armies[1], 2);
  EXPECT_EQ(pos.state.armies[2], 3);  // player 2's +1
  EXPECT_TRUE(none.Done());
}

// ---------------------------------------------------------------------------
// Income (dingle §5) and placement (dingle §6).

TEST(DingleIncomeTest, PlayerOneGetsThreeInRoundOne) {
  const Game game = Line9();
  State s = game.InitialState();
  for (int r : {1, 2, 3}) Put(s, r, kP1, 2);  // continent 1, bonus 1
  for (int r : {4, 5, 6}) Put(s, r, kP2, 2);  // continent 2, bonus 2
  EXPECT_EQ(dingle::Income(game, s, kP1, 1), 3 + 1);
  EXPECT_EQ(dingle::Income(game, s, kP2, 1), 5 + 2);
  EXPECT_EQ(dingle::Income(game, s, kP1, 2), 5 + 1);
  EXPECT_EQ(dingle::Income(game, s, kP2, 2), 5 + 2);
}

TEST(DinglePlaceTest, CheckOrderClampAndMessagesFirst) {
  const Game game = Line9();
  Position pos = At(game, kP1, Phase::kPlaceArmies, 2);  // income 5
  Put(pos.state, 1, kP1, 2);
  Put(pos.state, 5, kP1, 2);
  Put(pos.state, 9, kP2, 2);
  const Move orders[] = {Move::Place(9, 1), Move::Place(1, 0),
                         Move::Place(5, 2), Move::Place(1, 7),
                         Move::Place(1, 1), Move::Place(42, 1),
                         Move::Place(9, -3)};
  EventLog log;
  dingle::Place(game, pos, orders, 7, log);
  EXPECT_EQ(log.events,
            (std::vector<std::string>{
                "ignored 9 NotOwned", "ignored 1 LessThanOne", "clamped 7 3",
                "ignored 1 NoArmiesLeft", "ignored 42 NotOwned",
                "ignored 9 NotOwned", "placed 5 2 4", "placed 1 3 5"}));
  EXPECT_EQ(pos.state.armies[1], 5);
  EXPECT_EQ(pos.state.armies[5], 4);
  EXPECT_EQ(pos.phase, Phase::kAttackTransfer);
  EXPECT_EQ(pos.turn, kP1);
}

TEST(DinglePlaceTest, SeveralOrdersOnOneRegionAndLeftoversLost) {
  const Game game = Line9();
  Position pos = At(game, kP2, Phase::kPlaceArmies);  // player 2: 5 in round 1
  Put(pos.state, 4, kP2, 2);
  dingle::Place(game, pos, {Move::Place(4, 1), Move::Place(4, 2)});
  EXPECT_EQ(pos.state.armies[4], 5);
  Position p1 = At(game, kP1, Phase::kPlaceArmies);  // player 1: 3 in round 1
  Put(p1.state, 1, kP1, 2);
  EventLog log;
  dingle::Place(game, p1, {Move::Place(1, 5)}, log);
  EXPECT_EQ(log.events,
            (std::vector<std::string>{"clamped 5 3", "placed 1 3 5"}));
}

// ---------------------------------------------------------------------------
// Moves (dingle §7, §8, §9).

TEST(DingleMovesTest, ValidationChecksInOrderFirstFailureWins) {
  const Game game = Line9();
  Position pos = At(game, kP1, Phase::kAttackTransfer);
  Put(pos.state, 1, kP1, 5);
  Put(pos.state, 2, kP1, 2);
  Put(pos.state, 5, kP2, 3);
  ScriptedDingleRandom rng;  // nothing valid attacks
  EventLog log;
  const Move orders[] = {
      Move::AttackTransfer(5, 4, 0),    // 1: not owned (also < 1)
      Move::AttackTransfer(1, 3, 0),    // 2: not a neighbour (also < 1)
      Move::AttackTransfer(1, 2, 0),    // 3: < 1
      Move::AttackTransfer(1, 2, 5),    // 4: 0 + 5 >= 5, rejected whole
      Move::AttackTransfer(1, 2, 3),    // 5: same pair as invalid orders
      Move::AttackTransfer(2, 1, 1),    // valid transfer
      Move::AttackTransfer(2, 3, 1),    // 4: used 1 + 1 >= 2
      Move::AttackTransfer(42, 1, 1)};  // 1: not on the map
  EXPECT_EQ(dingle::AttackTransfer(game, pos, orders, 8, rng, log), 1);
  EXPECT_EQ(log.events,
            (std::vector<std::string>{
                "rejected 5-4 MoveNotOwned", "rejected 1-3 NotNeighbor",
                "rejected 1-2 MoveLessThanOne", "rejected 1-2 TooMany",
                "rejected 1-2 Repeated", "rejected 2-3 TooMany",
                "rejected 42-1 MoveNotOwned", "transfer 2-1 1"}));
  EXPECT_EQ(pos.state.armies[1], 6);
  EXPECT_EQ(pos.state.armies[2], 1);
  EXPECT_TRUE(rng.Done());
}

// Validation sees the state after placement: armies arriving during the
// turn cannot move on, a region conquered this turn cannot be moved out of,
// and an attack into it later in the list is a transfer.
TEST(DingleMovesTest, UpFrontValidationAndTransferDecidedAtExecution) {
  const Game game = Line9();
  Position pos = At(game, kP1, Phase::kAttackTransfer);
  Put(pos.state, 3, kP1, 6);
  Put(pos.state, 5, kP1, 2);
  ScriptedDingleRandom rng;
  rng.Double(0.5, 2);  // 5 vs 2 on neutral 4: R(3.0) = 3, R(1.4) = 1
  EventLog log;
  const Move orders[] = {
      Move::AttackTransfer(3, 4, 5),   // conquers 4, 4 survive
      Move::AttackTransfer(4, 3, 1),   // 4 was not owned at validation
      Move::AttackTransfer(5, 4, 1),   // into 4, now player 1's: transfer
      Move::AttackTransfer(3, 2, 1)};  // 3 had 6: 5 + 1 >= 6
  EXPECT_EQ(dingle::AttackTransfer(game, pos, orders, 4, rng, log), 2);
  EXPECT_EQ(log.events,
            (std::vector<std::string>{
                "rejected 4-3 MoveNotOwned", "rejected 3-2 TooMany",
                "attack 3-4 5 2 killed 2 1 conquered", "transfer 5-4 1"}));
  EXPECT_EQ(pos.state.Owner(4), kP1);
  EXPECT_EQ(pos.state.armies[3], 1);
  EXPECT_EQ(pos.state.armies[4], 5);
  EXPECT_EQ(pos.state.armies[5], 1);
  EXPECT_TRUE(rng.Done());
  EXPECT_EQ(pos.turn, kP2);
  EXPECT_EQ(pos.phase, Phase::kPlaceArmies);
  EXPECT_EQ(pos.round, 1);
}

// Two draws per attack, A * 0.6 first, also when both products are whole;
// failure costs each side its killed count.
TEST(DingleMovesTest, TwoDrawsPerAttackInOrder) {
  const Game game = Line9();
  Position pos = At(game, kP2, Phase::kAttackTransfer);
  Put(pos.state, 1, kP1, 11);
  Put(pos.state, 2, kP2, 11);
  Put(pos.state, 3, kP2, 6);
  ScriptedDingleRandom rng;
  rng.Double(0.99).Double(0.0);  // 2->1, 10 vs 11: R(6.0) 6, R(7.7) 8
  rng.Double(0.0).Double(0.99);  // 3->4, 5 vs 2: 3 (cap 2), R(1.4) 1
  EventLog log;
  dingle::AttackTransfer(
      game, pos,
      {Move::AttackTransfer(2, 1, 10), Move::AttackTransfer(3, 4, 5)}, rng,
      log);
  EXPECT_EQ(log.events,
            (std::vector<std::string>{"attack 2-1 10 11 killed 6 8 repelled",
                                      "attack 3-4 5 2 killed 2 1 conquered"}));
  EXPECT_EQ(pos.state.armies[1], 5);
  EXPECT_EQ(pos.state.armies[2], 3);
  EXPECT_EQ(pos.state.armies[4], 4);
  EXPECT_TRUE(rng.Done());
  EXPECT_EQ(pos.turn, kP1);
  EXPECT_EQ(pos.round, 2);  // player 2's turn ended the round
}

TEST(DingleMovesTest, MostLikelyModeDrawsNothing) {
  const Game game = Line9();
  Position pos = At(game, kP1, Phase::kAttackTransfer);
  Put(pos.state, 1, kP1, 4);
  Put(pos.state, 2, kP2, 2);
  ScriptedDingleRandom rng;  // empty: any draw fails
  dingle::AttackTransfer(game, pos, {Move::AttackTransfer(1, 2, 3)}, rng,
                         dingle::NoEvents(), CombatMode::kExpected);
  EXPECT_EQ(pos.state.Owner(2), kP1);
  EXPECT_EQ(pos.state.armies[2], 2);  // 3 - round(1.4)
}

// Losing the last region ends the game at once, mid-list, in either
// player's turn; round, turn and phase stay.
TEST(DingleMovesTest, EliminationEndsTheGameMidList) {
  const Game game = Line9();
  Position pos = At(game, kP2, Phase::kAttackTransfer, 7);
  Put(pos.state, 1, kP1, 1);
  Put(pos.state, 2, kP2, 9);
  Put(pos.state, 4, kP2, 9);
  ScriptedDingleRandom rng;
  rng.Double(0.5, 2);  // 4 vs 1: conquered
  EventLog log;
  EXPECT_EQ(dingle::AttackTransfer(
                game, pos,
                {Move::AttackTransfer(2, 1, 4), Move::AttackTransfer(4, 5, 4)},
                rng, log),
            1);
  EXPECT_TRUE(rng.Done());
  EXPECT_EQ(log.events.size(), 1u);
  EXPECT_TRUE(pos.Over());
  EXPECT_EQ(pos.winner, kP2);
  EXPECT_EQ(pos.decided_by, Decision::kElimination);
  EXPECT_EQ(pos.round, 7);
  EXPECT_EQ(pos.turn, kP2);
  EXPECT_EQ(pos.phase, Phase::kAttackTransfer);
}

// After player 2's moves of the last round: more regions, then more
// armies, and an exact tie goes to player 2 (dingle §9).
TEST(DingleEndTest, RoundLimitRanking) {
  const Game game = Line9();
  struct Case {
    int p1_regions, p1_armies, p2_regions, p2_armies;
    Player winner;
    Decision decided;
  };
  const Case cases[] = {{2, 2, 1, 50, kP1, Decision::kRegions},
                        {1, 9, 2, 2, kP2, Decision::kRegions},
                        {1, 9, 1, 8, kP1, Decision::kArmies},
                        {1, 8, 1, 9, kP2, Decision::kArmies},
                        {2, 7, 2, 7, kP2, Decision::kTie}};
  for (const Case& c : cases) {
    Position pos = At(game, kP2, Phase::kAttackTransfer, 5);
    pos.max_rounds = 5;
    for (int i = 0; i < c.p1_regions; ++i) Put(pos.state, 1 + i, kP1, 1);
    for (int i = 0; i < c.p2_regions; ++i) Put(pos.state, 9 - i, kP2, 1);
    pos.state.armies[1] = c.p1_armies - (c.p1_regions - 1);
    pos.state.armies[9] = c.p2_armies - (c.p2_regions - 1);
    ScriptedDingleRandom rng;
    dingle::AttackTransfer(game, pos, nullptr, 0, rng);
    EXPECT_EQ(pos.winner, c.winner);
    EXPECT_EQ(pos.decided_by, c.decided);
    EXPECT_EQ(pos.round, 6);
    EXPECT_EQ(pos.turn, kP1);
    EXPECT_EQ(pos.phase, Phase::kPlaceArmies);
  }
  // Player 1's turn of the last round does not end the game.
  Position pos = At(game, kP1, Phase::kAttackTransfer, 5);
  pos.max_rounds = 5;
  Put(pos.state, 1, kP1, 1);
  Put(pos.state, 9, kP2, 1);
  ScriptedDingleRandom rng;
  dingle::AttackTransfer(game, pos, nullptr, 0, rng);
  EXPECT_FALSE(pos.Over());
  EXPECT_EQ(Earth().MaxRounds(), 100);
  EXPECT_EQ(dingle::Options().max_rounds, 100);
}

// ---------------------------------------------------------------------------
// Random games: invariants at every phase.

// Checks what must hold after every event of random games.
struct InvariantCheck : dingle::NoEvents {
  int placed = 0;
  int64_t left_from[kRegionSlots] = {};
  void Placed(const Move& m, const State&) { placed += m.armies; }
  void Transferred(const Move& m, const State&) { Spend(m); }
  void Attacked(const dingle::AttackReport& a, const State& s) {
    Spend(a.move);
    EXPECT_NE(a.defender, a.move.player);
    EXPECT_GE(s.armies[a.move.to], 1);
    EXPECT_EQ(s.Owner(a.move.to) == a.move.player, a.losses.conquered);
  }
  void Spend(const Move& m) { left_from[m.from] += m.armies; }
};

int64_t ArmiesOf(const State& s, Player p) {
  int64_t total = 0;
  for (int r : s.Owned(p)) total += s.armies[r];
  return total;
}

void CheckState(const Game& game, const Position& pos) {
  const State& s = pos.state;
  ASSERT_TRUE((s.owned[0] & s.owned[1]).Empty());
  for (int r : game.GetMap().RegionIds()) ASSERT_GE(s.armies[r], 1) << r;
  ASSERT_GE(pos.round, 1);
  ASSERT_LE(pos.round, pos.max_rounds + 1);
}

// The income from its definition (dingle §5), for the check.
int NaiveIncome(const Game& game, const State& s, Player p, int round) {
  int income = p == kP1 && round <= 1 ? 3 : 5;
  for (const Map::SuperRegion& c : game.GetMap().SuperRegions()) {
    bool all = true;
    for (int r : c.regions) all = all && s.Owner(r) == p;
    if (all) income += c.bonus;
  }
  return income;
}

template <typename Rng>
void PlayCheckedGame(const Game& game, uint64_t seed, double illegal_rate) {
  Rng rng(seed);
  dingle::Setup setup = dingle::SetUp(game, rng);
  ASSERT_EQ(setup.error, "");
  Position& pos = setup.position;
  DingleOrders orders;
  while (!pos.Over()) {
    CheckState(game, pos);
    const Player p = pos.turn;
    const Position before = pos;
    InvariantCheck check;
    if (pos.phase == Phase::kPlaceArmies) {
      const int income = dingle::Income(game, pos);
      ASSERT_EQ(income, NaiveIncome(game, pos.state, p, pos.round));
      RandomDinglePlacements(game, pos, rng, orders, illegal_rate);
      dingle::Place(game, pos, orders.items, orders.size, check);
      ASSERT_LE(check.placed, income);
      ASSERT_EQ(ArmiesOf(pos.state, p),
                ArmiesOf(before.state, p) + check.placed);
      ASSERT_EQ(pos.phase, Phase::kAttackTransfer);
    } else {
      RandomDingleMoves(game, pos, rng, orders, illegal_rate);
      dingle::AttackTransfer(game, pos, orders.items, orders.size, rng, check);
      for (int r : before.state.Owned(p)) {
        ASSERT_LT(check.left_from[r], before.state.armies[r]);
      }
      ASSERT_LE(ArmiesOf(pos.state, Opponent(p)),
                ArmiesOf(before.state, Opponent(p)));
      if (!pos.Over()) {
        ASSERT_EQ(pos.turn, Opponent(p));
        ASSERT_EQ(pos.round, before.round + (p == kP2));
      }
    }
  }
  CheckState(game, pos);
  const Player loser = Opponent(pos.winner);
  if (pos.decided_by == Decision::kElimination) {
    ASSERT_TRUE(pos.state.Owned(loser).Empty());
    ASSERT_LE(pos.round, 100);
  } else {
    ASSERT_EQ(pos.round, 101);
    const int w = pos.state.Owned(pos.winner).Count();
    const int l = pos.state.Owned(loser).Count();
    ASSERT_GE(w, l);
  }
}

TEST(DingleSimulationTest, InvariantsOverThousandsOfRandomGames) {
  const Game& game = Earth();
  for (uint64_t seed = 1; seed <= 2000; ++seed) {
    PlayCheckedGame<FastRandom>(game, seed, seed % 2 ? 0.0 : 0.15);
    if (::testing::Test::HasFatalFailure()) FAIL() << "seed " << seed;
  }
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    PlayCheckedGame<JavaRandom>(game, seed, 0.0);
    if (::testing::Test::HasFatalFailure()) FAIL() << "java seed " << seed;
  }
}

TEST(DingleSimulationTest, RandomPlayIsDeterministicAndEndsByTheLimit) {
  int limit = 0, elimination = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    FastRandom a(seed), b(seed);
    dingle::Setup x = dingle::SetUp(Earth(), a);
    dingle::Setup y = dingle::SetUp(Earth(), b);
    EXPECT_EQ(PlayRandomDingleGame(Earth(), x.position, a),
              PlayRandomDingleGame(Earth(), y.position, b));
    EXPECT_EQ(x.position.state, y.position.state);
    (x.position.decided_by == Decision::kElimination ? elimination : limit)++;
  }
  EXPECT_GT(limit, 0);  // RandomAgent games mostly reach the limit
  EXPECT_GT(elimination + limit, 0);
}

// ---------------------------------------------------------------------------
// The shared Dingle games (../shared/dingle/conformance): each regenerated
// from its seed and recorded answers; every other event must come out the
// same. Events are compared as short canonical lines.

std::string Ints(const json::array& a) {
  std::string out;
  for (const json::value& v : a)
    out += " " + std::to_string(v.to_number<int64_t>());
  return out;
}

// The generator, recording each draw as the trace writes it.
struct RecordingRandom {
  JavaRandom rng;
  std::vector<std::string> draws;
  explicit RecordingRandom(int64_t seed) : rng(seed) {}
  int32_t NextInt(int32_t bound) {
    const int32_t r = rng.NextInt(bound);
    draws.push_back("nextInt " + std::to_string(bound) + " " +
                    std::to_string(r));
    return r;
  }
  int32_t NextInt() {
    const int32_t r = rng.NextInt();
    draws.push_back("nextInt " + std::to_string(r));
    return r;
  }
  double NextDouble() {
    const double u = rng.NextDouble();
    draws.push_back("nextDouble " + std::to_string(static_cast<int64_t>(
                                        u * 9007199254740992.0)));
    return u;
  }
};

std::string Draw(const json::object& d) {
  std::string out = std::string(d.at("m").as_string().c_str());
  if (out == "nextDouble")
    return out + " " + std::to_string(d.at("k53").to_number<int64_t>());
  if (d.contains("bound"))
    out += " " + std::to_string(d.at("bound").to_number<int>());
  return out + " " + std::to_string(d.at("r").to_number<int64_t>());
}

std::string Draws(const json::array& a) {
  std::string out;
  for (const json::value& v : a) out += " " + Draw(v.as_object());
  return out;
}

// A Dingle message as "says <kind>" (texts: dingle §6, §7).
std::string Says(const std::string& text) {
  int wanted = 0, available = 0;
  if (std::sscanf(text.c_str(),
                  "warning: move wants to place %d armies, but only %d are",
                  &wanted, &available) == 2) {
    return "says clamp " + std::to_string(wanted) + " " +
           std::to_string(available);
  }
  const char* kinds[][2] = {
      {"can't place armies on unowned region", "NotOwned"},
      {"cannot place less than 1 army", "LessThanOne"},
      {"no armies left to place", "NoArmiesLeft"},
      {"attack/transfer from unowned region", "MoveNotOwned"},
      {"to region that is not a neighbor", "NotNeighbor"},
      {"cannot use less than 1 army", "MoveLessThanOne"},
      {"requests more armies than are available", "TooMany"},
      {"already moved between same regions", "Repeated"}};
  for (const auto& k : kinds) {
    if (text.find(k[0]) != std::string::npos) {
      return "says " + text.substr(text.find("player ") + 7, 1) + " " + k[1];
    }
  }
  return "says ? " + text;
}

std::string Field(const json::object& e, const char* key) {
  const json::value& v = e.at(key);
  if (v.is_string()) return std::string(v.as_string().c_str());
  if (v.is_array()) return Ints(v.as_array());
  return std::to_string(v.to_number<int64_t>());
}

std::string Fields(const json::object& e,
                   std::initializer_list<const char*> keys) {
  std::string out(e.at("ev").as_string().c_str());
  for (const char* k : keys) out += " " + Field(e, k);
  return out;
}

// A trace line in canonical form; "" for the recorded answers.
std::string Canonical(const json::object& e) {
  const std::string ev(e.at("ev").as_string().c_str());
  if (ev == "setup") {
    return Fields(e, {"lcg_steps", "pickable", "round", "turn", "phase",
                      "owner", "armies"}) +
           Draws(e.at("draws").as_array());
  }
  if (ev == "call") {
    return Fields(e, {"round", "player", "phase"}) +
           Draws(e.at("clone_draw").as_array());
  }
  if (ev == "pick" || ev == "move_orders") return "";
  if (ev == "place_orders") return Fields(e, {"player", "income"});
  if (ev == "engine_says") return Says(Field(e, "text"));
  if (ev == "place")
    return Fields(e, {"player", "region", "armies", "region_armies_after"});
  if (ev == "transfer") {
    return Fields(e,
                  {"player", "from", "to", "armies", "from_after", "to_after"});
  }
  if (ev == "attack") {
    return Fields(e, {"player", "from", "to", "armies", "defenders",
                      "defender_owner", "defenders_destroyed",
                      "attackers_destroyed", "result", "from_after", "to_after",
                      "to_owner_after"}) +
           Draws(e.at("draws").as_array());
  }
  if (ev == "state") {
    std::string out =
        Fields(e, {"after", "round", "turn", "phase", "owner", "armies"});
    if (e.contains("executed")) out += " executed " + Field(e, "executed");
    if (e.contains("pickable")) out += " pickable" + Field(e, "pickable");
    return out;
  }
  if (ev == "game_over") {
    return Fields(e, {"winner", "decided_by", "round", "regions", "armies"});
  }
  if (ev == "round") return Fields(e, {"round"});
  return Fields(e, {});  // regions_chosen
}

const char* PhaseName(Phase phase) {
  return phase == Phase::kStartingRegions ? "STARTING_REGIONS"
         : phase == Phase::kPlaceArmies   ? "PLACE_ARMIES"
                                          : "ATTACK_TRANSFER";
}

std::string Num(int64_t v) { return " " + std::to_string(v); }

// The owner and armies arrays of regions 1..42.
std::string Board(const State& s) {
  std::string owner, armies;
  for (int r = 1; r <= 42; ++r) {
    owner += Num(static_cast<int>(s.Owner(r)));
    armies += Num(s.armies[r]);
  }
  return owner + armies;
}

std::string StateLine(const Position& pos, const char* after) {
  return std::string("state ") + after + Num(pos.round) +
         Num(static_cast<int>(pos.turn)) + " " + PhaseName(pos.phase) +
         Board(pos.state);
}

// The core's events as canonical lines, as a Dingle trace has them.
struct TraceEvents : dingle::NoEvents {
  std::vector<std::string>* out;
  RecordingRandom* rng;
  void PlaceIgnored(const Move& o, Illegal why) { Says(o, why); }
  void PlaceClamped(const Move& o, int available) {
    out->push_back("says clamp" + Num(o.armies) + Num(available));
  }
  void Placed(const Move& m, const State& s) {
    out->push_back("place" + Num(static_cast<int>(m.player)) + Num(m.from) +
                   Num(m.armies) + Num(s.armies[m.from]));
  }
  void MoveRejected(const Move& o, Illegal why) { Says(o, why); }
  void Transferred(const Move& m, const State& s) {
    out->push_back("transfer" + Num(static_cast<int>(m.player)) + Num(m.from) +
                   Num(m.to) + Num(m.armies) + Num(s.armies[m.from]) +
                   Num(s.armies[m.to]));
  }
  void Attacked(const dingle::AttackReport& a, const State& s) {
    const Move& m = a.move;
    const size_t n = rng->draws.size();
    out->push_back(
        "attack" + Num(static_cast<int>(m.player)) + Num(m.from) + Num(m.to) +
        Num(m.armies) + Num(a.defenders) + Num(static_cast<int>(a.defender)) +
        Num(a.losses.defenders_killed) + Num(a.losses.attackers_killed) +
        (a.losses.conquered ? " conquered" : " repelled") +
        Num(s.armies[m.from]) + Num(s.armies[m.to]) +
        Num(static_cast<int>(s.Owner(m.to))) + " " + rng->draws[n - 2] + " " +
        rng->draws[n - 1]);
  }
  void Says(const Move& o, Illegal why) {
    out->push_back("says" + Num(static_cast<int>(o.player)) + " " + Why(why));
  }
};

std::vector<Move> Orders(const json::object& e, bool place) {
  std::vector<Move> orders;
  for (const json::value& v : e.at("orders").as_array()) {
    const json::array& o = v.as_array();
    const int a = o[0].to_number<int>(), b = o[1].to_number<int>();
    orders.push_back(place ? Move::Place(a, b)
                           : Move::AttackTransfer(a, b, o[2].to_number<int>()));
  }
  return orders;
}

// "+N" in an agent's name (Julius+2).
int Extra(const std::string& agent) {
  const size_t plus = agent.find('+');
  return plus == std::string::npos ? 0 : std::stoi(agent.substr(plus + 1));
}

const char* const kDecisions[] = {"", "elimination", "regions", "armies",
                                  "tie (player 2 wins ties)"};

// Plays the game of `meta` on the core with the recorded answers.
std::vector<std::string> Regenerate(const json::object& meta,
                                    const std::vector<json::object>& answers) {
  std::vector<std::string> out;
  RecordingRandom rng(meta.at("seed").to_number<int64_t>());
  dingle::Options options;
  options.manual = meta.at("manual").as_bool();
  options.warlords = meta.at("warlords").as_bool();
  options.max_rounds = meta.at("max_rounds").to_number<int>();
  const json::object& agents = meta.at("agents").as_object();
  options.extra[0] = Extra(agents.at("player1").as_string().c_str());
  options.extra[1] = Extra(agents.at("player2").as_string().c_str());
  dingle::Setup setup = dingle::SetUp(Earth(), rng, options);
  Position& pos = setup.position;
  std::string pickable;
  for (int r : setup.pickable) pickable += Num(r);
  out.push_back("setup" + Num(static_cast<int64_t>(rng.draws.size())) +
                pickable + Num(pos.round) + Num(static_cast<int>(pos.turn)) +
                " " + PhaseName(pos.phase) + Board(pos.state));
  for (const std::string& d : rng.draws) out.back() += " " + d;
  TraceEvents events;
  events.out = &out;
  events.rng = &rng;
  size_t next = 0;
  int announced = 0;
  while (!pos.Over() && next < answers.size()) {
    if (pos.phase != Phase::kStartingRegions && pos.round != announced) {
      out.push_back("round" + Num(announced = pos.round));
    }
    const std::string call = "call" + Num(pos.round) +
                             Num(static_cast<int>(pos.turn)) + " " +
                             PhaseName(pos.phase);
    rng.NextInt();
    out.push_back(call + " " + rng.draws.back());
    const json::object& answer = answers[next++];
    if (pos.phase == Phase::kStartingRegions) {
      const dingle::PickResult r =
          dingle::Pick(setup, answer.at("region").to_number<int>());
      if (r == dingle::PickResult::kDraftOver) out.push_back("regions_chosen");
      std::string left;
      for (int p : setup.pickable) left += Num(p);
      out.push_back(StateLine(pos, "pick") + " pickable" + left);
    } else if (pos.phase == Phase::kPlaceArmies) {
      out.push_back("place_orders" + Num(static_cast<int>(pos.turn)) +
                    Num(dingle::Income(Earth(), pos)));
      dingle::Place(Earth(), pos, Orders(answer, true), events);
      out.push_back(StateLine(pos, "place"));
    } else {
      const int executed = dingle::AttackTransfer(
          Earth(), pos, Orders(answer, false), rng, events);
      out.push_back(StateLine(pos, "moves") + " executed" + Num(executed));
    }
  }
  const State& s = pos.state;
  out.push_back("game_over" + Num(static_cast<int>(pos.winner)) + " " +
                kDecisions[static_cast<int>(pos.decided_by)] + Num(pos.round) +
                Num(s.owned[0].Count()) + Num(s.owned[1].Count()) +
                Num(ArmiesOf(s, kP1)) + Num(ArmiesOf(s, kP2)));
  return out;
}

// Single spaces, for comparing canonical lines.
std::string Squeeze(const std::string& line) {
  std::string out;
  for (char c : line) {
    if (c != ' ' || (!out.empty() && out.back() != ' ')) out += c;
  }
  return out;
}

TEST(DingleConformanceTest, EverySharedGameRegeneratesFromItsAnswers) {
  const std::filesystem::path dir = SharedDir() / "dingle" / "conformance";
  if (!std::filesystem::is_directory(dir)) {
    GTEST_SKIP() << dir << " is absent: skipping the recorded Dingle games";
  }
  int games = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (!entry.is_directory()) continue;
    SCOPED_TRACE(entry.path().filename().string());
    const json::object meta =
        json::parse(ReadFile(entry.path() / "meta.json")).as_object();
    std::vector<std::string> expected;
    std::vector<json::object> answers;
    std::istringstream lines(ReadFile(entry.path() / "trace.jsonl"));
    for (std::string line; std::getline(lines, line);) {
      const json::object e = json::parse(line).as_object();
      const std::string ev(e.at("ev").as_string().c_str());
      if (ev == "pick" || ev == "place_orders" || ev == "move_orders") {
        answers.push_back(e);
      }
      if (std::string c = Canonical(e); !c.empty()) expected.push_back(c);
    }
    for (std::string& e : expected) e = Squeeze(e);
    std::vector<std::string> got = Regenerate(meta, answers);
    for (std::string& e : got) e = Squeeze(e);
    const size_t n = std::min(got.size(), expected.size());
    size_t i = 0;
    while (i < n && got[i] == expected[i]) ++i;
    EXPECT_EQ(i, expected.size())
        << "first difference at event " << i << ":\n  recorded    "
        << (i < expected.size() ? expected[i] : "") << "\n  regenerated "
        << (i < got.size() ? got[i] : "");
    EXPECT_EQ(got.size(), expected.size());
    ++games;
  }
  EXPECT_EQ(games, 26);
}

}  // namespace
}  // namespace wl::testing
