// The rules core (rules.h) on thousands of seeded random games
// (cf_random_game.h): after every update the state keeps the invariants of
// colorfight §6 and every unit of energy and gold is accounted for
// (income − tax − spending, plus the capture bonuses of §6.3).
// WL_LONG_TESTS=1 plays ten times more and longer games.
#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "colorfight/cf_random_game.h"
#include "gtest/gtest.h"
#include "sdk/colorfight/rules.h"

namespace wl::colorfight {
namespace {

struct FailedSet : FailureSink {
  std::vector<std::vector<bool>> failed;
  void Failed(int user, int command, Failure) override {
    failed[user][command] = true;
  }
};

// What the update's commands and captures should have done to each user.
struct Ledger {
  int64_t energy_spent[kMaxUsers] = {};
  int64_t gold_spent[kMaxUsers] = {};
  int64_t gold_bonus[kMaxUsers] = {};  // well, mine, fort captures
  bool home_captured[kMaxUsers] = {};  // gold moved by a home theft
};

// Replays the successful commands on `mid` (the state before the update):
// their prices, and the buildings the scan then saw.
void ChargeCommands(const testing::ColorfightRandomGame& game,
                    const FailedSet& sink, State& mid, Ledger& ledger) {
  for (int i = 0; i < mid.num_users; ++i) {
    const std::vector<Command>& list = game.commands(i);
    for (size_t k = 0; k < list.size(); ++k) {
      if (sink.failed[i][k]) continue;
      const Command& c = list[k];
      Cell& cell =
          mid.cells[CellIndex(static_cast<int>(c.x), static_cast<int>(c.y))];
      if (c.kind == CommandKind::kAttack) {
        ledger.energy_spent[i] += c.energy;
      } else if (c.kind == CommandKind::kBuild) {
        ledger.gold_spent[i] += c.building == 'h' ? 1000 : 200;
        cell.building = c.building == 'h'   ? Building::kHome
                        : c.building == 'e' ? Building::kWell
                        : c.building == 'g' ? Building::kMine
                                            : Building::kFort;
        cell.level = 1;
      } else {
        const bool home = cell.building == Building::kHome;
        const int64_t price = home ? 1000 * cell.level : 200 + 200 * cell.level;
        ledger.gold_spent[i] += price;
        ledger.energy_spent[i] += home ? price : 0;
        ++cell.level;
      }
    }
  }
}

void ChargeCaptures(const State& mid, const State& after, Ledger& ledger) {
  for (int i = 0; i < kCells; ++i) {
    const Cell& before = mid.cells[i];
    if (after.cells[i].owner == before.owner || before.owner == 0) continue;
    const int v = mid.index_of_uid[before.owner];
    const int a = after.index_of_uid[after.cells[i].owner];
    const int64_t bonus = kDestroyBonus[before.level - 1];
    switch (before.building) {
      case Building::kHome:
        ledger.home_captured[v] = ledger.home_captured[a] = true;
        break;
      case Building::kMine:
        ledger.gold_bonus[a] += bonus;
        [[fallthrough]];
      case Building::kWell:
      case Building::kFort:
        ledger.gold_bonus[v] += bonus;
        break;
      case Building::kNone:
        break;
    }
  }
}

std::string CheckCells(const State& s) {
  for (int i = 0; i < kCells; ++i) {
    const Cell& c = s.cells[i];
    if (c.force_field < 0 || c.force_field > 1000) return "ff out of range";
    if (c.level < 1 || c.level > kMaxLevel) return "level out of range";
    if (c.owner == 0 &&
        (c.force_field != 0 || c.building != Building::kNone || c.level != 1)) {
      return "unowned cell with ff or building at " + std::to_string(i);
    }
    if (c.owner != 0 && s.FindUser(c.owner) == nullptr) return "no such owner";
  }
  return "";
}

std::string CheckUser(const State& s, const UserState& u, bool was_dead) {
  int cells = 0, homes = 0, tech = 0;
  int64_t gold = 0, energy = 0;
  for (int i = 0; i < kCells; ++i) {
    if (s.cells[i].owner != u.uid) continue;
    ++cells;
    gold += GoldYield(s, i);
    energy += EnergyYield(s, i);
    if (s.cells[i].building == Building::kHome) {
      ++homes;
      tech = std::max<int>(tech, s.cells[i].level);
    }
  }
  if (cells != u.cell_number) return "cell_number";
  if (homes > 1) return "two homes";
  if (tech != u.tech_level) return "tech_level";
  if (was_dead && !u.dead) return "came back to life";
  if (u.dead != (cells == 0) && !was_dead) return "dead flag";
  if (u.tax_level != u.cell_number / 100) return "tax_level";
  const int wells = u.building_count[static_cast<int>(Building::kWell) - 1] +
                    u.building_count[static_cast<int>(Building::kMine) - 1];
  if (u.tax_amount != Tax(u.cell_number) + Tax(wells)) return "tax_amount";
  // With a home, nothing changed the buildings after the scan (§6.5).
  if (tech > 0 && (gold != u.gold_source || energy != u.energy_source)) {
    return "sources";
  }
  return "";
}

// One update and every check; "" if all hold.
std::string PlayAndCheck(testing::ColorfightRandomGame& game) {
  State& s = game.state();
  game.MakeCommands();
  const State before = s;
  FailedSet sink;
  for (int i = 0; i < s.num_users; ++i) {
    sink.failed.emplace_back(game.commands(i).size(), false);
  }
  Update(s, game.lists(), &sink);
  if (s.turn != before.turn + 1) return "turn";
  State mid = before;
  Ledger ledger;
  ChargeCommands(game, sink, mid, ledger);
  ChargeCaptures(mid, s, ledger);
  std::string error = CheckCells(s);
  int64_t gold_sum = 0, expected_gold_sum = 0;
  for (int i = 0; i < s.num_users && error.empty(); ++i) {
    const UserState& u = s.users[i];
    const UserState& b = before.users[i];
    error = CheckUser(s, u, b.dead);
    const int64_t income_e = u.energy_source - u.tax_amount;
    const int64_t income_g = u.gold_source - u.tax_amount;
    if (u.energy != b.energy - ledger.energy_spent[i] + income_e) {
      error = "energy accounting";
    }
    const int64_t gold =
        b.gold - ledger.gold_spent[i] + ledger.gold_bonus[i] + income_g;
    if (!ledger.home_captured[i] && u.gold != gold) error = "gold accounting";
    gold_sum += u.gold;
    expected_gold_sum += gold;
    if (!error.empty()) error = "user " + std::to_string(u.uid) + ": " + error;
  }
  if (error.empty() && gold_sum != expected_gold_sum) error = "gold sum";
  return error;
}

bool LongTests() {
  const char* env = std::getenv("WL_LONG_TESTS");
  return env != nullptr && std::string(env) == "1";
}

TEST(ColorfightRulesRandomTest, InvariantsAndAccountingHoldEveryTurn) {
  const int games = LongTests() ? 20000 : 2000;
  const int turns = LongTests() ? 300 : 60;
  static constexpr int kPlayers[] = {2, 4, 8};
  long captures = 0, deaths = 0, buildings = 0;
  for (int g = 0; g < games; ++g) {
    testing::ColorfightRandomGame game(1000 + g, kPlayers[g % 3], turns);
    while (!game.state().Ended()) {
      const std::string error = PlayAndCheck(game);
      ASSERT_EQ(error, "") << "game " << g << " turn " << game.state().turn;
    }
    for (int i = 0; i < game.state().num_users; ++i) {
      const UserState& u = game.state().users[i];
      deaths += u.dead;
      for (int16_t n : u.building_count) buildings += n;
      captures += u.cell_number;
    }
  }
  // The games do reach the interesting rules.
  EXPECT_GT(captures, games * 10);
  EXPECT_GT(buildings, games / 4);
  EXPECT_GT(deaths, 0);
}

}  // namespace
}  // namespace wl::colorfight
