// command.h: one entry of a command list, typed (colorfight §6.2), and the
// reasons a command fails, with the engine's texts.
//
// The rules core (rules.h) executes typed Commands and never allocates;
// text comes in and out here, at the edges:
//
//   wl::colorfight::ParsedCommand p = wl::colorfight::ParseCommand("a 3 4
//   120");
//   // p.command.kind == CommandKind::kAttack, x 3, y 4, energy 120
//   ParseCommand("a 3");          // kInvalid, p.error ==
//                                 // "a 3 is a wrong command, list index out of
//                                 range"
//   FailureText("u 1 1", Failure::kUpgradeEmpty)
//                                 // "u 1 1 failed, You can not upgrade empty
//                                 cell."
//   Command::Attack(3, 4, 120);   // what bots searching the core build
//
// Parsing is Python's, as the engine does it (§6.2): str.split() on runs of
// Unicode whitespace, int() with signs, underscores, leading zeros and any
// Unicode decimal digits; extra tokens ignored. Values beyond +-2^62 are
// clamped to +-2^62 (colorfight §11.2: off the map as a coordinate, more
// than anyone's energy as an attack).
#ifndef WL_COLORFIGHT_COMMAND_H_
#define WL_COLORFIGHT_COMMAND_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace wl::colorfight {

enum class CommandKind : int8_t { kAttack, kBuild, kUpgrade, kInvalid };

struct Command {
  CommandKind kind = CommandKind::kInvalid;
  // For kBuild: 'h', 'e', 'g' or 'f'; 0 for any other T (fails with "Not a
  // correct building" at its turn in the checks, §6.2).
  char building = 0;
  int64_t x = 0;
  int64_t y = 0;
  int64_t energy = 0;  // kAttack: E, maybe negative (colorfight §11.1)

  static Command Attack(int64_t x, int64_t y, int64_t energy) {
    return {CommandKind::kAttack, 0, x, y, energy};
  }
  static Command Build(int64_t x, int64_t y, char letter) {
    return {CommandKind::kBuild, letter, x, y, 0};
  }
  static Command Upgrade(int64_t x, int64_t y) {
    return {CommandKind::kUpgrade, 0, x, y, 0};
  }
};

struct ParsedCommand {
  Command command;    // kInvalid when the text is not a command
  std::string error;  // then the whole error entry (§6.2 steps 1-4)
};

// Parses one command string (the JSON string's value, UTF-8).
ParsedCommand ParseCommand(std::string_view text);

// Why a parsed command failed when executed (colorfight §6.2 tables).
enum class Failure : int8_t {
  kNone,
  kInvalid,       // a kInvalid command: its ParsedCommand::error is the entry
  kAttackOffMap,  // Attack position is not in the map
  kAttackEnergy,  // Do not have enough energy to attack
  kAttackNoNeighbour,  // No valid surrounding cell to attack
  kBuildOffMap,        // Build position is not in the map
  kBuildNotOwn,        // You need to build on your own cell
  kBuildOccupied,      // There is a building on this cell already
  kBuildWrongType,     // Not a correct building
  kBuildGold,          // Not enough gold
  kBuildOneHome,       // You can only have one home
  kBuildNeedHome,      // You need to have a home before build other buildings
  kUpgradeOffMap,      // Upgrade position is not in the map
  kUpgradeNotOwn,      // You need to upgrade on your own cell
  kUpgradeEmpty,       // You can not upgrade empty cell
  kUpgradeMaxLevel,    // Level is already at maximum
  kUpgradeTech,        // You need to upgrade home first
  kUpgradeEnergy,      // Not enough energy
  kUpgradeGold,        // Not enough gold
};

// The reason's text as the engine words it, without the final period.
const char* FailureReason(Failure failure);

// The error entry of a command that parsed but failed:
// "<text> failed, <reason>." (§6.2 step 7).
std::string FailureText(std::string_view text, Failure failure);

}  // namespace wl::colorfight

#endif  // WL_COLORFIGHT_COMMAND_H_
