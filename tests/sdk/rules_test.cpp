// Unit tests of the rules core (rules.h, combat.h, random_play.h's draft):
// one test per rule or quirk of ../shared/spec/warlight2-engine.md, sections
// 1.4, 4, 5, 6, 7 and 10, on tiny hand-made maps. Random draws are scripted
// and counted (ScriptedRandom), so each test pins exactly how many draws a
// step makes and forces the coins and dice it needs.
#include "rules.h"

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "combat.h"
#include "gtest/gtest.h"
#include "java_random.h"
#include "random_play.h"
#include "sdk/rules_fixtures.h"

namespace wl {
namespace {

using testing::At;
using testing::kCoinP1;
using testing::kCoinP2;
using testing::kHit;
using testing::kMiss;
using testing::kNeutral;
using testing::kP1;
using testing::kP2;
using testing::LineGame;
using testing::MakeMap;
using testing::Put;
using testing::Queue;
using testing::Recorder;
using testing::ScriptedRandom;

// Wraps a real generator and counts its draws.
template <typename Rng>
class CountingRandom {
 public:
  explicit CountingRandom(Rng rng) : rng_(rng) {}
  double NextDouble() {
    ++draws_;
    return rng_.NextDouble();
  }
  int draws() const { return draws_; }

 private:
  Rng rng_;
  int draws_ = 0;
};

// A draw r with (int)(r * n) == k (spec section 10).
double Index(int k, int n) { return (k + 0.5) / n; }

// `count` super regions of two regions each (super region s holds 2s - 1
// and 2s), linked in a line.
Game PairsGame(int count) {
  std::vector<std::vector<int>> supers;
  std::vector<std::pair<int, int>> links;
  for (int s = 1; s <= count; ++s) {
    supers.push_back({2 * s - 1, 2 * s});
    links.push_back({2 * s - 1, 2 * s});
    if (s > 1) links.push_back({2 * s - 2, 2 * s - 1});
  }
  return Game(MakeMap(supers, links));
}

RegionSet SetOf(std::initializer_list<int> ids) {
  RegionSet set;
  for (int id : ids) set.Insert(id);
  return set;
}

// The exact rational value of round((n * c + h * 160) / 1000), ties up: what
// integer arithmetic would give instead of the engine's doubles.
int64_t RationalKills(int64_t n, int64_t h, int64_t c) {
  return (2 * (n * c + h * 160) + 1000) / 2000;
}

// ===========================================================================
// Section 4: setup.

TEST(RulesTest, EveryRegionStartsNeutralWithTwoArmies) {
  Game game = LineGame(5);
  State s = game.InitialState();
  for (int r = 1; r <= 5; ++r) {
    EXPECT_EQ(s.Owner(r), kNeutral) << r;
    EXPECT_EQ(s.armies[r], 2) << r;
  }
  EXPECT_EQ(s.armies[0], 0);
  EXPECT_EQ(s.armies[6], 0);
  EXPECT_TRUE(s.Owned(kP1).Empty());
  EXPECT_TRUE(s.Owned(kP2).Empty());
}

TEST(RulesTest, WastelandAttemptsAreHalfTheSuperRegionsRoundedDown) {
  Game game = PairsGame(5);  // 5 super regions: 2 attempts, not 3
  ScriptedRandom rng;
  rng.Then(Index(0, 10)).Then(Index(2, 10));  // regions 1 and 3
  rng.Then(0.0, 5);                           // one per super region
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.wastelands, (std::vector<int>{1, 3}));
  EXPECT_EQ(setup.state.armies[1], 6);
  EXPECT_EQ(setup.state.armies[3], 6);
  EXPECT_EQ(setup.state.Owner(1), kNeutral);
  EXPECT_EQ(setup.candidates, (std::vector<int>{2, 4, 5, 7, 9}));
  EXPECT_EQ(rng.draws(), 7);
}

TEST(RulesTest, WastelandAttemptIsWastedWhenRedrawingAnExistingWasteland) {
  // Super region 1 has three members: after region 1 becomes a wasteland,
  // two are still at 2 armies, so drawing region 1 again counts the attempt.
  Game game(MakeMap({{1, 2, 3}, {4}, {5}, {6}},
                    {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}}));
  ScriptedRandom rng;
  rng.Then(Index(0, 6)).Then(Index(0, 6));  // region 1, twice: 2 attempts
  rng.Then(Index(1, 2));                    // super region 1: open [2, 3]
  rng.Then(0.0, 3);
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.wastelands, (std::vector<int>{1}));
  EXPECT_EQ(setup.candidates, (std::vector<int>{3, 4, 5, 6}));
  EXPECT_EQ(setup.pick_amount, 2);
  EXPECT_EQ(rng.draws(), 6);
}

TEST(RulesTest, WastelandIsRedrawnFreeWhenItsSuperRegionHasFewerThanTwoAtTwo) {
  // Super region 1 = {1, 2}: once 1 is a wasteland only region 2 is at 2,
  // so drawing region 1 again is redrawn without counting the attempt.
  Game game(MakeMap({{1, 2}, {3}, {4}, {5}}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}}));
  ScriptedRandom rng;
  rng.Then(Index(0, 5)).Then(Index(0, 5)).Then(Index(2, 5));  // 1, 1, 3
  rng.Then(0.0, 3);  // super regions 1, 3, 4 (2 is all wasteland)
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.wastelands, (std::vector<int>{1, 3}));
  EXPECT_EQ(setup.candidates, (std::vector<int>{2, 4, 5}));
  EXPECT_EQ(rng.draws(), 6);
}

TEST(RulesTest, WholeSuperRegionCanBecomeWasteland) {
  // Region 2 is still at 2 armies when drawn, so it becomes a wasteland
  // even though that leaves super region 1 with no region at 2.
  Game game(MakeMap({{1, 2}, {3}, {4}, {5}}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}}));
  ScriptedRandom rng;
  rng.Then(Index(0, 5)).Then(Index(1, 5));  // regions 1 and 2
  rng.Then(0.0, 3);
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.wastelands, (std::vector<int>{1, 2}));
  EXPECT_EQ(setup.state.armies[1], 6);
  EXPECT_EQ(setup.state.armies[2], 6);
}

TEST(RulesTest, CandidatesSkipAllWastelandSuperRegionsWithoutADraw) {
  Game game(MakeMap({{1, 2}, {3}, {4}, {5}}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}}));
  ScriptedRandom rng;
  rng.Then(Index(0, 5)).Then(Index(1, 5));  // super region 1 all wasteland
  rng.Then(0.0, 3);                         // super regions 2, 3, 4 only
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.candidates, (std::vector<int>{3, 4, 5}));
  EXPECT_EQ(setup.pick_amount, 1);  // 3 candidates: odd, so 2 picks
  EXPECT_EQ(rng.draws(), 5);
}

TEST(RulesTest, CandidateIsDrawnAmongOpenMembersInFileOrder) {
  // Super region 1 lists 3, 1, 2 in file order; 1 becomes a wasteland, so
  // the open members are [3, 2] (not sorted) and index 1 is region 2.
  Map map;
  ASSERT_EQ(map.AddSuperRegion(1, 2), "");
  ASSERT_EQ(map.AddSuperRegion(2, 1), "");
  for (auto [r, s] : {std::pair{3, 1}, {1, 1}, {2, 1}, {4, 2}}) {
    ASSERT_EQ(map.AddRegion(r, s), "");
  }
  for (auto [a, b] : {std::pair{3, 1}, {1, 2}, {2, 4}}) {
    ASSERT_EQ(map.AddLink(a, b), "");
  }
  Game game(map);
  ScriptedRandom rng;
  rng.Then(Index(0, 4));  // ids by value: region 1
  rng.Then(Index(1, 2));  // member 1 of [3, 2]
  rng.Then(0.0);
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.wastelands, (std::vector<int>{1}));
  EXPECT_EQ(setup.candidates, (std::vector<int>{2, 4}));
  EXPECT_EQ(rng.draws(), 3);
}

