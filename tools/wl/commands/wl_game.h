// wl_game.h: the Warlight family as a GameAdapter (common/game.h), for the
// shared arena, profile and bench, and for `warlight match`: its flags (--rules
// wl2|wl1|dingle, --starts for Dingle, --timebank, --time-per-move, --regions),
// its maps (official JSON files, or generated from the game's seed; WL1 and
// Dingle play their built-in earth map), its bots (bots/ folders in process
// through the registry, or any command as a process) and its game folders
// (dumps, replay, map.json, result.json, replay.html; Dingle's trace.jsonl).
//
// Which flags go together (CheckFlags, one line each otherwise):
//   wl2     --timebank, --time-per-move, --regions; --maps or generated maps
//   wl1     none of them: 2000 ms per request, no bank (wl1 §10), and its
//           fixed earth map (wl1 §2): no --regions, no --maps
//   dingle  --starts default|warlords|manual (dingle §3); 60000 ms per
//           decision, no bank (dingle §11): no --timebank or
//           --time-per-move; its fixed earth map (dingle §2): no
//           --regions, no --maps
//
//   WlGame game;                        // bots/ folders in process
//   Flags flags("arena", "BOT BOT...", "...");
//   game.DeclareFlags(flags);
//   ... parse; if (std::string e = game.CheckFlags(); !e.empty()) ...
//   return ArenaMain(game, argc, argv);
//
// `warlight match` plays one game on the same flags, every bot a process:
//   GameSetup setup;  ... setup.force_processes = true;
//   absl::StatusOr<std::unique_ptr<WlPlayedGame>> played =
//       game.PlayOn(setup, *LoadRulesMap(game.rules(), ...));
//
// Tests give their own bots in process:
//   WlGame game([](const std::string& bot, uint64_t seed) { ... },
//               [](const std::string& bot) { return true; });
#ifndef WL_TOOLS_WL_COMMANDS_WL_GAME_H_
#define WL_TOOLS_WL_COMMANDS_WL_GAME_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bot.h"
#include "common/game.h"
#include "rule_set.h"
#include "wl/engine.h"
#include "wl/game_files.h"

namespace wl::tools {

// A finished Warlight game: the engine's record and the map it was played
// on (PlayedGame's fields hold what the shared tools keep of it).
class WlPlayedGame : public PlayedGame {
 public:
  // `map_name`: what result.json says of the map (a map file, "generated
  // (seed 42, 60 regions)" or the rule set's earth map, "wl1-earth");
  // `starts`: Dingle's (--starts), "" for the other rule sets.
  WlPlayedGame(GameRecord record, std::string map_json, std::string map_name,
               GameSetup setup, RuleSet rules = RuleSet::kWl2,
               std::string starts = "");

  // Dumps, replay.txt, map.json, result.json, replay.html (when the replay
  // was recorded); Dingle's trace.jsonl.
  absl::Status WriteFiles(const std::string& dir,
                          const std::string& command) const override;
  // result.json (one line): the map's name, the rule set (and Dingle's
  // starts), the seats' bots as given and `command`, the tool that played.
  std::string ResultJson(const std::string& command) const;
  // The replay's text (its three histories, spec section 11).
  std::string Transcript() const override { return record_.replay; }

  const GameRecord& record() const { return record_; }
  const std::string& map_json() const { return map_json_; }

 private:
  GameRecord record_;
  std::string map_json_;
  std::string map_name_;
  GameSetup setup_;
  RuleSet rules_;
  std::string starts_;
};

// WriteGameFolder (game_files.h) plus replay.html, the page to watch the
// game in a browser, when the replay was recorded: the folder `warlight
// match` writes and the arena keeps.
absl::Status WriteGameFolderWithPage(const std::string& dir,
                                     const GameRecord& record,
                                     const std::string& map_json,
                                     const std::string& result_json);

class WlGame : public GameAdapter {
 public:
  using BotFactory =
      std::function<std::unique_ptr<Bot>(const std::string&, uint64_t)>;
  using InProcessTest = std::function<bool(const std::string&)>;

