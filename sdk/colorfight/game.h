// game.h: what a Colorfight II bot sees, shaped like the official Python
// client (colorfight §12) so that its users feel at home: Position and
// Direction, MapCell with its building, User, GameMap, and the Game of one
// turn with its command builders.
//
//   const wl::colorfight::Game& game = ...;   // bot.h gives it each turn
//   if (game.me() == nullptr) return {};       // not placed yet
//   std::vector<std::string> cmds;
//   for (const Position& p : game.me()->cells) {
//     for (const Position& q : p.SurroundingCardinals()) {
//       const MapCell& c = game.game_map()[q];
//       if (c.owner != game.uid() && c.attack_cost < game.me()->energy)
//         cmds.push_back(Attack(q, c.attack_cost));
//     }
//   }
//
// A Game is built from a parsed frame (frame.h) and the bot's uid; it
// keeps the rules State too (state()), for bots that search the rules core.
#ifndef WL_COLORFIGHT_GAME_H_
#define WL_COLORFIGHT_GAME_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frame.h"
#include "state.h"

namespace wl::colorfight {

struct Direction {
  int dx, dy;
  static constexpr Direction North() { return {0, -1}; }
  static constexpr Direction South() { return {0, 1}; }
  static constexpr Direction West() { return {-1, 0}; }
  static constexpr Direction East() { return {1, 0}; }
};

struct Position {
  int x = 0;
  int y = 0;

  bool IsValid() const { return OnMap(x, y); }
  Position DirectionalOffset(Direction d) const { return {x + d.dx, y + d.dy}; }
  // The in-map 4-neighbours in the client's order: N, S, W, E.
  std::vector<Position> SurroundingCardinals() const;
  std::string Info() const;  // "(x, y)"

  friend Position operator+(Position a, Position b) {
    return {a.x + b.x, a.y + b.y};
  }
  friend Position operator-(Position a, Position b) {
    return {a.x - b.x, a.y - b.y};
  }
  friend bool operator==(Position a, Position b) {
    return a.x == b.x && a.y == b.y;
  }
  friend bool operator!=(Position a, Position b) { return !(a == b); }
  friend bool operator<(Position a, Position b) {
    return a.x != b.x ? a.x < b.x : a.y < b.y;
  }
};

// Building letters and command letters (colorfight §12 constants).
inline constexpr char kBldHome = 'h';
inline constexpr char kBldEnergyWell = 'e';
inline constexpr char kBldGoldMine = 'g';
inline constexpr char kBldFortress = 'f';

// A cell's building, with the Python client's derived values (§12).
struct BuildingView {
  Building kind = Building::kNone;
  int level = 1;

  std::string Name() const;  // empty, home, energy_well, gold_mine, fortress
  bool IsEmpty() const { return kind == Building::kNone; }
  bool IsHome() const { return kind == Building::kHome; }
  int MaxLevel() const { return IsEmpty() ? 0 : kMaxLevel; }
  bool CanUpgrade() const { return !IsEmpty() && level < MaxLevel(); }
  std::pair<int64_t, int64_t> Cost() const;    // (gold, energy) to build
  std::optional<int64_t> UpgradeGold() const;  // nullopt: can't upgrade
  std::optional<int64_t> UpgradeEnergy() const;
  int64_t DestroyGold() const;        // mine: 100/300/600, else 0
  int64_t DestroyForcefield() const;  // well: 100/300/600, else 0
};

struct MapCell {
  Position position;
  BuildingView building;
  int owner = 0;
  int64_t gold = 0;
  int64_t energy = 0;
  int64_t attack_cost = 0;
  int64_t force_field = 0;
  int64_t natural_gold = 0;
  int64_t natural_energy = 0;
  int64_t natural_cost = 0;

  bool IsEmpty() const { return building.IsEmpty(); }
  bool IsHome() const { return building.IsHome(); }
};

struct User {  // a frame user, as the client shows it
  int uid = 0;
  std::string username;
  int64_t energy = 0, gold = 0;
  bool dead = false;
  int64_t energy_source = 0, gold_source = 0;
  int tech_level = 0, tax_level = 0;
  int64_t tax_amount = 0;
  std::map<std::string, int64_t> building_number;
  int cell_number = 0;
  std::vector<Position> cells;  // the frame's order
};

class GameMap {
 public:
  int width() const { return kWidth; }
  int height() const { return kHeight; }
  const MapCell& operator[](Position p) const {
    return cells_[p.y * kWidth + p.x];
  }
  bool Contains(Position p) const { return p.IsValid(); }
  // Row-major (y outer, x inner), as get_cells().
  const std::vector<MapCell>& Cells() const { return cells_; }

 private:
  friend class Game;
  std::vector<MapCell> cells_;
};

// One turn as the bot sees it.
class Game {
 public:
  Game() = default;
  // The view of `frame` for the user `uid` (0: not registered).
  Game(const Frame& frame, int uid);

  int uid() const { return uid_; }
  int turn() const { return turn_; }
  const FrameInfo& info() const { return info_; }
  int max_turn() const { return static_cast<int>(info_.max_turn); }
  // The errors of the last update, by uid.
  const std::map<int, std::vector<std::string>>& error() const {
    return error_;
  }
  const GameMap& game_map() const { return game_map_; }
  const std::map<int, User>& users() const { return users_; }
  const User* me() const;  // nullptr until the bot is placed
  const State& state() const { return state_; }

 private:
  int uid_ = 0;
  int turn_ = 0;
  FrameInfo info_;
  std::map<int, std::vector<std::string>> error_;
  GameMap game_map_;
  std::map<int, User> users_;
  State state_ = State::Empty(0);
};

// The command builders of the client (they only format, §12).
std::string Attack(Position p, int64_t energy);  // "a x y E"
std::string Build(Position p, char letter);      // "b x y T"
std::string Upgrade(Position p);                 // "u x y"

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_GAME_H_