TEST(RulesTest, CandidatesComeOnePerSuperRegionInIdOrder) {
  // Super region 2 is added before super region 1; candidates still follow
  // ids: super region 1's first, drawn first.
  Map map;
  ASSERT_EQ(map.AddSuperRegion(2, 1), "");
  ASSERT_EQ(map.AddSuperRegion(1, 1), "");
  for (auto [r, s] : {std::pair{1, 2}, {2, 2}, {3, 1}, {4, 1}}) {
    ASSERT_EQ(map.AddRegion(r, s), "");
  }
  for (auto [a, b] : {std::pair{1, 2}, {2, 3}, {3, 4}}) {
    ASSERT_EQ(map.AddLink(a, b), "");
  }
  Game game(map);
  ScriptedRandom rng;
  rng.Then(Index(3, 4));  // wasteland: region 4 (super region 1)
  rng.Then(0.0);          // super region 1: open [3]
  rng.Then(Index(1, 2));  // super region 2: open [1, 2]
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.candidates, (std::vector<int>{3, 2}));
  EXPECT_EQ(rng.draws(), 3);
}

TEST(RulesTest, PickCountMakesNoDrawsForSixOrFewerCandidates) {
  Game game = PairsGame(7);  // 3 attempts, 7 candidates -> 6 -> 3 picks
  ScriptedRandom rng;
  rng.Then(Index(0, 14)).Then(Index(2, 14)).Then(Index(4, 14));
  rng.Then(0.0, 7);
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.candidates.size(), 7u);
  EXPECT_EQ(setup.pick_amount, 3);
  EXPECT_EQ(rng.draws(), 10);
}

// 10 super regions: 5 wasteland attempts (regions 1, 3, 5, 7, 9), 10
// candidates, then (10 - 6) / 2 = 2 pick-count draws.
int PickAmountForTenCandidates(double first, double second) {
  Game game = PairsGame(10);
  ScriptedRandom rng;
  for (int k = 0; k < 10; k += 2) rng.Then(Index(k, 20));
  rng.Then(0.0, 10);
  rng.Then(first).Then(second);
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.candidates.size(), 10u);
  EXPECT_EQ(rng.draws(), 17);
  return setup.pick_amount;
}

TEST(RulesTest, PickCountDrawsWhenMoreThanSixAndEachDrawBelowAQuarterTakesTwo) {
  EXPECT_EQ(PickAmountForTenCandidates(0.9, 0.9), 5);
  EXPECT_EQ(PickAmountForTenCandidates(0.1, 0.9), 4);
  EXPECT_EQ(PickAmountForTenCandidates(0.9, 0.1), 4);
  EXPECT_EQ(PickAmountForTenCandidates(0.1, 0.1), 3);
  // Strictly below: 0.25 itself takes nothing.
  EXPECT_EQ(PickAmountForTenCandidates(0.25, 0.2499999999999999), 4);
}

TEST(RulesTest, PickCountDropsOneCandidateWhenOdd) {
  Game game = PairsGame(5);  // 5 candidates -> 4 -> 2 picks each
  ScriptedRandom rng;
  rng.Then(Index(0, 10)).Then(Index(2, 10)).Then(0.0, 5);
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.candidates.size(), 5u);
  EXPECT_EQ(setup.pick_amount, 2);
}

TEST(RulesTest, DraftOrderIsP1P2P2P1Repeating) {
  const Player expected[] = {kP1, kP2, kP2, kP1, kP1, kP2,
                             kP2, kP1, kP1, kP2, kP2, kP1};
  for (int i = 0; i < 12; ++i) EXPECT_EQ(DraftPicker(i), expected[i]) << i;
}

TEST(RulesTest, ValidPickTakesTheRegionWithoutADraw) {
  std::vector<int> remaining = {4, 8, 13, 21};
  ScriptedRandom rng;
  EXPECT_EQ(ResolvePick(remaining, 13, rng), 13);
  EXPECT_EQ(remaining, (std::vector<int>{4, 8, 21}));
  EXPECT_EQ(rng.draws(), 0);
}

TEST(RulesTest, InvalidPickDrawsARemainingCandidateByTruncatedIndex) {
  std::vector<int> remaining = {4, 8, 13, 21};
  ScriptedRandom rng;
  rng.Then(0.7);  // (int)(0.7 * 4) = 2
  EXPECT_EQ(ResolvePick(remaining, 5, rng), 13);
  EXPECT_EQ(remaining, (std::vector<int>{4, 8, 21}));
  EXPECT_EQ(rng.draws(), 1);
}

TEST(RulesTest, MissingOrAlreadyTakenPickAlsoDrawsOnce) {
  std::vector<int> remaining = {4, 8, 21};
  ScriptedRandom rng;
  rng.Then(0.99).Then(0.0);
  EXPECT_EQ(ResolvePick(remaining, std::nullopt, rng), 21);
  EXPECT_EQ(ResolvePick(remaining, 13, rng), 4);  // 13 was taken before
  EXPECT_EQ(remaining, (std::vector<int>{8}));
  EXPECT_EQ(rng.draws(), 2);
}

TEST(RulesTest, RandomStartDraftsInOrderAndLeavesUnpickedCandidatesNeutral) {
  Game game = PairsGame(5);
  ScriptedRandom rng;
  rng.Then(Index(0, 10)).Then(Index(2, 10));  // wastelands 1, 3
  rng.Then(0.0, 5);                           // candidates 2 4 5 7 9
  rng.Then(0.0, 4);  // 2 picks each, always the first remaining
  State s = RandomStart(game, rng);
  EXPECT_EQ(rng.draws(), 11);
  EXPECT_EQ(s.Owner(2), kP1);
  EXPECT_EQ(s.Owner(4), kP2);
  EXPECT_EQ(s.Owner(5), kP2);
  EXPECT_EQ(s.Owner(7), kP1);
  EXPECT_EQ(s.Owner(9), kNeutral);
  for (int r : {2, 4, 5, 7, 9}) EXPECT_EQ(s.armies[r], 2) << r;
  EXPECT_EQ(s.armies[1], 6);
  EXPECT_EQ(s.armies[3], 6);
}

TEST(RulesTest, SetupAndDraftFollowTheEngineDrawOrderFromSeed12345) {
  // Seed 12345 draws 0.3618, 0.9330, 0.8331, 0.3265, 0.2355, 0.3491,
  // 0.4481, 0.6382, 0.1583, 0.7689 (spec section 10). N = 20 regions in 4
  // super regions of 5: wastelands ids[7] = 8 and ids[18] = 19; candidates
  // 5 of [1..5], 7 of [6 7 9 10], 12 of [11..15], 17 of [16 17 18 20]; then
  // picks 7 (p1), 12 (p2), 5 (p2), 17 (p1).
  std::vector<std::vector<int>> supers(4);
  std::vector<std::pair<int, int>> links;
  for (int r = 1; r <= 20; ++r) {
    supers[(r - 1) / 5].push_back(r);
    if (r > 1) links.push_back({r - 1, r});
  }
  Game game(MakeMap(supers, links));
  CountingRandom<JavaRandom> rng(JavaRandom(12345));
  wl::Setup setup = wl::SetUp(game, rng);
  EXPECT_EQ(setup.wastelands, (std::vector<int>{8, 19}));
  EXPECT_EQ(setup.candidates, (std::vector<int>{5, 7, 12, 17}));
  EXPECT_EQ(setup.pick_amount, 2);
  EXPECT_EQ(rng.draws(), 6);

  CountingRandom<JavaRandom> again(JavaRandom(12345));
  State s = RandomStart(game, again);
  EXPECT_EQ(again.draws(), 10);
  EXPECT_EQ(s.Owned(kP1), SetOf({7, 17}));
  EXPECT_EQ(s.Owned(kP2), SetOf({12, 5}));
}

