// rules.h: the Colorfight II rules core (colorfight §5-§8), exact, on the
// value State of state.h. No allocation in an update.
//
//   State s = ...;                       // map_gen.h, or StateOf(frame)
//   PlaceUser(s, /*uid=*/1, CellIndex(10, 3));   // a register (§5.2)
//   Command mine[] = {Command::Attack(11, 3, 120)};
//   CommandList lists[kMaxUsers] = {{mine, 1}};  // per user, in users[] order
//   Update(s, lists);                    // one update (§6), turn t-1 -> t
//   int64_t cost = AttackCost(s, CellIndex(11, 3));
//
// Every quirk marked M in colorfight §11 is mirrored (negative attack
// energy, self-cancelling entries, costs <= 0, ...). With
// UpdateOptions::strict the core refuses them instead (an attack with
// E < 0 fails with kAttackEnergy); the default is the engine's behaviour.
// One divergence (§11.2): Python's unbounded ints are int64 here, so an
// attack with |E| >= 2^56, or one that would lift the attacker's energy
// to 2^56, fails with kAttackEnergy (see kAttackEnergyLimit).
//
// A cell's attack list is never stored: entries arrive in the engine's
// order (users in order, then their commands), so the scan only needs
// each cell's first largest entry and the sum of all entries (§6.3).
#ifndef WL_COLORFIGHT_RULES_H_
#define WL_COLORFIGHT_RULES_H_

#include <algorithm>
#include <cstdint>

#include "command.h"
#include "state.h"

