// frame_state.cpp: FrameOf and StateOf (frame.h), a frame to and from the
// rules state (colorfight §3.2, §7).
#include <string>
#include <vector>

#include "sdk/colorfight/frame.h"
#include "sdk/colorfight/rules.h"

namespace wl::colorfight {
namespace {

Building BuildingOfLetter(char letter) {
  for (int b = 0; b < 5; ++b) {
    if (kFrameBuildingLetters[b] == letter) return static_cast<Building>(b);
  }
  return Building::kNone;
}

FrameCell FrameCellOf(const State& s, int i) {
  const Cell& c = s.cells[i];
  FrameCell f;
  f.attack_cost = AttackCost(s, i);
  f.force_field = c.force_field;
  f.building = kFrameBuildingLetters[static_cast<int>(c.building)];
  f.level = c.level;
  f.gold = GoldYield(s, i);
  f.energy = EnergyYield(s, i);
  f.owner = c.owner;
  f.natural_gold = c.natural_gold;
  f.natural_energy = c.natural_energy;
  f.natural_cost = c.natural_cost;
  return f;
}

FrameUser FrameUserOf(const UserState& u, const std::string& username) {
  FrameUser f;
  f.uid = u.uid;
  f.username = username;
  f.energy = u.energy;
  f.gold = u.gold;
  f.dead = u.dead;
  f.energy_source = u.energy_source;
  f.gold_source = u.gold_source;
  f.tech_level = u.tech_level;
  f.tax_level = u.tax_level;
  f.tax_amount = u.tax_amount;
  for (int k = 0; k < u.building_kinds; ++k) {
    const int kind = u.building_order[k];
    f.building_number.emplace_back(kFrameBuildingNames[kind],
                                   u.building_count[kind]);
  }
  f.cell_number = u.cell_number;
  return f;
}

// ParseFrame's bounds (frame.h) make every narrowing here exact and the
// home's stored energy free of overflow.
Cell CellOf(const FrameCell& f) {
  Cell c{};
  c.natural_cost = static_cast<int16_t>(f.natural_cost);
  c.force_field = static_cast<int16_t>(f.force_field);
  c.natural_gold = static_cast<int8_t>(f.natural_gold);
  c.natural_energy = static_cast<int8_t>(f.natural_energy);
  c.owner = static_cast<int8_t>(f.owner);
  c.building = BuildingOfLetter(f.building);
  c.level = static_cast<int8_t>(f.level);
  // §7: a home's cost is (1000 + stored + ff) * L.
  if (c.building == Building::kHome && f.level > 0) {
    c.home_energy = f.attack_cost / f.level - 1000 - f.force_field;
  }
  return c;
}

UserState UserStateOf(const FrameUser& f, bool building_home) {
  UserState u{};
  u.energy = f.energy;
  u.gold = f.gold;
  u.energy_source = f.energy_source;
  u.gold_source = f.gold_source;
  u.tax_amount = f.tax_amount;
  u.cell_number = static_cast<int32_t>(f.cell_number);
  u.tax_level = static_cast<int32_t>(f.tax_level);
  u.uid = static_cast<int8_t>(f.uid);
  u.tech_level = static_cast<int8_t>(f.tech_level);
  u.dead = f.dead;
  u.building_home = building_home;
  for (const auto& [name, count] : f.building_number) {
    for (int kind = 0; kind < kBuildingKinds; ++kind) {
      if (name != kFrameBuildingNames[kind] ||
          u.building_kinds >= kBuildingKinds) {
        continue;
      }
      u.building_count[kind] = static_cast<int16_t>(count);
      u.building_order[u.building_kinds++] = static_cast<int8_t>(kind);
    }
  }
  return u;
}

}  // namespace

Frame FrameOf(const State& state, const std::vector<std::string>& usernames) {
  Frame f;
  f.turn = state.turn;
  f.info.max_turn = state.max_turn;
  f.cells.resize(kCells);
  for (int i = 0; i < kCells; ++i) {
    f.cells[CellY(i) * kWidth + CellX(i)] = FrameCellOf(state, i);
  }
  for (int k = 0; k < state.num_users; ++k) {
    const size_t index = static_cast<size_t>(k);
    f.users.push_back(FrameUserOf(
        state.users[k], index < usernames.size() ? usernames[index] : ""));
  }
  // Each user's cells in scan order (x-major, §3.2, §6.3).
  for (int i = 0; i < kCells; ++i) {
    const int owner = state.cells[i].owner;
    if (owner <= 0 || owner > kMaxUsers) continue;
    const int k = state.index_of_uid[owner];
    if (k >= 0) f.users[k].cells.emplace_back(CellX(i), CellY(i));
  }
  return f;
}

State StateOf(const Frame& frame) {
  State s = State::Empty(static_cast<int>(frame.info.max_turn));
  s.turn = static_cast<int32_t>(frame.turn);
  if (frame.cells.size() == static_cast<size_t>(kCells)) {
    for (int i = 0; i < kCells; ++i) {
      s.cells[i] = CellOf(frame.cells[CellY(i) * kWidth + CellX(i)]);
    }
  }
  for (const FrameUser& u : frame.users) {
    if (u.uid < 1 || u.uid > kMaxUsers || s.index_of_uid[u.uid] >= 0 ||
        s.num_users >= kMaxUsers) {
      continue;  // never in a frame ParseFrame accepts
    }
    s.index_of_uid[u.uid] = s.num_users;
    s.users[s.num_users++] = UserStateOf(u, frame.turn == 0);
  }
  return s;
}

}  // namespace wl::colorfight