// ===========================================================================
// Section 5: income and placement.

TEST(RulesTest, IncomeIsFivePlusTheBonusOfEachWholeSuperRegion) {
  Game game(MakeMap({{1, 2}, {3, 4}, {5}}, {{1, 2}, {2, 3}, {3, 4}, {4, 5}},
                    {3, 4, 2}));
  State s = game.InitialState();
  Put(s, 1, kP1, 2);
  Put(s, 2, kP1, 2);
  Put(s, 3, kP1, 2);  // super region 2 only in part
  Put(s, 5, kP2, 2);
  EXPECT_EQ(game.Income(s, kP1), 5 + 3);
  EXPECT_EQ(game.Income(s, kP2), 5 + 2);
  Put(s, 4, kP1, 2);
  EXPECT_EQ(game.Income(s, kP1), 5 + 3 + 4);
}

TEST(RulesTest, IncomeWithAZeroBonusSuperRegion) {
  Game game(MakeMap({{1}, {2, 3}}, {{1, 2}, {2, 3}}, {0, 4}));
  State s = game.InitialState();
  Put(s, 1, kP1, 2);
  EXPECT_EQ(game.Income(s, kP1), 5);
  Put(s, 2, kP1, 2);
  Put(s, 3, kP1, 2);
  EXPECT_EQ(game.Income(s, kP1), 9);
}

TEST(RulesTest, IncomeCountsWastelandsNormally) {
  // A neutral wasteland keeps the bonus from its super region; owned, it
  // counts like any region.
  Game game(MakeMap({{1, 2}, {3}}, {{1, 2}, {2, 3}}, {3, 1}));
  State s = game.InitialState();
  s.armies[2] = 6;
  Put(s, 1, kP1, 2);
  EXPECT_EQ(game.Income(s, kP1), 5);
  Put(s, 2, kP1, 6);
  EXPECT_EQ(game.Income(s, kP1), 8);
}

TEST(RulesTest, IncomeIsFiveWithNoRegions) {
  Game game(MakeMap({{1}, {2}}, {{1, 2}}, {2, 2}));
  State s = game.InitialState();
  Put(s, 1, kP2, 2);
  Put(s, 2, kP2, 2);
  EXPECT_EQ(game.Income(s, kP1), 5);
  EXPECT_EQ(game.Income(s, kP2), 9);
}

TEST(RulesTest, PlacementOnARegionNotOwnedIsIllegalAndKeepsTheCounter) {
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP1, 2);
  Put(s, 3, kP2, 2);
  int left = 5;
  EXPECT_EQ(QueuePlacement(s, kP1, Move::Place(2, 3), left).illegal,
            Illegal::kPlaceNotOwned);  // neutral
  EXPECT_EQ(QueuePlacement(s, kP1, Move::Place(3, 3), left).illegal,
            Illegal::kPlaceNotOwned);  // the opponent's
  EXPECT_EQ(left, 5);
  QueuedMove ok = QueuePlacement(s, kP1, Move::Place(1, 3), left);
  EXPECT_EQ(ok.illegal, Illegal::kNone);
  EXPECT_EQ(ok.move.player, kP1);
  EXPECT_EQ(left, 2);
}

TEST(RulesTest, PlacementOfLessThanOneArmyIsIllegal) {
  Game game = LineGame(2);
  State s = game.InitialState();
  Put(s, 1, kP1, 2);
  int left = 5;
  EXPECT_EQ(QueuePlacement(s, kP1, Move::Place(1, 0), left).illegal,
            Illegal::kPlaceLessThanOne);
  EXPECT_EQ(QueuePlacement(s, kP1, Move::Place(1, -3), left).illegal,
            Illegal::kPlaceLessThanOne);
  EXPECT_EQ(left, 5);
}

TEST(RulesTest, PlacementChecksOwnerThenArmiesThenWhatIsLeft) {
  Game game = LineGame(2);
  State s = game.InitialState();
  Put(s, 1, kP1, 2);
  int left = 0;
  EXPECT_EQ(QueuePlacement(s, kP1, Move::Place(2, 0), left).illegal,
            Illegal::kPlaceNotOwned);
  EXPECT_EQ(QueuePlacement(s, kP1, Move::Place(1, 0), left).illegal,
            Illegal::kPlaceLessThanOne);
  EXPECT_EQ(QueuePlacement(s, kP1, Move::Place(1, 1), left).illegal,
            Illegal::kPlaceNoArmiesLeft);
}

TEST(RulesTest, PlacementClampsToArmiesLeft) {
  Game game = LineGame(2);
  State s = game.InitialState();
  Put(s, 1, kP1, 2);
  int left = 5;
  QueuedMove first = QueuePlacement(s, kP1, Move::Place(1, 3), left);
  EXPECT_EQ(first.move.armies, 3);
  QueuedMove second = QueuePlacement(s, kP1, Move::Place(1, 4), left);
  EXPECT_EQ(second.illegal, Illegal::kNone);
  EXPECT_EQ(second.move.armies, 2);
  EXPECT_EQ(left, 0);
}

TEST(RulesTest, PlacementNoArmiesLeftAfterClamp) {
  Game game = LineGame(2);
  State s = game.InitialState();
  Put(s, 1, kP1, 2);
  int left = 5;
  QueuePlacement(s, kP1, Move::Place(1, 5), left);
  QueuedMove late = QueuePlacement(s, kP1, Move::Place(1, 3), left);
  EXPECT_EQ(late.illegal, Illegal::kPlaceNoArmiesLeft);
  EXPECT_EQ(left, 0);
}

TEST(RulesTest, PlacementsExecutePlayer1FirstAndOnlyLegalOnesAddArmies) {
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP1, 2);
  Put(s, 3, kP2, 2);
  int left1 = 5, left2 = 5;
  MoveQueue p1, p2;
  p1.Push(QueuePlacement(s, kP1, Move::Place(1, 3), left1));
  p1.Push(QueuePlacement(s, kP1, Move::Place(3, 1), left1));  // not owned
  p1.Push(QueuePlacement(s, kP1, Move::Place(1, 9), left1));  // clamped: 2
  p1.Push(QueuePlacement(s, kP1, Move::Place(1, 1), left1));  // none left
  p2.Push(QueuePlacement(s, kP2, Move::Place(3, 5), left2));
  Recorder rec;
  ExecutePlacements(s, p1, p2, rec);
  ASSERT_EQ(rec.events.size(), 5u);  // illegal ones reported too
  EXPECT_EQ(rec.events[0].move.player, kP1);
  EXPECT_EQ(rec.events[4].move.player, kP2);
  EXPECT_EQ(rec.after[0].armies[1], 5);
  EXPECT_EQ(rec.after[1].armies[3], 2);  // the illegal one added nothing
  EXPECT_EQ(rec.after[2].armies[1], 7);
  EXPECT_EQ(rec.after[3].armies[1], 7);
  EXPECT_EQ(rec.after[3].armies[3], 2);  // player2 not yet placed
  EXPECT_EQ(s.armies[1], 7);
  EXPECT_EQ(s.armies[3], 7);
}