  // The bots of bots/ play in process (builtin_bots.h).
  WlGame();
  // `in_process` says which bots `make_bot` makes.
  WlGame(BotFactory make_bot, InProcessTest in_process);

  // "warlight2", "warlight1", "dingle".
  std::string Name() const override;
  void DeclareFlags(Flags& flags) override;
  std::string CheckFlags() const override;
  // WL2: --timebank, --time-per-move, --regions, as before rule sets (so
  // the results files of WL2 runs stay resumable); WL1: --rules; Dingle:
  // --rules, --starts.
  std::vector<GameSetting> Settings() const override;
  // "generated"; WL1 and Dingle: their earth map, "wl1-earth" or
  // "dingle-earth".
  std::string DefaultMap() const override;
  // WL1 and Dingle: an error (they play their earth map).
  absl::StatusOr<std::vector<std::string>> ListMaps(
      const std::string& dir) const override;
  bool PlaysInProcess(const std::string& bot) const override;
  absl::Status CheckBot(const std::string& bot) const override;
  std::string BotIdentity(const std::string& bot,
                          bool in_process) const override;
  // LoadRulesMap(rules(), setup.map, setup.seed, regions()), then PlayOn.
  absl::StatusOr<std::unique_ptr<PlayedGame>> Play(
      const GameSetup& setup) const override;
  // Plays on `map`, the map of setup.map as Play loads it: what `warlight
  // match` calls after checking the map, before any bot starts. Bots of
  // bots/ play in process unless setup.force_processes; a process that
  // cannot start is an error, "cannot start BOT: why".
  absl::StatusOr<std::unique_ptr<WlPlayedGame>> PlayOn(const GameSetup& setup,
                                                       GameMap map) const;
  // Spec section 9: the first bank, then at most min(time per move, bank)
  // more per request; WL1: 2000 ms per request (wl1 §10.1); Dingle: 60000
  // ms per decision (dingle §11).
  int64_t TimeAvailableMs(int64_t requests) const override;
  // The official time bank and time per move; WL1 and Dingle always.
  bool OfficialRules() const override;
  // "pick", "place", "attack" (timing_seat.h).
  std::vector<std::string> RequestKinds() const override;
  // A bot of bots/ in process: what it declares as a wl::Tunable; any
  // other: its answer to `COMMAND --list-params` (common/bot_params.h). A
  // seat's SeatSetup::params are set on the in-process bot (clamped to
  // their bounds), or given to its process as --param NAME=VALUE flags.
  absl::StatusOr<std::vector<wl::Param>> BotParams(
      const std::string& bot) const override;
  // How long a bot process may take to answer --list-params (tests).
  void set_list_params_deadline(std::chrono::milliseconds deadline) {
    list_params_deadline_ = deadline;
  }

  // The time rules and the regions of generated maps (0: varied), as the
  // flags set them.
  const TimeRules& time() const { return time_; }
  void set_time(const TimeRules& time) { time_ = time; }
  int64_t regions() const { return regions_; }
  void set_regions(int64_t regions) { regions_ = regions; }
  // The rule set (--rules; WL2 until CheckFlags accepted the name) and
  // Dingle's starts (--starts).
  RuleSet rules() const {
    return ParseRuleSet(rules_name_).value_or(RuleSet::kWl2);
  }
  void set_rules(RuleSet rules) {
    rules_name_ = std::string(RuleSetName(rules));
  }
  // "default", "warlords" or "manual" (dingle §3).
  void set_starts(const std::string& starts) { starts_ = starts; }
  // How a game is played under the flags (engine.h).
  GameOptions Options(bool record_replay) const;

 private:
  // --starts as given, "" when not; Dingle's starts ("default" when none).
  std::string StartsName() const;

  TimeRules time_;
  int64_t regions_ = 0;
  std::string rules_name_ = "wl2";  // --rules as given
  std::string starts_;
  BotFactory make_bot_;
  InProcessTest in_process_;
  std::chrono::milliseconds list_params_deadline_{10000};
};

}  // namespace wl::tools

#endif  // WL_TOOLS_WL_COMMANDS_WL_GAME_H_
