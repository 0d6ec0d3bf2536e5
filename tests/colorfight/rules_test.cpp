// The rules core (rules.h) on hand-made positions: each case is one rule of
// colorfight §6-§8 or one quirk of §11 that the recorded games show rarely.
#include "sdk/colorfight/rules.h"

#include <tuple>
#include <vector>

#include "gtest/gtest.h"

namespace wl::colorfight {
namespace {

// Every cell: natural cost 100, gold 2, energy 3.
State Board() {
  State s = State::Empty(500);
  for (Cell& c : s.cells) {
    c.natural_cost = 100;
    c.natural_gold = 2;
    c.natural_energy = 3;
  }
  return s;
}

Cell& At(State& s, int x, int y) { return s.cells[CellIndex(x, y)]; }

void Own(State& s, int x, int y, int uid, Building b = Building::kNone,
         int level = 1, int ff = 0) {
  Cell& c = At(s, x, y);
  c.owner = static_cast<int8_t>(uid);
  c.building = b;
  c.level = static_cast<int8_t>(level);
  c.force_field = static_cast<int16_t>(ff);
}

struct Recorder : FailureSink {
  std::vector<std::tuple<int, int, Failure>> got;
  void Failed(int user, int command, Failure f) override {
    got.emplace_back(user, command, f);
  }
};

// One update with these lists (users[] order); returns the failures.
std::vector<std::tuple<int, int, Failure>> Step(
    State& s, const std::vector<std::vector<Command>>& commands,
    UpdateOptions options = {}) {
  std::vector<CommandList> lists(s.num_users);
  for (size_t i = 0; i < commands.size(); ++i) {
    lists[i] = {commands[i].data(), static_cast<int>(commands[i].size())};
  }
  Recorder r;
  Update(s, lists.data(), &r, options);
  return r.got;
}

// Two users: 1 with its home at (5,5), 2 at (20,20); turn 1, past the
// registration flags.
State TwoUsers() {
  State s = Board();
  PlaceUser(s, 1, CellIndex(5, 5));
  PlaceUser(s, 2, CellIndex(20, 20));
  Step(s, {});
  return s;
}

// Energy and gold before this update's income (§6.7).
int64_t EnergyBeforeIncome(const UserState& u) {
  return u.energy - u.energy_source + u.tax_amount;
}
int64_t GoldBeforeIncome(const UserState& u) {
  return u.gold - u.gold_source + u.tax_amount;
}

TEST(ColorfightRulesTest, TaxMatchesTheSpecExamples) {
  EXPECT_EQ(Tax(0), 0);
  EXPECT_EQ(Tax(75), 0);
  EXPECT_EQ(Tax(76), 1);
  EXPECT_EQ(Tax(150), 75);
  EXPECT_EQ(Tax(337), 598);
  for (int k = 1; k < 1000; ++k) EXPECT_EQ(Tax(k) - Tax(k - 1), (k - 1) / 75);
}

TEST(ColorfightRulesTest, PlacedUsersLookLikeTheEnginesNewUsers) {
  State s = Board();
  At(s, 3, 4).force_field = 7;
  PlaceUser(s, 2, CellIndex(3, 4));
  ASSERT_EQ(s.num_users, 1);
  const UserState& u = *s.FindUser(2);
  EXPECT_EQ(u.energy, 1000);
  EXPECT_EQ(u.gold, 0);
  EXPECT_EQ(u.tech_level, 1);
  EXPECT_EQ(u.energy_source, 10);
  EXPECT_EQ(u.gold_source, 10);
  EXPECT_EQ(u.cell_number, 1);
  EXPECT_EQ(u.building_kinds, 0);  // building_number {} at turn 0
  EXPECT_TRUE(u.building_home);
  EXPECT_EQ(At(s, 3, 4).building, Building::kHome);
  EXPECT_EQ(At(s, 3, 4).force_field, 7);  // untouched (§5.2)
  EXPECT_EQ(AttackCost(s, CellIndex(3, 4)), 1007);
  RemoveUser(s, 2);
  EXPECT_EQ(s.num_users, 0);
  EXPECT_EQ(s.FindUser(2), nullptr);
  EXPECT_EQ(At(s, 3, 4).owner, 0);
  EXPECT_EQ(At(s, 3, 4).force_field, 0);
}

TEST(ColorfightRulesTest, UpdateOneGivesIncomeAndClearsTheHomeFlag) {
  State s = Board();
  PlaceUser(s, 1, CellIndex(5, 5));
  Step(s, {});
  const UserState& u = s.users[0];
  EXPECT_EQ(s.turn, 1);
  EXPECT_EQ(u.energy, 1010);
  EXPECT_EQ(u.gold, 10);
  EXPECT_FALSE(u.building_home);
  EXPECT_EQ(u.building_kinds, 1);
  EXPECT_EQ(At(s, 5, 5).home_energy, 1000);  // stored at the scan
  EXPECT_EQ(AttackCost(s, CellIndex(5, 5)), 2000);
}

// §11.1: [100, −1000] gives net 2·100 − (−900) = 1100, and −E adds energy.
TEST(ColorfightRulesTest, NegativeEnergyRaisesTheNet) {
  State s = TwoUsers();
  At(s, 5, 6).natural_cost = 700;
  const int64_t energy = s.users[0].energy;
  EXPECT_TRUE(
      Step(s, {{Command::Attack(5, 6, 100), Command::Attack(5, 6, -1000)}})
          .empty());
  EXPECT_EQ(At(s, 5, 6).owner, 1);
  // 2·(1100 − 700) = 800, then +2 for the own home next to it (§6.6).
  EXPECT_EQ(At(s, 5, 6).force_field, 802);
  EXPECT_EQ(EnergyBeforeIncome(s.users[0]), energy - 100 + 1000);
}

// §11.2: int64 instead of Python ints; absurd energies fail the check.
TEST(ColorfightRulesTest, AbsurdAttackEnergiesFailTheEnergyCheck) {
  State s = TwoUsers();
  const auto failures =
      Step(s, {{Command::Attack(5, 6, -rules_internal::kAttackEnergyLimit),
                Command::Attack(5, 6, -kCommandIntLimit),
                Command::Attack(5, 6, -1000000)}});
  const std::vector<std::tuple<int, int, Failure>> expected = {
      {0, 0, Failure::kAttackEnergy}, {0, 1, Failure::kAttackEnergy}};
  EXPECT_EQ(failures, expected);
  // The third is accepted: +10^6 energy, and alone it nets −10^6.
  EXPECT_EQ(At(s, 5, 6).owner, 0);
  EXPECT_EQ(EnergyBeforeIncome(s.users[0]), 1010 + 1000000);
}

TEST(ColorfightRulesTest, StrictModeRefusesNegativeEnergy) {
  State s = TwoUsers();
  const auto failures = Step(s, {{Command::Attack(5, 6, -1000)}}, {true});
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(std::get<2>(failures[0]), Failure::kAttackEnergy);
  EXPECT_EQ(At(s, 5, 6).owner, 0);
}

// §11.3: one user's own entries cancel each other.
TEST(ColorfightRulesTest, SplitAttacksCancelOut) {
  State s = TwoUsers();
  const int64_t energy = s.users[0].energy;
  Step(s, {{Command::Attack(5, 6, 300), Command::Attack(5, 6, 300)}});
  EXPECT_EQ(At(s, 5, 6).owner, 0);  // net 0 < 100
  EXPECT_EQ(EnergyBeforeIncome(s.users[0]), energy - 600);
  // A zero-energy entry is legal (no failure) and nets 0 < 100.
  EXPECT_TRUE(Step(s, {{Command::Attack(5, 6, 0)}}).empty());
  EXPECT_EQ(At(s, 5, 6).owner, 0);
}

// §11.4: a successful self-attack sets the force field, maybe lower.
TEST(ColorfightRulesTest, ReinforcingCanLowerTheForceField) {
  State s = TwoUsers();
  Own(s, 5, 6, 1, Building::kNone, 1, 500);
  // cost 100 + 500 = 600; net 650 ≥ 600: ff = 2·50 = 100, +2 (home).
  Step(s, {{Command::Attack(5, 6, 650)}});
  EXPECT_EQ(At(s, 5, 6).owner, 1);
  EXPECT_EQ(At(s, 5, 6).force_field, 102);
}

TEST(ColorfightRulesTest, TopBidIsTheLargestAndTheEarliestOnTies) {
  State s = TwoUsers();
  Own(s, 6, 6, 2);  // user 2 reaches (6,5) and (5,6) too
  s.users[1].energy = 5000;
  // Equal bids of two users: net 0 < cost, nothing happens.
  Step(s, {{Command::Attack(6, 5, 400)}, {Command::Attack(6, 5, 400)}});
  EXPECT_EQ(At(s, 6, 5).owner, 0);
  // Larger bid wins with net = 2·600 − 1000 = 200 ≥ 100.
  Step(s, {{Command::Attack(5, 6, 400)}, {Command::Attack(5, 6, 600)}});
  EXPECT_EQ(At(s, 5, 6).owner, 2);
}

// §11.5: a home whose stored energy is ≤ −(1000 + ff) costs ≤ 0, and a tie
// goes to the earliest entry (user order). Stolen gold of a victim with
// negative gold is negative: the attacker loses gold.
TEST(ColorfightRulesTest, HomeTheftWithNegativeGoldAndCostBelowZero) {
  State s = TwoUsers();
  Own(s, 19, 20, 1);  // user 1 next to user 2's home
  Own(s, 20, 19, 1);
  s.users[1].energy = -1500;
  s.users[1].gold = -301;
  s.users[0].gold = 1000;
  // Both attack with 0: net 0 ≥ cost (1000 − 1500 + 0)·1 = −500.
  Own(s, 21, 20, 2);
  Step(s, {{Command::Attack(20, 20, 0)}, {Command::Attack(20, 20, 0)}});
  EXPECT_EQ(At(s, 20, 20).owner, 1);
  EXPECT_EQ(At(s, 20, 20).building, Building::kNone);
  // int(−301 / 3) = −100: V keeps −201, A pays 100.
  EXPECT_EQ(GoldBeforeIncome(s.users[1]), -201);
  EXPECT_EQ(GoldBeforeIncome(s.users[0]), 900);
  EXPECT_EQ(s.users[1].tech_level, 0);
}

TEST(ColorfightRulesTest, HomeCostUsesTheEnergyStoredAtTheScan) {
  State s = TwoUsers();
  Own(s, 19, 20, 1);
  s.users[0].energy = 3000;
  s.users[1].energy = 900;
  // User 2 spends 800 first: its home's cost at resolution is
  // 1000 + (900 − 800) = 1100; 1100 takes it.
  Own(s, 21, 20, 2);
  Step(s, {{Command::Attack(20, 20, 1100)}, {Command::Attack(21, 21, 800)}});
  EXPECT_EQ(At(s, 20, 20).owner, 1);
}

TEST(ColorfightRulesTest, CapturedBuildingsPayTheirBonuses) {
  State s = TwoUsers();
  s.users[0].energy = 100000;
  Own(s, 19, 20, 1);
  Own(s, 19, 21, 2, Building::kWell, 2, 0);
  Own(s, 18, 20, 2, Building::kMine, 3, 0);
  Own(s, 19, 19, 2, Building::kFort, 1, 0);
  const int64_t gold1 = s.users[0].gold, gold2 = s.users[1].gold;
  // Costs: well 100, mine 100, fort (100 + 0)·2 = 200.
  EXPECT_EQ(AttackCost(s, CellIndex(19, 19)), 200);
  Step(s, {{Command::Attack(19, 21, 100), Command::Attack(18, 20, 100),
            Command::Attack(19, 19, 200)}});
  for (auto [x, y] : {std::pair{19, 21}, {18, 20}, {19, 19}}) {
    EXPECT_EQ(At(s, x, y).owner, 1);
    EXPECT_EQ(At(s, x, y).building, Building::kNone);
  }
  // Well L2: ff 0 + 300; mine L3: 600 to both; fort L1: 100 to the victim.
  EXPECT_EQ(GoldBeforeIncome(s.users[0]), gold1 + 600);
  EXPECT_EQ(GoldBeforeIncome(s.users[1]), gold2 + 300 + 600 + 100);
  // (19,21): 0 + 300, then +2 for the own (19,20); its other neighbours
  // are unowned.
  EXPECT_EQ(At(s, 19, 21).force_field, 302);
}

// §6.5: a user who loses its home loses its other buildings after the scan
// (this update's sources still count them), before the force-field step.
TEST(ColorfightRulesTest, HomeLossRemovesBuildingsAfterTheScan) {
  State s = TwoUsers();
  s.users[0].energy = 100000;
  Own(s, 19, 20, 1);
  Own(s, 21, 20, 2, Building::kMine, 2, 0);
  Own(s, 20, 21, 2, Building::kFort, 1, 0);
  s.users[1].energy = 0;
  Step(s, {{Command::Attack(20, 20, 1000)}});
  ASSERT_EQ(At(s, 20, 20).owner, 1);
  const UserState& v = s.users[1];
  EXPECT_EQ(v.tech_level, 0);
  EXPECT_EQ(At(s, 21, 20).building, Building::kNone);
  EXPECT_EQ(At(s, 20, 21).building, Building::kNone);
  // Sources of the scan: mine L2 gold 2·3 = 6, fort cell 2.
  EXPECT_EQ(v.gold_source, 8);
  EXPECT_EQ(v.building_kinds, 2);
  EXPECT_EQ(v.building_count[static_cast<int>(Building::kMine) - 1], 1);
  // The fort no longer acts: (20,21) gets −5 from (20,20) only, clamped 0.
  EXPECT_EQ(At(s, 20, 21).force_field, 0);
  Step(s, {});
  EXPECT_EQ(s.users[1].gold_source, 4);
  EXPECT_EQ(s.users[1].building_kinds, 0);
}

TEST(ColorfightRulesTest, ForceFieldsFollowNeighboursAndForts) {
  State s = TwoUsers();
  // (10,10) user 1 with fort L2; (10,11) user 1 plain; (11,10) user 2 fort
  // L3; (9,10) user 2 plain; (10,9) unowned.
  Own(s, 10, 10, 1, Building::kFort, 2, 100);
  Own(s, 10, 11, 1, Building::kNone, 1, 100);
  Own(s, 11, 10, 2, Building::kFort, 3, 100);
  Own(s, 9, 10, 2, Building::kNone, 1, 100);
  s.users[0].tech_level = 3;  // keep their buildings (home at (5,5))
  Step(s, {});
  // (10,10): +2 own plain, −(6+30) enemy fort L3, −5 enemy plain, +4·2.
  EXPECT_EQ(At(s, 10, 10).force_field, 100 + 2 - 36 - 5 + 8);
  // (10,11): +(2+2·2) own fort L2.
  EXPECT_EQ(At(s, 10, 11).force_field, 106);
  // (11,10): −(6+20) enemy fort L2, +12 own fort L3.
  EXPECT_EQ(At(s, 11, 10).force_field, 100 - 26 + 12);
  // (9,10): −(6+20).
  EXPECT_EQ(At(s, 9, 10).force_field, 74);
  EXPECT_EQ(At(s, 10, 9).force_field, 0);
  EXPECT_EQ(AttackCost(s, CellIndex(10, 10)), (100 + 69) * 3);
  // Clamped to [0, 1000].
  At(s, 10, 11).force_field = 999;
  Step(s, {});
  EXPECT_EQ(At(s, 10, 11).force_field, 1000);
}

TEST(ColorfightRulesTest, BuildsAndUpgradesUseRunningBalancesAndTech) {
  State s = TwoUsers();
  Own(s, 5, 6, 1);
  Own(s, 5, 7, 1);
  s.users[0].gold = 5000;
  s.users[0].energy = 5000;
  const auto failures =
      Step(s, {{Command::Build(5, 6, 'g'), Command::Upgrade(5, 6),  // tech 1
                Command::Upgrade(5, 5), Command::Upgrade(5, 5),     // home to 3
                Command::Upgrade(5, 5), Command::Build(5, 7, 'x'),
                Command::Build(5, 7, 'h'), Command::Build(5, 6, 'e'),
                Command::Upgrade(5, 7), Command::Build(9, 9, 'f'),
                Command::Build(30, 0, 'f'), Command::Upgrade(-1, 0),
                Command::Upgrade(20, 20)}});
  const std::vector<std::tuple<int, int, Failure>> expected = {
      {0, 1, Failure::kUpgradeTech},    {0, 4, Failure::kUpgradeMaxLevel},
      {0, 5, Failure::kBuildWrongType}, {0, 6, Failure::kBuildOneHome},
      {0, 7, Failure::kBuildOccupied},  {0, 8, Failure::kUpgradeEmpty},
      {0, 9, Failure::kBuildNotOwn},    {0, 10, Failure::kBuildOffMap},
      {0, 11, Failure::kUpgradeOffMap}, {0, 12, Failure::kUpgradeNotOwn}};
  EXPECT_EQ(failures, expected);
  // Running balances: 5000 − 200 (mine) − 1000 − 2000 (home upgrades);
  // the home build passes the gold check (1800 ≥ 1000) and fails the next.
  EXPECT_EQ(GoldBeforeIncome(s.users[0]), 1800);
  EXPECT_EQ(EnergyBeforeIncome(s.users[0]), 2000);
  EXPECT_EQ(At(s, 5, 5).level, 3);
  EXPECT_EQ(s.users[0].tech_level, 3);
}

TEST(ColorfightRulesTest, UpgradesSeveralLevelsInOneUpdate) {
  State s = TwoUsers();
  Own(s, 5, 5, 1, Building::kHome, 3);
  s.users[0].tech_level = 3;
  Own(s, 5, 6, 1);
  s.users[0].gold = 1200;
  const auto failures =
      Step(s, {{Command::Build(5, 6, 'g'), Command::Upgrade(5, 6),
                Command::Upgrade(5, 6), Command::Upgrade(5, 6)}});
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(std::get<2>(failures[0]), Failure::kUpgradeMaxLevel);
  EXPECT_EQ(At(s, 5, 6).level, 3);
  EXPECT_EQ(GoldBeforeIncome(s.users[0]), 0);
  // The new mine yields in this update's scan: 2·(1+3).
  EXPECT_EQ(s.users[0].gold_source, 30 + 8);
}

// §6.2 "one home": with tech 0 a single home may be built per update; the
// user can upgrade it at once but build nothing else.
TEST(ColorfightRulesTest, OneHomePerUpdateAndNothingElseAfterARebuild) {
  State s = TwoUsers();
  Own(s, 5, 5, 1);  // the home is gone
  Own(s, 5, 6, 1);
  s.users[0].tech_level = 0;
  s.users[0].gold = 5000;
  const auto failures =
      Step(s, {{Command::Build(5, 5, 'h'), Command::Build(5, 6, 'h'),
                Command::Build(5, 6, 'g'), Command::Upgrade(5, 5)}});
  const std::vector<std::tuple<int, int, Failure>> expected = {
      {0, 1, Failure::kBuildOneHome}, {0, 2, Failure::kBuildNeedHome}};
  EXPECT_EQ(failures, expected);
  EXPECT_EQ(At(s, 5, 5).level, 2);
  EXPECT_EQ(s.users[0].tech_level, 2);
  // A user with a home (tech ≥ 1), and one still at turn 0, cannot build
  // another.
  EXPECT_EQ(Step(s, {{Command::Build(5, 6, 'h')}}).size(), 1u);
  State t = Board();
  PlaceUser(t, 1, CellIndex(5, 5));
  Own(t, 5, 6, 1);
  t.users[0].tech_level = 0;
  t.users[0].gold = 5000;
  const auto at_zero = Step(t, {{Command::Build(5, 6, 'h')}});
  ASSERT_EQ(at_zero.size(), 1u);
  EXPECT_EQ(std::get<2>(at_zero[0]), Failure::kBuildOneHome);
}

TEST(ColorfightRulesTest, AttackChecksComeInOrder) {
  State s = TwoUsers();
  const auto failures =
      Step(s, {{Command::Attack(30, 5, 1), Command::Attack(5, 6, 5000),
                Command::Attack(7, 7, 1), Command::Attack(5, 5, 10),
                Command::Attack(4, 5, kCommandIntLimit)}});
  const std::vector<std::tuple<int, int, Failure>> expected = {
      {0, 0, Failure::kAttackOffMap},
      {0, 1, Failure::kAttackEnergy},
      {0, 2, Failure::kAttackNoNeighbour},
      {0, 3, Failure::kAttackNoNeighbour},  // a lone home: no own neighbour
      {0, 4, Failure::kAttackEnergy}};
  EXPECT_EQ(failures, expected);
}

TEST(ColorfightRulesTest, DeadUsersStayDeadAndStillRunCommands) {
  State s = TwoUsers();
  s.users[0].energy = 100000;
  Own(s, 19, 20, 1);
  s.users[1].energy = 0;
  Step(s, {{Command::Attack(20, 20, 1000)}});
  EXPECT_TRUE(s.users[1].dead);
  EXPECT_EQ(s.users[1].cell_number, 0);
  const auto failures = Step(s, {{}, {Command::Attack(20, 20, 0)}});
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0], std::make_tuple(1, 0, Failure::kAttackNoNeighbour));
  EXPECT_TRUE(s.users[1].dead);
}

TEST(ColorfightRulesTest, RankingIsByGoldStable) {
  State s = Board();
  for (int uid = 1; uid <= 4; ++uid) PlaceUser(s, uid, CellIndex(uid, 0));
  const int64_t gold[] = {5, 9, 5, -3};
  for (int i = 0; i < 4; ++i) s.users[i].gold = gold[i];
  int8_t ranking[kMaxUsers];
  ASSERT_EQ(RankByGold(s, ranking), 4);
  EXPECT_EQ(std::vector<int>(ranking, ranking + 4),
            (std::vector<int>{1, 0, 2, 3}));
}

}  // namespace
}  // namespace wl::colorfight