// ===========================================================================
// Section 6: attacks and transfers, queue-time checks.

TEST(RulesTest, QueueRejectsASourceNotOwned) {
  Game game = LineGame(4);
  State s = game.InitialState();
  Put(s, 2, kP1, 5);
  Put(s, 3, kP2, 5);
  EXPECT_EQ(QueueAttackTransfer(game, s, kP1, At(1, 2, 1)).illegal,
            Illegal::kMoveNotOwned);
  EXPECT_EQ(QueueAttackTransfer(game, s, kP1, At(3, 2, 1)).illegal,
            Illegal::kMoveNotOwned);
  // Checked first: not a neighbour and 0 armies too.
  EXPECT_EQ(QueueAttackTransfer(game, s, kP1, At(1, 4, 0)).illegal,
            Illegal::kMoveNotOwned);
}

TEST(RulesTest, QueueRejectsATargetNotAdjacentIncludingItself) {
  Game game = LineGame(4);
  State s = game.InitialState();
  Put(s, 2, kP1, 5);
  EXPECT_EQ(QueueAttackTransfer(game, s, kP1, At(2, 4, 1)).illegal,
            Illegal::kMoveNotNeighbor);
  EXPECT_EQ(QueueAttackTransfer(game, s, kP1, At(2, 2, 1)).illegal,
            Illegal::kMoveNotNeighbor);
  // Checked before the army count.
  EXPECT_EQ(QueueAttackTransfer(game, s, kP1, At(2, 4, 0)).illegal,
            Illegal::kMoveNotNeighbor);
}

TEST(RulesTest, QueueRejectsLessThanOneArmyButNotTooMany) {
  Game game = LineGame(4);
  State s = game.InitialState();
  Put(s, 2, kP1, 5);
  EXPECT_EQ(QueueAttackTransfer(game, s, kP1, At(2, 3, 0)).illegal,
            Illegal::kMoveLessThanOne);
  EXPECT_EQ(QueueAttackTransfer(game, s, kP1, At(2, 3, -5)).illegal,
            Illegal::kMoveLessThanOne);
  QueuedMove many = QueueAttackTransfer(game, s, kP1, At(2, 1, 1000));
  EXPECT_EQ(many.illegal, Illegal::kNone);  // clamped only when executed
  EXPECT_EQ(many.move.armies, 1000);
  EXPECT_EQ(many.move.player, kP1);
}

// ===========================================================================
// Section 6: execution order (the pairing coin).

// Line 1-...-6: player1 holds 1, 2, 3 and player2 4, 5, 6, 10 armies each;
// every move below is a 1-army transfer, so every draw is a coin.
struct TwoSides {
  Game game = LineGame(6);
  State s = game.InitialState();
  TwoSides() {
    for (int r = 1; r <= 3; ++r) Put(s, r, kP1, 10);
    for (int r = 4; r <= 6; ++r) Put(s, r, kP2, 10);
  }
};

TEST(RulesTest, PairingCoinBelowHalfLetsPlayer1GoFirst) {
  for (double coin : {0.4999999999999999, 0.5}) {
    TwoSides t;
    MoveQueue q1 = Queue(t.game, t.s, kP1, {At(1, 2, 1)});
    MoveQueue q2 = Queue(t.game, t.s, kP2, {At(6, 5, 1)});
    ScriptedRandom rng;
    rng.Then(coin);
    Recorder rec;
    ExecuteAttacks(t.s, q1, q2, rng, rec);
    std::vector<std::string> expected =
        coin < 0.5 ? std::vector<std::string>{"player1 1-2", "player2 6-5"}
                   : std::vector<std::string>{"player2 6-5", "player1 1-2"};
    EXPECT_EQ(rec.Sequence(), expected) << coin;
    EXPECT_EQ(rng.draws(), 1);
  }
}

TEST(RulesTest, OddMovesDrawTheCoinAndEvenMovesAlternate) {
  TwoSides t;
  MoveQueue q1 =
      Queue(t.game, t.s, kP1, {At(1, 2, 1), At(2, 1, 1), At(2, 3, 1)});
  MoveQueue q2 =
      Queue(t.game, t.s, kP2, {At(4, 5, 1), At(5, 4, 1), At(5, 6, 1)});
  ScriptedRandom rng;
  rng.Then(kCoinP2).Then(kCoinP1).Then(kCoinP2);
  Recorder rec;
  ExecuteAttacks(t.s, q1, q2, rng, rec);
  EXPECT_EQ(rec.Sequence(), (std::vector<std::string>{
                                "player2 4-5", "player1 1-2", "player1 2-1",
                                "player2 5-4", "player2 5-6", "player1 2-3"}));
  EXPECT_EQ(rng.draws(), 3);
}

TEST(RulesTest, PairingCoinIsDrawnEvenWhenTheChosenQueueIsEmpty) {
  TwoSides t;
  Put(t.s, 4, kP1, 10);
  MoveQueue q1 =
      Queue(t.game, t.s, kP1,
            {At(1, 2, 1), At(2, 1, 1), At(2, 3, 1), At(3, 2, 1), At(3, 4, 1)});
  MoveQueue q2;
  ScriptedRandom rng;
  rng.Then(kCoinP2, 3);  // moves 1, 3 and 5; player2 has nothing
  Recorder rec;
  ExecuteAttacks(t.s, q1, q2, rng, rec);
  ASSERT_EQ(rec.events.size(), 5u);
  for (const QueuedMove& e : rec.events) {
    EXPECT_EQ(e.illegal, Illegal::kNone);
    EXPECT_EQ(e.move.player, kP1);
  }
  EXPECT_EQ(rng.draws(), 3);
}

TEST(RulesTest, PairingCoinIsStillDrawnAfterOneQueueRunsOut) {
  TwoSides t;
  MoveQueue q1 =
      Queue(t.game, t.s, kP1, {At(1, 2, 1), At(2, 1, 1), At(2, 3, 1)});
  MoveQueue q2 = Queue(t.game, t.s, kP2, {At(4, 5, 1)});
  ScriptedRandom rng;
  rng.Then(kCoinP2).Then(kCoinP2);  // move 3 picks player2, who is done
  Recorder rec;
  ExecuteAttacks(t.s, q1, q2, rng, rec);
  EXPECT_EQ(rec.Sequence(),
            (std::vector<std::string>{"player2 4-5", "player1 1-2",
                                      "player1 2-1", "player1 2-3"}));
  EXPECT_EQ(rng.draws(), 2);
}

TEST(RulesTest, NoCoinIsDrawnAfterAnIllegalMove) {
  TwoSides t;
  MoveQueue q1 = Queue(t.game, t.s, kP1, {At(1, 3, 1), At(1, 2, 1)});
  ASSERT_EQ(q1.items[0].illegal, Illegal::kMoveNotNeighbor);
  MoveQueue q2 = Queue(t.game, t.s, kP2, {At(6, 5, 1)});
  ScriptedRandom rng;
  rng.Then(kCoinP1);
  Recorder rec;
  ExecuteAttacks(t.s, q1, q2, rng, rec);
  EXPECT_EQ(rec.Sequence(), (std::vector<std::string>{
                                "player1 1-3", "player1 1-2", "player2 6-5"}));
  EXPECT_EQ(rec.events[0].illegal, Illegal::kMoveNotNeighbor);
  EXPECT_EQ(rng.draws(), 1);
}

