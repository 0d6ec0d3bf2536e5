// colorfight_starter_bot.h: the starter Colorfight II bot, the official
// example AI's loop in C++. Fork it (scripts/new_bot.sh --game colorfight
// NAME) and edit this file: it is the only one you need to change.
//
// Colorfight II in one paragraph (the whole rules: ../shared/colorfight/
// spec.md §5-§8): a 30x30 grid, 2 to 8 players, all moving at once once a
// turn. You start with one cell, your home, 1000 energy and no gold. Each
// turn every cell you own yields gold and energy. To take a cell next to
// yours, attack it with at least its attack_cost in energy (the strongest
// attacker wins it). On your cells you build an energy well ('e', more
// energy), a gold mine ('g', more gold) or a fortress ('f', harder to
// take), 200 gold each, and upgrade them (and your home) to level 3.
// Whoever has the most gold at the last turn wins.
//
// The runner (sdk/colorfight/run.h) calls OnTurn once per turn with a Game
// (sdk/colorfight/game.h, shaped like the official Python client):
//   game.me()               my User: energy, gold, tech_level, cells...
//                           (nullptr until I am placed)
//   game.uid(), game.turn(), game.max_turn()
//   game.game_map()[pos]    a MapCell: owner, attack_cost, building,
//                           gold, energy (its yields), natural_*...
//   pos.SurroundingCardinals()   the in-map neighbours N, S, W, E
//   cell.building.CanUpgrade(), UpgradeGold(), UpgradeEnergy(), IsEmpty()
//   game.users()            every player by uid
//   game.error()            why my commands of the last turn failed
//   game.state()            the rules core's view (sdk/colorfight/rules.h),
//                           for bots that simulate turns
// and sends the strings it returns, made with Attack(pos, energy),
// Build(pos, letter) and Upgrade(pos). Commands are checked in order
// against my running energy and gold: spend each resource once.
//
// One ColorfightStarterBot object plays one game (a new game makes a new
// one): members may keep memory from turn to turn. Debug output: print to
// std::cerr.
//
// What this bot does each turn, cell by cell (the official example AI):
//   1. attacks every neighbour it does not own whose attack cost is below
//      the energy it has left, with exactly that cost (while it has fewer
//      than 95 cells, as the example does);
//   2. upgrades the building of the cell when it can pay for it (a home
//      first: other buildings stop at the home's level, the tech level);
//   3. builds a random building (well, mine or fort) on an empty cell when
//      it has the gold.
// Ideas: attack the cells with the best yields first, not the first found;
// keep energy for the home's defence; build gold mines late in the game
// (gold is the score) and energy wells early; value an enemy's home (taking
// it destroys its buildings).
#ifndef COLORFIGHT_STARTER_BOT_H_
#define COLORFIGHT_STARTER_BOT_H_

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "sdk/colorfight/bot.h"

class ColorfightStarterBot : public wl::colorfight::Bot {
 public:
  explicit ColorfightStarterBot(uint64_t seed = 1) : rng_(seed) {}

  std::vector<std::string> OnTurn(const wl::colorfight::Game& game) override {
    using wl::colorfight::MapCell;
    using wl::colorfight::Position;
    const wl::colorfight::User& me = *game.me();
    int64_t energy = me.energy;  // what is left to spend this turn
    int64_t gold = me.gold;
    std::vector<std::string> commands;
    std::set<Position> attacked;  // one attack per cell is enough
    for (const Position& mine : me.cells) {
      // 1. Attack the neighbours we can afford.
      for (const Position& next : mine.SurroundingCardinals()) {
        const MapCell& target = game.game_map()[next];
        if (target.owner != game.uid() && target.attack_cost < energy &&
            attacked.count(next) == 0 && me.cells.size() < kMaxCells) {
          commands.push_back(wl::colorfight::Attack(next, target.attack_cost));
          energy -= target.attack_cost;
          attacked.insert(next);
        }
      }
      // 2. Upgrade: a home any time, the others up to the home's level.
      const MapCell& cell = game.game_map()[mine];
      const wl::colorfight::BuildingView& building = cell.building;
      if (building.CanUpgrade() &&
          (building.IsHome() || building.level < me.tech_level) &&
          *building.UpgradeGold() < gold &&
          *building.UpgradeEnergy() < energy) {
        commands.push_back(wl::colorfight::Upgrade(mine));
        gold -= *building.UpgradeGold();
        energy -= *building.UpgradeEnergy();
      }
      // 3. Build on an empty cell.
      if (building.IsEmpty() && gold >= kBuildingGold) {
        commands.push_back(wl::colorfight::Build(mine, RandomBuilding()));
        gold -= kBuildingGold;
      }
    }
    return commands;
  }

 private:
  static constexpr size_t kMaxCells = 95;        // the example AI's cap
  static constexpr int64_t kBuildingGold = 200;  // well, mine, fort (§6.2)

  char RandomBuilding() {
    static constexpr char kChoices[] = {wl::colorfight::kBldFortress,
                                        wl::colorfight::kBldGoldMine,
                                        wl::colorfight::kBldEnergyWell};
    return kChoices[std::uniform_int_distribution<int>(0, 2)(rng_)];
  }

  std::mt19937_64 rng_;
};

#endif  // COLORFIGHT_STARTER_BOT_H_
