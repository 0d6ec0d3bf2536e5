// game.cpp: the bot's view of a frame (game.h), shaped like the official
// Python client (colorfight §12).
#include "sdk/colorfight/game.h"

#include <array>

namespace wl::colorfight {
namespace {

// colorfight §12 constants, (gold, energy).
constexpr std::pair<int64_t, int64_t> kBuildingCost{200, 0};
constexpr std::pair<int64_t, int64_t> kHomeCost{1000, 0};
constexpr std::array<std::pair<int64_t, int64_t>, 2> kBuildingUpgradeCost{
    {{400, 0}, {600, 0}}};
constexpr std::array<std::pair<int64_t, int64_t>, 2> kHomeUpgradeCost{
    {{1000, 1000}, {2000, 2000}}};
constexpr std::array<int64_t, 3> kDestroyBonus{100, 300, 600};

// The client maps a frame letter to a class; an unknown letter is Empty.
Building KindOfLetter(char letter) {
  switch (letter) {
    case kBldHome:
      return Building::kHome;
    case kBldEnergyWell:
      return Building::kWell;
    case kBldGoldMine:
      return Building::kMine;
    case kBldFortress:
      return Building::kFort;
    default:
      return Building::kNone;
  }
}

// DESTROY_BONUS[level - 1], 0 outside 1..3.
int64_t DestroyBonus(int level) {
  return level >= 1 && level <= 3 ? kDestroyBonus[level - 1] : 0;
}

// The upgrade price of `b` as (gold, energy), nullopt when it can't.
std::optional<std::pair<int64_t, int64_t>> UpgradeCost(const BuildingView& b) {
  if (!b.CanUpgrade() || b.level < 1) return std::nullopt;
  return b.IsHome() ? kHomeUpgradeCost[b.level - 1]
                    : kBuildingUpgradeCost[b.level - 1];
}

MapCell CellOf(const FrameCell& c, int x, int y) {
  MapCell cell;
  cell.position = {x, y};
  cell.building.kind = KindOfLetter(c.building);
  cell.building.level = static_cast<int>(c.level);
  cell.owner = static_cast<int>(c.owner);
  cell.gold = c.gold;
  cell.energy = c.energy;
  cell.attack_cost = c.attack_cost;
  cell.force_field = c.force_field;
  cell.natural_gold = c.natural_gold;
  cell.natural_energy = c.natural_energy;
  cell.natural_cost = c.natural_cost;
  return cell;
}

User UserOf(const FrameUser& u) {
  User user;
  user.uid = static_cast<int>(u.uid);
  user.username = u.username;
  user.energy = u.energy;
  user.gold = u.gold;
  user.dead = u.dead;
  user.energy_source = u.energy_source;
  user.gold_source = u.gold_source;
  user.tech_level = static_cast<int>(u.tech_level);
  user.tax_level = static_cast<int>(u.tax_level);
  user.tax_amount = u.tax_amount;
  for (const auto& [name, count] : u.building_number) {
    user.building_number[name] = count;
  }
  user.cell_number = static_cast<int>(u.cell_number);
  user.cells.reserve(u.cells.size());
  for (const auto& [x, y] : u.cells) user.cells.push_back({x, y});
  return user;
}

}  // namespace

std::vector<Position> Position::SurroundingCardinals() const {
  std::vector<Position> out;
  out.reserve(4);
  for (Direction d : {Direction::North(), Direction::South(), Direction::West(),
                      Direction::East()}) {
    const Position p = DirectionalOffset(d);
    if (p.IsValid()) out.push_back(p);
  }
  return out;
}

std::string Position::Info() const {
  return "(" + std::to_string(x) + ", " + std::to_string(y) + ")";
}

std::string BuildingView::Name() const {
  switch (kind) {
    case Building::kHome:
      return "home";
    case Building::kWell:
      return "energy_well";
    case Building::kMine:
      return "gold_mine";
    case Building::kFort:
      return "fortress";
    case Building::kNone:
      break;
  }
  return "empty";
}

std::pair<int64_t, int64_t> BuildingView::Cost() const {
  if (IsEmpty()) return {0, 0};
  return IsHome() ? kHomeCost : kBuildingCost;
}

std::optional<int64_t> BuildingView::UpgradeGold() const {
  const auto cost = UpgradeCost(*this);
  if (!cost) return std::nullopt;
  return cost->first;
}

std::optional<int64_t> BuildingView::UpgradeEnergy() const {
  const auto cost = UpgradeCost(*this);
  if (!cost) return std::nullopt;
  return cost->second;
}

int64_t BuildingView::DestroyGold() const {
  return kind == Building::kMine ? DestroyBonus(level) : 0;
}

int64_t BuildingView::DestroyForcefield() const {
  return kind == Building::kWell ? DestroyBonus(level) : 0;
}

Game::Game(const Frame& frame, int uid)
    : uid_(uid),
      turn_(static_cast<int>(frame.turn)),
      info_(frame.info),
      state_(StateOf(frame)) {
  for (const auto& [key, messages] : frame.error) {
    error_[static_cast<int>(key)] = messages;
  }
  game_map_.cells_.reserve(kCells);
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      // A frame without a map (never one ParseFrame gives) shows empty cells.
      const bool has_map = frame.cells.size() == kCells;
      game_map_.cells_.push_back(
          CellOf(has_map ? frame.Cell(x, y) : FrameCell{}, x, y));
    }
  }
  for (const FrameUser& u : frame.users) {
    users_[static_cast<int>(u.uid)] = UserOf(u);
  }
}

const User* Game::me() const {
  const auto it = users_.find(uid_);
  return it == users_.end() ? nullptr : &it->second;
}

std::string Attack(Position p, int64_t energy) {
  return "a " + std::to_string(p.x) + " " + std::to_string(p.y) + " " +
         std::to_string(energy);
}

std::string Build(Position p, char letter) {
  return "b " + std::to_string(p.x) + " " + std::to_string(p.y) + " " +
         std::string(1, letter);
}

std::string Upgrade(Position p) {
  return "u " + std::to_string(p.x) + " " + std::to_string(p.y);
}

}  // namespace wl::colorfight