TEST(RulesTest, IllegalMoveDoesNotAdvanceTheMoveNumber) {
  // Illegal, then move 1 (player1 again), move 2 (player2), move 3 (coin).
  TwoSides t;
  MoveQueue q1 =
      Queue(t.game, t.s, kP1, {At(1, 3, 1), At(1, 2, 1), At(2, 1, 1)});
  MoveQueue q2 = Queue(t.game, t.s, kP2, {At(6, 5, 1), At(5, 6, 1)});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kCoinP1);
  Recorder rec;
  ExecuteAttacks(t.s, q1, q2, rng, rec);
  EXPECT_EQ(rec.Sequence(), (std::vector<std::string>{
                                "player1 1-3", "player1 1-2", "player2 6-5",
                                "player1 2-1", "player2 5-6"}));
  EXPECT_EQ(rng.draws(), 2);
}

TEST(RulesTest, MoveIllegalAtExecutionAlsoKeepsTheSamePlayerWithoutACoin) {
  TwoSides t;
  MoveQueue q1 =
      Queue(t.game, t.s, kP1, {At(1, 2, 1), At(1, 2, 1), At(2, 1, 1)});
  MoveQueue q2 = Queue(t.game, t.s, kP2, {At(6, 5, 1)});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kCoinP1);  // moves 1 and 3 only
  Recorder rec;
  ExecuteAttacks(t.s, q1, q2, rng, rec);
  EXPECT_EQ(rec.Sequence(),
            (std::vector<std::string>{"player1 1-2", "player2 6-5",
                                      "player1 1-2", "player1 2-1"}));
  EXPECT_EQ(rec.events[2].illegal, Illegal::kMoveRepeatedPair);
  EXPECT_EQ(rec.events[3].illegal, Illegal::kNone);
  EXPECT_EQ(rng.draws(), 2);
}

// ===========================================================================
// Section 6: execution checks and the post-placement budget.

TEST(RulesTest, EachFromToPairRunsOnceAcrossAttackAndTransfer) {
  // 1 -> 2 conquers region 2; a second 1 -> 2 would now be a transfer but
  // the pair has run.
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP1, 20);
  MoveQueue q1 = Queue(game, s, kP1, {At(1, 2, 10), At(1, 2, 5)});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kHit, 10).Then(kMiss, 2);
  Recorder rec;
  ExecuteAttacks(s, q1, MoveQueue(), rng, rec);
  ASSERT_EQ(rec.events.size(), 2u);
  EXPECT_EQ(rec.events[1].illegal, Illegal::kMoveRepeatedPair);
  EXPECT_EQ(s.Owner(2), kP1);
  EXPECT_EQ(s.armies[1], 10);
  EXPECT_EQ(s.armies[2], 9);
  EXPECT_EQ(rng.draws(), 13);
}

TEST(RulesTest, FailedAttackStillUsesItsPair) {
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP1, 10);
  MoveQueue q1 = Queue(game, s, kP1, {At(1, 2, 1), At(1, 2, 5)});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kMiss, 1).Then(kMiss, 2);
  Recorder rec;
  ExecuteAttacks(s, q1, MoveQueue(), rng, rec);
  ASSERT_EQ(rec.events.size(), 2u);
  EXPECT_EQ(rec.events[1].illegal, Illegal::kMoveRepeatedPair);
  EXPECT_EQ(s.Owner(2), kNeutral);
  EXPECT_EQ(rng.draws(), 4);
}

TEST(RulesTest, RepeatedPairIsReportedBeforeTheSpentBudget) {
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 2, kP1, 3);
  Put(s, 3, kP1, 2);
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 3, 5), At(2, 3, 1)});
  ScriptedRandom rng;
  rng.Then(kCoinP1);
  Recorder rec;
  ExecuteAttacks(s, q1, MoveQueue(), rng, rec);
  ASSERT_EQ(rec.events.size(), 2u);
  EXPECT_EQ(rec.events[0].move.armies, 2);  // region 2 is spent
  EXPECT_EQ(rec.events[1].illegal, Illegal::kMoveRepeatedPair);
  EXPECT_EQ(rng.draws(), 1);
}

TEST(RulesTest, PairIsRecordedForEitherPlayer) {
  // "Already executed this round (by anyone)": player1 runs 2 -> 3, then
  // player2 conquers 2 and its 2 -> 3 is refused for the pair. Through the
  // queue-time checks no real game reaches this (player2 would have to own
  // 2 when queueing), so player2's move is pushed as legal by hand.
  Game game = LineGame(4);
  State s = game.InitialState();
  Put(s, 1, kP2, 20);
  Put(s, 2, kP1, 3);
  Put(s, 3, kP1, 2);
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 3, 1)});
  MoveQueue q2 = Queue(game, s, kP2, {At(1, 2, 19)});
  q2.Push(QueuedMove{Move::AttackTransfer(2, 3, 5, kP2), Illegal::kNone});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kHit, 19).Then(kMiss, 2).Then(kCoinP2);
  Recorder rec;
  ExecuteAttacks(s, q1, q2, rng, rec);
  ASSERT_EQ(rec.events.size(), 3u);
  EXPECT_EQ(s.Owner(2), kP2);
  EXPECT_EQ(rec.events[2].move.player, kP2);
  EXPECT_EQ(rec.events[2].illegal, Illegal::kMoveRepeatedPair);
  EXPECT_EQ(rng.draws(), 23);
}

TEST(RulesTest, SourceTakenThisRoundIsCheckedFirst) {
  Game game = LineGame(4);
  State s = game.InitialState();
  Put(s, 1, kP2, 20);
  Put(s, 2, kP1, 3);
  Put(s, 3, kP1, 2);
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 3, 1), At(2, 3, 1)});
  MoveQueue q2 = Queue(game, s, kP2, {At(1, 2, 19)});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kHit, 19).Then(kMiss, 2).Then(kCoinP1);
  Recorder rec;
  ExecuteAttacks(s, q1, q2, rng, rec);
  ASSERT_EQ(rec.events.size(), 3u);
  EXPECT_EQ(rec.events[2].illegal, Illegal::kMoveTakenThisRound);
  EXPECT_EQ(rng.draws(), 23);
}

TEST(RulesTest, ArmiesMovedInCannotMoveAgain) {
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP1, 1);
  Put(s, 2, kP1, 5);
  Put(s, 3, kP1, 1);
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 3, 4), At(3, 2, 4)});
  ScriptedRandom rng;
  rng.Then(kCoinP1);
  Recorder rec;
  ExecuteAttacks(s, q1, MoveQueue(), rng, rec);
  ASSERT_EQ(rec.events.size(), 2u);
  EXPECT_EQ(rec.events[1].illegal, Illegal::kMoveNoArmiesLeft);
  EXPECT_EQ(s.armies[2], 1);
  EXPECT_EQ(s.armies[3], 5);
  EXPECT_EQ(rng.draws(), 1);
}

