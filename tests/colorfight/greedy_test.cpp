// The greedy Colorfight bot (bots/colorfight/greedy): its planner's bids,
// reserve, builds and home upgrades on hand-made positions, legal command
// lists on many states of real games, and whole games against random (2,
// 4 and 8 players) without one refused command.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "colorfight/cf_bot_games.h"
#include "gtest/gtest.h"

namespace wl::colorfight {
namespace {

using colorfight_greedy::Planner;
using colorfight_greedy::Weights;
using testing::StartedGame;

// Makes `cell` user `uid`'s (no building).
void Own(State& s, int cell, int uid) {
  s.cells[cell].owner = static_cast<int8_t>(uid);
  s.cells[cell].building = Building::kNone;
  s.cells[cell].level = 1;
}

int HomeOf(const State& s, int uid) {
  for (int i = 0; i < kCells; ++i) {
    if (s.cells[i].owner == uid && s.cells[i].building == Building::kHome)
      return i;
  }
  return -1;
}

std::vector<Command> PlanFor(const State& s, int uid, Planner* planner,
                             const Weights& weights = {}) {
  std::vector<Command> out;
  planner->Plan(s, uid, weights, &out);
  return out;
}

// Runs `commands` as user `uid`'s list and counts the refused ones.
class Counter : public FailureSink {
 public:
  void Failed(int, int, Failure f) override { failures.push_back(f); }
  std::vector<Failure> failures;
};

TEST(ColorfightGreedyPlanTest, UncontestedCellsAreBidTheirCostExactly) {
  const State s = StartedGame(101, 2);  // starts (10,3) and (19,26)
  Planner planner;
  const std::vector<Command> plan = PlanFor(s, 1, &planner);
  int64_t spent = 0;
  ASSERT_FALSE(plan.empty());
  for (const Command& c : plan) {
    ASSERT_EQ(c.kind, CommandKind::kAttack);
    EXPECT_EQ(c.energy, AttackCost(s, CellIndex(c.x, c.y)));
    EXPECT_EQ(s.cells[CellIndex(c.x, c.y)].owner, 0);
    spent += c.energy;
  }
  EXPECT_LE(spent, s.users[0].energy);
  EXPECT_GT(planner.frontier_rate(), 0);
  // Every bid takes its cell.
  State after = s;
  CommandList lists[2] = {{plan.data(), int(plan.size())}, {}};
  Counter counter;
  Update(after, lists, &counter);
  EXPECT_TRUE(counter.failures.empty());
  for (const Command& c : plan)
    EXPECT_EQ(after.cells[CellIndex(c.x, c.y)].owner, 1);
}

TEST(ColorfightGreedyPlanTest, ContestedCellsAreBidAboveTheRivalsReach) {
  State s = StartedGame(3, 2);
  const int a = CellIndex(10, 10), middle = CellIndex(10, 11),
            b = CellIndex(10, 12);
  Own(s, a, 1);
  Own(s, b, 2);
  s.cells[middle].natural_gold = s.cells[middle].natural_energy = 10;
  s.cells[middle].natural_cost = 60;  // the best cell around
  s.users[1].energy = 40;
  Weights all_in;  // bids that beat whatever the one rival puts there
  all_in.contested_share_duel = 1.0;
  Planner planner;
  bool attacked = false;
  for (const Command& c : PlanFor(s, 1, &planner, all_in)) {
    if (c.kind != CommandKind::kAttack) continue;
    const int cell = CellIndex(c.x, c.y);
    bool contested = false;
    const colorfight_greedy::Neighbours ns =
        colorfight_greedy::NeighboursOf(cell);
    for (int k = 0; k < ns.count; ++k)
      contested |= s.cells[ns.cells[k]].owner == 2;
    const int64_t cost = AttackCost(s, cell);
    if (contested)
      EXPECT_GE(c.energy, cost + std::min<int64_t>(40, cost) + 1);
    else
      EXPECT_EQ(c.energy, cost);
    attacked |= cell == middle;
  }
  EXPECT_TRUE(attacked);
  // Even if the rival puts all its energy there, the cell is ours.
  State after = s;
  std::vector<Command> mine = PlanFor(s, 1, &planner, all_in);
  const Command theirs[] = {Command::Attack(10, 11, 40)};
  CommandList lists[2] = {{mine.data(), int(mine.size())}, {theirs, 1}};
  Update(after, lists);
  EXPECT_EQ(after.cells[middle].owner, 1);
}

TEST(ColorfightGreedyPlanTest, KeepsAReserveWhenAnEnemyTouchesTheHome) {
  State s = StartedGame(3, 2);
  const int home = HomeOf(s, 1);
  const colorfight_greedy::Neighbours ns =
      colorfight_greedy::NeighboursOf(home);
  Own(s, ns.cells[0], 2);
  s.users[0].energy = 6000;
  s.users[1].energy = 5000;
  Planner planner;
  int64_t spent = 0;
  for (const Command& c : PlanFor(s, 1, &planner)) spent += c.energy;
  const int64_t reserve = 6000 - 1000 - s.cells[home].force_field + 1;
  EXPECT_EQ(planner.home_reserve(), reserve);
  EXPECT_LE(spent, 6000 - reserve);
  EXPECT_GT(spent, 0);
  // The rival's whole energy on our home fails: its cost is above it.
  State after = s;
  std::vector<Command> mine = PlanFor(s, 1, &planner);
  const Command theirs[] = {Command::Attack(CellX(home), CellY(home), 5000)};
  CommandList lists[2] = {{mine.data(), int(mine.size())}, {theirs, 1}};
  Update(after, lists);
  EXPECT_EQ(after.cells[home].owner, 1);
}

// Counts the builds (b) and upgrades (u) of a plan.
int Builds(const std::vector<Command>& plan, CommandKind kind) {
  int n = 0;
  for (const Command& c : plan) n += c.kind == kind;
  return n;
}

TEST(ColorfightGreedyPlanTest, BuildsOnlyWhatPaysBackBeforeTheEnd) {
  State s = StartedGame(3, 2);
  const int home = HomeOf(s, 1);
  for (int k = 1; k <= 6; ++k) Own(s, home + k, 1);  // down the column
  s.users[0].gold = 1000;
  Planner planner;
  s.turn = 100;
  EXPECT_GT(Builds(PlanFor(s, 1, &planner), CommandKind::kBuild), 0);
  s.turn = s.max_turn - 5;  // 5 updates of at most 10 gold: < 200
  EXPECT_EQ(Builds(PlanFor(s, 1, &planner), CommandKind::kBuild), 0);
}

TEST(ColorfightGreedyPlanTest, UpgradesTheHomeWhenBuildingsWaitForIt) {
  State s = StartedGame(3, 2);
  const int home = HomeOf(s, 1);
  for (int k = 1; k <= 4; ++k) {
    Own(s, home + k, 1);
    s.cells[home + k].building = Building::kMine;
  }
  s.users[0].building_count[static_cast<int>(Building::kMine) - 1] = 4;
  s.users[0].gold = 3000;
  s.users[0].energy = 3000;
  s.turn = 50;
  Planner planner;
  std::vector<Command> plan = PlanFor(s, 1, &planner);
  ASSERT_FALSE(plan.empty());
  EXPECT_EQ(plan[0].kind, CommandKind::kUpgrade);
  EXPECT_EQ(CellIndex(plan[0].x, plan[0].y), home);
  // Tech is the last update's (§6.2): no mine upgrade in the same list.
  EXPECT_EQ(Builds(plan, CommandKind::kUpgrade), 1);
  s.turn = s.max_turn - 20;  // too late to pay
  EXPECT_EQ(Builds(PlanFor(s, 1, &planner), CommandKind::kUpgrade), 0);
}

// Every plan of every user on the states of real games runs without a
// refused command (the planner's promise).
TEST(ColorfightGreedyPlanTest, PlansAreNeverRefused) {
  Planner planner;
  for (int players : {2, 4, 8}) {
    State s = StartedGame(40 + players, players, 200);
    std::vector<std::vector<Command>> plans(players);
    std::vector<CommandList> lists(players);
    while (!s.Ended()) {
      for (int k = 0; k < players; ++k) {
        planner.Plan(s, k + 1, Weights{}, &plans[k]);
        lists[k] = {plans[k].data(), int(plans[k].size())};
      }
      Counter counter;
      Update(s, lists.data(), &counter);
      ASSERT_TRUE(counter.failures.empty())
          << players << " players, turn " << s.turn << ": failure "
          << int(counter.failures[0]);
    }
  }
}

// Whole games in process: greedy wins every one against random and never
// sends a command the rules refuse.
TEST(ColorfightGreedyBotTest, BeatsRandomWithoutRefusedCommands) {
  tools::ColorfightGame game = testing::GameWithBots();
  game.set_max_turn(150);
  for (int players : {2, 4, 8}) {
    game.SetPlayers(players);
    for (int64_t seed = 1; seed <= 2; ++seed) {
      tools::GameSetup setup;
      setup.seed = seed;
      for (int k = 0; k < players; ++k) {
        tools::SeatSetup seat;
        seat.bot = k % 2 ? "random" : "greedy";
        seat.seed = k + 1;
        setup.seats.push_back(seat);
      }
      auto played = game.Play(setup);
      ASSERT_TRUE(played.ok()) << played.status();
      const auto& seats = (*played)->seats;
      for (int k = 0; k < players; k += 2) {
        EXPECT_EQ(seats[k].rejected_moves, 0) << players << " seed " << seed;
        EXPECT_EQ(seats[k].parse_errors, 0);
        EXPECT_LE(seats[k].rank, players / 2) << players << " seed " << seed;
      }
      EXPECT_EQ(seats[(*played)->winner.back() - '1'].rank, 1);
      EXPECT_EQ(((*played)->winner.back() - '1') % 2, 0) << "greedy wins";
    }
  }
}

}  // namespace
}  // namespace wl::colorfight
