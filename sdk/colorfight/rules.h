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
#ifndef WL_COLORFIGHT_RULES_H_
#define WL_COLORFIGHT_RULES_H_

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

// One update (colorfight §6.1-§6.7): commands of every user (dead ones
// included) in registration and list order with running balances, the
// resolution scan, home loss, force field, income, tax and death; then
// turn + 1. `lists` holds State::num_users entries (nullptr: no commands).
void Update(State& state, const CommandList* lists,
            FailureSink* failures = nullptr, UpdateOptions options = {});

// Cell values (colorfight §7) as the frame shows them now.
int64_t AttackCost(const State& state, int cell);
int64_t GoldYield(const State& state, int cell);
int64_t EnergyYield(const State& state, int cell);

// Tax(k) of colorfight §6.7.
int64_t Tax(int64_t k);

// A new user (colorfight §5.2) with this uid on this (unowned) cell:
// energy 1000, gold 0, a level-1 home, appended to the user order. The
// room chooses the uid and the start cell (§5.1 step 7).
void PlaceUser(State& state, int uid, int cell);

// A disconnect at turn 0 (colorfight §5.4): the user is removed and each
// of its cells cleared. Does nothing at turn > 0 or for an unknown uid.
void RemoveUser(State& state, int uid);

// The users' indexes in State::users ranked by gold, descending, ties in
// registration order (colorfight §8); returns num_users.
int RankByGold(const State& state, int8_t ranking[kMaxUsers]);

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_RULES_H_