TEST(RulesTest, LaterMovesFromARegionGetOnlyWhatIsLeftOfItsBudget) {
  // Region 2 (6 armies) has neighbours 1, 3, 4: 3 leave, then a request
  // for 10 is clamped to the 2 that may still leave, then none may.
  Game game(MakeMap({{1, 2, 3, 4}}, {{2, 1}, {2, 3}, {2, 4}}));
  State s = game.InitialState();
  for (int r = 1; r <= 4; ++r) Put(s, r, kP1, 1);
  s.armies[2] = 6;
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 1, 3), At(2, 3, 10), At(2, 4, 1)});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kCoinP1);
  Recorder rec;
  ExecuteAttacks(s, q1, MoveQueue(), rng, rec);
  ASSERT_EQ(rec.events.size(), 3u);
  EXPECT_EQ(rec.events[0].move.armies, 3);
  EXPECT_EQ(rec.events[1].move.armies, 2);  // executed count is reported
  EXPECT_EQ(rec.events[2].illegal, Illegal::kMoveNoArmiesLeft);
  EXPECT_EQ(s.armies[1], 4);
  EXPECT_EQ(s.armies[2], 1);
  EXPECT_EQ(s.armies[3], 3);
  EXPECT_EQ(s.armies[4], 1);
  EXPECT_EQ(rng.draws(), 2);
}

TEST(RulesTest, ConqueredRegionIsFrozenForTheRound) {
  // Region 3 (player2, 10 armies, so 9 may leave) falls to player1 and is
  // retaken by player2: nobody may move out of it this round. (Only its
  // owner at queue time can have queued a move out of it, so a retake is
  // the only way to observe the freeze.)
  Game game = LineGame(4);
  State s = game.InitialState();
  Put(s, 2, kP1, 20);
  Put(s, 3, kP2, 10);
  Put(s, 4, kP2, 30);
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 3, 19)});
  MoveQueue q2 = Queue(game, s, kP2, {At(4, 3, 29), At(3, 4, 5)});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kHit, 19).Then(kMiss, 10);  // 13 kill 10; 6 die
  rng.Then(kHit, 29).Then(kMiss, 13);                // 19 kill 13; 8 die
  rng.Then(kCoinP2);
  Recorder rec;
  ExecuteAttacks(s, q1, q2, rng, rec);
  ASSERT_EQ(rec.events.size(), 3u);
  EXPECT_EQ(rec.after[0].Owner(3), kP1);
  EXPECT_EQ(rec.after[0].armies[3], 13);
  EXPECT_EQ(s.Owner(3), kP2);
  EXPECT_EQ(s.armies[3], 21);
  EXPECT_EQ(rec.events[2].illegal, Illegal::kMoveNoArmiesLeft);
  EXPECT_EQ(rng.draws(), 73);
}

TEST(RulesTest, TransferOrAttackIsDecidedAtExecutionTime) {
  // Player1 queues a transfer 2 -> 3 into its own region; player2 takes 3
  // first, so it runs as an attack, with dice.
  Game game = LineGame(4);
  State s = game.InitialState();
  Put(s, 2, kP1, 5);
  Put(s, 3, kP1, 2);
  Put(s, 4, kP2, 10);
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 3, 4)});
  MoveQueue q2 = Queue(game, s, kP2, {At(4, 3, 9)});
  ScriptedRandom rng;
  rng.Then(kCoinP2).Then(kHit, 9).Then(kMiss, 2);  // 3 falls, 8 inside
  rng.Then(kMiss, 4).Then(kHit, 8);                // 2 killed; 4 die
  ExecuteAttacks(s, q1, q2, rng);
  EXPECT_EQ(s.Owner(3), kP2);
  EXPECT_EQ(s.armies[3], 6);
  EXPECT_EQ(s.armies[2], 1);
  EXPECT_EQ(rng.draws(), 24);
}

TEST(RulesTest, AttackBecomesATransferWhenTheTargetWasTakenFirst) {
  Game game(MakeMap({{1, 2, 3}}, {{1, 2}, {2, 3}, {3, 1}}));
  State s = game.InitialState();
  Put(s, 1, kP1, 10);
  Put(s, 2, kP1, 5);
  MoveQueue q1 = Queue(game, s, kP1, {At(1, 3, 9), At(2, 3, 4)});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kHit, 9).Then(kMiss, 2);  // no dice for 2 -> 3
  ExecuteAttacks(s, q1, MoveQueue(), rng);
  EXPECT_EQ(s.Owner(3), kP1);
  EXPECT_EQ(s.armies[3], 8 + 4);
  EXPECT_EQ(s.armies[2], 1);
  EXPECT_EQ(rng.draws(), 12);
}

// ===========================================================================
// Section 6: combat.

TEST(RulesTest, DefenderDiceCountTheTargetsCurrentArmies) {
  // Player2 reinforces 3 to 11 before player1's attack: 3 + 11 dice.
  Game game = LineGame(4);
  State s = game.InitialState();
  Put(s, 2, kP1, 4);
  Put(s, 3, kP2, 2);
  Put(s, 4, kP2, 10);
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 3, 3)});
  MoveQueue q2 = Queue(game, s, kP2, {At(4, 3, 9)});
  ScriptedRandom rng;
  rng.Then(kCoinP2).Then(kMiss, 3).Then(kMiss, 11);
  ExecuteAttacks(s, q1, q2, rng);
  EXPECT_EQ(s.armies[2], 1);  // 3 attackers killed (6 capped to 3)
  EXPECT_EQ(s.armies[3], 9);  // 2 defenders killed
  EXPECT_EQ(rng.draws(), 15);
}

TEST(RulesTest, AllDiceAreDrawnEvenWhenTheOutcomeIsCertain) {
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP1, 31);
  CountingRandom<JavaRandom> rng(JavaRandom(99));
  ExecuteAttacks(s, Queue(game, s, kP1, {At(1, 2, 30)}), MoveQueue(), rng);
  EXPECT_EQ(s.Owner(2), kP1);
  EXPECT_EQ(rng.draws(), 1 + 30 + 2);
}

TEST(RulesTest, AttackerDiceAreDrawnBeforeDefenderDice) {
  // 0.65 misses for an attacker but hits for a defender: drawn in the
  // wrong order, the five 0.65s would give 4 attackers killed, not 3.
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP1, 6);
  Put(s, 2, kP2, 5);
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(0.65, 5).Then(kMiss, 5);
  ExecuteAttacks(s, Queue(game, s, kP1, {At(1, 2, 5)}), MoveQueue(), rng);
  EXPECT_EQ(s.armies[1], 6 - 3);
  EXPECT_EQ(s.armies[2], 5 - 3);
  EXPECT_EQ(rng.draws(), 11);
}

TEST(RulesTest, HitsAreDrawsStrictlyBelowSixAndSevenTenths) {
  for (bool at_threshold : {true, false}) {
    Game game = LineGame(3);
    State s = game.InitialState();
    Put(s, 1, kP1, 6);
    Put(s, 2, kP2, 5);
    ScriptedRandom rng;
    rng.Then(kCoinP1);
    rng.Then(at_threshold ? 0.6 : std::nextafter(0.6, 0.0), 5);
    rng.Then(at_threshold ? 0.7 : std::nextafter(0.7, 0.0), 5);
    ExecuteAttacks(s, Queue(game, s, kP1, {At(1, 2, 5)}), MoveQueue(), rng);
    // No hits: 3 and 3 killed. All hits: round(3.32) = 3, round(3.74) = 4.
    EXPECT_EQ(s.armies[1], at_threshold ? 3 : 2) << at_threshold;
    EXPECT_EQ(s.armies[2], 2) << at_threshold;
  }
}

TEST(RulesTest, ConquestMovesTheSurvivingAttackersIntoTheTarget) {
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP1, 7);
  Put(s, 2, kP2, 2);
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kHit, 5).Then(kHit, 2);  // 3 >= 2 killed; 1 dies
  ExecuteAttacks(s, Queue(game, s, kP1, {At(1, 2, 5)}), MoveQueue(), rng);
  EXPECT_EQ(s.Owner(2), kP1);
  EXPECT_EQ(s.armies[2], 4);
  EXPECT_EQ(s.armies[1], 2);
  EXPECT_TRUE(s.Owned(kP2).Empty());
}

