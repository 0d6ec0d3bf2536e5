// cf_random_game.h: random Colorfight II games on the rules core, for
// invariant and allocation tests: an official map from a seed (map_gen.h),
// 2, 4 or 8 users, and each turn random command lists mixing sensible
// attacks, builds and upgrades with invalid ones (off the map, too much or
// negative or zero energy, unknown buildings, other users' cells).
//
//   wl::testing::ColorfightRandomGame game(/*seed=*/7, /*players=*/4);
//   while (!game.state().Ended()) {
//     game.MakeCommands();            // may allocate (vectors grow)
//     wl::colorfight::Update(game.state(), game.lists());   // never does
//   }
#ifndef WL_TESTS_COLORFIGHT_CF_RANDOM_GAME_H_
#define WL_TESTS_COLORFIGHT_CF_RANDOM_GAME_H_

#include <cstdint>
#include <random>
#include <vector>

#include "sdk/colorfight/map_gen.h"
#include "sdk/colorfight/rules.h"

namespace wl::testing {

class ColorfightRandomGame {
 public:
  ColorfightRandomGame(uint64_t seed, int players, int max_turn = 500)
      : rng_(seed), commands_(players), lists_(players) {
    colorfight::PyRandom py(seed);
    const colorfight::GeneratedMap map = colorfight::GenerateMap(py, players);
    state_ = colorfight::NewGameState(map, max_turn);
    for (int i = 0; i < players; ++i) {
      colorfight::PlaceUser(state_, i + 1, map.starts[i]);
    }
  }

  colorfight::State& state() { return state_; }
  const colorfight::CommandList* lists() const { return lists_.data(); }
  const std::vector<colorfight::Command>& commands(int user) const {
    return commands_[user];
  }

  // Every user's list for the next update (none at turn 0, §1.7).
  void MakeCommands() {
    for (int i = 0; i < state_.num_users; ++i) {
      commands_[i].clear();
      const int n = state_.turn == 0 ? 0 : Below(12);
      for (int k = 0; k < n; ++k) commands_[i].push_back(RandomCommand(i));
      lists_[i] = {commands_[i].data(), static_cast<int>(commands_[i].size())};
    }
  }

 private:
  int Below(int n) { return static_cast<int>(rng_() % n); }

  // A cell next to one of the user's (or any cell when it owns none).
  int TargetNear(int uid) {
    for (int tries = 0; tries < 40; ++tries) {
      const int cell = Below(colorfight::kCells);
      if (state_.cells[cell].owner != uid) continue;
      const int x = colorfight::CellX(cell) + Below(3) - 1;
      const int y = colorfight::CellY(cell) + Below(3) - 1;
      if (colorfight::OnMap(x, y)) return colorfight::CellIndex(x, y);
    }
    return Below(colorfight::kCells);
  }

  int OwnCell(int uid) {
    for (int tries = 0; tries < 40; ++tries) {
      const int cell = Below(colorfight::kCells);
      if (state_.cells[cell].owner == uid) return cell;
    }
    return Below(colorfight::kCells);
  }

  int64_t AttackEnergy(const colorfight::UserState& u, int cell) {
    const int64_t cost = colorfight::AttackCost(state_, cell);
    switch (Below(10)) {
      case 0:
        return -Below(300);  // negative (§11.1)
      case 1:
        return 0;
      case 2:
        return u.energy + 1 + Below(5);  // too much
      case 3:
        return Below(2) ? colorfight::kCommandIntLimit : -Below(5000);
      default:
        return cost + Below(60);
    }
  }

  colorfight::Command RandomCommand(int user) {
    using colorfight::Command;
    const colorfight::UserState& u = state_.users[user];
    const int kind = Below(20);
    if (kind == 0) return Command::Attack(Below(40) - 5, Below(40) - 5, 10);
    if (kind == 1) return {};  // kInvalid: a text that did not parse
    if (kind < 13) {
      const int cell = TargetNear(u.uid);
      return Command::Attack(colorfight::CellX(cell), colorfight::CellY(cell),
                             AttackEnergy(u, cell));
    }
    const int cell = Below(8) == 0 ? Below(colorfight::kCells) : OwnCell(u.uid);
    const int x = colorfight::CellX(cell), y = colorfight::CellY(cell);
    if (kind < 17) {
      static constexpr char kLetters[] = {'g', 'e', 'f', 'h', 'g', 'x'};
      return Command::Build(x, y, kLetters[Below(6)]);
    }
    return Command::Upgrade(x, y);
  }

  std::mt19937_64 rng_;
  colorfight::State state_ = colorfight::State::Empty(0);
  std::vector<std::vector<colorfight::Command>> commands_;
  std::vector<colorfight::CommandList> lists_;
};

}  // namespace wl::testing

#endif  // WL_TESTS_COLORFIGHT_CF_RANDOM_GAME_H_