namespace wl::colorfight {

// One user's command list for an update, in list order.
struct CommandList {
  const Command* commands = nullptr;
  int count = 0;
};

// Told of every command that fails, in execution order (§6.2): the user's
// index in State::users and the command's index in its list.
class FailureSink {
 public:
  virtual ~FailureSink() = default;
  virtual void Failed(int user_index, int command_index, Failure failure) = 0;
};

struct UpdateOptions {
  bool strict = false;  // refuse the M quirks of §11 instead of mirroring
};

// The gold refunds and well force-field bonus by level (colorfight §6.3
// capture table; DESTROY_BONUS of §12).
inline constexpr int64_t kDestroyBonus[kMaxLevel] = {100, 300, 600};

// Tax(k) of colorfight §6.7: 0 on the first 75 units, 1 each on the next
// 75, 2 each on the next 75, ...
inline int64_t Tax(int64_t k) {
  const int64_t q = k / 75, r = k % 75;
  return 75 * q * (q - 1) / 2 + r * q;
}

// Cell values (colorfight §7) as the frame shows them now.
inline int64_t AttackCost(const State& state, int cell) {
  const Cell& c = state.cells[cell];
  const int64_t base = c.natural_cost + c.force_field;
  switch (c.building) {
    case Building::kFort:
      return base * (1 + c.level);
    case Building::kHome:
      return (1000 + c.home_energy + c.force_field) * c.level;
    default:
      return base;
  }
}

inline int64_t GoldYield(const State& state, int cell) {
  const Cell& c = state.cells[cell];
  if (c.building == Building::kHome) return 10 * c.level;
  if (c.building == Building::kMine) return c.natural_gold * (1 + c.level);
  return c.natural_gold;
}

inline int64_t EnergyYield(const State& state, int cell) {
  const Cell& c = state.cells[cell];
  if (c.building == Building::kHome) return 10 * c.level;
  if (c.building == Building::kWell) return c.natural_energy * (1 + c.level);
  return c.natural_energy;
}

namespace rules_internal {

// A cell's attack list as the scan needs it (colorfight §6.3 step 2): the
// top entry (largest E, the earliest on ties) and the sum of all entries.
// Entries arrive in the list's own order (users in order, then commands in
// order), so keeping the first maximum keeps the earliest.
struct AttackTally {
  int64_t top_energy;
  int64_t total;
  int8_t top_uid;  // 0: no entry
};

struct Scratch {
  AttackTally attacks[kCells];
};

// Python ints are unbounded (colorfight §11.2); here an attack fails with
// kAttackEnergy unless |E| and the attacker's energy after it stay below
// kAttackEnergyLimit (2^56, ~7e16; the recordings stay below 10^6). Then
// no sum of an update can overflow: a user's entries sum to less than 2^57,
// all users' to less than 2^60, and net, cost and 2(net - cost) stay
// below 2^62.
inline constexpr int64_t kAttackEnergyLimit = int64_t{1} << 56;

inline bool EnergyWithinRange(int64_t energy, int64_t spend) {
  return spend > -kAttackEnergyLimit && spend < kAttackEnergyLimit &&
         energy - spend < kAttackEnergyLimit;
}

inline bool OwnsNeighbour(const State& s, int x, int y, int uid) {
  static constexpr int kDx[4] = {0, 0, -1, 1}, kDy[4] = {-1, 1, 0, 0};
  for (int d = 0; d < 4; ++d) {
    const int nx = x + kDx[d], ny = y + kDy[d];
    if (OnMap(nx, ny) && s.cells[CellIndex(nx, ny)].owner == uid) return true;
  }
  return false;
}

// An attack `a x y E` (§6.2): checks, then energy -= E and the entry.
inline Failure Attack(State& s, UserState& u, const Command& c,
                      Scratch& scratch, bool strict) {
  if (!OnMap(c.x, c.y)) return Failure::kAttackOffMap;
  if (c.energy > u.energy || (strict && c.energy < 0) ||
      !EnergyWithinRange(u.energy, c.energy)) {
    return Failure::kAttackEnergy;
  }
  const int x = static_cast<int>(c.x), y = static_cast<int>(c.y);
  if (!OwnsNeighbour(s, x, y, u.uid)) return Failure::kAttackNoNeighbour;
  u.energy -= c.energy;
  AttackTally& t = scratch.attacks[CellIndex(x, y)];
  if (t.top_uid == 0 || c.energy > t.top_energy) {
    t.top_energy = c.energy;
    t.top_uid = u.uid;
  }
  t.total += c.energy;
  return Failure::kNone;
}

inline Building BuildingOfLetter(char letter) {
  switch (letter) {
    case 'h':
      return Building::kHome;
    case 'e':
      return Building::kWell;
    case 'g':
      return Building::kMine;
    case 'f':
      return Building::kFort;
    default:
      return Building::kNone;
  }
}

// A build `b x y T` (§6.2). tech_level is the last update's; buildings
// placed earlier in this update are visible.
inline Failure Build(State& s, UserState& u, const Command& c) {
  if (!OnMap(c.x, c.y)) return Failure::kBuildOffMap;
  Cell& cell = s.cells[CellIndex(static_cast<int>(c.x), static_cast<int>(c.y))];
  if (cell.owner != u.uid) return Failure::kBuildNotOwn;
  if (cell.building != Building::kNone) return Failure::kBuildOccupied;
  const Building b = BuildingOfLetter(c.building);
  if (b == Building::kNone) return Failure::kBuildWrongType;
  const bool home = b == Building::kHome;
  const int64_t price = home ? 1000 : 200;
  if (u.gold < price) return Failure::kBuildGold;
  if (home && (u.tech_level != 0 || u.building_home)) {
    return Failure::kBuildOneHome;
  }
  if (!home && u.tech_level < 1) return Failure::kBuildNeedHome;
  cell.building = b;
  cell.level = 1;
  cell.home_energy = 0;
  u.gold -= price;
  if (home) u.building_home = true;
  return Failure::kNone;
}

// An upgrade `u x y` (§6.2): one level, checked against the current one.
inline Failure Upgrade(State& s, UserState& u, const Command& c) {
  if (!OnMap(c.x, c.y)) return Failure::kUpgradeOffMap;
  Cell& cell = s.cells[CellIndex(static_cast<int>(c.x), static_cast<int>(c.y))];
  if (cell.owner != u.uid) return Failure::kUpgradeNotOwn;
  if (cell.building == Building::kNone) return Failure::kUpgradeEmpty;
  if (cell.level >= kMaxLevel) return Failure::kUpgradeMaxLevel;
  const bool home = cell.building == Building::kHome;
  if (!home && cell.level >= u.tech_level) return Failure::kUpgradeTech;
  static constexpr int64_t kHomePrice[] = {1000, 2000};  // gold = energy
  static constexpr int64_t kOtherPrice[] = {400, 600};   // gold only
  const int64_t gold = (home ? kHomePrice : kOtherPrice)[cell.level - 1];
  const int64_t energy = home ? gold : 0;
  if (u.energy < energy) return Failure::kUpgradeEnergy;
  if (u.gold < gold) return Failure::kUpgradeGold;
  u.energy -= energy;
  u.gold -= gold;
  ++cell.level;
  return Failure::kNone;
}

// colorfight §6.2: every user's list, dead users included, in order.
inline void RunCommands(State& s, const CommandList* lists, Scratch& scratch,
                        FailureSink* failures, bool strict) {
  for (int i = 0; i < s.num_users && lists != nullptr; ++i) {
    UserState& u = s.users[i];
    for (int k = 0; k < lists[i].count; ++k) {
      const Command& c = lists[i].commands[k];
      Failure f = Failure::kInvalid;
      if (c.kind == CommandKind::kAttack) f = Attack(s, u, c, scratch, strict);
      if (c.kind == CommandKind::kBuild) f = Build(s, u, c);
      if (c.kind == CommandKind::kUpgrade) f = Upgrade(s, u, c);
      if (f != Failure::kNone && failures != nullptr) failures->Failed(i, k, f);
    }
  }
}

// A capture of `cell` by user A from V (colorfight §6.3 step 3); the
// caller has set the force field to 2(net - cost) and caps it after.
inline void Capture(State& s, Cell& cell, int64_t* force_field, int a_uid) {
  UserState* v = s.FindUser(cell.owner);
  UserState* a = s.FindUser(a_uid);
  const Building old = cell.building;
  const int64_t bonus = kDestroyBonus[cell.level - 1];
  cell.owner = static_cast<int8_t>(a_uid);
  cell.building = Building::kNone;
  cell.level = 1;
  cell.home_energy = 0;
  if (old == Building::kHome && v != nullptr) {
    // int(V.gold / 3): a float division, then truncation toward zero
    // (exact for |gold| < 2^53).
    const auto stolen =
        static_cast<int64_t>(static_cast<double>(v->gold) / 3.0);
    v->gold -= stolen;
    if (a != nullptr) a->gold += stolen;
  } else if (old == Building::kWell) {
    *force_field += bonus;
    if (v != nullptr) v->gold += bonus;
  } else if (old == Building::kMine) {
    if (a != nullptr) a->gold += bonus;
    if (v != nullptr) v->gold += bonus;
  } else if (old == Building::kFort && v != nullptr) {
    v->gold += bonus;
  }
}

// The owner's accounting of one scanned cell (colorfight §6.3 step 4).
inline void Account(State& s, int index) {
  Cell& cell = s.cells[index];
  UserState* u = s.FindUser(cell.owner);
  if (u == nullptr) {
    cell.owner = 0;
    return;
  }
  ++u->cell_number;
  u->gold_source += GoldYield(s, index);
  u->energy_source += EnergyYield(s, index);
  if (cell.building == Building::kNone) return;
  if (cell.building == Building::kHome) {
    u->tech_level = std::max(u->tech_level, cell.level);
  }
  const int kind = static_cast<int>(cell.building) - 1;
  if (u->building_count[kind]++ == 0) {
    u->building_order[u->building_kinds++] = static_cast<int8_t>(kind);
  }
}

// colorfight §6.3: the resolution scan, x outer, y inner.
inline void Scan(State& s, const Scratch& scratch) {
  for (int i = 0; i < s.num_users; ++i) {
    UserState& u = s.users[i];
    u.cell_number = 0;
    u.energy_source = u.gold_source = 0;
    u.tech_level = 0;
    u.building_kinds = 0;
    for (int16_t& n : u.building_count) n = 0;
  }
  for (int index = 0; index < kCells; ++index) {
    Cell& cell = s.cells[index];
    if (cell.building == Building::kHome) {
      const UserState* owner = s.FindUser(cell.owner);
      if (owner != nullptr) cell.home_energy = owner->energy;
    }
    const AttackTally& t = scratch.attacks[index];
    if (t.top_uid != 0) {
      const int64_t net = 2 * t.top_energy - t.total;
      const int64_t cost = AttackCost(s, index);
      if (net >= cost) {
        int64_t ff = 2 * (net - cost);
        if (t.top_uid != cell.owner) Capture(s, cell, &ff, t.top_uid);
        cell.force_field = static_cast<int16_t>(std::min<int64_t>(1000, ff));
      }
    }
    Account(s, index);
  }
}

// colorfight §6.5: a user without a home loses its other buildings.
inline void RemoveHomelessBuildings(State& s) {
  for (Cell& cell : s.cells) {
    const UserState* u = s.FindUser(cell.owner);
    if (u != nullptr && u->tech_level == 0 &&
        cell.building != Building::kNone) {
      cell.building = Building::kNone;
      cell.level = 1;
    }
  }
}

// colorfight §6.6: every owned cell's force field from its neighbours and
// its own fort. Depends only on owners and buildings: done in place.
inline void ApplyForceFields(State& s) {
  static constexpr int kDx[4] = {0, 0, -1, 1}, kDy[4] = {-1, 1, 0, 0};
  for (int x = 0; x < kWidth; ++x) {
    for (int y = 0; y < kHeight; ++y) {
      Cell& c = s.cells[CellIndex(x, y)];
      if (c.owner == 0) continue;
      int ff = c.force_field;
      for (int d = 0; d < 4; ++d) {
        const int nx = x + kDx[d], ny = y + kDy[d];
        if (!OnMap(nx, ny)) continue;
        const Cell& n = s.cells[CellIndex(nx, ny)];
        if (n.owner == 0) continue;
        const bool fort = n.building == Building::kFort;
        if (n.owner != c.owner) ff -= fort ? 6 + 10 * n.level : 5;
        if (n.owner == c.owner) ff += fort ? 2 + 2 * n.level : 2;
      }
      if (c.building == Building::kFort) ff += 4 * c.level;
      c.force_field = static_cast<int16_t>(std::clamp(ff, 0, 1000));
    }
  }
}

// colorfight §6.7: income, tax and death, user by user.
inline void CollectIncome(State& s) {
  for (int i = 0; i < s.num_users; ++i) {
    UserState& u = s.users[i];
    u.building_home = false;
    const int64_t n = u.cell_number;
    const int64_t w = u.building_count[static_cast<int>(Building::kWell) - 1] +
                      u.building_count[static_cast<int>(Building::kMine) - 1];
    u.tax_level = static_cast<int32_t>(n / 100);
    u.tax_amount = Tax(n) + Tax(w);
    u.energy += u.energy_source - u.tax_amount;
    u.gold += u.gold_source - u.tax_amount;
    if (n == 0) u.dead = true;
  }
}

}  // namespace rules_internal

// One update (colorfight §6.1-§6.7): commands of every user (dead ones
// included) in registration and list order with running balances, the
// resolution scan, home loss, force field, income, tax and death; then
// turn + 1. `lists` holds State::num_users entries (nullptr: no commands).
inline void Update(State& state, const CommandList* lists,
                   FailureSink* failures = nullptr,
                   UpdateOptions options = {}) {
  ++state.turn;  // §6.1
  rules_internal::Scratch scratch{};
  rules_internal::RunCommands(state, lists, scratch, failures, options.strict);
  rules_internal::Scan(state, scratch);
  rules_internal::RemoveHomelessBuildings(state);
  rules_internal::ApplyForceFields(state);
  rules_internal::CollectIncome(state);
}

// A new user (colorfight §5.2) with this uid on this (unowned) cell:
// energy 1000, gold 0, a level-1 home (force field untouched), appended to
// the user order. The room chooses the uid and the start cell (§5.1 step
// 7). Nothing happens when the uid is taken or out of range, or the room
// holds kMaxUsers users.
inline void PlaceUser(State& state, int uid, int cell) {
  if (uid <= 0 || uid > kMaxUsers || state.index_of_uid[uid] >= 0 ||
      state.num_users >= kMaxUsers) {
    return;
  }
  UserState u{};
  u.uid = static_cast<int8_t>(uid);
  u.energy = 1000;
  u.energy_source = u.gold_source = 10;
  u.tech_level = 1;
  u.cell_number = 1;
  u.building_home = true;
  state.index_of_uid[uid] = state.num_users;
  state.users[state.num_users++] = u;
  Cell& c = state.cells[cell];
  c.owner = static_cast<int8_t>(uid);
  c.building = Building::kHome;
  c.level = 1;
  c.home_energy = 0;
}

// A disconnect at turn 0 (colorfight §5.4): the user is removed and each
// of its cells cleared. Does nothing at turn > 0 or for an unknown uid.
inline void RemoveUser(State& state, int uid) {
  if (state.turn != 0 || state.FindUser(uid) == nullptr) return;
  for (Cell& c : state.cells) {
    if (c.owner != uid) continue;
    c.owner = 0;
    c.building = Building::kNone;
    c.level = 1;
    c.force_field = 0;
    c.home_energy = 0;
  }
  const int index = state.index_of_uid[uid];
  for (int i = index; i + 1 < state.num_users; ++i) {
    state.users[i] = state.users[i + 1];
  }
  --state.num_users;
  for (int8_t& k : state.index_of_uid) k = -1;
  for (int i = 0; i < state.num_users; ++i) {
    state.index_of_uid[state.users[i].uid] = static_cast<int8_t>(i);
  }
}

// The users' indexes in State::users ranked by gold, descending, ties in
// registration order (colorfight §8); returns num_users.
inline int RankByGold(const State& state, int8_t ranking[kMaxUsers]) {
  const int n = state.num_users;
  for (int i = 0; i < n; ++i) {
    int j = i;  // a stable insertion sort
    for (; j > 0 && state.users[ranking[j - 1]].gold < state.users[i].gold;
         --j) {
      ranking[j] = ranking[j - 1];
    }
    ranking[j] = static_cast<int8_t>(i);
  }
  return n;
}

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_RULES_H_