TEST(RulesTest, FailedAttackSurvivorsStayHomeAndStayUsed) {
  // 3 of region 2's 6 attack region 3 (4 armies) and fail: 2 die, the
  // survivor goes home, but only 2 of the 4 now at home may still move.
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP1, 1);
  Put(s, 2, kP1, 6);
  Put(s, 3, kP2, 4);
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 3, 3), At(2, 1, 10)});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kMiss, 3).Then(kMiss, 4);
  Recorder rec;
  ExecuteAttacks(s, q1, MoveQueue(), rng, rec);
  ASSERT_EQ(rec.events.size(), 2u);
  EXPECT_EQ(rec.after[0].armies[2], 4);
  EXPECT_EQ(rec.after[0].armies[3], 2);
  EXPECT_EQ(rec.events[1].move.armies, 2);
  EXPECT_EQ(s.armies[2], 2);
  EXPECT_EQ(s.armies[1], 3);
  EXPECT_EQ(rng.draws(), 8);
}

TEST(RulesTest, DefenderLossesReduceWhatTheDefenderMayStillMove) {
  // Region 3 (10) loses 3 to a failed attack: 6, not 9, may then leave.
  Game game = LineGame(4);
  State s = game.InitialState();
  Put(s, 2, kP1, 6);
  Put(s, 3, kP2, 10);
  Put(s, 4, kP2, 1);
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 3, 5)});
  MoveQueue q2 = Queue(game, s, kP2, {At(3, 4, 100)});
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kHit, 5).Then(kMiss, 10);
  Recorder rec;
  ExecuteAttacks(s, q1, q2, rng, rec);
  ASSERT_EQ(rec.events.size(), 2u);
  EXPECT_EQ(rec.after[0].armies[3], 7);
  EXPECT_EQ(rec.events[1].move.armies, 6);
  EXPECT_EQ(s.armies[3], 1);
  EXPECT_EQ(s.armies[4], 7);
  EXPECT_EQ(rng.draws(), 16);
}

TEST(RulesTest, WhenAllAttackersDieTheLastDefenderSurvives) {
  // 1 against 1: round(0.504) = 1 defender and round(0.588) = 1 attacker
  // killed, whatever the dice; the cap leaves the defender 1 army.
  for (int h = 0; h <= 1; ++h) {
    for (int g = 0; g <= 1; ++g) {
      Losses l = ResolveCombat(1, 1, h, g);
      EXPECT_EQ(l.attackers_killed, 1);
      EXPECT_EQ(l.defenders_killed, 0);
      EXPECT_FALSE(l.conquered);
    }
  }
  Game game = LineGame(2);
  State s = game.InitialState();
  Put(s, 1, kP1, 2);
  Put(s, 2, kP2, 1);
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kHit).Then(kMiss);
  ExecuteAttacks(s, Queue(game, s, kP1, {At(1, 2, 1)}), MoveQueue(), rng);
  EXPECT_EQ(s.Owner(2), kP2);
  EXPECT_EQ(s.armies[2], 1);
  EXPECT_EQ(s.armies[1], 1);
}

TEST(RulesTest, AttackerLossesAreCappedAtTheAttackers) {
  Losses l = ResolveCombat(2, 10, 0, 0);  // round(5.88) = 6 would die
  EXPECT_EQ(l.attackers_killed, 2);
  EXPECT_EQ(l.defenders_killed, 1);
  EXPECT_FALSE(l.conquered);
}

TEST(RulesTest, CombatRoundsInIeeeDoublesD45G19Is29) {
  EXPECT_EQ(AttackersKilled(45, 19), 29);
  EXPECT_EQ(RationalKills(45, 19, 588), 30);  // exact arithmetic says 30
}

TEST(RulesTest, JavaRoundIsNearestWithTiesUp) {
  EXPECT_EQ(JavaRound(0.5), 1);
  EXPECT_EQ(JavaRound(2.5), 3);
  EXPECT_EQ(JavaRound(2.4999999999999996), 2);
  // floor(x + 0.5) would give 1 here: x + 0.5 rounds up to 1.0.
  EXPECT_EQ(JavaRound(0.49999999999999994), 0);
  EXPECT_EQ(JavaRound(0.0), 0);
  EXPECT_EQ(JavaRound(7.0), 7);
}

TEST(RulesTest, CombatKillsMatchJavaForAllCountsUpTo500) {
  // Java hash h = 31 * h + Math.round(...) over n = 0..500, k = 0..n, of
  // the two kill formulas, computed with OpenJDK (spec section 6).
  uint64_t hash_defenders = 0, hash_attackers = 0;
  for (int n = 0; n <= 500; ++n) {
    for (int k = 0; k <= n; ++k) {
      hash_defenders = hash_defenders * 31 + DefendersKilled(n, k);
      hash_attackers = hash_attackers * 31 + AttackersKilled(n, k);
    }
  }
  EXPECT_EQ(static_cast<int64_t>(hash_defenders), int64_t{3402908962953998622});
  EXPECT_EQ(static_cast<int64_t>(hash_attackers),
            int64_t{-4152635084801635216});
}

TEST(RulesTest, ExactArithmeticWouldDifferFromTheEngineInOver100Cases) {
  // Up to 500 armies the IEEE result differs from the exact rational one
  // in 141 attacker-loss cases (OpenJDK count) and no defender-loss case.
  int attacker_diffs = 0, defender_diffs = 0;
  for (int n = 0; n <= 500; ++n) {
    for (int k = 0; k <= n; ++k) {
      attacker_diffs += AttackersKilled(n, k) != RationalKills(n, k, 588);
      defender_diffs += DefendersKilled(n, k) != RationalKills(n, k, 504);
    }
  }
  EXPECT_EQ(attacker_diffs, 141);
  EXPECT_EQ(defender_diffs, 0);
}

TEST(RulesTest, ExpectedCombatIsDeterministicAndNeverDraws) {
  Losses l = ExpectedCombat(5, 2);  // round(3.0) = 3 and round(1.4) = 1
  EXPECT_EQ(l.defenders_killed, 3);
  EXPECT_EQ(l.attackers_killed, 1);
  EXPECT_TRUE(l.conquered);

  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP1, 6);
  ScriptedRandom rng;
  rng.Then(kCoinP1);  // the coin only
  ExecuteAttacks(s, Queue(game, s, kP1, {At(1, 2, 5)}), MoveQueue(), rng,
                 IgnoreEvents(), CombatMode::kExpected);
  EXPECT_EQ(s.Owner(2), kP1);
  EXPECT_EQ(s.armies[2], 4);
  EXPECT_EQ(rng.draws(), 1);
}

TEST(RulesTest, ArmiesToTakeSurelyTwoIsThreeAndSixIsEleven) {
  EXPECT_EQ(ArmiesToTakeSurely(2), 3);
  EXPECT_EQ(ArmiesToTakeSurely(6), 11);
  EXPECT_FALSE(TakesSurely(2, 2));
  EXPECT_FALSE(TakesSurely(10, 6));
}

TEST(RulesTest, TakesSurelyAgreesWithBruteForceOverAllDice) {
  for (int a = 1; a <= 40; ++a) {
    for (int d = 1; d <= 30; ++d) {
      bool always = true;
      for (int h = 0; h <= a && always; ++h) {
        for (int g = 0; g <= d && always; ++g) {
          always = ResolveCombat(a, d, h, g).conquered;
        }
      }
      EXPECT_EQ(TakesSurely(a, d), always) << a << " vs " << d;
    }
  }
}

TEST(RulesTest, ArmiesToTakeSurelyIsTheFewestThatTakeSurely) {
  for (int d = 0; d <= 400; ++d) {
    int64_t a = 1;
    while (!TakesSurely(a, d)) ++a;
    EXPECT_EQ(ArmiesToTakeSurely(d), a) << d;
  }
  for (int64_t d : {1000, 12345, 1000000}) {
    int64_t a = ArmiesToTakeSurely(d);
    EXPECT_TRUE(TakesSurely(a, d)) << d;
    EXPECT_FALSE(TakesSurely(a - 1, d)) << d;
  }
}

// ===========================================================================
// Section 7: what a bot sees.

// Adjacency (insertion order): 2: [7, 1, 5]; 5: [2, 3, 7, 6].
Game VisibilityGame() {
  return Game(
      MakeMap({{1, 2, 3, 4, 5, 6, 7}},
              {{2, 7}, {2, 1}, {5, 2}, {5, 3}, {5, 7}, {5, 6}, {4, 3}}));
}

TEST(RulesTest, VisibleOrderIsOwnedByIdThenAdjacencyOrder) {
  Game game = VisibilityGame();
  State s = game.InitialState();
  Put(s, 5, kP1, 2);
  Put(s, 2, kP1, 2);
  Put(s, 7, kP2, 2);
  std::vector<int> order;
  game.VisibleOrder(s, kP1, order);
  EXPECT_EQ(order, (std::vector<int>{2, 5, 7, 1, 3, 6}));
}

TEST(RulesTest, VisibleSetIsOwnedRegionsAndTheirNeighbors) {
  Game game = VisibilityGame();
  State s = game.InitialState();
  Put(s, 5, kP1, 2);
  Put(s, 2, kP1, 2);
  RegionSet visible = game.VisibleSet(s, kP1);
  EXPECT_EQ(visible.Count(), 6);
  EXPECT_FALSE(visible.Contains(4));
  std::vector<int> order;
  game.VisibleOrder(s, kP1, order);
  RegionSet from_order;
  for (int r : order) from_order.Insert(r);
  EXPECT_EQ(from_order, visible);
}

TEST(RulesTest, NothingIsVisibleWithoutRegions) {
  Game game = VisibilityGame();
  State s = game.InitialState();
  Put(s, 5, kP2, 2);
  std::vector<int> order = {99};
  game.VisibleOrder(s, kP1, order);
  EXPECT_TRUE(order.empty());
  EXPECT_TRUE(game.VisibleSet(s, kP1).Empty());
}

TEST(RulesTest, SeesPlacementOnlyWhenTheRegionIsVisibleAfterIt) {
  EXPECT_TRUE(SeesPlacement(SetOf({3, 4}), 4));
  EXPECT_FALSE(SeesPlacement(SetOf({3, 4}), 5));
}

TEST(RulesTest, SeesAttackWhenSourceOrTargetIsVisibleAfter) {
  EXPECT_TRUE(SeesAttackTransfer(RegionSet(), SetOf({1}), 1, 2));
  EXPECT_TRUE(SeesAttackTransfer(RegionSet(), SetOf({2}), 1, 2));
  EXPECT_FALSE(SeesAttackTransfer(RegionSet(), SetOf({3}), 1, 2));
}

TEST(RulesTest, SeesAttackWhenTargetWasVisibleBefore) {
  EXPECT_TRUE(SeesAttackTransfer(SetOf({2}), RegionSet(), 1, 2));
  // The rule has no "source visible before" clause.
  EXPECT_FALSE(SeesAttackTransfer(SetOf({1}), RegionSet(), 1, 2));
}

TEST(RulesTest, LoserSeesTheAttackThatTookItsLastRegion) {
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP2, 10);
  Put(s, 2, kP1, 2);
  ScriptedRandom rng;
  rng.Then(kCoinP1).Then(kHit, 9).Then(kMiss, 2);
  RegionSet before = game.VisibleSet(s, kP1);
  Recorder rec;
  ExecuteAttacks(s, MoveQueue(), Queue(game, s, kP2, {At(1, 2, 9)}), rng, rec);
  ASSERT_EQ(rec.events.size(), 1u);
  RegionSet after = game.VisibleSet(rec.after[0], kP1);
  EXPECT_TRUE(after.Empty());
  EXPECT_TRUE(SeesAttackTransfer(before, after, 1, 2));
}

// ===========================================================================
// Section 1.4: the end of the game.

TEST(RulesTest, EliminationNeverCutsTheRoundShort) {
  // Player2 takes player1's last region with its first move; player1's
  // move is then refused and player2's second move still runs.
  Game game = LineGame(3);
  State s = game.InitialState();
  Put(s, 1, kP2, 10);
  Put(s, 2, kP1, 2);
  Put(s, 3, kP2, 5);
  MoveQueue q1 = Queue(game, s, kP1, {At(2, 3, 1)});
  MoveQueue q2 = Queue(game, s, kP2, {At(1, 2, 9), At(3, 2, 2)});
  ScriptedRandom rng;
  rng.Then(kCoinP2).Then(kHit, 9).Then(kMiss, 2);
  Recorder rec;
  ExecuteAttacks(s, q1, q2, rng, rec);
  EXPECT_EQ(rec.Sequence(), (std::vector<std::string>{
                                "player2 1-2", "player1 2-3", "player2 3-2"}));
  EXPECT_EQ(rec.events[1].illegal, Illegal::kMoveTakenThisRound);
  EXPECT_EQ(rec.events[2].illegal, Illegal::kNone);
  EXPECT_EQ(s.armies[2], 8 + 2);
  EXPECT_EQ(rng.draws(), 12);
  EXPECT_EQ(RoundOutcome(s, 1, game.MaxRounds()), Outcome::kPlayer2Won);
}

TEST(RulesTest, Player1OwningNothingIsCheckedFirst) {
  State s;
  EXPECT_EQ(RoundOutcome(s, 5, 60), Outcome::kPlayer2Won);
  s.SetOwner(3, kP2);
  EXPECT_EQ(RoundOutcome(s, 5, 60), Outcome::kPlayer2Won);
}

TEST(RulesTest, Player2OwningNothingLoses) {
  State s;
  s.SetOwner(3, kP1);
  EXPECT_EQ(RoundOutcome(s, 5, 60), Outcome::kPlayer1Won);
}

TEST(RulesTest, DrawAfterMaxRounds) {
  State s;
  s.SetOwner(3, kP1);
  s.SetOwner(4, kP2);
  EXPECT_EQ(RoundOutcome(s, 59, 60), Outcome::kOngoing);
  EXPECT_EQ(RoundOutcome(s, 60, 60), Outcome::kDraw);
}

TEST(RulesTest, EliminationInTheLastRoundWinsRatherThanDraws) {
  State s;
  s.SetOwner(3, kP1);
  EXPECT_EQ(RoundOutcome(s, 60, 60), Outcome::kPlayer1Won);
}

TEST(RulesTest, MaxRoundsIsIntOfMaxOf60AndTwoAndAHalfTimesRegions) {
  for (auto [n, expected] : {std::pair{2, 60},
                             {24, 60},
                             {25, 62},
                             {27, 67},
                             {42, 105},
                             {64, 160},
                             {127, 317}}) {
    EXPECT_EQ(LineGame(n).MaxRounds(), expected) << n;
  }
}

}  // namespace
}  // namespace wl
